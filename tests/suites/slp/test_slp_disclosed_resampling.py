"""The disclosures list every resampling behind the report's numbers, the suites' own too."""

from __future__ import annotations

import json

import pandas as pd

from clinbench.report.analyze import all_sections
from clinbench.suites.slp.report import RESAMPLES


def _results() -> pd.DataFrame:
    rows = []
    for i in range(6):
        gold = "typically_developing" if i % 2 else "speech_disorder"
        rows.append({
            "suite": "slp", "task": "slp_disorder", "model": "m", "item_id": f"s{i}",
            "condition": "audio", "scorer": "slp", "epoch": 1, "response": "B",
            "item_metadata": "{}", "outcome": "correct" if i < 4 or i % 2 else "incorrect",
            "score_metadata": json.dumps({
                "gold_label": gold,
                "predicted_label": gold if i < 4 else "typically_developing",
            }),
        })  # fmt: skip
    return pd.DataFrame(rows)


def test_the_slp_bootstrap_sd_is_in_seeds_and_resampling():
    sections = all_sections(_results(), figures=False)
    disclosures = next(s for s in sections if s.title == "Disclosures")
    table = disclosures.tables["Seeds and resampling"]
    slp = table[table["procedure"].str.contains("SLP")]
    assert len(slp) == 1, table
    assert int(slp["resamples"].iloc[0]) == RESAMPLES == 500
    assert int(slp["seed"].iloc[0]) == 0
