"""A sample that failed (no reply, a provider error) has an `error` row under each scorer of
its task, so every scorer's counts show it and no row has an empty scorer."""

from __future__ import annotations

from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results.export import results_table

_mount()


def test_error_rows_name_the_scorer_they_stand_for(tmp_path, sample_items_path):
    log_dir = tmp_path / "logs"
    result = CliRunner().invoke(app, ["run", str(sample_items_path), "--model", "clinbench/rules",
                                      "--limit", "3", "--log-dir", str(log_dir),
                                      "--display", "none"])  # fmt: skip
    assert result.exit_code == 3, result.output  # samples ended in error: exit 3
    frame = results_table(log_dir, on_skip=lambda _m: None)
    errors = frame[frame["outcome"] == "error"]
    assert len(errors) == 3  # the rules baseline answers no mcq item
    assert set(errors["scorer"]) == {"item_scorer"}
