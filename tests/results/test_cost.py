"""Tokens, time and cost per model from a fixture price table (issue 18 item 3)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.item_tasks import clinbench_items
from clinbench.report.cost_section import cost_section
from clinbench.results import read_results
from clinbench.results.cost import (
    PriceTableError,
    add_costs,
    cost_summary,
    read_prices,
)
from clinbench.results.export import results_table

runner = CliRunner()
_mount()

PRICES = """
source: fixture prices written for this test, not any provider's list
models:
  clinbench/chance: {input_per_million: 3.0, output_per_million: 15.0}
  clinbench/replay/fixture-model:
    input_per_million: 1.0
    output_per_million: 2.0
    energy_wh_per_1k_tokens: 0.5
"""


@pytest.fixture(scope="module")
def chance_log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    log = inspect_eval(clinbench_items(), model="clinbench/chance", log_dir=str(folder),
                       display="none")[0]  # fmt: skip
    return log


def _prices(tmp_path, text=PRICES):
    path = tmp_path / "prices.yaml"
    path.write_text(text)
    return path


def test_rows_carry_tokens_latency_and_the_item_set(chance_log):
    frame = results_table(chance_log.location)
    assert frame["input_tokens"].notna().all() and frame["latency_s"].ge(0).all()
    assert frame["item_set_sha256"].str.fullmatch(r"[0-9a-f]{64}").all()
    assert (frame["n_items"] == len(chance_log.samples)).all()
    assert (frame["task_version"] == "1").all()


def test_cost_is_tokens_times_price_from_the_log_usage(chance_log, tmp_path):
    prices = read_prices(_prices(tmp_path))
    frame = add_costs(results_table(chance_log.location), prices)
    for sample in chance_log.samples:  # expected from the log's own usage, not the table
        usage = sample.model_usage["clinbench/chance"]
        expected = (usage.input_tokens * 3.0 + usage.output_tokens * 15.0) / 1e6
        got = frame.loc[frame["item_id"] == str(sample.id), "cost_usd"].iloc[0]
        assert got == pytest.approx(expected)


def test_summary_per_100_and_per_correct_with_intervals(chance_log, tmp_path):
    prices = read_prices(_prices(tmp_path))
    frame = results_table(chance_log.location)
    table = cost_summary(frame, prices, n_boot=500)
    row = table.iloc[0]
    costs = add_costs(frame, prices).drop_duplicates(["item_id", "epoch"])["cost_usd"]
    assert row["cost per 100 items"] == pytest.approx(100 * costs.mean())
    correct = frame[frame["outcome"] == "correct"]["item_id"].nunique()
    assert row["correct"] == correct
    if correct:
        assert row["cost per correct"] == pytest.approx(costs.sum() / correct)
        assert row["per-correct CI95% low"] <= row["cost per correct"]
        assert row["per-correct CI95% high"] >= row["cost per correct"]
    assert row["per-100 CI95% low"] <= row["cost per 100 items"] <= row["per-100 CI95% high"]
    assert row["energy Wh (estimate, user figure)"] is None  # no energy figure given


def test_unpriced_model_has_no_cost_not_zero(chance_log, tmp_path):
    text = "models:\n  some/other-model: {input_per_million: 1, output_per_million: 1}\n"
    table = cost_summary(results_table(chance_log.location), read_prices(_prices(tmp_path, text)))
    assert math.isnan(table.iloc[0]["cost_usd"]) and table.iloc[0]["priced"] == 0


def test_energy_only_from_the_users_figure():
    rows = pd.DataFrame({
        "model": ["clinbench/replay/fixture-model"] * 2, "task": "t", "condition": "default",
        "item_id": ["a", "b"], "epoch": 1, "outcome": ["correct", "incorrect"],
        "input_tokens": [1000, 3000], "output_tokens": [500, 500], "reasoning_tokens": None,
        "latency_s": [1.0, 2.0], "cost_usd": np.nan,
    })  # fmt: skip
    prices = read_prices_text(PRICES)
    row = cost_summary(rows, prices, n_boot=200).iloc[0]
    assert row["energy Wh (estimate, user figure)"] == pytest.approx(5000 / 1000 * 0.5)
    assert row["cost_usd"] == pytest.approx((4000 * 1.0 + 1000 * 2.0) / 1e6)
    assert row["cost per correct"] == pytest.approx(row["cost_usd"] / 1)


def read_prices_text(text):
    import yaml

    from clinbench.results.cost import PriceTable

    return PriceTable.model_validate(yaml.safe_load(text))


def test_reasoning_tokens_billed_apart_only_when_the_table_says_so():
    from clinbench.results.cost import ModelPrice, reply_cost

    inside = ModelPrice(input_per_million=1, output_per_million=10)
    apart = ModelPrice(input_per_million=1, output_per_million=10, reasoning_per_million=20,
                       reasoning_separate=True)  # fmt: skip
    assert reply_cost(inside, 100, 50, 30) == pytest.approx((100 + 500) / 1e6)
    assert reply_cost(apart, 100, 50, 30) == pytest.approx((100 + 500 + 600) / 1e6)
    assert math.isnan(reply_cost(inside, None, 50, 0))


def test_bad_price_table_names_the_field_and_cli_exits_2(tmp_path, chance_log):
    bad = _prices(tmp_path, "models:\n  m: {input_per_million: -1, output_per_million: 1}\n")
    with pytest.raises(PriceTableError, match=r"prices.yaml: models.m.input_per_million"):
        read_prices(bad)
    out = tmp_path / "r.parquet"
    args = ["results", "export", chance_log.location, "--prices", str(bad), "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and not out.exists()


def test_export_with_prices_and_cost_command(tmp_path, chance_log):
    out = tmp_path / "r.parquet"
    prices = _prices(tmp_path)
    args = ["results", "export", chance_log.location, "--prices", str(prices), "-o", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    assert read_results(out)["cost_usd"].gt(0).all()
    result = runner.invoke(app, ["results", "cost", str(out)])
    assert result.exit_code == 0 and "per correct" in result.output
    section = cost_section(read_results(out))
    assert (
        section is not None
        and not section.tables["Cost, time and tokens by task and model"]["cost per 100 items"]
        .isna()
        .any()
    )


def test_a_table_with_no_cost_says_how_to_price_it(tmp_path, chance_log):
    """realuse6: `results cost` of SmolLM2's run printed only "no cost: 0 of 2 replies
    priced", not how to price them; with a price table that lacks the model, which one."""
    result = runner.invoke(app, ["results", "cost", chance_log.location])
    text = " ".join(result.output.split())
    assert result.exit_code == 0 and "--prices" in text, result.output
    other = _prices(tmp_path, "source: test\nmodels:\n  some/model: {input_per_million: 1, "
                              "output_per_million: 1}\n")  # fmt: skip
    result = runner.invoke(app, ["results", "cost", chance_log.location, "--prices", str(other)])
    text = " ".join(result.output.split())
    assert "clinbench/chance is not in" in text and str(other) in text, result.output
