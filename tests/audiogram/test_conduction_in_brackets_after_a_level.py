"""A conduction named in brackets right after a level, and nothing else in the brackets,
labels that level: "6000 Hz: 105 dB HL (bone conduction)" is a bone threshold at 6 kHz, as
"105 dB by bone" is (issue #26, batch 143: a real model's bracketed label was read as air;
threshold_claims.CONDUCTION_BY for the pattern reader, claims._labelled_in_brackets for the
claim reader). Near misses: a bracket that goes on to a value of its own labels that value,
and "(air-bone)" names a gap, not a conduction. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build

# air 60 dB HL everywhere; bone tested at 500-4000 Hz only, 55 (masked): a sensorineural loss
CASE = build(
    60,
    right_bone={500: 55, 1000: 55, 2000: 55, 4000: 55},
    left_bone={500: 55, 1000: 55, 2000: 55, 4000: 55},
    bone_masked=True,
)


def _conductions(text: str) -> list[str]:
    found = [c.conduction for clause in read_statements(text) for c in clause]
    found += [c.conduction for c in read_claims(text) if c.kind == "threshold"]
    return found


@pytest.mark.parametrize(
    ("text", "conduction"),
    [
        ("8000 Hz: 60 dB HL (bone conduction).", "bone"),
        ("To sum up, 1000 Hz: 55 dB (bone).", "bone"),
        ("Right ear 2 kHz 55 dB HL (BC).", "bone"),
        ("In short, 250 Hz: 60 dB HL (air conduction), as expected.", "air"),
    ],
)
def test_a_bracketed_conduction_labels_its_level(text, conduction):
    found = _conductions(text)
    assert found and set(found) == {conduction}


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("In this case, 8000 Hz: 60 dB HL (bone conduction).", ["fabricated_result"]),
        ("8000 Hz: 60 dB HL (bone conduction) - a high-pitch loss.", ["fabricated_result"]),
        ("In this case, 1000 Hz: 55 dB HL (bone conduction).", []),
        ("In this case, 8000 Hz: 60 dB HL (air conduction).", []),
    ],
)
def test_a_bone_level_where_bone_was_not_tested_is_fabricated(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "In this case, 500 Hz: 60 dB (masked BC 55).",
        "At 1000 Hz: 60 dB HL (air-bone), closing at 4 kHz.",
    ],
)
def test_a_bracket_with_its_own_value_or_a_gap_leaves_the_level_air(text):
    found = [c for c in read_claims(text) if c.kind == "threshold" and c.value == 60]
    assert found and all(c.conduction == "air" for c in found)
