"""A level in decimals given as one frequency's own item ("2499 Hz: 36.7 dB HL") is a
threshold claim at that frequency (threshold_claims.DECIMAL_LEVEL): automated audiometry and
averaged sessions report finer levels than the 5 dB step, and a level in dB HL set against one
frequency states the hearing level there, judged within the dB tolerance. A decimal after a
list or range of frequencies or an average's name is the average's, and a decimal in dB with no
"HL" is no hearing level (issue #26 batch 117, the replies of a small local model). Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import DECIMAL_LEVEL, threshold_claims

from .conftest import build

FLAT_MILD = build(25)


def _levels(low: str) -> list[tuple]:
    return [
        (c.frequencies, c.value) for c in threshold_claims(low, None, False)
        if c.kind == "threshold"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("2499 hz: 36.7 db hl", ((2499,), 36.7)),
        ("- 1 khz: 27.5 db hl", ((1000,), 27.5)),
        ("* 4k: 61.25 dB HL".lower(), ((4000,), 61.25)),
    ],
)
def test_a_decimal_level_at_one_frequency_is_read(clause, level):
    assert _levels(clause) == [level]
    assert DECIMAL_LEVEL in threshold_claims(clause, None, False)[0].rules


@pytest.mark.parametrize(
    "clause",
    [
        "pta (0.5-4 khz): 37.5 db hl",
        "average of 0.5, 1, 2 and 4 khz: 36.25 db hl",
        "0.5, 1 and 2 khz: 12.5 db hl",
        "retspl at 1 khz: 7.0 db spl",
        "4 khz: 12.5 db",
        "2 khz: 36.7 db hl in the normal range of most adults, by the tables",
    ],
)
def test_an_average_or_another_measure_is_no_threshold(clause):
    assert _levels(clause) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("- 1000 Hz: 27.5 dB HL\n- 2000 Hz: 22.5 dB HL", []),
        ("Right ear:\n- 1000 Hz: 27.5 dB HL\n- 4000 Hz: 61.5 dB HL", ["fabricated_result"]),
        ("- 3245 Hz: 24.8 dB HL", ["fabricated_result"]),
    ],
)
def test_a_decimal_level_is_judged_within_the_tolerance(reply, errors):
    assert check_reply(reply, FLAT_MILD).critical_errors == errors
