"""An ear compared with the other by the depth or size of its loss, then a pair of values
("asymmetric - left deeper (65 vs 35 dB HL at 4 kHz)", "right notch larger (50 vs 30)", "left
more affected (70 vs 40)"): as after "worse" or "poorer", the first value is the named ear's
and the second the other ear's (issue #26, validation batch 90 used as tuning data).
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

NOTCH_LEFT_DEEPER = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 6000: 25, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 6000: 55, 8000: 30},
)


@pytest.mark.parametrize(
    "text",
    [
        "Noise notch both ears, asymmetric - left deeper (65 vs 35 dB HL at 4 kHz).",
        "Bilateral notch; the left is deeper: 65 versus 35 dB HL at 4 kHz.",
        "Notch at 4 kHz, left larger (65 vs 35 dB HL at 4 kHz).",
        "Notched both sides, left more affected (65 vs 35 dB HL at 4 kHz).",
    ],
)
def test_the_second_value_is_the_other_ears(text):
    levels = threshold_levels(text, NOTCH_LEFT_DEEPER)
    assert ("right", 4000, 35) in levels and ("left", 4000, 35) not in levels, levels
    assert check_reply(text, NOTCH_LEFT_DEEPER).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Noise notch both ears, asymmetric - right deeper (65 vs 35 dB HL at 4 kHz).",
        "Notch at 4 kHz, left shallower (35 vs 65 dB HL at 4 kHz).",
    ],
)
def test_the_wrong_ear_called_deeper_is_found(text):
    assert check_reply(text, NOTCH_LEFT_DEEPER).critical_errors == ["laterality_confusion"]
