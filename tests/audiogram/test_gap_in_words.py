"""A significant air-bone gap said in words ("a significant difference between air and bone
conduction") is the gap claim, judged by the type rule: wrong of an ear with no significant
gap (claims._GAP_NAMED, ABG_PRESENT; BSA 2018; issue #26, batch 155: a real model's "a
significant difference between the bone conduction and air conduction" for a sensorineural
ear gave no claim). Denied, it says the gap is absent; with a size in dB and no word of
size, or between the two ears, it says nothing of a gap. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import air_bone_gap_claims

from .conftest import build

SENSORINEURAL = build(50, 50, right_bone=45, left_bone=45, bone_masked=True)
CONDUCTIVE = build(50, 50, right_bone=10, left_bone=10, bone_masked=True)


@pytest.mark.parametrize(
    ("clause", "value"),
    [
        ("her left ear shows a large difference between air and bone conduction", "present"),
        ("a significant gap between the bone and the air thresholds on the right", "present"),
        ("there is no significant difference between air and bone in either ear", "absent"),
    ],
)
def test_a_gap_in_words_is_read(clause, value):
    assert [c.value for c in air_bone_gap_claims(clause, None, False)] == [value]


@pytest.mark.parametrize(
    "clause",
    [
        "a 10 db difference between air and bone at 2 khz",
        "a significant difference between the right and left ears",
    ],
)
def test_a_size_alone_or_the_two_ears_is_no_gap_said(clause):
    assert air_bone_gap_claims(clause, None, False) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("The right ear shows a large difference between air and bone conduction.",
         SENSORINEURAL, ["type_misclassification"]),
        ("The right ear shows a large difference between air and bone conduction.",
         CONDUCTIVE, []),
        ("There is no significant difference between air and bone conduction.",
         SENSORINEURAL, []),
    ],
)  # fmt: skip
def test_a_gap_in_words_is_judged_by_the_type(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors


# A difference said to fall short of significance ("under", "below", "less than", "short of a
# significant gap") says the gap is absent (claims.ABG_ABSENT; batch 176: "bone 10 dB better
# than air everywhere, which is under a significant air-bone gap"). Wording of our own.
@pytest.mark.parametrize(
    "clause",
    [
        "bone within 10 db of air, which is under a significant air-bone gap",
        "- abg 5-10 db: below a clinically significant abg",
        "the split between the curves is less than a significant gap between air and bone",
        "| bone vs air | 10 db, short of a significant air-bone gap |",
    ],
)
def test_a_gap_short_of_significance_is_absent(clause):
    assert [c.value for c in air_bone_gap_claims(clause, None, False)] == ["absent"]


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("Bone 5-10 dB better than air, under a significant air-bone gap: sensorineural.",
         SENSORINEURAL, []),
        ("Bone 5-10 dB better than air, under a significant air-bone gap.", CONDUCTIVE,
         ["type_misclassification"]),
        # above the criterion is still a gap
        ("Bone 40 dB better than air, well above a significant air-bone gap.", SENSORINEURAL,
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_a_gap_short_of_significance_is_judged(reply, case, errors):
    assert check_reply(reply, case).critical_errors == errors
