"""A form's grade field keeps its name with a noun after it ("Severity class", "Grade
level") and with a bracketed note before its colon on how the grade was set ("(from the 4FA
of both ears)"): its value grades the hearing (degree_claims rule "degree field"). Issue
#26, batch 103 (a classifier's output fields, used as tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, degree_values

MILD = build(25)  # both ears 25 dB HL at every frequency: mild (WHO 2021)
SEVERITY = "severity_misclassification"


@pytest.mark.parametrize(
    "text",
    [
        "Severity level (set from the 4FA of both ears): severe",
        "Severity class (both ears as one): severe",
        "Grade level (right and left): severe",
    ],
)
def test_a_grade_field_with_its_noun_or_a_note_is_read(text):
    assert degree_values(text) == ["severe"]
    assert check_reply(text, MILD).critical_errors == [SEVERITY]


@pytest.mark.parametrize(
    "text",
    [
        "Severity class (both ears as one): mild",
        # a symptom's severity is no grade of the hearing
        "Tinnitus severity class (patient rated): severe",
    ],
)
def test_a_true_grade_and_a_symptoms_grade_are_no_error(text):
    assert check_reply(text, MILD).critical_errors == []
