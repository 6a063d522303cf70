"""A baseline that cannot answer a format (clinbench/rules on MCQ/TF/FIB items) is named once,
before the run, in one line, and its items show in the outcome table as "cannot answer: N":
a disclosed outcome, never a score, never an error, no warning per sample."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.item_tasks import SAMPLE_ITEMS
from clinbench.scoring import outcomes
from clinbench.summary import accuracy_table

runner = CliRunner()
_mount()


def _bank(tmp_path: Path) -> Path:
    lines = SAMPLE_ITEMS.read_text().splitlines()[:25]  # 11 mcq, 11 tf, 3 fib
    path = tmp_path / "items.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _table(stdout: str) -> dict:
    data = json.loads(stdout[stdout.index("{\n") : stdout.rindex("}") + 1])
    return next(t for t in data["tables"] if t["title"] == "Exact-match outcomes")


def test_rules_on_closed_items_is_named_once_and_shown_as_cannot_answer(tmp_path):
    bank, out = _bank(tmp_path), tmp_path / "results.csv"
    result = runner.invoke(app, ["run", str(bank), "--model", "clinbench/rules", "--model",
                                 "clinbench/chance", "--log-dir", str(tmp_path / "logs"),
                                 "--format", "json", "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    text = result.output
    assert "NoRuleBaseline" not in text and "Sample error" not in text, text
    named = [line for line in text.splitlines() if "cannot answer" in line and '"' not in line]
    assert len(named) == 1, named
    assert named[0].startswith("clinbench/rules cannot answer 25 fib/mcq/tf items"), named[0]
    assert result.stderr.index(named[0]) < result.stderr.index("Log:")  # before the run's logs
    frame = pd.read_csv(out, dtype=str, keep_default_na=False)
    rules = frame[frame["model"] == "clinbench/rules"]
    assert len(rules) == 25
    assert set(rules["outcome"]) == {outcomes.CANNOT_ANSWER}
    assert set(rules["score"]) == {""}  # never a score
    rows = {(r["model"], r["format"]): r for r in _table(result.stdout)["rows"]}
    assert rows[("clinbench/rules", "mcq")]["cannot answer"] == 11
    assert rows[("clinbench/rules", "fib")]["cannot answer"] == 3
    assert rows[("clinbench/rules", "mcq")]["error"] == 0
    assert rows[("clinbench/rules", "mcq")]["n"] == 0
    assert rows[("clinbench/rules", "mcq")]["accuracy (all)"] is None  # not 0.000
    assert rows[("clinbench/chance", "mcq")]["cannot answer"] == 0
    assert rows[("clinbench/chance", "mcq")]["n"] == 11
    assert any("Cannot answer" in note for note in _table(result.stdout)["notes"])


def test_cannot_answer_rows_enter_no_denominator():
    frame = pd.DataFrame(
        {
            "model": ["m"] * 4,
            "task": "t",
            "condition": "c",
            "item_id": ["a", "b", "c", "d"],
            "outcome": [outcomes.CORRECT, outcomes.INCORRECT, outcomes.CANNOT_ANSWER,
                        outcomes.CANNOT_ANSWER],
        }
    )  # fmt: skip
    row = accuracy_table(frame, by=["model"]).iloc[0]
    assert (row["n"], row["correct"], row["cannot answer"]) == (2, 1, 2)
    assert row["accuracy (all)"] == 0.5
