"""The one accuracy estimator gives no accuracy to a scorer that grades on a scale.

realuse6: `clinbench stats accuracy` on SmolLM2's audiology_cases run (one case graded, one
whose call failed) printed "accuracy (all items): 0.0% [0.0%, 65.8%]" from the failed case's
error rows, and on slp_transcription (WER) 0.0% from two unreadable replies, while the run's
own summary gives those tasks no accuracy: one task, two numbers.
"""

from __future__ import annotations

import pandas as pd

from clinbench.stats.repeated_epochs import accuracy_two_denominators, on_a_scale


def _rows(task, scorer, outcomes):
    return [{"model": "m", "task": task, "scorer": scorer, "item_id": f"{task}{i}", "epoch": 1,
             "condition": "default", "outcome": o} for i, o in enumerate(outcomes)]  # fmt: skip


def test_failed_and_unreadable_rows_of_a_graded_scorer_have_no_accuracy():
    table = pd.DataFrame(
        _rows("cases", "rubric", ["graded", "graded", "error"])
        + _rows("transcription", "wer", ["graded", "parse_failed", "parse_failed"])
        + _rows("mcq", "exact", ["correct", "incorrect", "error"])
    )
    assert list(on_a_scale(table)) == [True] * 6 + [False] * 3
    found = accuracy_two_denominators(table, by=["model", "task"], n_boot=0)
    assert list(found["task"]) == ["mcq"], found
    (mcq,) = found.to_dict("records")
    assert (mcq["n_rows"], mcq["error"], mcq["accuracy_all"]) == (3, 1, 1 / 3)


def test_a_judge_that_marks_correct_keeps_its_unscored_and_failed_rows():
    table = pd.DataFrame(_rows("fib", "adjudicator", ["correct", "unscored", "error"]))
    assert not on_a_scale(table).any()
    (row,) = accuracy_two_denominators(table, by=["model", "task"], n_boot=0).to_dict("records")
    assert row["n_rows"] == 3 and row["error"] == 1 and row["unscored"] == 1


def test_the_stats_accuracy_command_gives_no_accuracy_to_a_graded_task(tmp_path):
    from typer.testing import CliRunner

    from clinbench.cli.stats_commands import app
    from clinbench.results.schema import RESULT_COLUMNS

    table = pd.DataFrame(
        _rows("cases", "rubric", ["graded", "graded", "error"])
        + _rows("mcq", "exact", ["correct", "incorrect", "error"])
    ).reindex(columns=RESULT_COLUMNS)
    path = tmp_path / "results.csv"
    table.to_csv(path, index=False)
    out = CliRunner().invoke(app, ["accuracy", str(path), "--by", "model,task"])
    assert out.exit_code == 0, out.output
    assert "task=mcq" in out.output and "task=cases" not in out.output, out.output
