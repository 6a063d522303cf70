"""A spoken result names its frequency first and its level bare after it: the frequency may
come after the ear it is of ("On the right at 2 kHz, the reading is 40") or after the end
of the chart it sits at ("At the top end, 8 kHz, the left was 75"), and the level may be
said of the ear itself ("the left was 75") as well as of a reading (validation batch 58:
interpreted consultations). Each is that ear's threshold at that frequency."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

# right flat 30 dB HL; left sloping, 3 kHz not tested
LEFT_SLOPING = build(30, {250: 40, 500: 45, 1000: 50, 2000: 60, 4000: 70, 8000: 75})


@pytest.mark.parametrize(
    ("reply", "levels"),
    [
        ("On the right at 2 kHz, the reading is 30.", [("right", 2000, 30)]),
        ("In the left ear at 500 Hz the level was 45, which is mild.", [("left", 500, 45)]),
        ("At the top end, 8 kHz, the left was 75.", [("left", 8000, 75)]),
        (
            "At 4 kHz the right is 30, and the left is 70.",
            [("left", 4000, 70), ("right", 4000, 30)],
        ),
    ],
)
def test_a_bare_level_after_its_frequency_is_read(reply, levels):
    assert threshold_levels(reply, LEFT_SLOPING) == levels


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("On the left at 3 kHz, the reading was 65.", ["fabricated_result"]),  # not tested
        ("At the low end, 250 Hz, the left was 90.", ["fabricated_result"]),  # it is 40
        ("At the bottom end, 250 Hz, the left was 40.", []),
    ],
)
def test_a_bare_level_after_its_frequency_is_judged(reply, errors):
    assert check_reply(reply, LEFT_SLOPING).critical_errors == errors


def test_an_ear_said_to_be_a_number_without_a_frequency_is_no_threshold():
    assert threshold_levels("The left is 70 years old in hearing terms.", LEFT_SLOPING) == []
