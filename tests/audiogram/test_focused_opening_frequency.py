"""A sentence that opens with one frequency gives its bare values that frequency, also after
a focus word ("Even at 4000 Hz, a high pitch like birdsong, you heard sounds as soft as about
25 decibels in both ears") (issue #26, validation batch 16 L20, patient letters, as tuning
data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, claim_fields, cpu_cost

BOTH = ("right", "left")


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "value", "frequencies")


READING = [
    ("Even at 4000 Hz, a high pitch like birdsong, you heard sounds as soft as about 25 "
     "decibels in both ears.", [(BOTH, 25, (4000,))]),
    ("Only at 8 kHz did the right ear need 50 dB.", [(("right",), 50, (8000,))]),
    ("At 4000 Hz you heard sounds as soft as 25 decibels in both ears.", [(BOTH, 25, (4000,))]),
    # near misses: a span opens the sentence; a frequency later in it
    ("Even at 2-4 kHz you heard sounds as soft as 25 decibels.", []),
    ("Even the loudest sounds at 4000 Hz were hard to hear.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "levels"), READING, ids=[r[0] for r in READING])
def test_reading(text, levels):
    assert _levels(text) == levels


SLOPING = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 55, 8000: 60},
                {250: 20, 500: 25, 1000: 35, 2000: 40, 4000: 55, 8000: 65})  # fmt: skip


def test_end_to_end():
    said = "Even at 4000 Hz, a high pitch like birdsong, you heard sounds as soft as {} decibels."
    assert check_reply(said.format(55), SLOPING).critical_errors == []
    assert check_reply(said.format(25), SLOPING).critical_errors == ["fabricated_result"]


def test_focused_opening_reading_is_linear():
    def cost(n):
        text = "Even at 4000 Hz, a high pitch, you heard 25 decibels. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
