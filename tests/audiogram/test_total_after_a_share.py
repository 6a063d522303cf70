"""'Total' after a share of a whole ("50% of their total hearing loss", "half of the total
loss") is the whole amount, not WHO 2021's complete grade; 'total hearing loss' said of an
ear still grades it (degree_claims.A_SHARE_OF; issue #26 batch 186, the real local model's
share of a 'total hearing loss' on mild ears). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

MILD = build(30, 30, right_bone=25, left_bone=25)


@pytest.mark.parametrize(
    "reply",
    [
        "The left ear carries 60% of her total hearing loss.",
        "About half of the total loss is in the high frequencies.",
        "- right: a third of the total hearing loss",
        "Most of his total hearing loss is sensorineural.",
    ],
)
def test_a_share_of_the_total_is_no_grade(reply):
    assert check_reply(reply, MILD).critical_errors == []


@pytest.mark.parametrize(
    "reply", ["She has a total hearing loss in the left ear.", "Left: total hearing loss."]
)
def test_a_total_loss_said_of_an_ear_is_still_graded(reply):
    assert check_reply(reply, MILD).critical_errors == ["severity_misclassification"]
