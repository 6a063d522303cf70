"""Judging "no real gap": of an ear whose air conduction is normal it is true whatever
bone shows; a gap under normal air is no conductive component (a conductive loss needs air
outside normal limits). Batch 61: a note's "bone better than air but air itself normal - no
real ABG". Wording of our own; a gap denied where air is abnormal stays an error."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL_AIR_BETTER_BONE = build(
    20,
    right_bone={500: 0, 1000: 0, 2000: 0, 4000: 5},
    left_bone={500: 0, 1000: 5, 2000: 0, 4000: 0},
    bone_masked=True,
)  # air 20 dB HL everywhere, bone 0-5: gaps of 15-20 dB, hearing normal

CONDUCTIVE = build(
    45,
    right_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)  # air 45, bone 5-10: a moderate conductive loss both sides


@pytest.mark.parametrize(
    "reply",
    [
        "Air 20 dB HL in both ears, bone 0-5. Hearing normal; no significant air-bone gap "
        "since air conduction is itself within normal limits.",
        "Both ears within normal limits at 20 dB HL. Bone reads a little better, but there is "
        "no true air-bone gap to speak of on the right or the left.",
    ],
)
def test_no_gap_under_normal_air_flags_nothing(reply):
    assert check_reply(reply, NORMAL_AIR_BETTER_BONE).critical_errors == []


def test_no_gap_under_abnormal_air_is_still_wrong():
    reply = "Moderate loss at 45 dB HL in both ears, with no air-bone gap on either side."
    assert "type_misclassification" in check_reply(reply, CONDUCTIVE).critical_errors
