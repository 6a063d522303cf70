"""A person's hearing as a whole said to be normal ("this person's hearing is normal", "your
hearing is within normal limits", "the hearing test is normal") grades both ears normal when
no ear is named (degree_claims.HEARING_SAID_NORMAL): a person's hearing is normal only where
both ears' are. One ear said normal, hearing normal for an age, hearing at some frequencies
and normal hearing in general keep no ear (the judge's default: true of one ear only is
unverifiable). Issue #26 batch 135, the replies of a small local model; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

NORMAL = build(10)
ONE_SIDED = build(50, 10)
BOTH_MODERATE = build(45)


def _normal_ears(clause: str) -> list[tuple]:
    claims = degree_claims(clause, None, False)
    return [c.ears for c in claims if c.kind == "degree" and not c.frequencies]


@pytest.mark.parametrize(
    "clause",
    [
        "this person's hearing is normal",
        "the patient's hearing is indeed normal",
        "your hearing is within normal limits",
        "her hearing is generally normal",
        "the man's hearing is quite normal, with nothing to treat",
        "his hearing is indeed a normal range",
        "the hearing test is normal",
        "their overall hearing appears to be normal",
        "the hearing is normal",
    ],
)
def test_a_persons_hearing_said_normal_is_both_ears(clause):
    assert _normal_ears(clause) == [("right", "left")]


@pytest.mark.parametrize(
    "clause",
    [
        # one ear, not the person's whole hearing
        "your hearing is normal in one ear",
        "his hearing is normal on one side",
        "the hearing is normal in the other ear",
        # a grade for an age is not a grade of normal hearing
        "her hearing is normal for her age",
        "his hearing is within normal limits for a man of 80",
        # hearing in general, not this person's
        "carriers of one variant have normal hearing",
        "most children with this gene have normal hearing at birth",
    ],
)
def test_one_ear_an_age_or_hearing_in_general_names_no_ear(clause):
    assert all(ears == () for ears in _normal_ears(clause))


@pytest.mark.parametrize(
    "clause",
    [
        "this person's hearing is not normal",
        "is this person's hearing normal?",
        "his hearing was normal as a child",
        "the person's hearing is approximately 90% within the normal range",
    ],
)
def test_denied_asked_past_or_approximate_is_no_whole_hearing_claim(clause):
    assert ("right", "left") not in _normal_ears(clause)


def test_generally_normal_grades_both_ears_but_claims_no_loss_everywhere():
    claims = degree_claims("her hearing is generally normal", None, False)
    assert [(c.kind, c.ears) for c in claims] == [("degree", ("right", "left"))]
    unhedged = degree_claims("her hearing is normal", None, False)
    assert [(c.kind, c.ears) for c in unhedged] == [
        ("degree", ("right", "left")),
        ("no_loss", ("right", "left")),
    ]


def test_a_region_keeps_its_frequencies_and_no_ear():
    claims = [c for c in degree_claims("the hearing is normal up to 2 khz", None, False)]
    assert claims and all(c.ears == () and c.frequencies for c in claims if c.kind == "degree")


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("This person's hearing is normal. The left ear is the better one.", ONE_SIDED, True),
        ("The patient's hearing is indeed normal.", BOTH_MODERATE, True),
        ("Your hearing test is normal.", ONE_SIDED, True),
        ("This person's hearing is normal.", NORMAL, False),
        ("Your hearing is normal in one ear.", ONE_SIDED, False),
        ("Carriers of one variant have normal hearing.", ONE_SIDED, False),
    ],
)
def test_the_claim_is_judged_on_both_ears(reply, case, errors):
    assert bool(check_reply(reply, case).critical_errors) is errors
