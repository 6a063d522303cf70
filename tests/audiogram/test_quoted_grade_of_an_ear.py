"""A grade the writer puts in quotation marks ("moderately severe", 'mild') and then says of
an ear ("... in both ears", "... on the left") is still that ear's grade: the marks flag the
word, they do not take the grade back. Validation batch 97 XX37 (as tuning data;
degree_claims rule "grade of an ear")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears flat at 25 dB HL: mild (WHO 2021)
MILD_BOTH = build(25, 25)


def _degrees(text):
    return [(c.ears, c.value) for s in read_statements(text) for c in s if c.kind == "degree"]


@pytest.mark.parametrize(
    "text",
    [
        "I would file her as \u201cprofound\u201d on the left and right alike.",
        "Summary for the ward: 'severe' in each ear, so use a pocket talker.",
    ],
)
def test_a_quoted_grade_of_an_ear_is_read_and_judged(text):
    assert _degrees(text)
    assert "severity_misclassification" in check_reply(text, MILD_BOTH).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "I would file her as \u201cmild\u201d on the left and right alike.",
        "Summary for the ward: 'mild' in each ear, so face her when speaking.",
    ],
)
def test_a_true_quoted_grade_is_no_error(text):
    assert check_reply(text, MILD_BOTH).critical_errors == []
