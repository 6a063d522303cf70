"""A level after another dB quantity given as its value then its name, closed by a comma or
semicolon ("31.25 dB average, 55 dB at 8 kHz") is a threshold again, as after "PTA 45, " the
value after the average's own is: the name closes its own value, which came first
(threshold_claims._not_a_threshold, _VALUE_BEFORE_ITS_NAME). Issue #26 batch 156: a
gastroenterology letter's "33.75 dB average, 40 dB at 6 kHz". Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import build

# left: 20 dB HL to 2 kHz, 40 at 4 kHz, 60 at 6-8 kHz (4FA 25, mild); right normal
LEFT = build(10, {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 30, 4000: 40, 6000: 60, 8000: 60})


def _levels(low: str) -> list[tuple]:
    return [(c.value, c.frequencies) for c in threshold_claims(low, "left", False)]


@pytest.mark.parametrize(
    "low",
    [
        "25 db average, 60 db at 8 khz",
        "25 db hl average; 60 db at 8 khz",
        "pta 25 db, 60 db at 8 khz",
    ],
)
def test_the_level_after_the_average_is_read(low):
    assert _levels(low) == [(60, (8000,))]


def test_a_value_after_an_average_named_without_its_own_stays_its():
    # no value before the name: the one after it may be the average's own
    assert _levels("the average, 60 db at 8 khz") == []


def test_a_wrong_level_after_the_average_is_caught():
    reply = (
        "Audiology today: left sensorineural, mild, 25 dB average, 20 dB at 8 kHz; right normal."
    )
    assert check_reply(reply, LEFT).critical_errors == ["fabricated_result"]


def test_a_true_level_after_the_average_flags_nothing():
    reply = (
        "Audiology today: left sensorineural, mild, 25 dB average, 60 dB at 8 kHz; right normal."
    )
    assert check_reply(reply, LEFT).critical_errors == []
