"""A one-line record with a cell per ear ("Grade  R MILD | L SEVERE", "R: normal   L:
moderate conductive"): a pipe or a column gap before the other ear's tag ends the first ear's
cell as a semicolon would (issue #26, batch 98: automated-audiometer summary lines). Wording
of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.ear_cells import ear_cells_divided

from .conftest import build

RIGHT_NORMAL_LEFT_CONDUCTIVE = build(
    10,
    {250: 45, 500: 45, 1000: 45, 2000: 40, 3000: 40, 4000: 40, 6000: 45, 8000: 45},
    right_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    left_bone={500: 5, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)  # right normal; left moderate conductive (4FA 42.5)
RIGHT_SNHL_LEFT_CONDUCTIVE = build(
    {250: 25, 500: 30, 1000: 40, 2000: 50, 3000: 55, 4000: 60, 6000: 65, 8000: 65},
    {250: 35, 500: 35, 1000: 30, 2000: 30, 3000: 30, 4000: 30, 6000: 35, 8000: 35},
    right_bone={500: 25, 1000: 35, 2000: 45, 4000: 55},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Findings  RE: hearing within normal limits    LE: moderate conductive loss",
        "Result line -> Right normal hearing | Left moderate conductive hearing loss",
    ],
)
def test_each_cell_keeps_its_ear(text):
    assert check_reply(text, RIGHT_NORMAL_LEFT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    ["Kind of loss:  RT sensorineural | LT conductive", "Type   R: SNHL     L: conductive"],
)
def test_two_types_in_two_cells_are_not_one_mixed_loss(text):
    assert check_reply(text, RIGHT_SNHL_LEFT_CONDUCTIVE).critical_errors == []


def test_the_swap_is_still_found():
    text = "Findings  RE: moderate conductive loss    LE: hearing within normal limits"
    errors = check_reply(text, RIGHT_NORMAL_LEFT_CONDUCTIVE).critical_errors
    assert "laterality_confusion" in errors


def test_numbers_and_lines_without_an_ear_are_left_alone():
    for text in (
        "4FA  R 45.0  |  L 31.25",
        "Freq   250   500",
        "RIGHT  AC  250:25  500:30",
        "| Hz | Right AC | Right BC | Left AC |",
        "Hz    Right air    Right bone    Left air",
    ):
        assert ear_cells_divided(text) == text
    assert ear_cells_divided("R MILD | L SEVERE") == "R MILD ; L SEVERE"
