"""The best-model verdict under several epochs: the interval clusters by item.

A deterministic model asked 3 times gives no new information: the verdict and its interval
must be those of one epoch (a per-row Wilson interval would narrow and could flip it).
"""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import analysis


def _rows(model, outcomes, epochs=1, condition="blind"):
    return [
        {"model": model, "task": "ausclin", "condition": condition, "item_id": f"i{n}",
         "epoch": e, "outcome": o, "response": "{}", "score": 1.0 if o == "correct" else 0.0,
         "item_metadata": "{}"}
        for e in range(1, epochs + 1)
        for n, o in enumerate(outcomes)
    ]  # fmt: skip


def _table(rows):
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


@pytest.mark.parametrize("bar", [0.8, 0.9, 0.95])
def test_three_epochs_of_a_deterministic_model_give_the_one_epoch_verdict(bar):
    outcomes = ["correct"] * 38 + ["incorrect"] * 2  # 95% on 40 items
    one = analysis.best_model_verdict(_table(_rows("m", outcomes)), bar=bar).iloc[0]
    three = analysis.best_model_verdict(_table(_rows("m", outcomes, epochs=3)), bar=bar).iloc[0]
    assert three["verdict"] == one["verdict"]
    assert three["CI low"] == pytest.approx(one["CI low"], abs=1e-9)
    assert three["CI high"] == pytest.approx(one["CI high"], abs=1e-9)
    assert (one["items"], one["epochs"], three["items"], three["epochs"]) == (40, 1, 40, 3)
    assert one["interval"] == "wilson" and three["interval"] == "wilson-clustered"
    assert three["method"] == "wilson"  # the registered method; its clustered form was used


def test_per_row_wilson_would_have_flipped_it():
    """The defect: 120 rows read as 120 items narrow the interval past the bar."""
    from clinbench.stats.verdict import verdict

    outcomes = ["correct"] * 38 + ["incorrect"] * 2
    naive = verdict(114, 120, bar=0.88)
    clustered = analysis.best_model_verdict(_table(_rows("m", outcomes, epochs=3)), bar=0.88)
    assert naive.decision == "KILL"  # 95% [89.5, 97.7]: as if 120 independent items
    assert clustered.iloc[0]["verdict"] == "UNDERPOWERED"


def test_replies_that_vary_across_epochs_count_each_item_once_in_n_clusters():
    first = ["correct"] * 18 + ["incorrect"] * 2
    second = ["correct"] * 16 + ["incorrect"] * 4
    rows = _rows("m", first) + [r | {"epoch": 2} for r in _rows("m", second)]
    row = analysis.best_model_verdict(_table(rows), bar=0.95).iloc[0]
    assert row["accuracy (all items)"] == pytest.approx(34 / 40)
    assert row["items"] == 20 and row["epochs"] == 2 and row["interval"] == "wilson-clustered"
    from clinbench.stats.repeated_epochs import clustered_proportion

    values = [1.0 if o == "correct" else 0.0 for o in first + second]
    expected = clustered_proportion(values, [f"i{n}" for n in range(20)] * 2)
    assert row["CI low"] == pytest.approx(expected["ci_low"])
    assert row["CI high"] == pytest.approx(expected["ci_high"])
