"""Carhart's notch is a dip of the bone-conduction thresholds near 2 kHz (Carhart 1950, in
otosclerosis): a level given for it is a bone level, not the air threshold there (issue #26,
batch 98: a clinician's comment under a printout). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

OTOSCLEROSIS = build(
    {250: 50, 500: 45, 1000: 40, 2000: 40, 3000: 35, 4000: 35, 6000: 30, 8000: 30},
    10,
    right_bone={500: 5, 1000: 10, 2000: 25, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Right otosclerosis pattern with a Carhart notch of 25 dB at 2 kHz.",
        "Right ear: Carhart's dip reaching 25 dB HL at 2k, conductive loss.",
    ],
)
def test_a_carhart_level_is_a_bone_level(text):
    levels = [
        c for part in read_statements(text) for c in part
        if c.kind == "threshold" and c.frequencies == (2000,)
    ]  # fmt: skip
    assert levels and all(c.conduction == "bone" for c in levels)
    assert "fabricated_result" not in check_reply(text, OTOSCLEROSIS).critical_errors


def test_an_air_level_at_2k_is_still_air():
    text = "Right ear 25 dB HL at 2 kHz by air."
    assert "fabricated_result" in check_reply(text, OTOSCLEROSIS).critical_errors
