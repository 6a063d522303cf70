"""What the user sees of a run stopped with Ctrl-C agrees on every display: no line says the
eval finished "successfully" (Inspect prints its own status line under ``--display plain``
and ``rich``), the run's exit is 130 and clinbench's summary says it was interrupted."""

from __future__ import annotations

import signal
import subprocess
import time

import pytest

from tests.local_openai import OpenAIHandler, serve
from tests.slow_server import CLINBENCH, mcq_bank, wait_until

N_ITEMS = 20
STOP_AFTER = 3  # answered replies before the signal


@pytest.mark.parametrize("display", ["plain", "rich"])
def test_a_stopped_run_never_says_successfully(tmp_path, slow_server, display):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    slow_server.reset(delay=0.2, hold_after=STOP_AFTER)
    run = subprocess.Popen(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
         "--max-connections", "1", "--log-dir", str(log_dir), "--display", display,
         "-M", "max_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip

    def in_flight() -> bool:
        asked = len(slow_server.asked.get("first run", []))
        return len(slow_server.answered_in()) >= STOP_AFTER and asked > STOP_AFTER

    try:
        wait_until(in_flight, run, what="3 answers and a fourth call held")
        run.send_signal(signal.SIGINT)
        output = run.communicate(timeout=120)[0]
    finally:
        slow_server.release.set()
    assert run.returncode == 130, output
    assert "Interrupted (SIGINT)" in output, output
    assert "successfully" not in output.replace("not successfully", ""), output


def test_a_finished_run_still_prints_inspects_success_line(tmp_path, slow_server):
    """The line is held only while the eval set runs: a run that finishes prints it."""
    items = mcq_bank(tmp_path / "items.jsonl", 3)
    slow_server.reset(delay=0.0)
    done = subprocess.run(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
         "--log-dir", str(tmp_path / "logs"), "--display", "plain", "-M", "max_retries=0"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    said = " ".join(done.stdout.split())
    assert f"Completed all tasks in '{tmp_path / 'logs'}' successfully" in said, done.stdout


class AlwaysFails(OpenAIHandler):
    """Every request gets HTTP 500: the client waits between its retries (what SmolLM2's
    server did to the first probe of each ausclin sample)."""

    requests: list[dict] = []

    def do_POST(self):  # noqa: N802 (http.server's naming)
        self.read_json()
        type(self).requests.append({})
        self.send_error(500, "internal error")


def test_a_stopped_run_of_two_models_is_stopped_even_when_the_other_one_finished(
    tmp_path, monkeypatch
):
    """realuse5: `clinbench run ausclin --model openai-api/local/smollm2 --model
    clinbench/chance`, Ctrl-C while SmolLM2's first call waited between retries, after chance
    had finished. Inspect wrote the local model's log as cancelled but the eval set returned
    chance's log alone: the run said "Completed all tasks ... successfully", exited 0, wrote
    a results table of chance alone and never named the cancelled eval or resume."""
    items = mcq_bank(tmp_path / "items.jsonl", 4)
    log_dir = tmp_path / "logs"
    out = tmp_path / "results.csv"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "inspect-data"))
    with serve(AlwaysFails, monkeypatch):
        run = subprocess.Popen(
            [*CLINBENCH, "run", str(items), "--model", "openai-api/local/fails",
             "--model", "clinbench/chance", "--max-connections", "1", "--log-dir",
             str(log_dir), "--display", "plain", "-M", "max_retries=8", "--out", str(out)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip

        def chance_done_and_retrying() -> bool:
            return len(list(log_dir.glob("*.eval"))) >= 2 and len(AlwaysFails.requests) >= 2

        wait_until(chance_done_and_retrying, run, what="chance's log and a retried call")
        time.sleep(1.0)  # chance's eval has ended; the other waits between retries
        run.send_signal(signal.SIGINT)
        output = run.communicate(timeout=120)[0]
    assert run.returncode == 130, output
    assert "Interrupted (SIGINT)" in output and "clinbench resume" in output, output
    assert "successfully" not in output.replace("not successfully", ""), output
    assert not out.exists(), "a table of the model that finished alone was written"
