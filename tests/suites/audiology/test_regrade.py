"""`clinbench audiology regrade`: another rubric changes grades as predicted, calling no model."""

from __future__ import annotations

import hashlib
import json

import pandas as pd
import pytest
import yaml
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results import read_results
from clinbench.results.export import results_table
from clinbench.scoring.rubric import load_rubric
from clinbench.suites.audiology import RUBRIC as DEFAULT_RUBRIC
from clinbench.suites.audiology.regrade import RegradeError, regrade_table


@pytest.fixture(scope="module")
def cli():
    _mount()
    return CliRunner()


def _other_rubric(tmp_path):
    """Linear points (1 -> 0 ... 5 -> 100), A>=85/B>=70/C>=55/D>=40, missed red flag -> F."""
    data = yaml.safe_load(DEFAULT_RUBRIC.read_text(encoding="utf-8"))
    data["name"] = "sensitivity"
    data["scale"]["points"] = {1: 0, 2: 25, 3: 50, 4: 75, 5: 100}
    data["grades"] = [
        {"grade": "A", "min": 85, "max": 100}, {"grade": "B", "min": 70, "max": 84.99},
        {"grade": "C", "min": 55, "max": 69.99}, {"grade": "D", "min": 40, "max": 54.99},
        {"grade": "F", "min": 0, "max": 39.99},
    ]  # fmt: skip
    data["critical_errors"]["missed_red_flag"]["cap"] = "F"
    path = tmp_path / "sensitivity.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*"))}


def _no_model_calls(monkeypatch):
    import inspect_ai.model._model as model_module

    def refuse(*args, **kwargs):
        raise AssertionError("regrade must not call any model")

    monkeypatch.setattr(model_module.Model, "generate", refuse)
    monkeypatch.setattr(model_module, "get_model", refuse)


# (item, question) -> (grade before, grade after, score after) under the sensitivity rubric
PREDICTED = {
    ("aud-case-001", "Q3"): ("D", "F", 39.99),  # missed red flag now caps at F
    ("aud-case-001", "Q1"): ("D", "D", 54.99),  # still D, ceiling of the new D band
    ("aud-case-002", "Q2"): ("A", "A", 100.0),  # all 5s: 100 on both scales
    ("aud-case-004", "Q2"): ("B", "B", 75.0),  # all 4s: 80 -> 75
    ("aud-case-007", "Q2"): ("C", "D", 50.0),  # all 3s: 60 (C) -> 50 (D)
    ("aud-case-004", "Q1"): ("D", "F", 25.0),  # all 2s + fabricated: 40 (D) -> 25 (F), uncapped
    ("aud-case-008", "Q2"): ("D", "D", 0.5 * 50 + 0.3 * 50 + 0.2 * 25),
}


