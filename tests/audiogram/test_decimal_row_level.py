"""A level in decimals right after an ear line's conduction label, with no frequency in its
clause ("Left ear, bone conduction: 32.6 dB HL (masked)"), is that ear's level of that
conduction (threshold_claims.WHOLE_EAR_LEVEL with DECIMAL_LEVEL), as the same level in whole
decibels is read there: judged against every threshold of that ear and conduction. No ear, a
frequency after it, or another measure's label, and nothing is read (issue #26 batch 124, the
replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import (
    DECIMAL_LEVEL,
    WHOLE_EAR_LEVEL,
    threshold_claims,
)

from .conftest import build

_BONE = {500: 10, 1000: 10, 2000: 15, 4000: 15}
MILD = build(30, right_bone=_BONE, left_bone=_BONE, bone_masked=True)


def _row_levels(low: str, ear: str | None = "left") -> list[tuple]:
    return [
        (c.conduction, c.value)
        for c in threshold_claims(low, ear, False)
        if c.kind == "threshold_range" and WHOLE_EAR_LEVEL in c.rules
    ]


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("bone conduction: 32.6 db hl (masked)", ("bone", 32.6)),
        ("air conduction: 27.5 db hl", ("air", 27.5)),
        ("- air-conduction: 110.25 db hl - 30.5 db hl", ("air", 110.25)),
    ],
)
def test_a_decimal_level_under_a_row_label_is_the_rows(clause, level):
    assert _row_levels(clause) == [level]
    assert all(DECIMAL_LEVEL in c.rules for c in threshold_claims(clause, "left", False))


@pytest.mark.parametrize(
    ("clause", "ear"),
    [
        ("bone conduction: 32.6 db hl", None),
        ("air conduction: 27.5 db hl at 2 khz", "left"),
        ("speech: 27.5 db hl", "left"),
        ("air conduction improved by 12.5 db hl", "left"),
    ],
)
def test_without_an_ear_or_with_a_frequency_it_is_not_read(clause, ear):
    assert _row_levels(clause, ear) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear, air conduction: 31.5 dB HL", []),
        ("Left ear, bone conduction: 12.4 dB HL (masked)", []),
        ("Left ear, bone conduction: 58.3 dB HL (masked)", ["fabricated_result"]),
        ("Right ear, air conduction: 81.9 dB HL", ["fabricated_result"]),
    ],
)
def test_the_row_level_is_judged_against_the_ears_thresholds(reply, errors):
    assert check_reply(reply, MILD).critical_errors == errors
