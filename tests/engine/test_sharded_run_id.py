"""One `run --workers N` is one run on every surface: the export labels every shard's rows with
one run id, the report's "Runs and logs" lists one run (with each shard's log), and running
the same command again, which continues a shard that failed, keeps that run id. `--new-run`
is another run, with its own id.
"""

from __future__ import annotations

import json
import subprocess
import threading

import pandas as pd

from clinbench.report.generic import disclosures_section, normalise
from clinbench.results.export import results_table
from tests.engine.test_sharded_run import CLINBENCH, ITEM_ID, N_ITEMS, _items
from tests.local_openai import OpenAIHandler, serve

FAILS_ONCE = "q005"


class FailsOnce(OpenAIHandler):
    """Answers every item, but the first request for FAILS_ONCE gets an HTTP 500."""

    lock = threading.Lock()
    failed = False

    def complete(self, body: dict) -> None:
        item = "q" + ITEM_ID.search(json.dumps(body["messages"])).group(1)
        with self.lock:
            fail = item == FAILS_ONCE and not type(self).failed
            type(self).failed = type(self).failed or fail
        if fail:
            self.send_error(500, "the server failed once")
            return
        super().complete(body)

    def reply(self, body: dict) -> str:
        return "ANSWER: A"


def _runs(log_dir) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return the export of ``log_dir`` and the report's "Runs and logs" table of it."""
    table = results_table(log_dir, on_skip=lambda _message: None)
    return table, disclosures_section(normalise(table)).tables["Runs and logs"]


def test_a_sharded_run_is_one_run_in_the_export_and_the_report(tmp_path, monkeypatch):
    items = _items(tmp_path / "items.jsonl")
    log_dir = tmp_path / "logs"
    command = [*CLINBENCH, "run", str(items), "--model", "openai-api/local/m", "--workers", "2",
               "--log-dir", str(log_dir), "--display", "none", "-M", "max_retries=0"]  # fmt: skip
    FailsOnce.failed = False
    with serve(FailsOnce, monkeypatch):
        first = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert FailsOnce.failed, first.stdout + first.stderr
        table, runs = _runs(log_dir)
        assert len(table) == N_ITEMS and table["run_id"].nunique() == 1, runs
        assert len(runs) == 2 and runs["log_file"].nunique() == 2  # one run, a log per shard
        (run,) = set(runs["run_id"])
        # the same command again continues the shard whose item failed: still the same run
        again = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert again.returncode == 0, again.stdout + again.stderr
        table, runs = _runs(log_dir)
        assert set(table.loc[table["item_id"] == FAILS_ONCE, "outcome"]) == {"correct"}
        assert set(table["run_id"]) == {run} and set(runs["run_id"]) == {run}
        # --new-run is another run: one new id for both of its shards
        new = subprocess.run([*command, "--new-run"], capture_output=True, text=True, timeout=300)
        assert new.returncode == 0, new.stdout + new.stderr
    table, _ = _runs(log_dir)
    assert table["run_id"].nunique() == 1 and set(table["run_id"]) != {run}
