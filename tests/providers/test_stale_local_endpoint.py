"""A run whose LOCAL_BASE_URL is stale says so before it starts.

realuse5, SmolLM2 via `clinbench local`: `clinbench local stop`, then `local start` (a new free
port), and a run from the same shell, whose exports still named the old port. Each call
failed after its retries with "ConnectError: All connection attempts failed" (87 s for 2
samples), and nothing said that clinbench's local server was up at another address. Now a
notice comes first when nothing listens at that loopback address: it names the address of
clinbench's running server and the command that sets it, or, with none running, how to start
one. ``clinbench run`` then stops there, exit 2, nothing run (surf32: every call would fail
after its retries; the Python API runs on and records the errors); an address where a server
listens gets no notice.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict

from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.providers import local_server
from tests.local_openai import OpenAIHandler, serve

_mount()


class Answers(OpenAIHandler):
    requests: list[dict] = []

    def reply(self, body: dict) -> str:
        return "B"


def _run(tmp_path) -> str:
    args = ["run", "audiology_objective", "--model", "openai-api/local/smollm2", "--limit", "1",
            "--max-retries", "0", "--max-connections", "1", "--display", "none",
            "--log-dir", str(tmp_path / "logs")]  # fmt: skip
    result = CliRunner().invoke(app, args, env={"COLUMNS": "100"})
    said = " ".join(result.output.split())
    if "nothing listens" in said:  # the run stops before it starts, naming the endpoint
        assert result.exit_code == 2 and "Task:" not in said, said
        assert not (tmp_path / "logs").exists() or not list((tmp_path / "logs").glob("*.eval"))
    return said


def _record_server(tmp_path, monkeypatch, port: int) -> local_server.LocalServer:
    """Record a live clinbench local server on ``port`` (this test's process stands for it)."""
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path / "state"))
    server = local_server.LocalServer(pid=os.getpid(), port=port, model_path="m.gguf")
    local_server.state_file().parent.mkdir(parents=True)
    local_server.state_file().write_text(json.dumps(asdict(server)))
    return server


def test_exports_of_an_earlier_server_are_named_with_the_running_ones(tmp_path, monkeypatch):
    with serve(Answers, monkeypatch) as live:
        server = _record_server(tmp_path, monkeypatch, live.server_port)
        stale = f"http://127.0.0.1:{local_server.free_port()}/v1"  # the old port: nothing there
        monkeypatch.setenv("LOCAL_BASE_URL", stale)
        said = _run(tmp_path)
    assert f"nothing listens at LOCAL_BASE_URL {stale}" in said, said
    assert f"clinbench's local server runs at {server.base_url}" in said, said
    assert 'eval "$(clinbench local env)"' in said, said
    assert "then run this command again" in said, said


def test_nothing_listening_at_a_loopback_address_is_said_before_the_run(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path / "state"))  # no server recorded
    dead = f"http://127.0.0.1:{local_server.free_port()}/v1"
    monkeypatch.setenv("LOCAL_BASE_URL", dead)
    monkeypatch.setenv("LOCAL_API_KEY", "k")
    said = _run(tmp_path)
    assert f"nothing listens at LOCAL_BASE_URL {dead}" in said, said
    assert "clinbench local start" in said, said


def test_no_notice_when_the_exports_name_the_running_server(tmp_path, monkeypatch):
    with serve(Answers, monkeypatch) as live:
        _record_server(tmp_path, monkeypatch, live.server_port)
        said = _run(tmp_path)
    assert Answers.requests and "LOCAL_BASE_URL" not in said, said
