"""A form's field or a question names the kind of claim its value makes: "Severity: moderate"
and "Grade (right): mild" grade the hearing as "Degree: moderate" does, and "Q: What degree is
the right ear's loss?" answered "Moderate." on the next line is the right ear's grade (issue
#26: the question-and-answer and form shapes the tuning helpers of batches 34-38 listed).
A field of a symptom ("Tinnitus severity: mild") grades the symptom, and a question left
unanswered, or answered at length, is no claim of its own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost


def _claims(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind in ("degree", "type")]  # fmt: skip


FIELDS = [
    ("Right ear\nSeverity: moderate\nType: sensorineural",
     [("degree", ("right",), "moderate"), ("type", ("right",), "sensorineural")]),
    ("Right ear severity: moderate", [("degree", ("right",), "moderate")]),
    ("- **Severity:** moderately severe", [("degree", (), "moderately severe")]),
    ("Left ear\nGrade: mild", [("degree", ("left",), "mild")]),
    # near misses
    ("Tinnitus severity: mild", []),
    ("Severity: not graded", []),
    ("Severity scale: mild, moderate, severe or profound", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "claims"), FIELDS, ids=[r[0] for r in FIELDS])
def test_fields(text, claims):
    assert _claims(text) == claims


RIGHT_MILD = build({500: 25, 1000: 30, 2000: 35, 4000: 40}, 10)  # right PTA 32.5 mild


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right ear\nSeverity: mild\n\nLeft ear\nSeverity: normal", []),
        ("Right ear\nSeverity: severe\n\nLeft ear\nSeverity: normal",
         ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_MILD).critical_errors == errors


ANSWERS = [
    ("Q: What degree is the right ear's loss?\nModerate.", [("degree", "right", "moderate")]),
    ("Q: What degree is the right ear's loss?\nA: Mild.", [("degree", "right", "mild")]),
    ("What is the degree of the right ear's hearing loss? Moderate.",
     [("degree", "right", "moderate")]),
    ("Q2. What type of hearing loss is in the left ear?\nA2. Conductive.",
     [("type", "left", "conductive")]),
    ("How severe is the loss? Moderately severe.", [("degree", None, "moderately severe")]),
    # near misses: an answer at length, a question naming both ears, or no kind, stays a
    # question (blanked: it asserts nothing)
    ("What degree is the right ear's loss?\nI think we should look at the left ear first.", []),
    ("What degree is the loss in the right and left ears?\nModerate.", []),
    ("What did you notice first?\nMild ringing.", []),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "findings"), ANSWERS, ids=[r[0] for r in ANSWERS])
def test_question_answered_at_once(reply, findings):
    found = check_reply(reply, RIGHT_MILD).findings
    assert [(f.kind, f.ear, f.claimed) for f in found if f.kind in ("degree", "type")] == findings


def test_form_reading_is_linear():
    def cost(n):
        text = "Right ear\nSeverity: moderate\nQ: What degree is the left ear's loss?\nMild.\n" * n
        return len(text), cpu_cost(lambda: check_reply(text, RIGHT_MILD))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)


def test_an_answer_with_a_long_unbroken_word_is_read_in_linear_time():
    # The answer's words are whole letter runs: a run of n letters that the pattern could cut
    # into six "words" in O(n^5) ways (a small model repeating a token without spaces) took
    # 0.4 s at 40 letters and 29 s at 80 before (issue #26 review, round 8).
    def cost(n):
        text = "What degree is the right ear's loss? Moderate " + "a" * n + "1\n"
        return cpu_cost(lambda: check_reply(text, RIGHT_MILD))

    small, big = cost(12), cost(48)
    assert_linear(small, big, most=0.5)
