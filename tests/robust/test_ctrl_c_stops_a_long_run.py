"""Ctrl-C stops a long run within seconds at any point: early, mid-run and at the very end
(all replies in, while Inspect finishes the log and clinbench reads it). Each stop exits 130
with the resume command; resuming after each loses nothing and counts nothing twice.

One run of N_ITEMS samples against a slow local server is stopped early, resumed and stopped
again mid-way, resumed and stopped once every reply is in, then resumed to the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

from clinbench.results.export import results_table
from tests.slow_server import CLINBENCH, mcq_bank, wait_until

N_ITEMS = 2000
DELAY = 0.02  # seconds per reply
CONNECTIONS = "40"
STOP_WITHIN = 20.0  # seconds from the signal to the exit, on a shared, loaded machine


def _stop(process: subprocess.Popen) -> tuple[str, float]:
    """SIGINT the command; return its output and the seconds it took to exit."""
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    output = process.communicate(timeout=300)[0]
    return output, time.monotonic() - sent


def test_ctrl_c_early_mid_run_and_at_the_end_stops_within_seconds(tmp_path, slow_server):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    out = tmp_path / "results.csv"
    slow_server.reset(delay=DELAY)
    resume = [*CLINBENCH, "resume", str(log_dir), "--display", "none", "--out", str(out)]
    commands = [
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow", "--max-connections",
         CONNECTIONS, "--log-dir", str(log_dir), "--display", "none", "--out", str(out),
         "-M", "max_retries=0"],
        resume,
        resume,
    ]  # fmt: skip
    moments = [  # (phase, stop once this many replies were answered in all)
        ("early", N_ITEMS // 20),
        ("mid-run", N_ITEMS // 2),
        ("at the end", N_ITEMS),
    ]
    timings = []
    for command, (phase, answered) in zip(commands, moments, strict=True):
        slow_server.phase = phase
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        wait_until(lambda n=answered: len(slow_server.answered_in()) >= n, process,
                   timeout=900, what=f"{answered} replies")  # fmt: skip
        output, seconds = _stop(process)
        timings.append(f"{phase}: exit {process.returncode} in {seconds:.1f} s")
        assert process.returncode == 130, output
        assert seconds < STOP_WITHIN, (phase, seconds)
        assert f"clinbench resume {log_dir}" in output, output
        assert "successfully" not in output and "Traceback" not in output, output
        assert not out.exists()  # never a table of a stopped run
    print(f"\nCtrl-C ({N_ITEMS} samples, load {os.getloadavg()[0]:.1f}): " + "; ".join(timings))
    slow_server.phase = "last resume"
    last = subprocess.run(resume, capture_output=True, text=True, timeout=900)
    assert last.returncode == 0, last.stdout + last.stderr
    frame = results_table(log_dir, on_skip=lambda _message: None)
    width = len(str(N_ITEMS - 1))
    lost = {f"q{i:0{width}d}" for i in range(N_ITEMS)} - set(frame["item_id"])
    duplicated = int(frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).sum())
    assert not lost and duplicated == 0 and len(frame) == N_ITEMS
    assert set(frame["outcome"]) == {"correct"}
    asked = [item for phase in slow_server.asked.values() for item in phase]
    assert len(asked) < 1.1 * N_ITEMS  # only what was in flight at a stop was asked twice
    assert out.exists()
