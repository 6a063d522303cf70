"""A change written with both its ends gives today's result at its end: "fell from 60 to 85
dB HL", "deteriorated from 40 to 70", "60 → 85 dB", "(60 -> 85)" after a frequency; the
start is an earlier result and is not read (issue #26, round 16; validation batch 95 XV41,
as tuning data; changes.change_to_its_end, in check.READING_STEPS). And a verb of change
before "to" and a level ("has deteriorated to 50 dB HL at 4 kHz", "have declined to 70 dB
HL") labels that level as today's threshold (lexicon.THRESHOLD_LABEL_WORDS). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.changes import CHANGE_ENDS, END_WORDS, change_to_its_end
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import may_hold

from .conftest import assert_linear, build, cpu_cost, random_word_texts, threshold_levels

CASE = build(45, 20)  # right 45 dB HL throughout, left 20


@pytest.mark.parametrize(
    ("reply", "levels"),
    [
        ("In a year the left 2 kHz threshold worsened from 20 to 80 dB HL.", [("left", 2000, 80)]),
        ("Left 1 kHz: 20 ⟶ 60 since the previous visit.", [("left", 1000, 60)]),
        ("The right 500 Hz threshold moved 60 dB -> 45 on this occasion.", [("right", 500, 45)]),
        ("Right 3 kHz threshold improved steadily from 70 to 45.", [("right", 3000, 45)]),
        # a verb of change, "to" and the level: today's
        ("The right has deteriorated to 45 dB HL at 3 kHz.", [("right", 3000, 45)]),
        ("Both sides have declined to 70 dB HL at 8 kHz.", [("both", 8000, 70)]),
    ],
)
def test_the_end_of_a_change_is_read_and_its_start_is_not(reply, levels):
    assert threshold_levels(reply, CASE) == levels


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("In a year the left 2 kHz threshold worsened from 20 to 80 dB HL.", ["fabricated_result"]),
        ("Left 1 kHz: 20 ⟶ 60 since the previous visit.", ["fabricated_result"]),
        ("Right 3 kHz threshold improved steadily from 70 to 45.", []),
        ("Both sides have declined to 70 dB HL at 8 kHz.", ["fabricated_result"]),
        ("The left ear deteriorated to 20 dB HL at 250 Hz.", []),
    ],
)
def test_the_end_of_a_change_is_judged(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "Word scores fell from 92 to 60 since March.",  # no level: a score
        "Tested 2 → 4 kHz on the left.",  # two frequencies
        "The loss slopes from 20 to 60 dB HL.",  # a slope's ends, no change
        "Thresholds range from 20 to 45 dB HL.",
        "She went from 2019 → 2023 without a test.",
    ],
)
def test_what_is_no_change_with_both_ends(text):
    assert change_to_its_end(text) == text


def test_the_end_takes_the_start_unit():
    assert change_to_its_end("PTA went 30 dB → 45.") == "PTA went to 45 dB."
    assert change_to_its_end("4FA fell from 25 dB HL to 40.") == "4FA fell to 40 dB HL."


def test_the_cheap_test_is_exact_on_random_texts():
    words = "from to 20 45 dB → -> => - > fell went 4 kHz threshold % improved".split()
    seps = [" ", "  ", "\t", "", ", "]
    for text in random_word_texts(words, seps, seed=161, count=20000, longest=8):
        low = text.lower()
        if not may_hold(low, *END_WORDS):
            assert not CHANGE_ENDS.search(low) and change_to_its_end(text) == text, text


def test_reading_is_linear():
    text = "Right 4 kHz 40 → 55 dB; left PTA fell from 30 to 45 dB HL. " * 200
    small = cpu_cost(lambda: change_to_its_end(text))
    big = cpu_cost(lambda: change_to_its_end(text * 4))
    assert_linear(small, big)
