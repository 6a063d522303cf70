"""A run killed mid-way (SIGKILL) and resumed loses nothing, counts nothing twice and re-asks
at most the samples that were in flight when it died."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pandas as pd
from inspect_ai.log import list_eval_logs, read_eval_log

from clinbench.results.export import results_table
from tests.slow_server import CLINBENCH, mcq_bank

N_ITEMS = 16
DELAY = 0.4  # seconds per reply; with 2 connections the run takes ~3 s
KILL_AFTER = 6  # answered replies before the kill
SETTLE = 2.0  # seconds between the last answer before the kill and the kill


def _kill_mid_run(process: subprocess.Popen, chat) -> set[str]:
    """SIGKILL the run while the requests after the first KILL_AFTER are held in flight.

    The server answers KILL_AFTER requests and holds the rest, so the kill finds the client
    with those answers in hand and the next ones in flight however loaded the machine is; it
    waits SETTLE seconds after the last answer so the client has scored and logged it.
    Returns the items answered before the kill.
    """
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with chat.lock:
            answered = list(chat.answered)
            asked = len(chat.asked.get("first run", []))
        if (
            len(answered) >= KILL_AFTER
            and asked > KILL_AFTER
            and time.monotonic() - answered[-1][0] >= SETTLE
        ):
            os.kill(process.pid, signal.SIGKILL)
            with chat.lock:
                chat.phase = "resume"
                chat.release.set()
                return {item for _, _, item in chat.answered}
        if process.poll() is not None:
            raise AssertionError("the run finished before it could be killed")
        time.sleep(0.01)
    raise AssertionError("the run never reached the kill point")


def test_sigkill_then_resume_loses_nothing_and_counts_nothing_twice(tmp_path, slow_server):
    items = mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    chat = slow_server
    chat.reset(delay=DELAY, hold_after=KILL_AFTER)
    run = subprocess.Popen(
        [*CLINBENCH, "run", items.name, "--model", "openai-api/local/slow",
         "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
         "-M", "max_retries=0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path,
    )  # fmt: skip
    answered_before = _kill_mid_run(run, chat)
    run.wait(timeout=30)
    asked_before = set(chat.asked["first run"])
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
    asked_again = chat.asked.get("resume", [])
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
        return clinbench.runner.RunOutcome(True, [], pd.DataFrame(), None)

    monkeypatch.setattr(clinbench.runner, "resume", fake_resume)
    monkeypatch.setattr("clinbench.results.export.results_table", lambda *a, **k: pd.DataFrame())
    media = tmp_path / "media"
    media.mkdir()
    _mount()
    result = CliRunner().invoke(app, ["resume", str(tmp_path), "--media-root", str(media)])
    assert seen == [(media,)], result.output
    assert loader._MEDIA_ROOTS.get() == ()  # reset after the resume
