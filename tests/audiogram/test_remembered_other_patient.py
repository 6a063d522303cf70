"""Someone else the writer remembers from another time ("two years ago I looked after a
woman with ...", "a boy I tested last winter ...") is another patient: what the sentence
says of them is not this audiogram's result (validation batch 83, reflective entries, used
as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import remembered_cases_blanked

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

RESULTS = (
    "Right ear: air 45 dB HL at 250 Hz easing to 30 at 4 kHz over bone of 5-10; a moderate "
    "conductive loss. Left ear normal, 10 dB HL throughout. "
)

REMEMBERED = [
    "Two years ago I looked after a woman with a left sensorineural loss of about 70 dB, "
    "and she did badly without aids.",
    "It took me back to a boy I tested last winter whose left ear was severe and mixed, "
    "70 dB HL at 1 kHz.",
]


@pytest.mark.parametrize("memory", REMEMBERED)
def test_remembered_patient_is_blanked(memory):
    text = RESULTS + memory
    kept = remembered_cases_blanked(text)
    assert len(kept) == len(text)
    assert kept.startswith(RESULTS) and "70" not in kept


@pytest.mark.parametrize("memory", REMEMBERED)
def test_remembered_patient_is_not_judged(memory):
    assert check_reply(RESULTS + memory, CASE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the patient introduced at another time, before any result: this patient
        "Last week a 40-year-old woman came with a blocked right ear. " + RESULTS,
        # another time without another person: the writer's own history of this patient
        RESULTS + "Two years ago her left ear was normal as well.",
    ],
)
def test_this_patient_is_kept(text):
    assert remembered_cases_blanked(text) == text


def test_this_patients_error_is_still_found():
    reply = (
        "Last week a 40-year-old woman came with a blocked ear. Left ear: air 45 dB HL at "
        "250 Hz easing to 30 at 4 kHz; a moderate conductive loss. Right ear normal."
    )
    assert "laterality_confusion" in check_reply(reply, CASE).critical_errors
