"""A bare capital R or L before a part of the ear examined ("R TM perf", "L EAC oedema", "R
drum bulging") is that part's side in a note's shorthand, read as "right TM perforation" is:
a hearing finding tied to the part in the same clause ("R TM perf with CHL") is that side's,
not the last ear named before it (batch 61: an emergency note's impression line). Wording of
our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 40, 2000: 40, 3000: 40, 4000: 45, 6000: 45, 8000: 45},
    10,
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)  # right moderate conductive, left normal


def type_ears(text: str) -> set[tuple[str, ...]]:
    return {
        c.ears for part in read_statements(without_unclaimed(text)) for c in part
        if c.kind == "type"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Impression: R TM perforation causing a CHL.",
        "Dx: R drum ruptured with conductive loss.",
        "Assessment - R EAC occluded by wax, conductive hearing loss.",
    ],
)
def test_the_side_of_an_ear_part_is_the_findings(text):
    assert type_ears(text) == {("right",)}


@pytest.mark.parametrize(
    "reply",
    [
        "Audio: R conductive, moderate (AC 40-45, BC 5-10). L: normal, 10 dB.\n"
        "Impression: R TM perforation causing a CHL.",
        "L ear normal (10 dB HL). R moderate conductive loss.\nDx: R drum ruptured with CHL.",
    ],
)
def test_a_note_with_the_part_tagged_flags_nothing(reply):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []
