"""A rubric-graded case task's rows on the versioned leaderboard give its case score.

``clinbench leaderboard add`` / ``show`` gave the rows of audiology_cases no score at all
(an accuracy of nothing, answered 0): the case score per question that the run summary,
``analyze`` and the report give was on no leaderboard. Each question now has its row with
the mean, its interval and n graded, from ``stats.describe.rubric_score_means``, the
function the run summary's rubric table takes them from (and the report's t interval).
"""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from clinbench.stats.synthetic import synthetic_case_results


def _results():
    results = synthetic_case_results(n_models=2, n_cases=9, seed=4, unscored=3)
    return results.assign(scorer="rubric_adjudicator")


def test_the_leaderboard_gives_the_case_score_every_surface_gives():
    from clinbench.stats.leaderboard import summarise
    from clinbench.suites.audiology.report import case_scores
    from clinbench.summary import rubric_table

    results = _results()
    board = summarise(results).set_index(["model", "question"])
    summary = rubric_table(results).set_index(["model", "question"])
    report = case_scores(results).set_index(["model", "question"])
    assert len(summary) == 6 and len(board) == 8  # and one row of all questions per model
    for key, row in summary.iterrows():
        on_board = board.loc[key]
        assert on_board["status"] == "scored"
        assert on_board["score"] == pytest.approx(row["mean"], abs=1e-12)
        assert on_board["score"] == pytest.approx(report.loc[key, "mean"], abs=1e-12)
        interval = [on_board["score_ci_low"], on_board["score_ci_high"]]
        assert interval == pytest.approx(list(row["CI95%"]), abs=1e-12)
        assert interval == pytest.approx(list(report.loc[key, "CI95%"]), abs=1e-12)
        assert on_board["graded"] == row["graded"] == report.loc[key, "n"]
        assert on_board["unscored"] == row["unreadable"] == report.loc[key, "unscored"]
        assert math.isnan(on_board["accuracy"])  # a case score, never an accuracy
    assert board.drop(index="all", level="question")["unscored"].sum() == 3
    # the row over all questions is the headline analyze and the report give
    from clinbench.report.headline import _rubric_rows

    headline = _rubric_rows(results).set_index("model")
    for model, row in headline.iterrows():
        pooled = board.loc[(model, "all")]
        assert pooled["score"] == pytest.approx(row["value"], abs=1e-12)
        interval = [pooled["score_ci_low"], pooled["score_ci_high"]]
        assert interval == pytest.approx(list(row["CI95%"]), abs=1e-12)
        assert pooled["graded"] == row["n"]


def test_a_question_with_no_section_graded_is_never_shown_as_scored():
    from clinbench.scoring import outcomes
    from clinbench.stats.leaderboard import NOTHING_SCORED, SCORED, summarise

    results = _results()
    unread = (results["model"] == results["model"].iloc[0]) & (results["question"] == "Q2")
    results.loc[unread, ["outcome", "score"]] = [outcomes.UNSCORED, math.nan]
    board = summarise(results).set_index(["model", "question"])
    first, other = sorted(results["model"].unique())
    assert board.loc[(first, "Q2"), "status"] == NOTHING_SCORED
    assert board.loc[(first, "Q2"), "graded"] == 0 and board.loc[(first, "Q2"), "unscored"] == 9
    assert math.isnan(board.loc[(first, "Q2"), "score"])
    assert board.loc[(first, "Q1"), "status"] == SCORED == board.loc[(first, "all"), "status"]
    assert board.loc[(other, "Q2"), "status"] == SCORED


def test_leaderboard_show_prints_the_case_score(tmp_path):
    from clinbench.cli.leaderboard_commands import app
    from clinbench.summary import rubric_table

    results = _results()
    path = tmp_path / "cases.csv"
    results.to_csv(path, index=False)
    board = tmp_path / "board.json"
    runner = CliRunner()
    added = runner.invoke(app, ["add", str(path), "-v", "1", "-n", "cases", "-b", str(board)])
    assert added.exit_code == 0, added.output
    shown = runner.invoke(app, ["show", "-b", str(board)], env={"COLUMNS": "80"})
    assert shown.exit_code == 0, shown.output
    first = rubric_table(results).iloc[0]
    low, high = first["CI95%"]
    assert f"{first['mean']:.3f}" in shown.output, shown.output
    assert f"{low:.3f}" in shown.output and f"{high:.3f}" in shown.output
    again = runner.invoke(app, ["add", str(path), "-v", "2", "-n", "again", "-b", str(board)])
    assert again.exit_code == 0 and "8 re-run(s)" in again.output, again.output
