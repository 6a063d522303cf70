"""A value in brackets is an aside on what the words before the bracket name, so those words
label it too: the room's noise, a plug's attenuation or a device's reading in brackets is no
threshold of the ear ("booth background low (peak 25 dB at 125-250 Hz)"), while a bracket
after the ear's own words still gives the ear's value ("left ear sloping (55 dB at 4 kHz)").
Validation batches 107 YH01 and 108 (as tuning data; lexicon.labelled_otherwise)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

# flat 10 dB HL both ears
NORMAL = build(10, 10)


@pytest.mark.parametrize(
    "text",
    [
        "Booth background low (highest 35 dB at 250 Hz). Hearing normal both ears.",
        "Fitted foam plugs (about 30 dB at 4 kHz) for the tour. Normal audiogram.",
        "Calibration OK (measured 40 dB at 1 kHz). Both ears normal.",
    ],
)
def test_a_bracketed_level_of_something_else_is_no_threshold(text):
    assert threshold_levels(text, NORMAL) == []
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    ["Left ear sloping (worst 40 dB at 4 kHz).", "The right ear (40 dB at 4 kHz) is poorer."],
)
def test_a_bracketed_level_of_the_ear_is_still_its_threshold(text):
    assert [level[1:] for level in threshold_levels(text, NORMAL)] == [(4000, 40)]
