"""A grade word alone as what the tester said ("she said severe", "she called it moderately
severe", "it says mild") or as the predicate of an ear ("both ears were severe", "the right
side was severe") grades the hearing, as "I'd call it severe" and "Right severe" do (issue
#26, validation batch 51: patients' accounts, as tuning data; degree_claims "grade reported"
and "ear then its grade"). A grade of a symptom, a relative's words and a grade followed by
another noun are not the hearing's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import assert_linear, build, cpu_cost

# flat mild sensorineural loss, 25 dB HL both ears (bone 20)
FLAT_MILD = build(25, right_bone=20, left_bone=20)

GRADE_SAID = [
    ("Both ears sensorineural, she said severe.", "both"),
    ("Loss in right is conductive and she said severe.", "right"),
    ("She called it severe.", None),
    ("She said it's moderately severe.", None),
    ("Both ears were severe, she said.", "both"),
    ("The right side was severe.", "right"),
    ("My left ear is severe.", "left"),
]

NOT_THE_HEARINGS_GRADE = [
    "She said severe tinnitus.",
    "Tinnitus is bad, she said severe.",
    "She said it was a severe shock.",
    "Mum said severe.",
    "She said severe pain in the left ear.",
    "Both ears severe tinnitus.",
]


@pytest.mark.parametrize(("text", "ear"), GRADE_SAID, ids=[r[0] for r in GRADE_SAID])
def test_grade_said_alone_is_judged(text, ear):
    found = check_reply(text, FLAT_MILD).findings
    assert [(f.kind.value, f.ear, f.claimed) for f in found if f.kind.value == "degree"] == [
        ("degree", ear, next(g for g in ("moderately severe", "severe") if g in text))
    ]


@pytest.mark.parametrize("text", NOT_THE_HEARINGS_GRADE)
def test_other_grades_are_not(text):
    assert check_reply(text, FLAT_MILD).critical_errors == []


def test_reading_rows():
    assert [c.value for c in degree_claims("she said severe.", None, False)] == ["severe"]
    assert degree_claims("she said severe pain.", None, False) == []


def test_grade_said_reading_is_linear():
    def cost(n):
        text = "she said it was a severe " * n + "."
        return cpu_cost(lambda: degree_claims(text, None, False))

    assert_linear(cost(500), cost(2000))
