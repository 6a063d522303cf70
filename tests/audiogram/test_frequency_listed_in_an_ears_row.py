"""A frequency listed alone as an item of an ear's row of results ("Right ear, air conduction:
300 Hz; ...", "...; 6000 Hz; 9000 Hz") says that ear was tested there in that conduction: at a
frequency the audiogram lacks it is a result the audiogram does not hold, fabricated as a
value there is (issue #26, batches 124, 135 and 143: a small local model's copied rows list
frequencies never tested; threshold_claims.FREQUENCY_LISTED). Near misses: a frequency with
a level, a region or other words, or with no ear, is not this claim. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(40, 20, right_bone={500: 35, 1000: 35, 2000: 40, 4000: 40}, bone_masked=True)
"""Right 40 dB HL, left 20, at 250-8000 Hz (octaves and 3k/6k); right bone at 0.5-4 kHz only."""


def _listed(text: str) -> list[tuple[str, int, str]]:
    return [
        (c.ears[0], c.value, c.conduction)
        for clause in read_statements(text)
        for c in clause
        if c.kind == "frequency_listed"
    ]


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        (
            "Left ear, air conduction: 700 Hz; 2000 Hz",
            [("left", 700, "air"), ("left", 2000, "air")],
        ),
        ("Right ear, bone conduction: 1000 Hz (masked)", [("right", 1000, "bone")]),
        (
            "Right ear, air conduction: 600 Hz to 1000 Hz",
            [("right", 600, "air"), ("right", 1000, "air")],
        ),
        (
            "Left ear, air conduction: 25 dB HL; 3000 Hz; 11000 Hz",
            [("left", 3000, "air"), ("left", 11000, "air")],
        ),
    ],
)
def test_a_frequency_alone_in_an_ears_row_is_read(text, listed):
    assert _listed(text) == listed


@pytest.mark.parametrize(
    "text",
    [
        "Left ear, air conduction: 2000 Hz: 20 dB HL",
        "The notch is at 4000 Hz.",
        "Frequencies tested: 250 Hz; 500 Hz",
        "Right ear, air conduction: worse above 2000 Hz",
        "A 512 Hz tuning fork was used.",
    ],
)
def test_a_frequency_with_a_level_words_or_no_ear_is_not_this_claim(text):
    assert _listed(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left ear, air conduction: 250 Hz; 500 Hz; 9000 Hz", ["fabricated_result"]),
        ("Right ear, bone conduction: 250 Hz", ["fabricated_result"]),
        ("Right ear, air conduction: 850 Hz to 1000 Hz (masked)", ["fabricated_result"]),
        ("Right ear, bone conduction: 500 Hz; 4000 Hz", []),
        ("Left ear, air conduction: 250 Hz; 3000 Hz; 8000 Hz", []),
    ],
)
def test_a_frequency_the_ear_was_not_tested_at_is_fabricated(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
