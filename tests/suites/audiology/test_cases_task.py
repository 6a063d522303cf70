"""audiology_cases end to end: offline (rules model, rules grader) and with a replay grader."""

from __future__ import annotations

import json
import math
import shutil

import pytest

from clinbench.results.export import results_table
from clinbench.scoring.rubric import grade, load_rubric
from clinbench.suites.audiology.tasks import CASE_ITEMS

RUBRIC = load_rubric()


def _rows(log_dir, scorer):
    table = results_table(log_dir)
    return table[table["scorer"] == scorer].set_index(["item_id", "question"])


def test_offline_run_grades_every_question_with_the_rules_grader(offline_case_log):
    log, log_dir = offline_case_log
    assert log.status == "success"
    table = results_table(log_dir)
    assert set(table["scorer"]) == {"rubric_rules_grader", "audiogram_fact_check"}
    rules = table[table["scorer"] == "rubric_rules_grader"]
    assert len(rules) == 9 * 3 and set(rules["question"]) == {"Q1", "Q2", "Q3"}
    assert (rules["outcome"] == "graded").all()
    for row in rules.itertuples():
        details = json.loads(row.score_metadata)
        judged = details["judge_json"]
        # the grade comes from the rubric code applied to the rules grader's judgement
        score, letter, _ = grade(
            row.question, judged["subscores"], judged["critical_errors"], RUBRIC
        )
        assert (row.score, row.grade) == (score, letter)
        assert judged["not_checked"] == ["dangerous_recommendation"]
    sample = log.samples[0]
    meta = sample.scores["rubric_rules_grader"].metadata
    assert meta["judge"]["role"] == "rules"
    assert meta["missing_sections"] == [] and meta["over_length"] == []
    # the case went as text plus its audiogram image
    content = sample.input[0].content
    assert any(getattr(c, "type", "") == "image" for c in content)
    assert "board-certified" in log.samples[0].messages[0].text


def test_fact_check_runs_beside_the_grade(offline_case_log):
    _, log_dir = offline_case_log
    facts = _rows(log_dir, "audiogram_fact_check")
    assert set(facts.index.get_level_values("question")) == {"Q1", "Q2"}
    q1 = json.loads(facts.loc[("aud-case-002", "Q1"), "score_metadata"])
    assert q1["checked"] > 0 and q1["findings"]
    assert facts.loc[("aud-case-002", "Q1"), "score"] == pytest.approx(
        100 * q1["correct"] / q1["checked"]
    )


# (item, question) -> (score, grade, capped_by, critical_errors) predicted from the replay
# fixture's JSON and the default rubric (points 20p, bands A90/B75/C60/D40, caps D 59.99, F 39.99)
SEVERITY = "severity_misclassification"
EXPECTED = {
    ("aud-case-001", "Q1"): (59.99, "D", [SEVERITY], SEVERITY),
    ("aud-case-001", "Q2"): (59.99, "D", ["type_misclassification"], "type_misclassification"),
    ("aud-case-001", "Q3"): (59.99, "D", ["missed_red_flag"], "missed_red_flag"),
    ("aud-case-002", "Q1"): (59.99, "D", ["laterality_confusion"], "laterality_confusion"),
    ("aud-case-002", "Q2"): (100.0, "A", [], ""),
    ("aud-case-002", "Q3"): (39.99, "F", ["dangerous_recommendation"], "dangerous_recommendation"),
    ("aud-case-003", "Q1"): (59.99, "D", ["fabricated_result"], "fabricated_result"),
    ("aud-case-003", "Q3"): (
        39.99, "F", ["dangerous_recommendation"], "missed_red_flag;dangerous_recommendation"
    ),
    ("aud-case-004", "Q1"): (40.0, "D", [], "fabricated_result"),  # already D: cap changes nothing
    ("aud-case-004", "Q2"): (80.0, "B", [], ""),  # unknown label kept apart, not capping
    ("aud-case-005", "Q1"): (0.4 * 80 + 0.3 * 100 + 0.2 * 80 + 0.1 * 100, "B", [], ""),
    ("aud-case-008", "Q2"): (0.5 * 60 + 0.3 * 60 + 0.2 * 40, "D", [], ""),  # 56: D uncapped
}  # fmt: skip


def test_replay_grader_every_critical_error_type_and_cap(replay_graded_log):
    log, log_dir = replay_graded_log
    assert log.status == "success"
    table = results_table(log_dir)
    assert "rubric_rules_grader" not in set(table["scorer"])  # the LLM adjudicator is bound
    judged = table[table["scorer"] == "rubric_adjudicator"].set_index(["item_id", "question"])
    assert len(judged) == 27
    seen_types = set()
    for key, (score, letter, capped_by, errors) in EXPECTED.items():
        row = judged.loc[key]
        details = json.loads(row["score_metadata"])
        assert row["outcome"] == "graded", key
        assert row["score"] == pytest.approx(score), key
        assert row["grade"] == letter, key
        assert details["capped_by"] == capped_by, key
        assert row["critical_errors"] == errors, key
        seen_types |= set(filter(None, errors.split(";")))
    assert seen_types == set(RUBRIC.critical_errors)
    q2 = json.loads(judged.loc[("aud-case-004", "Q2"), "score_metadata"])
    assert q2["unclassified_errors"] == ["rude_tone"]


