"""Rubric grading: weights, scale edges, grade bands and every critical-error cap, table-driven."""

from __future__ import annotations

import copy

import pytest
import yaml

from clinbench.scoring.rubric import (
    RubricError,
    grade,
    load_rubric,
    weighted_score,
)
from clinbench.suites.audiology import RUBRIC as DEFAULT_RUBRIC

RUBRIC = load_rubric()
Q1 = ("numerical_accuracy", "test_coverage", "description_accuracy", "no_fabricated_findings")
Q2 = ("diagnostic_accuracy", "clinical_reasoning", "evidence_support")
Q3 = ("relevance", "clinical_feasibility", "completeness")


def q1(n, t, d, f):
    return dict(zip(Q1, (n, t, d, f), strict=True))


def q2(d, r, e):
    return dict(zip(Q2, (d, r, e), strict=True))


def q3(r, f, c):
    return dict(zip(Q3, (r, f, c), strict=True))


def test_default_rubric_carries_the_paper_weights():
    weights = {
        q: {d: v.weight for d, v in spec.dimensions.items()} for q, spec in RUBRIC.questions.items()
    }
    assert weights == {
        "Q1": dict(zip(Q1, (40, 30, 20, 10), strict=True)),
        "Q2": dict(zip(Q2, (50, 30, 20), strict=True)),
        "Q3": dict(zip(Q3, (40, 30, 30), strict=True)),
    }
    caps = {name: e.cap for name, e in RUBRIC.critical_errors.items()}
    assert caps == {
        "severity_misclassification": "D", "type_misclassification": "D",
        "laterality_confusion": "D", "fabricated_result": "D",
        "missed_red_flag": "D", "dangerous_recommendation": "F",
    }  # fmt: skip


# (question, subscores, expected uncapped score) -- points map p -> 20p, weights as in the paper
WEIGHT_CASES = [
    ("Q1", q1(5, 5, 5, 5), 100.0),
    ("Q1", q1(1, 1, 1, 1), 20.0),  # scale floor
    ("Q1", q1(1, 5, 5, 5), 0.4 * 20 + 0.6 * 100),  # numerical accuracy weighs 40%
    ("Q1", q1(5, 1, 5, 5), 0.3 * 20 + 0.7 * 100),
    ("Q1", q1(5, 5, 1, 5), 0.2 * 20 + 0.8 * 100),
    ("Q1", q1(5, 5, 5, 1), 0.1 * 20 + 0.9 * 100),
    ("Q1", q1(2, 4, 3, 5), 0.4 * 40 + 0.3 * 80 + 0.2 * 60 + 0.1 * 100),
    ("Q2", q2(1, 5, 5), 0.5 * 20 + 0.5 * 100),
    ("Q2", q2(5, 1, 5), 0.3 * 20 + 0.7 * 100),
    ("Q2", q2(4, 3, 2), 0.5 * 80 + 0.3 * 60 + 0.2 * 40),
    ("Q3", q3(1, 5, 5), 0.4 * 20 + 0.6 * 100),
    ("Q3", q3(5, 1, 5), 0.3 * 20 + 0.7 * 100),
    ("Q3", q3(3, 3, 3), 60.0),
]


@pytest.mark.parametrize(("question", "subscores", "expected"), WEIGHT_CASES)
def test_weighted_score(question, subscores, expected):
    assert weighted_score(question, subscores, RUBRIC) == pytest.approx(expected)


# (question, subscores, expected grade) -- bands A>=90, B>=75, C>=60, D>=40, F below
BAND_CASES = [
    ("Q3", q3(5, 5, 5), "A"),  # 100
    ("Q3", q3(5, 4, 5), "A"),  # 94
    ("Q2", q2(5, 4, 4), "A"),  # 90: exactly on the A line
    ("Q2", q2(4, 5, 5), "A"),  # 90
    ("Q2", q2(4, 5, 4), "B"),  # 86
    ("Q3", q3(4, 4, 4), "B"),  # 80
    ("Q2", q2(4, 4, 3), "B"),  # 76
    ("Q1", q1(4, 4, 4, 3), "B"),  # 78
    ("Q1", q1(4, 4, 3, 3), "C"),  # 74
    ("Q1", q1(3, 4, 4, 4), "C"),  # 0.4*60 + 0.6*80 = 72
    ("Q3", q3(3, 3, 3), "C"),  # 60: the lowest pass
    ("Q2", q2(3, 3, 2), "D"),  # 56
    ("Q3", q3(2, 2, 2), "D"),  # 40: exactly the D line
    ("Q2", q2(2, 1, 2), "F"),  # 34
    ("Q1", q1(1, 1, 1, 1), "F"),  # 20: scale floor
]


@pytest.mark.parametrize(("question", "subscores", "expected"), BAND_CASES)
def test_grade_bands(question, subscores, expected):
    score, letter, capped_by = grade(question, subscores, [], RUBRIC)
    assert letter == expected
    assert capped_by == []
    assert score == weighted_score(question, subscores, RUBRIC)


