"""Patterns rewritten to open with a character class (so the engine jumps between candidates)
find exactly what they found before, on every labelled reply and its lines."""

from __future__ import annotations

import re

import pytest

from clinbench.audiogram import lexicon, threshold_claims

from .test_token_start import corpus

BEFORE = {
    "SENTENCE_SPLIT": (lexicon, r"(?<=[.!?])\s+(?=[A-Z(\[*])|\n+|;\s*"),
    "SEGMENT_SPLIT": (
        lexicon,
        r",\s+(?!\d|-\d)|\s+(?:and|but|while|whereas)\s+(?!\d|-\d|&)|"
        r"\s+(?=(?:against|versus|vs\.?|compared\s+(?:with|to))\s)",
    ),
    "FREQ_LIST": (
        threshold_claims,
        r"(?<![\d.])(\d+(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/)\s*(?:and\s+)?\d+(?:\.\d+)?"
        r"(?:\s*(?:khz|k|hz))?){0,12})\s*(khz|k\b|hz)",
    ),
}
"""Each pattern as it stood before the rewrite (the reference)."""

EDGES = [
    "Mild.  Moderate; severe\n\nR: 40, -5, 5 and 10 and & 3 vs. 4 compared to 5",
    "1.5, 2 and 4 kHz; 0.5/1/2k and 3.5 khz, 12.5 hz", "a.5 kHz 5.5k x2k ;",
    "Right ear. (left) [x] *y* while z whereas q but -3 and -4", ";", ".", " ", "",
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_the_rewritten_pattern_finds_what_it_found_before(name):
    module, before = BEFORE[name]
    reference, now = re.compile(before), getattr(module, name)
    texts = list(EDGES)
    for reply in corpus():
        texts += [reply, reply.lower(), *reply.split("\n")]
    found = 0
    for text in texts:
        expected = [(m.span(), m.groups()) for m in reference.finditer(text)]
        assert [(m.span(), m.groups()) for m in now.finditer(text)] == expected, text
        found += len(expected)
    assert found > 1000
