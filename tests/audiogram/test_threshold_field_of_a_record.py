"""A record's threshold field named for its conduction, ear and frequency ("AC_R_6000 = 80",
"BC_L_4000: 55"; the CRF field names of registries and trials) states the
threshold of that ear and conduction at that frequency (issue #26, validation batch 82, as
tuning data; notation._THRESHOLD_FIELD in export_fields_written_out). A field named without
its value after "=" or ":", and a value the query says was entered, are not read as the
record's. Text -> claims and claim x audiogram -> verdict; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out

from .conftest import assert_linear, conductive_right, cpu_cost, threshold_levels

CASE = conductive_right()  # right air 45/45/40/35/30/30 over masked bone 5-10; left 10


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("SDV: AC_R_500 = 45, AC_R_1000 = 40; AC_L_500 = 10 - as source.",
         [("left", 500, 10), ("right", 500, 45), ("right", 1000, 40)]),
        ("Record: AC_RE_2000: 35; AC_LE_2000: 10", [("left", 2000, 10), ("right", 2000, 35)]),
        ("Locked: AC_RIGHT_4000: 30.", [("right", 4000, 30)]),
    ],
)  # fmt: skip
def test_a_threshold_field_is_that_ears_threshold(text, levels):
    assert threshold_levels(text, CASE) == levels


def test_a_bone_field_is_a_bone_level():
    reply = "Final record: BC_R_1000 = 10, BC_L_1000 = 5."
    found = check_reply(reply, CASE).findings
    assert [(f.kind.value, f.ear, f.frequency) for f in found] == [
        ("bone_threshold", "right", 1000),
        ("bone_threshold", "left", 1000),
    ]


def test_a_field_on_the_wrong_ear_is_judged():
    reply = "Locked record: AC_L_500 = 45, AC_R_500 = 10."
    assert check_reply(reply, CASE).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "text",
    [
        "AC_L_2000 had been entered as 16",  # named in prose, no value after "=" or ":"
        "AC_R_1500-2000 = 35-40",  # a span of fields
        "AC_R_3200 = 35",  # not an audiometric frequency
        '"AC_R_500": 45',  # a quoted key: a JSON record's, left to its readers
    ],
)
def test_other_fields_are_not_written_as_thresholds(text):
    assert "dB HL at" not in export_fields_written_out(text)


def test_values_said_to_have_been_entered_are_not_the_record():
    reply = (
        "Query: AC_R_500 = 70 and AC_L_500 = 60 were entered, but the source differs.\n\n"
        "Site: corrected from source."
    )
    assert threshold_levels(reply, CASE) == []


def test_writing_fields_out_stays_linear():
    line = "AC_R_500 = 45, AC_L_500 = 10; BC_R_1000: 10\n"
    small, big = line * 200, line * 800
    assert_linear(
        cpu_cost(lambda: export_fields_written_out(small)),
        cpu_cost(lambda: export_fields_written_out(big)),
    )
