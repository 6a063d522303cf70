"""The chart's bone-conduction symbols named in words ("the brackets sit at 15", "the angle
brackets follow the trough at 45", "chevrons at 20"): the levels given them are bone
thresholds, not air (ASHA 1990 audiogram symbols: [ ] masked bone, < > unmasked bone; chart
descriptions, issue #26 batch 65, used as tuning data). "In brackets" is the writer's
parenthesis, no symbol."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# air 60 everywhere, masked bone 20: a conductive moderately severe loss on both sides
CONDUCTIVE = build(
    60, right_bone={500: 20, 1000: 20, 2000: 20, 4000: 20},
    left_bone={500: 20, 1000: 20, 2000: 20, 4000: 20}, bone_masked=True,
)  # fmt: skip

BONE = [
    "Circles flat at 60; the angle brackets lie at 20 throughout.",
    "Crosses at 60 everywhere. Brackets: 20 dB at every frequency.",
    "Both curves flat at 60; chevrons at 20 throughout.",
]


@pytest.mark.parametrize("reply", BONE)
def test_levels_of_bone_symbols_are_bone(reply):
    findings = check_reply(reply, CONDUCTIVE).findings
    assert not any(f.critical_error for f in findings)
    assert any("20 dB HL (bone" in str(f.claimed) for f in findings)


def test_in_brackets_is_no_symbol():
    reply = "Air 60 both ears (masked values in brackets at 20)."
    assert "bone" not in str([f.claimed for f in check_reply(reply, CONDUCTIVE).findings])
