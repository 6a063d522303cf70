"""The README's import example runs as written, from the repository root (issue 16)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from clinbench.cli import _mount, app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
_mount()


def _commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- import-example:start -->\n```bash\n(.*?)```", text, re.S)
    assert block, "README import example not found"
    return [shlex.split(line)[1:] for line in block.group(1).splitlines() if line.strip()]


def test_readme_import_example_works_as_written(tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    commands = _commands()
    assert len(commands) >= 4
    for args in commands:
        result = runner.invoke(app, [*args, "--display", "none"] if args[0] == "run" else args)
        assert result.exit_code == 0, (args, result.output)
    assert (tmp_path / "pubmedqa.parquet").exists() and (tmp_path / "mine.jsonl").exists()
