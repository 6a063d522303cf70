"""A frequency listed alone as an item of an ear's row of results ("Right ear, air conduction:
300 Hz; ...", "...; 6000 Hz; 9000 Hz") says that ear was tested there in that conduction
(issue #26, batches 124, 135 and 143: a small local model's copied rows list frequencies
never tested; threshold_claims.FREQUENCY_LISTED). At a frequency the ear lacks in that
conduction it is named with no level: no result by itself, counted as fabricated only beside
another error of the reply (README "Label conventions", settled from batch 152; batch 179
QB35's "Bone conduction: 3000 Hz" was flagged alone). Near misses: a frequency with a level,
a region or other words, or with no ear, is not this claim. Wording of our own."""

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
    "reply",
    [
        "Left ear, air conduction: 250 Hz; 500 Hz; 9000 Hz",
        "Right ear, bone conduction: 250 Hz",
        "Right ear, air conduction: 850 Hz to 1000 Hz (masked)",
        "Right ear, bone conduction: 500 Hz; 4000 Hz",
        "Left ear, air conduction: 250 Hz; 3000 Hz; 8000 Hz",
        "Right ear, air conduction: 40 dB HL; bone conduction: 6000 Hz",
        "Left ear, air conduction: 20 dB HL\nLeft ear, bone conduction: 1000 Hz; 8000 Hz",
    ],
)
def test_a_frequency_named_with_no_level_is_no_result_by_itself(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "Left ear, air conduction: 250 Hz; 9000 Hz. Left ear, air conduction: 4000 Hz: 85 dB HL",
        "Right ear, bone conduction: 250 Hz\nRight ear, air conduction: 1000 Hz: 95 dB HL",
        "Right ear, air conduction: 750 Hz (masked); the right ear has 2000 Hz at 90 dB HL.",
    ],
)
def test_beside_another_error_it_counts_as_fabricated(reply):
    check = check_reply(reply, CASE)
    assert check.critical_errors == ["fabricated_result"]
    listed = [f for f in check.findings if str(f.claimed).endswith("Hz tested")]
    untested = [f for f in listed if f.truth is None]
    assert untested and all(f.critical_error == "fabricated_result" for f in untested)
