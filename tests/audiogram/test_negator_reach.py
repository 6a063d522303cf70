"""How far a negator reaches (lexicon.NEGATORS, lexicon.negated; round 16, batch 104; my own
wording, on V50: 20 dB HL at every frequency in both ears, so symmetric): "non-" negates the
word it prefixes, not a later one, and a bare "no" does not reach into the aside that gives
its reason."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .validation import cases

CASES = cases()

NOTES = [
    ("Scans are rarely offered for non-throbbing noise with symmetric thresholds.", []),
    ("Bone-anchored aid? No (hearing is symmetrical).", []),
    ("CROS - no (ears symmetric).", []),
    # the negation of the word itself stays one
    ("The hearing is not symmetric.", ["laterality_confusion"]),
    ("The thresholds are non-symmetric.", ["laterality_confusion"]),
    # the aside is read as said; its 20 dB between ears that are equal at every frequency is
    # a fabricated size by batch 140's rule for differences (tune60)
    ("Symmetry: no (the right is 20 dB worse).", ["fabricated_result"]),
]


@pytest.mark.parametrize(("note", "errors"), NOTES)
def test_a_negator_reaches_its_own_word(note, errors):
    assert check_reply(note, CASES["V50"]).critical_errors == errors


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("audit of non-urgent referrals with a conductive loss", "conductive", False),
        ("a non-conductive loss", "conductive", True),
        ("a non-significant asymmetric pattern", "asymmetric", True),
        ("bone conduction: no (a conductive loss here)", "conductive", False),
        ("not a middle-ear (conductive) problem", "conductive", True),
    ],
)
def test_reading_the_reach_of_a_negator(text, word, negated):
    assert lexicon.negated(text, text.index(word)) is negated
