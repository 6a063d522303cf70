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


@pytest.mark.parametrize(
    ("clause", "levels"),
    [
        ("air conduction: 1 khz: 27.9 db", [((1000,), 27.9, "air")]),
        (
            "air conduction: 1000 hz: 27.9 db, 4000 hz: 61.2 db",
            [((1000,), 27.9, "air"), ((4000,), 61.2, "air")],
        ),
        (
            "bone conduction: 500 hz: 19.5 db hl, 2 khz: 21.5 db",
            [((500,), 19.5, "bone"), ((2000,), 21.5, "bone")],
        ),
    ],
)
def test_in_an_ears_row_a_decimal_in_plain_db_is_the_ears_level(clause, levels):
    """Batch 179 QB39 ("Right ear, air conduction: ...; 1000 Hz: 7.9 dB, 6000 Hz: 8.3 dB"):
    the row's label names the ear's results, so a decimal in dB with no scale named, as an
    item of the row (semicolons or commas between items), is that ear's level."""
    assert _levels(clause) == levels


@pytest.mark.parametrize(
    "clause",
    [
        "air conduction: 1 khz: 7.9 db spl",
        "air conduction: 1 khz: 7.9 db sl",
        "air conduction: 1 khz: 7.9 db above the mean of the group",
    ],
)
def test_another_scale_or_more_words_in_an_ears_row_is_no_threshold(clause):
    assert _levels(clause) == []


def test_with_no_ear_a_decimal_in_plain_db_stays_unread():
    assert [
        c for c in threshold_claims("4 khz: 12.5 db", None, False) if c.kind == "threshold"
    ] == []
    assert [
        c for c in threshold_claims("1000 hz: 7.9 db, 4000 hz: 8.3 db", None, False)
        if c.kind == "threshold"
    ] == []  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear, air conduction: 1000 Hz: 27.9 dB, 2000 Hz: 22.1 dB", []),
        ("Left ear, air conduction: 500 Hz: 24.6 dB; 4000 Hz: 63.8 dB", ["fabricated_result"]),
        ("Left ear, bone conduction: 1000 Hz: 21.5 dB, 2000 Hz: 58.2 dB", ["fabricated_result"]),
        ("Right ear, air conduction: 1000 Hz: 61.5 dB SPL", []),
    ],
)
def test_the_plain_db_row_level_is_judged(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors
