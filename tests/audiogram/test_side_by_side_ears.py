"""Two ears' findings written side by side under a head naming the ears, one "|" a line
("R | L", then "sloping SNHL | flat CHL"; issue #26, batch 37's VP49 as tuning data): each
cell is its column's ear's finding, never a finding of one loss naming both."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import tables_to_text

from .conftest import assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Slide 3\nR | L\nmoderate CHL | normal hearing\nPTA 37.5 | PTA 10\n\nNotes: ok.", []),
        ("R | L\nnormal | moderate CHL", ["laterality_confusion"]),  # swapped: each ear's
        # near misses: a wrong cell is its ear's error; a head naming no ear is no table
        ("R | L\nCHL | SNHL", ["type_misclassification"]),
        ("A | B\nflat CHL | normal", []),
    ],
)  # fmt: skip
def test_each_cell_is_its_columns_ear(reply, errors):
    """On main 3515a0b the first two read no ear (so the swap in the second went unseen)
    and the third read "CHL | SNHL" as one mixed loss (batch 37's VP49)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_side_by_side_cells_become_ear_sentences():
    text = "R | L\nsloping SNHL | flat CHL\nBC 25-55 | BC 5-10\nTake-home"
    assert tables_to_text(text).split("\n") == [
        "Right ear: sloping SNHL.",
        "Left ear: flat CHL.",
        "Right ear: BC 25-55.",
        "Left ear: BC 5-10.",
        "Take-home",
    ]
    kept = "Right ear first | then left\nflat | sloping"  # heads longer than an ear's name
    assert tables_to_text(kept) == kept


def test_side_by_side_tables_are_linear():
    def cost(n):
        text = "R | L\n" + "flat CHL 30 | sloping SNHL 40\n" * n + "x"
        return len(text), cpu_cost(lambda: tables_to_text(text))

    size, small = cost(3000)
    big_size, big = cost(12000)
    assert big_size > 300_000 and size > 75_000
    assert_linear(small, big, most=1.0)
