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
    if threading.active_count() == 1:  # no thread left behind by an earlier test
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
    # a test before this one in the same process may have run clinbench's main(), which
    # freezes every object at its end (cli/__init__.py, for a fast exit): start unfrozen
    gc.unfreeze()
    forked_start: list[str | None] = []
    expected = "fork" if can_fork() else "spawn"  # spawn where a test left a thread running
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
    assert forked_start[0] == expected
    assert spawned_start[0] == "spawn"
    assert len(forked) == 6 and sorted(forked["item_id"]) == sorted(spawned["item_id"])
    assert forked.equals(spawned)


def test_ctrl_c_stops_a_sharded_run_and_resume_finishes_it(tmp_path, slow_server):
    """Ctrl-C at a terminal reaches the whole process group: parent and forked workers."""
    import os
    import signal
    import subprocess
    import time

    from clinbench.results.export import results_table
    from tests.slow_server import CLINBENCH, wait_until

    items = mcq_bank(tmp_path / "items.jsonl", 400)
    log_dir, out = tmp_path / "logs", tmp_path / "results.csv"
    slow_server.reset(delay=0.05)
    run = subprocess.Popen(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow", "--workers", "2",
         "--max-connections", "8", "--log-dir", str(log_dir), "--display", "none",
         "--out", str(out), "-M", "max_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip
    wait_until(lambda: len(slow_server.answered_in()) >= 40, run, timeout=300, what="40 replies")
    sent = time.monotonic()
    os.killpg(run.pid, signal.SIGINT)  # what a terminal's Ctrl-C sends
    output = run.communicate(timeout=300)[0]
    seconds = time.monotonic() - sent
    assert run.returncode == 130, output
    assert seconds < 30, seconds  # within seconds, on a shared and loaded machine
    assert f"clinbench resume {log_dir}" in output, output
    assert "Traceback" not in output and not out.exists(), output
    assert len(slow_server.answered_in()) < 400  # stopped before the end
    slow_server.phase = "resume"
    resumed = subprocess.run(
        [*CLINBENCH, "resume", str(log_dir), "--display", "none", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    frame = results_table(log_dir, on_skip=lambda _message: None)
    assert sorted(frame["item_id"]) == [f"q{i:03d}" for i in range(400)]
    assert not frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).any()


def test_forked_workers_finish_their_trace_logs(tmp_path):
    """A forked worker runs the exit handlers of its own run (Inspect compresses its trace)."""
    import os
    import subprocess

    from tests.slow_server import CLINBENCH

    items = mcq_bank(tmp_path / "items.jsonl", 6)
    done = subprocess.run(
        [*CLINBENCH, "run", str(items), "--model", "clinbench/chance", "--workers", "2",
         "--log-dir", str(tmp_path / "logs"), "--display", "none"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    traces = sorted(p.name for p in (tmp_path / "data" / "inspect_ai" / "traces").iterdir())
    assert len(traces) >= 2, traces  # one per worker at least
    assert all(name.endswith(".log.gz") for name in traces), traces
