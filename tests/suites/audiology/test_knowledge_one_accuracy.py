"""The audiology knowledge tier's accuracy is one figure per scorer on every surface.

``audiology_objective`` scores its MCQ and TF items by exact match and its fill-ins by the
adjudicator and, always, by the normalised match: one task, several scorers, and a fill-in
reply judged twice. The run summary, the report's leaderboard and ``analyze`` give one
accuracy per scorer; the versioned leaderboard (``clinbench leaderboard add``) pooled the
task's scorers into a figure no other surface showed (16 of 42 where the run said 16 of 29
and 0 of 13), and counted a fill-in judged by two scorers twice. And one unscored judge
verdict on a fill-in (an unreadable reply, a failed grader call) made the report take the
whole task for a rubric-graded one: the findings said "No scored rows" and the leaderboard
and every accuracy table left the task out, its MCQ and TF accuracy too.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest

from clinbench.results.schema import RESULT_COLUMNS

# (scorer, format, outcomes): 20 closed items, 8 fill-ins judged by two scorers
SCORED = [
    ("closed_exact_match", "mcq", ["correct"] * 9 + ["incorrect"] * 6 + ["declined"] * 2),
    ("closed_exact_match", "tf", ["correct"] * 2 + ["parse_failed"]),
    ("answer_adjudicator", "fib", ["correct"] * 5 + ["incorrect"] * 2 + ["unscored"]),
    ("normalised_match", "fib", ["correct"] * 3 + ["incorrect"] * 5),
]


def _results() -> pd.DataFrame:
    rows = []
    for scorer, fmt, outcomes in SCORED:
        for n, outcome in enumerate(outcomes):
            rows.append({
                "suite": "audiology", "task": "audiology_objective", "model": "m/one",
                "item_id": f"{fmt}{n}", "format": fmt, "condition": "default", "epoch": 1,
                "epochs": 1, "scorer": scorer, "judge": "", "question": "",
                "response": "ANSWER: A", "outcome": outcome, "grade": "",
                "score": {"correct": 1.0, "incorrect": 0.0, "declined": 0.0}.get(outcome),
                "item_metadata": json.dumps({}), "run_id": "r1",
            })  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def _by_scorer(frame: pd.DataFrame, value: str, low: str, high: str) -> dict:
    return {r["scorer"]: (r[value], r[low], r[high]) for _, r in frame.iterrows()}


def _run_figures(df: pd.DataFrame) -> dict:
    from clinbench.summary import accuracy_table

    run = accuracy_table(df, by=["scorer", "model"])
    run = run.assign(low=run["CI95%"].map(lambda c: c[0]), high=run["CI95%"].map(lambda c: c[1]))
    expected = _by_scorer(run, "accuracy", "low", "high")
    assert set(expected) == {"closed_exact_match", "answer_adjudicator", "normalised_match"}
    return expected


def test_an_unscored_fill_in_verdict_leaves_the_tasks_accuracy_in_the_report():
    from clinbench.report.generic import leaderboard_section, normalise
    from clinbench.report.headline import headline

    df = normalise(_results())
    expected = _run_figures(df)
    section = leaderboard_section(df, figures=False)
    assert section is not None and "Accuracy by model" in section.tables
    report = section.tables["Accuracy by model"]
    assert set(report["scorer"]) == set(expected)
    for _, row in report.iterrows():
        assert (row["accuracy"], *row["CI95%"]) == pytest.approx(expected[row["scorer"]])
    first = headline(df, pd.DataFrame())
    assert set(first["scorer"]) == set(expected)
    for _, row in first.iterrows():
        assert (row["value"], *row["CI95%"]) == pytest.approx(expected[row["scorer"]])


def test_the_versioned_leaderboard_gives_each_scorers_accuracy_as_the_run_does():
    from clinbench.report.generic import normalise
    from clinbench.stats.leaderboard import summarise

    df = normalise(_results())
    expected = _run_figures(df)
    board = summarise(df)
    assert len(board) == 3 and set(board["scorer"]) == set(expected)
    for scorer, (value, low, high) in _by_scorer(board, "accuracy", "ci_low", "ci_high").items():
        assert (value, low, high) == pytest.approx(expected[scorer]), scorer
    exact = board.set_index("scorer").loc["closed_exact_match"]
    assert (exact["answered"], exact["correct"], exact["parse_failed"]) == (19, 11, 1)
    fills = board.set_index("scorer").loc[["answer_adjudicator", "normalised_match"]]
    assert fills["answered"].tolist() == [7, 8]  # each fill-in once per scorer, never pooled


def test_a_row_stored_before_scorers_were_kept_is_superseded_by_the_rerun():
    from clinbench.stats import leaderboard as lb

    old = lb.add_version(lb.empty_leaderboard(), _results(), "v1", "first", today="2026-01-01")
    old.rows = old.rows[old.rows["scorer"] == "closed_exact_match"].assign(scorer="")
    new = lb.add_version(old, _results(), "v2", "again", today="2026-01-02")
    current = new.current()
    assert sorted(current["scorer"]) == sorted(["closed_exact_match", "answer_adjudicator",
                                                "normalised_match"])  # fmt: skip
    assert (current["version"] == "v2").all()
    assert new.rows.loc[new.rows["version"] == "v1", "superseded_by"].tolist() == ["v2"]


def test_leaderboard_show_names_the_task_and_scorer_of_each_row(tmp_path):
    from typer.testing import CliRunner

    from clinbench.cli.leaderboard_commands import app

    table = tmp_path / "results.csv"
    _results().to_csv(table, index=False)
    board = tmp_path / "board.json"
    runner = CliRunner()
    added = runner.invoke(app, ["add", str(table), "-v", "1", "-n", "first", "-b", str(board)])
    assert added.exit_code == 0, added.output
    shown = runner.invoke(app, ["show", "-b", str(board), "--format", "csv"])
    assert shown.exit_code == 0, shown.output
    header = next(line for line in shown.output.splitlines() if line.startswith("version,"))
    assert {"task", "scorer"} <= set(header.split(","))
    for scorer in ("closed_exact_match", "answer_adjudicator", "normalised_match"):
        assert scorer in shown.output