# Every cap: (error, question, subscores, expected score, grade, capped_by)
CAP_CASES = [
    ("missed_red_flag", "Q3", q3(5, 5, 5), 59.99, "D", ["missed_red_flag"]),
    ("dangerous_recommendation", "Q3", q3(5, 5, 5), 39.99, "F", ["dangerous_recommendation"]),
    (
        "severity_misclassification",
        "Q1",
        q1(5, 5, 5, 5),
        59.99,
        "D",
        ["severity_misclassification"],
    ),
    ("type_misclassification", "Q2", q2(5, 5, 5), 59.99, "D", ["type_misclassification"]),
    ("laterality_confusion", "Q1", q1(4, 4, 4, 4), 59.99, "D", ["laterality_confusion"]),
    ("fabricated_result", "Q1", q1(3, 3, 3, 3), 59.99, "D", ["fabricated_result"]),
    # already at or below the cap: nothing changes
    ("fabricated_result", "Q1", q1(2, 2, 2, 2), 40.0, "D", []),
    ("missed_red_flag", "Q3", q3(1, 2, 1), 26.0, "F", []),
    ("dangerous_recommendation", "Q3", q3(2, 2, 2), 39.99, "F", ["dangerous_recommendation"]),
    ("dangerous_recommendation", "Q3", q3(1, 1, 1), 20.0, "F", []),
]


@pytest.mark.parametrize(
    ("error", "question", "subscores", "score", "letter", "capped_by"), CAP_CASES
)
def test_every_cap(error, question, subscores, score, letter, capped_by):
    assert grade(question, subscores, [error], RUBRIC) == (score, letter, capped_by)


def test_worst_cap_wins_and_names_only_the_binding_errors():
    result = grade("Q3", q3(5, 5, 5), ["missed_red_flag", "dangerous_recommendation"], RUBRIC)
    assert result == (39.99, "F", ["dangerous_recommendation"])
    two_d = grade(
        "Q1", q1(5, 5, 5, 5), ["laterality_confusion", "severity_misclassification"], RUBRIC
    )
    assert two_d == (59.99, "D", ["laterality_confusion", "severity_misclassification"])


def test_judge_spellings_of_error_types_are_accepted_through_aliases():
    result = grade("Q1", q1(5, 5, 5, 5), ["Fabricated or erroneous test result"], RUBRIC)
    assert result[1:] == ("D", ["fabricated_result"])
    assert grade("Q1", q1(5, 5, 5, 5), ["Laterality-Confusion"], RUBRIC)[1] == "D"


@pytest.mark.parametrize(
    ("subscores", "message"),
    [
        (q3(0, 5, 5), "outside the scale"),
        (q3(6, 5, 5), "outside the scale"),
        (q3(4.5, 5, 5), "not a whole number"),
        ({"relevance": 5, "clinical_feasibility": 5}, "missing"),
        (q3(5, 5, 5) | {"empathy": 5}, "unexpected"),
    ],
)
def test_scale_edges_and_malformed_subscores_raise(subscores, message):
    with pytest.raises(RubricError, match=message):
        grade("Q3", subscores, [], RUBRIC)


def test_unknown_error_or_question_raises():
    with pytest.raises(RubricError, match="unknown critical error"):
        grade("Q3", q3(5, 5, 5), ["rude_tone"], RUBRIC)
    with pytest.raises(RubricError, match="unknown question"):
        grade("Q4", q3(5, 5, 5), [], RUBRIC)


def _write(tmp_path, data, name="r.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_every_number_is_configurable(tmp_path):
    data = yaml.safe_load(DEFAULT_RUBRIC.read_text(encoding="utf-8"))
    data["scale"]["points"] = {1: 0, 2: 25, 3: 50, 4: 75, 5: 100}
    data["grades"] = [
        {"grade": "A", "min": 85, "max": 100}, {"grade": "B", "min": 70, "max": 84},
        {"grade": "C", "min": 55, "max": 69}, {"grade": "D", "min": 40, "max": 54},
        {"grade": "F", "min": 0, "max": 39},
    ]  # fmt: skip
    data["questions"]["Q3"]["dimensions"]["relevance"]["weight"] = 60
    data["critical_errors"]["missed_red_flag"]["cap"] = "F"
    other = load_rubric(_write(tmp_path, data))
    assert weighted_score("Q3", q3(3, 3, 3), other) == 50.0
    assert grade("Q3", q3(3, 3, 3), [], other)[1] == "D"
    # relevance now weighs 60 of 120
    assert weighted_score("Q3", q3(5, 1, 1), other) == pytest.approx(60 * 100 / 120)
    assert grade("Q3", q3(5, 5, 5), ["missed_red_flag"], other) == (39.0, "F", ["missed_red_flag"])


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["scale"]["points"].pop(3), "points must map"),
        (lambda d: d["grades"][1].update({"max": 92}), "must be below A min"),
        (lambda d: d["grades"].reverse(), "best first"),
        (lambda d: d["critical_errors"]["missed_red_flag"].update({"cap": "E"}), "unknown grade"),
        (
            lambda d: d["questions"]["Q1"]["dimensions"]["test_coverage"].update({"weight": 0}),
            "greater than 0",
        ),
        (lambda d: d.update({"pass_grade": "Z"}), "pass_grade"),
    ],
)
def test_invalid_rubric_files_name_the_problem(tmp_path, edit, message):
    data = copy.deepcopy(yaml.safe_load(DEFAULT_RUBRIC.read_text(encoding="utf-8")))
    edit(data)
    path = _write(tmp_path, data)
    with pytest.raises(RubricError, match=message) as info:
        load_rubric(path)
    assert str(path) in str(info.value)


def test_pass_grade():
    assert RUBRIC.passes("C") is True and RUBRIC.passes("D") is False
