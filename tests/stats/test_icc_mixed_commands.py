"""`stats icc` (pingouin) and `stats mixed` (statsmodels) as commands, with --format (#29)."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.stats_commands import app
from clinbench.results import write_results
from clinbench.stats.synthetic import synthetic_case_results


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    df = synthetic_case_results(n_models=3, n_cases=25, seed=3)
    df = df[df["outcome"] == "graded"].reset_index(drop=True)
    return df, write_results(df, tmp_path_factory.mktemp("r") / "cases.parquet")


def test_icc_command_is_pingouin(cases):
    import pingouin as pg

    df, path = cases
    res = CliRunner().invoke(app, ["icc", str(path), "--targets", "item_id,question",
                                   "--raters", "model", "--format", "json"])  # fmt: skip
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["tables"][0]["rows"]
    df = df.assign(target=df["item_id"] + "/" + df["question"])
    expected = pg.intraclass_corr(df, targets="target", raters="model", ratings="score")
    got = {r["Type"]: r["ICC"] for r in rows}
    for row in expected.itertuples(index=False):
        assert got[row.Type] == pytest.approx(row.ICC)


def test_mixed_command_is_statsmodels(cases):
    from clinbench.stats.case_clustering import mixed_model

    df, path = cases
    res = CliRunner().invoke(app, ["mixed", str(path), "--format", "csv"])
    assert res.exit_code == 0, res.output
    fit = mixed_model(df, "score", "question", "item_id")
    assert f"{fit.icc:.6g}"[:5] in res.output
    assert "term,coef,SE,z,p-unc" in res.output
    text = CliRunner().invoke(app, ["mixed", str(path)])
    assert text.exit_code == 0 and "ICC" in text.output


def test_accuracy_small_sample_option(tmp_path):
    rows = pd.DataFrame({"model": "m", "task": "t", "item_id": [f"i{n % 30}" for n in range(90)],
                         "epoch": [n // 30 for n in range(90)],
                         "outcome": ["correct" if (n * 7) % 11 > 2 else "incorrect"
                                     for n in range(90)],
                         "response": [f"r{n}" for n in range(90)]})  # fmt: skip
    path = write_results(rows, tmp_path / "r.csv")
    plain = CliRunner().invoke(app, ["accuracy", str(path), "--json"])
    corrected = CliRunner().invoke(app, ["accuracy", str(path), "--json", "--small-sample"])
    a = json.loads(plain.output)["groups"][0]
    b = json.loads(corrected.output)["groups"][0]
    assert a["small_sample_factor"] == 1 and b["small_sample_factor"] == pytest.approx(30 / 29)
    assert b["se_cluster_all"] == pytest.approx(a["se_cluster_all"] * (30 / 29) ** 0.5)
    assert b["ci_all_high"] - b["ci_all_low"] > a["ci_all_high"] - a["ci_all_low"]
