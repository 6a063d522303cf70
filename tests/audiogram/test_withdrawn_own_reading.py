"""A reading the writer reports having made and then rejects ('we initially labelled it
"severe sensorineural loss" ... not sensorineural') is withdrawn, and one they only would
have made ('I would have said "sensorineural"') was never made: neither is a claim about
this audiogram (validation batch 83, reflective entries, used as tuning data). Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import withdrawn_readings_blanked

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

RESULTS = (
    "Right ear: air 45 dB HL at 250 Hz easing to 30 at 4 kHz over bone of 5-10. "
    "Left ear normal, 10 dB HL throughout. "
)

WITHDRAWN = [
    'At the start of clinic we had it filed as "severe sensorineural loss" before the bone '
    "was done.\n\nAfter masking, the bone line came in at 5-10 dB HL. My mentor went through "
    "the gap at each frequency with me. This is a moderate conductive loss on the right, "
    "not sensorineural.",
    'I had put "left moderate conductive loss" on the request form.\n\nWhen the chart came '
    "back it was plain: the loss is on the right, not left.",
    'In the booth I had typed "moderate mixed loss" into the notes.\n\nMasked bone at 5-10 '
    "dB HL puts that to rest: purely conductive, not mixed.",
]


@pytest.mark.parametrize("reading", WITHDRAWN)
def test_withdrawn_reading_is_blanked(reading):
    text = RESULTS + reading
    kept = withdrawn_readings_blanked(text)
    assert len(kept) == len(text)
    quoted = reading.split('"')[1]
    assert quoted not in kept


@pytest.mark.parametrize("reading", WITHDRAWN)
def test_withdrawn_reading_is_not_judged(reading):
    assert check_reply(RESULTS + reading, CASE).critical_errors == []


@pytest.mark.parametrize(
    "reading",
    [
        'I wrote "moderate conductive loss on the right" in the letter to the GP.',
        'We had it down as "right conductive loss" from the start, and the bone line agrees.',
    ],
)
def test_kept_reading_stays(reading):
    assert withdrawn_readings_blanked(RESULTS + reading) == RESULTS + reading


def test_reading_only_would_have_made_is_blanked():
    text = RESULTS + 'Had the bone been missing I would have said "sensorineural". It is not.'
    assert "sensorineural" not in withdrawn_readings_blanked(text)
