"""A lay gloss in parentheses after a type word ("sensorineural (nerve) loss",
"sensorineural (inner ear) hearing loss") names the kind of loss for a lay reader; it is not
bone conduction, so the levels after it are air levels (issue #26, validation batch 55 WH49:
a handover's "right ear sensorineural (nerve) loss ..., left ear conductive ..., 35 dB at
500 Hz" read as left bone levels)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right sensorineural 50 (bone 45), left conductive 40 (masked bone 5)
MIXED_PICTURE = build(
    {500: 50, 1000: 50, 2000: 50, 4000: 50},
    {500: 40, 1000: 40, 2000: 40, 4000: 40},
    right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Ward note: right sensorineural (nerve) loss, mod-severe; left conductive, moderate, "
        "40 dB at 500 Hz and 40 dB at 4 kHz.",
        "From the clinic letter - right ear sensorineural (inner ear) hearing loss, 50 dB; "
        "left ear conductive loss, 40 dB at 1 kHz, 40 dB at 2 kHz.",
    ],
)
def test_levels_after_a_lay_gloss_are_air(text):
    assert check_reply(text, MIXED_PICTURE).critical_errors == []


def test_bone_said_outright_is_still_bone():
    text = "Right sensorineural loss; left conductive, nerve 40 dB at 500 Hz."
    assert check_reply(text, MIXED_PICTURE).critical_errors == ["fabricated_result"]


def test_reading():
    text = (
        "Right sensorineural (nerve) loss, mod-severe; left conductive, moderate, 40 dB at "
        "500 Hz and 40 dB at 4 kHz."
    )
    kinds = {str(f.kind) for f in check_reply(text, MIXED_PICTURE).findings}
    assert "bone_threshold" not in kinds and "threshold" in kinds
