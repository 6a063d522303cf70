"""A run killed mid-way (SIGKILL) and resumed loses nothing, counts nothing twice and re-asks
at most the samples that were in flight when it died."""

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
from inspect_ai.log import list_eval_logs, read_eval_log

from clinbench.results.export import results_table
from tests.local_openai import OpenAIHandler, serve

N_ITEMS = 16
DELAY = 0.4  # seconds per reply; with 2 connections the run takes ~3 s
KILL_AFTER = 6  # answered replies before the kill
SETTLE = 2.0  # seconds between the last answer before the kill and the kill
CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
ITEM_ID = re.compile(r"\bq\d{3}\b")


class SlowChat(OpenAIHandler):
    """Answers after DELAY; records which item each request asked and when it was answered."""

    lock = threading.Lock()
    phase = "first run"
    asked: dict[str, list[str]] = {}
    answered: list[tuple[float, str]] = []
    killed = threading.Event()

    def reply(self, body: dict) -> str:
        item = ITEM_ID.search(json.dumps(body["messages"])).group(0)
        with self.lock:
            phase = type(self).phase
            type(self).asked.setdefault(phase, []).append(item)
            held = phase == "first run" and len(type(self).asked[phase]) > KILL_AFTER
        if held:  # the requests after the first KILL_AFTER stay in flight until the kill
            type(self).killed.wait(timeout=120)
        time.sleep(DELAY)
        with self.lock:
            if type(self).phase == phase:
                type(self).answered.append((time.monotonic(), item))
        return "ANSWER: A"

    def send_json(self, payload: dict) -> None:
        try:
            super().send_json(payload)
        except (BrokenPipeError, ConnectionResetError):  # the client was killed mid-reply
            pass


def _items(path):
    with path.open("w") as f:
        for i in range(N_ITEMS):
            item = {"id": f"q{i:03d}", "format": "mcq", "stem": f"Question q{i:03d}: pick A.",
                    "options": {"A": "yes", "B": "no"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


def _kill_mid_run(process: subprocess.Popen) -> set[str]:
    """SIGKILL the run while the requests after the first KILL_AFTER are held in flight.

    The server answers KILL_AFTER requests and holds the rest, so the kill finds the client
    with those answers in hand and the next ones in flight however loaded the machine is; it
    waits SETTLE seconds after the last answer so the client has scored and logged it.
    Returns the items answered before the kill.
    """
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with SlowChat.lock:
            answered = list(SlowChat.answered)
            asked = len(SlowChat.asked.get("first run", []))
        if (
            len(answered) >= KILL_AFTER
            and asked > KILL_AFTER
            and time.monotonic() - answered[-1][0] >= SETTLE
        ):
            os.kill(process.pid, signal.SIGKILL)
            with SlowChat.lock:
                SlowChat.phase = "resume"
                SlowChat.killed.set()
                return {item for _, item in SlowChat.answered}
        if process.poll() is not None:
            raise AssertionError("the run finished before it could be killed")
        time.sleep(0.01)
    raise AssertionError("the run never reached the kill point")


def test_sigkill_then_resume_loses_nothing_and_counts_nothing_twice(tmp_path, monkeypatch):
    items = _items(tmp_path / "items.jsonl")
    log_dir = tmp_path / "logs"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # Inspect's sample buffer
    SlowChat.asked, SlowChat.answered, SlowChat.phase = {}, [], "first run"
    SlowChat.killed = threading.Event()
    with serve(SlowChat, monkeypatch):
        run = subprocess.Popen(
            [*CLINBENCH, "run", items.name, "--model", "openai-api/local/slow",
             "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
             "-M", "max_retries=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path,
        )  # fmt: skip
        answered_before = _kill_mid_run(run)
        run.wait(timeout=30)
        asked_before = set(SlowChat.asked["first run"])
        (partial,) = list_eval_logs(str(log_dir))
        assert read_eval_log(partial.name, header_only=True).status == "started"
        elsewhere = tmp_path / "elsewhere"  # the run named its items relative to its own cwd
        elsewhere.mkdir()
        resumed = subprocess.run(
            [*CLINBENCH, "resume", str(log_dir), "--display", "none",
             "--out", str(tmp_path / "results.csv")],
            capture_output=True, text=True, timeout=120, cwd=elsewhere,
        )  # fmt: skip
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    asked_again = SlowChat.asked.get("resume", [])
    in_flight = asked_before - answered_before
    re_queried = set(asked_again) & asked_before
    frame = results_table(log_dir, on_skip=lambda _message: None)
    lost = {f"q{i:03d}" for i in range(N_ITEMS)} - set(frame["item_id"])
    duplicated = int(frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).sum())
    print(
        f"\ncrash-resume: {len(answered_before)} answered before the kill, {len(in_flight)} in "
        f"flight, {len(asked_again)} asked on resume, {len(re_queried)} re-queried, "
        f"{len(lost)} lost, {duplicated} duplicated rows"
    )
    assert len(answered_before) >= KILL_AFTER and len(answered_before) < N_ITEMS
    assert not lost and duplicated == 0 and len(frame) == N_ITEMS
    assert re_queried <= in_flight  # nothing answered before the kill is asked again
    assert len(asked_again) == len(set(asked_again)) == N_ITEMS - len(answered_before)
    exported = pd.read_csv(tmp_path / "results.csv")  # the table resume wrote
    assert len(exported) == N_ITEMS and set(exported["outcome"]) == {"correct"}
    assert len(list_eval_logs(str(log_dir))) == 2  # the partial log stays, superseded


def test_resume_passes_media_roots_to_the_items_it_reloads(tmp_path, monkeypatch):
    """`resume --media-root DIR` lets the retried tasks reload banks whose media live in DIR."""
    from typer.testing import CliRunner

    import clinbench.runner
    from clinbench.cli import _mount, app
    from clinbench.items import loader

    seen = []

    def fake_resume(log_dir, **kwargs):
        seen.append(loader._MEDIA_ROOTS.get())
        return []

    monkeypatch.setattr(clinbench.runner, "resume", fake_resume)
    monkeypatch.setattr("clinbench.results.export.results_table", lambda *a, **k: pd.DataFrame())
    media = tmp_path / "media"
    media.mkdir()
    _mount()
    result = CliRunner().invoke(app, ["resume", str(tmp_path), "--media-root", str(media)])
    assert seen == [(media,)], result.output
    assert loader._MEDIA_ROOTS.get() == ()  # reset after the resume
