"""An ear said better or stronger than the other ear makes the other the worse ear, and an
ear said weaker, or the weaker side, is the worse one: a comparison of the two ears is a
worse-ear claim to judge, whichever comparative it uses (issue #26, round 16: "right better
than left" when the left was better gave no finding; lexicon.WORSE, lexicon.WORSE_NAMED).
Near misses: a comparison with another time or an expectation names no worse ear. Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(45, 20)  # right 45 dB HL throughout, left 20: the right is the worse ear


def _worse_ears(text: str) -> list[str]:
    return [c.value for clause in read_statements(text) for c in clause if c.kind == "worse_ear"]


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("On this chart the right ear is clearly better than the left.", ["left"]),
        ("Right hears better than left at most pitches.", ["left"]),
        ("The left side is stronger than the right.", ["right"]),
        ("Her right is the weaker ear.", ["right"]),
        ("Of the two, the left ear is the stronger one.", ["right"]),
        ("The left is weaker, with 40 dB at 2 kHz.", ["left"]),
    ],
)
def test_a_comparison_of_the_ears_names_the_worse(text, worse):
    assert _worse_ears(text) == worse


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("On this chart the right ear is clearly better than the left.", ["laterality_confusion"]),
        ("The left side is stronger than the right.", []),
        ("Her left is the weaker ear.", ["laterality_confusion"]),
        ("Her right is the weaker ear.", []),
    ],
)
def test_a_comparison_of_the_ears_is_judged(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "The right ear is better than at the last visit.",
        "The left hears better than she expected.",
        "A stronger response was seen on the right.",
    ],
)
def test_a_comparison_with_no_other_ear_names_no_worse(text):
    assert _worse_ears(text) == []
