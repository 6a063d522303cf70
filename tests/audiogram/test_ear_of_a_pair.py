"""Which ear each value of a pair is about (issue #26, batches 48, 50 and 51, as tuning data).

A bare capital R or L right before a number tags that value's ear, inside a clause as at a
line start: "High notes worst: L 60 at 4k, R 40" (WD16), "(L 65 @ 4k vs R 35)" (WA25). After a
comparison of one named ear, the value after "vs" is the other ear's: "At 3 kHz the left is
15 dB poorer (50 vs 35 dB HL)" (WC40). Each had been given the ear carried from an earlier
line, a false swap. Near misses: a letter not before a number, a letter inside a word or an
abbreviation, and "vs" after no comparison of ears (a value then and now) keep the carried
ear, and a true swap written this way is still found.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost

# right near-normal (35 at 3-4k), left a high-frequency loss (50 at 3k, 65 at 4k)
RIGHT = {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 35, 6000: 30, 8000: 25}
LEFT = {250: 15, 500: 20, 1000: 25, 2000: 35, 3000: 50, 4000: 65, 6000: 60, 8000: 55}
LEFT_HF = build(RIGHT, LEFT)


def _thresholds(reply: str) -> list[tuple]:
    return [
        (c.ears, c.value)
        for claims in read_statements(reply)
        for c in claims
        if c.kind == "threshold"
    ]


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        # (a bare "R 35" with no frequency of its own is read by the claim reader, not here)
        ("Right ear fine.\nHigh notes worst: L 65 at 4k, R 35.", [(("left",), 65)]),
        ("Right 4FA 20.\nNIHL, L worse (L 65 @ 4k vs R 35).", [(("left",), 65)]),
        ("Left 4FA 33.75.\nAt 3 kHz the left is 15 dB poorer (50 vs 35 dB HL).",
         [(("right",), 35)]),
        ("Right 4FA 20.\nAt 3 kHz the right is 15 dB better (35 vs 50 dB HL).",
         [(("left",), 50)]),
    ],
)  # fmt: skip
def test_each_value_of_a_pair_goes_to_its_ear(reply, read):
    assert _thresholds(reply) == read


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear fine.\nHigh notes worst: L 65 at 4k, R 35.", []),
        ("Right 4FA 20.\nNIHL, L worse (L 65 @ 4k vs R 35).", []),
        ("Left 4FA 33.75.\nAt 3 kHz the left is 15 dB poorer (50 vs 35 dB HL).", []),
        # a true swap written the same way is still found
        ("Right ear fine.\nHigh notes worst: R 65 at 4k, L 35.", ["laterality_confusion"]),
        ("Right 4FA 20.\nAt 3 kHz the right is 15 dB poorer (50 vs 35 dB HL).",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_pairs_judged_on_their_ears(reply, errors):
    assert check_reply(reply, LEFT_HF).critical_errors == errors


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        # no letter before the number, or a letter inside an abbreviation: the carried ear
        ("Left ear: high notes worst, 65 at 4k.", [(("left",), 65)]),
        ("Left ear: type L-R 65 at 4k.", [(("left",), 65)]),
        # "vs" with no comparison of ears before it (then and now): the carried ear
        ("Left ear: 65 at 4k now (50 at 4k in 2019 vs 65 at 4k now).", None),
    ],
)
def test_near_misses_keep_the_carried_ear(reply, read):
    got = _thresholds(reply)
    if read is not None:
        assert got == read
    assert all(ears != ("right",) for ears, _ in got)


def test_pairs_are_read_in_linear_time():
    text = "At 3 kHz the left is poorer (50 vs 35 dB HL), L 65 at 4k, R 35. " * 20
    small = cpu_cost(lambda: check_reply(text * 5, LEFT_HF))
    big = cpu_cost(lambda: check_reply(text * 20, LEFT_HF))
    assert_linear(small, big)
