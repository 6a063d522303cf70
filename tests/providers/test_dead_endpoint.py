"""A provider URL where nothing listens stops ``run`` and ``resume`` with one line (surf32).

A run whose model's endpoint was a free port on 127.0.0.1 sent every sample's call there: each
failed after its retries (56 s for 2 ausclin samples), a warning per sample, every table of a
run with no reply, and a closing line naming ``httpcore2.ConnectError``, not the address.
``clinbench run`` and ``clinbench resume`` now check each model's loopback endpoint first:
one line naming it, exit 2, no traceback and nothing run. An endpoint where a server listens
runs as before.
"""

from __future__ import annotations

from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.providers.local_server import free_port
from clinbench.runner import CallLimits, run_benchmark
from tests.local_openai import OpenAIHandler, serve

_mount()


class Answers(OpenAIHandler):
    requests: list[dict] = []

    def reply(self, body: dict) -> str:
        return "B"


def _cli(*args: str):
    return CliRunner().invoke(app, [*args, "--display", "none"], env={"COLUMNS": "80"})


def _said_once(result, endpoint: str) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # no crash under it
    assert len(lines) == 1, result.output  # one line, and it names the endpoint
    assert endpoint in lines[0] and lines[0].startswith("error: nothing listens at"), lines
    return lines[0]


def test_run_names_the_dead_endpoint_and_runs_nothing(tmp_path, monkeypatch):
    dead = f"http://127.0.0.1:{free_port()}/v1"
    monkeypatch.setenv("DEAD_BASE_URL", dead)
    monkeypatch.setenv("DEAD_API_KEY", "k")
    logs = tmp_path / "logs"
    common = ["run", "audiology_objective", "--limit", "1", "--log-dir", str(logs)]
    line = _said_once(_cli(*common, "--model", "openai-api/dead/m"), dead)
    assert "openai-api/dead/m" in line
    # the same address given as a model argument
    monkeypatch.setenv("OTHER_API_KEY", "k")
    _said_once(_cli(*common, "--model", "openai-api/other/m", "-M", f"base_url={dead}"), dead)
    assert not logs.exists() or not list(logs.glob("*.eval"))  # nothing ran
    # a server there: the run goes on and asks it
    with serve(Answers, monkeypatch) as live:
        monkeypatch.setenv("DEAD_BASE_URL", f"http://127.0.0.1:{live.server_port}/v1")
        ran = _cli(*common, "--model", "openai-api/dead/m", "--max-retries", "0")
    assert ran.exit_code == 0 and Answers.requests, ran.output


def test_resume_names_the_dead_endpoint(tmp_path, monkeypatch):
    dead = f"http://127.0.0.1:{free_port()}/v1"
    monkeypatch.setenv("DEAD_BASE_URL", dead)
    monkeypatch.setenv("DEAD_API_KEY", "k")
    logs = tmp_path / "logs"
    # the Python API runs on against it and records the errors (a notebook keeps them)
    first = run_benchmark(["audiology_objective"], ["openai-api/dead/m"], logs,
                          CallLimits(max_retries=0, max_connections=1), limit=1)  # fmt: skip
    assert set(first.results["outcome"]) == {"error"}
    _said_once(_cli("resume", str(logs), "--errors"), dead)
