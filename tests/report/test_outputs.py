"""`clinbench analyze` and `clinbench report`: determinism, self-containment, input errors."""

import re

import pandas as pd
import pytest
import typer
from typer.testing import CliRunner

from clinbench.report.analyze import analyze
from clinbench.report.cli import register
from clinbench.report.generic import AnalysisOptions
from clinbench.report.html import write_report
from clinbench.report.load import ResultsInputError

FAST = AnalysisOptions(n_boot=300, seed=1)
runner = CliRunner()


@pytest.fixture(scope="module")
def cli_app():
    app = typer.Typer()
    register(app)
    return app


def _read_all(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_analyze_is_byte_identical_and_format_independent(results_files, tmp_path):
    parquet, csv = results_files
    first = analyze([parquet], tmp_path / "a", options=FAST)
    analyze([parquet], tmp_path / "b", options=FAST)
    analyze([csv], tmp_path / "c", options=FAST)
    a, b, c = (_read_all(tmp_path / x) for x in "abc")
    assert a == b
    # reading the CSV export gives the same tables (only the input listing differs)
    differing = {name for name in a if a[name] != c.get(name)}
    assert differing <= {n for n in a if "input-files" in n}
    assert any(p.name == "index.md" for p in first)
    assert sum(p.suffix == ".csv" for p in first) == sum(p.suffix == ".md" for p in first) - 1


def test_analyze_csv_values(results_files, tmp_path, results_df):
    analyze([results_files[0]], tmp_path / "out", options=FAST)
    name = next(p for p in (tmp_path / "out").iterdir() if "grades-by-question-type." in p.name
                and p.suffix == ".csv")  # fmt: skip
    table = pd.read_csv(name)
    graded = results_df[results_df.grade.fillna("") != ""]
    assert table["n"].sum() == len(graded)
    q1 = table[table.question == "Q1"].iloc[0]
    assert q1["D"] == ((graded.question == "Q1") & (graded.grade == "D")).sum()


def test_report_is_self_contained(results_df, tmp_path):
    out = write_report(results_df, tmp_path / "report.html", options=FAST)
    html = out.read_text()
    assert html.startswith("<!DOCTYPE html>")
    images = re.findall(r'<img src="([^"]+)"', html)
    assert images and all(src.startswith("data:image/png;base64,") for src in images)
    assert not re.search(r'(src|href)="(https?:)?//', html)  # nothing fetched from outside
    assert "<script" not in html
    assert html.count("<figcaption>") == len(images)
    for caption in re.findall(r"<figcaption>(.*?)</figcaption>", html, re.S):
        assert "n = " in caption
    again = write_report(results_df, tmp_path / "again.html", options=FAST).read_text()
    assert again == html


def test_cli_analyze_and_report(cli_app, results_files, tmp_path):
    result = runner.invoke(cli_app, ["analyze", str(results_files[0]), "--out",
                                     str(tmp_path / "tables"), "--n-boot", "200"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tables" / "index.md").exists()
    result = runner.invoke(cli_app, ["report", str(results_files[1]), "--out",
                                     str(tmp_path / "r.html"), "--n-boot", "200"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.html").stat().st_size > 10_000


def test_bad_results_file_exit_2_no_output(cli_app, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "suite,task,model,item_id,outcome,score\na,t,m,i1,correct,1\na,t,m,i2,correct,x\n"
    )
    out = tmp_path / "report.html"
    result = runner.invoke(cli_app, ["report", str(bad), "--out", str(out)])
    assert result.exit_code == 2
    assert f"{bad}: line 3: field 'score'" in result.output
    assert not out.exists()
    missing = tmp_path / "missing.csv"
    missing.write_text("suite,model\na,m\n")
    result = runner.invoke(cli_app, ["analyze", str(missing), "--out", str(tmp_path / "t")])
    assert result.exit_code == 2 and "missing column(s)" in result.output
    assert not (tmp_path / "t").exists()


def test_load_errors(tmp_path):
    with pytest.raises(ResultsInputError, match="no such file"):
        write_report([tmp_path / "nope.parquet"], tmp_path / "x.html")
    (tmp_path / "r.txt").write_text("x")
    with pytest.raises(ResultsInputError, match=".parquet or .csv"):
        analyze([tmp_path / "r.txt"], tmp_path / "o")
