"""A comparative before the ear it describes says which ear is worse: "Deeper AD (@4k 55, 8k
25) vs AS (@4k 50, 8k 20)" (a note's heading: the right's notch is the deeper), "worse right
ear", "the poorer left ear", and "the better left ear" (the right is worse) (issue #26,
validation batch 13 X13, clinic shorthand, as tuning data). A Latin tag counts only before its
values' bracket or a colon: "worse as the frequency rises" names no ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _worse(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "worse_ear"]


READING = [
    ("NIHL AU, notch 4k. Deeper AD (@4k 55, 8k 25) vs AS (@4k 50, 8k 20).", ["right"]),
    ("Worse right ear, moderate.", ["right"]),
    ("The poorer left ear has a moderate loss.", ["left"]),
    ("The better left ear hears well.", ["right"]),
    ("Deeper AS: 60 at 4k.", ["left"]),
    # near misses
    ("It gets worse as the frequency rises.", []),
    ("Worse left-sided tinnitus.", []),
    ("Hearing is worse in noise.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "worse"), READING, ids=[r[0] for r in READING])
def test_reading(text, worse):
    assert _worse(text) == worse


LEFT_DEEPER = build(
    {1000: 10, 2000: 15, 4000: 50, 8000: 20}, {1000: 10, 2000: 15, 4000: 55, 8000: 25}
)


def test_end_to_end():
    swapped = "NIHL AU, notch 4k. Deeper AD (@4k 55, 8k 25) vs AS (@4k 50, 8k 20)."
    right = "NIHL AU, notch 4k. Deeper AS (@4k 55, 8k 25) vs AD (@4k 50, 8k 20)."
    assert check_reply(swapped, LEFT_DEEPER).critical_errors == ["laterality_confusion"]
    assert check_reply(right, LEFT_DEEPER).critical_errors == []


def test_comparative_before_the_ear_reading_is_linear():
    def cost(n):
        text = "deeper ad (55) vs as (50), worse as it rises, the better left ear; " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
