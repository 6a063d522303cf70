"""Results tables given together must not hold the same reply twice (found in real use:
`clinbench analyze a.parquet a.parquet` on SmolLM2's slp_disorder run reported n = 16 of 8 items
and 1 epoch, every reply counted twice, with exit 0)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.report.load import ResultsInputError, load_results
from clinbench.results import write_results

runner = CliRunner()
_mount()


def test_the_same_table_twice_is_refused_naming_both_files(tmp_path, results_df):
    first = write_results(results_df, tmp_path / "run.parquet")
    again = write_results(results_df, tmp_path / "run-copy.csv")
    out = tmp_path / "analysis"
    result = runner.invoke(app, ["analyze", str(first), str(again), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"{again}:2:" in result.stderr and str(first) in result.stderr, result.stderr
    assert "twice" in result.stderr
    assert f"scorer {results_df.iloc[0]['scorer']}, epoch" in result.stderr
    assert not out.exists()
    report = runner.invoke(
        app, ["report", str(first), str(first), "--out", str(tmp_path / "r.html")]
    )
    assert report.exit_code == 2 and "twice" in report.stderr, report.output
    assert not (tmp_path / "r.html").exists()


def test_two_runs_of_the_same_items_are_two_inputs(tmp_path, results_df):
    """Another run of the same items (its own run_id) is new evidence, not a copy."""
    first = write_results(results_df, tmp_path / "first.parquet")
    rerun = results_df.copy()
    rerun["run_id"] = "second-run"
    second = write_results(rerun, tmp_path / "second.parquet")
    table, inputs = load_results([first, second])
    assert len(table) == 2 * len(results_df) and len(inputs) == 2


def test_overlap_found_in_part_of_a_table(tmp_path, results_df):
    first = write_results(results_df.iloc[:10], tmp_path / "first.parquet")
    second = write_results(results_df.iloc[5:20], tmp_path / "second.parquet")
    with pytest.raises(ResultsInputError, match=r"second.parquet:1: .*first.parquet:6"):
        load_results([first, second])
