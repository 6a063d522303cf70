"""Deterministic normalised match of free-text answers (FIB spans, SA replies) to a key.

The offline stand-in for the FIB/SA adjudicator, reported under its own scorer name
(``normalised_match``) so it is never mistaken for the LLM judge. It folds what the
adjudicator's rubric is told to accept: case and punctuation, standard unit forms ("dB HL",
"dBHL", "decibels" -> "db"; "kHz" -> Hz), decimal forms ("0.50", ".5" -> "0.5", "1,000" ->
"1000"), and small spelling slips (rapidfuzz's optimal-string-alignment distance on the words, with
a budget of one edit for keys of 5-11 letters and two from 12; numbers are compared
exactly, so "25 dB" never fuzzily matches "35 dB"). Synonyms are only accepted when the item
lists them in ``accept``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState
from rapidfuzz.distance import OSA

from clinbench.items.model import FIBItem, SAItem
from clinbench.items.sample import from_state
from clinbench.scoring import outcomes
from clinbench.scoring.adjudicator import (
    answer_outcome_score,
    free_text_answer,
)
from clinbench.scoring.metrics import answer_metrics

_QUOTES = str.maketrans(
    {"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u2212": "-", "µ": "u"}
)

# Unit spellings folded to one form (applied after case folding, before punctuation removal).
_UNIT_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bdecibels?\b"), " db "),
    (re.compile(r"(?<![a-z])db\s*(?:hl|spl|sl|nhl|ehl)\b"), " db "),  # dB HL/SPL/SL -> dB
    (re.compile(r"(?<=\d)\s*db\b"), " db "),  # 25dB -> 25 db
    (re.compile(r"\bhertz\b"), " hz "),
    (re.compile(r"\bmilliseconds?\b|\bmsecs?\b"), " ms "),
    (re.compile(r"(?<=\d)\s*ms\b"), " ms "),
    (re.compile(r"\bdaPa\b", re.IGNORECASE), " dapa "),
    (re.compile(r"\bdecapascals?\b"), " dapa "),
    (re.compile(r"\bmillilit(?:re|er)s?\b"), " ml "),
    (re.compile(r"(?<=\d)\s*ml\b"), " ml "),
    (re.compile(r"\bpercent\b|\bper cent\b"), " % "),
    (re.compile(r"%"), " % "),
]
# A number starts after a non-digit: tried from every digit, a long digit run was quadratic.
_KHZ = re.compile(r"(?<!\d)(\d+(?:[.,]\d+)?)\s*(?:khz|kilohertz)\b")
_HZ_GLUED = re.compile(r"(?<=\d)\s*hz\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_NUMBER = re.compile(r"(?<![\w.])(\d*\.\d+|\d+)(?![\w])")
_NON_WORD = re.compile(r"[^\w%.]+")
_MINUS = re.compile(r"(?<![\w.])-(?=\d)")
_MINUS_MARK = "negativesign"
_WORD_NUMBERS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
}  # fmt: skip
_ARTICLES = {"a", "an", "the"}


def _canonical_number(text: str) -> str:
    """Return a number written without leading/trailing zeros ("0.50" -> "0.5", "20.0" -> "20")."""
    value = float(text)
    if value.is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


def normalise_answer(text: str) -> str:
    """Return an answer folded for comparison: case, punctuation, units and decimal forms."""
    value = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    value = _THOUSANDS.sub("", value)
    value = _KHZ.sub(lambda m: f"{float(m.group(1).replace(',', '.')) * 1000:g} hz ", value)
    value = _HZ_GLUED.sub(" hz ", value)
    for pattern, replacement in _UNIT_RULES:
        value = pattern.sub(replacement, value)
    value = _MINUS.sub(_MINUS_MARK, value)  # keep the sign of "-10 dB"
    value = _NON_WORD.sub(" ", value)
    words = []
    for word in value.split():
        word = word.rstrip(".")  # sentence dots, not decimal points inside numbers
        if word.startswith(".") and not word[1:2].isdigit():
            word = word.lstrip(".")
        sign = ""
        if word.startswith(_MINUS_MARK):
            sign, word = "-", word[len(_MINUS_MARK) :]
        if not word:
            continue
        if _NUMBER.fullmatch(word):
            word = _canonical_number(word)
            if sign and word != "0":
                word = "-" + word
        word = _WORD_NUMBERS.get(word, word)
        if word in _ARTICLES:
            continue
        words.append(word)
    return " ".join(words)


def _is_number(word: str) -> bool:
    return bool(_NUMBER.fullmatch(word.lstrip("-")))


def _numbers(normalised: str) -> list[str]:
    return [w for w in normalised.split() if _is_number(w)]


def _words(normalised: str) -> str:
    return " ".join(w for w in normalised.split() if not _is_number(w))


def edit_budget(key_words: str) -> int:
    """Return how many spelling edits a key of this length tolerates (0 under 5 letters)."""
    letters = len(key_words.replace(" ", ""))
    if letters < 5:
        return 0
    return 1 if letters < 12 else 2


def _similarity(distance: int, key_words: str) -> float:
    return 100.0 * (1 - distance / max(len(key_words), 1))


@dataclass(frozen=True)
class MatchResult:
    """Whether an answer matches a key, how, against which key, and the similarity (0-100)."""

    matched: bool
    method: str  # "exact", "contained", "fuzzy" or "none"
    key: str | None
    similarity: float


def _compare(answer: str, key: str, contained: bool) -> MatchResult:
    a, k = normalise_answer(answer), normalise_answer(key)
    if not k:
        return MatchResult(False, "none", key, 0.0)
    if a == k:
        return MatchResult(True, "exact", key, 100.0)
    if contained and re.search(rf"(?<!\S){re.escape(k)}(?!\S)", a):
        return MatchResult(True, "contained", key, 100.0)
    key_words, key_numbers = _words(k), _numbers(k)
    answer_numbers = _numbers(a)
    if contained:
        numbers_ok = all(n in answer_numbers for n in key_numbers)
        # Closest run of reply words to the key's words (runs one word shorter or longer too).
        reply_words = _words(a).split()
        size = len(key_words.split())
        distance = len(key_words) if key_words else 0
        for width in {max(size - 1, 1), size, size + 1}:
            for start in range(max(len(reply_words) - width + 1, 1)):
                window = " ".join(reply_words[start : start + width])
                distance = min(distance, OSA.distance(key_words, window))
    else:
        numbers_ok = key_numbers == answer_numbers
        distance = OSA.distance(key_words, _words(a))
    similarity = _similarity(distance, key_words) if key_words else 100.0
    # Short words carry whole meanings ("As" vs "Ad" tympanograms, "left"/"lift" aside): a
    # spelling slip is only forgiven in words of 5+ letters.
    answer_words = set(_words(a).split())  # once, not once per key word
    short_ok = all(w in answer_words for w in key_words.split() if len(w) < 5)
    if (
        numbers_ok
        and short_ok
        and (key_words or key_numbers)
        and distance <= edit_budget(key_words)
    ):
        return MatchResult(True, "fuzzy", key, similarity)
    return MatchResult(False, "none", key, similarity)


def normalised_match(
    answer: str,
    keys: Sequence[str],
    *,
    contained: bool = False,
) -> MatchResult:
    """Return the best match of an answer against the accepted keys.

    ``contained=False`` (FIB spans) compares the whole answer with each key; ``contained=True``
    (SA replies) accepts a reply that contains a key, word-bounded, or a close spelling of
    it. Numbers in the key must appear exactly (after decimal/unit folding).
    """
    best = MatchResult(False, "none", None, 0.0)
    for key in keys:
        result = _compare(answer, key, contained)
        if result.matched and (not best.matched or result.similarity > best.similarity):
            best = result
        elif not best.matched and result.similarity >= best.similarity:
            best = result
    return best


# -- the Inspect scorer --------------------------------------------------------------------


@scorer(metrics=answer_metrics(), name="normalised_match")
def normalised_match_scorer() -> Scorer:
    """Score FIB spans and SA replies by deterministic normalised match (None for other formats).

    Registered as ``normalised_match``: the offline stand-in for ``answer_adjudicator``.
    """

    async def score(state: TaskState, target: Target) -> Score | None:
        item = from_state(state)
        if not isinstance(item, FIBItem | SAItem):
            return None
        reply = state.output.completion if state.output else ""
        answer, early, reason = free_text_answer(item, reply)
        if early is not None:
            return answer_outcome_score(early, answer, {"reason": reason})
        result = normalised_match(
            answer or "", [item.answer, *item.accept], contained=isinstance(item, SAItem)
        )
        outcome = outcomes.CORRECT if result.matched else outcomes.INCORRECT
        details = {
            "method": result.method,
            "matched_key": result.key if result.matched else None,
            "similarity": round(result.similarity, 2),
        }
        return answer_outcome_score(outcome, answer, details)

    return score
