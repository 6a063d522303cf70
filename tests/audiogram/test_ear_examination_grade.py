"""A grade word right before a finding of the ear's examination ("L: moderate otitis
externa", "Right: mild retraction of the drum", "severe wax impaction") grades that finding,
not the ear's hearing: no hearing-loss degree is claimed (issue #26 reading class: an ear's
non-hearing finding that names a grade; lexicon.EXAMINATION_FINDING). A grade of the loss
beside it is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

NORMAL = build(10, right_bone=5, left_bone=5, bone_masked=True)


@pytest.mark.parametrize(
    "text",
    [
        "L: moderate otitis externa, canal swollen.",
        "Otoscopy - R: severe canal oedema. L: mild cerumen.",
        "R mild TM retraction, L moderate effusion? Audio normal both sides.",
    ],
)
def test_grade_of_an_examination_finding_is_no_degree(text):
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "L: moderate hearing loss; otitis externa on the right.",
        "R: mild loss, canal oedema.",
    ],
)
def test_grade_of_the_loss_beside_it_is_read(text):
    assert check_reply(text, NORMAL).critical_errors == ["severity_misclassification"]


def test_reading():
    assert not [c for c in read_claims("L: moderate otitis externa.") if c.kind == "degree"]
    assert [c.value for c in read_claims("L: moderate SNHL.") if c.kind == "degree"] == ["moderate"]
