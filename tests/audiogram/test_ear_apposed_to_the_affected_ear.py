"""An ear set beside "the affected ear" after a dash ("return if the hearing in the left ear
gets worse - the affected ear") is named the affected ear, whatever condition the clause puts
on the hearing's change (affected_ears.AFFECTED_APPOSED; batch 174 UW30). Said of the normal
ear where the other has the loss, and given as a loss like the other ear's, it moves that
ear's loss: a laterality error (adjudication._differs). Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_LOSS = build(45, 10, right_bone={500: 40, 1000: 40, 2000: 45, 4000: 45}, bone_masked=True)


def test_the_normal_ear_apposed_to_the_affected_ear_is_a_swap():
    reply = (
        "Right sensorineural loss, 45 dB, masked bone 40-45. Left normal (10 dB).\n"
        "Safety-net: come back if the hearing in the left ear gets worse - the affected ear."
    )
    assert check_reply(reply, RIGHT_LOSS).critical_errors == ["laterality_confusion"]


def test_the_ear_with_the_loss_apposed_stays_unflagged():
    reply = (
        "Right sensorineural loss, 45 dB, masked bone 40-45. Left normal (10 dB).\n"
        "Safety-net: come back if the hearing in the right ear gets worse - the affected ear."
    )
    assert check_reply(reply, RIGHT_LOSS).critical_errors == []
