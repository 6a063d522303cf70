"""A results table named without .parquet or .csv is refused before any work: `run` used to
run every model call, write the log, then end in a traceback at the export (seen on a fresh
clone with `clinbench run items.jsonl --model ... --out /tmp/dead7`)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app

COMMANDS = [
    ["run", "ITEMS", "--model", "clinbench/chance"],
    ["resume", "LOGS"],
    ["results", "export", "LOGS"],
]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_out_without_a_table_suffix_exits_2_before_any_work(command, tmp_path):
    _mount()
    items = tmp_path / "items.jsonl"
    items.write_text('{"id": "q1", "format": "mcq", "stem": "2+2?", '
                     '"options": {"A": "3", "B": "4"}, "answer": "B"}\n')  # fmt: skip
    logs = tmp_path / "logs"
    logs.mkdir()
    args = [str(items) if a == "ITEMS" else str(logs) if a == "LOGS" else a for a in command]
    args += ["--log-dir", str(logs)] if command[0] == "run" else []
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "results")])
    assert result.exit_code == 2, result.output
    assert "--out must end in .parquet or .csv" in result.output
    assert not list(logs.iterdir())  # nothing was run
