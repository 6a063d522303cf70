"""A report that tells of a mistaken record and then gives the result as verified: the
verified result is the last word, and the mistaken first record before it is not said
(validation batch 91, patient-safety incident reports, used as tuning data). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import final_part_only as verified_results_only

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

RESULT = (
    "Right ear: moderate conductive loss, air 45 dB HL at 250 Hz easing to 30 at 4 kHz, "
    "bone 5-10 dB HL.\nLeft ear: normal, 10 dB HL throughout.\n"
)

MISTAKES = [
    "Significant event review\n"
    "What happened: the result went into the record in error as a left severe "
    "sensorineural loss, 4FA 70 dB HL.\nHow it was found: the GP queried the letter.\n\n"
    "Verified result, re-read by the lead audiologist:\n",
    "Complaint 22-118. Monday's letter wrongly gave another patient's figures (right ear "
    "normal, left 70 dB HL, mixed).\n"
    "Corrected findings for Ms K:\n",
]


@pytest.mark.parametrize("account", MISTAKES)
def test_the_account_of_the_mistaken_record_is_blanked(account):
    text = account + RESULT + "Actions: second check of every keyed result."
    kept = verified_results_only(text)
    assert len(kept) == len(text) and kept.count("\n") == text.count("\n")
    assert "70" not in kept and RESULT in kept


@pytest.mark.parametrize("account", MISTAKES)
def test_the_mistaken_record_is_not_judged(account):
    assert check_reply(account + RESULT, CASE).critical_errors == []


def test_a_result_verified_with_no_mistake_told_is_kept():
    text = "Audiogram of 3 May.\n" + RESULT + "Confirmed by: the senior audiologist."
    assert verified_results_only(text) == text


def test_an_error_in_the_verified_result_is_still_found():
    wrong = RESULT.replace("moderate conductive", "moderate sensorineural")
    assert "type_misclassification" in check_reply(MISTAKES[0] + wrong, CASE).critical_errors


OWN_STATEMENTS = [
    # the reply's own reading, then words judging a reading, then a "confirmed" line
    "Right ear: moderate conductive loss, 45 dB HL.\nIt would be wrong to call the right "
    "loss sensorineural: bone sits at 5-10.\nConfirmed with the tympanogram: flat on the right.",
    "Impression: left ear normal, right conductive.\nA measurement error of 5 dB is "
    "possible at 250 Hz; an incorrect masking level would shift bone.\n"
    "Corrected for masking, the picture is the same:\nair-bone gap 35 dB on the right.",
]


@pytest.mark.parametrize("text", OWN_STATEMENTS)
def test_words_judging_a_reading_or_a_measurement_tell_of_no_mistaken_record(text):
    assert verified_results_only(text) == text


def test_a_wrong_reading_in_the_replys_own_statement_before_confirmed_is_judged():
    text = (
        "Right ear: moderate sensorineural loss, 45 dB HL.\nIt would be incorrect to read "
        "an error of 10 dB into the bone line.\nConfirmed on repeat testing: no change."
    )
    assert "type_misclassification" in check_reply(text, CASE).critical_errors


DATABASE_RECORDS = [
    # a registry's record as resolved after a keying mistake (batch 82): wording of our own
    "Query Q-31: left and right columns transposed when the audiogram was keyed; the "
    "first entry put a 70 dB HL mixed loss on the left.\nSite confirmed from source.\n\n"
    "Locked record (after queries):\n",
    "Audit note: the ears were swapped in the upload, so the left showed the conductive "
    "loss at 40 dB.\nRecord after correction, 12 March:\n",
]


@pytest.mark.parametrize("account", DATABASE_RECORDS)
def test_a_resolved_record_after_a_keying_mistake_is_the_last_word(account):
    text = account + RESULT
    kept = verified_results_only(text)
    assert "70" not in kept and "the left showed" not in kept and RESULT in kept
    assert check_reply(text, CASE).critical_errors == []


def test_a_final_record_with_no_mistake_told_is_kept():
    text = "Registry extract, visit 2.\nLeft 70 dB HL.\nFinal values:\n" + RESULT
    assert verified_results_only(text) == text
