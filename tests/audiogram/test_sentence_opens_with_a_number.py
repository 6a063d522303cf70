"""What was not done voids only its own sentence, and a number opens a sentence as a capital
does: "... which I read as a mixed loss. 3 kHz was not tested on the left" keeps the mixed
loss (issue #26, validation batch 45, balance clinic reports, as tuning data: VX18). The full
stop of an abbreviation before a number ends no sentence (near misses: "exc. 20 @ 2k",
"approx. 70", "vs. 35"), and a clause whose own sentence says a test was not done is still
not read."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

BONE = {500: 40, 1000: 40, 2000: 40, 4000: 40}
# flat 40 dB HL sensorineural loss in both ears (masked bone 40)
FLAT_SNHL = build(40, right_bone=BONE, left_bone=BONE, bone_masked=True)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "Left ear: 40 dB HL at 6 kHz, a mixed loss. 3 kHz was not tested.",
            ["type_misclassification"],
        ),
        (
            "Both ears show a conductive loss. 250 Hz was not tested on the left.",
            ["type_misclassification"],
        ),
        ("The right ear has a severe loss. 8 kHz was not tested.", ["severity_misclassification"]),
        # near misses: an abbreviation's stop before a number, and sentences read before
        ("Bone normal exc. 70 @ 2k bilat.", ["fabricated_result"]),
        ("Left ear 40 dB HL, approx. 70 at 4 kHz.", ["fabricated_result"]),
        ("Right ear: 40 dB HL at 1 kHz. 40 at 2 kHz and 70 at 4 kHz.", ["fabricated_result"]),
        (
            "Right ear moderate sensorineural loss. 70 dB HL at 4 kHz on the left.",
            ["fabricated_result"],
        ),
        ("Right ear: no conductive loss. 40 dB HL at 4 kHz.", []),
        # near misses: the statement of what was not done in the claim's own sentence
        ("Speech testing of the left ear (70% at 65 dB) was not done.", []),
        ("Bone conduction at 4 kHz (70 dB HL) not tested.", []),
    ],
)
def test_a_number_opens_a_new_sentence(reply, errors):
    assert check_reply(reply, FLAT_SNHL).critical_errors == errors


@pytest.mark.parametrize(
    ("line", "stops"),
    [
        ("a mixed loss. 3 kHz was not tested", 1),
        ("normal exc. 20 @ 2k bilat", 0),
        ("45 vs. 35 dB HL", 0),
        ("approx. 40 dB", 0),
        ("ref no. 3 today", 0),
        ("at 4 kHz. 30 at 8 kHz", 0),  # a unit's stop: not read as a sentence's end
    ],
)
def test_where_a_number_opens_a_sentence(line, stops):
    assert len(lexicon.NUMBER_OPENS_SENTENCE.findall(line)) == stops


def test_reading_what_was_not_done_is_linear():
    text = "Left ear: a mixed loss. 3 kHz. " * 100 + "4 kHz not tested. "
    small = cpu_cost(lambda: check_reply(text * 10, FLAT_SNHL))
    big = cpu_cost(lambda: check_reply(text * 40, FLAT_SNHL))
    assert_linear(small, big)
