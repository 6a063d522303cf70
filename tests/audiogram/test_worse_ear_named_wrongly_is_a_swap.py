"""A worse ear named wrongly swaps the ear with the loss in itself, so a normal value the
reply then gives the other ear, true of the ear it called worse, moved with that swap: one
laterality confusion, not a fabricated result beside it (adjudication ``finalise``'s swap
evidence). Validation batch 96 XW30 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right normal (10 dB HL), left flat 50 dB HL
RIGHT_NORMAL_LEFT_LOSS = build(10, 50)


@pytest.mark.parametrize(
    "text",
    [
        "The worse side is the right. The left PTA is 10 dB HL.",
        "Right ear is the poorer one; on the left the pure-tone average comes to 10 dB.",
    ],
)
def test_the_normal_value_moved_with_the_worse_ear(text):
    result = check_reply(text, RIGHT_NORMAL_LEFT_LOSS)
    assert result.critical_errors == ["laterality_confusion"]
