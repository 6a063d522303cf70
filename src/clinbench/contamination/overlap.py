"""How much of an item's true remainder a model's continuation reproduces.

Two measures, both on lower-cased text with whitespace collapsed:

- the longest common substring, in characters, as a share of the remainder's length
  (``difflib.SequenceMatcher.find_longest_match``, autojunk off);
- ROUGE-L F1 over word tokens (Google's ``rouge-score`` package, no stemming).

A reply is cut to ``MAX_RATIO`` times the remainder's length first, so a very long reply
costs no more than a short one (the substring search is quadratic in the worst case) and
cannot win overlap by sheer length.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import cache

MAX_RATIO = 3


def normalise_text(text: str) -> str:
    """Return text lower-cased with runs of whitespace collapsed to one space."""
    return re.sub(r"\s+", " ", text or "").strip().lower()


def longest_common_substring(a: str, b: str) -> str:
    """Return the longest substring that a and b share (first found on ties)."""
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    match = matcher.find_longest_match(0, len(a), 0, len(b))
    return a[match.a : match.a + match.size]


@cache
def _rouge():
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)


def overlap(continuation: str, remainder: str) -> dict[str, float]:
    """Return ``lcs_chars``, ``lcs_ratio`` (share of the remainder) and ``rougeL`` (F1)."""
    truth = normalise_text(remainder)
    reply = normalise_text(continuation)[: MAX_RATIO * max(len(truth), 1)]
    if not truth:
        raise ValueError("the remainder is empty: nothing to compare against")
    common = longest_common_substring(reply, truth) if reply else ""
    rouge = _rouge().score(truth, reply).get("rougeL").fmeasure if reply else 0.0
    return {
        "lcs_chars": float(len(common)),
        "lcs_ratio": len(common) / len(truth),
        "rougeL": float(rouge),
    }
