"""A list of several patients sent with one audiogram that names none of its entries (a clinic
day list, a batch of referrals, a surveillance round): the entry that reports an audiogram in
full is this patient's, the short entries beside it are other patients' summaries, and their
sides, grades and averages are not this audiogram's (validation batch 86, used as tuning data).
Where no entry stands out, or the entries are not people's, nothing is blanked. Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import named_entry_only

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

FULL = (
    "right air 45 @250, 45 @500, 40 @1k, 35 @2k, 30 @4k, masked bone 5-10 dB HL; {verdict}; "
    "left 10 dB HL at every frequency"
)
NUMBERED = (
    "Otology clinic, Wednesday - results to be posted\n"
    "1. 67 F - left mixed loss, left 4FA 58.75, moderately severe; aid review.\n"
    "2. 41 M - " + FULL + ". Tympanometry next visit.\n"
    "3. 12 M - bilateral effusion, flat 30 dB HL, type B both.\n"
)
PERSON_WORD = (
    "Noise surveillance round, press shop\n"
    "Operator 118 | 33 | R 4FA 52.5 severe notch, L normal | category 4\n"
    "Operator 204 | 57 | " + FULL + " | category 3\n"
    "Operator 219 | 45 | left dead ear (known) | category 5\n"
)
TITLED = (
    "Domiciliary list, Friday\n"
    "[ ] 1. Mrs A. Ferris, 88 - left profound loss, aided.\n"
    "[ ] 2. Mr J. Oduya, 46 - " + FULL + ".\n"
    "[x] 3. Mr K. Pell, 91 - bilateral severe sensorineural loss, 4FA 70 / 72.5.\n"
)
PEOPLE_TABLE = (
    "Patient | Age | Audiogram | Next\n"
    "--- | --- | --- | ---\n"
    "A | 70 | left severe sensorineural, 4FA 66.25 | hearing aid\n"
    "B | 38 | " + FULL + " | ENT\n"
    "C | 59 | bilateral moderate mixed loss | CT\n"
)
LISTS = [NUMBERED, PERSON_WORD, TITLED, PEOPLE_TABLE]

RIGHT = "right moderate conductive loss"
WRONG_SIDE = "left moderate conductive loss"


@pytest.mark.parametrize("document", LISTS)
def test_the_short_entries_are_blanked_and_the_full_one_kept(document):
    text = document.format(verdict=RIGHT)
    kept = named_entry_only(text)
    assert len(kept) == len(text)
    assert "severe" not in kept and "mixed" not in kept and "profound" not in kept
    assert "masked bone 5-10" in kept and RIGHT in kept


@pytest.mark.parametrize("document", LISTS)
def test_other_patients_summaries_are_not_judged(document):
    assert check_reply(document.format(verdict=RIGHT), CASE).critical_errors == []


@pytest.mark.parametrize("document", LISTS)
def test_the_full_entry_is_still_judged(document):
    assert check_reply(document.format(verdict=WRONG_SIDE), CASE).critical_errors


ONE_PATIENT_NUMBERED = (
    "1. Right ear: air 45 dB HL at 250 and 500 Hz, 40 at 1 kHz, 35 at 2 kHz, 30 at 4 kHz; "
    "masked bone 5-10 dB HL, so a moderate conductive loss.\n"
    "2. Left ear: normal.\n"
    "3. Plan: tympanometry.\n"
)
JUDGMENT = (
    "1. Mr Hale, now 50, worked in a foundry.\n"
    "2. The audiogram shows a right conductive loss, air 30-45 dB HL at 250 Hz to 4 kHz with "
    "bone 5-10 dB HL, moderate on the average.\n"
    "3. Ms Vane, for the defendant, agreed.\n"
    "4. The left ear is normal.\n"
)
TWO_FULL = NUMBERED.replace(
    "left 4FA 58.75, moderately severe; aid review.",
    "left air 55-70 dB HL from 250 Hz to 4 kHz, bone 30-40, 4FA 58.75, moderately severe; "
    "aid review.",
)
NO_LEVELS = (
    "Ward list\n"
    "Bed 3: 80 M, hip fracture day 2, on the orthogeriatric pathway, mobilising with a frame, "
    "pain controlled, family updated, for discharge planning meeting tomorrow at ten.\n"
    "Bed 4: 71 F, left severe hearing loss.\n"
    "Bed 5: 64 M, right mild loss.\n"
)


@pytest.mark.parametrize(
    "text",
    [
        ONE_PATIENT_NUMBERED,  # one patient's points, numbered: no entry is a person's
        JUDGMENT,  # a narrative's numbered paragraphs naming people further on
        TWO_FULL.format(verdict=RIGHT),  # two entries report audiograms: none stands out
        NO_LEVELS,  # the longest entry reports no audiogram
    ],
)
def test_nothing_is_blanked_where_no_entry_is_this_audiograms(text):
    assert named_entry_only(text) == text


def test_the_one_patients_numbered_points_are_all_judged():
    wrong = ONE_PATIENT_NUMBERED.replace("2. Left ear: normal.", "2. Left ear: severe loss.")
    assert check_reply(wrong, CASE).critical_errors


def test_reading_a_long_list_stays_linear():
    entry = "{n}. 50 M - left mild loss, 4FA 25.\n"
    small = "".join(entry.format(n=n) for n in range(1, 200)) + "200. 41 M - " + FULL + "\n"
    big = "".join(entry.format(n=n) for n in range(1, 800)) + "800. 41 M - " + FULL + "\n"
    assert_linear(
        cpu_cost(lambda: named_entry_only(small)), cpu_cost(lambda: named_entry_only(big))
    )
