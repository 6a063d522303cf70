"""Answer extraction: what answer a reply gives, under a strict per-format protocol.

Extraction never guesses. It returns one of six statuses:

- ``ok``: exactly one answer was found;
- ``ambiguous``: more than one distinct candidate answer, e.g. "C or D" (the solver
  resubmits once);
- ``none``: no answer in the required form (scored ``parse_failed``, excluded, disclosed);
- ``declined``: an explicit decline (the word DECLINE, or ``"decline": true`` in JSON);
- ``refused``: no answer, and the reply says it will not or cannot give one ("I'm sorry, I
  can't help with that", "I cannot provide medical advice"): see :func:`is_refusal`;
- ``contradictory``: an exact-answer reply that sets ``"decline": true`` and fills an
  answer field too (neither is taken; excluded and disclosed).

Protocol per format:

- MCQ: an explicit ``ANSWER: X`` mark wins (with every option it offers: "Answer: C or D"
  is ambiguous); a reply that is one letter alone, in either case, with option punctuation
  or none (``c``, ``b)``, ``(b)``, ``b.``, ``**B**``) is that letter; otherwise every
  stand-alone capital letter that is a valid option, and every lower-case letter written
  as an option (``b)`` or ``(b)`` anywhere, ``b.`` opening a line, ``option c``), in
  order: one distinct letter is the answer, several are ambiguous. A sentence-opening
  article "A ..." and a lower-case "a" in prose are words, not options.
  An MCQ asked with its options as words (``answer_form: word``) is read as the word
  (``extract_option_word``).
- TF: an explicit ``ANSWER: true|false`` mark wins; otherwise the first "true" or "false"
  (a negated one, "not true", or a hedged one, "cannot say whether it is true", makes the
  reply ambiguous rather than being read as an answer). The reading ``first_occurrence``
  (an item's ``metadata["tf_reading"]``) is AudiologyBench's published rule instead: the
  first "true" or "false" in the reply, in any case, is the answer, whatever follows it.
- FIB: the span between double square brackets ``[[...]]`` (or an ``ANSWER:`` line); with
  none, the decline word written into the blank (in capitals, or bold) is a decline.
- SA: the whole reply, stripped.
- exact: a JSON object (bare, fenced, or wrapped in prose) validated against the item's
  fields; forced-choice values must be in the published option set. Only strict JSON counts
  (no repeated keys, no NaN/Infinity, at most ``strict_json.MAX_DEPTH`` levels deep).

A reply is untrusted input: every rule here runs in time linear in the reply's length, and a
reply that cannot be read is ``none`` with a reason, never an exception.
"""

from __future__ import annotations

import bisect
import json
import re
import weakref
from dataclasses import dataclass, field
from typing import Any, Literal

from clinbench import strict_json
from clinbench.items.model import (
    AudioItem,
    CaseItem,
    ExactItem,
    FIBItem,
    Item,
    MCQItem,
    SAItem,
    TFItem,
    unit_stripped,
)
from clinbench.items.normalise import matches_key
from clinbench.items.sample import DECLINE_WORD, TF_READING, asks_for_word

Status = Literal["ok", "ambiguous", "none", "declined", "refused", "contradictory"]


@dataclass
class Extraction:
    """The answer a reply gives (or why none could be taken from it)."""

    status: Status
    answer: Any = None
    candidates: list[Any] = field(default_factory=list)
    reason: str = ""
    # where an answer given outside the form asked for was read ("prose": a chain-of-thought
    # reply with no ANSWER: line whose reasoning ends in one offered label); "" otherwise
    read_from: str = ""


