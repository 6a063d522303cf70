"""A level after frequencies joined by '+' or named as a sum ("1+2+3 kHz = 50", "sum of 1, 2
and 3 kHz = 50") is the sum of their thresholds, as the UK HSE categorisation scheme for
noise surveillance adds them, not the threshold at the last frequency (issue #26,
validation batch 24 VA02)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build, claim_fields, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value", whole_reader=True)


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("Sums: right 1+2+3 kHz = 50, 3+4+6 kHz = 45.", []),
        ("Right: sum of 1, 2 and 3 kHz = 50.", []),
        ("Summed over 3, 4 and 6 kHz the right is 45.", []),
        ("Right 1 + 2 + 3 kHz: 75.", []),
        # near misses: one frequency's own level is read
        ("Right 3 kHz = 50.", [(("right",), (3000,), 50)]),
        ("Right: sums are given below. 3 kHz: 50.", [(("right",), (3000,), 50)]),
        ("Sum 75; right 3 kHz: 50.", [(("right",), (3000,), 50)]),
        ("Right 25 + 5 dB margin. 3 kHz = 50.", [(("right",), (3000,), 50)]),
    ],
)  # fmt: skip
def test_summed_levels_are_no_threshold(text, levels):
    assert _levels(text) == levels


def test_hse_sums_are_no_fabricated_threshold():
    """End to end: the sums of a surveillance report flag nothing on a true report."""
    audiogram = build({250: 45, 500: 40, 1000: 20, 2000: 15, 3000: 15, 4000: 15, 6000: 15,
                       8000: 15}, 10)  # fmt: skip
    reply = "Right: 45 dB HL at 250 Hz. Sums: right 1+2+3 kHz = 50, 3+4+6 kHz = 45; left 30."
    assert check_reply(reply, audiogram).critical_errors == []
    assert check_reply("Right 3 kHz = 50.", audiogram).critical_errors == ["fabricated_result"]


def test_sum_reading_is_linear():
    def cost(n):
        text = "Right sum of 1, 2 and 3 kHz = 50, 3+4+6 kHz = 45, 3 kHz: 50 " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
