"""A level or range said of a named band of frequencies ("the left at 55 dB in the low
tones", "40-50 dB across the high frequencies") is a summary of that ear's thresholds in the
band (lexicon.BANDS): true when it comes within the dB tolerance of one of them, wrong when it
misses them all, a laterality confusion when it is the other ear's (threshold_claims.BAND_LEVEL;
batch 182 TA35's kind, a later line giving the poorer ear's low tones to the normal ear). A
change or difference said of a band ("a drop of 40 dB in the high frequencies") is no level.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right rising low-tone loss (55/50/40 to 1 kHz, 20-25 above); left normal (10)
RIGHT_LOW_TONES = build(
    {250: 55, 500: 50, 1000: 40, 2000: 25, 4000: 20, 8000: 20},
    10,
    right_bone={250: 50, 500: 45, 1000: 35},
    left_bone={250: 10, 500: 10, 1000: 10},
    bone_masked=True,
)
BODY = "Right rising loss: 55 dB at 250 Hz, 50 at 500, 40 at 1k, 20-25 above. Left 10 dB.\n"


@pytest.mark.parametrize(
    "line",
    [
        "Fluctuation: the left at 55 dB in the low tones today.",
        "- L: 50-55 dB in the low frequencies",
        "| left | 55 dB HL across the low pitches |",
        "Summary - left ear 50 dB through the lower frequencies, right 20 dB in the high end.",
    ],
)
def test_the_other_ears_band_level_is_a_swap(line):
    assert check_reply(BODY + line, RIGHT_LOW_TONES).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "line",
    [
        "Fluctuation: the right at 55 dB in the low tones today.",
        "- R: 40-55 dB in the low frequencies",
        "| left | 10 dB HL across the high pitches |",
        "A drop of 30 dB in the high frequencies on the right.",
    ],
)
def test_the_ears_own_band_level_and_a_change_stay_unflagged(line):
    assert check_reply(BODY + line, RIGHT_LOW_TONES).critical_errors == []


@pytest.mark.parametrize(
    "line",
    [
        # the band named first, its level after a link, a bracket or "drop to" (batch 195
        # TL32's kind: a later line giving one ear's band level to the other)
        "Referral reason: the left ear's low-frequency drop to 50-55 dB.",
        "- Left low tones (50-55 dB) fluctuate with her symptoms",
        "| left | low frequencies at 55 dB |",
        "Today the left low pitches are 50 dB.",
    ],
)
def test_the_other_ears_band_level_named_band_first_is_a_swap(line):
    assert check_reply(BODY + line, RIGHT_LOW_TONES).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "line",
    [
        "Referral reason: the right ear's low-frequency drop to 50-55 dB.",
        "- Right low tones (40-55 dB) fluctuate with her symptoms",
        # a drop's size and a difference said of a band are no levels
        "The right low-frequency drop of 40 dB is the reason for review.",
        "The right low tones are 40 dB worse than the left.",
    ],
)
def test_the_ears_own_band_level_named_band_first_stays_unflagged(line):
    assert check_reply(BODY + line, RIGHT_LOW_TONES).critical_errors == []
