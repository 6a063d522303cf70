"""A sound level in A- or C-weighted decibels (the room's noise: "ambient 30-34 dBA") and a
masking noise's level ("55-70 dB narrowband noise", "45 dB EM") are no hearing levels
(issue #26, batch 98: automated-audiometer printouts). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.sound_levels import without_sound_levels

from .conftest import build

NORMAL = build(10)


@pytest.mark.parametrize(
    "text",
    [
        "Both ears normal, 10 dB HL throughout. Booth level while testing: 36-41 dBA.",
        "Both ears normal, 10 dB HL throughout. Background measured at 44 dB(C).",
        "Both ears normal, 10 dB HL throughout. Room noise over the run: 30-35 dB(A).",
        "Both ears normal, 10 dB HL throughout. The non-test ear took 55-70 dB narrowband noise.",
        "Both ears normal, 10 dB HL throughout. Masked with 45 dB EM in the opposite ear.",
        "Both ears normal, 10 dB HL throughout; contralateral NBN at 50 dB HL... 60 dB NBN.",
    ],
)
def test_room_and_masker_levels_are_no_thresholds(text):
    assert "fabricated_result" not in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Both ears normal, 10 dB HL throughout. Left 55 dB at 4 kHz.",
        "Both ears 45 dB HL throughout.",
    ],
)
def test_a_hearing_level_is_still_judged(text):
    assert "fabricated_result" in check_reply(text, NORMAL).critical_errors


def test_only_the_level_is_blanked():
    text = "Room 30-34 dBA; masker 60 dB NBN; right 10 dB HL"
    out = without_sound_levels(text)
    assert len(out) == len(text)
    assert "dBA" not in out and "NBN" not in out and "right 10 dB HL" in out
    assert "right 10 dB HL" in without_unclaimed(text)
