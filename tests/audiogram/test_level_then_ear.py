"""Levels each followed by their ear after a frequency ("at 6 kHz 45 right and 70 left"):
reading and end to end (issue #26 item 5, a class of batch 26)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("At 6 kHz the levels are 45 right and 70 left.", [("right", 45, 6000), ("left", 70, 6000)]),
    ("1.5 kHz: 30 dB right, 35 dB left.", [("right", 30, 1500), ("left", 35, 1500)]),
    # an average after the frequency list is no level at its last frequency
    ("Up to 4 kHz it slopes; the mean is 30 right and 32 left.", []),
    ("0.5-4 kHz average: 30 right and 32 left.", []),
    # a frequency after the pair is theirs: they are not levels at the one before
    ("Flat to 1 kHz, then down to 45 right and 60 left at 3 kHz.", []),
]  # fmt: skip

# (text, conduction of the first level): a conduction named after the levels, in a later
# clause opened by a dash and "with", is not theirs
CONDUCTION = [
    ("At 6 kHz 35 right and 50 left - with bone matching air at 4 kHz.", "air"),
    ("Bone at 2 kHz: 20 right and 25 left.", "bone"),
]


@pytest.mark.parametrize(("text", "conduction"), CONDUCTION)
def test_a_later_clause_keeps_its_conduction(text, conduction):
    levels = [c for c in read_claims(text) if c.kind == "threshold"]
    assert levels and levels[0].conduction == conduction


@pytest.mark.parametrize(("text", "expected"), READ)
def test_levels_followed_by_their_ears(text, expected):
    got = [(c.ears[0], c.value, c.frequencies[0]) for c in read_claims(text)
           if c.kind == "threshold"]  # fmt: skip
    assert got == expected


NO_3K = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 55, 8000: 65}, 30)


def test_a_level_at_an_untested_frequency_is_fabricated():
    """Missed on main 069008c: the two levels at 3 kHz were not read."""
    reply = "Agreed with the letter. At 3 kHz the thresholds are 45 right and 45 left."
    assert check_reply(reply, NO_3K).critical_errors == ["fabricated_result"]


def test_reading_levels_then_ears_is_linear():
    """More than 100 KB of frequencies and ear-tagged levels is read in well under a second
    per 400 KB, and four times the text costs well under eight times the time."""

    def cost(n):
        text = "at 2 kHz " + "40 right and 45 left, " * n + "at 4 kHz 1 right " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(3000)
    big_size, big = cost(12000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)


# A distance from the other conduction is not a level (a class of batch 26: "the masked bone
# sits 5 dB below air" read as a bone level of 5 dB HL).
SLOPING_RIGHT = build(
    {500: 40, 1000: 45, 2000: 50, 4000: 60},
    10,
    right_bone={500: 35, 1000: 40, 2000: 45, 4000: 55},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Left normal. The right bone sits 5 dB below air, sensorineural.", []),
        ("Right: air 40-60 with bone 10 dB under the air line: mixed.", ["type_misclassification"]),
        ("Right: masked bone 5 dB HL at 1 kHz, so conductive.",
         ["fabricated_result", "type_misclassification"]),
    ],
)  # fmt: skip
def test_a_distance_from_air_is_not_a_bone_level(reply, errors):
    """The first gave a fabricated bone level of 5 dB on main 069008c."""
    assert check_reply(reply, SLOPING_RIGHT).critical_errors == errors


def test_new_negation_generic_and_distance_rules_are_linear():
    """A long reply of denied findings, general statements and distances from air is checked
    in time linear in its length (four times the text, well under eight times the CPU)."""

    def cost(n):
        text = (
            "Nothing to type as mixed. An SNHL can be the first sign of hydrops. "
            "Right bone sits 5 dB below air. At 2 kHz 40 right and 45 left. "
        ) * n
        return len(text), cpu_cost(lambda: check_reply(text, SLOPING_RIGHT))

    size, small = cost(150)
    big_size, big = cost(600)
    assert big_size > 4 * size - 10
    assert_linear(small, big)
