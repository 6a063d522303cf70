"""A row of levels typed with spaces, then "at" and as many frequencies, pairs them in order
("10 25 40 at 500/1k/2k": 10 dB at 500 Hz, 25 at 1 kHz, 40 at 2 kHz); issue #26 item 5, a
class of batch 27."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import BARE_LEVELS

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("left 10 25 40 at 500/1k/2k", "10 25 40"),
    ("bone 5 10\t15 at 1k, 2k and 4k", "5 10\t15"),
    ("right 30, 35 at 2k/4k", "30, 35"),
    ("no level here at 2k", None),
]


@pytest.mark.parametrize(("text", "levels"), READ)
def test_a_typed_row_before_at_is_one_list(text, levels):
    m = BARE_LEVELS.search(text)
    assert (m.group(1) if m else None) == levels


SLOPING_LEFT = build(
    10,
    {250: 10, 500: 15, 1000: 25, 2000: 40, 4000: 55, 8000: 65},
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left air 15 25 40 55 at 500/1k/2k/4k. Right 10 across.", []),
        ("Left air 15 25 70 55 at 500/1k/2k/4k. Right 10 across.", ["fabricated_result"]),
    ],
)
def test_each_level_of_a_typed_row_meets_its_own_frequency(reply, errors):
    """On main b2c8220 only the last level of the row was read, at every frequency, so the
    correct row was judged a fabricated result (the first case fails there)."""
    assert check_reply(reply, SLOPING_LEFT).critical_errors == errors


def test_reading_typed_rows_is_linear():
    def cost(n):
        text = "left 15 25 40 55 at 500/1k/2k/4k, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 " * n
        return len(text), cpu_cost(lambda: list(BARE_LEVELS.finditer(text)))

    size, small = cost(1500)
    big_size, big = cost(6000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
