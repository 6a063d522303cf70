"""A conduction, then a level made approximate ("a bone conduction of approximately 20 dB
HL", "air conduction of around 35 dB"): the approximating word names nothing, so the level
is still that conduction's (threshold_claims._APPROXIMATELY), as "of about 20 dB HL" was.
Issue #26 batch 124 (the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import WHOLE_EAR_LEVEL, threshold_claims

from .conftest import build

_BONE = {500: 15, 1000: 20, 2000: 20, 4000: 25}
CASE = build(35, right_bone=_BONE, left_bone=_BONE, bone_masked=True)


def _levels(low: str) -> list[tuple]:
    return [
        (c.conduction, c.value)
        for c in threshold_claims(low, "right", False)
        if c.kind == "threshold_range" and WHOLE_EAR_LEVEL in c.rules
    ]


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("the ear has a bone conduction of approximately 20 db hl", ("bone", 20)),
        ("it shows an air conduction of around 35 db", ("air", 35)),
        ("with a bone conduction of roughly 25 db hl", ("bone", 25)),
    ],
)
def test_the_approximate_level_keeps_its_conduction(clause, level):
    assert _levels(clause) == [level]


@pytest.mark.parametrize(
    "clause",
    [
        "the ear has a bone conduction problem and a sound of approximately 20 db",
        "air conduction testing took around 35 minutes at 40 db",
    ],
)
def test_a_conduction_far_from_the_level_is_not_its(clause):
    assert _levels(clause) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear has an air conduction of approximately 35 dB HL.", []),
        ("The left ear has a bone conduction of around 60 dB HL.", ["fabricated_result"]),
    ],
)
def test_the_level_is_judged_against_its_conduction(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
