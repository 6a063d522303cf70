"""A loss named by its side as an adjective ("she has a right-sided hearing loss", "the
finding is a left hearing loss", "there is a right-ear hearing impairment") says that ear's
hearing is not normal, as "a hearing loss in the right ear" does: a claim of a loss in that
ear, wrong of a normal ear (issue #26, batch 152, the real local model's "is a right-sided
hearing loss" for two normal ears, as tuning data; the phrasings here are new). Not of both
sides, not denied, not a history, a device or a condition."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import loss_in_an_ear_claims

from .conftest import build

NORMAL = build(10)  # 10 dB HL at every frequency, both ears
LEFT_LOSS = build(10, 50)  # right normal, left 50 dB HL


@pytest.mark.parametrize(
    ("clause", "ear"),
    [
        ("she has a right-sided hearing loss", "right"),
        ("the main finding is a left hearing impairment", "left"),
        ("there is a right ear hearing loss", "right"),
        ("he shows a left-sided sensorineural hearing loss", "left"),
        ("this is a unilateral right sided hearing deficit", "right"),
    ],
)
def test_a_loss_named_by_its_side_is_that_ears(clause, ear):
    assert [c.ears for c in loss_in_an_ear_claims(clause, False)] == [(ear,)]


@pytest.mark.parametrize(
    "clause",
    [
        "she has a right- and left-sided hearing loss",
        "there is no right-sided hearing loss",
        "she has a history of a left-sided hearing loss",
        "he has a right-sided hearing aid",
        "if she had a left-sided hearing loss we would scan",
        "a right-sided hearing loss would need an mri",
    ],
)
def test_both_sides_denials_histories_and_devices_claim_no_ear(clause):
    assert loss_in_an_ear_claims(clause, False) == []


def test_a_loss_put_in_a_normal_ear_is_an_error():
    assert check_reply("She has a right-sided hearing loss.", NORMAL).critical_errors == [
        "type_misclassification"
    ]
    assert check_reply("There is a left-sided hearing loss.", LEFT_LOSS).critical_errors == []


# With no article, and the ear's damage named with the ear before it (issue #26 batch 166,
# real-model "left ear damage" for a normal left; wording of our own).
@pytest.mark.parametrize(
    ("clause", "ear"),
    [
        ("the patient has left ear hearing loss", "left"),
        ("the results showed they had right ear damage", "right"),
        ("- shows left-ear hearing damage", "left"),
        ("there is some right-sided damage on testing", "right"),
        ("summary: she has left sided hearing impairment", "left"),
    ],
)
def test_a_loss_or_damage_named_by_its_side_without_an_article(clause, ear):
    assert [c.ears for c in loss_in_an_ear_claims(clause, False)] == [(ear,)]


@pytest.mark.parametrize(
    "clause",
    [
        "she is left with a hearing loss",
        "he was right about his hearing loss",
        "hearing protection helps prevent left ear damage",
        "no right ear damage was seen",
        "he has right ear wax",
    ],
)
def test_a_side_word_that_names_no_ear_or_no_damage_claims_nothing(clause):
    assert loss_in_an_ear_claims(clause, False) == []


def test_damage_put_in_a_normal_ear_is_an_error():
    assert check_reply("The test showed they had right ear damage.", LEFT_LOSS).critical_errors
    assert check_reply("The test showed they had left ear damage.", LEFT_LOSS).critical_errors == []
