"""The other ear named as the ear that was masked: in pure-tone audiometry the masking noise goes
to the non-test ear (BSA 2018 recommended procedure, masking), so "the bone test (with the other
ear masked) came in at 35-50 dB" gives the test ear's result, not the other ear's (issue #26,
validation batch 93 used as tuning data). "The other ear" that is itself described keeps
naming the opposite ear.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

MIXED_RIGHT = build(
    {250: 60, 500: 65, 1000: 65, 2000: 70, 4000: 75, 8000: 80},
    10,
    right_bone={500: 35, 1000: 40, 2000: 45, 4000: 50},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: air 60-80 dB. The bone test (with the other ear masked) came in at 35-50 dB.",
        "Right ear: air 60-80 dB. Bone, masking noise in the opposite ear, 35-50 dB HL.",
        "Right ear: air 60-80 dB. Bone (his other ear was masked) 35 to 50 dB HL.",
        "Right: bone 35-50 dB HL with masking to the contralateral ear.",
    ],
)
def test_the_masked_other_ear_is_not_the_results_ear(text):
    bone = claim_fields(text, "ears", kinds=("bone_level", "threshold_range"))
    assert bone and all(ears == ("right",) for (ears,) in bone), bone
    assert check_reply(text, MIXED_RIGHT).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: air 60-80 dB. The other ear is 10 dB HL at 1 kHz.",
        "Right ear: air 60-80 dB. The other ear (masked for the bone) is 10 dB HL at 1 kHz.",
    ],
)
def test_the_other_ear_described_is_still_the_opposite_ear(text):
    assert (("left",), (1000,)) in claim_fields(text, "ears", "frequencies")
    assert check_reply(text, MIXED_RIGHT).critical_errors == []
