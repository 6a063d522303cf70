"""An ear compared with ("left worse than right (25 dB, mild)") that opens a bracket of its
own values gives them its ear, through the comma inside the bracket: they are not the ear
carried from before the sentence (statements._compares; batch 169 UR16). Wording of our
own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

LEFT_MODERATE = build(25, 45)


def test_the_bracket_after_the_ear_compared_is_its_own():
    reply = "Left knee replaced. Hearing: left worse (45 dB, moderate) than right (25 dB, mild)."
    assert check_reply(reply, LEFT_MODERATE).critical_errors == []


def test_a_wrong_grade_in_the_bracket_is_the_ears():
    reply = "Hearing: left worse (45 dB, moderate) than right (25 dB, severe)."
    assert check_reply(reply, LEFT_MODERATE).critical_errors == ["severity_misclassification"]
