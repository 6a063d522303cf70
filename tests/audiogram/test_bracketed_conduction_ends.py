"""A conduction named inside a bracketed aside holds to its closing bracket only: the levels
after the bracket are of the conduction that held before it opened, air where none was named
("60 at 4 kHz (masked bone 55 at 4 kHz), then 35 at 8 kHz": 35 is an air level), batches 111
and 116. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

LEFT_SLOPING = build(
    10,
    {250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 60, 8000: 35},
    left_bone={1000: 25, 2000: 35, 4000: 55},
    bone_masked=True,
)


def levels(text: str) -> list[tuple[str, int, tuple[int, ...]]]:
    return sorted(
        (c.conduction, c.value, c.frequencies)
        for part in read_statements(without_unclaimed(text))
        for c in part
        if c.kind in ("threshold", "bone_threshold")
    )


@pytest.mark.parametrize(
    ("text", "air_after"),
    [
        ("Left ear: 40 dB at 2 kHz and 60 at 4 kHz (masked bone 55 at 4 kHz), then 35 at "
         "8 kHz.", (35, (8000,))),
        ("On the left (masked BC 25-55 dB) it runs from 20 dB at 250 Hz down to 60 at "
         "4 kHz.", (20, (250,))),
    ],
)  # fmt: skip
def test_a_level_after_the_bracket_is_air(text, air_after):
    assert ("air", *air_after) in levels(text)
    assert ("bone", *air_after) not in levels(text)


def test_a_level_inside_the_bracket_stays_bone():
    assert ("bone", 55, (4000,)) in levels(
        "Left ear: 60 at 4 kHz (masked bone 55 at 4 kHz), then 35 at 8 kHz."
    )


@pytest.mark.parametrize(
    "reply",
    [
        "Right normal at 10 dB. Left ear: 40 dB at 2 kHz and 60 at 4 kHz (masked bone 55 at "
        "4 kHz), then 35 at 8 kHz. Sensorineural.",
        "Right normal. On the left (masked BC 25-55 dB) it runs from 20 dB at 250 Hz down "
        "to 60 at 4 kHz: a sensorineural sloping loss.",
    ],
)
def test_air_levels_after_a_bone_aside_flag_nothing(reply):
    assert check_reply(reply, LEFT_SLOPING).critical_errors == []
