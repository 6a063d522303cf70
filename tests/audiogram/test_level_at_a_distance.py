"""A sound level "@" a distance ("the alarm gives 85 dB @ 3 m", "70 dB @ 6 ft") is a device's
level at that distance from it, not a hearing threshold at a test frequency: the at-sign
frequency of clinic shorthand ("40 @ 2k", "30 @750") is no frequency when a unit of length
follows the number (validation batch 113: equipment assessments give alarm and doorbell
levels at distances)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

RIGHT_MODERATE = build(45, 10)

DISTANCES = [
    "Right moderate loss, left normal. Bedside shaker alarm tested: 92 dB @ 2 m.",
    "Right moderate loss, left normal. Hall chime measured 75 dB @ 10 ft from her chair.",
    "Right moderate loss, left normal. Strobe sounder 88 @ 4 metres, fine.",
]


@pytest.mark.parametrize("reply", DISTANCES)
def test_a_level_at_a_distance_is_no_threshold(reply):
    assert not [c for c in read_claims(reply) if c.kind == "threshold"]
    assert check_reply(reply, RIGHT_MODERATE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right 90 @ 2k, left normal.", ["fabricated_result"]),
        ("Right 45 @ 2k, left normal.", []),
    ],
)
def test_a_level_at_a_frequency_is_still_read(reply, errors):
    assert check_reply(reply, RIGHT_MODERATE).critical_errors == errors
