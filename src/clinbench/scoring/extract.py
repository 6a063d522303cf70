"""Answer extraction: what answer a reply gives, under a strict per-format protocol.

Extraction never guesses. It returns one of four statuses:

- ``ok``: exactly one answer was found;
- ``ambiguous``: more than one distinct candidate answer (the solver resubmits once);
- ``none``: no answer in the required form (scored ``parse_failed``, excluded, disclosed);
- ``declined``: an explicit decline (the word DECLINE, or ``"decline": true`` in JSON).

Protocol per format:

- MCQ: an explicit ``ANSWER: X`` mark wins; otherwise the first stand-alone capital letter
  that is a valid option (a sentence-opening article "A ..." is not a candidate).
- TF: an explicit ``ANSWER: true|false`` mark wins; otherwise the first "true" or "false"
  (a negated one, "not true", or a hedged one, "cannot say whether it is true", makes the
  reply ambiguous rather than being read as an answer).
- FIB: the span between double square brackets ``[[...]]`` (or an ``ANSWER:`` line).
- SA: the whole reply, stripped.
- exact: a JSON object (bare, fenced, or wrapped in prose) validated against the item's
  fields; forced-choice values must be in the published option set.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from clinbench.items.model import (
    AudioItem,
    CaseItem,
    ExactItem,
    FIBItem,
    Item,
    MCQItem,
    SAItem,
    TFItem,
)
from clinbench.items.sample import DECLINE_WORD
from clinbench.scoring.normalise import matches_key

Status = Literal["ok", "ambiguous", "none", "declined"]


@dataclass
class Extraction:
    """The answer a reply gives (or why none could be taken from it)."""

    status: Status
    answer: Any = None
    candidates: list[Any] = field(default_factory=list)
    reason: str = ""


_MARKED_LETTER = re.compile(
    r"\banswer\b\**\s*(?:is\s*)?[:\-–]?\**\s*(?:option\s*)?\(?\*{0,2}([A-Za-z])\*{0,2}\)?(?![A-Za-z])",
    re.IGNORECASE,
)
_STANDALONE_LETTER = re.compile(r"(?<![A-Za-z0-9'])\(?([A-Z])\)?(?![A-Za-z0-9'])")
_MARKED_TF = re.compile(r"\banswer\b\**\s*(?:is\s*)?[:\-–]?\**\s*(true|false)\b", re.IGNORECASE)
_TF_WORD = re.compile(r"\b(true|false)\b", re.IGNORECASE)
_BRACKETED = re.compile(r"\[\[(.+?)\]\]", re.DOTALL)
_ANSWER_LINE = re.compile(r"^\s*\**answer\**\s*[:\-–]\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
_FENCED = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)


def is_decline(reply: str) -> bool:
    """Return True when the whole reply is the decline word (any case, trailing dot allowed)."""
    return reply.strip().rstrip(".!").strip().strip("*").upper() == DECLINE_WORD


def _distinct(values: list[Any]) -> list[Any]:
    seen: list[Any] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def _decide(candidates: list[Any], what: str) -> Extraction:
    candidates = _distinct(candidates)
    if not candidates:
        return Extraction("none", reason=f"no {what} found in the reply")
    if len(candidates) > 1:
        return Extraction("ambiguous", candidates[0], candidates, f"more than one {what}")
    return Extraction("ok", candidates[0], candidates)


_LINKING_WORDS = {"or", "and", "nor", "vs", "versus", "to", "then"}


def _is_word_use(token: str, rest: str) -> bool:
    """Return True when a stand-alone "A" or "I" is the article or pronoun, not a letter."""
    if token.startswith("("):
        return False
    following = re.match(r"\s+([a-z][a-z']*)", rest)
    return bool(following) and following.group(1) not in _LINKING_WORDS


def extract_mcq(reply: str, letters: list[str]) -> Extraction:
    """Return the option letter a multiple-choice reply gives."""
    valid = set(letters)
    marked = [m.group(1).upper() for m in _MARKED_LETTER.finditer(reply)]
    marked = [letter for letter in marked if letter in valid]
    if marked:
        return _decide(marked, "option letter")
    found = []
    for match in _STANDALONE_LETTER.finditer(reply):
        letter = match.group(1)
        if letter not in valid:
            continue
        rest = reply[match.end() :]
        # "A hearing aid ..." / "I think ..." are words, not option letters.
        if letter in ("A", "I") and _is_word_use(match.group(0), rest):
            continue
        found.append(letter)
    return _decide(found, "option letter")


# "I cannot say whether this is true": the word names the question, not an answer.
_HEDGED_TF = re.compile(
    r"\b(?:whether|if)\s+(?:\w+\s+){0,4}$|"
    r"\b(?:cannot|can't|can not|unable to)\s+(?:say|tell|determine|confirm)\b",
    re.I,
)
_NEGATED_TF = re.compile(r"(?:\bnot|n't)\s+(?:entirely\s+|quite\s+|necessarily\s+)?$", re.I)


def extract_tf(reply: str) -> Extraction:
    """Return "true" or "false" from a true/false reply."""
    marked = [m.group(1).lower() for m in _MARKED_TF.finditer(reply)]
    if marked:
        return _decide(marked, "true/false answer")
    words = list(_TF_WORD.finditer(reply))
    negated = [m for m in words if _NEGATED_TF.search(reply[: m.start()])]
    hedged = [m for m in words if _HEDGED_TF.search(reply[: m.start()])]
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


def extract_fib(reply: str) -> Extraction:
    """Return the span a fill-in-the-blank reply marks as its answer."""
    spans = [m.group(1).strip() for m in _BRACKETED.finditer(reply) if m.group(1).strip()]
    if not spans:
        spans = [m.group(1).strip().strip("*").strip() for m in _ANSWER_LINE.finditer(reply)]
        spans = [s for s in spans if s]
    return _decide(spans, "marked answer")


def json_objects(reply: str) -> list[dict[str, Any]]:
    """Return every JSON object in a reply: the whole reply, fenced blocks, or embedded."""
    text = reply.strip()
    try:
        whole = json.loads(text)
        return [whole] if isinstance(whole, dict) else []
    except json.JSONDecodeError:
        pass
    objects: list[dict[str, Any]] = []
    for block in _FENCED.findall(reply):
        try:
            value = json.loads(block.strip())
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            objects.append(value)
    if objects:
        return objects
    decoder = json.JSONDecoder()
    index = 0
    while (start := text.find("{", index)) != -1:
        try:
            value, end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            index = start + 1
            continue
        if isinstance(value, dict):
            objects.append(value)
        index = end
    return objects


def _as_text(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float | str):
        return str(value)
    return None


def extract_exact(reply: str, item: ExactItem) -> Extraction:
    """Return the named field values of an exact-answer JSON reply, or a decline."""
    objects = json_objects(reply)
    if not objects:
        return Extraction("none", reason="no JSON object in the reply")
    canonical = _distinct([json.dumps(o, sort_keys=True) for o in objects])
    if len(canonical) > 1:
        return Extraction(
            "ambiguous", objects[0], [json.loads(c) for c in canonical], "more than one JSON answer"
        )
    reply_object = objects[0]
    decline = reply_object.get("decline", False)
    if decline is True or (isinstance(decline, str) and decline.strip().lower() == "true"):
        return Extraction("declined", reason="the reply sets decline to true")
    if not isinstance(decline, bool) and decline not in ("false", "False"):
        return Extraction("none", reason=f"decline must be true or false, got {decline!r}")
    answer: dict[str, str] = {}
    for spec in item.fields:
        if spec.name not in reply_object:
            return Extraction("none", reason=f"field {spec.name!r} is missing")
        value = _as_text(reply_object[spec.name])
        if value is None or not value.strip():
            return Extraction("none", reason=f"field {spec.name!r} is empty or not text")
        if spec.kind == "choice":
            # Only the field's declared normalisation (e.g. case) may bridge reply and option.
            chosen = [o for o in spec.options or [] if matches_key(value, [o], spec.normalise)]
            if len(chosen) != 1:
                why = f"{value!r} is not in its option set {spec.options}"
                return Extraction("none", reason=f"field {spec.name!r}: {why}")
            value = chosen[0]
        answer[spec.name] = value
    return Extraction("ok", answer, [answer])


def extract_answer(item: Item, reply: str) -> Extraction:
    """Return the answer a reply gives to an item, under the item format's protocol."""
    if not reply or not reply.strip():
        return Extraction("none", reason="empty reply")
    if is_decline(reply):
        return Extraction("declined", reason="the reply is the decline word")
    if isinstance(item, MCQItem):
        return extract_mcq(reply, item.answer_set)
    if isinstance(item, TFItem):
        return extract_tf(reply)
    if isinstance(item, FIBItem):
        return extract_fib(reply)
    if isinstance(item, ExactItem):
        return extract_exact(reply, item)
    if isinstance(item, SAItem | CaseItem | AudioItem):
        return Extraction("ok", reply.strip(), [reply.strip()])
    raise TypeError(f"no extraction rule for {type(item).__name__}")
