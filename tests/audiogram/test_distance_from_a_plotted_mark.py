"""A distance from another plotted mark ("the bone brackets sit 5 dB above the circles", "the
crosses lie 10 dB below the O's", "bone is 5 dB under the air curve") is a difference, no
level, as "5 dB below air" already is (audiogram symbols, ASHA 1990: O and X air, [ ] and
< > bone; chart descriptions, issue #26 batch 65, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# air 45 both ears, masked bone 40: a moderate sensorineural loss
SENSORINEURAL = build(
    45, right_bone={500: 40, 1000: 40, 2000: 40, 4000: 40},
    left_bone={500: 40, 1000: 40, 2000: 40, 4000: 40}, bone_masked=True,
)  # fmt: skip

REPLIES = [
    "Circles and crosses flat at 45. The right bone brackets sit 5 dB above the circles.",
    "Air flat at 45 both sides; left bone marks lie 5 dB over the crosses.",
    "Right and left both 45 dB HL; bone is 5 dB above the air curve on each side.",
]


@pytest.mark.parametrize("reply", REPLIES)
def test_distance_from_a_mark_is_no_level(reply):
    findings = check_reply(reply, SENSORINEURAL).findings
    assert not any(f.critical_error for f in findings)
    assert not any(str(f.claimed).startswith("5 dB HL") or f.claimed == 5 for f in findings)


# So is a distance "from" or "off" a conduction ("bone 0-5 dB from air", "5-10 dB off the air
# thresholds"), a range or one value (threshold_claims._RELATIVE_AFTER; batch 176: "Bone 0-5
# dB from air" read as a bone level of 0-5 dB). Wording of our own.
@pytest.mark.parametrize(
    "reply",
    [
        "Flat 45 dB HL both ears. Bone 0-5 dB from air: sensorineural.",
        "Air 45 dB HL each side; bone sits 5 dB off the air thresholds.",
        "- right 45 dB HL, bone 5-10 dB away from air\n- left the same",
        "| bone | 5 dB from AC at every frequency |",
    ],
)
def test_distance_from_a_conduction_is_no_level(reply):
    assert check_reply(reply, SENSORINEURAL).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        # a bone level itself is still judged
        "Flat 45 dB HL both ears. Bone 0-5 dB HL: conductive.",
        "Air 45 dB HL; bone 5 dB HL at 1 kHz.",
    ],
)
def test_a_bone_level_is_still_judged(reply):
    assert check_reply(reply, SENSORINEURAL).critical_errors
