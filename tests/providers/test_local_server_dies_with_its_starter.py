"""A local server started for a run or a test session ends with the process that started it.

When pytest was killed with SIGTERM (CI's timeout, a person) during
tests/providers/test_real_local_model.py, its llama server was found running afterwards: an
orphan holding memory and a port. :func:`local_server.start_server` now runs the server under
a watchdog that stops it when its starter is gone; ``clinbench local start`` (``detach``)
still leaves it running until ``clinbench local stop``, as the README says.

No real model here: a stand-in ``llama_cpp.server`` (and the other modules the start path
checks for) on ``PYTHONPATH`` answers ``GET /v1/models`` and writes its pid, so the path is
start_server's own, from the command it builds to the wait until the server answers.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clinbench.providers import local_server

SRC = Path(__file__).resolve().parents[2] / "src"
STAND_IN = """
import http.server, os, sys
port = int(sys.argv[sys.argv.index("--port") + 1])
with open(os.environ["STAND_IN_PID"], "w") as f:
    f.write(str(os.getpid()))
class Models(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b'{"data": []}')
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", port), Models).serve_forever()
"""
STARTER = """
import sys, time
from clinbench.providers import local_server
server, new = local_server.start_server(sys.argv[1], ready_timeout=60, detach=sys.argv[2] == "1")
print(server.pid, server.port, flush=True)
time.sleep(600)
"""


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state == "Z"  # ended, not yet reaped by whoever adopted it


def _wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _gone(pid):
            return True
        time.sleep(0.1)
    return _gone(pid)


@pytest.fixture
def stand_in(tmp_path, monkeypatch):
    """Return the environment of a starter whose llama server is the stand-in."""
    fake = tmp_path / "fake"
    for module in local_server.SERVER_MODULES:
        (fake / module).mkdir(parents=True)
        (fake / module / "__init__.py").write_text("")
    (fake / "llama_cpp" / "server.py").write_text(STAND_IN)
    state = tmp_path / "state"
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(state))
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(fake), str(SRC)]),
        "STAND_IN_PID": str(tmp_path / "server.pid"),
        "CLINBENCH_STATE_DIR": str(state),
    }


def _start(tmp_path: Path, env: dict[str, str], detach: bool):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"not a model")
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER, str(model), "1" if detach else "0"],
        env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    line = starter.stdout.readline()
    assert line, "the starter printed no server"
    pid, port = map(int, line.split())
    server_pid = int((tmp_path / "server.pid").read_text())
    return starter, pid, port, server_pid


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_server_for_a_run_ends_when_its_starter_is_killed(tmp_path, stand_in, how):
    starter, pid, port, server_pid = _start(tmp_path, stand_in, detach=False)
    try:
        assert local_server.read_state().pid == pid
        assert local_server.answers(local_server.read_state())
        assert server_pid != pid and not _gone(server_pid)
        starter.send_signal(how)
        starter.wait(10)
        assert _wait_gone(server_pid, 5), f"the server (pid {server_pid}) outlived its starter"
        assert _wait_gone(pid, 5)
        assert not local_server.answers(local_server.read_state(), timeout=1)
        # the state file names a process that has ended: status says so and removes it
        assert local_server.server_status()[0] is None
    finally:
        starter.kill()
        for leftover in (pid, server_pid):
            if not _gone(leftover):
                os.kill(leftover, signal.SIGKILL)


def test_a_server_started_on_purpose_outlives_its_starter_until_stopped(tmp_path, stand_in):
    starter, pid, port, server_pid = _start(tmp_path, stand_in, detach=True)
    try:
        assert pid == server_pid  # no watchdog
        starter.send_signal(signal.SIGTERM)
        starter.wait(10)
        time.sleep(1)
        assert not _gone(server_pid) and local_server.answers(local_server.read_state())
        stopped, line = local_server.stop_server(grace=5)
        assert stopped is not None and stopped.pid == pid, line
        assert _wait_gone(server_pid, 5)
    finally:
        starter.kill()
        if not _gone(server_pid):
            os.kill(server_pid, signal.SIGKILL)


def test_stop_ends_a_tied_server_and_its_watchdog(tmp_path, stand_in):
    starter, pid, port, server_pid = _start(tmp_path, stand_in, detach=False)
    try:
        stopped, line = local_server.stop_server(grace=5)  # from another process, as the CLI
        assert stopped is not None and stopped.pid == pid, line
        assert _wait_gone(server_pid, 5) and _wait_gone(pid, 5)
        assert starter.poll() is None  # the starter itself is left running
    finally:
        starter.kill()
        for leftover in (pid, server_pid):
            if not _gone(leftover):
                os.kill(leftover, signal.SIGKILL)
