"""A results table prints each value beside its reference range: a column (or row) headed
"Standard range", "Ref.", "Normal limits" or "Reference interval" holds the population's
range, not this patient's ear, so it claims nothing (issue #26, validation batch 56: patient
portal results tables, "| Hearing - Right ear average | 52.5 dB HL | 0-20 dB HL | H |", read
as a right ear 'at 0-20 dB HL'). And under a head that names no measure of its own ("Your
value", "Result"), the cell is what the row's label names: "Left ear PTA | 45 dB HL" is the
left ear's average."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import tables_to_text

from .conftest import build

# flat 50 dB HL both ears, sensorineural: average 50, moderate
FLAT_50 = build(50, right_bone=50, left_bone=50)


@pytest.mark.parametrize(
    "text",
    [
        "| Measure | Result | Reference interval | Comment |\n|--|--|--|--|\n"
        "| R ear pure-tone average | 50 dB HL | up to 20 dB HL | raised |\n"
        "| L ear pure-tone average | 48 dB HL | up to 20 dB HL | raised |",
        "| Item | Value | Normal limits (dB HL) |\n|---|---|---|\n"
        "| PTA right | 50 | 0-25 |\n| PTA left | 52 | 0-25 |",
        "| | Right | Left |\n|---|---|---|\n| Average (dB HL) | 50 | 50 |\n"
        "| Reference range | 0-20 dB HL | 0-20 dB HL |",
    ],
)
def test_reference_column_claims_nothing(text):
    assert check_reply(text, FLAT_50).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the row names the measure, the head only says it is the patient's value
        "| Measure | Result | Reference interval |\n|--|--|--|\n"
        "| R ear pure-tone average | 20 dB HL | up to 20 dB HL |\n"
        "| L ear pure-tone average | 50 dB HL | up to 20 dB HL |",
        "| Test | Your reading | Typical range |\n|---|---|---|\n"
        "| Left ear PTA | 50 dB HL | 0-20 |\n| Right ear PTA | 15 dB HL | 0-20 |",
    ],
)
def test_value_named_by_its_row_is_judged(text):
    assert check_reply(text, FLAT_50).critical_errors == ["fabricated_result"]


def test_reading():
    text = "| Test | Result | Ref. range |\n|---|---|---|\n| Right ear average | 35 dB HL | 0-20 |"
    out = tables_to_text(text)
    assert "0-20" not in out
    assert "Right ear average: 35 dB HL." in out
    # a bare ear row keeps its head: nothing to name the cell by
    bare = tables_to_text("| | Result |\n|---|---|\n| R | 35 dB HL |")
    assert "Right ear Result: 35 dB HL." in bare
