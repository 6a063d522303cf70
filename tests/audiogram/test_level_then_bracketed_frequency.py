"""A level with its frequency in brackets after it is the threshold at that frequency: notes
list thresholds as "R 20 (250), 20 (500), 25 (750), 65 (1.5k)" or "40 dB (500 Hz)" (issue
#26, validation batch 104 YE46 as tuning data; 46 labelled replies of batches 1-117 write
some levels so; notation._LEVEL_THEN_BRACKETED_FREQUENCY). Only an audiometric frequency
(BSA 2018) in the brackets; not a range of frequencies, a decimal, or a number that is part
of a word. Text -> claims and claim x audiogram -> verdict; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import assert_linear, build, cpu_cost, threshold_levels

CASE = build(
    {250: 20, 500: 25, 750: 25, 1000: 30, 1500: 35, 2000: 40, 4000: 55, 8000: 65}, 10
)  # right sloping with inter-octaves, left 10 throughout


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("Right ear: 20 (250), 25 (500), 25 (750), 30 (1k).",
         [("right", 250, 20), ("right", 500, 25), ("right", 750, 25), ("right", 1000, 30)]),
        ("Right: 35 dB (1.5 kHz), 40 dB HL (2000 Hz), 55 (4k).",
         [("right", 1500, 35), ("right", 2000, 40), ("right", 4000, 55)]),
        ("Right air 65 (8k); left 10 (500 Hz).", [("left", 500, 10), ("right", 8000, 65)]),
    ],
)  # fmt: skip
def test_each_level_is_read_at_its_bracketed_frequency(text, levels):
    assert threshold_levels(text, CASE) == levels


def test_a_wrong_level_at_its_bracketed_frequency_is_judged():
    reply = "Right ear: 20 (250), 25 (500), 70 (1.5k), 40 (2k)."
    assert check_reply(reply, CASE).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "text",
    [
        "right 45-50 (6-8k)",  # a range of frequencies: not one threshold's
        "4FA 38.75 (4k)",  # a decimal's digits
        "category H2 (4k)",  # a number inside a word
        "feedback margin 7 dB (3.2k)",  # not an audiometric frequency
        "aged 70 (2019)",  # a year, not a frequency
    ],
)
def test_other_bracketed_numbers_are_left_as_they_are(text):
    assert normalise(text) == text


def test_writing_bracketed_frequencies_out_stays_linear():
    line = "R 20 (250), 25 (500), 30 (1k), 35 (1.5k), 40 (2k), 55 (4k); "
    small, big = line * 200, line * 800
    assert_linear(cpu_cost(lambda: normalise(small)), cpu_cost(lambda: normalise(big)))
