"""The reply rules as they were before they were made linear (commit 7c43bec), as an oracle.

They are quadratic on long adversarial replies but read short replies exactly as intended;
the property tests check that the linear rules in clinbench.scoring.extract give the same
result on every short reply hypothesis generates. Copied verbatim; not used outside tests.
"""

# ruff: noqa: E501
from __future__ import annotations

import json
import re
from typing import Any

from clinbench.scoring.extract import Extraction
from clinbench.solvers.prompts import DECLINE_WORD

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
