"""One level said of an ear as its subject ("the right ear is 40 dB HL", "the left ear was
approximately 25 dB HL") or in parentheses after it ("her left ear (25 dB HL)"), with no
conduction, frequency, region or shape in its clause, is the ear's hearing level, as the same
level after the ear's tag is (threshold_claims._EAR_TAG_BEFORE, EAR_TAGGED_LEVEL): judged
against that ear's air thresholds. A distance or a bound is no level (issue #26 batches 18
and 124, the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import EAR_TAGGED_LEVEL, threshold_claims

from .conftest import build

CASE = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 45, 8000: 50}, 10)


def _ear_levels(low: str, ear: str) -> list[int]:
    return [c.value for c in threshold_claims(low, ear, False) if EAR_TAGGED_LEVEL in c.rules]


@pytest.mark.parametrize(
    ("clause", "ear", "value"),
    [
        ("the right ear is 40 db hl", "right", 40),
        ("her left ear was approximately 25 db hl", "left", 25),
        ("the right ear is about 35 db", "right", 35),
        ("her left ear (25 db hl) is the better one", "left", 25),
    ],
)
def test_a_level_said_of_the_ear_is_its_level(clause, ear, value):
    assert _ear_levels(clause, ear) == [value]


@pytest.mark.parametrize(
    "clause",
    [
        "the right ear is 20 db hl or more",
        "the right ear is 15 db hl above the left",
        "the right ear is 30 db hl at 1 khz and 40 db hl at 2 khz",
        "the right ear is set to 60 db hl of masking",
        "the right ear (20 db hl worse) is the poorer",
    ],
)
def test_a_bound_a_distance_or_a_placed_level_is_not_the_ears(clause):
    assert _ear_levels(clause, "right") == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear is 35 dB HL.", []),
        ("The left ear is approximately 15 dB HL.", []),
        ("The left ear is 85 dB HL.", ["fabricated_result"]),
    ],
)
def test_the_ears_level_is_judged_against_its_thresholds(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
