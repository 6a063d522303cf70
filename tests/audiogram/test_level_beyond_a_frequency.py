"""A level said to hold above a frequency, or from it upwards, is the level of every threshold
tested there: "Left ear: 60 dB HL above 2 kHz", "70 dB HL from 4 kHz upwards" (review8's
leftover: read as no claim, a silent "no error"). Near misses: the true levels are no error,
and a bound ("20 dB HL or better from 1 kHz upwards"), a change ("a drop of 40 dB above 2
kHz") and a range between two frequencies keep their readings."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import LEVEL_BEYOND, threshold_claims

from .conftest import assert_linear, build, cpu_cost

# right ear normal to 2 kHz, then 55-65 dB HL; left ear 10 dB HL throughout
RIGHT_HIGH_LOSS = build({250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 55, 4000: 60, 6000: 65,
                         8000: 60}, 10)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear: 60 dB HL above 2 kHz.", ["laterality_confusion"]),
        ("Right ear: 60 dB HL from 2 kHz upwards.", ["fabricated_result"]),
        ("Right ear: 90 dB HL beyond 4 kHz.", ["fabricated_result"]),
        # near misses: the true levels, a bound, a change, a range between two frequencies
        ("Right ear: 60 dB HL above 2 kHz.", []),
        ("Right ear: 60 dB HL from 3 kHz upwards.", []),
        ("Left ear normal; the right falls to 60 dB HL above 2 kHz.", []),
        ("Right ear 10 dB HL at 500 Hz, 20 dB HL or better from 1 kHz upwards.", []),
        ("Right ear: a drop of 40 dB above 2 kHz.", []),
        ("Right ear: thresholds of 60 dB HL from 2 to 4 kHz.", ["fabricated_result"]),
    ],
)
def test_a_level_above_a_frequency_holds_to_the_top(reply, errors):
    assert check_reply(reply, RIGHT_HIGH_LOSS).critical_errors == errors


@pytest.mark.parametrize(
    ("clause", "span"),
    [("60 db hl above 2 khz", (3000, 8000)), ("70 db hl from 4 khz upwards", (4000, 8000))],
)
def test_the_span_starts_at_the_frequency_or_the_next(clause, span):
    claims = threshold_claims(clause, "right", False)
    assert [(c.kind, c.frequencies, LEVEL_BEYOND in c.rules) for c in claims] == [
        ("threshold_range", span, True)
    ]


def test_levels_beyond_a_frequency_are_read_in_linear_time():
    text = "60 dB HL above 2 kHz, " * 60 + "9 db from " * 100 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_HIGH_LOSS))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_HIGH_LOSS))
    assert_linear(small, big)
