"""A person's hearing as a whole said not to be normal ("this person's hearing is not normal",
"your hearing is significantly impaired", "the hearing is abnormal") denies 'normal' of no ear
named (degree_claims.HEARING_SAID_IMPAIRED, type_denied 'normal'), judged true where either
ear has a loss and a type error where both are normal (judges.judge_type_denied). Denied,
conditional, one-ear and for-an-age statements are not read so. Issue #26 batch 135, the
replies of a small local model; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

NORMAL = build(10)
ONE_SIDED = build(50, 10)
BOTH = build(45)


def _denials(clause: str) -> list[tuple]:
    return [
        (c.ears, c.value) for c in degree_claims(clause, None, False) if c.kind == "type_denied"
    ]


@pytest.mark.parametrize(
    "clause",
    [
        "this person's hearing is not normal",
        "your hearing is significantly impaired",
        "the patient's hearing is clearly abnormal",
        "her hearing test results are not within normal limits",
    ],
)
def test_the_persons_hearing_said_impaired_denies_normal_of_no_ear(clause):
    assert _denials(clause) == [((), "normal")]


@pytest.mark.parametrize(
    "clause",
    [
        "your hearing is not impaired",
        "if your hearing is not normal, see your doctor",
        "his hearing is impaired in one ear",
        "her hearing is not normal for her age",
        "the hearing aid is not normal",
        "his hearing was impaired as a child",
    ],
)
def test_denied_conditional_one_ear_or_other_things_are_not_read(clause):
    assert _denials(clause) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("This person's hearing is significantly impaired.", NORMAL, True),
        ("No, this person's hearing is not normal.", NORMAL, True),
        ("This person's hearing is significantly impaired.", ONE_SIDED, False),
        ("No, this person's hearing is not normal.", BOTH, False),
    ],
)
def test_true_where_either_ear_has_a_loss(reply, case, errors):
    assert bool(check_reply(reply, case).critical_errors) is errors


def test_one_sided_loss_is_a_match_not_unverifiable():
    findings = check_reply("Your hearing is not normal.", ONE_SIDED).findings
    assert [(f.claimed, str(f.verdict)) for f in findings] == [("not normal", "match")]
