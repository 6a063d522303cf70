"""The verdict decides on accuracy over all items: replying out of form cannot win it (#29).

Two models know the same 90 of 100 items. "honest" answers the other 10 wrongly; "gaming"
replies unreadably to some of them (5%, 10% or 11% of its replies) and wrongly to the rest.
Over answered items "gaming" would look better (90/90 at 10%); over all items both are at
90% (89% at 11%), so "gaming" can never rank above "honest" and never wins a KILL.
"""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import analysis


def _rows(model: str, outcomes: list[str]) -> list[dict]:
    return [
        {"model": model, "task": "ausclin", "condition": "blind", "item_id": f"i{n:03d}",
         "epoch": 1, "outcome": o, "response": "{}" if o != "parse_failed" else "see above",
         "score": 1.0 if o == "correct" else 0.0, "item_metadata": "{}"}
        for n, o in enumerate(outcomes)
    ]  # fmt: skip


def _models(unreadable: int) -> pd.DataFrame:
    honest = ["correct"] * 90 + ["incorrect"] * 10
    known = 90 - max(0, unreadable - 10)
    gaming = ["correct"] * known + ["parse_failed"] * unreadable
    gaming += ["incorrect"] * (100 - len(gaming))
    rows = _rows("honest", honest) + _rows("gaming", gaming)
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


@pytest.mark.parametrize("unreadable", [5, 10, 11])
def test_the_format_gaming_model_cannot_rank_above_the_honest_one(unreadable):
    table = _models(unreadable)
    row = analysis.best_model_verdict(table, "blind", bar=0.95).iloc[0]
    assert row["best model"] == "honest"
    assert row["verdict"] == "PROCEED"
    assert row["accuracy (all items)"] == pytest.approx(0.90)


@pytest.mark.parametrize("unreadable", [5, 10])
def test_alone_the_gaming_model_is_judged_on_all_its_items(unreadable):
    table = _models(unreadable)
    alone = table[table["model"] == "gaming"]
    row = analysis.best_model_verdict(alone, "blind", bar=0.95).iloc[0]
    assert row["best model"] == "gaming" and row["verdict"] == "PROCEED"
    # every unanswered item is counted and shown; accuracy over answered is beside it only
    assert (row["items"], row["answered"], row["parse failed"]) == (100, 100 - unreadable,
                                                                  unreadable)  # fmt: skip
    assert (row["declined"], row["failed"]) == (0, 0)
    assert row["accuracy (answered)"] == pytest.approx(90 / (100 - unreadable))
    assert row["CI high"] < 0.95
