"""`clinbench stats ...`: JSON keys, published values through the CLI, clear input errors."""

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.stats_commands import app
from clinbench.stats.synthetic import synthetic_case_results

runner = CliRunner()


@pytest.fixture
def audit_csv(tmp_path):
    rows = [("yes", "1")] * 3 + [("yes", "0")] * 6 + [("no", "1")] * 9 + [("no", "0")] * 32
    path = tmp_path / "audit.csv"
    pd.DataFrame(rows, columns=["judge", "human"]).to_csv(path, index=False)
    return path


def _json(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_proportion_json_published():
    out = _json(["proportion", "1", "32", "--json"])
    assert set(out) == {"p", "ci"}
    assert [round(x, 3) for x in out["ci"]] == [0.006, 0.157]
    out = _json(["proportion", "52", "64", "--json"])
    assert [round(x, 3) for x in out["ci"]] == [0.700, 0.889]


def test_agreement_binary_json(audit_csv):
    out = _json(["agreement", str(audit_csv), "--a", "judge", "--b", "human", "--reference",
                 "b", "--json", "--n-boot", "500"])  # fmt: skip
    assert set(out) == {
        "n", "raw_agreement", "kappa", "kappa_ci", "pabak", "prevalence_index", "bias_index",
        "kappa_max", "sensitivity", "specificity", "ppv", "npv",
    }  # fmt: skip
    assert round(out["kappa"], 2) == 0.10 and round(out["kappa_max"], 2) == 0.82
    assert round(out["ppv"]["value"], 2) == 0.33 and len(out["ppv"]["ci"]) == 2


def test_agreement_ordinal_json(tmp_path):
    path = tmp_path / "grades.csv"
    pd.DataFrame({"a": list("ABCDABCDAB"), "b": list("ABCCABDDBB")}).to_csv(path, index=False)
    out = _json(["agreement", str(path), "--a", "a", "--b", "b", "--kind", "ordinal", "--json",
                 "--seed", "3", "--n-boot", "300"])  # fmt: skip
    assert {"kappa_quadratic", "kappa_quadratic_ci", "exact_agreement", "within_one"} <= set(out)
    assert out["exact_agreement"] == pytest.approx(0.7)
    assert out["within_one"] == pytest.approx(1.0)


def test_compare_json(tmp_path):
    path = tmp_path / "scores.csv"
    synthetic_case_results(n_cases=10).to_csv(path, index=False)
    out = _json(["compare", str(path), "--value", "score", "--group", "question", "--json"])
    assert set(out) == {"kruskal", "pairwise"}
    assert set(out["kruskal"]) == {"H", "df", "p", "eta2_h"}
    assert out["kruskal"]["df"] == 2 and len(out["pairwise"]) == 3
    assert set(out["pairwise"][0]) == {"a", "b", "U", "p_bonferroni", "rank_biserial", "cohen_d"}


def test_verdict_json():
    out = _json(["verdict", "137", "137", "--json"])
    assert out["decision"] == "KILL" and out["bar"] == 0.95


def test_bad_label_names_file_line_and_column(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("judge,human\n1,0\n1,maybe\n")
    result = runner.invoke(app, ["agreement", str(path), "--a", "judge", "--b", "human"])
    assert result.exit_code == 2
    assert f"{path}: line 3: column 'human'" in result.output


def test_missing_column_and_file(tmp_path, audit_csv):
    result = runner.invoke(app, ["agreement", str(audit_csv), "--a", "judge", "--b", "nope"])
    assert result.exit_code == 2 and "no column 'nope'" in result.output
    result = runner.invoke(app, ["compare", str(tmp_path / "x.csv"), "--value", "v",
                                 "--group", "g"])  # fmt: skip
    assert result.exit_code == 2 and "no such file" in result.output


def test_non_numeric_value(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("score,g\n1,a\n2,b\nabc,a\n")
    result = runner.invoke(app, ["compare", str(path), "--value", "score", "--group", "g"])
    assert result.exit_code == 2 and "line 4" in result.output


def test_proportion_bad_counts():
    assert runner.invoke(app, ["proportion", "5", "3"]).exit_code == 2


@pytest.mark.parametrize("command", ["proportion", "verdict"])
def test_counts_and_confidence_are_checked_alike(command):
    """Both commands of k out of n refuse counts out of range and a confidence outside (0, 1)."""
    for args, message in (
        (["5", "3"], "need 0 <= K <= N, got K=5, N=3"),
        (["--", "-1", "3"], "need 0 <= K <= N, got K=-1, N=3"),
        (["2", "3", "--confidence", "1.5"], "must be between 0 and 1"),
    ):
        result = runner.invoke(app, [command, *args])
        assert result.exit_code == 2 and message in result.output, result.output
