"""A grade with its ear in parentheses after it ("profound (both ears)", "severe (left
ear)") grades that ear's hearing, as "severe in both ears" does: a form's result line gives
the ear so (validation batch 68: tick-box forms). A symptom's grade is not the ear's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_MILD_LEFT_SEVERE = build(30, 70)  # WHO 2021: right mild (20-34), left severe (65-79)


def degrees(reply: str) -> list[tuple]:
    found = check_reply(reply, RIGHT_MILD_LEFT_SEVERE).findings
    return sorted((f.ear, f.claimed) for f in found if f.kind == "degree")


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("Overall grade recorded as severe (left ear), mild (right ear).",
         [("left", "severe"), ("right", "mild")]),
        ("Outcome of today's test: moderate (both ears)", [("both", "moderate")]),
        ("Summary - mild(right)", [("right", "mild")]),
    ],
)  # fmt: skip
def test_a_grade_then_its_ear_in_parentheses_is_that_ears(reply, read):
    assert degrees(reply) == read


def test_a_symptoms_grade_with_its_ear_is_no_grade_of_hearing():
    assert degrees("Tinnitus loudness: severe (left)") == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Outcome: mild (left ear), severe (right ear)", ["laterality_confusion"]),
        ("Outcome of today's test: profound (both ears)", ["severity_misclassification"]),
        ("Outcome: mild (right ear), severe (left ear)", []),
    ],
)
def test_a_wrong_grade_in_parentheses_is_an_error(reply, errors):
    assert check_reply(reply, RIGHT_MILD_LEFT_SEVERE).critical_errors == errors
