"""A table whose columns are occasions (earlier tests beside this one) is read by the column
of this test alone: the one marked today's, else the latest dated; with neither, no column
(issue #26, validation batch 95, serial-audiogram comparisons, as tuning data: XV28, XV43;
occasions.occasion_tables_read_as_this_test, in check.READING_STEPS). The tables here are
laid out and worded unlike that batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.occasions import occasion_tables_read_as_this_test as read

from .conftest import assert_linear, build, cpu_cost, random_word_texts

FLAT_45 = build(45, 20)


@pytest.mark.parametrize(
    ("table", "rows"),
    [
        # marked column, pipe table, a change column after it
        (
            "| kHz | Mar 2022 | now | shift |\n|---|---|---|---|\n| 1 | 10 | 45 | +35 |\n"
            "| 2 | 15 | 50 | +35 |",
            ["1 kHz: 45", "2 kHz: 50"],
        ),
        # no mark: the latest date, wherever it stands (newest first here)
        (
            "Hz        03/09/2025   11/02/2024\n"
            "500       45           20\n4000      50           25",
            ["500 Hz: 45", "4000 Hz: 50"],
        ),
        # week numbers, the current one marked in brackets
        (
            "            Wk 1    Wk 4    Wk 9 (current)\nRE 1 kHz    80      60      45",
            ["RE 1 kHz: 45"],
        ),
        # the columns of each ear: each ear's own latest
        (
            "| Hz | RE 2021 | RE 2024 | LE 2021 | LE 2024 |\n| 250 | 5 | 45 | 0 | 20 |",
            ["right 250 Hz: 45", "left 250 Hz: 20"],
        ),
        # the ear named over the row labels
        ("| Left ear | 2020 | 2023 |\n| 2 kHz | 10 | 20 |", ["left ear 2 kHz: 20"]),
    ],
)
def test_the_column_of_this_test_is_read_alone(table, rows):
    assert read(table).split("\n") == rows


@pytest.mark.parametrize(
    "table",
    [
        "| Hz | Pre-op | Post-op |\n| 500 | 60 | 25 |",  # neither marked nor dated
        "               Baseline   Follow-up\nR 2 kHz        15         70",
        "| Hz | 2024 | 2024 |\n| 500 | 60 | 25 |",  # two columns of the same date
    ],
)
def test_no_column_is_read_where_none_is_this_tests(table):
    assert read(table) == ""


@pytest.mark.parametrize(
    "text",
    [
        "| Hz | Right | Left |\n| 500 | 45 | 20 |",  # ears, not occasions
        "| Hz | 2023 | Target |\n| 500 | 45 | 20 |",  # another measure beside a date
        "Seen in 2021 and again in 2024.\nRight 45 dB HL.",  # prose
        "Right ear 45 dB HL throughout, left 20.",  # one line
    ],
)
def test_other_text_is_left_as_it_is(text):
    assert read(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the earlier columns differ from this audiogram by far: no error
        (
            "Right ear over time (dB HL)\n\n"
            "| Hz | Jan 2019 | Jun 2022 | this test |\n|---|---|---|---|\n"
            "| 500 | 5 | 20 | 45 |\n| 1000 | 10 | 25 | 45 |\n| 4000 | 10 | 30 | 50 |\n\n"
            "Left ear 20 dB HL throughout.",
            [],
        ),
        # today's column is 25 dB off at 1 kHz: a fabricated result
        (
            "Right ear over time (dB HL)\n\n"
            "| Hz | Jan 2019 | Jun 2022 | this test |\n|---|---|---|---|\n"
            "| 500 | 5 | 20 | 45 |\n| 1000 | 10 | 25 | 70 |\n\nLeft ear 20 dB HL throughout.",
            ["fabricated_result"],
        ),
    ],
)
def test_the_checker_judges_this_tests_column(reply, errors):
    assert check_reply(reply, FLAT_45).critical_errors == errors


def test_the_cheap_test_is_exact_on_random_texts():
    words = "| 2021 2024 today Hz 500 45 Right Day 3 - NT ---".split()
    seps = [" ", "  ", "\t", "\n", "", " | "]
    for text in random_word_texts(words, seps, seed=95, count=4000, longest=12):
        if "\n" not in text or not ("  " in text or "\t" in text or "|" in text):
            assert read(text) is text


def test_reading_is_linear():
    row = "| 500 | 5 | 20 | 45 |\n"
    table = "| Hz | 2019 | 2022 | today |\n" + row * 12 + "\n"
    small, big = cpu_cost(lambda: read(table * 40)), cpu_cost(lambda: read(table * 160))
    assert_linear(small, big)
