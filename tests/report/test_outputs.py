"""`clinbench analyze` and `clinbench report`: determinism, self-containment, input errors."""

import re

import pandas as pd
import pytest
import typer
from typer.testing import CliRunner

from clinbench.cli.report_commands import register
from clinbench.report.analyze import analyze
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


@pytest.fixture(scope="module")
def analysis_dirs(results_files, tmp_path_factory):
    parquet, _ = results_files
    root = tmp_path_factory.mktemp("analysis")
    written = analyze([parquet], root / "a", options=FAST)
    analyze([parquet], root / "b", options=FAST)
    return root, written


def test_analyze_is_byte_identical(analysis_dirs):
    root, written = analysis_dirs
    assert _read_all(root / "a") == _read_all(root / "b")
    assert any(p.name == "index.md" for p in written)
    assert sum(p.suffix == ".csv" for p in written) == sum(p.suffix == ".md" for p in written) - 1


def test_cli_analyze_of_the_csv_export_gives_the_same_tables(cli_app, analysis_dirs, results_files):
    root, _ = analysis_dirs
    result = runner.invoke(cli_app, ["analyze", str(results_files[1]), "--out", str(root / "c"),
                                     "--n-boot", "300", "--seed", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    a, c = _read_all(root / "a"), _read_all(root / "c")
    assert set(a) == set(c)
    differing = {name for name in a if a[name] != c[name]}
    assert differing <= {n for n in a if "input-files" in n}  # only the file listing differs


def test_analyze_csv_values(analysis_dirs, results_df):
    root, _ = analysis_dirs
    name = next(p for p in (root / "a").iterdir() if "grades-by-question-type." in p.name
                and p.suffix == ".csv")  # fmt: skip
    table = pd.read_csv(name)
    graded = results_df[results_df.grade.fillna("") != ""]
    assert table["n"].sum() == len(graded)
    q1 = table[table.question == "Q1"].iloc[0]
    assert q1["D"] == ((graded.question == "Q1") & (graded.grade == "D")).sum()


def test_report_is_self_contained(report_file):
    html = report_file.read_text()
    assert html.startswith("<!DOCTYPE html>")
    images = re.findall(r'<img src="([^"]+)"', html)
    assert len(images) >= 5
    assert all(src.startswith("data:image/png;base64,") for src in images)
    assert not re.search(r'(src|href)="(https?:)?//', html)  # nothing fetched from outside
    assert "<script" not in html
    assert html.count("<figcaption>") == len(images)
    for caption in re.findall(r"<figcaption>(.*?)</figcaption>", html, re.S):
        assert "n = " in caption


def test_report_is_reproducible(results_df, tmp_path):
    small = results_df[results_df.task == "audiology_objective"]
    first = write_report(small, tmp_path / "one.html", options=FAST).read_bytes()
    second = write_report(small, tmp_path / "two.html", options=FAST).read_bytes()
    assert first == second


def test_cli_report(cli_app, results_df, tmp_path):
    path = tmp_path / "small.csv"
    results_df[results_df.task == "audiology_objective"].to_csv(path, index=False)
    result = runner.invoke(cli_app, ["report", str(path), "--out", str(tmp_path / "r.html"),
                                     "--n-boot", "200"])  # fmt: skip
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r.html").read_text()
    assert str(path) in html and "Leaderboard" in html


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
    # A quoted reply spanning lines: the row is reported at the line it starts on.
    spans = tmp_path / "spans.csv"
    spans.write_text(
        "suite,task,model,item_id,outcome,score,response\n"
        'a,t,m,i1,correct,1,"Q1 ...\nQ2 ...\nQ3 ..."\n'
        "a,t,m,i2,correct,x,short\n"
    )
    result = runner.invoke(cli_app, ["report", str(spans), "--out", str(out)])
    assert result.exit_code == 2
    assert f"{spans}: line 5: field 'score'" in result.output
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


def test_cli_report_audit_and_by(cli_app, results_df, tmp_path):
    from tests.report.test_findings import _audit_items

    path = tmp_path / "cases.csv"
    results_df[results_df.task == "audiology_cases"].to_csv(path, index=False)
    missing = runner.invoke(cli_app, ["report", str(path), "--audit", str(tmp_path / "none"),
                                      "--out", str(tmp_path / "x.html")])  # fmt: skip
    assert missing.exit_code == 2 and "no such file" in missing.output
    assert not (tmp_path / "x.html").exists()
    audit = tmp_path / "audit"
    audit.mkdir()
    _audit_items(results_df).to_csv(audit / "items.csv", index=False)
    args = ["report", str(path), "--audit", str(audit), "--by", "format",
            "--out", str(tmp_path / "r.html"), "--n-boot", "200"]  # fmt: skip
    result = runner.invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r.html").read_text()
    assert "Breakdown by format" in html and "grade weighted κ" in html


def test_analysis_is_the_same_with_its_bootstraps_drawn_ahead(results_df, tmp_path, monkeypatch):
    """The score distributions' bootstraps drawn in a helper process change no file."""
    from clinbench.stats import resample

    monkeypatch.setattr(resample, "_HELPER_MIN_DRAWS", 10**15)  # never a helper
    inline = analyze(results_df, tmp_path / "inline")
    started, taken = [], []
    real_init, real_take = resample.Prefetch.__init__, resample.Prefetch.take

    def init(self, requests, threads):
        started.append(len(requests))
        real_init(self, requests, threads)

    def take(self, values, n_boot, seed):
        got = real_take(self, values, n_boot, seed)
        taken.append(got is not None)
        return got

    monkeypatch.setattr(resample.Prefetch, "__init__", init)
    monkeypatch.setattr(resample.Prefetch, "take", take)
    monkeypatch.setattr(resample, "_HELPER_MIN_DRAWS", 0)  # always one
    ahead = analyze(results_df, tmp_path / "ahead")
    assert started and started[0] >= 2  # by question type and by model, at least
    assert sum(taken) >= started[0]  # each drawn ahead was used
    assert [p.name for p in inline] == [p.name for p in ahead]
    for a, b in zip(inline, ahead, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_a_markdown_out_is_refused_with_where_markdown_is(cli_app, tmp_path):
    """`report --out report.md` wrote the HTML report under a Markdown name (surf31)."""
    results = tmp_path / "results.csv"
    results.write_text("suite,task,model,item_id,outcome,score\na,t,m,i1,correct,1\n")
    out = tmp_path / "report.md"
    result = runner.invoke(cli_app, ["report", str(results), "--out", str(out)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert f"{out}: the report is one HTML file: give --out NAME.html" in said, said
    assert f"clinbench analyze {results} --out DIR" in said, said
    assert not out.exists()
