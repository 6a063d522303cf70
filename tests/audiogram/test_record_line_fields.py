"""A record written on one line, its fields apart by spaced bars ("ID 4 | worse ear: LEFT |
avg R 20, L 45 | conductive both ears"), ends each field at its bar: an ear a later field names
("both ears") does not reach back into an earlier field's values, while a ruled table's rows
are still read under their columns' heads. A field named in capitals joined by underscores
before its value ("WORSE_EAR left", "HL_TYPE_R mixed") is read as its words with its value, as
after a colon (issue #26 batches 82 and 105, registry extracts and audit rows; used as tuning
data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out
from clinbench.audiogram.statements import read_statements

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal


def ear_claims(text: str, kind: str) -> list[tuple[tuple[str, ...], object]]:
    return [(c.ears, c.value) for part in read_statements(text) for c in part if c.kind == kind]


@pytest.mark.parametrize(
    "text",
    [
        "Rec 19 | better ear: LEFT | 4FA R 38.75, L 7.5 | conductive both ears | listed",
        "Visit 3 | averages right 38.75 dB HL, left 7.5 dB HL | gap present both ears | seen",
    ],
)
def test_an_ear_of_a_later_field_does_not_reach_back(text):
    assert ear_claims(text, "pta") == [(("right",), 38.75), (("left",), 7.5)]


def test_record_line_with_its_ears_is_judged_true():
    text = "Rec 19 | 4FA R 38.75 (moderate), L 7.5 (normal) | hearing aid both ears | listed"
    assert check_reply(text, CASE).critical_errors == []


def test_a_ruled_tables_rows_stay_one_clause():
    # the criterion column labels the value column: the row is read as one clause
    table = (
        "check                            | finding             | met\n"
        "---------------------------------|---------------------|----\n"
        "conductive loss in the worse ear | RIGHT air 30-45     | yes\n"
    )
    types = ear_claims(table, "type")
    assert types == [(("right",), "conductive")]


@pytest.mark.parametrize(
    ("field", "written"),
    [
        ("HL_TYPE_R mixed", "HL TYPE R: mixed"),
        ("Status: REFER_ENT yes, AID_SIDE right", "Status: REFER ENT: yes, AID SIDE: right"),
    ],
)
def test_capital_field_name_before_its_value(field, written):
    assert export_fields_written_out(field) == written


@pytest.mark.parametrize(
    "text",
    [
        "Export: PTA4_R 38.75 | PTA4_L 7.5 | WORSE_EAR left | REFER_ENT yes",
        "Row 4 | AVG_RIGHT 38.75 | AVG_LEFT 7.5 | POORER_EAR left",
    ],
)
def test_capital_worse_ear_field_is_judged(text):
    assert check_reply(text, CASE).critical_errors == ["laterality_confusion"]


def test_quoted_and_assigned_fields_are_left_to_their_readers():
    for text in ('"AC_R_500": 45', "TYMP_R=A", "AC_RIGHT (all) = 10"):
        assert export_fields_written_out(text) == text or "=" in text
