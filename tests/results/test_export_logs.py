"""Log selection in results export: one log per eval, so a resumed run is never counted twice."""

from __future__ import annotations

import shutil

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log, write_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.item_tasks import clinbench_items
from clinbench.results.export import results_table
from tests.conftest import DATA

runner = CliRunner()
_mount()
N = 6  # samples per eval in these tests


@pytest.fixture(scope="module")
def finished_logs(tmp_path_factory):
    """Two finished evals of the same items (chance, two seeds): their log paths."""
    folder = tmp_path_factory.mktemp("finished")
    paths = []
    for seed in (1, 2):
        (log,) = inspect_eval(
            clinbench_items(items=str(DATA / "sample_items.jsonl"), seed=seed),
            model="clinbench/chance", limit=N, log_dir=str(folder / f"seed{seed}"),
            display="none",
        )  # fmt: skip
        paths.append(log.location)
    return paths


def _partial_copy(source: str, dest, keep: int) -> None:
    """Write what a killed run leaves: the same eval (task id), status started, ``keep`` samples."""
    log = read_eval_log(source)
    log.status = "started"
    log.samples = (log.samples or [])[:keep]
    log.results = None
    log.stats.completed_at = ""
    write_eval_log(log, str(dest))


def _folder(tmp_path, finished: str, partial_keep: int | None = None):
    shutil.copy(finished, tmp_path / "b-complete.eval")
    if partial_keep is not None:
        _partial_copy(finished, tmp_path / "a-partial.eval", partial_keep)
    return tmp_path


def test_a_partial_log_and_its_resumed_log_count_each_sample_once(tmp_path, finished_logs):
    folder = _folder(tmp_path, finished_logs[0], partial_keep=3)
    skipped: list[str] = []
    frame = results_table(folder, on_skip=skipped.append)
    assert len(frame) == N
    assert not frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).any()
    assert set(frame["log_file"]) == {"b-complete.eval"}
    assert len(skipped) == 1 and "a-partial.eval" in skipped[0] and "superseded" in skipped[0]


def test_the_newest_complete_log_wins_whatever_the_file_names(tmp_path, finished_logs):
    log = read_eval_log(finished_logs[0])
    older = log.model_copy(deep=True)
    older.stats.completed_at = "2000-01-01T00:00:00+00:00"
    older.samples = older.samples[:2]
    write_eval_log(older, str(tmp_path / "z-older.eval"))
    write_eval_log(log, str(tmp_path / "a-newer.eval"))
    frame = results_table(tmp_path, on_skip=lambda _m: None)
    assert set(frame["log_file"]) == {"a-newer.eval"} and len(frame) == N


def test_a_partial_log_alone_is_skipped_with_a_warning_unless_asked_for(tmp_path, finished_logs):
    _partial_copy(finished_logs[0], tmp_path / "partial.eval", keep=4)
    skipped: list[str] = []
    assert results_table(tmp_path, on_skip=skipped.append).empty
    assert "did not finish" in skipped[0] and "resume" in skipped[0]
    with pytest.warns(UserWarning, match="did not finish"):  # not silent by default
        results_table(tmp_path)
    included: list[str] = []
    frame = results_table(tmp_path, include_partial=True, on_skip=included.append)
    assert len(frame) == 4 and "partial log included" in included[0]


def test_empty_and_unreadable_logs_are_reported_and_the_rest_exported(tmp_path, finished_logs):
    shutil.copy(finished_logs[1], tmp_path / "other.eval")
    _partial_copy(finished_logs[0], tmp_path / "killed-empty.eval", keep=0)
    (tmp_path / "truncated.eval").write_bytes(b"PK\x03\x04 not really a zip")
    skipped: list[str] = []
    frame = results_table(tmp_path, include_partial=True, on_skip=skipped.append)
    assert len(frame) == N and set(frame["log_file"]) == {"other.eval"}
    assert any("killed-empty.eval" in s and "no samples" in s for s in skipped)
    assert any("truncated.eval" in s and "unreadable" in s for s in skipped)


def test_export_cli_names_each_skipped_log_and_writes_one_row_per_sample(tmp_path, finished_logs):
    (tmp_path / "logs").mkdir()
    folder = _folder(tmp_path / "logs", finished_logs[0], partial_keep=3)
    shutil.copy(finished_logs[1], folder / "c-other-eval.eval")
    _partial_copy(finished_logs[1], folder / "d-empty.eval", keep=0)
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["results", "export", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    # two evals (seeds 1 and 2) hold the same task, model, items, epoch and condition: one
    # result per sample, the newer eval's, and the other's rows named as left out
    assert f"Wrote {N} rows" in result.stdout
    assert f"{N} samples left out, a newer log holds the same" in result.stderr
    assert "a-partial.eval: skipped, superseded" in result.stderr
    assert "d-empty.eval" in result.stderr
    both = runner.invoke(app, ["results", "export", str(folder), "-o", str(out), "--all-runs"])
    assert both.exit_code == 0, both.output
    assert f"Wrote {2 * N} rows" in both.stdout  # asked for: every run, labelled by run_id
