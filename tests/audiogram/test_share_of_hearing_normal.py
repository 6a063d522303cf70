"""A share of the hearing said to be in the normal range ("approximately 90% within the normal
range", "80 per cent normal") says part of it is normal, which grades no ear
(degree_claims._A_SHARE_NORMAL): WHO 2021 grades an ear by its average. A percentage that is
another test's score beside 'normal' is not such a share, and the hearing said normal without
a share is still graded. Issue #26 batch 135, the replies of a small local model; wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

MODERATE = build(45)


def _grades(clause: str) -> list[str]:
    return [c.value for c in degree_claims(clause, None, False) if c.kind == "degree"]


@pytest.mark.parametrize(
    "clause",
    [
        "the person's hearing is approximately 90% within the normal range",
        "his hearing is about 80 per cent normal",
        "her hearing is 75 percent in the normal range",
    ],
)
def test_a_share_within_the_normal_range_grades_no_ear(clause):
    assert _grades(clause) == []


@pytest.mark.parametrize(
    "clause",
    [
        "the person's hearing is within the normal range",
        "hearing is normal in both ears; speech discrimination 96%",
    ],
)
def test_normal_without_a_share_is_still_a_grade(clause):
    assert _grades(clause) == ["normal"]


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The person's hearing is approximately 90% within the normal range.", False),
        ("The person's hearing is within the normal range.", True),
    ],
)
def test_judged(reply, errors):
    assert bool(check_reply(reply, MODERATE).critical_errors) is errors
