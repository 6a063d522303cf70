"""A run started as a background job of a script has Ctrl-C ignored (POSIX shells start
asynchronous commands with SIGINT and SIGQUIT ignored when job control is off), yet `kill`
(SIGTERM) must still stop it as it stops a foreground run: exit 143, what finished and the
resume command printed. The SIGTERM handler passes the stop on as the SIGINT Inspect handles;
with SIGINT ignored that hand-over was lost and the run went on to the end."""

from __future__ import annotations

import signal
import subprocess

from tests.slow_server import CLINBENCH, mcq_bank, wait_until

N_ITEMS = 40
STOP_AFTER = 4


def _as_a_background_job() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)


def test_sigterm_stops_a_run_whose_ctrl_c_is_ignored(tmp_path, slow_server):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    slow_server.reset(delay=0.3, hold_after=STOP_AFTER)
    run = subprocess.Popen(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
         "--max-connections", "1", "--log-dir", str(log_dir), "--display", "none",
         "-M", "max_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=_as_a_background_job,
    )  # fmt: skip

    def in_flight() -> bool:
        asked = len(slow_server.asked.get("first run", []))
        return len(slow_server.answered_in()) >= STOP_AFTER and asked > STOP_AFTER

    try:
        wait_until(in_flight, run, what="4 answers and a fifth call held")
        run.send_signal(signal.SIGTERM)
        output = run.communicate(timeout=90)[0]
    finally:
        slow_server.release.set()
        if run.poll() is None:
            run.kill()
    assert run.returncode == 143, output
    assert "interrupted" in output.lower(), output
    assert f"clinbench resume {log_dir}" in output, output
    assert "of 40 samples" in output, output  # what finished
