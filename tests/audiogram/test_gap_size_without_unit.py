"""An air-bone gap quoted with its size is judged by that size, also when the size is a bare
number that ends its item ("max air-bone gap: 5 (R), 5 (L)", "largest ABG 10, at 2 kHz"):
a size under the significance limit (15 dB, BSA 2018) claims no gap (issue #26, validation
batch 96, rule-engine features, as tuning data; claims.ABG_SIZE). A number that a word
follows ("air-bone gaps at 3 frequencies") is no size. Text -> claims and claim x audiogram
-> verdict; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, conductive_right, cpu_cost

SENSORINEURAL = build(
    {250: 40, 500: 45, 1000: 50, 2000: 55, 4000: 60, 8000: 65},
    right_bone={500: 40, 1000: 45, 2000: 50, 4000: 55},
    left_bone={500: 40, 1000: 45, 2000: 50, 4000: 55},
    bone_masked=True,
)  # both ears sensorineural, bone within 5 dB of air


def gap_values(text: str) -> list:
    return [c.value for part in read_statements(text) for c in part if c.kind == "air_bone_gap"]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("max air-bone gap: 5 (R), 5 (L)", [5]),
        ("Largest ABG: 10, at 2 kHz -> sensorineural", [10]),
        ("air-bone gap of 30 / 35 on the right", [30]),
        ("air-bone gaps at 3 frequencies", ["present"]),  # a count, not a size
    ],
)
def test_a_bare_size_ending_its_item_is_the_gaps_size(text, values):
    assert gap_values(text) == values


def test_a_small_gap_claims_no_gap():
    reply = "Features: max air-bone gap: 5 (R), 5 (L) -> sensorineural both ears."
    assert check_reply(reply, SENSORINEURAL).critical_errors == []


def test_a_large_gap_on_a_sensorineural_ear_is_a_type_error():
    reply = "Features: max air-bone gap: 30 (R), 30 (L) -> conductive component."
    assert "type_misclassification" in check_reply(reply, SENSORINEURAL).critical_errors


def test_a_large_gap_on_a_conductive_ear_holds():
    reply = "Right: max air-bone gap: 35 (R) -> conductive."
    assert check_reply(reply, conductive_right()).critical_errors == []


def test_reading_gap_sizes_stays_linear():
    line = "max air-bone gap: 5 (R), 5 (L); "
    small, big = line * 150, line * 600
    assert_linear(cpu_cost(lambda: read_statements(small)), cpu_cost(lambda: read_statements(big)))
