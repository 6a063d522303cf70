"""clinbench.demo.run_demo as a library call (over the foundation's runs only, to stay fast)."""

from __future__ import annotations

import pandas as pd

from clinbench import demo
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


def test_batches_group_identical_settings_in_first_seen_order():
    runs = demo.foundation_demo_runs()
    again = DemoRun("chance again", runs[0].task, ["clinbench/chance"])
    grouped = demo.batches([runs[0], runs[1], again])
    assert [[r.label for r in b] for b in grouped] == [
        ["sample items: chance baseline", "chance again"],
        ["sample items: frozen replies (replay)"],
    ]
