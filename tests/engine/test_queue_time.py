"""Latency is the time to answer; the wait for a server that answers one request at a time is apart.

The server here (127.0.0.1) takes ANSWER_S seconds per request and answers one request at a
time, as llama.cpp's server does. With connections matched to it (max_connections=1) the
wait is Inspect's, recorded as ``queue_s``; ``latency_s`` stays the time of one answer.
"""

from __future__ import annotations

import json
import threading
import time

from inspect_ai import eval as inspect_eval

from clinbench.item_tasks import clinbench_items
from clinbench.results.cost import cost_summary
from clinbench.results.export import results_from_logs
from tests.local_openai import OpenAIHandler, serve

ANSWER_S = 0.4
N = 5


class OneAtATime(OpenAIHandler):
    lock = threading.Lock()

    def reply(self, body: dict) -> str:
        with type(self).lock:
            time.sleep(ANSWER_S)
        return "ANSWER: A"


def _items(path):
    with path.open("w") as f:
        for i in range(N):
            item = {"id": f"q{i}", "format": "mcq", "stem": f"Question {i}?",
                    "options": {"A": "a", "B": "b"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


def _run(tmp_path, connections: int):
    tmp_path.mkdir(parents=True, exist_ok=True)
    logs = inspect_eval(
        clinbench_items(items=str(_items(tmp_path / "items.jsonl"))),
        model="openai-api/local/one-at-a-time", log_dir=str(tmp_path), display="none",
        max_connections=connections, max_samples=N, max_retries=0,
    )  # fmt: skip
    return results_from_logs(logs)


def test_queue_wait_is_recorded_apart_from_the_time_to_answer(tmp_path, monkeypatch):
    with serve(OneAtATime, monkeypatch):
        matched = _run(tmp_path / "matched", 1)
        crowded = _run(tmp_path / "crowded", N)
    assert set(matched["outcome"]) == {"correct"}
    # matched: every reply took about one answer's time; the rest was waiting, recorded
    assert matched["latency_s"].max() < ANSWER_S + 0.5
    assert matched["latency_s"].min() >= ANSWER_S * 0.9
    assert matched["queue_s"].max() > ANSWER_S * (N - 2)  # the last waited for the others
    assert matched["queue_s"].sum() > ANSWER_S * N
    # more connections than the server serves: its own queue is out of Inspect's sight and
    # lands in latency (why `clinbench local` runs with --max-connections 1)
    assert crowded["latency_s"].max() > ANSWER_S * (N - 2)
    summary = cost_summary(matched).iloc[0]
    assert summary["queue_s_mean"] == matched["queue_s"].mean()
    assert summary["latency_s_mean"] < ANSWER_S + 0.5
