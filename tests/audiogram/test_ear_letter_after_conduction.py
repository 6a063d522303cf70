"""A bare R or L between a conduction's abbreviation and a level at its frequency ("AC R 15
@250-500, 20 @1k", "BC L 10 at 500") names that ear: its thresholds of that conduction, in a
note's shorthand (issue #26, validation batch 84 XK17 as tuning data: read with no ear, the
right's levels were judged against both ears; lexicon.RIGHT / LEFT). Not a letter before a
range with no frequency ("AC R 25-35, L 25-35"), nor one in other words. Text -> claims;
wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost, threshold_levels

# right mild (15-40), left moderate (30-60): the ears differ by 15-20 dB
CASE = build(
    {250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 40, 8000: 45},
    {250: 25, 500: 30, 1000: 40, 2000: 50, 4000: 60, 8000: 65},
)


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("O: AC R 15 @500, 20 @1k, 25 @2k", [("right", 500, 15), ("right", 1000, 20),
                                             ("right", 2000, 25)]),
        ("AC L 40 at 1 kHz, 50 at 2 kHz", [("left", 1000, 40), ("left", 2000, 50)]),
    ],
)  # fmt: skip
def test_the_letter_names_the_ear(text, levels):
    assert threshold_levels(text, CASE) == levels


def test_each_ears_levels_are_judged_on_that_ear():
    reply = "O: AC R 15 @250-500, 20 @1k, 25 @2k, 40 @4k; L 30 @500, 40 @1k, 50 @2k, 60 @4k."
    assert check_reply(reply, CASE).critical_errors == []


def test_a_bone_letter_names_the_ear():
    found = check_reply("BC R 10 @500; BC L 25 @1k", build(20, 30, right_bone={500: 10},
                        left_bone={1000: 25})).findings  # fmt: skip
    assert [(f.kind.value, f.ear) for f in found] == [
        ("bone_threshold", "right"),
        ("bone_threshold", "left"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "AC R 25-35, L 25-35 dB HL",  # a range with no frequency: left as it was read
        "ABC R 15 @500",  # not a conduction's abbreviation
    ],
)
def test_other_letters_are_not_this_rule(text):
    assert all(ear != "right" for ear, *_ in threshold_levels(text, CASE))


def test_reading_the_shorthand_stays_linear():
    line = "AC R 15 @500, 20 @1k; BC L 25 @1k. "
    small, big = line * 150, line * 600
    assert_linear(
        cpu_cost(lambda: check_reply(small, CASE)), cpu_cost(lambda: check_reply(big, CASE))
    )
