"""The audiogram itself said to be normal ("this is a normal audiogram", "these are the
findings of a normal audiogram", "her audiogram is normal") grades both ears normal when no
ear is named (degree_claims.AUDIOGRAM_SAID_NORMAL): an audiogram holds both ears'
thresholds. A normal audiogram in general ("despite a normal audiogram") claims nothing of
this one (issue #26 batch 124, the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

PROFOUND = build(90)
NORMAL = build(10)
ONE_SIDED = build(10, 60)


def _normal_ears(clause: str) -> list[tuple]:
    return [c.ears for c in degree_claims(clause, None, False) if c.kind == "degree"]


@pytest.mark.parametrize(
    "clause",
    [
        "this is a normal audiogram",
        "it's a normal audiogram for a man of thirty",
        "those are the main features of a normal audiogram",
        "his audiogram is essentially normal",
        "the audiogram appears to be normal",
    ],
)
def test_the_audiogram_said_normal_is_both_ears_normal(clause):
    assert _normal_ears(clause) == [("right", "left")]


@pytest.mark.parametrize(
    "clause",
    [
        "tinnitus can persist despite a normal audiogram",
        "a normal audiogram does not exclude hidden hearing loss",
        "patients with normal audiograms may still struggle in noise",
        "her audiogram is not normal",
        "is this a normal audiogram?",
        "the previous audiogram was normal",
        "her audiogram was normal (the 2019 test elsewhere)",
    ],
)
def test_a_normal_audiogram_in_general_is_no_claim(clause):
    assert _normal_ears(clause) == []


@pytest.mark.parametrize(
    ("reply", "case", "errors"),
    [
        ("These are the findings of a normal audiogram.", PROFOUND, True),
        ("Your audiogram is normal.", ONE_SIDED, True),
        ("This is a normal audiogram.", NORMAL, False),
        ("Ringing in the ears can occur with a normal audiogram.", PROFOUND, False),
    ],
)
def test_the_claim_is_judged_on_both_ears(reply, case, errors):
    assert bool(check_reply(reply, case).critical_errors) is errors