# Every pattern below runs on untrusted replies: possessive quantifiers (``*+``) and anchored
# searches keep each one linear in the reply's length (no backtracking over long runs).
_MARKED_LETTER = re.compile(
    r"\banswer\b\**+\s*+(?:is\s*+)?[:\-–]?\**+\s*+(?:option\s*+)?\(?\*{0,2}([A-Za-z])\*{0,2}\)?"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
_STANDALONE_LETTER = re.compile(r"(?<![A-Za-z0-9'])\(?([A-Z])\)?(?![A-Za-z0-9'])")
# A lower-case letter is an option only when written as one: "b)" or "(b)" anywhere, "b." at
# the start of a line (a lettered list), after the word "option" ("option c"), or alone as
# the whole reply (_LONE_LETTER).
_LOWER_OPTION = re.compile(
    r"(?<![A-Za-z0-9'])(?:\(([a-z])\)|([a-z])\))(?![A-Za-z0-9'])|^[^\S\n]*+([a-z])\.(?!\S)"
    r"|\b(?i:option)[^\S\n]++([a-z])(?![A-Za-z0-9'])",
    re.MULTILINE,
)
_LONE_LETTER = re.compile(r"[\s*(\[]*+([A-Za-z])[\s*)\].:]*+")
# Further options offered right after a marked one: "Answer: C or D", "Answer: B/C".
_ALTERNATIVE = re.compile(
    r"\**+\)?\s*+(?i:or|and|/|&)\s*+(?i:option\s*+)?\**+(?:\(([A-Za-z])\)|([A-Z])\)?)\**+"
    r"(?![A-Za-z0-9'])"
)
_FOLLOWING_WORD = re.compile(r"\s+([a-z][a-z']*)")
_MARKED_TF = re.compile(
    r"\banswer\b\**+\s*+(?:is\s*+)?[:\-–]?\**+\s*+(true|false)\b", re.IGNORECASE
)
_TF_WORD = re.compile(r"\b(true|false)\b", re.IGNORECASE)
_ANSWER_LINE = re.compile(
    r"^[^\S\n]*+\**+answer\**+\s*+[:\-–]\s*+(.+)$", re.IGNORECASE | re.MULTILINE
)
_TOKEN = re.compile(r"\S+")
MAX_CANDIDATES = 10  # candidates kept (and shown in a resubmission); the count is in the reason


def is_decline(reply: str) -> bool:
    """Return True when the whole reply is the decline word (any case, trailing dot allowed)."""
    return reply.strip().rstrip(".!").strip().strip("*").upper() == DECLINE_WORD


# A refusal says the model will not or cannot answer: "I'm sorry, I can't help with that",
# "I cannot provide medical advice", "I'm unable to assist", "As an AI, I won't diagnose".
# It is read only when the format's own rule found no answer in the reply (a disclaimer
# followed by an answer is that answer).
_REFUSAL = re.compile(
    r"\b(?:I|we)\s*+(?:cannot|can\s*+not|can[’']t|won[’']t|will\s++not|must\s++decline\s++to|"
    r"(?:am|[’']m|are|[’']re)\s++(?:unable|not\s++able|not\s++permitted|not\s++allowed)\s++to)"
    r"\s++(?:\w++\s++){0,2}?(?:help|assist|answer|provide|give|offer|transcribe|assess|"
    r"diagnose|comply|respond|evaluate|determine|interpret|analy[sz]e|listen|hear|process|"
    r"access|make|support|do\s++that)\b",
    re.IGNORECASE,
)


def is_refusal(reply: str) -> bool:
    """Return True when a reply says it will not or cannot answer (see ``_REFUSAL``)."""
    return _REFUSAL.search(reply) is not None


def _distinct(values: list[Any]) -> list[Any]:
    """Return the values without repeats, in first-seen order (linear: hashed, not compared)."""
    seen: dict[Any, Any] = {}
    for value in values:
        key = json.dumps(value, sort_keys=True) if isinstance(value, dict) else value
        seen.setdefault(key, value)
    return list(seen.values())


def _decide(candidates: list[Any], what: str) -> Extraction:
    candidates = _distinct(candidates)
    if not candidates:
        return Extraction("none", reason=f"no {what} found in the reply")
    if len(candidates) > 1:
        reason = f"more than one {what}"
        if len(candidates) > MAX_CANDIDATES:
            reason += f" ({len(candidates)} distinct; the first {MAX_CANDIDATES} are kept)"
        kept = candidates[:MAX_CANDIDATES]
        return Extraction("ambiguous", kept[0], kept, reason)
    return Extraction("ok", candidates[0], candidates)


_LINKING_WORDS = {"or", "and", "nor", "vs", "versus", "to", "then"}


def _is_word_use(token: str, reply: str, end: int) -> bool:
    """Return True when a stand-alone "A" or "I" (ending at ``end``) is a word, not a letter."""
    if token.startswith("(") or token.endswith(")"):  # "(A)" and "A)" are written as options
        return False
    following = _FOLLOWING_WORD.match(reply, end)
    return bool(following) and following.group(1) not in _LINKING_WORDS


def _offered_after_mark(reply: str, end: int, valid: set[str]) -> list[str]:
    """Return the further option letters offered right after a marked answer ("or D")."""
    letters = []
    while (alt := _ALTERNATIVE.match(reply, end)) is not None:
        letter = (alt.group(1) or alt.group(2)).upper()
        if letter not in valid:
            break
        letters.append(letter)
        end = alt.end()
    return letters


def extract_mcq(reply: str, letters: list[str]) -> Extraction:
    """Return the option letter a multiple-choice reply gives."""
    valid = set(letters)
    marked: list[str] = []
    for match in _MARKED_LETTER.finditer(reply):
        letter = match.group(1).upper()
        # "The answer is a high-frequency notch": a lower-case "a" before a word is the article.
        if match.group(1) == "a" and _is_word_use(match.group(0)[-1], reply, match.end()):
            continue
        if letter in valid:
            marked += [letter, *_offered_after_mark(reply, match.end(), valid)]
    if marked:
        return _decide(marked, "option letter")
    lone = _LONE_LETTER.fullmatch(reply)
    if lone is not None:  # "c", "b)", "(b)", "b.", "**B**": the whole reply is one letter
        return _decide([lone.group(1).upper()] if lone.group(1).upper() in valid else [],
                       "option letter")  # fmt: skip
    found: list[tuple[int, str]] = []
    for match in _STANDALONE_LETTER.finditer(reply):
        letter = match.group(1)
        if letter not in valid:
            continue
        # "A hearing aid ..." / "I think ..." are words, not option letters.
        if letter in ("A", "I") and _is_word_use(match.group(0), reply, match.end()):
            continue
        found.append((match.start(), letter))
    for match in _LOWER_OPTION.finditer(reply):
        letter = next(g for g in match.groups() if g).upper()
        if letter in valid:
            found.append((match.start(), letter))
    return _decide([letter for _, letter in sorted(found)], "option letter")


# "I cannot say whether this is true": the word names the question, not an answer. A word is
# hedged when "whether"/"if" and at most four words come just before it, or when a "cannot
# say" phrase comes anywhere before it; negated when "not" (or "n't") comes just before it.
_HEDGE_BEFORE = re.compile(r"\b(?:whether|if)\s+(?:\w+\s+){0,4}$", re.I)
_HEDGE_PHRASE = re.compile(
    r"\b(?:cannot|can't|can not|unable to)\s+(?:say|tell|determine|confirm)\b", re.I
)
_NEGATED_TF = re.compile(r"(?:\bnot|n't)\s+(?:entirely\s+|quite\s+|necessarily\s+)?$", re.I)
# Both "just before" patterns span at most the five whitespace-separated tokens before a word,
# so each is searched in that window only: linear in the reply, not quadratic.
_BEFORE_TOKENS = 5


def _before_windows(reply: str, words: list[re.Match[str]]) -> list[int]:
    """Return, for each word, where the text that may qualify it starts (five tokens back)."""
    starts = [m.start() for m in _TOKEN.finditer(reply)]
    return [
        starts[max(bisect.bisect_right(starts, m.start()) - 1 - _BEFORE_TOKENS, 0)] if starts else 0
        for m in words
    ]


TF_READINGS = ("strict", "first_occurrence")


def check_tf_reading(reading: str) -> str:
    """Return the true/false reading rule if it is one of TF_READINGS; ValueError otherwise."""
    if reading not in TF_READINGS:
        raise ValueError(f"tf_reading must be one of {list(TF_READINGS)}, got {reading!r}")
    return reading


def extract_tf(reply: str, reading: str = "strict") -> Extraction:
    """Return "true" or "false" from a true/false reply, under a reading rule.

    ``strict`` (clinbench's): a marked answer wins, negated or hedged words and several
    distinct words are ambiguous. ``first_occurrence`` (AudiologyBench, Methods: "the first
    occurrence of true or false, case insensitive, was recorded"): the first such word.
    """
    if check_tf_reading(reading) == "first_occurrence":
        first = _TF_WORD.search(reply)
        if first is None:
            return Extraction("none", reason="no true/false word in the reply")
        word = first.group(1).lower()
        return Extraction("ok", word, [word], "first occurrence (AudiologyBench rule)")
    marked = [m.group(1).lower() for m in _MARKED_TF.finditer(reply)]
    if marked:
        return _decide(marked, "true/false answer")
    words = list(_TF_WORD.finditer(reply))
    windows = _before_windows(reply, words)
    pairs = list(zip(words, windows, strict=True))
    negated = [m for m, w in pairs if _NEGATED_TF.search(reply, w, m.start())]
    phrase = _HEDGE_PHRASE.search(reply)
    hedged = [
        m
        for m, w in pairs
        if (phrase is not None and phrase.end() <= m.start())
        or _HEDGE_BEFORE.search(reply, w, m.start())
    ]
    if hedged and not negated:
        # "cannot say whether it is true" answers nothing: ask once more for a plain answer.
        candidates = _distinct([m.group(1).lower() for m in words])
        return Extraction(
            "ambiguous",
            candidates[0],
            candidates,
            f"hedged true/false word: {hedged[0].group(0)!r} is not asserted",
        )
    if negated:
        # "not true" is not the word "true"; reading it as "false" would be a guess.
        # Ambiguous: the solver asks once more for a plain answer.
        candidates = _distinct([m.group(1).lower() for m in words])
        return Extraction(
            "ambiguous",
            candidates[0],
            candidates,
            f"negated true/false word: {negated[0].group(0)!r} follows a 'not'",
        )
    return _decide([m.group(1).lower() for m in words], "true/false answer")


def _bracketed(reply: str) -> list[str]:
    """Return the text of each ``[[...]]`` span (non-empty, shortest, left to right)."""
    spans = []
    pos = 0
    while (start := reply.find("[[", pos)) != -1:
        end = reply.find("]]", start + 3)
        if end == -1:  # no closing after this opening, so none after any later one
            break
        spans.append(reply[start + 2 : end])
        pos = end + 2
    return spans


# The decline word written into a fill-in's blank ("The syndrome ... is DECLINE.", "... is a
# **decLINE**."): the word in capitals, or in bold in any case. Lower-case prose ("a decline
# in hearing") is a word, never a decline.
_DECLINE_IN_BLANK = re.compile(
    rf"(?<![\w-]){DECLINE_WORD}(?![\w-])|\*\*\s*(?i:{DECLINE_WORD})\s*\*\*"
)


def extract_fib(reply: str) -> Extraction:
    """Return the span a fill-in-the-blank reply marks as its answer.

    A reply that marks none and writes the decline word into the blank instead (capitals,
    or bold in any case) is declined: the real local model's "The lower edge ... is
    DECLINE." answered the prompt's "reply with the single word DECLINE" in the sentence.
    """
    spans = [span.strip() for span in _bracketed(reply) if span.strip()]
    if not spans:
        spans = [m.group(1).strip().strip("*").strip() for m in _ANSWER_LINE.finditer(reply)]
        spans = [s for s in spans if s]
    if not spans and _DECLINE_IN_BLANK.search(reply):
        return Extraction("declined", reason="the decline word fills the blank")
    return _decide(spans, "marked answer")


def _fenced_blocks(reply: str) -> list[str]:
    """Return the text of each fenced block (three backticks, optional ``json`` tag)."""
    blocks = []
    pos = 0
    while (start := reply.find("```", pos)) != -1:
        end = reply.find("```", start + 3)
        if end == -1:
            break
        block = reply[start + 3 : end]
        if block[:4].lower() == "json":
            block = block[4:]
        blocks.append(block.strip())
        pos = end + 3
    return blocks


_STRING_REST = re.compile(r'[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"')
_AFTER_STRING = re.compile(r"[ \t\n\r]*+[:,\]}]")
_JSON_MARK = re.compile(r'[\[\]{}"]')


def _object_starts(text: str) -> list[int] | None:
    """Return where each balanced ``{...}`` span of a reply starts; None if nested too deep.

    One pass, linear in the text: brackets are matched on a stack and strings inside brackets
    are skipped as JSON reads them. A mismatched bracket, a line break inside a string or a
    string followed by what JSON cannot put after one ends every open span (none of them can
    be JSON); the text after that string's opening quote is then read again as prose, so an
    object that starts inside a stray quotation is still found (each character is read at
    most twice).
    """
    stack: list[int] = []
    starts: list[int] = []
    pos = 0
    while (mark := _JSON_MARK.search(text, pos)) is not None:
        index, char = mark.start(), mark.group()
        pos = index + 1
        if char == '"':
            if stack:
                rest = _STRING_REST.match(text, pos)
                if rest is None or not _AFTER_STRING.match(text, rest.end()):
                    stack.clear()  # read on from after the opening quote
                else:
                    pos = rest.end()
        elif char in "{[":
            stack.append(index)
            if len(stack) > strict_json.MAX_DEPTH:
                return None
        elif stack and text[stack[-1]] == ("{" if char == "}" else "["):
            start = stack.pop()
            if char == "}":
                starts.append(start)
        else:
            stack.clear()
    return sorted(starts)


def find_json_objects(reply: str) -> tuple[list[dict[str, Any]], str]:
    """Return every JSON object in a reply (whole, fenced or embedded), and why none if none.

    Strict JSON only (see :mod:`clinbench.strict_json`): an object with a repeated key, a
    non-finite number or nesting deeper than the limit is not taken, and the reason says so.
    """
    text = reply.strip()
    problems: list[str] = []
    try:
        whole = strict_json.loads(text)
    except strict_json.StrictJSONError as err:
        if err.msg.startswith("nested deeper"):
            return [], f"the reply's JSON is {err.msg}"
        problems.append(err.msg)
    else:
        if isinstance(whole, dict):
            return [whole], ""
        return [], "the reply is JSON but not an object"
    objects: list[dict[str, Any]] = []
    for block in _fenced_blocks(reply):
        if not block:
            continue
        try:
            value = strict_json.loads(block)
        except strict_json.StrictJSONError as err:
            problems.append(err.msg)
            continue
        if isinstance(value, dict):
            objects.append(value)
    if objects:
        return objects, ""
    starts = _object_starts(text)
    if starts is None:
        return [], f"the reply's brackets are nested deeper than {strict_json.MAX_DEPTH} levels"
    index = 0
    for start in starts:
        if start < index:
            continue
        try:
            value, end = strict_json.raw_decode(text, start)
        except strict_json.StrictJSONError as err:
            problems.append(err.msg)
            continue
        objects.append(value)
        index = end
    if objects:
        return objects, ""
    useful = [p for p in problems if not p.startswith("invalid JSON")]
    return [], "no JSON object in the reply" + (f" ({useful[0]})" if useful else "")


def json_objects(reply: str) -> list[dict[str, Any]]:
    """Return every JSON object in a reply: the whole reply, fenced blocks, or embedded."""
    return find_json_objects(reply)[0]


def _as_text(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float | str):
        return str(value)
    return None


def _without_field_label(name: str, value: str) -> str | None:
    """Return a text field's value with a leading restatement of the field's name dropped.

    ``{"mbs_item": "MBS item 965"}`` is item 965 to any reader. Only the field's own name
    (its words, in any case, joined by spaces or underscores), then optionally "number",
    "no." or "code" and ":", "#" or "=", is dropped, and only when one bare token is left;
    otherwise None (the value stands as written). The key is never consulted.
    """
    label = re.match(
        rf"(?i)\s*{_field_name(name)}(?:\s+(?:number|no\.?|code))?\s*(?:[:#=]\s*)?"
        r"([^\s:#=]+)\s*$",
        value,
    )  # (one way to split each run of spaces: linear on a long value)
    return label.group(1) if label else None


def _field_name(name: str) -> str:
    """Return a pattern of a field's name as a reply may write it: its words, in any case,
    joined by spaces or underscores."""
    return r"[\s_]+".join(map(re.escape, name.split("_")))


_PLACEHOLDER_LABEL = re.compile(r"(?i)\s*(?:number|no\.?|code)?[\s:#=.,]*$")


def _is_placeholder(spec: Any, value: str) -> bool:
    """Return True when a field's value is the form's own text, not an answer.

    The prompt's example fills each field with "...", and names and describes each field;
    a value that is only the example's "...", the field's name (with "number", "no." or
    "code") or its description, in any case, answers nothing.
    """
    text = value.strip()
    if not text.strip("."):
        return True
    folded = re.sub(r"[\s_]+", " ", text).casefold().rstrip(" .")
    if spec.description and folded == re.sub(r"\s+", " ", spec.description).casefold().rstrip(" ."):
        return True
    name = re.match(rf"(?i)\s*{_field_name(spec.name)}", text)
    return bool(name) and _PLACEHOLDER_LABEL.match(text, name.end()) is not None


def extract_exact(reply: str, item: ExactItem) -> Extraction:
    """Return the named field values of an exact-answer JSON reply, or a decline."""
    objects, why = find_json_objects(reply)
    if not objects:
        return Extraction("none", reason=why)
    distinct = _distinct(objects)
    if len(distinct) > 1:
        reason = "more than one JSON answer"
        if len(distinct) > MAX_CANDIDATES:
            reason += f" ({len(distinct)} distinct; the first {MAX_CANDIDATES} are kept)"
        return Extraction("ambiguous", objects[0], distinct[:MAX_CANDIDATES], reason)
    reply_object = objects[0]
    decline = reply_object.get("decline", False)
    if decline is True or (isinstance(decline, str) and decline.strip().lower() == "true"):
        # A decline with an answer in a field says two things at once: neither is taken.
        filled = [
            (spec.name, _is_placeholder(spec, value))
            for spec in item.fields
            if (value := _as_text(reply_object.get(spec.name))) is not None and value.strip()
        ]
        given = [name for name, placeholder in filled if not placeholder]
        if given:
            return Extraction(
                "contradictory",
                reason=f"the reply sets decline to true and also answers {', '.join(given)}",
            )
        reason = "the reply sets decline to true"
        if filled:
            left = ", ".join(name for name, _ in filled)
            reason += f" ({left} holds only the form's placeholder text, not an answer)"
        return Extraction("declined", reason=reason)
    if not isinstance(decline, bool) and decline not in ("false", "False"):
        return Extraction("none", reason=f"decline must be true or false, got {decline!r}")
    answer: dict[str, str] = {}
    relabelled: list[str] = []  # a field's own name dropped
    unit_dropped: list[str] = []  # a field's declared unit dropped
    for spec in item.fields:
        if spec.name not in reply_object:
            return Extraction("none", reason=f"field {spec.name!r} is missing")
        value = _as_text(reply_object[spec.name])
        if value is None or not value.strip():
            return Extraction("none", reason=f"field {spec.name!r} is empty or not text")
        option = any(matches_key(value, [o], spec.normalise) for o in spec.options or [])
        if not option and _is_placeholder(spec, value):
            why = f"field {spec.name!r} holds the form's placeholder text {value!r}, not an answer"
            return Extraction("none", reason=why)
        unitless = None if option or spec.unit is None else unit_stripped(value, spec.unit)
        if unitless is not None:  # "20 minutes" for 20 where the field's unit is minute
            unit_dropped.append(f"field {spec.name!r}: {value!r} read as {unitless!r}")
            value = unitless
        if spec.kind == "choice":
            # Only the field's declared normalisation (e.g. case) may bridge reply and option.
            chosen = [o for o in spec.options or [] if matches_key(value, [o], spec.normalise)]
            if len(chosen) != 1:
                why = f"{value!r} is not in its option set {spec.options}"
                return Extraction("none", reason=f"field {spec.name!r}: {why}")
            value = chosen[0]
        elif unitless is None and (bare := _without_field_label(spec.name, value)) is not None:
            relabelled.append(f"field {spec.name!r}: {value!r} read as {bare!r}")
            value = bare
        answer[spec.name] = value
    notes = []
    if relabelled:
        notes.append("; ".join(relabelled) + " (the field's own name dropped)")
    if unit_dropped:
        notes.append("; ".join(unit_dropped) + " (the field's declared unit dropped)")
    if notes:
        where = "field_label" if relabelled else "field_unit"
        return Extraction("ok", answer, [answer], "; ".join(notes), read_from=where)
    return Extraction("ok", answer, [answer])


def extract_option_word(reply: str, options: dict[str, str]) -> Extraction:
    """Return the letter of the option whose word a reply gives (options asked as words).

    For items asked with their options as words and no letters (PubMedQA: yes / no /
    maybe). An ``Answer: <word>`` line wins; otherwise a reply that opens with an option's
    word gives that option ("Yes. There is no evidence of ..." is yes); otherwise every
    option word that stands alone in the reply is a candidate, and two different ones make
    the reply ambiguous. Words match whole and in any case; the search is one pass of a
    pattern of the option words (linear in the reply's length).
    """
    by_word = {text.strip().lower(): letter for letter, text in options.items()}
    words = sorted(by_word, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])",
                         re.IGNORECASE)  # fmt: skip
    for line in _ANSWER_LINE.finditer(reply):
        marked = pattern.match(line.group(1).strip().strip("*").strip())
        if marked:
            return Extraction("ok", by_word[marked.group(1).lower()], [marked.group(1)])
    opening = pattern.match(reply.lstrip(" \t\n*\"'"))
    if opening:
        return Extraction("ok", by_word[opening.group(1).lower()], [opening.group(1)])
    found = [by_word[m.group(1).lower()] for m in pattern.finditer(reply)]
    return _decide(found, "option word")


