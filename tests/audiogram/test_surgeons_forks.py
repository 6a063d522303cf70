"""A surgeon's note of an ear operation (stapedectomy, tympanoplasty, mastoidectomy, an
operation note) records the surgeon's own tuning-fork examination (Rinne, Weber) beside the
pre-operative audiogram: those results are not the audiogram's, so they are not invented
results of it (issue #26, validation batch 40: operation notes, tuning forks unlabelled). An
audiology report or a reply interpreting the audiogram that gives fork results the case does
not hold still invents them (batch 36 VN38), and the note's audiometry is still judged."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# right conductive loss (air 45, bone 5), left normal
RIGHT_CONDUCTIVE = build(
    {500: 45, 1000: 45, 2000: 40, 4000: 40},
    {500: 10, 1000: 10, 2000: 10, 4000: 10},
    right_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
)


@pytest.mark.parametrize(
    "text",
    [
        "Consent: right stapedectomy. Audiogram shows a right conductive loss, air 40-45 dB HL, "
        "bone 5. Left hearing normal.\nOn examination the 512 Hz fork gave a negative Rinne "
        "on the right and Weber lateralising right.",
        "Tympanoplasty list, Mr B.\nExam: Rinne -ve R, +ve L; Weber goes right.\n"
        "PTA: R conductive, 40-45 dB HL air; L normal.",
        "MASTOIDECTOMY - PRE-ASSESSMENT\nRinne negative right ear.\nRight conductive loss.",
    ],
)
def test_surgeons_forks_are_no_claim(text):
    assert check_reply(text, RIGHT_CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # no operation: an audiology report's forks are results the case does not hold
        "Audiology report. Rinne negative right, Weber to the right. Right conductive loss.",
        "The audiogram shows a right conductive loss; Rinne was negative on the right.",
    ],
)
def test_forks_outside_a_surgeons_note_are_judged(text):
    assert check_reply(text, RIGHT_CONDUCTIVE).critical_errors == ["fabricated_result"]


def test_audiometry_of_the_note_is_still_judged():
    text = "Operation note: left tympanoplasty.\nLeft conductive loss. Rinne -ve left."
    # the left ear is normal: its 'conductive' is judged, its fork result is not
    assert check_reply(text, RIGHT_CONDUCTIVE).critical_errors == ["type_misclassification"]


def test_reading():
    text = "Op note - stapedotomy. Rinne negative left at 512 Hz; left conductive loss."
    out = without_unclaimed(text)
    assert "rinne" not in out.lower() and len(out) == len(text)
    assert "left conductive loss" in out
