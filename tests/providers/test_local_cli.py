"""`clinbench local`: what it says without the extra, with no server, and with a stale state file.

The server itself (start, serve, stop) runs in test_real_local_model.py.
"""

from __future__ import annotations

import json
import sys

from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.providers import local_server

runner = CliRunner()
_mount()


def test_start_without_the_extra_says_in_one_line_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # the import fails: extra missing
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path))
    result = runner.invoke(app, ["local", "start"])
    assert result.exit_code == 2
    (line,) = [x for x in result.output.splitlines() if x.strip()]
    assert line.startswith("error: the local model server is not installed (missing: llama_cpp")
    assert "pip install -e '.[local]'" in line and "GGML_NATIVE=OFF" in line
    assert not (tmp_path / "local-server.json").exists()


def test_status_env_and_stop_with_no_server(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path))
    status = runner.invoke(app, ["local", "status"])
    assert status.exit_code == 1 and "no local server running" in status.output
    env = runner.invoke(app, ["local", "env"])
    assert env.exit_code == 1 and "clinbench local start" in env.output
    stop = runner.invoke(app, ["local", "stop"])
    assert stop.exit_code == 0 and "no local server running" in stop.output


def test_a_state_file_whose_process_ended_is_removed(tmp_path, monkeypatch):
    import subprocess

    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path))
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()  # a pid that no longer runs
    state = tmp_path / "local-server.json"
    state.write_text(json.dumps({"pid": ended.pid, "port": 1, "model_path": "m.gguf"}))
    server, line = local_server.server_status()
    assert server is None and f"pid {ended.pid} had ended" in line
    assert not state.exists()
    state.write_text(json.dumps({"pid": ended.pid, "port": 1, "model_path": "m.gguf"}))
    server, line = local_server.stop_server()  # stopping finds the same: nothing to stop
    assert server is None
    assert line == f"no local server running (pid {ended.pid} had ended; its state removed)"
    assert not state.exists()
    assert local_server.stop_server() == (None, "no local server running")


def test_the_printed_commands_match_the_server():
    server = local_server.LocalServer(pid=1, port=8123, model_path="m.gguf")
    assert server.base_url == "http://127.0.0.1:8123/v1"
    assert server.model == "openai-api/local/smollm2"
    assert server.exports().splitlines() == [
        "export LOCAL_BASE_URL=http://127.0.0.1:8123/v1", "export LOCAL_API_KEY=local"]  # fmt: skip
    assert server.run_command() == (
        "clinbench run ausclin --model openai-api/local/smollm2 --max-connections 1"
    )
