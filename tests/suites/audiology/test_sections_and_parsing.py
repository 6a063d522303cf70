"""Case reply sections, judge JSON parsing, and the deterministic rules grader."""

from __future__ import annotations

import json

import pytest

from clinbench.audiogram.rules_reply import rules_case_reply
from clinbench.items.loader import load_items
from clinbench.scoring.adjudicator import (
    JudgeParseError,
    parse_binary_verdict,
    parse_rubric_reply,
)
from clinbench.scoring.rubric import load_rubric
from clinbench.suites.audiology.case_judge import rubric_prompt
from clinbench.suites.audiology.reply_sections import split_sections, word_count
from clinbench.suites.audiology.rules_grader import point, recall, rules_judgement
from clinbench.suites.audiology.scorers import fact_check_sections
from clinbench.suites.audiology.tasks import CASE_ITEMS, case_prompt

RUBRIC = load_rubric()
CASES = {c.id: c for c in load_items([CASE_ITEMS])}
CASE = CASES["aud-case-006"]


ABC = {"Q1": "A", "Q2": "B", "Q3": "C"}
LABELLED = "Q1 Results: A\nQ2 Diagnosis: B\nQ3 Recommendations: C"


@pytest.mark.parametrize(
    ("reply", "sections", "missing"),
    [
        ("Q1 Results:\nA\nQ2 Diagnosis:\nB\nQ3 Recommendations:\nC", ABC, []),
        ("**Q1 Results:** A\n## Q2 - Diagnostic impression\nB\nQ3: C", ABC, []),
        ("Intro.\nQ1. Results - A\nQ3 Recommendations: C", {"Q1": "A", "Q3": "C"}, ["Q2"]),
        # without Q labels, section names serve as headings
        ("Results: A\nDiagnosis: B\nRecommendations: C", ABC, []),
        # with Q labels, a "Plan:" line inside a section is text
        (LABELLED + "\nPlan: D", ABC | {"Q3": "C\nPlan: D"}, []),
        ("No headings at all.", {}, ["Q1", "Q2", "Q3"]),
        ("Q1 Results:\n\nQ2 Diagnosis: B\nQ3 Recommendations: C", ABC | {"Q1": ""}, ["Q1"]),
    ],
)  # fmt: skip
def test_split_sections(reply, sections, missing):
    split = split_sections(CASE, reply)
    assert split["sections"] == sections
    assert split["missing_sections"] == missing


def test_over_length_and_repeated_sections_are_recorded():
    reply = (
        "Q1 Results: " + "word " * 151 + "\nQ2 Diagnosis: x\nQ3 Recommendations: y\nQ2 Diagnosis: z"
    )
    split = split_sections(CASE, reply)
    assert split["over_length"] == ["Q1"] and split["word_counts"]["Q1"] == 151
    assert split["repeated_sections"] == ["Q2"] and split["sections"]["Q2"] == "x\nz"
    assert split_sections(CASE, reply, word_limit=200)["over_length"] == []
    assert word_count("**Bold** words - here") == 3


def test_case_prompt_carries_history_and_questions():
    text = case_prompt(CASE)
    assert CASE.stem.splitlines()[0] in text
    assert all(f"{q.id}: {q.prompt}" in text for q in CASE.questions)


def _judge(**overrides):
    body = {
        "question": "Q2",
        "subscores": {"diagnostic_accuracy": 4, "clinical_reasoning": "3", "evidence_support": 5},
        "critical_errors": [{"type": "Type misclassification"}, "laterality-confusion"],
        "justification": "ok",
        "overall": "good",
    }
    body.update(overrides)
    return body


def _points(first):
    return {"diagnostic_accuracy": first, "clinical_reasoning": 3, "evidence_support": 5}


