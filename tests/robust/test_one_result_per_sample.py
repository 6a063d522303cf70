"""One result per (task, model, item, epoch, condition) in a log folder, however often and
however many times at once the same command is run there."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pandas as pd
import pytest
from inspect_ai.log import list_eval_logs
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results.export import results_table

runner = CliRunner()
_mount()
KEY = ["task", "model", "item_id", "epoch", "condition", "scorer", "question"]
CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]


def _run_args(items, log_dir, *extra):
    return ["run", str(items), "--model", "clinbench/chance", "--log-dir", str(log_dir),
            "--limit", "10", "--display", "none", *extra]  # fmt: skip


@pytest.fixture(scope="module")
def one_run(tmp_path_factory):
    """A log folder after one run of the command: each test below runs on a copy of it."""
    from tests.conftest import DATA

    log_dir = tmp_path_factory.mktemp("one-run") / "logs"
    first = runner.invoke(app, _run_args(DATA / "sample_items.jsonl", log_dir))
    assert first.exit_code == 0, first.output
    assert len(list_eval_logs(str(log_dir))) == 1
    return log_dir


def test_the_same_command_twice_keeps_one_result_per_sample_and_says_so(
    tmp_path, sample_items_path, one_run
):
    log_dir = shutil.copytree(one_run, tmp_path / "logs")
    again = runner.invoke(app, _run_args(sample_items_path, log_dir))
    assert again.exit_code == 0, again.output
    assert "already" in again.output  # the second run says it found the eval done
    assert len(list_eval_logs(str(log_dir))) == 1  # and ran nothing
    out = tmp_path / "s.csv"
    exported = runner.invoke(app, ["results", "export", str(log_dir), "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    frame = pd.read_csv(out)
    assert len(frame) == 10 and not frame.duplicated(KEY).any()


def test_a_deliberate_new_run_gets_its_own_run_id_and_export_keeps_the_latest(
    tmp_path, sample_items_path, one_run
):
    log_dir = shutil.copytree(one_run, tmp_path / "logs")
    second = runner.invoke(app, _run_args(sample_items_path, log_dir, "--new-run"))
    assert second.exit_code == 0, second.output
    assert len(list_eval_logs(str(log_dir))) == 2
    messages: list[str] = []
    frame = results_table(log_dir, on_skip=messages.append)
    assert len(frame) == 10 and frame["run_id"].nunique() == 1
    assert any("superseded" in m for m in messages)  # the export says what it left out
    both = results_table(log_dir, all_runs=True, on_skip=messages.append)
    assert len(both) == 20 and both["run_id"].nunique() == 2  # labelled by run id


def test_two_concurrent_runs_of_one_command_export_one_result_per_sample(
    tmp_path, sample_items_path
):
    log_dir = tmp_path / "logs"
    args = [*CLINBENCH, *_run_args(sample_items_path, log_dir)]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
             for _ in range(2)]  # fmt: skip
    for proc in procs:
        output = proc.communicate(timeout=300)[0].decode()
        assert proc.returncode == 0, output
    messages: list[str] = []
    frame = results_table(log_dir, on_skip=messages.append)
    assert len(frame) == 10 and not frame.duplicated(KEY).any()
