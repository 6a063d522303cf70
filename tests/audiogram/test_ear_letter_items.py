"""A bare R or L opening a comma's, a slash's or a speaker's item, with the ear's degree
after it, names that item's ear ("TECH: R mild, L moderate", "R severe / L normal");
issue #26 item 5, a class of batch 27."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("Doc: R mild, L moderately severe", [("right", "mild"), ("left", "moderately severe")]),
    ("grades: R severe / L normal", [("right", "severe"), ("left", "normal")]),
    ("L mod, R profound", [("left", "moderate"), ("right", "profound")]),
]


@pytest.mark.parametrize(("text", "claims"), READ)
def test_each_item_has_its_own_ear(text, claims):
    got = [(c.ears[0], c.value) for c in read_claims(text) if c.kind == "degree"]
    assert got == claims


def test_a_letter_not_before_a_degree_opens_no_item():
    assert not [c for c in read_claims("Plan: R and L reviewed, mild") if c.ears]


MILD_RIGHT = build(30, {250: 55, 500: 55, 1000: 60, 2000: 60, 4000: 65, 8000: 65})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Doc: R mild, L moderately severe.", []),
        ("Doc: R moderately severe, L mild.", ["laterality_confusion"]),
    ],
)
def test_the_second_item_is_judged_on_its_own_ear(reply, errors):
    """The swapped row fails on main b2c8220 (after "Doc: " neither letter was an ear)."""
    assert check_reply(reply, MILD_RIGHT).critical_errors == errors


def test_reading_ear_letter_items_is_linear():
    def cost(n):
        text = "Doc: R mild, L moderate / R severe, L normal, R and L, " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(2000)
    big_size, big = cost(8000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
