"""A number that measures how far a result moved is no result: "17.5 dB better than at
presentation", "dropped by 25 dB", "word recognition down by 4%", "a recovery of 35 dB"
(issue #26, validation batch 95, serial-audiogram comparisons, as tuning data: XV28, XV50;
changes.without_change_amounts, in check.READING_STEPS). Near misses: the level the result
moved to is still read, and a comparison with the other ear is left to the worse-ear reader.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.changes import (
    CHANGE_AMOUNT,
    change_amount_spans,
    may_state_a_change,
    without_change_amounts,
)
from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost, random_word_texts

CASE = build(45, 20)  # right 45 dB HL throughout, left 20; no speech audiometry


@pytest.mark.parametrize(
    "reply",
    [
        "Right average now 45 dB HL, which is 12.5 dB better than on admission.",
        "Since the spring the right PTA has fallen by about 20 dB; it sits at 45 today.",
        "Right ear 45 dB HL. The right 2 kHz threshold went down 10 dB since her last visit.",
        "Right mean 45 dB HL after a 30 dB recovery; left 20 dB HL.",
        "Right ear 45 dB HL, an improvement of 25 dB on treatment; left 20.",
        "Right 45 dB HL throughout; 4FA worse by 5 compared with the baseline test.",
    ],
)
def test_a_change_is_no_level(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the level the result moved to is read
        ("The right PTA fell by 10 dB to 70 dB HL.", ["fabricated_result"]),
        ("Over the year the left PTA rose by 5 dB to 60 dB HL.", ["fabricated_result"]),
        # a comparison of the ears stays the worse-ear reader's
        ("The left is 25 dB worse than the right.", ["laterality_confusion"]),
        ("Left ear 25 dB poorer than the right.", ["laterality_confusion"]),
    ],
)
def test_the_level_beside_a_change_is_still_read(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


def test_only_the_amount_and_its_unit_are_blanked():
    text = "Left 4FA 30, 15 dB worse than in 2021; a shift of 10 dB at 4 kHz."
    out = without_change_amounts(text)
    assert len(out) == len(text)
    assert "15 dB" not in out and "of 10 dB" not in out
    assert "Left 4FA 30," in out and "worse than in 2021" in out and "at 4 kHz" in out


@pytest.mark.parametrize(
    "text",
    [
        "right poorer by 20 dB at 1 kHz, 25 dB at 2 kHz",  # differences by frequency
        "the left is 15-25 dB worse than the right",  # a range of differences
        "hearing loss of 45 dB in the right ear",  # a loss of: a level
        "right 45 dB HL up to 2 kHz",  # a range of frequencies
        "right 60 dB HL, down from 45",  # the level it moved to
    ],
)
def test_what_is_not_a_change_amount(text):
    assert without_change_amounts(text) == text


def test_the_cheap_test_is_exact_on_random_texts():
    words = (
        "by 15 dB 4% dropped down up better worse than in 2021 shift of recovery right 45 "
        "improved fell at presentation since points higher lower poorer presbycusis follow "
        "high low poor"
    ).split()
    seps = [" ", "  ", "\t", "\n", "", "-", ", "]
    for text in random_word_texts(words, seps, seed=951, count=20000, longest=10):
        low = text.lower()
        if not may_state_a_change(low):
            assert not CHANGE_AMOUNT.search(low) and not change_amount_spans(low), text
            assert without_change_amounts(text) == text


def test_reading_is_linear():
    text = "Right 4FA 45, 10 dB worse than in 2020, fell by 5 dB; a 20 dB shift. " * 200
    small = cpu_cost(lambda: without_change_amounts(text))
    big = cpu_cost(lambda: without_change_amounts(text * 4))
    assert_linear(small, big)
