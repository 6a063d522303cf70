"""MHL abbreviates "mixed hearing loss" as SNHL and CHL abbreviate the other two types, so the
clause reader reads it as the type word "mixed" (issue #26, found by the metamorphic test
``perturb.type_abbreviated``: on batches 1-38 the verdict changed in 26 of 605 replies when
the type phrases were abbreviated, 2 after reading MHL)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import type_claims

from .conftest import conductive_right, cpu_cost

CLAUSES = [
    ("moderate mhl", ["mixed"]),
    ("bilateral moderate mhl with air-bone gaps of 30-40 db", ["mixed"]),
    ("r: mhl, mod", ["mixed"]),
    # the written-out phrase reads the same
    ("moderate mixed hearing loss", ["mixed"]),
    # near misses: no type of this ear's loss
    ("mhlx protocol", []),
    ("a mixed picture", []),
    ("smhl", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "types"), CLAUSES, ids=[c for c, _ in CLAUSES])
def test_mhl_is_the_mixed_type(clause, types):
    claims = [c for c in type_claims(clause, clause, "right", False) if c.kind == "type"]
    assert [c.value for c in claims] == types


CONDUCTIVE_RIGHT = conductive_right()  # right conductive loss, left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # a conductive ear called mixed (the old reader read no type: no error)
        ("Right ear: moderate MHL. Left ear: normal hearing.", ["type_misclassification"]),
        ("Right ear: moderate mixed hearing loss. Left ear: normal hearing.",
         ["type_misclassification"]),
        # near misses: the right type, and a word that only starts like it
        ("Right ear: moderate CHL. Left ear: normal hearing.", []),
        ("Right ear: moderate CHL; left normal; MHLX protocol.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_many_abbreviations_read_in_linear_time():
    def cost(n):
        text = "bilateral moderate mhl, no mhl, mhlx " * n
        return len(text), cpu_cost(lambda: type_claims(text, text, "right", False))

    size, small = cost(3000)
    _, big = cost(12000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
