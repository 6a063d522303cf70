"""A loss named as what something prevents, avoids or risks is a loss that may come, not the
one the ear has: "unsuccessful in preventing severe hearing loss", "the risk of a profound
loss" (issue #26, batch 143: a real model's list of 'definitions' was judged as the
patient's grade; lexicon.NEGATORS). Near misses: the grade said of the ear before the
prevention words, and one past two words after them, are still claims. Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

FLAT_MILD = build(25, right_bone=20, left_bone=20)  # flat mild sensorineural loss


@pytest.mark.parametrize(
    "reply",
    [
        "Surgery has so far been unsuccessful in preventing severe hearing loss.",
        "Ear defenders prevent profound noise-induced loss.",
        "Untreated, there is a risk of a moderate conductive loss.",
        "Aids are fitted to avoid further severe deterioration of hearing.",
        "Hearing protection at work is there to avoid a profound loss.",
    ],
)
def test_a_loss_that_may_come_is_no_claim(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "She has a severe hearing loss, preventing conversation on the phone.",
        "The risk assessment notes a severe hearing loss in both ears.",
    ],
)
def test_a_grade_said_of_the_ear_is_still_judged(reply):
    assert check_reply(reply, FLAT_MILD).critical_errors == ["severity_misclassification"]
