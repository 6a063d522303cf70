"""The curation flow (AudiologyBench Figure 1): counts read from a real run's files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app
from clinbench.curate.curation_flow import CurationFlowError, curation_flow, flow_figure
from clinbench.suites import SUITES_DIR

EXAMPLE = SUITES_DIR / "audiology" / "data" / "curation_example"


def files(folder: Path) -> dict[str, Path]:
    return {
        "screening": folder / "screening.csv",
        "adapted": folder / "drafts.jsonl",
        "normalised": folder / "normalised.jsonl",
        "dedup": folder / "dedup" / "decisions.csv",
        "unique": folder / "unique.jsonl",
        "tagged": folder / "tagged.jsonl",
        "final": folder / "final.jsonl",
    }


def lines(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def test_the_bundled_run_is_counted_from_its_files():
    table = curation_flow(**files(EXAMPLE)).set_index("step")
    assert list(table.index) == [
        "screening",
        "adaptation",
        "normalisation",
        "deduplication",
        "difficulty tagging",
        "expert review",
    ]
    # each step's counts agree with the files themselves
    assert table.loc["screening", "in"] == lines(EXAMPLE / "passages.jsonl") == 8
    screening = pd.read_csv(EXAMPLE / "screening.csv", dtype=str, keep_default_na=False)
    assert table.loc["screening", "out"] == (screening["suitable"] == "True").sum() == 5
    assert table.loc["screening", "why"] == "2 judged unsuitable; 1 reply parse failed"
    assert table.loc["adaptation", "out"] == lines(EXAMPLE / "drafts.jsonl") == 4
    assert table.loc["adaptation", "why"] == "1 invalid item"
    assert table.loc["normalisation", "notes"] == "2 items changed"
    assert table.loc["deduplication", "out"] == lines(EXAMPLE / "unique.jsonl") == 3
    assert table.loc["deduplication", "why"] == "1 dropped as exact duplicate"
    assert table.loc["expert review", "out"] == lines(EXAMPLE / "final.jsonl") == 2
    assert table.loc["expert review", "why"] == "1 removed by reviewer"
    assert (table["set aside"] == table["in"] - table["out"]).all()
    # each step takes in what the one before it let out
    assert (table["in"].iloc[1:].to_numpy() == table["out"].iloc[:-1].to_numpy()).all()


def test_counts_follow_the_files(tmp_path):
    folder = tmp_path / "run"
    shutil.copytree(EXAMPLE, folder)
    review = pd.read_csv(folder / "final.review.csv", dtype=str, keep_default_na=False)
    review["decision"] = "keep"
    review.to_csv(folder / "final.review.csv", index=False)
    kept = [json.loads(x) for x in (folder / "tagged.jsonl").read_text().splitlines()]
    (folder / "final.jsonl").write_text("".join(json.dumps(x) + "\n" for x in kept))
    table = curation_flow(**files(folder)).set_index("step")
    assert table.loc["expert review", "out"] == 3 and table.loc["expert review", "why"] == ""
    assert table.loc["expert review", "notes"] == "3 kept"
    only = curation_flow(screening=folder / "screening.csv")
    assert list(only["step"]) == ["screening"]


def test_bad_or_missing_files_are_named(tmp_path):
    with pytest.raises(CurationFlowError, match="no curation file given"):
        curation_flow()
    with pytest.raises(CurationFlowError, match=r"nothing.csv: file not found"):
        curation_flow(screening=tmp_path / "nothing.csv")
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("passage_id,verdict\np1,yes\n")
    with pytest.raises(CurationFlowError, match=r"wrong.csv:1: suitable, status: column"):
        curation_flow(screening=wrong)
    with pytest.raises(CurationFlowError, match="give both"):
        curation_flow(dedup=EXAMPLE / "dedup" / "decisions.csv")


def test_figure_png_and_svg(tmp_path):
    table = curation_flow(**files(EXAMPLE))
    png = flow_figure(table, tmp_path / "flow.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = flow_figure(table, tmp_path / "flow.svg").read_text()
    for text in ("screening", "8 in", "1 dropped as exact duplicate", "2 kept"):
        assert text in svg
    again = flow_figure(table, tmp_path / "again.svg").read_text()
    assert again == svg  # no date in the file: the same run draws the same bytes
    with pytest.raises(CurationFlowError, match=r"\.png or \.svg"):
        flow_figure(table, tmp_path / "flow.pdf")


def test_flow_command(tmp_path):
    args = [a for k, v in files(EXAMPLE).items() for a in (f"--{k}", str(v))]
    done = CliRunner().invoke(
        app, ["flow", *args, "--figure", str(tmp_path / "f.png"), "--format", "csv"]
    )
    assert done.exit_code == 0, done.output
    assert "deduplication,4,3,1" in done.output and (tmp_path / "f.png").is_file()
    bad = CliRunner().invoke(app, ["flow", "--screening", str(tmp_path / "none.csv")])
    assert bad.exit_code != 0 and "none.csv: file not found" in bad.output
