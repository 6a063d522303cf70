"""A numbered item that opens with a measured value is an entry of a list of results, not a
question's heading (:mod:`clinbench.audiogram.value_items`): "1. 250 Hz (70 dB HL)" on a
short line is read, and a third item "3. 6 kHz: 95 dB" is the list's third value, not the
answer to the management question (issue #26, batch 152, the real local model's lists, as
tuning data; the phrasings here are new). Items that open with words keep their reading:
a third item that gives the management is still not read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.value_items import words_of_a_value_item

from .conftest import build, threshold_levels

FLAT_MILD = build(25, right_bone=20, left_bone=20)  # 25 dB HL at every frequency


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("1. 250 Hz (70 dB HL)", "250 Hz (70 dB HL)"),
        ("2) 35 dB HL", "35 dB HL"),
        ("  3.  6 kHz: 95 dB", "6 kHz: 95 dB"),
        ("12. 4k 60dB", "4k 60dB"),
    ],
)
def test_the_words_after_a_value_items_number(line, words):
    assert words_of_a_value_item(line) == words


@pytest.mark.parametrize(
    "line",
    ["1. Audiogram", "2. Mild loss at 40 dB HL", "3) Refer to ENT", "1.5 kHz: 30 dB", "250 Hz"],
)
def test_items_in_words_and_bare_values_are_not_value_items(line):
    assert words_of_a_value_item(line) is None


@pytest.mark.parametrize(
    ("reply", "level"),
    [
        ("1. 250 Hz (70 dB HL)", (None, 250, 70)),
        ("Levels outside the normal range:\n1. 2 kHz (85 dB)\n2. 4 kHz (25 dB)", (None, 2000, 85)),
        ("1. 25 dB HL\n2. 25 dB HL\n3. 6000 Hz: 95 dB", (None, 6000, 95)),
        ("1) 1 kHz: 25 dB HL\n2) 500 Hz: 25 dB HL\n3) 8 kHz: 75 dB HL", (None, 8000, 75)),
    ],
)
def test_a_numbered_value_is_read(reply, level):
    assert level in threshold_levels(reply, FLAT_MILD)
    assert check_reply(reply, FLAT_MILD).critical_errors == ["fabricated_result"]


def test_true_values_in_a_numbered_list_give_no_error():
    reply = "1. 250 Hz (25 dB HL)\n2. 1 kHz (30 dB HL)\n3. 4000 Hz: 20 dB"
    assert check_reply(reply, FLAT_MILD).critical_errors == []
    assert (None, 4000, 20) in threshold_levels(reply, FLAT_MILD)


def test_a_management_answer_numbered_three_is_still_not_read():
    reply = (
        "1. Mild flat loss in both ears, 25 dB HL throughout.\n"
        "2. Sensorineural.\n"
        "3. Repeat the test: 4 kHz is 70 dB HL on the right."
    )
    assert check_reply(reply, FLAT_MILD).critical_errors == []
