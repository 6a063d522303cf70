"""`clinbench run --workers N`: the items split over worker processes make one run.

Against a local server: the sharded run's results table is the unsharded one (but for run
ids, log files and times), the export of the log folder gives it too, and a run whose
worker is killed is finished by `clinbench resume` with every item once.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pandas as pd
import psutil
from inspect_ai.log import list_eval_logs, read_eval_log

from clinbench.results.export import SHARD, results_table
from clinbench.sharded_run import SAMPLES_PER_CONNECTION, shard_ids
from tests.local_openai import OpenAIHandler, serve

CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
ITEM_ID = re.compile(r"\bq(\d{3})\b")
N_ITEMS = 12
# columns that differ between two runs of the same items by design
RUN_COLUMNS = ["run_id", "log_file", "eval_created", "latency_s", "queue_s"]


def _items(path):
    with path.open("w") as f:
        for i in range(N_ITEMS):
            item = {"id": f"q{i:03d}", "format": "mcq", "stem": f"Question q{i:03d}: pick one.",
                    "options": {"A": "yes", "B": "no", "C": "maybe"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


class ByItem(OpenAIHandler):
    """A reply that depends on the item only: right, wrong or unreadable."""

    def reply(self, body: dict) -> str:
        number = int(ITEM_ID.search(json.dumps(body["messages"])).group(1))
        return ["ANSWER: A", "ANSWER: B", "I cannot tell.", "ANSWER: C"][number % 4]


def _table(path) -> pd.DataFrame:
    frame = pd.read_csv(path).drop(columns=RUN_COLUMNS, errors="ignore")
    return frame.sort_values(["item_id", "epoch", "scorer"]).reset_index(drop=True)


def test_shards_are_dealt_round_robin_and_none_is_empty():
    class Task:
        dataset = [type("S", (), {"id": f"q{i}"})() for i in range(5)]

    assert shard_ids(Task(), 2) == [["q0", "q2", "q4"], ["q1", "q3"]]
    assert shard_ids(Task(), 8) == [["q0"], ["q1"], ["q2"], ["q3"], ["q4"]]
    assert shard_ids(Task(), 2, limit=3) == [["q0", "q2"], ["q1"]]


def test_sharded_run_gives_the_unsharded_table(tmp_path, monkeypatch):
    items = _items(tmp_path / "items.jsonl")
    common = [str(items), "--model", "openai-api/local/m", "--epochs", "2", "--display",
              "none", "--max-connections", "4"]  # fmt: skip
    with serve(ByItem, monkeypatch):
        sharded = subprocess.run(
            [*CLINBENCH, "run", *common, "--workers", "3", "--log-dir", str(tmp_path / "a"),
             "--out", str(tmp_path / "a.csv")],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        plain = subprocess.run(
            [*CLINBENCH, "run", *common, "--log-dir", str(tmp_path / "b"),
             "--out", str(tmp_path / "b.csv")],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert sharded.returncode == 0, sharded.stdout + sharded.stderr
    assert plain.returncode == 0, plain.stdout + plain.stderr
    logs = list_eval_logs(str(tmp_path / "a"), recursive=True)
    assert len(logs) == 3  # one log per worker, each in its own sub-folder
    specs = [read_eval_log(log.name, header_only=True).eval for log in logs]
    configs = [spec.config for spec in specs]
    # each worker's task holds only its shard's samples, which it records in its metadata:
    # no sample_id filter is left for Inspect (quadratic in the ids)
    assert [config.sample_id for config in configs] == [None] * 3
    assert sorted(spec.metadata[SHARD]["number"] for spec in specs) == [1, 2, 3]
    assert {spec.metadata[SHARD]["workers"] for spec in specs} == {3}
    selected = [spec.dataset.sample_ids for spec in specs]
    assert all(len(ids) == N_ITEMS // 3 for ids in selected)
    # the workers run without Inspect's realtime sample buffer (CPU on every event); an
    # unsharded run keeps it
    assert [config.log_realtime for config in configs] == [False] * 3
    (plain_log,) = list_eval_logs(str(tmp_path / "b"), recursive=True)
    assert read_eval_log(plain_log.name, header_only=True).eval.config.log_realtime is not False
    # each worker gets its share of the connections (4 over 3: 2 each) and runs twice as
    # many samples at once, so that a connection never waits on a sample being logged; an
    # unsharded run keeps Inspect's default (as many as connections)
    assert [config.max_samples for config in configs] == [2 * SAMPLES_PER_CONNECTION] * 3
    assert read_eval_log(plain_log.name, header_only=True).eval.config.max_samples is None
    assert sorted(i for ids in selected for i in ids) == [f"q{i:03d}" for i in range(N_ITEMS)]
    a, b = _table(tmp_path / "a.csv"), _table(tmp_path / "b.csv")
    assert len(b) == N_ITEMS * 2 and set(b["outcome"]) == {"correct", "incorrect", "parse_failed"}
    pd.testing.assert_frame_equal(a, b)
    # the export of the log folder reads the three shards as one run, skipping none
    skipped: list[str] = []
    exported = results_table(tmp_path / "a", on_skip=skipped.append)
    exported = exported.sort_values(["item_id", "epoch", "scorer"]).reset_index(drop=True)
    compared = ["item_id", "epoch", "outcome"]
    assert not skipped
    assert exported[compared].astype(str).values.tolist() == b[compared].astype(str).values.tolist()


class HeldChat(OpenAIHandler):
    """Answers the first ANSWER_FIRST requests, then holds the rest until released."""

    lock = threading.Lock()
    answered = 0
    release = threading.Event()
    asked_after: list[str] = []
    resuming = False

    def reply(self, body: dict) -> str:
        item = "q" + ITEM_ID.search(json.dumps(body["messages"])).group(1)
        with self.lock:
            if type(self).resuming:
                type(self).asked_after.append(item)
            held = not type(self).resuming and type(self).answered >= ANSWER_FIRST
        if held:
            type(self).release.wait(timeout=120)
        time.sleep(0.05)
        with self.lock:
            type(self).answered += 1
        return "ANSWER: A"

    def send_json(self, payload: dict) -> None:
        try:
            super().send_json(payload)
        except (BrokenPipeError, ConnectionResetError):  # the killed worker's connection
            pass


ANSWER_FIRST = 4


def _workers(run: subprocess.Popen, count: int) -> list[psutil.Process]:
    """Return the run's worker processes (its children: forked ones carry its command line)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        children = psutil.Process(run.pid).children()
        if len(children) == count:
            return children
        time.sleep(0.05)
    raise AssertionError("the workers never started")


