"""The grade of a questionnaire is the grade of what the patient reports, not of the
audiogram: "THI grade: moderate" (the Tinnitus Handicap Inventory), "HHIE-S grade: severe"
(the Hearing Handicap Inventory for the Elderly), "DHI grade: severe" (the Dizziness
Handicap Inventory) (review8's leftover: read as the hearing's grade). Near misses: a grade
field that names no questionnaire or names the hearing is still the hearing's grade."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)


@pytest.mark.parametrize(
    "reply",
    [
        "THI grade: moderate.",
        "HHIE-S grade: severe.",
        "DHI grade: severe.",
        "Tinnitus Handicap Inventory grade: severe.",
        "Both ears mild loss. THI grade: severe.",
    ],
)
def test_a_questionnaires_grade_is_not_the_hearings(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "Grade: severe.",
        "Hearing grade: severe. THI grade: mild.",
        "Degree of hearing loss: severe.",
        "THI grade: mild; both ears have a severe loss.",
    ],
)
def test_the_hearings_grade_is_still_read(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == ["severity_misclassification"]


def test_questionnaire_grades_are_read_in_linear_time():
    text = "THI grade: moderate, " * 100 + "grade " * 200 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, FLAT_MILD))
    big = cpu_cost(lambda: check_reply(text * 20, FLAT_MILD))
    assert_linear(small, big)
