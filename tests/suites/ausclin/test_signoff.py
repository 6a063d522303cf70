"""The second clinician's sign-off record of the evidence behind severity labels."""

from __future__ import annotations

import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from typer.testing import CliRunner

from clinbench.cli.ausclin_commands import app
from clinbench.suites.ausclin.items import load_ausclin_items
from clinbench.suites.ausclin.signoff import (
    SignoffError,
    read_signoff,
    signoff_sheet,
    signoff_summary,
)
from clinbench.suites.ausclin.tasks import SAMPLE_ITEMS


@pytest.fixture
def bank():
    return load_ausclin_items([SAMPLE_ITEMS])


def _filled(bank, tmp_path):
    sheet = signoff_sheet(bank)
    sheet.loc[:, ["reviewer", "signed_on"]] = ["Dr Second", "2026-11-30"]
    sheet["decision"] = "agree"
    sheet.loc[1, ["decision", "their_label", "note"]] = ["disagree", "superseded", "was AU rule"]
    sheet.loc[len(sheet) - 1, ["reviewer", "decision", "signed_on"]] = ["", "", ""]  # unsigned
    path = tmp_path / "filled.csv"
    sheet.to_csv(path, index=False)
    return sheet, path


def test_sheet_lists_every_evidenced_value_once(bank):
    sheet = signoff_sheet(bank)
    assert len(sheet) == sum(len(i.wrong_values) for i in bank) > 0
    assert sheet["evidence_id"].is_unique
    assert (sheet[["reviewer", "decision"]] == "").all().all()


def test_record_counts_agreement_and_kappa(bank, tmp_path):
    sheet, path = _filled(bank, tmp_path)
    record = read_signoff(path, bank).set_index("evidence_id")
    assert record.loc[sheet.loc[1, "evidence_id"], "status"] == "disagreed"
    assert record.loc[sheet.loc[len(sheet) - 1, "evidence_id"], "status"] == "unsigned"
    summary = signoff_summary(record.reset_index()).set_index("label")
    assert summary.loc["all", "agreed"] == len(sheet) - 2
    assert summary.loc["all", "disagreed"] == 1 and summary.loc["all", "unsigned"] == 1
    signed = record[record["status"] != "unsigned"]
    expected = cohen_kappa_score(
        signed["label"],
        signed["their_label"],
        labels=["superseded", "foreign", "fabricated", "unsupported"],
    )
    assert summary.loc["all", "kappa_first_vs_second"] == pytest.approx(expected)


def test_bad_rows_are_all_listed_and_stale_evidence_is_refused(bank, tmp_path):
    sheet, _ = _filled(bank, tmp_path)
    sheet.loc[0, "decision"] = "maybe"
    sheet.loc[2, ["decision", "their_label", "note"]] = ["disagree", "", ""]
    sheet.loc[3, "signed_on"] = "last week"
    path = tmp_path / "bad.csv"
    sheet.to_csv(path, index=False)
    with pytest.raises(SignoffError) as err:
        read_signoff(path, bank)
    text = str(err.value)
    assert f"{path}:2: decision: 'maybe'" in text
    assert f"{path}:4: their_label" in text and f"{path}:4: note" in text
    assert f"{path}:5: signed_on" in text
    # the evidence of one value edited after the sheet was written: its row no longer matches
    _, good = _filled(bank, tmp_path)
    first = next(i for i in bank if i.wrong_values)
    edited = first.wrong_values[0].model_copy(update={"quote": "A different quote."})
    changed = [first.model_copy(update={"wrong_values": [edited, *first.wrong_values[1:]]}),
               *[i for i in bank if i is not first]]  # fmt: skip
    with pytest.raises(SignoffError, match="evidence changed since the sheet was written"):
        read_signoff(good, changed)


def test_commands_write_the_sheet_and_read_it_back(bank, tmp_path):
    runner = CliRunner()
    sheet_path = tmp_path / "sheet.csv"
    made = runner.invoke(app, ["signoff-sheet", str(SAMPLE_ITEMS), "-o", str(sheet_path),
                               "-f", "csv"])  # fmt: skip
    assert made.exit_code == 0, made.output
    assert len(pd.read_csv(sheet_path)) == len(signoff_sheet(bank))
    _, filled = _filled(bank, tmp_path)
    record = tmp_path / "record.csv"
    read = runner.invoke(app, ["signoff", str(SAMPLE_ITEMS), "--sheet", str(filled), "-o",
                               str(record), "-f", "csv"])  # fmt: skip
    assert read.exit_code == 0, read.output
    assert "disagreed" in read.output and "was AU rule" in read.output
    assert set(pd.read_csv(record)["status"]) == {"agreed", "disagreed", "unsigned"}
    bad = tmp_path / "bad.csv"
    pd.read_csv(filled, dtype=str, keep_default_na=False).assign(decision="perhaps").to_csv(
        bad, index=False
    )
    refused = runner.invoke(app, ["signoff", str(SAMPLE_ITEMS), "--sheet", str(bad), "-o",
                                  str(tmp_path / "none.csv")])  # fmt: skip
    assert refused.exit_code == 2 and "decision: 'perhaps'" in refused.output
    assert not (tmp_path / "none.csv").exists()  # no partial output
