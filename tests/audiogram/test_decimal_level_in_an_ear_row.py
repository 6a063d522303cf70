"""A level in decimals at one frequency under the conduction label of an ear's line ("Left
ear, bone conduction: 1500 Hz: 32.4 dB HL") is a threshold claim at that frequency, as the
same level as its own list item is (threshold_claims.DECIMAL_LEVEL, _ROW_LABEL): the label
names the row, as a heading above an item does. A frequency the audiogram lacks is then a
fabricated result. Averages, other measures and a label of two values stay unread (issue #26
batch 124, the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import DECIMAL_LEVEL, threshold_claims

from .conftest import build

_BONE = {500: 20, 1000: 20, 2000: 20, 4000: 20}
FLAT_MILD = build(25, right_bone=_BONE, left_bone=_BONE, bone_masked=True)


def _levels(low: str) -> list[tuple]:
    return [
        (c.frequencies, c.value, c.conduction)
        for c in threshold_claims(low, "left", False)
        if c.kind == "threshold"
    ]


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("bone conduction: 1500 hz: 32.4 db hl", ((1500,), 32.4, "bone")),
        ("air conduction: 6 khz: 47.5 db hl", ((6000,), 47.5, "air")),
        ("- air-conduction: 125 hz: 9.9 db hl.", ((125,), 9.9, "air")),
    ],
)
def test_a_decimal_level_under_a_row_label_is_read(clause, level):
    assert _levels(clause) == [level]
    assert DECIMAL_LEVEL in threshold_claims(clause, "left", False)[0].rules


@pytest.mark.parametrize(
    "clause",
    [
        "air conduction: pta (0.5-4 khz): 37.5 db hl",
        "bone conduction: 0.5, 1 and 2 khz: 12.5 db hl",
        "air conduction: 1 khz: 7.0 db spl",
        "air conduction: 2 khz: 36.7 db hl in most adults of that age",
        "speech: 2 khz: 36.7 db hl",
    ],
)
def test_an_average_another_measure_or_another_label_is_no_threshold(clause):
    assert _levels(clause) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear, air conduction: 1000 Hz: 27.5 dB HL", []),
        ("Left ear, bone conduction: 2000 Hz: 22.6 dB HL", []),
        ("Right ear, bone conduction: 125 Hz: 21.3 dB HL", ["fabricated_result"]),
        ("Left ear, air conduction: 4000 Hz: 61.5 dB HL", ["fabricated_result"]),
    ],
)
def test_the_row_level_is_judged(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors
