"""Normalisation: option letters, single MCQ key, FIB units and decimals, change logs."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app
from clinbench.curate.row_normalise import (
    normalise_files,
    normalise_row,
    standardise_numbers,
    standardise_units,
)
from clinbench.items.loader import load_items

runner = CliRunner()


def write_rows(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("20dbhl", "20 dB HL"),
        ("20 db HL", "20 dB HL"),
        ("4khz", "4 kHz"),
        ("1,000Hz", "1000 Hz"),
        (".5", "0.5"),
        ("0,5 ms", "0.5 ms"),
        ("0.50", "0.5"),
        ("20.0 dB", "20 dB"),
        ("65 dB SPL", "65 dB SPL"),
        ("50 %", "50%"),
        ("-100 dapa", "-100 daPa"),
        ("type B", "type B"),  # no number: unchanged
        ("2.05 ms", "2.05 ms"),
        ("250,500 Hz", "250,500 Hz"),  # could be a list of frequencies: never guessed
        ("1,5", "1,5"),  # list or European decimal: left as written
        ("8,000 Hz", "8000 Hz"),
    ],
)
def test_fib_answer_units_and_decimals(raw: str, expected: str) -> None:
    assert standardise_units(standardise_numbers(raw)) == expected


def test_mcq_letters_prefixes_key_and_quotes_are_logged() -> None:
    row = {
        "id": "q1",
        "format": "mcq",
        "stem": "Which  tympanogram \u201ctype\u201d fits  effusion?\t",
        "options": {"a": "A. Type A", "b": "B. Type B", "c": "C. Type C"},
        "answer": "(b)",
    }
    result = normalise_row(row)
    assert result.rejected == []
    assert result.row["options"] == {"A": "Type A", "B": "Type B", "C": "Type C"}
    assert result.row["answer"] == "B"
    assert result.row["stem"] == 'Which tympanogram "type" fits effusion?'
    rules = [(c["field"], c["rule"]) for c in result.changes]
    assert ("stem", "quotes") in rules and ("stem", "whitespace") in rules
    assert ("options", "option_letters") in rules
    assert ("options.B", "option_prefix") in rules
    assert ("answer", "option_letters") in rules
    answer_change = next(c for c in result.changes if c["field"] == "answer")
    assert (answer_change["before"], answer_change["after"]) == ("(b)", "B")
    assert row["answer"] == "(b)"  # the input row is not modified


def test_option_list_and_key_given_as_text() -> None:
    row = {
        "id": "q2",
        "format": "mcq",
        "stem": "Which cells generate otoacoustic emissions?",
        "options": ["Inner hair cells", "Outer hair cells", "Spiral ganglion cells"],
        "answer": "outer hair cells",
    }
    result = normalise_row(row)
    assert result.row["options"]["B"] == "Outer hair cells"
    assert result.row["answer"] == "B"


def test_prefix_kept_when_not_every_option_has_one() -> None:
    row = {
        "id": "q3",
        "format": "mcq",
        "stem": "Which organism most often causes otomycosis?",
        "options": {"A": "A. niger", "B": "Candida albicans", "C": "Staphylococcus aureus"},
        "answer": "A",
    }
    assert normalise_row(row).row["options"]["A"] == "A. niger"


@pytest.mark.parametrize(
    ("options", "answer", "reason"),
    [
        (["Type A", "Type B", "Type C"], "A, C", "keys several options"),
        (["Type A", "Type B", "Type C"], ["A", "B"], "an MCQ needs exactly one"),
        (["Type A", "type  b", "Type B"], "B", "have the same text"),
        (["Type A", "Type B"], "Type D", "names no option"),
    ],
)
def test_mcq_without_exactly_one_key_is_rejected(options, answer, reason) -> None:
    row = {"id": "q", "format": "mcq", "stem": "Which type?", "options": options, "answer": answer}
    result = normalise_row(row)
    assert result.rejected and reason in result.rejected[0][1]


def test_files_give_items_change_log_and_rejections(tmp_path: Path) -> None:
    raw = write_rows(
        tmp_path / "raw.jsonl",
        [
            {
                "id": "f1",
                "format": "fib",
                "stem": "A noise notch is centred near ____.",
                "answer": "4khz",
                "accept": ["4000hz"],
            },
            {
                "id": "f2",
                "format": "fib",
                "stem": "Mild loss (WHO 2021) starts at ____.",
                "answer": "20 dB HL",
            },
            {"id": "t1", "format": "tf", "stem": "Type B means  effusion.", "answer": "T"},
            {
                "id": "m1",
                "format": "mcq",
                "stem": "Which type?",
                "options": ["A", "B"],
                "answer": "A and B",
            },
        ],  # fmt: skip
    )
    items, changes, problems = normalise_files([raw])
    assert problems == []
    by_id = {i.id: i for i in items}
    assert set(by_id) == {"f1", "f2", "t1"}
    # the key is standardised; the listed alternatives stay as written, and the key's
    # original form is kept among them so that replies are scored as before
    assert by_id["f1"].answer == "4 kHz"
    assert by_id["f1"].accept == ["4000hz", "4khz"]
    assert by_id["t1"].answer is True
    assert "f2" not in set(changes["item_id"])  # already normal: no log rows
    f1 = changes[changes["item_id"] == "f1"]
    assert list(zip(f1["field"], f1["rule"], strict=True)) == [
        ("answer", "units"),
        ("accept", "accept_original"),
    ]
    assert (f1["source"] == f"{raw}:1").all()
    rejected = changes[changes["rule"] == "rejected"]
    assert list(rejected["item_id"]) == ["m1"]


def test_cli_writes_items_and_log_and_rejects_bad_rows(tmp_path: Path) -> None:
    raw = write_rows(
        tmp_path / "raw.jsonl",
        [{"id": "f1", "format": "fib", "stem": "Gap of ____.", "answer": "15db"}],
    )
    out = tmp_path / "norm.jsonl"
    result = runner.invoke(app, ["normalise", str(raw), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert load_items(out)[0].answer == "15 dB"
    log = pd.read_csv(tmp_path / "norm.changes.csv", dtype=str)
    assert list(log[["field", "rule", "before", "after"]].iloc[0]) == [
        "answer", "units", "15db", "15 dB",
    ]  # fmt: skip
    assert load_items(out)[0].accept == ["15db"]

    bad = write_rows(
        tmp_path / "bad.jsonl",
        [
            {"id": "f1", "format": "fib", "stem": "Gap of ____.", "answer": "15db"},
            {"id": "f2", "format": "fib", "stem": "Gap of ____."},
            {"id": "x", "format": "essay", "stem": "Discuss."},
        ],
    )
    out2 = tmp_path / "norm2.jsonl"
    result = runner.invoke(app, ["normalise", str(bad), "--out", str(out2)])
    assert result.exit_code == 2
    assert f"{bad}:2: answer: Field required" in result.output
    assert f"{bad}:3: format: unknown format 'essay'" in result.output
    assert not out2.exists()
