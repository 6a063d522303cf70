"""An ear named the worst of the two is the worse ear: with two ears, the superlative says
what the comparative says ("the right ear is the worst", "the worst ear is the left", "the
hearing loss in the right ear, air conduction, is indeed the worst"; issue #26, batch 152,
the real local model's text, as tuning data; the phrasings here are new). "Worst" of a
frequency or region within one ear names no ear, and a denied or conditional worst claims
none."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import build

LEFT_WORSE = build(20, 50)  # right 20 dB HL, left 50


@pytest.mark.parametrize(
    ("clause", "ear"),
    [
        ("the left ear is the worst.", "left"),
        ("the hearing on the right side is clearly the worst", "right"),
        ("the loss in the left ear, bone conduction, was indeed the worst.", "left"),
        ("the worst ear is the right", "right"),
        ("the worst-affected one was the left, as expected", "left"),
        ("her right is by far the worst;", "right"),
    ],
)
def test_the_ear_named_worst_is_the_worse_ear(clause, ear):
    claims = [c for c in laterality_claims(clause, None, False, clause) if c.kind == "worse_ear"]
    assert [c.ears for c in claims] == [(ear,)]


@pytest.mark.parametrize(
    "clause",
    [
        "the right ear is worst at 4 khz",
        "the left ear is the worst at 6 khz",
        "hearing is worst in the high frequencies",
        "the right ear is not the worst.",
        "if the right ear were the worst, scan it",
        "the worst of it is the tinnitus",
    ],
)
def test_a_worst_frequency_or_a_denial_names_no_worse_ear(clause):
    claims = laterality_claims(clause, None, False, clause)
    assert [c for c in claims if c.kind == "worse_ear"] == []


def test_the_wrong_ear_named_worst_is_a_laterality_error():
    assert check_reply("The right ear is the worst.", LEFT_WORSE).critical_errors == [
        "laterality_confusion"
    ]
    assert check_reply("The left ear is indeed the worst.", LEFT_WORSE).critical_errors == []