def extract_answer(item: Item, reply: str) -> Extraction:
    """Return the answer a reply gives to an item, under the item format's protocol."""
    if not reply or not reply.strip():
        return Extraction("none", reason="empty reply")
    if is_decline(reply):
        return Extraction("declined", reason="the reply is the decline word")
    if asks_for_word(item):
        return refusal_or(extract_option_word(reply, item.options), reply)
    if isinstance(item, SAItem | CaseItem | AudioItem):
        return Extraction("ok", reply.strip(), [reply.strip()])
    if isinstance(item, MCQItem):
        found = extract_mcq(reply, item.answer_set)
    elif isinstance(item, TFItem):
        found = extract_tf(reply, item.metadata.get(TF_READING) or "strict")
    elif isinstance(item, FIBItem):
        found = extract_fib(reply)
    elif isinstance(item, ExactItem):
        found = extract_exact(reply, item)
    else:
        raise TypeError(f"no extraction rule for {type(item).__name__}")
    return refusal_or(found, reply)


# The reading the answering step made of a sample's reply, kept for that sample's scorer so
# that each reply is read once: {TaskState: (item, reply, extraction)}, gone with the state.
_READ_REPLIES: weakref.WeakKeyDictionary[Any, tuple[Item, str, Extraction]] = (
    weakref.WeakKeyDictionary()
)


def remember_extraction(state: Any, item: Item, reply: str, extraction: Extraction) -> None:
    """Keep ``extraction`` (``extract_answer(item, reply)``) for the scorer of ``state``."""
    _READ_REPLIES[state] = (item, reply, extraction)


def extraction_for(state: Any, item: Item, reply: str) -> Extraction:
    """Return ``extract_answer(item, reply)`` for the sample ``state`` runs.

    The answering step's reading of the same reply of the same item object
    (:func:`remember_extraction`) is taken, and let go; any other reply or item is read anew.
    """
    held = _READ_REPLIES.pop(state, None)
    if held is not None and held[0] is item and held[1] == reply:
        return held[2]
    return extract_answer(item, reply)


def refusal_or(found: Extraction, reply: str) -> Extraction:
    """Return ``refused`` when a reply with no answer in it refuses to answer, else ``found``."""
    if found.status == "none" and is_refusal(reply):
        return Extraction("refused", reason="the reply refuses to answer")
    return found
