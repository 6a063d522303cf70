"""In a terse note a grade followed by a bare "both" closing the clause ("SNHL, mod-sev both")
grades both ears, as "moderate both ears" does (issue #26, found by the metamorphic test
``perturb.degree_written_out``: batch 33's VK33 kept its verdict with "mod-sev both", read
by the shorthand reader, and lost it with "moderately severe both")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import GRADE_OF_EAR

from .conftest import build, cpu_cost

CLAUSES = [
    ("snhl, moderately severe both", True),
    ("moderate both.", True),
    ("mild both;", True),
    # the forms read before
    ("moderate both ears", True),
    ("mild bilat", True),
    # near misses: "both" that goes on to name something else
    ("moderately severe, both in the low and the high frequencies", False),
    ("moderate both at 2 and 4 khz", False),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "graded"), CLAUSES, ids=[c for c, _ in CLAUSES])
def test_a_bare_both_after_a_grade_names_the_ears(clause, graded):
    assert bool(GRADE_OF_EAR.search(clause)) == graded


BONE = {500: 40, 1000: 40, 2000: 40, 4000: 40}
FLAT_MODERATE = build(40, right_bone=BONE, left_bone=BONE, bone_masked=True)  # 40 dB SNHL


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the old reader read no grade: no error
        ("AC 40 flat\nSNHL, moderately severe both\nWRS not done", ["severity_misclassification"]),
        ("AC 40 flat\nSNHL, moderately severe both.", ["severity_misclassification"]),
        ("AC 40 flat\nSNHL, moderate both\nWRS not done", []),
        ("Moderately severe, both in the low and the high frequencies, is what the referral said.",
         []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, FLAT_MODERATE).critical_errors == errors


def test_many_grades_then_both_read_in_linear_time():
    def cost(n):
        text = "snhl, moderately severe both, mild both in the lows " * n
        return len(text), cpu_cost(lambda: GRADE_OF_EAR.findall(text))

    size, small = cost(2500)
    _, big = cost(10000)
    assert size > 100_000
    assert big < 10 * max(small, 0.02)
