"""The clinical bar (F1 0.80-0.85) judged by interval, on a hand-made results table."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from scipy import stats
from typer.testing import CliRunner

from clinbench.cli.slp_commands import app
from clinbench.stats.proportions import wilson_interval
from clinbench.suites.slp.bar import bar_note, clinical_bar, parse_bar
from clinbench.suites.slp.scenario_tables import scenario_table


def _rows(model: str, correct: int, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        gold = "typically_developing" if i % 2 else "speech_disorder"
        other = "speech_disorder" if gold == "typically_developing" else "typically_developing"
        predicted = gold if i < correct else other
        rows.append({
            "suite": "slp", "task": "slp_disorder", "model": model, "item_id": f"s{i}",
            "condition": "audio", "outcome": "correct" if i < correct else "incorrect",
            "score_metadata": json.dumps({"gold_label": gold, "predicted_label": predicted}),
        })  # fmt: skip
    return rows


@pytest.fixture
def results() -> pd.DataFrame:
    # strong: 195/200 right (interval well above 0.85); weak: 100/200; close: 41/50
    return pd.DataFrame(
        _rows("strong", 195, 200) + _rows("weak", 100, 200) + _rows("close", 41, 50)
    )


def test_each_end_is_judged_by_the_interval(results):
    table = clinical_bar(results, (0.80, 0.85), resamples=400).set_index("model")
    assert table.loc["strong", "clinical bar"] == "reaches 0.85"
    assert table.loc["weak", "clinical bar"] == "below 0.80"
    assert table.loc["close", "vs 0.80"] == "undecided"  # 0.82 with n=50 spans 0.80
    # Micro F1 is 41 of 50 items right: its interval is that proportion's (Wilson)
    assert table.loc["close", "CI low"] == pytest.approx(wilson_interval(41, 50)[0])
    assert table.loc["close", "Micro F1"] == pytest.approx(41 / 50)
    note = bar_note(table.reset_index(), (0.80, 0.85))
    assert "strong" in note and "weak" not in note and "close" not in note


def test_parse_bar_and_the_command(results, tmp_path):
    assert parse_bar("0.80-0.85") == (0.80, 0.85) and parse_bar("0.8") == (0.8, 0.8)
    with pytest.raises(ValueError):
        parse_bar("0.9-0.8")
    path = tmp_path / "results.csv"
    results.to_csv(path, index=False)
    runner = CliRunner()
    out = runner.invoke(app, ["summary", str(path), "--bar", "0.80-0.85", "--resamples", "200",
                              "-f", "csv"])  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "reaches 0.85" in out.output and "reached by: strong" in out.output
    as_json = runner.invoke(app, ["summary", str(path), "--bar", "0.80-0.85", "--resamples",
                                  "200", "-f", "json"])  # fmt: skip
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["tables"]  # stdout holds one JSON document only
    assert runner.invoke(app, ["summary", str(path), "--bar", "high"]).exit_code == 2


def test_micro_f1_has_the_leaderboards_interval(results):
    # Single-label Micro F1 is the proportion of items labelled right (correct / scored), the
    # number the leaderboard shows as accuracy: one value, one interval, from one estimator.
    from clinbench.report.generic import leaderboard_section, normalise

    table = clinical_bar(results, (0.80, 0.85), resamples=200).set_index("model")
    board = leaderboard_section(normalise(results.assign(scorer="s", epoch=1)), figures=False)
    accuracy = board.tables["Accuracy by model"].set_index("model")
    for model in ("strong", "weak", "close"):
        assert table.loc[model, "Micro F1"] == pytest.approx(accuracy.loc[model, "accuracy"])
        low, high = accuracy.loc[model, "CI95%"]
        assert (table.loc[model, "CI low"], table.loc[model, "CI high"]) == pytest.approx(
            (low, high)
        )
        assert table.loc[model, "interval"] == "Wilson"


def test_macro_f1_keeps_the_bootstrap_interval_and_names_it(results):
    table = clinical_bar(results, (0.80, 0.85), metric="Macro F1", resamples=200)
    scen = scenario_table(results, resamples=200).set_index("model")
    row = table.set_index("model").loc["close"]
    z = stats.norm.ppf(0.975)
    expected = scen.loc["close", "Macro F1"] - z * scen.loc["close", "Macro F1 SD"]
    assert row["CI low"] == pytest.approx(expected)
    assert row["interval"] == "F1 +/- 1.96 bootstrap SD (200 resamples)"
