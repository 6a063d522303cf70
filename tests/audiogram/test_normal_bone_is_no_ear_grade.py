""" "Bone conduction normal" or "normal bone" in the writer's own words reads the bone
thresholds, not the ear's grade or type (BSA 2018: the type is read from the air-bone gaps;
normal bone beside a loss by air is the conductive loss itself). So it does not answer a
report of this test the writer relays ("her audiology letter says she has a mild conductive
loss in the left ear (average 30 dB HL; bone conduction normal)"): the relayed words stay the
document's claims (batch 66 WS48 as tuning data). An ear called normal outright still answers
a cited grade."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_MILD = build(10, 30)  # left mild, right normal
RIGHT_MILD = build(30, 10)  # right mild, left normal

RELAYED = [
    "Workplace note. Sam's audiology letter says he has a mild hearing loss in the left ear "
    "(4FA 30 dB HL; bone conduction normal). Desk moved.",
    "Tenancy form. The audiology report states that she has a mild loss in the left ear "
    "(average 30; normal bone). Flashing doorbell fitted.",
    "Note for the driving assessor. The hearing test letter says a mild left-sided loss "
    "(about 30 dB; bone levels within normal limits). No restriction.",
]


@pytest.mark.parametrize("reply", RELAYED)
def test_normal_bone_does_not_set_the_relayed_words_aside(reply):
    assert check_reply(reply, LEFT_MILD).critical_errors == []
    assert "laterality_confusion" in check_reply(reply, RIGHT_MILD).critical_errors


def test_an_ear_called_normal_still_answers_a_cited_grade():
    text = (
        "Workplace note. The audiology report said 'mild hearing loss, both ears'. "
        "On our check both ears were normal."
    )
    assert without_unclaimed(text) != text
