"""A hearing database's conduction field named for its ear, with the frequencies of its
values and then "=" and the levels in order ("BC_R 500/1k/2k/4k = 5/5/10/10"), gives that
ear's thresholds of that conduction at those frequencies, as "right bone 500/1k/2k/4k:
5/5/10/10" does (notation.export_fields_written_out). Validation batch 82 XI24 (as tuning
data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out

from .conftest import build

# air only, 10-20 dB HL: no bone conduction tested
AIR_ONLY = build(15, 15)
# masked bone 5-10 dB HL at 0.5-4 kHz in both ears
WITH_BONE = build(15, 15, right_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
                  left_bone={500: 5, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("BC_R 500/1k/2k/4k = 5/5/10/10", "right bone 500/1k/2k/4k: 5/5/10/10"),
        ("AC_L 250/500/1000 Hz = 20/25/30", "left air 250/500/1000: 20/25/30"),
        ("bc_l 1k/2k=10/10", "left bone 1k/2k: 10/10"),
    ],
)
def test_the_field_is_written_as_its_ears_conduction(text, written):
    assert export_fields_written_out(text) == written


def test_bone_values_on_an_air_only_audiogram_are_fabricated():
    text = 'Site answer: "BC_R 500/1k/2k/4k = 5/5/10/10, from the booth sheet." Entered.'
    assert check_reply(text, AIR_ONLY).critical_errors == ["fabricated_result"]


def test_true_bone_values_are_no_error():
    text = "BC_R 500/1k/2k/4k = 5/5/10/10; BC_L 500/1k/2k/4k = 5/10/10/10."
    findings = check_reply(text, WITH_BONE).findings
    assert {(f.ear, f.frequency) for f in findings if f.kind == "bone_threshold"} == {
        (ear, freq) for ear in ("right", "left") for freq in (500, 1000, 2000, 4000)
    }
    assert check_reply(text, WITH_BONE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # no frequencies: the field's single value (another rule's)
        "BC_R = 5",
        # not a conduction's field
        "REM_R 500/1k/2k = 5/5/10",
        # no equals sign
        "BC_R 500/1k/2k/4k 5/5/10/10",
    ],
)
def test_near_misses_are_not_written_so(text):
    assert "bone 500" not in export_fields_written_out(text)
