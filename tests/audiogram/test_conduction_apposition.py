"""A conduction set between commas after the subject ("The hearing loss in the right ear, air
conduction, is a severe condition") is an apposition naming which measure the subject is: the
subject, the conduction and the predicate are one clause, so what the predicate says is said
of the subject's ear (issue #26, batch 152, the real local model's text, as tuning data; the
phrasings here are new). A conduction that stands as a clause between two ears' findings
("Right mild, air conduction, left severe") still ends its clause."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import clauses

from .conftest import build

RIGHT_MILD = build(30, 60)  # right 30 dB HL (mild), left 60 (moderately severe)


@pytest.mark.parametrize(
    "sentence",
    [
        "The loss in the left ear, air conduction, is mild.",
        "Hearing on the left, bone conduction, was normal throughout.",
        "The left side, by air conduction, shows a mild loss.",
        "Her left ear, air-conduction, appears mildly impaired.",
    ],
)
def test_the_apposition_stays_in_its_clause(sentence):
    assert clauses(sentence) == [sentence]


@pytest.mark.parametrize(
    "sentence",
    [
        "Right mild, air conduction, left severe.",
        "Left 60 dB, air conduction normal, bone 10.",
        "Air conduction, bone conduction, tympanometry were done.",
    ],
)
def test_a_conduction_that_is_no_apposition_still_ends_a_clause(sentence):
    assert len(clauses(sentence)) > 1


@pytest.mark.parametrize(
    "reply",
    [
        "The hearing loss in the right ear, air conduction, is a severe condition.",
        "The loss on the right, by air conduction, is profound.",
        "Her right ear's hearing loss, air conduction, is profound.",
    ],
)
def test_the_grade_after_the_apposition_is_the_subjects_ears(reply):
    findings = check_reply(reply, RIGHT_MILD).findings
    assert [(f.kind, f.ear) for f in findings] == [("degree", "right")]
    assert check_reply(reply, RIGHT_MILD).critical_errors == ["severity_misclassification"]


def test_a_true_grade_after_the_apposition_is_no_error():
    reply = "The hearing loss in the right ear, air conduction, is mild."
    assert check_reply(reply, RIGHT_MILD).critical_errors == []
    assert [(f.kind, f.ear) for f in check_reply(reply, RIGHT_MILD).findings] == [
        ("degree", "right")
    ]
