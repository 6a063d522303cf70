"""The lowest or highest test frequency named in words ("my right ear at the lowest pitch
was 75", "the left at the top frequency was 85", "75 dB at the lowest frequency") is the end
of the standard air-conduction range, 250 or 8000 Hz (BSA 2018): the level given there is a
threshold at that frequency (issue #26, validation batch 51 WD05: a patient's post, "at the
lowest pitch was 75", not read). The plural ("the lowest pitches") is a band and is not
written as one frequency."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build

# sloping: 250 Hz 20, 8 kHz 70, both ears
SLOPING = build(
    {250: 20, 500: 25, 1000: 30, 2000: 45, 4000: 60, 8000: 70},
    right_bone={500: 25, 1000: 30, 2000: 45, 4000: 60},
    left_bone={500: 25, 1000: 30, 2000: 45, 4000: 60},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Her left ear at the bottom frequency was 50.",
        "Right: 20 dB at the lowest tone, 30 dB at the highest note.",
        "He told me the right at the top test frequency was 95.",
    ],
)
def test_level_at_an_end_of_the_range_is_judged(text):
    assert check_reply(text, SLOPING).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "text",
    [
        "Her left ear at the bottom frequency was 20.",
        "Right: 20 dB at the lowest tone, 70 dB at the highest note.",
        "The lowest pitches were fine, the top ones poor.",
    ],
)
def test_true_or_band_levels_pass(text):
    assert check_reply(text, SLOPING).critical_errors == []


def test_reading():
    assert "75 dB HL at 250 Hz" in normalise("my right ear at the lowest pitch was 75")
    assert "at 8000 Hz" in normalise("85 dB at the highest frequency tested")
    assert "lowest pitches" in normalise("the lowest pitches were fine")
