"""A speaker's hold ("Wait.", "Hang on.", "oh, hold on -") cuts a reading off to repair it:
the first later reading of the same kind and ear that says otherwise replaces the held one,
as a written correction does (the last word stands; conversation analysis of self-repair,
Schegloff, Jefferson and Sacks 1977). Issue #26, validation batch 80 XG03 (think-aloud
transcripts, as tuning data; claims LEXICON 'self-correction', claims._Held)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import Qualifier, read_claims

from .conftest import build

RIGHT_SNHL = build(50, 10, right_bone=45, left_bone=10, bone_masked=True)

HELD = [
    "Right ear, I'd call that conductive. Wait. The bone's at 45 too, so it's sensorineural, "
    "right ear.",
    "Conductive on the right, I think... oh, hold on. Bone follows the air there. Sensorineural.",
    "Looks conductive, right side. Hang on - let me see the masked bone. It tracks the air: "
    "a sensorineural loss on the right.",
]


@pytest.mark.parametrize("text", HELD)
def test_held_reading_is_withdrawn(text):
    held = [c for c in read_claims(text) if c.kind == "type" and c.value == "conductive"]
    assert held and all(c.qualifier == Qualifier.WITHDRAWN for c in held)
    assert any(
        c.kind == "type" and c.value == "sensorineural" and c.qualifier != Qualifier.WITHDRAWN
        for c in read_claims(text)
    )


@pytest.mark.parametrize("text", HELD)
def test_the_repair_is_judged(text):
    assert check_reply(text, RIGHT_SNHL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the hold confirms the reading: it stands
        "Conductive on the right. Wait. Yes, conductive, right ear.",
        # a hold about something else, and a later reading of the other ear, replace nothing
        "Right ear conductive. Hang on. The left is normal.",
        # a blank line ends what a hold keeps
        "Right ear conductive. Wait.\n\nThe left ear is sensorineural.",
    ],
)
def test_what_a_hold_does_not_replace_stays(text):
    assert "type_misclassification" in str(check_reply(text, RIGHT_SNHL).critical_errors) or (
        check_reply(text, RIGHT_SNHL).critical_errors
    )


def test_degree_repaired_after_a_hold():
    mild_then_moderate = "Mild on the right. Hmm, wait - that average is 50. Moderately severe."
    assert check_reply(mild_then_moderate, build(50, 10)).critical_errors == []
