"""Levels placed one by one at test frequencies written with no unit ("R: 85 dB at 250, 50
at 500, 40 at 1k"): a number after the comma is the next item's level, not the list's next
frequency, when "at", "@" or "dB" follows it, so each bare frequency is read as a frequency
and its level as that frequency's threshold (issue #26, validation batch 71, clinicians'
case threads, as tuning data: WX11). A list of frequencies ("50 at 250, 500 and 1000") is
still no single frequency. The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

FLAT_MILD = build(25, right_bone=20, left_bone=20)  # 25 dB HL at every frequency


def _levels(text: str) -> list[tuple]:
    return threshold_levels(text, FLAT_MILD)


@pytest.mark.parametrize(
    ("reply", "level"),
    [
        ("Left ear: 60 at 250, 25 at 500, 25 at 1000.", ("left", 250, 60)),
        ("On the right she's 25 at 2000, 80 at 4000, 25 at 8000.", ("right", 4000, 80)),
        ("Her left: 25 dB at 500, 65 dB at 2000, and 25 at 4000.", ("left", 2000, 65)),
    ],
)
def test_each_bare_frequency_keeps_its_level(reply, level):
    assert level in _levels(reply)
    assert check_reply(reply, FLAT_MILD).critical_errors == ["fabricated_result"]


def test_a_list_of_frequencies_is_still_no_one_frequency():
    assert check_reply("Right 50 at 250, 500 and 1000.", FLAT_MILD).critical_errors == []
