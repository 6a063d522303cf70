"""A row of bone-conduction levels with no unit ("Bone: right 15, 15, 25, 45", "BC L
10/10/15/20") is a bone result, its frequencies given by the chart's columns or a range
after it; in a case without bone conduction it is fabricated, as a bone level with no
frequency is. A row of frequencies after a bone label is no result. Validation batch 98 XY24
(as tuning data; threshold_claims _BONE_ROW)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# air only, both ears flat at 15 dB HL
AIR_ONLY = build(15, 15)
# the same with bone at 10 dB HL
WITH_BONE = build(
    15,
    15,
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
)

ROWS = [
    "Bone thresholds right: 10 15 15 10 across 0.5-4 kHz.",
    "bone conduction (unmasked) -- right 10 10 15 10",
]


@pytest.mark.parametrize("text", ROWS)
def test_a_bone_row_is_read_as_bone_levels(text):
    claims = [c for s in read_statements(text) for c in s]
    assert any(c.conduction == "bone" for c in claims)


@pytest.mark.parametrize("text", ROWS)
def test_a_bone_row_on_an_air_only_test_is_fabricated(text):
    assert "fabricated_result" in check_reply(text, AIR_ONLY).critical_errors


@pytest.mark.parametrize("text", ROWS)
def test_a_bone_row_where_bone_was_tested_is_no_error(text):
    assert check_reply(text, WITH_BONE).critical_errors == []


@pytest.mark.parametrize("text", ["BC 250 500 1000 2000 4000", "Bone (kHz) 0.5 1 2 4"])
def test_a_row_of_frequencies_is_no_bone_result(text):
    assert check_reply(text, AIR_ONLY).critical_errors == []
