"""Messages are wrapped for a person at a terminal, never in a pipe, whatever ``$COLUMNS`` says.

The first landing of the wrapping (2cd5e82) also wrapped when ``$COLUMNS`` was set. In the
full suite (``-n 2``) about 40 bad-input and error-line tests then failed with their lines
wrapped, though each passed alone: GNU readline, which pytest imports at start, sets
``COLUMNS=80`` and ``LINES=24`` in the C environment of the pytest process, and each
pytest-xdist worker it starts inherits them, so every test of a worker ran with
``COLUMNS`` in ``os.environ`` and its output in a pipe. A script that runs clinbench with
``subprocess`` from a Python that imported readline (IPython, the prompt) hands it the same.
Now the stream a message goes to decides, at each call; ``$COLUMNS`` only gives the width.
"""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app, console, main

_mount()
SRC = Path(__file__).resolve().parents[2] / "src"
LONG = "a-folder-whose-name-is-long-enough-to-push-an-error-line-past-eighty-columns"


def _missing(tmp_path: Path) -> Path:
    return tmp_path / LONG / "logs"


def test_columns_left_set_does_not_wrap_an_error_in_a_pipe(tmp_path, monkeypatch, capsys):
    """A COLUMNS=80 invocation at a terminal wraps; then, in the same process and with
    COLUMNS=80 still set (as each xdist worker has it), an error line in a pipe stays one."""
    missing = _missing(tmp_path)
    args = ["results", "export", str(missing), "--out", str(tmp_path / "results.csv")]
    one_line = f"error: {missing}: no such log file or folder\n"
    monkeypatch.setenv("COLUMNS", "80")
    with monkeypatch.context() as terminal:
        terminal.setattr(console, "_is_terminal", lambda stream: True)
        at_terminal = CliRunner().invoke(app, args)
    assert at_terminal.exit_code == 2
    wrapped = at_terminal.output.strip().splitlines()
    assert len(wrapped) > 1 and all(len(line) <= 80 or " " not in line for line in wrapped)

    monkeypatch.setattr(sys, "argv", ["clinbench", *args])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 2
    assert capsys.readouterr().err == one_line
    # and the same through typer's runner, whose streams are no terminal either
    assert CliRunner().invoke(app, args).output == one_line


def _clinbench(args: list[str], **streams) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    # the parent imports readline first, as pytest or IPython does, then runs clinbench
    parent = (
        "import readline, subprocess, sys; sys.exit(subprocess.run([sys.executable, "
        "'-c', 'from clinbench.cli import main; main()', *sys.argv[1:]]).returncode)"
    )
    return subprocess.run([sys.executable, "-c", parent, *args], env=env, timeout=120,
                          **streams)  # fmt: skip


def test_a_real_terminal_wraps_and_a_pipe_from_a_readline_parent_does_not(tmp_path):
    missing = _missing(tmp_path)
    args = ["results", "export", str(missing), "--out", str(tmp_path / "results.csv")]
    one_line = f"error: {missing}: no such log file or folder"

    piped = _clinbench(args, capture_output=True, text=True)
    assert piped.returncode == 2
    assert piped.stderr == one_line + "\n"

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    try:  # the output is short: it waits in the terminal's buffer until read
        done = _clinbench(args, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
        os.close(slave)
        slave = -1
        said = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the terminal's other end is closed and drained
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
    assert done.returncode == 2
    lines = said.decode().replace("\r\n", "\n").strip().splitlines()
    assert len(lines) > 1, lines
    assert all(len(line) <= 60 or " " not in line for line in lines), lines
    assert " ".join(lines) == one_line
