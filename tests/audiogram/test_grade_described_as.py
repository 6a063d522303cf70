"""A grade the record is described as having ('described in the review advice as "moderate"',
"described by the audiologist as severe") is a grade of the hearing the sentence gives, as
"classed as severe" is: the writer repeats it and lets it stand (the conventions label such a
quoted grade). A symptom described so ("the tinnitus is described as moderate") is not the
hearing's grade. Batch 114 YO26 as tuning data (degree_claims "grade reported")."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

PROFOUND = build(90, right_bone={500: 50, 1000: 55, 2000: 60}, bone_masked=True)


def _grades(text: str) -> list[str]:
    return [c.value for part in read_statements(text) for c in part if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ('Averages 88.75 / 86.25 dB HL, described in the review advice as "moderate".',
         "moderate"),
        ("Both ears 85-95 dB HL, described by the audiologist as severe.", "severe"),
        ("The hearing, described in the report as \u201cprofound\u201d, is unchanged.",
         "profound"),
        ("Bilateral loss described as mild.", "mild"),
    ],
)  # fmt: skip
def test_the_described_grade_is_read(text, grade):
    assert grade in _grades(text)


@pytest.mark.parametrize(
    "text",
    [
        "The tinnitus is described as moderate.",  # a symptom's grade
        "I nearly said 'moderate' - no, it is profound.",  # a withdrawn word, read as before
    ],
)
def test_near_misses(text):
    assert "moderate" not in _grades(text)


def test_judged_against_the_audiogram():
    reply = 'Hearing: both ears 85-95 dB HL, described in the review advice as "moderate".'
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]


# A grade a record is recorded, documented, entered or coded as is read as one described so
# (batch 184 TC24's kind: "averages R 21 / L 24 dB HL, recorded on the referral form as
# 'moderately severe'", a relayed grade after correct averages). Wording of our own.
@pytest.mark.parametrize(
    ("text", "grade"),
    [
        ("Averages 88 / 86 dB HL, recorded on the referral form as 'moderate'.", "moderate"),
        ("- PTA both ears 90: documented in the notes as \u2018mild\u2019", "mild"),
        ("| grade | entered on the system as severe |", "severe"),
        ("Hearing coded as profound.", "profound"),
    ],
)
def test_the_recorded_grade_is_read(text, grade):
    assert grade in _grades(text)


def test_a_recorded_symptom_is_no_grade():
    assert "moderate" not in _grades("Tinnitus recorded as moderate tinnitus.")
    assert _grades("Recorded as mild tinnitus on the form.") == []
