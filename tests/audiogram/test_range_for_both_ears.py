"""A range of levels said of both ears with no frequency ("thresholds were 15-20 dB HL in both
ears", "30-40 dB HL bilaterally") is each ear's whole-ear range, as "right ear thresholds
15-20 dB HL" is the right's (issue #26, validation batch 38 VQ44, a published case report, as
tuning data). A range with a frequency or region stays that region's; both ears' bone range
stays a bone level."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _ranges(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value, c.value_high, c.frequencies)
            for cl in read_statements(text) for c in cl
            if c.kind in ("threshold_range", "bone_level")]  # fmt: skip


BOTH = ("right", "left")
READING = [
    ("Air-conduction thresholds were 15-20 dB HL in both ears.",
     [("threshold_range", BOTH, 15, 20, ())]),
    ("Thresholds 30-40 dB HL bilaterally.", [("threshold_range", BOTH, 30, 40, ())]),
    ("Both ears: thresholds were 30-40 dB HL.", [("threshold_range", BOTH, 30, 40, ())]),
    ("Right ear thresholds 15-20 dB HL.", [("threshold_range", ("right",), 15, 20, ())]),
    # near misses: a frequency span names where; bone stays a bone level
    ("Thresholds were 30-40 dB HL at 2-4 kHz in both ears.",
     [("threshold_range", BOTH, 30, 40, (2000, 4000))]),
    ("Bone conduction 5-10 dB HL in both ears.", [("bone_level", BOTH, 5, 10, ())]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "claims"), READING, ids=[r[0] for r in READING])
def test_reading(text, claims):
    assert _ranges(text) == claims


NORMAL = build(15, 15)
RIGHT_LOSS = build({500: 45, 1000: 50, 2000: 50, 4000: 55}, 15)


def test_end_to_end():
    reply = "Air-conduction thresholds were 15-20 dB HL in both ears."
    assert check_reply(reply, NORMAL).critical_errors == []
    assert check_reply(reply, RIGHT_LOSS).critical_errors == ["fabricated_result"]


def test_range_for_both_ears_reading_is_linear():
    def cost(n):
        text = "thresholds were 15-20 db hl in both ears, " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(300)
    big_size, big = cost(1200)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
