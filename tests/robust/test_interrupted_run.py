"""A run stopped with Ctrl-C (SIGINT) or SIGTERM is not a success: exit 130/143, what
finished and the exact resume command are printed, and no results table is overwritten."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.local_openai import OpenAIHandler, serve

N_ITEMS = 40
DELAY = 0.3
STOP_AFTER = 4  # answered replies before the signal
CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]


class SlowChat(OpenAIHandler):
    """Answers 'A' after DELAY seconds; counts the answers."""

    lock = threading.Lock()
    answered = 0

    def reply(self, body: dict) -> str:
        time.sleep(DELAY)
        with self.lock:
            type(self).answered += 1
        return "ANSWER: A"

    def send_json(self, payload: dict) -> None:
        try:
            super().send_json(payload)
        except (BrokenPipeError, ConnectionResetError):  # the client went away mid-reply
            pass


def _items(path):
    with path.open("w") as f:
        for i in range(N_ITEMS):
            item = {"id": f"q{i:03d}", "format": "mcq", "stem": f"Question q{i:03d}: pick A.",
                    "options": {"A": "yes", "B": "no"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_run_exits_non_zero_names_the_resume_command_and_keeps_the_old_table(
    tmp_path, monkeypatch, sig, code
):
    items = _items(tmp_path / "items.jsonl")
    log_dir = tmp_path / "logs"
    out = tmp_path / "results.csv"
    out.write_text("the table of an earlier, complete run\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    SlowChat.answered = 0
    with serve(SlowChat, monkeypatch):
        run = subprocess.Popen(
            [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
             "--max-connections", "1", "--log-dir", str(log_dir), "--display", "none",
             "--out", str(out), "-M", "max_retries=0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 120
        while SlowChat.answered < STOP_AFTER and time.monotonic() < deadline:
            assert run.poll() is None, run.communicate()[0]
            time.sleep(0.05)
        run.send_signal(sig)
        output = run.communicate(timeout=120)[0]
    assert run.returncode == code, output
    assert "successfully" not in output and "(success)" not in output
    assert "interrupted" in output.lower()
    assert f"clinbench resume {log_dir}" in output, output
    assert "of 40 samples" in output  # what finished
    assert out.read_text() == "the table of an earlier, complete run\n"  # never overwritten
