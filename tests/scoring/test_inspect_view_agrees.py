"""`inspect view` and clinbench's table tell the same story for one run (issue 31 item 5):
the metrics clinbench's scorers log are named as the table's columns and equal them."""

from __future__ import annotations

import pytest
from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results.export import results_table
from clinbench.summary import accuracy_table


def test_logged_metrics_equal_the_results_table(tmp_path, sample_items_path, replay_fixture_path):
    _mount()
    logs = tmp_path / "logs"
    args = ["run", str(sample_items_path), "-m", "clinbench/replay/fixture-model",
            "-M", f"responses={replay_fixture_path}", "--log-dir", str(logs),
            "--display", "none"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 3, result.output  # the fixture has one failed call: exit 3
    table = results_table(logs)
    expected = accuracy_table(table, by=["scorer"]).set_index("scorer")
    (path,) = logs.glob("*.eval")
    log = read_eval_log(str(path))
    # Inspect logs a scorer's reduced and unreduced metrics as two entries of one name
    logged: dict[str, dict[str, float]] = {}
    unscored: dict[str, set[int]] = {}
    for score in log.results.scores:
        logged.setdefault(score.name, {}).update({n: m.value for n, m in score.metrics.items()})
        unscored.setdefault(score.name, set()).add(score.unscored_samples)
    checked = 0
    for name, metrics in logged.items():
        if name not in expected.index:
            continue
        row = expected.loc[name]
        scored = row["answered"]  # Inspect's metrics see the scored replies: the answered ones
        assert metrics["accuracy_answered"] == pytest.approx(row["accuracy"])
        assert metrics["declined"] == row["declined"]  # a count, as the table's column
        assert metrics["declined_rate"] == pytest.approx(row["declined"] / scored)
        # parse failures are Inspect's unscored samples: the table's parse_failed count
        assert unscored[name] == {row["parse_failed"]}
        assert row["parse_failed"] > 0 and row["declined"] > 0  # the run has both
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("epochs", [1, 2])
def test_log_metrics_count_every_reply(tmp_path, sample_items_path, replay_fixture_path, epochs):
    """Issue 31: the log's metrics give accuracy over all replies and every excluded outcome
    as a count and a rate, equal to clinbench's table, with one epoch and with two."""
    _mount()
    logs = tmp_path / "logs"
    args = ["run", str(sample_items_path), "-m", "clinbench/replay/fixture-model",
            "-M", f"responses={replay_fixture_path}", "--log-dir", str(logs),
            "--display", "none", "--epochs", str(epochs)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 3, result.output  # the fixture has one failed call: exit 3
    row = accuracy_table(results_table(logs), by=["scorer"]).set_index("scorer").loc["item_scorer"]
    assert min(row["declined"], row["refused"], row["parse_failed"], row["error"]) > 0
    (path,) = logs.glob("*.eval")
    metrics: dict[str, float] = {}
    for score in read_eval_log(str(path)).results.scores:
        if score.name == "item_scorer":
            metrics.update({n: m.value for n, m in score.metrics.items()})
    n, answered = row["n"], row["answered"]
    assert metrics["replies"] == n and metrics["answered"] == answered
    assert metrics["accuracy_answered"] == pytest.approx(row["accuracy"])
    assert metrics["accuracy_all"] == pytest.approx(row["accuracy (all)"])
    assert (metrics["accuracy_all_ci_low"], metrics["accuracy_all_ci_high"]) == pytest.approx(
        row["CI95% (all)"]
    )
    for outcome in ("declined", "refused"):  # within the answered replies
        assert metrics[outcome] == row[outcome]
        assert metrics[f"{outcome}_rate"] == pytest.approx(row[outcome] / answered)
    for outcome in ("parse_failed", "error"):  # outside them: shares of every reply
        assert metrics[outcome] == row[outcome]
        assert metrics[f"{outcome}_rate"] == pytest.approx(row[outcome] / n)
