"""A capital R or L after "the" is the side ("Type B on the R, type A on the L"); issue
#26 item 5, a class of batch 27."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("tymps: B on the R", [("tympanometry", ("right",))]),
    ("mild on the L", [("degree", ("left",))]),
]


@pytest.mark.parametrize(("text", "claims"), READ)
def test_the_letter_names_the_side(text, claims):
    assert [(c.kind, c.ears) for c in read_claims(text)] == claims


def test_a_word_or_a_letter_in_a_name_is_no_side():
    assert not [c for c in read_claims("mild, see the R-file and the L.A. note") if c.ears]


EFFUSION_RIGHT = build(
    {250: 35, 500: 35, 1000: 30, 2000: 30, 4000: 25, 8000: 25},
    10,
    right_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
    tympanometry={"right": {"type": "B"}, "left": {"type": "A"}},
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Tymps: B on the R, A on the L. Right conductive.", []),
        ("Tymps: B on the L, A on the R. Right conductive.", ["laterality_confusion"]),
    ],
)
def test_swapped_sides_are_found(reply, errors):
    """The swap was missed on main b2c8220 ("the L" was no ear)."""
    assert check_reply(reply, EFFUSION_RIGHT).critical_errors == errors


def test_reading_the_letter_side_is_linear():
    def cost(n):
        text = "tymp B on the R, A on the L, the R-file, the " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
