"""The fact check's rows on the leaderboard show its figure (surf27 item 2).

Rows of the audiogram fact check on the versioned leaderboard read 'nothing scored' with an
empty figure (the board knew accuracy and rubric case scores only), though the run summary,
``analyze`` and the report show its mean per question: the percentage of a section's
checkable statements that match the audiogram. The board now gives that same figure, from
the same function (``stats.describe.section_means``), with the sections graded and unscored.
"""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.leaderboard_commands import app
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.stats import leaderboard as lb
from clinbench.suites.audiology.report import judge_independent, summary_tables

SCORES = {  # case -> question -> fact-check score (None: unscored, no claim read)
    "c1": {"Q1": 100.0, "Q2": 80.0},
    "c2": {"Q1": 50.0, "Q2": None},
    "c3": {"Q1": 75.0, "Q2": 60.0},
}


def _fact_check() -> pd.DataFrame:
    rows = [
        {"suite": "audiology", "task": "audiology_cases", "model": "m", "item_id": case,
         "format": "case", "condition": "default", "epoch": 1, "run_id": "r1",
         "scorer": "audiogram_fact_check", "question": question, "response": "Q1 Results: x",
         "outcome": "graded" if score is not None else "unscored", "score": score,
         "grade": None, "critical_errors": "[]",
         "score_metadata": json.dumps({} if score is not None
                                      else {"unscored_cause": "no_claim_read"})}
        for case, questions in SCORES.items() for question, score in questions.items()
    ]  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def test_the_board_gives_the_fact_checks_mean_per_question():
    board = lb.summarise(_fact_check()).set_index("question")
    assert set(board["status"]) == {lb.SCORED}
    assert board.loc["Q1", "score"] == pytest.approx(75.0)
    assert board.loc["Q2", "score"] == pytest.approx(70.0)
    assert (board.loc["Q1", "graded"], board.loc["Q1", "unscored"]) == (3, 0)
    assert (board.loc["Q2", "graded"], board.loc["Q2", "unscored"]) == (2, 1)
    assert board["accuracy"].isna().all()


def test_the_board_the_run_summary_and_the_report_read_the_same_figure():
    results = _fact_check()
    board = lb.summarise(results).set_index("question")["score"]
    beside = judge_independent(results).set_index("question")["audiogram_fact_check mean"]
    (printed,) = [t for title, t, _ in summary_tables(results) if "judge-independent" in title]
    printed = printed.set_index("question")["audiogram_fact_check mean"]
    for question in ("Q1", "Q2"):
        assert board[question] == pytest.approx(beside[question]) == printed[question]


def test_leaderboard_show_prints_the_figure(tmp_path):
    results, board = tmp_path / "cases.csv", tmp_path / "board.csv"
    _fact_check().to_csv(results, index=False)
    runner = CliRunner()
    added = runner.invoke(app, ["add", str(results), "--version", "1", "--note", "n",
                                "--board", str(board)])  # fmt: skip
    assert added.exit_code == 0, added.output
    shown = runner.invoke(app, ["show", "--board", str(board), "--format", "csv"])
    assert shown.exit_code == 0, shown.output
    first = shown.output.split("\n\n")[0]  # the leaderboard, then the changelog
    rows = pd.read_csv(io.StringIO(first), comment="#")
    rows = rows[rows["scorer"] == "audiogram_fact_check"].set_index("question")
    assert rows.loc["Q1", "score"] == pytest.approx(75.0)
    assert rows.loc["Q2", "score"] == pytest.approx(70.0)
    assert set(rows["status"]) == {"scored"}
