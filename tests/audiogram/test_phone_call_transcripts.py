"""Results given in a telephone call's transcript (issue #26, batch 57 used as tuning data).

A call says its levels in words ("forty-five decibels", "ninety-six percent"), as a dictation
does, and a transcription service numbers its speakers ("Speaker 1", "speaker 2") instead of
naming them. The reading facts tested here:

- a number written in words is a number wherever the reader reads numbers, dictated or not,
  and a unit in words after a number is that unit ("250 hertz" is 250 Hz);
- each speaker's turn is a line of its own (never a wrapped continuation), and blanking a
  caller's turn keeps the line break before the next turn;
- with numbered speakers, the one who introduces themselves as the clinic's gives the
  results, and the other speakers' turns are history, as a named patient's are;
- a speaker's label is who speaks, not a source the words are reported from, and a report
  read aloud to the patient ("I'll read you what the audiologist wrote") is given as the
  results;
- "20 dB or better" bounds a level; it compares no ears;
- a bare number given as where the hearing is at the frequency a sentence opens with ("At
  3 kHz on the left you're at 55", "the reading was 70") is that frequency's level;
- a frequency, a comma, then "at" and a level ("a response at 500 Hz, at 90 dB") is the
  level it was heard at.

Every sentence is written here, unlike the batch's.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import written_out
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.notation import mail_wrap_mended
from clinbench.audiogram.statements import read_statements

from .conftest import assert_blanked, build, conductive_right

RIGHT_CONDUCTIVE = conductive_right()  # right 45-30 over bone 5-10 (avg 37.5); left 10


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Right side was at forty-five decibels there.", "Right side was at 45 decibels there."),
        ("she scored ninety-six percent on the word list",
         "she scored 96% on the word list"),
        ("an average of thirty-seven point five on that side",
         "an average of 37.5 on that side"),
        ("sixty decibels at four thousand", "60 decibels at 4000 Hz"),
        # a unit in words after digits is the unit
        ("at 1000 hertz the left read 70", "at 1000 Hz the left read 70"),
        ("2 kilohertz: 35 on the right", "2 kHz: 35 on the right"),
        # a lone word under ten is a count, and spoken punctuation stays a word
        ("one ear is fine and the two sides differ", "one ear is fine and the two sides differ"),
        ("surgery on the colon, eleven years back", "surgery on the colon, 11 years back"),
    ],
)  # fmt: skip
def test_numbers_in_words_are_written_as_digits_outside_dictation(text, written):
    assert written_out(text) == written


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear has a conductive loss, moderate, averaging about thirty-eight. "
         "At 4000 Hz the right ear was at thirty decibels.", []),
        ("The right ear has a conductive loss, moderate, averaging about thirty-eight. "
         "At 4000 Hz the right ear was at seventy-five decibels.", ["fabricated_result"]),
        ("Right ear conductive. At 250 hertz, the left was sixty.", ["fabricated_result"]),
        ("Right ear conductive. At 250 hertz, the left was ten.", []),
        ("Right ear conductive, left ear normal. Word recognition on the left came to "
         "ninety-four percent.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_levels_said_in_words_are_judged(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


NUMBERED_CALL = (
    "[00:00:01] Speaker 1: Morning, am I talking to Mr Lund?\n"
    "[00:00:03] Speaker 2: You are.\n"
    "[00:00:05] Speaker 1: Good. This is Priti from the hearing service, with your results.\n"
    "[00:00:09] Speaker 2: I always thought my left was the deaf one, to be honest.\n"
    "[00:00:12] Speaker 1: The left is normal. The right ear has a moderate conductive loss.\n"
)
UNPUNCTUATED_CALL = (
    "speaker 2 hello who is this\n"
    "speaker 1 hiya its tomasz calling from audiology at the county with your test results\n"
    "speaker 2 oh right my wife says i have a severe loss in the left and she is usually right\n"
    "speaker 1 the left ear is normal and the right ear has a moderate conductive loss\n"
)


@pytest.mark.parametrize(
    ("text", "gone", "kept"),
    [
        (NUMBERED_CALL, ["deaf one"], ["The right ear has a moderate conductive loss."]),
        (UNPUNCTUATED_CALL, ["severe loss in the left"],
         ["the right ear has a moderate conductive loss"]),
    ],
)  # fmt: skip
def test_the_numbered_speaker_who_is_not_the_clinic_s_is_history(text, gone, kept):
    assert_blanked(without_unclaimed(text), gone, kept)


def test_numbered_speakers_with_no_one_introduced_are_all_read():
    text = "Speaker 1: The left is normal.\nSpeaker 2: The right is moderate.\n"
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (NUMBERED_CALL, []),
        (UNPUNCTUATED_CALL, []),
        (NUMBERED_CALL.replace("moderate conductive", "moderate sensorineural"),
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_numbered_calls_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


def test_a_numbered_turn_is_never_a_wrapped_line():
    text = (
        "speaker 1 so now we come to the results of the test you had on the tuesday morning\n"
        "speaker 2 yes go on then i have got a pen and paper here ready for it now\n"
        "[00:02:11] and the right side is where the loss is, mostly at the low pitches there\n"
    )
    assert mail_wrap_mended(text) == text


def test_a_blanked_caller_turn_keeps_the_next_turn_on_a_line_of_its_own():
    text = "Caller: Is it the left, then?\nAudiologist: No, right conductive, left normal.\n"
    out = without_unclaimed(text)
    assert len(out) == len(text)
    assert "\nAudiologist: No, right conductive, left normal." in out
    assert "the left, then" not in out


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a report read aloud by the one giving the results is given as the results
        ('Nurse: The audiologist has written it up, so I will read it out to you. "Right ear: '
         'moderate sensorineural loss. Left ear: normal."\nPatient: Thank you.',
         ["type_misclassification"]),
        ('Nurse: Let me read what the hearing clinic sent.\nPatient: Go on.\n'
         'Nurse: "Right: moderate conductive hearing loss. Left: within normal '
         'limits."\nPatient: Thanks.', []),
        ('Nurse: Let me read what the hearing clinic sent.\nPatient: Go on.\n'
         'Nurse: "Right: moderate sensorineural hearing loss. Left: within normal '
         'limits."\nPatient: Thanks.', ["type_misclassification"]),
        # a report only mentioned, not read out as the results, stays someone else's
        ('Audiologist: Your GP letter said "right ear: severe sensorineural loss". Today the '
         "right ear has a moderate conductive loss and the left is normal.\nPatient: I see.", []),
    ],
)  # fmt: skip
def test_a_report_read_aloud_is_the_reader_s_claim(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


LOW_CONDUCTIVE_RIGHT = build(
    {250: 45, 500: 40, 1000: 20, 2000: 15, 4000: 15, 8000: 15},
    10,
    right_bone={250: 5, 500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={250: 5, 500: 5, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)


LEVEL_BOUNDS = [
    "the left ear is normal\nthe right ear has a mild low pitch loss then from 1000 up its 20 "
    "or better\nthe bone test was normal so its conductive",
    "the left ear is normal\nthe right ear has a mild loss just in the low pitches 45 decibels "
    "at 250 Hz then from 1000 upwards its 20 or better\nthe bone conduction test was normal so "
    "its a conductive loss",
]


@pytest.mark.parametrize("text", LEVEL_BOUNDS)
def test_a_level_or_better_compares_no_ears(text):
    # the right ear's line carries its ear on to the unlabelled line after it
    types = [c for claims in read_statements(text) for c in claims if c.kind == "type"]
    assert [c.ears for c in types] == [("right",)]


@pytest.mark.parametrize("text", LEVEL_BOUNDS)
def test_a_level_or_better_end_to_end(text):
    assert check_reply(text, LOW_CONDUCTIVE_RIGHT).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a bare number given as where the hearing is at the frequency the sentence opens with
        ("Right ear conductive. At 4000 Hz on the right you're at seventy-five.",
         ["fabricated_result"]),
        ("Right ear conductive. At 4000 Hz on the right you're at thirty.", []),
        ("Right ear conductive. At 4 kHz on the right the reading was 75, a steep drop.",
         ["fabricated_result"]),
        ("Right ear conductive. At 4 kHz the right ear came out at 30.", []),
    ],
)  # fmt: skip
def test_a_bare_level_said_of_the_opening_frequency(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a frequency, a comma, then "at" and its level: the level it was heard at
        ("Right ear conductive. It responded at 4000 Hz, at 75 dB, on the right.",
         ["fabricated_result"]),
        ("Right ear conductive. It responded at 4000 Hz, at 30 dB, on the right.", []),
        ("Right ear conductive; the right picked up the tone at 4 kHz, at 80 dB.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_a_level_after_its_frequency_and_at(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors
