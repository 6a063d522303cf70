"""A unilateral word in a clause that calls the ear named last normal is about the other
ear: "Right complete sensorineural loss, left normal -> single-sided deafness" claims a
one-sided loss on the right, not the left (issue #26, validation batch 71, clinicians' case
threads, as tuning data: WX15). An ear not said normal keeps the unilateral loss. The
wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import conductive_right

CASE = conductive_right()  # right moderate conductive loss, left normal


def _laterality(reply: str) -> list[tuple]:
    return [
        (f.ear, f.claimed)
        for f in check_reply(reply, CASE).findings
        if f.kind.value == "laterality"
    ]


@pytest.mark.parametrize(
    "reply",
    [
        "Right moderate CHL, left WNL -> unilateral loss.",
        "R ear: moderate conductive loss; left ear is normal, so this is a one-sided loss.",
        "Moderate conductive loss on the right, left = normal: single-sided hearing loss.",
    ],
)
def test_the_one_sided_loss_is_the_ear_not_said_normal(reply):
    assert not [ear for ear, _ in _laterality(reply) if ear == "left"]
    assert check_reply(reply, CASE).critical_errors == []


def test_an_ear_not_said_normal_keeps_the_unilateral_loss():
    reply = "The hearing loss is unilateral, in the left ear."
    assert check_reply(reply, CASE).critical_errors == ["laterality_confusion"]
