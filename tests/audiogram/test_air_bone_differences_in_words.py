"""The air-bone gap named in other words: an "air-bone difference" (singular or plural, the
value before or after it) and "the gap between the two lines" of one ear's audiogram (air and
bone are its two lines: BSA 2018 recommended procedure for pure-tone audiometry) are gap
sizes, not bone thresholds (issue #26, validation batches 85 and 102 used as tuning data). A
difference between the two ears' lines is no air-bone gap.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import conduction_marks

from .conftest import build

CONDUCTIVE_RIGHT = build(
    {250: 40, 500: 40, 1000: 35, 2000: 35, 4000: 40, 8000: 40},
    10,
    right_bone={500: 10, 1000: 5, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)
SENSORINEURAL_BOTH = build(
    {250: 35, 500: 40, 1000: 40, 2000: 45, 4000: 55, 8000: 60},
    right_bone={500: 30, 1000: 35, 2000: 35, 4000: 50},
    left_bone={500: 30, 1000: 35, 2000: 35, 4000: 50},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("text", "case"),
    [
        (
            "Right ear: air 35-40 dB HL, masked bone 5-10 dB HL, so the gap between the two "
            "lines is 25 to 35 dB. Conductive.",
            CONDUCTIVE_RIGHT,
        ),
        (
            "Right: bone 5-10, the separation between the curves about 30 dB. Conductive.",
            CONDUCTIVE_RIGHT,
        ),
        (
            "Both ears sloping; bone 30-50 dB HL; the 5-10 dB air-bone differences are not "
            "significant: sensorineural.",
            SENSORINEURAL_BOTH,
        ),
        (
            "Both ears: bone 30-50 dB HL, air-bone differences of 5 to 10 dB only; sensorineural.",
            SENSORINEURAL_BOTH,
        ),
    ],
)
def test_a_gap_in_other_words_is_no_bone_level(text, case):
    assert check_reply(text, case).critical_errors == []


@pytest.mark.parametrize(
    "low",
    [
        "the gap between the two lines is 25 dB",
        "air-bone differences of 5 dB",
        "the 10 dB air bone separation",
    ],
)
def test_the_gap_words_mark_a_gap(low):
    assert "gap" in [kind for _, kind in conduction_marks(low)]


@pytest.mark.parametrize(
    "low",
    [
        "the gap between the lines of the two ears is 25 dB",
        "bone 25 dB, the lines drawn in red",
    ],
)
def test_near_misses_mark_no_gap(low):
    assert "gap" not in [kind for _, kind in conduction_marks(low)]


def test_a_wrong_bone_level_beside_the_gap_words_is_still_found():
    text = "Right: masked bone 45-50 dB HL; the gap between the two lines is 25 dB."
    assert check_reply(text, CONDUCTIVE_RIGHT).critical_errors != []
