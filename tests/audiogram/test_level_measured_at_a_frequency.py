"""A level "measured" or "recorded" at a frequency in a note's short form ("left 3 kHz
measured 30 dB", "4k recorded 55 dB HL"), "at" left out: the threshold recorded there, read
as "3 kHz measured at 30 dB" is (BSA 2018 pure-tone audiometry: the threshold recorded at
each frequency). Validation batch 154 UC18 (as tuning data; threshold_claims._PAIR_BEFORE)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build, threshold_levels

# tested at 250-8000 without 3 kHz: right 20 dB HL, left 25
NO_3K = build({250: 20, 500: 20, 1000: 20, 2000: 20, 4000: 20, 8000: 20},
              {250: 25, 500: 25, 1000: 25, 2000: 25, 4000: 25, 8000: 25})  # fmt: skip


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Left 4 kHz measured 25 dB.", ("left", 4000, 25)),
        ("Right ear: 2 kHz recorded 20 dB HL.", ("right", 2000, 20)),
        ("On the left, 8 kHz recorded at 25 dB.", ("left", 8000, 25)),
    ],
)
def test_a_measured_level_is_the_threshold_there(text, level):
    assert level in threshold_levels(text, NO_3K)
    assert check_reply(text, NO_3K).critical_errors == []


def test_a_measured_level_at_an_untested_frequency_is_fabricated():
    text = "Mild loss on average; left 3 kHz measured 30 dB."
    assert check_reply(text, NO_3K).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "text",
    [
        # a room's noise measured, no frequency before the level
        "Room noise measured 30 dB.",
        # a frequency then the noise of a room measured, no ear's level
        "The booth at 1 kHz is quiet; ambient measured 30 dBA.",
    ],
)
def test_near_misses_read_no_threshold(text):
    assert [c for c in read_claims(text) if c.kind == "threshold"] == []
    assert threshold_levels(text, NO_3K) == []