def test_a_killed_worker_is_resumed_without_duplicates(tmp_path, monkeypatch):
    items = _items(tmp_path / "items.jsonl")
    log_dir = tmp_path / "logs"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # Inspect's sample buffer
    HeldChat.answered, HeldChat.asked_after, HeldChat.resuming = 0, [], False
    HeldChat.release = threading.Event()
    with serve(HeldChat, monkeypatch):
        run = subprocess.Popen(
            [*CLINBENCH, "run", str(items), "--model", "openai-api/local/m", "--workers", "2",
             "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
             "-M", "max_retries=0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        first, _ = _workers(run, 2)
        deadline = time.monotonic() + 120
        while HeldChat.answered < ANSWER_FIRST and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.5)  # the answered samples are scored and logged
        os.kill(first.pid, signal.SIGKILL)
        HeldChat.release.set()  # the other worker finishes its shard
        output, _ = run.communicate(timeout=300)
        assert run.returncode == 1, output  # not finished: one shard died
        assert "worker" in output and "clinbench resume" in output
        HeldChat.resuming = True
        resumed = subprocess.run(
            [*CLINBENCH, "resume", str(log_dir), "--display", "none",
             "--out", str(tmp_path / "results.csv")],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        asked = len(HeldChat.asked_after)
        assert 0 < asked < N_ITEMS  # only the killed shard's unfinished items
        # all of one shard (dealt round-robin: q000, q002 ... and q001, q003 ...): the resumed
        # task is built from the killed shard's samples, not the whole bank
        assert len({int(item[1:]) % 2 for item in HeldChat.asked_after}) == 1, HeldChat.asked_after
        assert len(set(HeldChat.asked_after)) == asked  # none asked twice
        # the killed shard's retry log is in that shard's folder, none in the top folder
        assert not list(log_dir.glob("*.eval"))
        assert {p.parent.name for p in log_dir.rglob("*.eval")} == {
            "worker-1-of-2", "worker-2-of-2"
        }  # fmt: skip
        # so the same command again finds each shard finished in its folder: nothing re-asked
        again = subprocess.run(
            [*CLINBENCH, "run", str(items), "--model", "openai-api/local/m", "--workers", "2",
             "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
             "-M", "max_retries=0"],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert again.returncode == 0, again.stdout + again.stderr
        assert len(HeldChat.asked_after) == asked, HeldChat.asked_after
    frame = results_table(log_dir, on_skip=lambda _message: None)
    assert sorted(frame["item_id"]) == [f"q{i:03d}" for i in range(N_ITEMS)]
    assert not frame.duplicated(["task", "model", "item_id", "epoch", "condition"]).any()
    assert frame["run_id"].nunique() == 1  # the resumed shard is still the same run
    exported = pd.read_csv(tmp_path / "results.csv")
    assert len(exported) == N_ITEMS and set(exported["outcome"]) == {"correct"}
