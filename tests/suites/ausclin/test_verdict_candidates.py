"""The verdict considers only models passing the exclusion rule, and says who was left out."""

from __future__ import annotations

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import analysis


def _rows(model: str, outcomes: list[str], condition: str = "blind") -> list[dict]:
    return [
        {"model": model, "task": "ausclin", "condition": condition, "item_id": f"i{n}",
         "epoch": 1, "outcome": o, "response": "" if o == "error" else "{}",
         "score": 1.0 if o == "correct" else 0.0, "item_metadata": "{}"}
        for n, o in enumerate(outcomes)
    ]  # fmt: skip


def _table(*groups) -> pd.DataFrame:
    return pd.DataFrame([r for g in groups for r in g]).reindex(columns=RESULT_COLUMNS)


def test_out_of_form_model_cannot_be_best():
    # "sloppy" is right whenever it parses (17/17) but 3 of 20 replies do not parse (15%)
    honest = _rows("honest", ["correct"] * 18 + ["incorrect"] * 2)
    sloppy = _rows("sloppy", ["correct"] * 17 + ["parse_failed"] * 3)
    chance = _rows("clinbench/chance", ["correct"] * 20)
    other = _rows("rule-only", ["correct"] * 5, condition="rule")
    table = _table(honest, sloppy, chance, other)
    verdict = analysis.best_model_verdict(table, "blind").iloc[0]
    assert verdict["best model"] == "honest"
    candidates = analysis.verdict_candidates(table, "blind").set_index("model")
    assert bool(candidates.loc["honest", "considered"])
    assert candidates.loc["sloppy", "reason"].startswith(
        "excluded: 0 failed, 0 empty, 3 parse failed and 0 contradictory"
    )
    assert "offline baseline" in candidates.loc["clinbench/chance", "reason"]
    assert "no answered items" in candidates.loc["rule-only", "reason"]
    notes = analysis.verdict_notes(analysis.verdict_candidates(table, "blind"), "blind")
    assert notes[0] == "Verdict (blind) considered: honest."
    assert len(notes) == 4
    # with a looser threshold the same model is considered, but the verdict decides on
    # accuracy over all items (17/20 < 18/20): its unreadable replies cannot make it best.
    # (Before #29 it won here on accuracy over answered items, 17/17.)
    loose = analysis.best_model_verdict(table, "blind", threshold=0.2).iloc[0]
    assert loose["best model"] == "honest"


def test_two_denominators_table():
    table = _table(_rows("m", ["correct"] * 8 + ["parse_failed", "incorrect"]))
    row = analysis.denominators_table(table, threshold=0.5).iloc[0]
    assert row["accuracy (answered)"] == 8 / 9 and row["accuracy (all)"] == 8 / 10
    assert row["interval"] == "wilson" and row["items"] == 10
