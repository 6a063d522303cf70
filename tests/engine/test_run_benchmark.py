"""clinbench.runner.run_benchmark: the library call behind `clinbench run`."""

from __future__ import annotations

import pytest

from clinbench.results.export import results_table
from clinbench.runner import CallLimits, RunInputError, run_benchmark


def test_run_benchmark_returns_logs_and_the_table_export_gives(tmp_path, sample_items_path):
    outcome = run_benchmark(
        [str(sample_items_path)],
        ["clinbench/chance"],
        tmp_path / "logs",
        CallLimits(max_retries=0),
        task_args={"formats": "mcq,tf"},
        epochs=2,
        limit=3,
        seed=5,
    )
    assert outcome.finished
    assert [log.status for log in outcome.logs] == ["success"]
    log = outcome.logs[0]
    assert log.eval.config.epochs == 2
    assert log.plan.config.max_retries == 0 and log.plan.config.seed == 5
    frame = outcome.results
    assert set(frame["model"]) == {"clinbench/chance"}
    assert len(frame) == 6 and set(frame["epoch"]) == {1, 2}
    on_disk = results_table(tmp_path / "logs")
    assert frame.drop(columns="log_file").equals(on_disk.drop(columns="log_file"))


def test_run_benchmark_without_models_runs_the_offline_default(tmp_path, sample_items_path):
    outcome = run_benchmark([str(sample_items_path)], None, tmp_path, limit=1)
    assert [log.eval.model for log in outcome.logs] == ["clinbench/chance"]


def test_run_benchmark_refuses_what_cannot_be_built_before_running(tmp_path, sample_items_path):
    items = [str(sample_items_path)]
    with pytest.raises(RunInputError, match="model nowhere/none: "):
        run_benchmark(items, ["nowhere/none"], tmp_path)
    with pytest.raises(RunInputError, match="grader nowhere/judge: "):
        run_benchmark(items, ["clinbench/chance"], tmp_path, graders=["nowhere/judge"])
    with pytest.raises(RunInputError, match="formatz"):
        run_benchmark(items, ["clinbench/chance"], tmp_path, task_args={"formatz": "mcq"})
    assert not list(tmp_path.iterdir())  # nothing ran
