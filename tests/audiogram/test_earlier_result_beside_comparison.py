"""A bracket right after a comparison with an earlier occasion names what was found then
("one grade worse than in 2019 (moderately severe)", "poorer than at presentation (PTA
45)"): the comparison's other term, not today's result (changes.EARLIER_RESULT_BESIDE, in
without_change_amounts). Serial audiograms are compared with the earlier test; the
comparison itself stays read. Near misses: a bracket after a comparison with the other ear,
a bracket after today's result, and one after a comparison that turns to today are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.changes import without_change_amounts
from clinbench.audiogram.check import check_reply

from .conftest import build, degree_values

# flat 70 dB HL both ears: severe (WHO 2021), PTA 70
FLAT_70 = build(70)

EARLIER_RESULTS = [
    ("Severe in both ears today, a grade worse than in 2021 (moderately severe).", "moderately"),
    ("Both ears severe now - worse than at the last review (moderate).", "moderate)"),
    ("Severe bilaterally; poorer than the 2020 audiogram (mild on the right).", "mild"),
    ("Both ears severe (PTA 70), lower than before treatment (PTA 45).", "45"),
    ("Bilateral severe loss, worse than last time (moderately severe).", "moderately"),
]


@pytest.mark.parametrize(("text", "gone"), EARLIER_RESULTS)
def test_the_earlier_result_in_the_bracket_is_not_read(text, gone):
    out = without_change_amounts(text)
    assert len(out) == len(text)
    assert gone not in out
    assert "severe" in out.lower()
    assert check_reply(text, FLAT_70).critical_errors == []


STILL_READ = [
    # today's result in a bracket, no comparison before it
    "Both ears are worse today (moderate loss).",
    # the words after the earlier occasion turn to today
    "Worse than in 2019 and today (moderate loss) in both ears.",
    # the bracket opens by naming today
    "Both ears worse than in 2019 (today a moderate loss).",
]


@pytest.mark.parametrize("text", STILL_READ)
def test_a_bracket_of_today_is_read(text):
    assert without_change_amounts(text) == text
    assert "moderate" in degree_values(text)
    assert check_reply(text, FLAT_70).critical_errors == ["severity_misclassification"]


def test_a_comparison_with_the_other_ear_keeps_its_bracket():
    text = "The right ear is worse than the left (moderate)."
    assert without_change_amounts(text) == text


def test_a_wrong_grade_today_beside_the_comparison_is_an_error():
    text = "Moderate loss in both ears now, worse than in 2019 (mild)."
    assert degree_values(text) == ["moderate"]
    assert check_reply(text, FLAT_70).critical_errors == ["severity_misclassification"]
