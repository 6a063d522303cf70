"""One frequency, an equals sign and a level in dB HL, as an item of an ear's line, is that
frequency's threshold, as "450 Hz: 7.8 dB HL" is, also with an aside in brackets between the
frequency and the sign ("450 Hz (15% of the sound) = 7.8 dB HL"; issue #26, batch 143: a
real model's copied rows gave no claim; threshold_claims._LEVEL_AFTER_COLON). Near misses: a
decimal level of another scale ("dB SPL"), one with no "HL" outside an ear's row (in an ear's
row a plain "dB" is the ear's level, batch 179 QB39: _LEVEL_AFTER_COLON_OF_AN_EAR), and a
frequency with no level, state no threshold. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(30, 10)  # right 30 dB HL throughout, left 10, at the octaves and 3k/6k


def _thresholds(text: str) -> list[tuple[str, int, float]]:
    return [
        (c.ears[0] if c.ears else None, c.frequencies[0], c.value)
        for clause in read_statements(text)
        for c in clause
        if c.kind == "threshold"
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Left ear, air conduction: 500 Hz = 12.5 dB HL", [("left", 500, 12.5)]),
        ("Right ear, air conduction: 2000 Hz (mid pitch) = 31.2 dB HL", [("right", 2000, 31.2)]),
        ("Right ear, air conduction: 1000 Hz (95% of words) = 29.5 dB HL", [("right", 1000, 29.5)]),
    ],
)
def test_a_frequency_equals_its_level(text, found):
    assert _thresholds(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "Left ear, air conduction: 500 Hz = 12.5 dB SPL",
        "500 Hz = 12.5 dB",
        "Left ear, air conduction: 500 Hz (not tested)",
    ],
)
def test_no_hearing_level_or_no_level_is_no_threshold(text):
    assert _thresholds(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear, air conduction: 450 Hz (20% of the sound) = 8.1 dB HL", ["fabricated_result"]),
        ("Right ear, air conduction: 4000 Hz = 55.5 dB HL", ["fabricated_result"]),
        ("Right ear, air conduction: 4000 Hz (high pitch) = 31.5 dB HL", []),
    ],
)
def test_the_level_is_judged_at_its_frequency(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
