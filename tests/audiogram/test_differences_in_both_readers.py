"""A difference is no level in either reader: the claim reader (claims.read_claims, terse
'20 dB at 1k' and 'at 500 Hz: 10 R, 5 L' pairs) keeps the pattern reader's rules, each where
it lives: a value in a list headed by a difference or a sum (lexicon.difference_listed), a
value after a gap named in its statement (its size), and a measure "within N dB" of another (a
tolerance, lexicon.NOT_A_DIFFERENCE). Issue #26 batches 96, 101 and 103 (rule-engine,
speech and classifier output) as tuning data. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

# right sloping 15 -> 60, left 15 dB HL throughout; bone on air; no speech audiometry
CASE = build(
    {250: 15, 500: 20, 1000: 35, 2000: 45, 4000: 55, 8000: 60},
    15,
    right_bone={500: 20, 1000: 35, 2000: 45, 4000: 55},
    left_bone={500: 15, 1000: 15, 2000: 15, 4000: 15},
)


def thresholds(text: str) -> list[tuple]:
    return [(c.ears, c.frequencies, c.value) for c in read_claims(text) if c.kind == "threshold"]


@pytest.mark.parametrize(
    "text",
    [
        "L 15 15 15 15 15 15\nBiggest interaural differences: 20 dB at 1k, 30 dB at 2k, 40 @4k",
        "R: sloping. Shift since baseline: 10 dB @2k, 15 @4k",
        "Interaural differences: 5 dB at 500 Hz, 20 at 1k",
    ],
)
def test_a_listed_difference_is_no_threshold_of_the_shorthand(text):
    assert thresholds(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "type: sensorineural (no air-bone gap at 2 kHz: 0 R, 5 L)",
        "ABG at 1 kHz: 10 R, 0 L - not significant",
    ],
)
def test_a_gap_size_after_its_frequency_is_no_threshold(text):
    assert thresholds(text) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Right sloping to 60 dB HL at 8 kHz, left 15 dB HL. Largest differences: 30 dB at 2k, "
        "40 dB at 4k (R poorer).",
        "Right moderate sloping SNHL; left normal; no air-bone gap at 1 kHz: 0 R, 0 L.",
        "Right 4FA 38.75, left 15. SRT checked: both SRTs agree within 5 dB of the PTA.",
    ],
)
def test_such_differences_raise_no_error(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # levels with no difference or gap at their head are read
        ("L: 40 dB at 1k, 50 dB at 2k", [(("left",), (1000,), 40), (("left",), (2000,), 50)]),
        ("At 500 Hz: 10 R, 5 L", [(("right",), (500,), 10), (("left",), (500,), 5)]),
        # a difference list ends with its sentence
        (
            "Differences are small. L 40 dB at 1k",
            [(("left",), (1000,), 40)],
        ),
    ],
)
def test_levels_beside_no_difference_are_still_read(text, read):
    assert thresholds(text) == read


def test_an_srt_after_its_tolerance_is_still_read():
    from clinbench.audiogram.statements import read_statements

    srts = [c.value for cl in read_statements("SRT right 40 dB HL, within 5 dB of the PTA.")
            for c in cl if c.kind == "srt"]  # fmt: skip
    assert srts == [40]


def test_reading_a_long_difference_list_stays_linear():
    item = "differences: 20 dB at 1k, 25 dB at 2k; R 30 @4k. "
    small, big = item * 100, item * 400
    assert_linear(cpu_cost(lambda: read_claims(small)), cpu_cost(lambda: read_claims(big)))
