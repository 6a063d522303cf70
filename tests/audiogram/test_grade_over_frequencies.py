"""A grade said once over a group of test frequencies of one ear, with no loss named
("Left: moderate at 2-4 kHz", "moderate in the high frequencies on the left", "mild from 2
to 4 kHz") is the hearing's grade in that region: the frequencies make it a hearing grade,
judged there (issue #26 reading class: a grade for a group of frequencies of one ear). A
grade word with no frequency after an ear's label ("Left: moderate.") is that ear's grade, as
"left moderate" is (round 16; it was left unread before), and a symptom's grade is not the
hearing's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# left normal; right normal to 1 kHz, then 50-55 dB HL at 2-4 kHz (moderate there)
RIGHT_HIGH_LOSS = build(
    {250: 10, 500: 10, 1000: 15, 2000: 50, 3000: 55, 4000: 55, 8000: 60},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 10, 4000: 10, 8000: 10},
    right_bone={500: 10, 1000: 15, 2000: 50, 4000: 55},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "L: profound from 2 to 4 kHz, R fine.",
        "Right normal. Left ear - severe across 2000-4000 Hz.",
        "On the left, profound in the higher frequencies.",
    ],
)
def test_grade_over_frequencies_is_judged(text):
    assert check_reply(text, RIGHT_HIGH_LOSS).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "text",
    [
        "R: moderate from 2 to 4 kHz; L normal.",
        "Right ear - moderate across 2000-4000 Hz.",
        "Tinnitus: moderate, pitch-matched at 4 kHz.",
    ],
)
def test_true_grade_or_a_symptom_passes(text):
    assert check_reply(text, RIGHT_HIGH_LOSS).critical_errors == []


def _degrees(text: str) -> list[tuple]:
    return [(c.ears, c.value, c.frequencies) for cl in read_statements(text) for c in cl
            if c.kind == "degree"]  # fmt: skip


def test_reading():
    assert _degrees("Left: moderate at 2-4 kHz.") == [(("left",), "moderate", (2000, 4000))]
    assert _degrees("Left: moderate.") == [(("left",), "moderate", ())]
