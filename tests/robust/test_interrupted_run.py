"""A run stopped with Ctrl-C (SIGINT) or SIGTERM is not a success: exit 130/143, what
finished and the exact resume command are printed, and no results table is overwritten.
A run started as a script's background job (Ctrl-C ignored) stops on SIGTERM alike.
The same holds for a `clinbench resume` stopped with Ctrl-C, and a second resume then
finishes the run with nothing lost and nothing counted twice."""

from __future__ import annotations

import signal
import subprocess

import pandas as pd
import pytest
from inspect_ai.log import list_eval_logs, read_eval_log, read_eval_log_sample_summaries

from clinbench.results.export import results_table
from clinbench.summary import accuracy_table
from tests.slow_server import CLINBENCH, mcq_bank, wait_until

N_ITEMS = 40
DELAY = 0.3
STOP_AFTER = 4  # answered replies before the signal


def _as_a_background_job() -> None:
    """Start the run as a script's background job does: POSIX shells start asynchronous
    commands with SIGINT and SIGQUIT ignored when job control is off."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)


@pytest.mark.parametrize(
    ("sig", "code", "started"),
    [
        (signal.SIGINT, 130, None),
        (signal.SIGTERM, 143, None),
        # `kill` of a background job whose Ctrl-C is ignored: the SIGTERM handler passes the
        # stop on as a SIGINT, which was lost with it, and the run went on to the end
        (signal.SIGTERM, 143, _as_a_background_job),
    ],
)
def test_a_stopped_run_exits_non_zero_names_the_resume_command_and_keeps_the_old_table(
    tmp_path, slow_server, sig, code, started
):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    out = tmp_path / "results.csv"
    out.write_text("the table of an earlier, complete run\n")
    # the server holds the call after the fourth answer, so one call is surely in flight
    # when the signal comes (without the hold the stop could fall between two calls)
    slow_server.reset(delay=DELAY, hold_after=STOP_AFTER)
    run = subprocess.Popen(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
         "--max-connections", "1", "--log-dir", str(log_dir), "--display", "none",
         "--out", str(out), "-M", "max_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=started,
    )  # fmt: skip

    def in_flight() -> bool:
        asked = len(slow_server.asked.get("first run", []))
        return len(slow_server.answered_in()) >= STOP_AFTER and asked > STOP_AFTER

    try:
        wait_until(in_flight, run, what="4 answers and a fifth call held")
        run.send_signal(sig)
        output = run.communicate(timeout=120)[0]
    finally:
        slow_server.release.set()
    assert run.returncode == code, output
    assert "successfully" not in output and "(success)" not in output
    assert "interrupted" in output.lower()
    assert f"clinbench resume {log_dir}" in output, output
    assert "of 40 samples" in output  # what finished
    assert out.read_text() == "the table of an earlier, complete run\n"  # never overwritten
    # the samples the stop cut off mid-call are disclosed as not run: never as failed calls
    # (error rows) and never as results; the outcome table counts them apart
    frame = results_table(log_dir, on_skip=lambda _message: None)
    counts = frame["outcome"].value_counts().to_dict()
    assert set(counts) <= {"correct", "cancelled"} and counts.get("cancelled", 0) >= 1, counts
    row = accuracy_table(frame, by=["model"]).iloc[0]
    assert row["n"] == row["correct"] == counts["correct"]
    assert row["not run (stopped)"] == counts["cancelled"] and row["error"] == 0


def test_ctrl_c_during_resume_then_a_second_resume_loses_nothing_and_counts_nothing_twice(
    tmp_path, slow_server
):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    out = tmp_path / "results.csv"
    slow_server.reset(delay=DELAY)
    run = subprocess.Popen(
        [*CLINBENCH, "run", str(items), "--model", "openai-api/local/slow",
         "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
         "-M", "max_retries=0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    wait_until(lambda: len(slow_server.answered_in()) >= STOP_AFTER, run, what="4 answers")
    run.send_signal(signal.SIGINT)
    assert run.wait(timeout=120) == 130, run.communicate()[0]
    run.communicate()

    slow_server.phase = "first resume"
    resume = [*CLINBENCH, "resume", str(log_dir), "--display", "none", "--out", str(out)]
    first = subprocess.Popen(resume, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_until(lambda: len(slow_server.answered_in("first resume")) >= STOP_AFTER, first,
               what="4 answers on resume")  # fmt: skip
    first.send_signal(signal.SIGINT)
    output = first.communicate(timeout=120)[0]
    assert first.returncode == 130, output
    assert "successfully" not in output and "(success)" not in output
    assert f"clinbench resume {log_dir} --out {out}" in output, output
    assert "of 40 samples finished" in output, output
    assert not out.exists()  # a partial table is never written as the results

    slow_server.phase = "second resume"
    second = subprocess.run(resume, capture_output=True, text=True, timeout=300)
    assert second.returncode == 0, second.stdout + second.stderr
    frame = results_table(log_dir, on_skip=lambda _message: None)
    lost = {f"q{i:03d}" for i in range(N_ITEMS)} - set(frame["item_id"])
    duplicated = int(frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).sum())
    assert not lost and duplicated == 0 and len(frame) == N_ITEMS
    assert set(frame["outcome"]) == {"correct"}
    # what the stopped run and the stopped resume logged is kept, never asked again
    kept = set()
    for log in list_eval_logs(str(log_dir)):
        if read_eval_log(log.name, header_only=True).status == "cancelled":
            kept |= {str(s.id) for s in read_eval_log_sample_summaries(log.name) if not s.error}
    asked_last = slow_server.asked.get("second resume", [])
    # both stops kept finished samples (each stop came after 4 answers; on a loaded machine a
    # stop can land before the last of them is logged, so not all 8 need be there)
    assert len(kept) >= STOP_AFTER, kept
    assert not kept & set(asked_last)
    assert len(asked_last) == len(set(asked_last)) == N_ITEMS - len(kept)
    exported = pd.read_csv(out)  # the second resume, which finished, wrote the table
    assert len(exported) == N_ITEMS and set(exported["outcome"]) == {"correct"}
