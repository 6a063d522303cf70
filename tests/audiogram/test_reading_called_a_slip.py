"""A reading the writer reports unquoted and, in the same sentence, calls a slip ("I said
conductive for the right in my summary and that was a typo") is withdrawn, as a quoted one
the writer rejects is (validation batch 88, a witness's evidence, used as tuning data).
Wording of our own. Near misses: a reported reading kept ("I wrote moderate in the letter
and that stands"), or a verdict that is not about it ("I said conductive; the tympanogram is
wrong-footing nobody"), stays a claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import present_word_only, withdrawn_readings_blanked

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

SLIPS = [
    "Left ear first: normal. Right ear: we typed sensorineural on the clinic form, which was "
    "simply a mistake. It is a moderate conductive loss, bone 5-10 dB HL.",
    "On the right, I had written mixed loss in the referral, but that was an error. "
    "Right ear: moderate conductive loss, bone 5-10 dB HL. Left ear: normal.",
]


@pytest.mark.parametrize("text", SLIPS)
def test_the_reading_called_a_slip_is_blanked(text):
    out = withdrawn_readings_blanked(text)
    assert len(out) == len(text)
    assert "sensorineural" not in out and "mixed" not in out
    assert "moderate conductive loss" in out


@pytest.mark.parametrize("text", SLIPS)
def test_the_reading_called_a_slip_is_not_judged(text):
    assert check_reply(text, CASE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: I wrote sensorineural loss in the letter and that stands.",
        "Right ear: I said sensorineural loss. The tympanogram is wrong for that.",
    ],
)
def test_a_reported_reading_not_called_a_slip_stays(text):
    assert present_word_only(text) == text
    assert "type_misclassification" in check_reply(text, CASE).critical_errors


def test_read_in_linear_time():
    text = "I wrote mild for the left and that was a typo. " * 20
    small = cpu_cost(lambda: withdrawn_readings_blanked(text * 5))
    big = cpu_cost(lambda: withdrawn_readings_blanked(text * 20))
    assert_linear(small, big)
