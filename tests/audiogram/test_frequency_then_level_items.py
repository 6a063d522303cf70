"""A frequency alone as a list item followed by a level alone as the next item ("Right ear, air
conduction: 250 Hz; 60 dB HL; 1000 Hz; ...") gives the level to that frequency: the "250 Hz:
60 dB HL; 500 Hz: ..." form with its colon typed as the list's semicolon
(notation._FREQUENCY_SEMICOLON_LEVEL; issue #26 batch 117, a small local model's replies).
A level with a frequency of its own after it, or after a frequency that is no item of its own,
keeps its reading. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build, threshold_levels

# right: 60 dB HL at 250-500 Hz, 30 above; left: 10 dB HL throughout
RIGHT_LOW = build({250: 60, 500: 60, 1000: 30, 2000: 30, 4000: 30, 8000: 30}, 10)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Left ear, air: 250 Hz; 60 dB HL; 1000 Hz; 10 dB HL",
         "Left ear, air: 250 Hz: 60 dB HL; 1000 Hz: 10 dB HL"),
        ("Right: 2 kHz; 30 dB\n", "Right: 2 kHz: 30 dB\n"),
        ("Thresholds: 1 kHz; 25 dB HL; 2 kHz; 35 dB HL",
         "Thresholds: 1 kHz: 25 dB HL; 2 kHz: 35 dB HL"),
    ],
)  # fmt: skip
def test_the_level_item_is_the_frequency_items(text, written):
    assert normalise(text) == normalise(written)


@pytest.mark.parametrize(
    "text",
    [
        "Right: 25 dB HL at 1 kHz; 45 dB HL at 3 kHz",
        "Right 15 dB HL to 2 kHz; 45 dB HL at 3 kHz",
        "Notch at 4 kHz; 40 dB HL deep",
        "Tested: 250 Hz; 500 Hz; 1000 Hz",
    ],
)
def test_a_level_with_its_own_frequency_or_no_item_frequency_is_kept(text):
    assert normalise(text).count(";") == text.count(";")


@pytest.mark.parametrize(
    ("reply", "level", "errors"),
    [
        ("Right ear, air conduction: 250 Hz; 60 dB HL; 1000 Hz; 30 dB HL",
         ("right", 250, 60), []),
        ("Left ear, air conduction: 250 Hz; 60 dB HL; 4000 Hz",
         ("left", 250, 60), ["laterality_confusion"]),
        ("Left ear, air conduction: 4000 Hz; 75 dB HL",
         ("left", 4000, 75), ["fabricated_result"]),
    ],
)  # fmt: skip
def test_it_is_judged_at_that_frequency(reply, level, errors):
    assert level in threshold_levels(reply, RIGHT_LOW)
    assert check_reply(reply, RIGHT_LOW).critical_errors == errors
