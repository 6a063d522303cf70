"""A grade word right before a measure of tympanometry grades that measure, not the hearing:
"Tymp R type B, normal volume (0.9 ml)" says nothing of the right ear's degree (issue #26,
validation batch 71, clinicians' case threads, as tuning data: WX32). Ear-canal volume,
peak compliance, middle-ear pressure and gradient each have their own normal range (BSA
2013 tympanometry). "R: normal" and "normal hearing on the right" still grade the ear. The
wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import conductive_right

# right moderate conductive loss (average 37.5) with a flat (B) tympanogram, left normal (A)
CASE = conductive_right(tympanometry={"right": {"type": "B"}, "left": {"type": "A"}})


@pytest.mark.parametrize(
    "reply",
    [
        "Right moderate CHL. Tymps: RE flat (B), normal canal volume 1.0 ml; LE type A.",
        "Right moderate conductive loss. R B w/ normal ECV; L A, normal peak compliance.",
        "Right moderate CHL. R tymp B - normal ear canal volume, so no perforation.",
    ],
)
def test_a_measure_of_tympanometry_is_no_grade_of_the_ear(reply):
    assert not [c for c in read_claims(reply) if c.value == "normal" and "right" in c.ears]
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    ["R tymp B. R: normal.", "Type B on the right; normal hearing on the right."],
)
def test_the_ear_graded_normal_is_still_read(reply):
    assert check_reply(reply, CASE).critical_errors == ["severity_misclassification"]
