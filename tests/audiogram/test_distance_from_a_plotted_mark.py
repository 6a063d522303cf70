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
