"""Another numbered person named "for contrast" or "for comparison" beside the patient the
record is about ("Patient 5 (for contrast) had a left type B with 0.8 ml and was not examined
until week 6") is set beside the subject, as "unlike Case 4" is: what the sentence says of
them is their result, not this audiogram's. The record's own patient ("Patient 3, cycle 2")
is read. Batch 105 YF06 as tuning data (discourse.OTHER_PERSON)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import conductive_right


@pytest.mark.parametrize(
    "text",
    [
        "Patient 5 (for contrast) had a left type B with 0.8 ml and was not examined.",
        "Case 12 (for comparison) showed a left moderate mixed loss.",
        "Participant P-7 (by contrast): left 60 dB HL at 1 kHz.",
    ],
)
def test_the_other_persons_result_is_blanked(text):
    read = without_unclaimed(text)
    assert "left" not in read
    assert check_reply(text, conductive_right()).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Patient 3 (cycle 2): left type B.",  # no contrast: the record's own patient
        "For contrast, the left is normal.",  # no other person named
        "Patient 5 had a left type B.",
    ],
)
def test_near_misses_are_read(text):
    assert "left" in without_unclaimed(text)


def test_the_records_patient_is_still_judged():
    reply = (
        "Patient 3, cycle 2: left conductive loss, type B.\n"
        "Patient 5 (for contrast) had a right type A."
    )
    assert check_reply(reply, conductive_right()).critical_errors == ["laterality_confusion"]