def test_parse_rubric_reply_accepts_wrapping_and_judge_spellings():
    text = "Assessment:\n```json\n" + json.dumps(_judge()) + "\n```"
    judgement, raw = parse_rubric_reply(text, "Q2", RUBRIC)
    assert judgement.subscores == {
        "diagnostic_accuracy": 4,
        "clinical_reasoning": 3,
        "evidence_support": 5,
    }
    assert judgement.critical_errors == ["type_misclassification", "laterality_confusion"]
    assert raw["overall"] == "good"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no json here", "no JSON"),
        (json.dumps(_judge(subscores={"diagnostic_accuracy": 4})), "missing"),
        (json.dumps(_judge(subscores=_points(0))), "outside"),
        (json.dumps(_judge(subscores=_points(3.5))), "whole number"),
        (json.dumps(_judge(question="Q3")), "not 'Q2'"),
        (json.dumps(_judge(critical_errors="none")), "must be a list"),
        (json.dumps(_judge()) + " " + json.dumps(_judge(overall="poor")), "more than one"),
    ],
)  # fmt: skip
def test_parse_rubric_reply_refuses_what_does_not_fit(text, message):
    with pytest.raises(JudgeParseError, match=message):
        parse_rubric_reply(text, "Q2", RUBRIC)


def test_binary_verdicts():
    assert parse_binary_verdict('{"verdict": "Correct", "reason": "same"}') == (True, "same")
    assert parse_binary_verdict('x {"verdict": "incorrect"} y')[0] is False
    for bad in ("correct", '{"verdict": "partly"}', '{"answer": "correct"}'):
        with pytest.raises(JudgeParseError):
            parse_binary_verdict(bad)


def test_rubric_prompt_gives_reference_reply_and_rubric():
    prompt = rubric_prompt("Q1", "Describe.", "REFERENCE TEXT", "REPLY TEXT", RUBRIC)
    assert "REFERENCE TEXT" in prompt and "REPLY TEXT" in prompt
    assert "numerical_accuracy (weight 40)" in prompt and "dangerous_recommendation" in prompt


@pytest.mark.parametrize(("share", "expected"), [(0, 1), (0.1, 1), (0.5, 3), (0.74, 4), (1, 5)])
def test_point(share, expected):
    assert point(share) == expected


def test_recall_of_reference_words():
    assert recall(
        "sudden sensorineural hearing loss", "Sudden sensorineural loss."
    ) == pytest.approx(3 / 4)


def _rules(case, reply):
    sections = split_sections(case, reply)["sections"]
    return rules_judgement(case, sections, fact_check_sections(case, sections, "who2021", 10))


def test_rules_grader_rewards_the_exact_baseline_reply():
    judged = _rules(CASE, rules_case_reply(CASE))
    assert judged["Q1"]["subscores"]["numerical_accuracy"] == 5
    assert judged["Q1"]["critical_errors"] == []
    assert set(judged) == {"Q1", "Q2", "Q3"}


def test_rules_grader_flags_wrong_degree_swapped_ears_and_missed_referral():
    reply = (
        "Q1 Results: Left ear: mild conductive hearing loss. Right ear: normal hearing.\n"
        "Q2 Diagnosis: Mild conductive loss in the left ear.\n"
        "Q3 Recommendations: Hearing aid trial and review in a year."
    )
    judged = _rules(CASE, reply)
    assert judged["Q1"]["critical_errors"]  # the fact checker contradicts these claims
    assert judged["Q1"]["subscores"]["description_accuracy"] < 5
    assert "missed_red_flag" in judged["Q3"]["critical_errors"]  # sudden loss not escalated
    assert judged["Q3"]["subscores"]["relevance"] < 5


def test_rules_grader_gives_low_points_to_missing_sections():
    judged = _rules(CASE, "I am not sure.")
    assert judged["Q1"]["subscores"]["numerical_accuracy"] == 1
    assert judged["Q3"]["subscores"]["clinical_feasibility"] == 1
    assert "no labelled Q3 section" in judged["Q3"]["justification"]


def test_missed_red_flag_only_where_the_case_has_one():
    reply = "Q1 Results: x\nQ2 Diagnosis: y\nQ3 Recommendations: Hearing aids and a review."
    assert "missed_red_flag" not in _rules(CASES["aud-case-002"], reply)["Q3"]["critical_errors"]
    assert "missed_red_flag" in _rules(CASES["aud-case-007"], reply)["Q3"]["critical_errors"]
    escalated = reply.replace("a review", "an ENT referral for MRI")
    assert (
        "missed_red_flag" not in _rules(CASES["aud-case-007"], escalated)["Q3"]["critical_errors"]
    )
