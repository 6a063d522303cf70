"""A grade word alone, said on a named grading scale ("now moderate on the WHO 2021 scale",
"severe by the ASHA classification"), grades the ear (degree_claims rule "grade on a
scale"); a symptom graded on its own scale is no grade of the hearing. Issue #26, batch 95
(serial audiograms, used as tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, degree_values

MILD = build(25)  # both ears 25 dB HL at every frequency: mild (WHO 2021)
SEVERITY = "severity_misclassification"


@pytest.mark.parametrize(
    "text",
    [
        "Flat loss in each ear, severe by the ASHA classification, no change since May.",
        "Sloping loss both ears, now severe on the Goodman scale.",
        "Left and right ears flat, each severe per the WHO 2021 grading, no change.",
    ],
)
def test_a_grade_on_a_named_scale_grades_the_ear(text):
    assert "severe" in degree_values(text)
    assert SEVERITY in check_reply(text, MILD).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Flat loss in each ear, mild by the ASHA classification.",
        "Tinnitus in both ears, severe on the THI scale.",
    ],
)
def test_a_true_grade_and_a_symptoms_scale_are_no_error(text):
    assert SEVERITY not in check_reply(text, MILD).critical_errors
