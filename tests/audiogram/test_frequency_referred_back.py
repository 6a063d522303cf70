"""A level placed at a frequency named before it in the sentence ("the right is 60 dB at 4 kHz
and the left is about 60 dB there", "..., the left 55 dB at that frequency") is read at that
frequency: the clause names none of its own and refers back to the last single one named
(lexicon.FREQUENCY_REFERRED_BACK, LAST_FREQUENCY_NAMED; issue #26 batch 177, a second mention
that gives one ear the other's value). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

# a right high-frequency loss beside a near-normal left ear
RIGHT_SLOPE = build(
    {250: 15, 500: 20, 1000: 35, 2000: 50, 3000: 55, 4000: 60, 6000: 65, 8000: 65},
    {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 20, 4000: 25, 6000: 25, 8000: 20},
)


@pytest.mark.parametrize(
    ("reply", "level"),
    [
        # prose, "there" after the level
        ("The right is 60 dB at 4 kHz and the left is much the same, 60 dB there.",
         ("left", 4000, 60)),
        # shorthand list, "at that frequency"
        ("Rt 50 dB at 2 kHz, Lt 50 dB at that frequency too.", ("left", 2000, 50)),
        # a table cell's note after its row
        ("| 4 kHz | right 60 dB | and the left 60 dB at the same frequency |",
         ("left", 4000, 60)),
        # a second mention in a summary line
        ("Summary: right 50 dB at 2 kHz, left also 50 dB there.", ("left", 2000, 50)),
    ],
)  # fmt: skip
def test_a_level_referring_back_is_read_at_the_frequency_named(reply, level):
    assert level in threshold_levels(reply, RIGHT_SLOPE)
    assert check_reply(reply, RIGHT_SLOPE).critical_errors


@pytest.mark.parametrize(
    "reply",
    [
        "The right is 60 dB at 4 kHz and the left is 25 dB there.",
        "R 50 dB at 2 kHz, L 20 dB at that frequency.",
        # "there is" names no place: nothing referred back
        "The right is 60 dB at 4 kHz and there is no loss on the left.",
        # the end of a range is not the frequency referred to
        "Right 50-60 dB at 2-4 kHz; the left is fine there.",
    ],
)
def test_a_true_level_referring_back_is_no_error(reply):
    assert check_reply(reply, RIGHT_SLOPE).critical_errors == []
