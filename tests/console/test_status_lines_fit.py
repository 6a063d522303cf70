"""Every line the commands a user runs print fits 80 columns, but a command or path to copy.

Before, the notices and status lines were printed as one line each, whatever the width: the
stale-address notice of a local model was about 190-230 columns, the failed-samples line 123,
a baseline's "cannot answer" notice over 100, Inspect's success line (held and printed by the
run) 120. Now prose is wrapped at words to the terminal width (80 here, through ``COLUMNS``,
the runner's streams taken for a terminal), and a command or a path stays whole: a command on
a line of its own, indented by two spaces, a path longer than the width alone on its line. In
a pipe or a file a message is not wrapped, ``COLUMNS`` set or not (each line whole, for grep;
the tables still fit 80 columns there): tests/console/test_wrapping_is_for_a_terminal_only.py.
"""

from __future__ import annotations

import functools
import re

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.messages import COMMAND_INDENT
from clinbench.providers import local_server

_mount()
WIDTH = 80
COMMANDS = ("clinbench ", "eval ", "inspect ")


def prose_over_width(text: str, width: int = WIDTH) -> list[str]:
    """Return the lines longer than ``width`` that are prose: not one word alone (a path, an
    address) and not a command on a line of its own."""
    over = []
    for line in text.splitlines():
        if len(line.rstrip()) <= width:
            continue
        alone = line.strip()
        if " " not in alone:
            continue  # a path or an address: whole, so it can be copied
        if line.startswith(COMMAND_INDENT) and alone.startswith(COMMANDS):
            continue  # a command: whole, so it can be copied
        over.append(line)
    return over


@pytest.fixture
def at_a_terminal(monkeypatch):
    """The messages' streams taken for a terminal (the runner's are not), as a person's are."""
    from clinbench.cli import console

    monkeypatch.setattr(console, "_is_terminal", lambda stream: True)


def _invoke(args: list[str], **env: str):
    return CliRunner().invoke(app, args, env={"COLUMNS": str(WIDTH), **env})


def test_the_check_sees_prose_and_spares_commands_and_paths():
    path = "/tmp/" + "x" * 90 + ".eval"
    command = f"{COMMAND_INDENT}clinbench resume {path} --out results.csv"
    prose = "word " * 20
    assert prose_over_width("\n".join([path, command, "short"])) == []
    assert prose_over_width(prose) == [prose]
    assert prose_over_width(f"Log: {path} (complete)") == [f"Log: {path} (complete)"]


def test_a_run_with_a_baseline_fits(tmp_path, sample_items_path, at_a_terminal):
    # clinbench/rules cannot answer the closed items: its notice comes first (was one line)
    result = _invoke(["run", str(sample_items_path), "--model", "clinbench/rules",
                      "--model", "clinbench/chance", "--limit", "6",
                      "--log-dir", str(tmp_path / "a-folder-with-a-long-name-for-its-logs"),
                      "--out", str(tmp_path / "results.csv")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "clinbench/rules cannot answer" in result.output
    assert prose_over_width(result.output) == []


def test_a_run_whose_local_model_is_down_fits(tmp_path, monkeypatch, at_a_terminal):
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path / "state"))  # no server recorded
    dead = f"http://127.0.0.1:{local_server.free_port()}/v1"
    result = _invoke(["run", "ausclin", "--model", "openai-api/local/smollm2", "--limit", "1",
                      "--max-retries", "0", "--log-dir", str(tmp_path / "logs")],
                     LOCAL_BASE_URL=dead, LOCAL_API_KEY="k")  # fmt: skip
    assert result.exit_code == 2, result.output  # stopped before it ran (surf32)
    said = result.output
    assert f"nothing listens at LOCAL_BASE_URL {dead}" in " ".join(said.split())
    # the commands to copy, each whole on a line of its own
    assert f"\n{COMMAND_INDENT}clinbench local start\n" in said, said
    assert f'\n{COMMAND_INDENT}eval "$(clinbench local env)"' in said, said
    assert re.search(r"^error: nothing listens at LOCAL_BASE_URL", said, re.M), said
    assert prose_over_width(said) == []


@pytest.mark.parametrize("command", [["local", "status"], ["local", "env"], ["local", "stop"]])
def test_local_commands_with_no_server_fit(command, tmp_path, monkeypatch, at_a_terminal):
    monkeypatch.setenv("CLINBENCH_STATE_DIR", str(tmp_path / "state"))
    result = _invoke(command)
    assert "no local server running" in result.output
    assert prose_over_width(result.output) == []


def test_the_demo_fits(tmp_path, monkeypatch, at_a_terminal):
    """The demo (its runs cut to 3 items each, to stay fast) at 80 columns."""
    from inspect_ai._display.core import active
    from inspect_ai.util import _display

    from clinbench import demo_runner as demo

    # as in the user's new process: no Inspect display left by a run earlier in this one (a
    # run's display stays for the process, and the demo's evals then print their panels)
    monkeypatch.setattr(active, "_active_display", None)
    monkeypatch.setattr(_display, "_display_type", None)
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, limit=3))
    out = tmp_path / "a-demo-folder-whose-name-is-long-enough-to-push-its-lines-past-80"
    result = _invoke(["demo", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"\n{COMMAND_INDENT}inspect view --log-dir {out / 'logs'}\n" in result.output
    assert prose_over_width(result.output) == []


def test_a_message_in_a_pipe_is_not_wrapped_but_its_commands_are_on_lines_of_their_own(
    monkeypatch,
):
    import io

    from clinbench.cli.console import fit_message
    from clinbench.messages import with_command

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    message = with_command("word " * 30 + "then run:", "clinbench local start")
    monkeypatch.setenv("COLUMNS", "40")
    # pytest's streams are no terminal: one line of prose, then the command, COLUMNS or not
    assert fit_message(message) == message
    assert fit_message(message, stream=io.StringIO()) == message
    wrapped = fit_message(message, stream=Terminal()).splitlines()
    assert max(len(line) for line in wrapped[:-1]) <= 40 and len(wrapped) > 2
    assert wrapped[-1] == f"{COMMAND_INDENT}clinbench local start"
