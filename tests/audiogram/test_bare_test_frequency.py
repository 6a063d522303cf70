"""A test frequency written with no unit ("my left at 4000 was 45", "the 3000 one on the left
was 55", "the left is only 45 at 1000"), as patients and terse notes write it, is a
frequency, and a level a copula gives it is that frequency's threshold (issue #26,
validation batch 51: patients' accounts, as tuning data; notation._BARE_TEST_FREQUENCY and
_FREQUENCY_THEN_LEVEL). Not a number that is no audiometric frequency, one before a unit of
something else ("at 8000 ft", "500 mg"), a frequency a level before it owns ("80 dB HL at
4 kHz is only 10 dB worse"), a list or a range, nor a level with another unit after it."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import assert_linear, build, cpu_cost, threshold_levels

FLAT_MILD = build(25, right_bone=20, left_bone=20)  # 25 dB HL at every frequency


def _levels(text: str) -> list[tuple]:
    return threshold_levels(text, FLAT_MILD)


READ = [
    ("My left at 4000 was 45.", [("left", 4000, 45)]),
    ("The 3000 one on the left was 55, which is why I miss what the kids say.",
     [("left", 3000, 55)]),
    ("The left is only 45 at 1000.", [("left", 1000, 45)]),
    ("My right ear at 250 was 75.", [("right", 250, 75)]),
    ("Everything 5-15 except my left at 4000 was 45.", [("left", 4000, 45)]),
    ("The right at 4000 was 25.", [("right", 4000, 25)]),
]  # fmt: skip

NOT_READ = [
    "At 8000 ft the cabin pressure drops; my ears pop.",
    "Prednisolone 500 mg for a week.",
    "Tested at 2000.",
    "At 1000 Hz was 45% of words.",
    "Bone conduction at 2 kHz was 50-55 dB HL.",
    "The average of 500, 1k, 2k and 4k is 40, 20, 15, 15.",
    "Today's 8 kHz is 5 dB poorer on each side.",
]


@pytest.mark.parametrize(("text", "levels"), READ, ids=[r[0] for r in READ])
def test_bare_frequency_read(text, levels):
    assert _levels(text) == levels


@pytest.mark.parametrize("text", NOT_READ)
def test_not_a_level_at_a_bare_frequency(text):
    assert all(f.verdict.value != "contradiction" for f in check_reply(text, FLAT_MILD).findings)
    assert " dB HL at " not in normalise(text)


def test_owned_frequency_keeps_its_level():
    assert normalise("80 dB HL at 4 kHz is only 10 dB worse.") == (
        "80 dB HL at 4 kHz is only 10 dB worse."
    )


def test_bare_frequency_reading_is_linear():
    def cost(n):
        text = "my left at 4000 was 45, the 3000 one on the right was 50 and " * n
        return cpu_cost(lambda: normalise(text))

    assert_linear(cost(200), cost(800))
