"""A judging role whose endpoint is dead fails the run loudly: `clinbench run` exits 3 and
names the role, how many of its calls failed and the first cause in the provider's words
(never tenacity's `RetryError[<Future ...>]`); the replies stay unscored, never graded and
never "no error", when its server closes every connection without answering (on 127.0.0.1,
started here). A port with nothing listening is known dead before the run: it stops at once,
exit 2, one line naming the endpoint."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.suites.audiology.tasks import CASE_ITEMS


def _closed_port() -> int:
    """Return a port on 127.0.0.1 with nothing listening (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_HUNG_UP = re.compile(r"disconnected|connection reset")


@contextmanager
def _hanging_up_server() -> Iterator[int]:
    """Serve on 127.0.0.1 a server that reads each request and closes without a reply."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.2)
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                try:
                    conn.recv(65536)
                except OSError:
                    pass

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        listener.close()


def _run(tmp_path, monkeypatch, port: int, *role_args: str, claim_reader: bool = False):
    monkeypatch.setenv("DEAD_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("DEAD_API_KEY", "x")
    _mount()
    out = tmp_path / "results.csv"
    args = ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "--model", "clinbench/rules",
            *(["-T", "claim_reader=model"] if claim_reader else []), *role_args,
            "--limit", "1", "--max-retries", "0", "--timeout", "30",
            "--log-dir", str(tmp_path / "logs"), "--display", "none",
            "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    return result, pd.read_csv(out, keep_default_na=False)


def test_a_grader_on_a_port_with_nothing_listening_stops_the_run_before_it_starts(
    tmp_path, monkeypatch
):
    # a local address where nothing listens is known dead before any call: one line naming
    # the endpoint, exit 2, nothing run and no results table (surf32, run's endpoint check)
    port = _closed_port()
    monkeypatch.setenv("DEAD_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("DEAD_API_KEY", "x")
    _mount()
    out = tmp_path / "results.csv"
    result = CliRunner().invoke(app, [
        "run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "--model", "clinbench/rules",
        "--grader", "openai-api/dead/g", "--limit", "1", "--log-dir", str(tmp_path / "logs"),
        "--display", "none", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0], result.output
    assert not out.exists()


def test_a_grader_that_hangs_up_fails_the_run(tmp_path, monkeypatch):
    with _hanging_up_server() as port:
        result, rows = _run(tmp_path, monkeypatch, port, "--grader", "openai-api/dead/g")
    assert result.exit_code == 3, result.output
    printed = " ".join(result.output.split())
    assert "grader" in printed and "openai-api/dead/g" in printed, printed
    assert "3 of 3" in printed, printed  # Q1-Q3 of the one case: every judgement failed
    assert "RetryError" not in printed and "Future" not in printed, printed
    # the first cause, in its own words: a server that closes without a reply is reported as
    # "disconnected", or as "connection reset" when its close meets unread request bytes (the
    # kernel's RST; which one depends on timing, seen once in a fresh-clone CI)
    assert _HUNG_UP.search(printed.lower()), printed
    judged = rows[rows["scorer"] == "rubric_adjudicator"]
    assert len(judged) == 3 and set(judged["outcome"]) == {"unscored"}
    assert all("RetryError" not in m for m in judged["score_metadata"])
    # the rubric's table keeps the judge's row (0 graded, 3 unscored), and the headline says
    # no reply was graded rather than point to a table that is not printed, and that the
    # judge's calls failed (no verdict came back to be unreadable)
    assert "Rubric-graded replies" in printed, printed
    for question in ("Q1", "Q2", "Q3"):
        assert (f"rules {question}: no graded reply; excluded: 0 unreadable, 1 judge call "
                "failed") in " ".join(printed.split()), printed  # fmt: skip


def test_a_claim_reader_that_hangs_up_fails_the_run(tmp_path, monkeypatch):
    with _hanging_up_server() as port:
        result, rows = _run(tmp_path, monkeypatch, port, "--model-role",
                            "claim_reader=openai-api/dead/c", claim_reader=True)  # fmt: skip
    assert result.exit_code == 3, result.output
    printed = " ".join(result.output.split())
    assert "claim_reader" in printed and "openai-api/dead/c" in printed, printed
    assert _HUNG_UP.search(printed.lower()), printed
    checked = rows[rows["scorer"] == "audiogram_fact_check"]
    assert len(checked) and set(checked["outcome"]) == {"unscored"}  # never "no error"
