"""A list of frequency-then-level items may name its frequencies in Hz as well as in kHz
("250 Hz 60, 500 15, 1k 20", "250:20 500:20 750:55"): each item is the level at its own
frequency, as '1k 20' is; a level paired with a second after a slash ('500 98/101') is two
values, not one item's (issue #26, batch 96: rule-engine inputs; batch 98: audiometer
printouts). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

CASE = build(
    {250: 20, 500: 20, 750: 25, 1000: 25, 2000: 35, 3000: 45, 4000: 50, 6000: 55, 8000: 60},
    {250: 15, 500: 20, 750: 20, 1000: 25, 2000: 30, 3000: 40, 4000: 50, 6000: 55, 8000: 55},
)


def levels(text: str) -> dict[int, int]:
    return {
        c.frequencies[0]: c.value
        for c in read_claims(text)
        if c.kind == "threshold" and len(c.frequencies) == 1
    }


@pytest.mark.parametrize(
    "text",
    [
        "Left AC — 250 Hz 15, 500 20, 1 kHz 25, 2 kHz 30, 4 kHz 50",
        "Left (air) 250=15 500=20 1000=25 2000=30 4000=50",
        "left ear: 250: 15 / 500: 20 / 1k: 25 / 2k: 30 / 4k: 50",
    ],
)
def test_items_in_hz_are_read_at_their_frequencies(text):
    assert levels(text) == {250: 15, 500: 20, 1000: 25, 2000: 30, 4000: 50}


def test_a_level_paired_after_a_slash_is_no_item():
    assert 500 not in levels("Probe levels 500 98/101, 1k 104/108, 2k 106/114")


@pytest.mark.parametrize(
    "text",
    [
        "Left AC — 250 Hz 15, 500 60, 1 kHz 25, 2 kHz 30, 4 kHz 50",
        "Left (air) 250=15 500=60 1000=25 2000=30 4000=50",
    ],
)
def test_a_wrong_level_in_hz_is_judged(text):
    assert "fabricated_result" in check_reply(text, CASE).critical_errors


def test_the_right_levels_in_hz_pass():
    text = "Left (air) 250=15 500=20 1000=25 2000=30 4000=50"
    assert "fabricated_result" not in check_reply(text, CASE).critical_errors
