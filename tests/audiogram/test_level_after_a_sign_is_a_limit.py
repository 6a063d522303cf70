"""A level with no frequency after a comparison sign ("bone <= 45 dB HL", "air > 70 dB HL ->
implant work-up", "BC \u2264 30 dB HL") is the limit a rule or a decision trace tests, not a
level measured (threshold_claims._SIGN_BEFORE, in _unplaced_level). Near misses: the same
level written without the sign ("bone 45 dB HL"), or after a word ("bone under 45 dB HL"),
is read as before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

# right maximal conductive: air 60, masked bone 10; left normal
CONDUCTIVE = build(
    60,
    10,
    right_bone=dict.fromkeys((500, 1000, 2000, 4000), 10),
    left_bone=dict.fromkeys((500, 1000, 2000, 4000), 5),
    bone_masked=True,
)
HEAD = "Right ear: moderately severe conductive loss. "


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "kind", "value", kinds=("bone_level", "threshold_range"))


LIMITS = [
    "Node 4: age >= 5 and bone <= 45 dB HL -> bone-conduction implant eligible.",
    "Right: if BC \u2264 30 dB HL then a BAHA trial.",
    "Rule R2: bone < 40 dB HL on the right -> conductive device branch.",
    "right ear, air >= 55 dB HL -> hearing aid pathway",
]


@pytest.mark.parametrize("text", LIMITS)
def test_a_level_after_a_sign_is_no_level(text):
    assert _levels(HEAD + text) == []
    assert check_reply(HEAD + text, CONDUCTIVE).critical_errors == []


STATED = [
    "Right: bone 45 dB HL.",
    "Right ear conductive, bone under 45 dB HL.",
]


@pytest.mark.parametrize("text", STATED)
def test_a_level_without_a_sign_is_read(text):
    assert ("bone_level", 45) in _levels(text)
    assert check_reply(text, CONDUCTIVE).critical_errors == ["fabricated_result"]
