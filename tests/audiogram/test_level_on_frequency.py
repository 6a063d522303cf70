"""A level "on" a frequency is at it: non-native English writes "55-60 dB on 2 kHz, 80 dB on
4 kHz"; each level belongs to the frequency after it, not to the one named before it
(issue #26, validation batch 14, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import build, cpu_cost

READING = [
    ("60 db on 2 khz, 80 db on 4 khz", [(60, (2000,)), (80, (4000,))]),
    ("falling: 55-60 db on 2 khz, 80 db on 4 khz", [(60, (2000,)), (80, (4000,))]),
    # near misses: a level "on the right" names an ear, and "on" with no frequency after it
    ("2 khz, 80 db on the right", [(80, (2000,))]),
    ("80 db on average", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(clause, claims):
    got = [(c.value, c.frequencies) for c in threshold_claims(clause, "both", False)
           if c.kind == "threshold"]  # fmt: skip
    assert got == claims


SKI_SLOPE = build({250: 10, 500: 10, 1000: 15, 2000: 55, 4000: 80, 8000: 85},
                  {250: 10, 500: 15, 1000: 15, 2000: 60, 4000: 80, 8000: 90})  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Ski slope in both ears: normal until 1 kHz, then 55-60 dB on 2 kHz, 80 dB on 4 kHz.",
         []),
        ("Ski slope in both ears: normal until 1 kHz, then 55-60 dB on 2 kHz, 40 dB on 4 kHz.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, SKI_SLOPE).critical_errors == errors


def test_many_levels_on_frequencies_read_in_linear_time():
    def cost(n):
        text = "60 db on 2 khz, " * n
        return len(text), cpu_cost(lambda: threshold_claims(text, "both", False))

    size, small = cost(1600)
    _, big = cost(6400)
    assert size > 25_000
    assert big < 20 and big < 10 * max(small, 0.02)
