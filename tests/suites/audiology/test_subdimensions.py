"""Subdimension table and critical-error cap tally from stored per-reply score metadata."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from scipy import stats
from typer.testing import CliRunner

from clinbench.cli.audiology_commands import app
from clinbench.suites.audiology.subdimensions import cap_tally, subdimension_table

DEFAULT = {"name": "clinbench-audiology-default", "path": "default", "version": 1}


def _row(question, grade, numerical, capped_by=(), outcome="graded"):
    meta = {"subscores": {"numerical_accuracy": numerical, "test_coverage": 5},
            "capped_by": list(capped_by), "rubric": DEFAULT}  # fmt: skip
    return {"model": "m", "scorer": "rubric_adjudicator", "question": question,
            "outcome": outcome, "grade": grade, "score_metadata": json.dumps(meta)}  # fmt: skip


@pytest.fixture
def results():
    rows = [
        _row("Q1", "D", 2, ["fabricated_result"]),
        _row("Q1", "D", 1, ["severity_misclassification", "fabricated_result"]),
        _row("Q1", "D", 3),
        _row("Q1", "A", 5),
        _row("Q1", "", 4, outcome="unscored"),  # the judge failed: never tallied
    ]
    return pd.DataFrame(rows)


def test_subdimension_means_weights_and_t_interval(results):
    from clinbench.stats.describe import bounded_t_interval

    table = subdimension_table(results).set_index("subdimension")
    row = table.loc["numerical_accuracy"]
    values = [2, 1, 3, 5]
    assert row["n"] == 4 and row["mean"] == pytest.approx(2.75)
    assert row["weight"] == 40  # from the default rubric file
    # the t interval on the logit scale inside the rubric's 1-5 points, as the case score's
    low, high = bounded_t_interval(values, (1, 5))
    assert (row["CI95% low"], row["CI95% high"]) == pytest.approx((low, high))
    plain = stats.t.interval(0.95, 3, loc=2.75, scale=stats.sem(values))
    assert row["CI95% low"] != pytest.approx(plain[0])


def test_a_subdimension_interval_never_runs_past_the_top_point():
    # judge points 5, 5, 5, 4, 4, 5, 5, 4, 5: a plain t interval ends above 5 (5.06)
    points = [5, 5, 5, 4, 4, 5, 5, 4, 5]
    rows = pd.DataFrame([_row("Q3", "A", p) for p in points])
    row = subdimension_table(rows).set_index("subdimension").loc["numerical_accuracy"]
    plain = stats.t.interval(0.95, len(points) - 1, loc=sum(points) / 9, scale=stats.sem(points))
    assert plain[1] > 5
    assert 1 <= row["CI95% low"] < row["mean"] < row["CI95% high"] <= 5


def test_cap_tally_counts_replies_carrying_a_cap(results):
    table = cap_tally(results).set_index(["question", "grade"])
    d = table.loc[("Q1", "D")]
    assert (d["graded"], d["capped"]) == (3, 2)
    assert d["share"] == pytest.approx(2 / 3)
    assert d["caps"] == "fabricated_result 2; severity_misclassification 1"
    assert table.loc[("Q1", "A"), "capped"] == 0


def test_commands_print_both_tables(results, tmp_path):
    path = tmp_path / "results.csv"
    results.to_csv(path, index=False)
    runner = CliRunner()
    out = runner.invoke(app, ["caps", str(path), "-f", "csv"])
    assert out.exit_code == 0 and "rubric_adjudicator,Q1,D,3,2," in out.output
    out = runner.invoke(app, ["subdimensions", str(path), "--by-model", "-f", "csv"])
    assert out.exit_code == 0 and ",m,Q1,numerical_accuracy,40" in out.output
    bad = tmp_path / "bad.csv"
    bad.write_text("model\nm\n")
    assert runner.invoke(app, ["caps", str(bad)]).exit_code == 2


def test_rubric_command_prints_the_file_in_use(tmp_path):
    import yaml

    from clinbench.suites.audiology.tasks import DATA

    raw = yaml.safe_load((DATA.parent / "rubric.yaml").read_text(encoding="utf-8"))
    result = CliRunner().invoke(app, ["rubric", "-f", "csv"])
    assert result.exit_code == 0, result.output
    for band in raw["grades"]:
        assert f"{band['grade']},{band['min']},{band['max']}," in result.output
    for name, error in raw["critical_errors"].items():
        assert f"{name},{error['label']},{error['cap']}," in result.output
    assert "C,60,74.99,True" in result.output and "D,40,59.99,False" in result.output
    missing = CliRunner().invoke(app, ["rubric", "--rubric", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2
