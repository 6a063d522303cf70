"""An ear named and then grade words alone, with no loss word ("Right severe, left moderate",
"left moderately severe overall"), grades that ear's hearing, as "moderate on the right"
does (issue #26, blind batches 45-46 after their first score: VX40, VY09, VY29 planted a
wrong grade in this shorthand and it was not read). A symptom's grade ("Tinnitus: right
severe", "right moderate tinnitus") is not the hearing's, and an ear followed by more than
grade words is left to the other rules."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

# right mild (25 dB HL), left moderate (45 dB HL), sensorineural
RIGHT_MILD_LEFT_MODERATE = build(
    25, left=45, right_bone={500: 20, 1000: 20, 2000: 20}, left_bone={500: 40, 1000: 40, 2000: 40}
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right severe, left moderate.", ["severity_misclassification"]),
        ("Hearing: sensorineural loss, right mild; left moderately severe.",
         ["severity_misclassification"]),
        ("Left ear moderately severe overall, right mild.", ["severity_misclassification"]),
        ("The right side profound.", ["severity_misclassification"]),
        # the right grades, in the same shorthand
        ("Right mild, left moderate.", []),
        ("Sensorineural, right mild; left moderate overall.", []),
        # near misses: a symptom's grade, an ear followed by more than grade words
        ("Tinnitus: right severe, left moderate.", []),
        ("Right severe tinnitus, left mild vertigo.", []),
        ("Right severely reduced speech scores.", []),
    ],
)  # fmt: skip
def test_a_grade_after_an_ear_grades_its_hearing(reply, errors):
    assert check_reply(reply, RIGHT_MILD_LEFT_MODERATE).critical_errors == errors


def test_reading_ears_then_grades_is_linear():
    def cost(n):
        text = "Right severe, left moderately severe overall. " * n
        return cpu_cost(lambda: check_reply(text, RIGHT_MILD_LEFT_MODERATE))

    assert_linear(cost(100), cost(400))
