"""A study's list of criteria after a colon is the protocol's yardstick part by part: each part
after a semicolon that states a limit or a band ("mean gap >= 15 dB over 0.5-2 kHz", "better
ear average 35-65 dB HL") and names no ear of the subject is not a result, whatever ear words a
criterion uses ("in each ear", "both ears", "in the study ear", "contralateral"); a short label
of who the list is for ("Inclusion (controls):") does not stop it, and a part naming the right
or left ear stays read (batch 62: screening logs list a trial's criteria before the results).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_CONDUCTIVE = build(
    {250: 50, 500: 50, 1000: 45, 2000: 40, 3000: 40, 4000: 40, 6000: 40, 8000: 40},
    10,
    right_bone={500: 10, 1000: 10, 2000: 15, 4000: 15},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)  # right moderate conductive (average 43.75), left normal


def numbers(text: str) -> set[str]:
    return {
        f"{c.kind} {c.value}" for part in read_statements(without_unclaimed(text)) for c in part
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Eligibility: otosclerosis in the study ear; mean gap >= 15 dB over 0.5-2 kHz; "
        "contralateral PTA <= 20 dB HL.",
        "Inclusion: otosclerosis; 4 kHz threshold 30-60 dB HL in each ear; PTA <= 45 dB HL.",
        "Exclusion criteria: retrocochlear signs; better-ear average above 70 dB HL; "
        "average of 0.5-4 kHz of 90 dB HL or worse in each ear.",
        "Criteria: bilateral loss (4FA >= 55 dB HL in both ears); speech score < 40%.",
        "Inclusion (healthy volunteers): every threshold <= 25 dB HL 0.25-8 kHz in both ears; "
        "right-handed; no tinnitus.",
    ],
)
def test_criteria_parts_are_no_result(text):
    assert numbers(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Eligibility: mean gap >= 15 dB; right average 44 dB HL.",
        "Inclusion: conductive loss; left ear average 10 dB HL (at least 0 dB).",
    ],
)
def test_a_part_naming_the_ear_is_still_read(text):
    assert numbers(text) != set()


@pytest.mark.parametrize(
    "reply",
    [
        "Screening record. Eligibility: conductive loss in the study ear; mean gap >= 15 dB "
        "over 0.5-2 kHz; contralateral PTA <= 20 dB HL; bone PTA 25 dB HL or better.\n"
        "Result: right moderate conductive loss, average 43.75 dB HL; left normal, 10 dB HL.",
        "Criteria: 4FA 35-65 dB HL in the worse ear; other ear 4FA < 15 dB HL.\n"
        "Audiogram: R conductive, moderate (average 43.75); L normal (10 dB HL throughout).",
    ],
)
def test_a_screening_log_with_its_criteria_flags_nothing(reply):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []
