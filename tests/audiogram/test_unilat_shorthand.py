""" "Unilat" is clinic shorthand for unilateral: "Unilat SNHL -> MRI" names no ear of its own (the
ear with the loss), so the ear of the line before ("AD WNL") is not carried into it (issue #26,
validation batch 13, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import conductive_right, cpu_cost

WORDS = [
    ("unilat snhl", True),
    ("unilateral snhl", True),
    ("unilaterally", True),
    ("one-sided loss", True),
    # near misses: "bilat" and a word that only starts like it
    ("bilat snhl", False),
    ("unilateralism", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "unilateral"), WORDS, ids=[w for w, _ in WORDS])
def test_unilateral_words(text, unilateral):
    assert bool(lexicon.LATERALITY_UNILATERAL.search(text)) == unilateral


CONDUCTIVE_RIGHT = conductive_right()  # right conductive loss, left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("AD CHL, mod\nAS WNL\nUnilat CHL -> ENT", []),
        ("AD CHL, mod\nAS WNL\nUnilat loss, ENT", []),
        # an ear named on the line is still that ear's
        ("AD CHL, mod\nAS WNL\nAS CHL -> ENT", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_many_shorthand_clauses_read_in_linear_time():
    def cost(n):
        text = "unilat snhl -> mri " * n
        return len(text), cpu_cost(lambda: laterality_claims(text, None, False, text))

    size, small = cost(6000)
    _, big = cost(24000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
