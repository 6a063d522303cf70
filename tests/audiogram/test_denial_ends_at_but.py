"""A frequency said not tested denies a level only in its own clause: across a conjunction of
contrast ("but", "however", "whereas") the next clause asserts on its own, so a level put
there at a frequency the audiogram lacks is a result stated off the chart ("Bone is not
tested yet, but it can be confirmed as 300 Hz: 15 dB HL"; issue #26, batch 152, the real
local model's text, as tuning data; the phrasings here are new). A level in the clause the
denial stands in is still no result."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.off_chart import results_at_frequencies

from .conftest import build

FLAT = build(25)  # 25 dB HL at 250-8000 Hz (no 750, 1500 Hz), both ears


@pytest.mark.parametrize(
    "text",
    [
        "Bone was not measured, but the right ear gives 35 dB HL at 750 Hz.",
        "1500 Hz was not tested; however the threshold at 12 kHz is 40 dB HL.",
        "No response is recorded at 8 kHz, whereas 9 kHz sits at 30 dB HL in the left ear.",
    ],
)
def test_a_level_across_the_contrast_is_read(text):
    assert len(results_at_frequencies(text)) >= 1


@pytest.mark.parametrize(
    "text",
    [
        "The threshold at 750 Hz of 35 dB HL was not tested.",
        "12 kHz (40 dB HL) was not measured in the right ear.",
        "The right ear at 1500 Hz gave no response at 90 dB HL, but the report is complete.",
    ],
)
def test_a_level_in_the_denied_clause_is_not_read(text):
    assert results_at_frequencies(text) == []


def test_the_level_across_the_contrast_is_judged():
    reply = "Bone conduction was not tested yet, but it can be put at 600 Hz: 20 dB HL."
    assert check_reply(reply, FLAT).critical_errors == ["fabricated_result"]
