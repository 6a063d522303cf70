"""A bone carried on from a clause that is only a verdict on bone ("bone normal", "masked bone
within normal limits") gives no bone level, and does not reach above 4 kHz, where bone is
not tested (BSA 2018): a level the next clause gives at 6 or 8 kHz is air ("results normal,
bone normal, except the right at 6 kHz which was 45 dB HL"). At 4 kHz and below the verdict's
exception is still bone ("Bone conduction is normal, except a notch to 20 dB at 2 kHz": the
Carhart notch). Batch 115 YP23 as tuning data. So too bone levels given beside a clause's air
levels at its end ("... at 250-1000 Hz with bone 30/35/35, and 50 dB at 8 kHz": batch 156
UE11) (statements._bone_aside, threshold_claims._Clause.recovers)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import read_statements


def _levels(text: str) -> list[tuple]:
    return sorted(
        (c.frequencies, c.conduction)
        for part in read_statements(text)
        for c in part
        if c.kind == "threshold" and c.frequencies
    )


@pytest.mark.parametrize(
    ("text", "frequency"),
    [
        ("Results normal, bone normal, except the right at 6 kHz which was 45 dB HL.", 6000),
        ("Air 10-15 dB HL, masked bone within normal limits, but 40 dB HL at 8 kHz.", 8000),
        ("Left 15 dB throughout, bone is normal, and 35 dB at 6k.", 6000),
        ("Left 45 and 40 dB at 500 and 1000 Hz with bone 40/35, and then 60 dB at 6 kHz.", 6000),
        ("Air 30 at 1k with masked bone of 10 dB HL, and 55 dB HL at 8 kHz.", 8000),
    ],
)
def test_a_level_above_4k_after_a_bone_verdict_is_air(text, frequency):
    assert ((frequency,), "air") in _levels(text)


@pytest.mark.parametrize(
    "text",
    [
        "Bone conduction is normal, except a notch to 20 dB on 2000 Hz in both sides.",
        "Bone normal, 20 dB at 2 kHz.",
        "Bone conduction was tested to 8 kHz, 50 dB HL at 8 kHz on both sides.",  # no verdict
        "Masked bone 40/45 dB, and 50 dB at 8 kHz.",  # bone no aside: its levels alone
    ],
)
def test_near_misses_stay_bone(text):
    read = _levels(text)
    assert read and all(conduction == "bone" for _, conduction in read), read


def test_a_level_at_4k_after_bone_beside_air_stays_bone():
    text = "Left flat at 50-60 dB HL with masked bone 45-50 dB HL and 55 dB at 4 kHz."
    assert ((4000,), "bone") in _levels(text)
