"""How the workers of `run --workers` start: forked on Linux while one thread runs, else spawned.

Both ways give the same results table; a forked run leaves this process's garbage
collector as it found it (the objects frozen for the workers are unfrozen after them).
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import threading

from clinbench import sharded_run
from clinbench.sharded_run import can_fork, run_sharded
from tests.slow_server import mcq_bank

RUN_COLUMNS = ["run_id", "log_file", "eval_created", "latency_s", "queue_s"]


def test_workers_are_forked_only_on_linux_and_while_one_thread_runs():
    assert can_fork() is (sys.platform == "linux")
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not can_fork()  # a lock that thread holds would be copied held
    finally:
        stop.set()
        other.join()


def _run(tmp_path, name, monkeypatch, started):
    real = multiprocessing.get_context

    def recorded(method=None):
        started.append(method)
        return real(method)

    monkeypatch.setattr(sharded_run.multiprocessing, "get_context", recorded)
    outcome = run_sharded(
        [str(tmp_path / "items.jsonl")], ["clinbench/chance"], tmp_path / name, workers=2
    )
    assert outcome.finished
    frame = outcome.results.drop(columns=RUN_COLUMNS, errors="ignore")
    return frame.sort_values(["item_id", "scorer"]).reset_index(drop=True)


def test_forked_and_spawned_workers_give_the_same_table(tmp_path, monkeypatch):
    mcq_bank(tmp_path / "items.jsonl", 6)
    forked_start: list[str | None] = []
    forked = _run(tmp_path, "forked", monkeypatch, forked_start)
    assert gc.get_freeze_count() == 0  # frozen only while the workers ran
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)  # a second thread: the workers are spawned
    other.start()
    spawned_start: list[str | None] = []
    try:
        spawned = _run(tmp_path, "spawned", monkeypatch, spawned_start)
    finally:
        stop.set()
        other.join()
    # the first context asked for is the workers' (Inspect may ask for others after)
    assert forked_start[0] == ("fork" if sys.platform == "linux" else "spawn")
    assert spawned_start[0] == "spawn"
    assert len(forked) == 6 and sorted(forked["item_id"]) == sorted(spawned["item_id"])
    assert forked.equals(spawned)
