"""The person said to have a hearing impairment ("you're a patient with hearing impairments",
"this person has a hearing impairment") is said to have a loss in one ear or both: the same
claim as the person's hearing said impaired (degree_claims.HEARING_SAID_IMPAIRED, a denial of
'normal' of no ear named), true where either ear has a loss and a type error where both ears
are normal (issue #26, batch 146 ZU27; the README's rule for "this person" / "you": both
ears). Wording of our own; denied, conditional, generic and one-ear statements are not read
so."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

NORMAL = build(10)
ONE_SIDED = build(10, 55)


def _denials(clause: str) -> list[tuple]:
    return [(c.ears, c.value) for c in degree_claims(clause, None, False)
            if c.kind == "type_denied"]  # fmt: skip


@pytest.mark.parametrize(
    "clause",
    [
        "you're a patient with hearing impairments",
        "you are a person with a hearing impairment",
        "this person has a hearing impairment",
        "they have a hearing impairment that makes noisy places hard",
        "the patient is an adult with hearing impairment",
    ],
)
def test_the_person_said_to_have_an_impairment_denies_normal_of_no_ear(clause):
    assert _denials(clause) == [((), "normal")]


@pytest.mark.parametrize(
    "clause",
    [
        "you do not have a hearing impairment",
        "if you have a hearing impairment, we can help",
        "patients with hearing impairments often find restaurants hard",
        "you have a hearing impairment in one ear",
        "people who have a hearing impairment use captions",
        "you had a hearing impairment as a child",
    ],
)
def test_denied_conditional_generic_or_one_ear_statements_are_not_read(clause):
    assert _denials(clause) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("You're a patient with hearing impairments.", NORMAL, ["type_misclassification"]),
        ("You're a patient with hearing impairments.", ONE_SIDED, []),
        ("This person has a hearing impairment.", NORMAL, ["type_misclassification"]),
    ],
)
def test_true_where_either_ear_has_a_loss(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors
