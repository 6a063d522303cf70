"""A span of two frequencies followed by each ear's two values ("trough 1-2k: R 45/50, L
50/80") gives the levels at the span's two ends, one per end (clinic shorthand; issue #26,
validation batch 13 X18, as tuning data). A wide span ("1-8k") has values between its ends,
so two values over it are no pair of ends; one ear alone is left as written."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.statements import read_statements

from .conftest import build, claim_fields, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "value", "frequencies")


READING = [
    ("AU cookie-bite SNHL; trough 1-2k: R 45/50, L 50/80.",
     [(("right",), 45, (1000,)), (("right",), 50, (2000,)), (("left",), 50, (1000,)),
      (("left",), 80, (2000,))]),
    ("Notch 3-4 kHz: left 45/60, right 40/55 dB HL.",
     [(("left",), 45, (3000,)), (("left",), 60, (4000,)), (("right",), 40, (3000,)),
      (("right",), 55, (4000,))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "levels"), READING, ids=[r[0] for r in READING])
def test_reading(text, levels):
    assert _levels(text) == levels


@pytest.mark.parametrize(
    "text", ["Range 1-8k: R 45/50, L 50/80", "trough 1-2k: R 45/50", "1-2k: R 45/50, R 50/80"]
)
def test_near_misses_are_left_as_written(text):
    assert normalise(text) == text


COOKIE = build({500: 25, 1000: 45, 2000: 50, 4000: 25}, {500: 25, 1000: 50, 2000: 50, 4000: 30})


def test_end_to_end():
    assert check_reply("Trough 1-2k: R 45/50, L 50/50.", COOKIE).critical_errors == []
    assert check_reply("Trough 1-2k: R 45/50, L 50/80.", COOKIE).critical_errors == [
        "fabricated_result"
    ]


def test_span_pairs_reading_is_linear():
    def cost(n):
        text = "trough 1-2k: R 45/50, L 50/80. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(420)
    big_size, big = cost(1680)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
