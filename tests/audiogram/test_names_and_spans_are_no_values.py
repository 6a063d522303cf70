"""A number joined to the word before it ("WHO2021", "ansi-1996", an ear's letter aside) or
the digit of an average's own name ("measured 4FA") is part of a name, no average's value
(claims.PTA); a frequency after ".." ends a span in a program's range notation ("250..8k :
50 45 30 ..."), no one frequency of the level after it (claims._listed_or_spanned). Issue
#26, batch 103 (classifier outputs, used as tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build

NORMAL = build(20)  # both ears 20 dB HL at every frequency
FAB = "fabricated_result"


def _ptas(text: str) -> list[float]:
    return [c.value for part in read_statements(text) for c in part if c.kind == "pta"]


@pytest.mark.parametrize(
    "text",
    [
        "Columns for both ears: PTA   ANSI1996   note",
        "Right ear: observed 4FA   fitted 4FA",
        "Both ears: 3FA   model 3FA   gap",
        "Left PTA   scale who-2021",
    ],
)
def test_a_number_of_a_name_is_no_average(text):
    assert _ptas(text) == []
    assert FAB not in check_reply(text, NORMAL).critical_errors


@pytest.mark.parametrize(
    "text", ["Right PTA: 60 dB HL.", "PTA 60dB in the left ear.", "4FA R60 on the right."]
)
def test_an_average_value_is_still_read(text):
    assert _ptas(text) == [60.0]
    assert check_reply(text, NORMAL).critical_errors == [FAB]


@pytest.mark.parametrize(
    "text",
    [
        "features  R air 500..4k : 70 70 70 70",
        "left bone 0.5..4 kHz: 65 65 65 65 (model input)",
    ],
)
def test_a_dotted_span_ends_no_frequency_of_its_own(text):
    assert [c for c in read_claims(text) if c.kind == "threshold"] == []
    assert FAB not in check_reply(text, NORMAL).critical_errors


def test_a_frequency_and_its_level_are_still_read():
    text = "R air 4k : 70"
    assert [c.value for c in read_claims(text) if c.kind == "threshold"] == [70]
    assert check_reply(text, NORMAL).critical_errors == [FAB]
