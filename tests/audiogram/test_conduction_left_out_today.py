"""A conduction said to be left out of this visit ("no bone today", "no BC this time")
names no conduction of the values after it: they are the air thresholds that were tested,
not bone values of a test that was not done. Validation batch 107 YH24 (as tuning data;
lexicon _CONDUCTION_THEN_VERB)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# flat 15 dB HL both ears, air only (no bone recorded)
NORMAL_AIR_ONLY = build(15, 15)


@pytest.mark.parametrize(
    "text",
    [
        "Pure tones only, no bone today as not needed: right 10-20 dB HL, left 15 dB HL.",
        "Screening set-up (no BC this time): both ears 10-20 dB HL across 250-8000 Hz.",
    ],
)
def test_values_after_a_conduction_left_out_are_air(text):
    result = check_reply(text, NORMAL_AIR_ONLY)
    assert not [f for f in result.findings if f.kind == "bone_threshold"]
    assert result.critical_errors == []
