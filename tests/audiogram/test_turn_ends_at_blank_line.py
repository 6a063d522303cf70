"""A transcript's turn ends at the next turn or at a blank line: an ambient scribe's draft
gives a transcript excerpt, then its generated note, and the note is the clinician's record,
not the last speaker's words (issue #26, validation batch 84, as tuning data: the patient's
last turn ran to the end and took the note with it). A subtitle file's next cue ("12" then a
time range) or a time-stamped line after the blank line goes on with the transcript, so a
patient's turn carried into an unlabelled cue stays theirs. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import _without_other_speakers

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right moderate conductive loss (4FA 37.5), left normal

SCRIBE = (
    "AI scribe - draft\n"
    "AUDIOLOGIST: The right side is the one with the problem.\n"
    "PATIENT: My left feels worse, honestly, like it's severe.\n"
    "\n"
    "Generated note\n"
    "Results: {side} air 30-45 dB HL, masked bone 5-10 -> {side} moderate conductive loss.\n"
    "Plan: ENT review.\n"
)
CARD = "Patient: R. Moss\n\nRight ear moderate conductive loss; {side} air 30-45 dB HL.\n"


@pytest.mark.parametrize("document", [SCRIBE, CARD])
def test_the_text_after_a_blank_line_is_read(document):
    assert check_reply(document.format(side="right"), CASE).critical_errors == []
    assert check_reply(document.format(side="left"), CASE).critical_errors


def test_the_patients_words_before_the_blank_line_stay_blanked():
    out = _without_other_speakers(SCRIBE.format(side="right"))
    assert "severe" not in out and "My left" not in out
    assert "Generated note" in out and "masked bone 5-10" in out


@pytest.mark.parametrize(
    "transcript",
    [
        # a subtitle file: the patient's turn goes on into the next, unlabelled cue
        "7\n00:01:02,000 --> 00:01:05,000\nAUDIOLOGIST: Right ear moderate conductive.\n\n"
        "8\n00:01:05,500 --> 00:01:08,000\nPATIENT: I always thought the left was\n\n"
        "9\n00:01:08,000 --> 00:01:10,000\nseverely deaf, to be honest.\n",
        # time-stamped lines after a blank line
        "Audiologist: Right ear moderate conductive.\n"
        "Patient: I always thought the left was\n\n[00:01:08] severely deaf.\n",
    ],
)
def test_a_turn_goes_on_into_the_next_cue(transcript):
    out = _without_other_speakers(transcript)
    assert "severely" not in out and "Right ear moderate conductive" in out


def test_ending_turns_stays_linear():
    turn = "PATIENT: my left is worse\nAUDIOLOGIST: right 40 dB\n\nNote: right 40 dB HL.\n"
    small, big = turn * 150, turn * 600
    assert_linear(
        cpu_cost(lambda: _without_other_speakers(small)),
        cpu_cost(lambda: _without_other_speakers(big)),
    )
