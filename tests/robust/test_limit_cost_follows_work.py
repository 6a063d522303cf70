"""`run --limit N` holds, prompts and logs the first N items only (the log header carried the
whole bank), while every item of the bank is still checked before the run."""

from __future__ import annotations

import json
from pathlib import Path

from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.items.sample import log_item_table

runner = CliRunner()
_mount()


def _bank(path: Path, n: int, bad_line: int | None = None) -> Path:
    rows = []
    for i in range(n):
        row = {"id": f"q{i}", "format": "mcq", "stem": f"Question {i}?",
               "options": {"A": "yes", "B": "no"}, "answer": "AB"[i % 2]}  # fmt: skip
        if i + 1 == bad_line:
            row["answer"] = "Z"
        rows.append(json.dumps(row))
    path.write_text("\n".join(rows) + "\n")
    return path


def test_limit_logs_only_the_items_it_asks(tmp_path):
    bank = _bank(tmp_path / "bank.jsonl", 2000)
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["run", str(bank), "--limit", "3", "--model", "clinbench/chance",
                                 "--log-dir", str(logs), "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output
    (log_file,) = logs.glob("*.eval")
    log = read_eval_log(str(log_file))
    assert len(log.samples) == 3
    assert len(log_item_table(log.eval.metadata)) == 3  # was 2000: the whole bank in the header
    assert log.eval.metadata["n_items"] == 3
    assert log_file.stat().st_size < 50_000


def test_limit_still_checks_every_item_first(tmp_path):
    bank = _bank(tmp_path / "bank.jsonl", 500, bad_line=480)
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["run", str(bank), "--limit", "3", "--model", "clinbench/chance",
                                 "--log-dir", str(logs), "--display", "none"])  # fmt: skip
    assert result.exit_code == 2
    assert f"{bank}:480: answer" in result.output
    assert not logs.exists() or not list(logs.glob("*.eval"))
