"""The audiometer's own checks are not the patient's audiogram: the daily subjective
(biological) check is the tester listening on their own ears ("Biological calibration
(tester's own ears): R 5-10, L 5-10 at 250-8k", "Daily check (own ears): R 10, L 10 at 1
kHz", "tester's own left 6 kHz is 35 on file"), and the output check is read on a coupler
("High-output check (on the coupler): AC 120 dB HL at 1 kHz reads 127 dB SPL"). Their levels
are blanked to their clause end; the patient's results after them are read. Batch 108 YI05
(and YI26) as tuning data (discourse.TESTER_OWN_EARS)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, build

PATIENT = build(
    {250: 45, 500: 45, 1000: 40, 2000: 35, 4000: 30, 8000: 35},
    right_bone={500: 5, 1000: 10, 2000: 20, 4000: 10},
    left_bone={500: 5, 1000: 10, 2000: 20, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Biological calibration (tester's own ears): R 5-10, L 5-10 at 250-8k. Patient next.",
         ["5-10 at 250-8k"]),
        ("Daily listening check on own ears: R 10, L 10 dB HL at 1 kHz, stable.",
         ["10 dB HL at 1 kHz"]),
        ("Note: the audiologist's own left 6 kHz is 35 on file, expected.", ["35 on file"]),
        ("High-output check (on the coupler): AC 120 dB HL at 1 kHz reads 127 dB SPL.",
         ["120 dB HL"]),
    ],
)  # fmt: skip
def test_the_checks_are_blanked(text, gone):
    assert_blanked(text, gone=gone, kept=[])
    assert check_reply(text, PATIENT).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Hearing check today: right 45 dB HL at 1 kHz.",  # a check of the patient
        "She says her own ears feel blocked; right 45 dB HL at 1 kHz.",
        "Listening to the patient: right 45 dB HL at 1 kHz.",
    ],
)
def test_the_patients_results_are_read(text):
    assert "45 dB HL at 1 kHz" in without_unclaimed(text)


def test_the_patients_audiogram_after_the_check_is_judged():
    reply = (
        "Biological check (own ears): R 5, L 5 at 1 kHz.\n"
        "Patient: right 70 dB HL at 1 kHz, conductive."
    )
    assert check_reply(reply, PATIENT).critical_errors == ["fabricated_result"]
