"""An ear's letter before a row's value and an arrow to a grade ("4FA   R 36.25 -> SEVERE")
names the ear that grade is of: the arrow gives the value's verdict, as a printout or a
chat writes it. Validation batch 98 XY22 (as tuning data; claims row "line-start R/L",
lexicon _TAGGED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

# both ears flat at 40 dB HL: moderate (WHO 2021)
MODERATE_BOTH = build(40, 40)

WRONG = [
    "Average (0.5-4k)   L 40 => profound\nAverage (0.5-4k)   R 40 => moderate",
    "Screen summary: PTA4 R 41.25 \u2192 MILD, PTA4 L 40 \u2192 moderate",
]


@pytest.mark.parametrize("text", WRONG)
def test_the_arrow_grade_is_of_the_lettered_ear(text):
    degrees = [c for c in read_claims(text) if c.kind == "degree"]
    assert degrees and all(len(c.ears) == 1 for c in degrees)


@pytest.mark.parametrize("text", WRONG)
def test_a_wrong_arrow_grade_is_caught(text):
    assert "severity_misclassification" in check_reply(text, MODERATE_BOTH).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Average (0.5-4k)   L 40 => moderate\nAverage (0.5-4k)   R 40 => moderate",
        "Screen summary: PTA4 R 41.25 \u2192 moderate, PTA4 L 40 \u2192 moderate",
    ],
)
def test_a_right_arrow_grade_is_no_error(text):
    assert check_reply(text, MODERATE_BOTH).critical_errors == []
