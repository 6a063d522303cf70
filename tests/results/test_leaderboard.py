"""The versioned leaderboard: append-only versions, re-runs recorded, exclusions, trend."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.leaderboard_commands import app
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.stats import leaderboard as lb


def _rows(model: str, outcomes: list[str], condition: str = "blind", empty_for=()) -> list[dict]:
    rows = []
    for n, outcome in enumerate(outcomes):
        response = '{"x": "1", "decline": false}'
        if n in empty_for:
            response = ""
        if outcome == "error":
            response = None
        meta = {"item": {"id": f"i{n}", "equipoise": n == len(outcomes) - 1}}
        rows.append(
            {
                "suite": "ausclin", "task": "ausclin", "model": model, "item_id": f"i{n}",
                "format": "exact", "condition": condition, "epoch": 1, "scorer": "item_scorer",
                "response": response, "outcome": outcome,
                "score": {"correct": 1.0, "incorrect": 0.0, "declined": 0.0}.get(outcome),
                "item_metadata": json.dumps(meta),
            }
        )  # fmt: skip
    return rows


def _table(*groups: list[dict]) -> pd.DataFrame:
    frame = pd.DataFrame([r for g in groups for r in g])
    return frame.reindex(columns=RESULT_COLUMNS)


# 10 items each; the last one is the equipoise item and never counts.
GOOD = ["correct"] * 7 + ["incorrect", "declined", "incorrect"]
MALFORMED = ["correct"] * 5 + ["parse_failed", "parse_failed", "incorrect", "correct", "correct"]
EMPTY = ["correct"] * 6 + ["parse_failed"] * 3 + ["correct"]


def test_summary_counts_declines_as_wrong_excludes_parse_failures_and_equipoise():
    table = _table(_rows("good", GOOD), _rows("malformed", MALFORMED))
    # 2 unparseable of 10 replies: excluded at the default 10%, scored at 25%
    assert lb.summarise(table).set_index("model").loc["malformed", "status"] == "excluded"
    summary = lb.summarise(table, threshold=0.25).set_index("model")
    good = summary.loc["good"]
    assert (good["answered"], good["correct"], good["declined"]) == (9, 7, 1)
    assert good["accuracy"] == pytest.approx(7 / 9)
    assert good["ci_low"] < 7 / 9 < good["ci_high"]
    bad = summary.loc["malformed"]
    assert (bad["answered"], bad["correct"], bad["parse_failed"]) == (7, 6, 2)
    assert bad["status"] == "scored"


def test_models_over_the_failed_or_empty_threshold_are_excluded_not_scored_zero():
    table = _table(_rows("good", GOOD), _rows("empty", EMPTY, empty_for={6, 7, 8}))
    excl = lb.model_exclusions(table).set_index("model")
    assert excl.loc["empty", "empty"] == 3 and bool(excl.loc["empty", "excluded"])
    reason = excl.loc["empty", "reason"]
    assert "3 empty, 0 parse failed and 0 contradictory of 10 replies" in reason
    assert not bool(excl.loc["good", "excluded"])
    summary = lb.summarise(table).set_index("model")
    assert summary.loc["empty", "status"] == "excluded"
    assert math.isnan(summary.loc["empty", "accuracy"])
    # At a looser threshold the same model is scored.
    assert lb.summarise(table, threshold=0.5).set_index("model").loc["empty", "status"] == "scored"


def test_a_model_with_nothing_answered_is_never_shown_as_scored():
    # every reply unparseable, but the exclusion threshold set past it: not excluded, yet no
    # reply answered, so no accuracy exists and the row says so
    table = _table(_rows("good", GOOD), _rows("garbled", ["parse_failed"] * 10))
    summary = lb.summarise(table, threshold=1.0).set_index("model")
    assert summary.loc["garbled", "status"] == lb.NOTHING_SCORED == "nothing scored"
    assert summary.loc["garbled", "answered"] == 0
    assert math.isnan(summary.loc["garbled", "accuracy"])
    assert summary.loc["garbled", "parse_failed"] == 9  # the equipoise item never counts
    assert summary.loc["good", "status"] == lb.SCORED


def test_versions_append_and_reruns_are_recorded_without_moving_other_rows(tmp_path):
    board = lb.add_version(
        lb.empty_leaderboard(), _table(_rows("good", GOOD), _rows("malformed", MALFORMED)),
        "1.0", "first models", today="2026-07-01", threshold=0.25,
    )  # fmt: skip
    path = tmp_path / "board.json"
    lb.write_leaderboard(board, path)
    v1 = lb.read_leaderboard(path)
    rerun = ["correct"] * 9 + ["correct"]
    v2 = lb.add_version(
        v1, _table(_rows("malformed", rerun), _rows("newcomer", GOOD, condition="rule")),
        "1.1", "re-run malformed after fix; add newcomer", today="2026-09-07",
    )  # fmt: skip
    rows = v2.rows
    old_good = v1.rows[v1.rows["model"] == "good"].reset_index(drop=True)
    new_good = rows[rows["model"] == "good"].reset_index(drop=True)
    pd.testing.assert_frame_equal(old_good, new_good)
    malformed = rows[rows["model"] == "malformed"].set_index("version")
    assert malformed.loc["1.0", "superseded_by"] == "1.1"
    assert malformed.loc["1.0", "accuracy"] == pytest.approx(6 / 7)  # old score kept as it was
    assert bool(malformed.loc["1.1", "rerun"]) and malformed.loc["1.1", "replaces_version"] == "1.0"
    assert list(v2.current()["model"]) == ["good", "malformed", "newcomer"]
    assert list(v2.versions["reruns"]) == [0, 1]
    with pytest.raises(ValueError, match="already on the leaderboard"):
        lb.add_version(v2, _table(_rows("x", GOOD)), "1.1", "again")


def test_a_rerun_keeps_the_release_date_given_earlier():
    v1 = lb.add_version(
        lb.empty_leaderboard(), _table(_rows("good", GOOD)), "1.0", "first",
        release_dates={"good": "2025-05-01"}, today="2026-07-01",
    )  # fmt: skip
    v2 = lb.add_version(v1, _table(_rows("good", GOOD)), "1.1", "re-run", today="2026-08-01")
    assert list(v2.current()["release_date"]) == ["2025-05-01"]
    assert list(lb.trend(v2)["version"]) == ["1.1"]
    v3 = lb.add_version(
        v2, _table(_rows("good", GOOD)), "1.2", "date corrected",
        release_dates={"good": "2025-06-01"}, today="2026-09-01",
    )  # fmt: skip
    assert list(v3.current()["release_date"]) == ["2025-06-01"]


def test_csv_board_round_trips_with_changelog(tmp_path):
    board = lb.add_version(lb.empty_leaderboard(), _table(_rows("good", GOOD)), "1.0", "first")
    path = lb.write_leaderboard(board, tmp_path / "board.csv")
    again = lb.read_leaderboard(path)
    assert (tmp_path / "board.versions.csv").exists()
    assert again.versions.loc[0, "note"] == "first"
    assert again.rows.loc[0, "accuracy"] == pytest.approx(7 / 9)
    assert again.rows.loc[0, "superseded_by"] == ""


def test_cli_add_show_trend_and_errors(tmp_path):
    runner = CliRunner()
    results = tmp_path / "results.csv"
    _table(
        _rows("old-model", ["correct"] * 4 + ["incorrect"] * 5 + ["correct"]),
        _rows("mid-model", GOOD),
        _rows("new-model", ["correct"] * 9 + ["incorrect"]),
    ).to_csv(results, index=False)
    dates = tmp_path / "dates.csv"
    dates.write_text("model,release_date\nold-model,2024-03-01\nmid-model,2025-02-01\n"
                     "new-model,2026-05-01\n")  # fmt: skip
    board = tmp_path / "lb.json"
    result = runner.invoke(
        app, ["add", str(results), "--version", "1.0", "--note", "July models",
              "--release-dates", str(dates), "--board", str(board)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "3 row(s), 0 re-run(s)" in result.output
    result = runner.invoke(app, ["show", "--board", str(board)])
    assert result.exit_code == 0 and "July models" in result.output
    trend = lb.trend(lb.read_leaderboard(board))
    assert list(trend["model"]) == ["old-model", "mid-model", "new-model"]
    corr = lb.trend_correlation(trend)
    assert corr.loc[0, "rho"] == pytest.approx(1.0)
    result = runner.invoke(app, ["trend", "--board", str(board)])
    assert result.exit_code == 0 and "Spearman" in result.output

    before = board.read_text()
    result = runner.invoke(
        app, ["add", str(results), "--version", "1.0", "--note", "dup", "--board", str(board)]
    )
    assert result.exit_code == 2 and "already on the leaderboard" in result.output
    bad_dates = tmp_path / "bad.csv"
    bad_dates.write_text("model,release_date\nnew-model,May 2026\n")
    result = runner.invoke(
        app, ["add", str(results), "--version", "1.1", "--note", "x",
              "--release-dates", str(bad_dates), "--board", str(board)],
    )  # fmt: skip
    assert result.exit_code == 2
    assert f"{bad_dates}:2: release_date" in result.output
    assert board.read_text() == before
    # a board of another kind is refused before anything is done (surf29: a traceback)
    other = tmp_path / "lb.parquet"
    result = runner.invoke(
        app, ["add", str(results), "--version", "2", "--note", "x", "--board", str(other)]
    )
    assert result.exit_code == 2 and "lb.parquet: a leaderboard file is .json or .csv" in (
        " ".join(result.output.split())
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not other.exists()


def test_a_table_of_check_runs_only_says_why_nothing_was_added(tmp_path):
    """A table of check runs only (here an slp noise run) gave 'the results hold no rows to
    add': every row was left out as a robustness-check run, and the message did not say so,
    nor how to add them."""
    rows = _rows("m/a", ["correct", "incorrect", "correct"], condition="asr+babble@10dB")
    table = _table(rows).assign(suite="slp", task="slp_disorder")
    with pytest.raises(ValueError, match=r"robustness-check run .*asr\+babble@10dB.*--with-"):
        lb.add_version(lb.empty_leaderboard(), table, "1", "note")
    board = lb.add_version(lb.empty_leaderboard(), table, "1", "note", include_checks=True)
    assert len(board.rows) == 1
