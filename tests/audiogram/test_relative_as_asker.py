"""An asker named by relation and a verb of asking ("My son asked:", "Her husband wants to
know:") labels the asker's turn of a dialogue as "Son:" does: the reading in it is the asker's,
not the answer's, unless the answer adopts it (voice rule ``asker_turns``). Wording of our own.
Near miss: an answer that adopts the asker's reading ("Yes, ...") keeps it."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import asker_turns_blanked

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

DIALOGUES = [
    "My son asked: so the left ear has the nerve loss?\n"
    "Answer: No. The right ear has a moderate conductive loss; the left is normal.\n"
    "My son asked: a sensorineural loss on the left, then.\n"
    "Answer: The left hears normally, 10 dB HL.",
    "Her husband wants to know: it's a severe mixed loss in the left ear.\n"
    "Assistant: The left ear is normal. The right has a moderate conductive loss.\n"
    "Her husband wrote: right ear is profound.\n"
    "Assistant: Moderate, not profound: 30-45 dB HL with bone at 5-10.",
]


@pytest.mark.parametrize("text", DIALOGUES)
def test_the_relatives_turns_are_blanked(text):
    out = asker_turns_blanked(text)
    assert len(out) == len(text) and out.count("\n") == text.count("\n")
    assert "nerve" not in out and "severe mixed" not in out and "profound." not in out


@pytest.mark.parametrize("text", DIALOGUES)
def test_the_relatives_readings_are_not_judged(text):
    assert check_reply(text, CASE).critical_errors == []


def test_an_adopted_reading_of_a_relative_is_the_answers():
    text = (
        "My daughter asked: the right ear is the sensorineural one?\n"
        "Answer: Yes, the right ear.\n"
        "My daughter asked: and the left?\n"
        "Answer: Normal."
    )
    assert "type_misclassification" in check_reply(text, CASE).critical_errors
