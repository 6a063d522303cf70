"""`clinbench stats accuracy|classification RESULTS`: numbers re-derived from the table alone."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.stats_commands import app
from clinbench.results import write_results
from clinbench.results.schema import RESULT_COLUMNS

runner = CliRunner()
REFERENCE = [  # the hand-made set of tests/stats/test_classification.py
    ("i01", "a", "a", "correct"), ("i02", "a", "a", "correct"), ("i03", "a", "b", "incorrect"),
    ("i04", "b", "b", "correct"), ("i05", "b", "a", "incorrect"), ("i06", "b", "", "declined"),
    ("i07", "a", "", "parse_failed"), ("i08", "b", "", "parse_failed"),
    ("i09", "a", "c", "incorrect"), ("i10", "b", "b", "correct"),
]  # fmt: skip


def _table(epochs: int = 1, model: str = "m") -> pd.DataFrame:
    rows = []
    for epoch in range(1, epochs + 1):
        for item, gold, answer, outcome in REFERENCE:
            row = dict.fromkeys(RESULT_COLUMNS, "")
            row.update(suite="s", task="t", model=model, item_id=item, condition="default",
                       epoch=epoch, epochs=epochs, target=gold, extracted_answer=answer,
                       outcome=outcome, response=answer or "",
                       score=1.0 if outcome == "correct" else float("nan"))  # fmt: skip
            rows.append(row)
    return pd.DataFrame(rows, columns=RESULT_COLUMNS)


@pytest.fixture
def results_csv(tmp_path):
    return write_results(_table(), tmp_path / "results.csv")


def _json(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_accuracy_json_both_denominators(results_csv):
    out = _json(["accuracy", str(results_csv), "--json"])
    (row,) = out["groups"]
    assert (row["model"], row["task"], row["n_items"], row["n_epochs"]) == ("m", "t", 10, 1)
    assert row["accuracy_answered"] == pytest.approx(4 / 8)
    assert row["accuracy_all"] == pytest.approx(4 / 10)
    assert row["method"] == "wilson" and row["n_clusters"] == 10
    assert row["ci_answered_low"] < 0.5 < row["ci_answered_high"]


def test_accuracy_text_fits_80_columns_and_names_the_method(tmp_path):
    path = write_results(_table(epochs=3), tmp_path / "r.csv")
    result = runner.invoke(app, ["accuracy", str(path), "--by", "model"])
    assert result.exit_code == 0, result.output
    assert "accuracy (answered): 50.0%" in result.output
    assert "accuracy (all items): 40.0%" in result.output
    assert "wilson-clustered" in result.output and "10 item clusters" in result.output
    assert "identical replies in every epoch" in result.output  # the deterministic warning
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_classification_json(results_csv):
    out = _json(["classification", str(results_csv), "--json", "--labels", "a,b,c,d,e"])
    (row,) = out["groups"]
    assert row["labels"] == ["a", "b", "c"]
    assert row["macro_f1"] == pytest.approx(8 / 21) and row["micro_f1"] == pytest.approx(0.5)
    assert row["macro_f1_all_labels"] == pytest.approx(8 / 35)
    assert row["macro_f1_all"] == pytest.approx(1 / 3) and row["exact_match_all"] == 0.4


def test_classification_text(results_csv):
    result = runner.invoke(app, ["classification", str(results_csv)])
    assert result.exit_code == 0, result.output
    assert "macro_f1 0.381" in result.output and "labels: a, b, c" in result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_missing_file_and_column_are_clear_errors(tmp_path, results_csv):
    result = runner.invoke(app, ["accuracy", str(tmp_path / "nope.csv")])
    assert result.exit_code == 2 and "no such file" in result.output
    result = runner.invoke(app, ["accuracy", str(results_csv), "--by", "model,ward"])
    assert result.exit_code == 2 and "line 1: no column 'ward'" in result.output


def test_accuracy_text_counts_every_reply_it_leaves_out(tmp_path):
    """`stats accuracy` printed 'rows 10: answered 5, declined 0, parse failed 0, errors 0'
    for the real local model's ausclin run, whose other 5 replies were contradictory (a
    decline and an answer at once): excluded from accuracy, and named nowhere."""
    table = _table()
    table.loc[table["outcome"] == "parse_failed", "outcome"] = "contradictory"
    table.loc[table["item_id"] == "i06", "outcome"] = "refused"
    path = write_results(table, tmp_path / "r.csv")
    result = runner.invoke(app, ["accuracy", str(path), "--by", "model"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "answered 8, declined 0, parse failed 0, refused 1, contradictory 2, errors 0" in text
    lines = result.stdout.splitlines()
    assert not any(line.rstrip().endswith(("errors", "failed", "answered")) for line in lines)
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
