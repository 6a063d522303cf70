"""One level in dB HL that an ear, named as the subject, shows, has or measures ("the right
ear shows 30 dB HL", "the left ear has a threshold of 35 dB HL", "the right ear with a threshold
of 40 dB HL") is that ear's hearing level (threshold_claims._EAR_SHOWS_BEFORE,
EAR_SHOWN_LEVEL): no conduction or frequency named, so it is judged against every threshold of
the ear, air and bone (true where some threshold is within the tolerance, a laterality
confusion where only the other ear's are). A size of something else (a gap, a gain, an
improvement), a bound, a distance, or a level of no dB HL is no such level. Wording of our own
(issue #26, batches 146 and 149: the real local model's replies)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import EAR_SHOWN_LEVEL, threshold_claims

from .conftest import build

# right: air 50 with bone 20 (conductive); left: air and bone 10
CASE = build(50, 10, right_bone={500: 20, 1000: 20, 2000: 20, 4000: 20},
             left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True)  # fmt: skip


def _shown(low: str, ear: str) -> list[int]:
    return [c.value for c in threshold_claims(low, ear, False) if EAR_SHOWN_LEVEL in c.rules]


@pytest.mark.parametrize(
    ("clause", "ear", "value"),
    [
        ("the right ear shows 50 db hl", "right", 50),
        ("the left ear shows only 15 db hl", "left", 15),
        ("the left ear has a threshold of 35 db hl", "left", 35),
        ("her right ear with a threshold of about 45 db hl", "right", 45),
        ("the right ear measured approximately 55 db hl", "right", 55),
    ],
)
def test_a_level_the_ear_shows_is_its_level(clause, ear, value):
    assert _shown(clause, ear) == [value]


@pytest.mark.parametrize(
    "clause",
    [
        "the right ear shows 30 db hl of gain with the aid",
        "the right ear has a 30 db hl air-bone gap",
        "the right ear shows 20 db hl improvement",
        "the right ear shows 20 db hl or more",
        "the right ear shows 15 db hl worse than the left",
        "the right ear shows 30 db",
        "the right ear shows 40 db hl at 2 khz",
    ],
)
def test_a_size_bound_distance_or_placed_level_is_not_the_ears(clause):
    assert _shown(clause, "right") == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The right ear shows 50 dB HL.", []),
        ("The right ear has a threshold of 20 dB HL.", []),  # its bone
        ("The left ear shows only 10 dB HL.", []),
        ("The left ear has a threshold of 50 dB HL.", ["laterality_confusion"]),
        ("The right ear shows 90 dB HL.", ["fabricated_result"]),
    ],
)
def test_the_level_is_judged_against_every_threshold_of_the_ear(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
