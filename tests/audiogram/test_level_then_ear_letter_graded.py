"""A capital R or L straight after a level is its ear, also before a parenthesis that grades it:
"4FA 17.5 R (normal) and 28.75 L (mild)" grades the right normal and the left mild (clinic
shorthand; issue #26, validation batch 90 used as tuning data). A parenthesis that opens with a
number ("50 L (40 at 4k)") is no grade of the letter.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

RIGHT_NORMAL_LEFT_MILD = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 4000: 35, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 4000: 65, 8000: 30},
)


@pytest.mark.parametrize(
    "text",
    [
        "4FA 17.5 R (normal) and 28.75 L (mild).",
        "4FA 17.5 R, 28.75 L (mild).",
        "PTA 17.5 R (within normal range), 28.75 L (mild loss).",
    ],
)
def test_the_grade_after_the_letter_is_that_ears(text):
    grades = {(c.ears, c.value) for c in read_claims(text) if c.kind == "degree"}
    assert (("left",), "mild") in grades and (("right",), "mild") not in grades, grades
    assert check_reply(text, RIGHT_NORMAL_LEFT_MILD).critical_errors == []


def test_the_grade_on_the_wrong_letter_is_found():
    text = "4FA 17.5 L (normal) and 28.75 R (mild)."
    assert check_reply(text, RIGHT_NORMAL_LEFT_MILD).critical_errors != []


def test_a_parenthesis_opening_with_a_number_is_no_grade_of_the_letter():
    ears = [t for t in read_claims("50 L (40 at 4k) mild") if t.kind == "degree"]
    assert all(c.ears != ("left",) or "level then R/L" not in c.rules for c in ears)
