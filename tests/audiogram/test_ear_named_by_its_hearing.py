"""A clause that names its ear by its hearing ("worse ear is mixed", "the better ear is
normal") is about that ear, not the side carried from the lines before it: it takes no
carried ear, and the claim reader judges it of the ear the audiogram makes worse or better
(WHO 2021 grades a person by the better ear; statements._names_an_ear_by_its_hearing).
Validation batch 96 XW03 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right a moderate mixed loss (masked bone 10-45), left normal
RIGHT_MIXED = build(
    {250: 45, 500: 45, 1000: 40, 2000: 40, 3000: 45, 4000: 55, 6000: 55, 8000: 60},
    10,
    right_bone={500: 10, 1000: 10, 2000: 15, 4000: 45},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


def type_ears(text: str) -> list[tuple[str, ...]]:
    """Return the ears of each type claim the pattern reader reads in ``text``."""
    return [c.ears for clause in read_statements(text) for c in clause if c.kind == "type"]


@pytest.mark.parametrize(
    "text",
    [
        "type(left) = NORMAL\nflag = FALSE   # worse ear is mixed",
        "Left ear: 10 dB HL throughout. The poorer ear is mixed.",
        "On the left all thresholds are 10 dB. Worse-hearing ear: mixed.",
    ],
)
def test_the_worse_ear_takes_no_carried_side(text):
    assert type_ears(text) == [()]
    assert check_reply(text, RIGHT_MIXED).critical_errors == []


def test_a_false_type_of_the_worse_ear_is_still_an_error():
    text = "Left ear: 10 dB HL throughout. The worse ear is conductive."
    assert check_reply(text, RIGHT_MIXED).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    ("text", "ears"),
    [
        # an ear named by its side beside the comparison keeps that side
        ("The right ear is the worse ear, mixed.", [("right",)]),
        # "worse" without "ear" is a comparison of the side carried
        ("Left: 10 dB throughout. Worse at 4 kHz, mixed there.", [("left",)]),
    ],
)
def test_near_misses_keep_their_side(text, ears):
    assert type_ears(text) == ears
