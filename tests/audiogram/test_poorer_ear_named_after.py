"""The poorer (or better) ear named as the predicate: "the poorer ear is the right", "the
better ear is the left", "the poorer is the right" say which ear is worse as "the right is
poorer" does (issue #26, validation batch 17, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import build, cpu_cost

# (clause, the ear read as the worse one, or None when no worse-ear claim is read)
READING = [
    ("the poorer ear is the right", "right"),
    ("the poorer is the left, moderate", "left"),
    ("the worse ear is the left", "left"),
    ("the better ear is the left, with a mild sloping loss", "right"),
    ("the better-hearing ear was the right", "left"),
    ("the worse side is right", "right"),
    # near misses: no ear named as the predicate
    ("the poorer ear is the one to aid", None),
    ("the better ear is normal", None),
    ("which ear is poorer is not clear", None),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "worse"), READING, ids=[row[0] for row in READING])
def test_reading(clause, worse):
    got = [c.value for c in laterality_claims(clause, None, False, clause) if c.kind == "worse_ear"]
    assert got == ([worse] if worse else [])


LEFT_WORSE = build({500: 20, 1000: 25, 2000: 25, 4000: 40}, {500: 30, 1000: 40, 2000: 50, 4000: 60})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Asymmetric loss. The better ear is the left, with a mild loss; the poorer is the "
         "right.", ["laterality_confusion"]),
        ("The poorer ear is the right, whose loss reaches 60 dB HL at 4 kHz.",
         ["laterality_confusion"]),
        ("The poorer ear is the left: it reaches 60 dB HL at 4 kHz.", []),
        ("The better ear is the right.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_WORSE).critical_errors == errors


def test_many_comparisons_read_in_linear_time():
    def cost(n):
        text = "the poorer ear is the one " * n
        return len(text), cpu_cost(lambda: laterality_claims(text, None, False, text))

    size, small = cost(4000)
    _, big = cost(16000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
