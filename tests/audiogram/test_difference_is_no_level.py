"""A difference of two levels is no level, and a value placed past a range is no degree of
the ear: the air-bone gap named in words ("the difference between air and bone (30 dB)",
"air and bone lie within 10 dB of each other") gives gap sizes, not bone levels; and "25 dB
HL is just outside the normal range" says that value is not normal, not that the ear's
hearing is (issue #26, batch 59: a cautious assistant explains its reading in words).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, conductive_right

CASE = conductive_right()  # right air 30-45 over masked bone 5-10; left 10 throughout
MIXED = build(
    {250: 45, 500: 45, 1000: 40, 2000: 40, 4000: 45, 8000: 45},
    15,
    right_bone={500: 25, 1000: 25, 2000: 25, 4000: 25},
    left_bone={500: 15, 1000: 15, 2000: 15, 4000: 15},
    bone_masked=True,
)


def claims(text: str) -> list[tuple[str, object]]:
    return [(c.kind, c.value) for part in read_statements(text) for c in part]


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: the separation between the air and bone curves (25-35 dB) makes it conductive.",
        "Right ear: the gap between bone conduction and air conduction, 30 dB, is the point.",
        "On the right, air and bone sit within about 10 dB of each other at 4 kHz.",
    ],
)
def test_a_difference_is_no_bone_level(text):
    found = claims(text)
    assert not any(kind in ("bone_level", "threshold", "threshold_range") for kind, _ in found)


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: the cochlear line is raised a little; 25 dB HL lies just outside the normal "
        "range.",
        "Right: the 2 kHz value (30 dB HL) is a touch above the normal range.",
    ],
)
def test_a_value_past_the_normal_range_is_no_normal_degree(text):
    assert ("degree", "normal") not in claims(text)


def test_the_ear_said_within_the_normal_range_is_still_a_degree():
    assert ("degree", "normal") in claims("The left ear's hearing is within the normal range.")


@pytest.mark.parametrize(
    ("reply", "case"),
    [
        ("Moderate conductive loss on the right; the difference between air and bone "
         "(25-35 dB) is what makes it conductive. Left normal.", CASE),
        ("Moderate mixed loss on the right. The cochlear line is raised a little; 25 dB HL "
         "lies just outside the normal range. Left ear normal.", MIXED),
    ],
)  # fmt: skip
def test_differences_and_comparisons_flag_nothing(reply, case):
    assert check_reply(reply, case).critical_errors == []
