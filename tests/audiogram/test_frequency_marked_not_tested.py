"""A frequency marked NT ("3k NT", "3 kHz: N/T") was not tested: it is not one more
frequency of the level before it ("30 @2k, 3k NT" is no 30 dB HL at 3 kHz). Validation
batch 94 XU18 (as tuning data; notation _NOT_TESTED_MARK)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right flat 20; left sloping, 3 kHz not tested
LEFT_3K_UNTESTED = build(20, {250: 20, 500: 20, 1000: 25, 2000: 30, 4000: 40, 6000: 60, 8000: 60})


@pytest.mark.parametrize(
    "text",
    [
        "Left ear: 25 @1k, 30 @2k, 3k NT, 40 @4k.",
        "Left: 1 kHz 25 dB, 30 at 2 kHz, 3 kHz: N/T, 40 at 4 kHz.",
    ],
)
def test_a_frequency_marked_nt_takes_no_level(text):
    assert check_reply(text, LEFT_3K_UNTESTED).critical_errors == []


def test_a_level_given_at_the_untested_frequency_is_still_caught():
    text = "Left ear: 25 @1k, 30 @2k and 3k, 40 @4k."
    assert check_reply(text, LEFT_3K_UNTESTED).critical_errors == ["fabricated_result"]
