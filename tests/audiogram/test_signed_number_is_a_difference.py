"""A number written with a plus sign is a signed difference (a change since an earlier test,
a shift column, a gain, a z-score), never a hearing level: "Change: R +5 at every frequency",
"Shift: left +40 at 6 kHz" (issue #26, validation batch 95, serial comparisons, as tuning
data; changes.SIGNED_AMOUNT, in without_change_amounts). Near misses: a sum's terms, a
negative level and a frequency after a plus are read as before. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.changes import change_amount_spans, without_change_amounts
from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost, threshold_levels

CASE = build(45, 20)  # right 45 dB HL throughout, left 20


@pytest.mark.parametrize(
    "reply",
    [
        "Right 45 dB HL at every frequency; change since 2022: +10 at every frequency.",
        "Left 20 dB HL throughout. Drift on the right: +15 dB at 4 kHz and +20 at 8 kHz.",
        "Compared with last year: R +5 at 500 Hz, L +10 at 2 kHz. Right 45, left 20 dB HL.",
        "Right ear 45 dB HL throughout (z = +6.1 against age norms); left 20 dB HL.",
        "Right 45 dB HL, left 20 dB HL at all frequencies; aid gain +25 dB at 2 kHz right.",
    ],
)
def test_a_signed_number_is_no_level(reply):
    assert check_reply(reply, CASE).critical_errors == []


def test_the_signed_number_and_its_unit_only_are_blanked():
    text = "Shift at 4 kHz: right +15 dB HL, left +5; now right 45."
    out = without_change_amounts(text)
    assert len(out) == len(text)
    assert "+15" not in out and "dB HL," not in out and "+5" not in out
    assert "Shift at 4 kHz: right" in out and "now right 45." in out


@pytest.mark.parametrize(
    "text",
    [
        "4FA (45 + 45 + 45 + 45) / 4 = 45",  # a sum's terms
        "(40 + 45) + 50",  # a term after a bracket
        "click + 4 kHz tone-burst",  # a frequency after the sign
        "threshold -5 dB HL at 1 kHz",  # a level below zero keeps its minus
    ],
)
def test_a_sum_a_frequency_or_a_negative_level_is_not_blanked(text):
    assert change_amount_spans(text.lower()) == []


def test_the_level_after_a_signed_change_is_still_read():
    reply = "Right 4 kHz 70 dB HL now, +10 since March."
    assert threshold_levels(reply, CASE) == [("right", 4000, 70)]
    assert check_reply(reply, CASE).critical_errors == ["fabricated_result"]


def test_blanking_signed_numbers_stays_linear():
    line = "Change R +5 at 1 kHz, L +10 at 2 kHz; sum 35 + 40 + 45.\n"
    small, big = line * 200, line * 800
    assert_linear(
        cpu_cost(lambda: without_change_amounts(small)),
        cpu_cost(lambda: without_change_amounts(big)),
    )
