"""Words that look like a type of loss but name none: "these results are mixed" (results
that disagree are no mixed loss), an account of how sound travels ("the transmission of
sound through the skull") that is no transmission (conductive) loss, and an abbreviation
the reply spells out itself ("Moderate Hearing Loss (MHL)": it means what it spells out,
not a mixed hearing loss). Two grade words side by side ("Mild Moderate Hearing Loss") span
both grades, as "mild-moderate" does (issue #26, batch 140, real-model text;
lexicon.MIXED_LOSS_WORD, lexicon.abbreviation_spelled_out, degree_claims' range). Near
misses that still claim their type. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build

SNHL = build(40)  # 40 dB HL in both ears, bone at air: a moderate sensorineural loss


def _types(text: str) -> list[str]:
    by_clause = [c.value for cl in read_statements(text) for c in cl if c.kind == "type"]
    return by_clause + [c.value for c in read_claims(text) if c.kind == "type"]


@pytest.mark.parametrize(
    "text",
    [
        "Reviews are mixed on tinnitus maskers, and these findings were mixed too.",
        "The evidence is mixed on whether music training helps.",
        "Bone vibrators work by the transmission of vibration through the skull.",
        "Both ears have a Moderate Hearing Loss (MHL) on this test.",
        "The report says Mild Hearing Loss (MHL) for the left ear.",
    ],
)
def test_no_type_is_read(text):
    assert _types(text) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Both ears are mixed, with air-bone gaps of 20 dB.", "mixed"),
        ("Right: MHL with a 25 dB gap.", "mixed"),
        ("Mixed Hearing Loss (MHL) on the right.", "mixed"),
        ("A transmission loss on the left, as in otosclerosis.", "conductive"),
    ],
)
def test_a_type_is_still_read(text, kind):
    assert kind in _types(text)


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("Graded as Mild Moderate Hearing Loss in both ears.", "mild", "moderate"),
        ("Left ear: moderate severe loss.", "moderate", "severe"),
    ],
)
def test_two_grade_words_side_by_side_span_both(text, low, high):
    degrees = [(c.value, c.value_high) for cl in read_statements(text) for c in cl
               if c.kind == "degree"]  # fmt: skip
    assert degrees == [(low, high)]


def test_grades_listed_as_a_scale_are_not_a_span():
    assert [c for cl in read_statements("Grades are mild, moderate, severe or profound.")
            for c in cl if c.kind == "degree"] == []  # fmt: skip


def test_a_spelled_out_grade_is_judged_as_its_span():
    reply = "This is classed as Mild Moderate Hearing Loss (MHL) under WHO 2021."
    assert check_reply(reply, SNHL).critical_errors == []
