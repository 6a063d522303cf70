"""Pure-tone results told in lay words (validation batches 63, 67 and 73: easy-read letters,
a family chat, a video call's captions): the tone played at a test frequency ("the 2000
tone", "a beep at 500") and the level the patient heard or responded to it at ("heard it at
60", "turned to a sound at 90") are a threshold at that frequency, as "60 dB at 2000 Hz" is;
so is a level in dB with the ear it was in before its frequency ("95 dB in the left ear at
1000"). A number of 140 or more after "heard ... at" is a frequency, not a level."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lay_levels import lay_levels_written_out

from .conftest import assert_linear, build, cpu_cost, threshold_levels

# right flat 30 dB HL; left sloping, 3 kHz not tested
LEFT_SLOPING = build(30, {250: 40, 500: 45, 1000: 50, 2000: 60, 4000: 70, 8000: 75})


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Then the 2000 tone: your left ear heard it at 60.",
         "Then the 2000 Hz tone: your left ear heard it at 60 dB at 2000 Hz."),
        ("Your right ear heard a soft whistle at 1000, at 30.",
         "Your right ear heard a soft whistle at 1000 Hz, at 30 dB at 1000 Hz."),
        ("The little one reacted to a noise at 45 at 500 Hz.",
         "The little one reacted to a noise at 45 dB at 500 Hz."),
        ("She picked up the beeps at 25-30 on that side.",
         "She picked up the beeps at 25-30 dB on that side."),
        ("He responds at 95 dB on the left at 1000.",
         "He responds at 95 dB on the left at 1000 Hz."),
    ],
)  # fmt: skip
def test_the_units_of_a_lay_account_are_written_in(text, written):
    assert lay_levels_written_out(text) == written


@pytest.mark.parametrize(
    "text",
    [
        "He first heard the ringing at 3 am.",
        "They turned up at 10 o'clock for the test.",
        "Right ear 30 dB at every pitch.",
        "She heard well: 50 dB HL at 250-500 Hz, 60 dB at 1000 and 2000 Hz.",  # ranges, lists
    ],
)
def test_what_is_no_lay_level_is_left_as_it_is(text):
    assert lay_levels_written_out(text) == text


@pytest.mark.parametrize(
    ("reply", "levels"),
    [
        ("Then the 2000 tone: your left ear heard it at 60.", [("left", 2000, 60)]),
        ("At the 1000 Hz whistle, the right ear responded at 30.", [("right", 1000, 30)]),
        ("Your right ear heard a soft whistle at 1000, at 30.", [("right", 1000, 30)]),
        ("Left side: the little one reacted to a noise at 45 at 500 Hz.", [("left", 500, 45)]),
        ("He turned to one noise at 50 dB in the left ear at 1000.", [("left", 1000, 50)]),
        # the sound named in the sentence before, and "it" heard again after that
        (
            "Next came a tone at 4000. The right side heard it at 30. The left one heard it at 70.",
            [("left", 4000, 70), ("right", 4000, 30)],
        ),
        ("She heard the beep at 500 and pressed the button.", []),  # 500: the beep's pitch
    ],
)
def test_a_lay_level_is_read_at_its_frequency(reply, levels):
    assert threshold_levels(reply, LEFT_SLOPING) == levels


@pytest.mark.parametrize(
    "reply",
    [
        "At the 3000 Hz whistle, the left ear responded at 65.",  # 3 kHz not tested
        "Left side: the little one reacted to a noise at 65 at 3000 Hz.",
        "He turned to one noise at 95 dB in the left ear at 1000.",  # the left is 50 there
    ],
)
def test_a_lay_level_not_on_the_audiogram_is_fabricated(reply):
    assert check_reply(reply, LEFT_SLOPING).critical_errors == ["fabricated_result"]


def test_a_true_lay_level_is_no_error():
    reply = "Your left ear heard the 4000 beep at 70, and your right ear heard it at 30."
    assert check_reply(reply, LEFT_SLOPING).critical_errors == []


def test_writing_in_lay_units_is_linear_on_long_input():
    def cost(n):
        text = "We played a tone at 1000. Your left ear heard it at 50. " * n
        assert lay_levels_written_out(text).count("50 dB at 1000 Hz") == n
        return cpu_cost(lambda: lay_levels_written_out(text))

    assert_linear(cost(2000), cost(8000))
