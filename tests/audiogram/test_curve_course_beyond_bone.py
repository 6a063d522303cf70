"""The curve's course named on to 6-8 kHz after a bone value ("65 at 4 kHz, masked bone 60 at
4 kHz, recovering to 30 at 8 kHz", "masked bone 50, 45 and 35, recovering to 20-25 from 2 to
4 kHz and falling again to 50 dB HL at 8 kHz") is the air curve's: bone conduction is not
tested above 4 kHz (BSA 2018), and it is the air curve that notches, recovers and falls there.
A bone carried from the clause before does not reach it; a bone level the clause names itself
("bone 30 at 8 kHz") is read as bone, and one at 4 kHz or below keeps the carried bone.
Batches 106 YG25 and 62 WO11 as tuning data (threshold_claims._RECOVERY_OPENS)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _levels(text: str) -> list[tuple]:
    return sorted(
        (c.frequencies, c.conduction, c.value)
        for part in read_statements(text)
        for c in part
        if c.kind == "threshold" and c.frequencies
    )


@pytest.mark.parametrize(
    ("text", "course"),
    [
        ("Left 65 at 4 kHz, masked bone 60 at 4 kHz, recovering to 30 at 8 kHz.", 8000),
        ("Right notch 55 at 4k, bone 50 at 4k, back up to 25 at 8k.", 8000),
        ("Masked bone 40 at 2 kHz, falling again to 50 dB HL at 8 kHz.", 8000),
        ("Bone 45 at 4 kHz, rising to 35 at 6 kHz.", 6000),
    ],
)
def test_the_course_to_6_or_8_khz_is_air(text, course):
    read = _levels(text)
    assert [c for f, c, _ in read if f == (course,)] == ["air"], read
    assert "bone" in [c for f, c, _ in read if f != (course,)], read


@pytest.mark.parametrize(
    "text",
    [
        "Masked bone 60 at 4 kHz, bone 30 at 8 kHz.",  # bone named in its own clause
        "Masked bone 60 at 4 kHz, bone recovering to 30 at 8 kHz.",
    ],
)
def test_a_bone_level_named_at_8_khz_stays_bone(text):
    assert ((8000,), "bone", 30) in _levels(text)


def test_a_course_within_the_bone_range_keeps_the_bone():
    # the Carhart notch recovers in bone conduction, below 4 kHz
    assert ((4000,), "bone", 20) in _levels("Masked bone 40 at 2 kHz, recovering to 20 at 4 kHz.")


def test_judged_as_air():
    audiogram = build(
        {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 50, 4000: 65, 8000: 30},
        left_bone={3000: 45, 4000: 60},
        right_bone={3000: 45, 4000: 60},
        bone_masked=True,
    )
    result = check_reply(
        "Both ears: 65 at 4 kHz, masked bone 60 at 4 kHz, recovering to 30 at 8 kHz.", audiogram
    )
    assert result.critical_errors == []
