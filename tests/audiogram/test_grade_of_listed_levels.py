"""A grade followed by a parenthesis of levels grades the whole loss: "a mild rising conductive
loss (50 and 45 dB HL at 250 and 500 Hz, 30 at 1 kHz)" lists the thresholds the grade sums up,
so their frequencies are the levels', not a region the grade is limited to (issue #26,
validation batches 13 and 17, used as tuning data). A region written as a parenthesis of
frequencies ("a moderate loss (2-4 kHz)") or after "at" still scopes the grade."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build, cpu_cost

# (clause, the frequencies the grade is scoped to)
READING = [
    ("a mild rising conductive loss (50 and 45 db hl at 250 and 500 hz, 30 at 1 khz)", ()),
    ("a moderate sloping snhl (20 db hl at 500 hz to 55 at 4 khz)", ()),
    ("severe chl (abg 40-45 @.25/.5k, bc m 10)", ()),
    ("a moderate loss (air-bone gaps of 30 db at 500 hz)", ()),
    ("mild loss (40/45 at 4/8 khz)", ()),
    # near misses: a region in the parenthesis or after the grade still scopes it
    ("a moderate loss (2-4 khz)", (2000, 4000)),
    ("a mild loss at 250 and 500 hz (50 and 45 db hl)", (250, 500)),
    ("a mild loss (2 and 4 khz)", (2000, 4000)),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "region"), READING, ids=[row[0] for row in READING])
def test_a_parenthesis_of_levels_is_no_region_of_the_grade(clause, region):
    (claim,) = degree_claims(clause, "right", False)
    assert claim.frequencies == region


RISING_CONDUCTIVE_RIGHT = build(
    {250: 50, 500: 45, 1000: 30, 2000: 20, 4000: 15, 8000: 15},
    10,
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    bone_masked=True,
)  # right PTA (45+30+20+15)/4 = 27.5: mild; moderate and moderately severe at 250-500 Hz


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right shows a mild rising conductive loss (50 and 45 dB HL at 250 and 500 Hz, "
         "30 at 1 kHz, 15-20 from 2 kHz up) with an average of 27.5 dB HL; the left is normal.",
         []),
        ("Right: mild conductive loss (ABG 35-40 @.25/.5k, BC m 5-10). Left normal.", []),
        # a grade limited to a region is still judged there
        ("The right has a mild loss at 250 and 500 Hz (50 and 45 dB HL).",
         ["severity_misclassification"]),
        # the whole loss misgraded, with its levels listed after it
        ("The right shows a severe conductive loss (50 and 45 dB HL at 250 and 500 Hz).",
         ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RISING_CONDUCTIVE_RIGHT).critical_errors == errors


def test_many_parentheses_of_levels_read_in_linear_time():
    def cost(n):
        text = "a mild loss (50 and 45 db hl at 250 and 500 hz) " * n
        return len(text), cpu_cost(lambda: degree_claims(text, "right", False))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 90_000
    assert big < 10 * max(small, 0.02)
