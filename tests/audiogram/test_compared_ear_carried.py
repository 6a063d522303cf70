"""Which ear a comparative clause carries on to the clauses after it (issue #26).

A clause comparing an ear ("the left is clearly worse") carries no ear on: what follows may
be about either ear. When the clause names that ear again after the comparison, with
findings of its own ("the left is clearly worse (left PTA 28.75, mild; ..."), the grade
after it is that ear's (validation batch 26 VC25: the grade went to the ear named before)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("The right only 35, so the left is clearly worse (left PTA 28.75, mild; right 17.5, "
         "within normal limits).", [(("left",), "mild"), (("right",), "normal")]),
        ("The right only 35, so the left is worse (left PTA 40, moderate; right 15, normal).",
         [(("left",), "moderate")]),
        # near miss: the ear is named once, after the comparison ("better than air on the
        # right"): the comparison's ear is not carried on (batch 8 M66)
        ("Both ears are within normal limits. Bone conduction is better than air on the right "
         "(0-5 dB HL), but with every air threshold in the normal range that is no loss.",
         [(("right", "left"), "normal"), (("right", "left"), "normal"),
          (("right", "left"), "normal")]),
    ],
)  # fmt: skip
def test_ear_named_again_after_its_comparison_is_carried(text, grades):
    assert _grades(text) == grades


def test_named_again_end_to_end():
    """V32-like shooter's notch: left worse, left PTA 28.75 mild, right 17.5 normal."""
    audiogram = build({250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 6000: 25,
                       8000: 15},
                      {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 6000: 55,
                       8000: 30})  # fmt: skip
    reply = (
        "The left notch is 65 dB HL at 4 kHz, the right only 35, so the left is clearly "
        "worse (left PTA 28.75, mild; right 17.5, within normal limits on the average)."
    )
    assert check_reply(reply, audiogram).critical_errors == []


def test_comparison_reading_is_linear():
    def cost(n):
        text = "the left is worse (left PTA 30, mild; right 17.5, normal) " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