def test_unparseable_or_out_of_scale_judgements_are_unscored_not_wrong(replay_graded_log):
    _, log_dir = replay_graded_log
    judged = _rows(log_dir, "rubric_adjudicator")
    for key in [("aud-case-003", "Q2"), ("aud-case-004", "Q3")]:
        row = judged.loc[key]
        assert row["outcome"] == "unscored"
        assert math.isnan(row["score"]) and not row["grade"]
        details = json.loads(row["score_metadata"])
        assert details["reason"] and details["judge_reply"]
    assert (judged["outcome"] == "unscored").sum() == 2


def test_judge_settings_and_section_form_are_recorded(replay_graded_log):
    log, _ = replay_graded_log
    by_id = {s.id: s for s in log.samples}
    meta = by_id["aud-case-002"].scores["rubric_adjudicator"].metadata
    assert meta["judge"]["temperature"] == 0.0 and meta["judge"]["seed"] == 0
    assert meta["judge"]["model"].endswith("judge-fixture")
    assert meta["missing_sections"] == ["Q2"]
    long = by_id["aud-case-005"].scores["rubric_adjudicator"].metadata
    assert long["over_length"] == ["Q3"] and long["word_counts"]["Q3"] > 150
    # the judge saw the whole reply for the missing section, and was told so
    from inspect_ai.log import resolve_sample_attachments

    sample = resolve_sample_attachments(by_id["aud-case-002"])
    grader_calls = [
        e
        for e in sample.events
        if getattr(e, "event", "") == "model"
        and str(getattr(e, "model", "")).endswith("judge-fixture")
    ]
    assert len(grader_calls) == 3
    assert "no labelled Q2 section" in grader_calls[1].input[-1].text


def test_metrics_report_unscored_and_critical_error_rate(replay_graded_log):
    log, _ = replay_graded_log
    metrics = {s.name: {k: v.value for k, v in s.metrics.items()} for s in log.results.scores}[
        "rubric_adjudicator"
    ]
    assert metrics["unscored_questions"] == 2
    # flagged among graded: 001 x3, 002 Q1/Q3, 003 Q1/Q3, 004 Q1 = 8 of 25
    assert metrics["critical_error_rate"] == pytest.approx(8 / 25)


def test_required_grader_never_falls_back_to_the_model_under_test(tmp_path):
    from clinbench.suites.audiology.tasks import audiology_cases
    from tests.suites.audiology.conftest import run_eval

    task = audiology_cases(items=str(CASE_ITEMS), adjudicator="grader")
    log = run_eval(task, "clinbench/rules", tmp_path, limit=1)
    sample = log.samples[0]
    assert sample.error is not None and "grader" in sample.error.message
    assert not sample.scores or "rubric_adjudicator" not in (sample.scores or {})


def test_failed_judge_call_is_unscored_and_disclosed(tmp_path):
    from inspect_ai.model import get_model

    from clinbench.items.loader import load_items, write_items
    from clinbench.suites.audiology.tasks import DATA, audiology_cases
    from tests.suites.audiology.conftest import run_eval

    cases = tmp_path / "cases.jsonl"
    item = next(i for i in load_items([CASE_ITEMS]) if i.id == "aud-case-005")
    # a bank names media inside its own folder: copy the image beside the moved file
    (tmp_path / "images").mkdir()
    shutil.copy(item.resolve(item.images[0]), tmp_path / item.images[0])
    write_items([item], cases)
    rows = [json.loads(line) for line in (DATA / "replay_grader.jsonl").read_text().splitlines()]
    kept = [r for r in rows if r["item_id"] == "aud-case-005" and r["turn"] != 2]
    frozen = tmp_path / "judge.jsonl"
    frozen.write_text("".join(json.dumps(r) + "\n" for r in kept), encoding="utf-8")
    grader = get_model("clinbench/replay/judge-fixture", responses=str(frozen))
    log = run_eval(audiology_cases(items=str(cases)), "clinbench/rules", tmp_path / "logs",
                   grader=grader)  # fmt: skip
    questions = log.samples[0].scores["rubric_adjudicator"].metadata["questions"]
    assert [questions[q]["outcome"] for q in ("Q1", "Q2", "Q3")] == ["graded", "graded", "unscored"]
    assert questions["Q3"]["reason"].startswith("judge call failed")
    assert math.isnan(log.samples[0].scores["rubric_adjudicator"].value["Q3"])
