"""A number joined by a dash or "to" to a frequency with its unit ("left 1-4 kHz", "left 3
to 6 kHz") opens a range of frequencies: the unit at the range's end is that number's too,
so it is no level of the ear named before it, even after another frequency ("right 2 kHz,
left 1-4 kHz" names where each ear did not respond, no threshold of 1 dB), and a list "@"
a range ("60/70/80 @0.25-1 kHz") has no level at the range's first frequency (issue #26,
validation batches 78 and 84 as tuning data; the wording here is new, not the batches')."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build({250: 15, 500: 15, 1000: 15, 2000: 40, 3000: 50, 4000: 55, 6000: 70, 8000: 75})


def _misplaced_levels(reply: str) -> list[tuple]:
    """The levels read at a frequency whose threshold they are not (1 dB, or the last of a
    list at the range's first frequency)."""
    return [
        (f.ear, f.frequency, f.claimed)
        for f in check_reply(reply, CASE).findings
        if "threshold" in f.kind.value and f.verdict.value != "match"
    ]


@pytest.mark.parametrize(
    "reply",
    [
        "Masked bone reached the limits (right 2 kHz, left 1-4 kHz).",
        "Not tested at 8 kHz: right, and left 3 to 6 kHz.",
        "Air, left ear: 15/15/15/40 @ 0.25-2 kHz.",
        "Rt 15/15/40/50 @1\u20133 kHz",
    ],
)
def test_the_first_frequency_of_a_range_is_no_level(reply):
    assert _misplaced_levels(reply) == []
    assert check_reply(reply, CASE).critical_errors == []


def test_a_level_before_a_range_of_frequencies_is_still_read():
    reply = "At 4 kHz: right 55, left 55; 70 dB HL at 6-8 kHz on the right."
    assert ("right", 4000, 55) in [
        (f.ear, f.frequency, f.claimed) for f in check_reply(reply, CASE).findings
    ]
