"""A bone-conduction range in a case tested by air only is an invented result, as a bone level
with no frequency is ("Bone conduction was normal too (0-10 dB HL) on both sides"), batch 62:
a results letter to a participant. A bone conduction said not tested ("bone not required",
"bone conduction was not done") sets no conduction for the values after it. Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

AIR_ONLY = build(15)  # normal hearing, 15 dB HL, no bone conduction tested


def conductions(text: str) -> set[str]:
    return {c.conduction for part in read_statements(without_unclaimed(text)) for c in part}


@pytest.mark.parametrize(
    "text",
    [
        "Air only (bone not required, thresholds normal): right 10-15 dB HL, left 10-20 dB HL.",
        "With bone testing not indicated, right 15-20 dB HL and left 10-15 dB HL.",
        "Hearing is normal: no bone conduction was done at 10-20 dB HL, air only.",
    ],
)
def test_values_after_a_bone_not_tested_are_air(text):
    assert conductions(text) == {"air"}


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears are normal at 15 dB HL. Bone conduction was normal too (0-10 dB HL) on "
        "both sides.",
        "Normal hearing bilaterally (15 dB HL). Your inner-ear (bone) test gave 5-10 dB HL in "
        "each ear.",
    ],
)
def test_a_bone_range_without_bone_is_invented(reply):
    assert "fabricated_result" in check_reply(reply, AIR_ONLY).critical_errors


@pytest.mark.parametrize(
    "reply",
    [
        "Air conduction only (bone not needed as all thresholds were normal): R 10-15 dB HL, "
        "L 10-20 dB HL, 250-8000 Hz. Normal hearing.",
        "Normal hearing, 15 dB HL in both ears; bone conduction was not done.",
    ],
)
def test_air_values_beside_a_bone_not_tested_flag_nothing(reply):
    assert check_reply(reply, AIR_ONLY).critical_errors == []
