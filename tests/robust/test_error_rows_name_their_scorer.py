"""A sample that failed (no reply, a provider error) has an `error` row under each scorer of
its task, so every scorer's counts show it and no row has an empty scorer."""

from __future__ import annotations

from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results.export import results_table

_mount()


def test_error_rows_name_the_scorer_they_stand_for(tmp_path, sample_items_path):
    # a replay file with no reply for these items: every sample fails (MissingFrozenResponse);
    # clinbench/rules on mcq items is no longer an error but cannot_answer (#27 item 9)
    replies = tmp_path / "replies.csv"
    replies.write_text("item_id,model,response\nnot-an-item,m,A\n")
    log_dir = tmp_path / "logs"
    result = CliRunner().invoke(app, ["run", str(sample_items_path), "--model",
                                      "clinbench/replay/m", "-M", f"responses={replies}",
                                      "--limit", "3", "--log-dir", str(log_dir),
                                      "--display", "none"])  # fmt: skip
    assert result.exit_code == 3, result.output  # samples ended in error: exit 3
    frame = results_table(log_dir, on_skip=lambda _m: None)
    errors = frame[frame["outcome"] == "error"]
    assert len(errors) == 3  # no frozen reply for any of the three items
    assert set(errors["scorer"]) == {"item_scorer"}


def test_cannot_answer_rows_name_their_scorer_too(tmp_path, sample_items_path):
    log_dir = tmp_path / "logs"
    result = CliRunner().invoke(app, ["run", str(sample_items_path), "--model", "clinbench/rules",
                                      "--limit", "3", "--log-dir", str(log_dir),
                                      "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output
    frame = results_table(log_dir, on_skip=lambda _m: None)
    assert len(frame) == 3  # the rules baseline answers no mcq item
    assert set(frame["outcome"]) == {"cannot_answer"}
    assert set(frame["scorer"]) == {"item_scorer"}
