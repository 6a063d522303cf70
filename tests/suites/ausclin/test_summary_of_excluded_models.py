"""`clinbench run ausclin` printed its headline tables empty, headers only, when the one model
was excluded (SmolLM2, realuse3: 3 of 8 replies contradictory): a reader saw tables with no row
and no word of why. Each empty table now says which models it leaves out and why."""

from __future__ import annotations

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import report

# SmolLM2-135M's outcomes on the first 8 sample items (closed book): 5 wrong, 3 contradictory
OUTCOMES = ["incorrect", "contradictory", "incorrect", "incorrect", "incorrect",
            "contradictory", "incorrect", "contradictory"]  # fmt: skip


def _table(model: str) -> pd.DataFrame:
    rows = [
        {"suite": "ausclin", "model": model, "task": "ausclin", "condition": "blind",
         "item_id": f"i{n:03d}", "epoch": 1, "outcome": o, "scorer": "item_scorer",
         "response": '{"x": "15", "decline": true}', "score": 0.0, "item_metadata": "{}",
         "score_metadata": "{}"}
        for n, o in enumerate(OUTCOMES)
    ]  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def test_each_empty_table_says_the_model_is_excluded_and_why():
    tables = report.summary_tables(_table("openai-api/local/smollm2"))
    empty = [(title, notes) for title, table, notes in tables if table.empty]
    assert empty, [t for t, _, _ in tables]
    for title, notes in empty:
        text = " ".join(notes)
        assert "openai-api/local/smollm2" in text and "excluded" in text, title
        assert "3 contradictory of 8 replies" in text, title
