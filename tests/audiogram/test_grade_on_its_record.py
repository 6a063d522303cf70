"""A grade word given after an ear's values with the record that gives it ("'profound' on
her report", "mild on the audiology report") grades that ear, as a clause of grade words
alone does: the record is where the grade is written, not another thing graded. A symptom's
grade on a report stays the symptom's, and a grade "per his letter" is someone else's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.degree_claims import degree_claims


@pytest.mark.parametrize(
    ("clause", "grade"),
    [
        ("'profound' on her report", "profound"),
        ("mild on the audiology report", "mild"),
        ("\u201cmoderately severe\u201d in his letter", "moderately severe"),
        ("severe on the audiogram", "severe"),
    ],
)
def test_a_grade_on_its_record_grades_the_ear(clause, grade):
    low = clause.lower()
    claims = degree_claims(low, "right", False, "right 25 db hl at 1 khz, " + low)
    assert [(c.ears, c.value) for c in claims] == [(("right",), grade)]


@pytest.mark.parametrize(
    "clause",
    [
        "severe on her report of tinnitus",  # the grade of something named after it
        "profound on her questionnaire",  # not a record of the test
        "'moderate' per his letter",  # someone else's letter (a husband's aids)
    ],
)
def test_near_misses_read_no_grade(clause):
    low = clause.lower()
    assert degree_claims(low, "right", False, "right 25 db hl at 1 khz, " + low) == []