def test_regrade_changes_grades_as_predicted_without_calling_a_model(
    replay_graded_log, tmp_path, cli, monkeypatch
):
    _, log_dir = replay_graded_log
    before_logs = _digest(log_dir)
    before = results_table(log_dir)
    rubric = _other_rubric(tmp_path)
    out = tmp_path / "regraded.parquet"
    _no_model_calls(monkeypatch)
    result = cli.invoke(app, ["audiology", "regrade", str(log_dir), "--rubric", str(rubric),
                              "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert _digest(log_dir) == before_logs  # the logs are never touched
    after = read_results(out)
    key = ["item_id", "question"]
    old = before[before["scorer"] == "rubric_adjudicator"].set_index(key)
    new = after[after["scorer"] == "rubric_adjudicator"].set_index(key)
    for where, (grade_before, grade_after, score_after) in PREDICTED.items():
        assert old.loc[where, "grade"] == grade_before, where
        assert new.loc[where, "grade"] == grade_after, where
        assert new.loc[where, "score"] == pytest.approx(score_after), where
        regraded = json.loads(new.loc[where, "score_metadata"])["regraded"]
        assert regraded["rubric"] == "sensitivity" and regraded["original_grade"] == grade_before
    # unscored judgements stay unscored; other scorers' rows are unchanged
    assert new.loc[("aud-case-003", "Q2"), "outcome"] == "unscored"
    untouched = after[after["scorer"] != "rubric_adjudicator"].reset_index(drop=True)
    expected = before[before["scorer"] != "rubric_adjudicator"].reset_index(drop=True)
    pd.testing.assert_series_equal(untouched["score"], expected["score"])
    assert "Grades changed under" in result.output  # the text table (its headings wrap)
    as_json = cli.invoke(app, ["audiology", "regrade", str(log_dir), "--rubric", str(rubric),
                               "--out", str(out), "--format", "json"])  # fmt: skip
    (table,) = json.loads(as_json.stdout)["tables"]
    assert "grade changed" in table["columns"]


def test_regrade_under_the_same_rubric_changes_nothing(replay_graded_log):
    _, log_dir = replay_graded_log
    before = results_table(log_dir)
    after = regrade_table(before, load_rubric(), str(DEFAULT_RUBRIC))
    pd.testing.assert_series_equal(before["score"], after["score"])
    assert (before["grade"].fillna("") == after["grade"].fillna("")).all()


def test_rubric_that_does_not_fit_the_stored_judgements_is_refused(
    replay_graded_log, tmp_path, cli
):
    _, log_dir = replay_graded_log
    data = yaml.safe_load(DEFAULT_RUBRIC.read_text(encoding="utf-8"))
    dims = data["questions"]["Q2"]["dimensions"]
    dims["empathy"] = {"weight": 10, "description": "new dimension the judge never scored"}
    path = tmp_path / "extra.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RegradeError, match=r"aud-case-00\d .*Q2.*empathy"):
        regrade_table(results_table(log_dir), load_rubric(path))
    out = tmp_path / "never.csv"
    result = cli.invoke(app, ["audiology", "regrade", str(log_dir), "--rubric", str(path),
                              "--out", str(out)])  # fmt: skip
    assert result.exit_code == 2 and not out.exists()


def test_bad_rubric_file_exits_2_naming_the_file(replay_graded_log, tmp_path, cli):
    _, log_dir = replay_graded_log
    bad = tmp_path / "bad.yaml"
    bad.write_text("scale: {min: 1, max: 5, points: {1: 20}}\n", encoding="utf-8")
    result = cli.invoke(app, ["audiology", "regrade", str(log_dir), "--rubric", str(bad),
                              "--out", str(tmp_path / "x.csv")])  # fmt: skip
    assert result.exit_code == 2
    assert "bad.yaml" in result.output


def test_rules_grader_rows_regrade_like_judge_rows(offline_case_log, tmp_path):
    from clinbench.scoring.rubric import grade

    _, log_dir = offline_case_log
    other = load_rubric(_other_rubric(tmp_path))
    after = regrade_table(results_table(log_dir), other)
    rules = after[after["scorer"] == "rubric_rules_grader"]
    assert len(rules) == 27
    for row in rules.itertuples():
        judged = json.loads(row.score_metadata)["judge_json"]
        expected = grade(row.question, judged["subscores"], judged["critical_errors"], other)
        assert (row.score, row.grade) == expected[:2]


def test_unscored_judge_replies_are_counted_when_none_was_graded():
    # realuse2: logs whose every judge reply was unscored gave "no rubric-graded rows"
    from clinbench.suites.audiology.regrade import grade_changes, regrade_note

    rows = [{"model": "m", "item_id": "aud-case-001", "epoch": 1, "scorer": "rubric_adjudicator",
             "question": q, "outcome": "unscored", "score": float("nan"), "grade": None}
            for q in ("Q1", "Q2", "Q3")]  # fmt: skip
    rows.append({"model": "m", "item_id": "aud-case-001", "epoch": 1, "question": "Q1",
                 "scorer": "audiogram_fact_check", "outcome": "graded", "score": 90.0,
                 "grade": None})  # fmt: skip
    table = pd.DataFrame(rows)
    changes = grade_changes(table, table)
    assert changes[["question", "n", "unscored"]].values.tolist() == [
        ["Q1", 0, 1],
        ["Q2", 0, 1],
        ["Q3", 0, 1],
    ]
    note = regrade_note(changes)
    assert "none of the 3 rubric judgements was graded" in note and "3 unscored" in note
