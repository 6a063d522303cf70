"""The answer-first line of a run counts every reply the detail table counts.

SmolLM2 on ausclin (realuse5): 6 replies, 3 of them contradictory (a decline and an answer
at once). The detail table gave n 6 and accuracy (all) 0.000 (0.000-0.390); the headline
above it said "of all 3 replies" (0.000-0.561) and its "excluded:" list left the 3
contradictory replies out, so they were in no number of the line.
"""

from __future__ import annotations

import pandas as pd

from clinbench.cli.console import summary_blocks
from clinbench.summary import accuracy_table, headline_rows


def _run(outcomes: list[str]) -> pd.DataFrame:
    return pd.DataFrame([
        {"suite": "ausclin", "task": "ausclin", "scorer": "item_scorer", "model": "m",
         "condition": "blind", "item_id": f"q{i}", "epoch": 1, "format": "exact",
         "outcome": outcome}
        for i, outcome in enumerate(outcomes)
    ])  # fmt: skip


def test_contradictory_replies_are_in_the_headline_denominator_and_named():
    results = _run(["incorrect"] * 3 + ["contradictory"] * 3)
    detail = accuracy_table(results, by=["task", "model"]).iloc[0]
    head = headline_rows(results).iloc[0]
    assert int(head["n"]) == int(detail["n"]) == 6
    assert head["CI95% (all)"] == detail["CI95% (all)"]
    text = " ".join(summary_blocks(headline_rows(results), width=100))
    text = " ".join(text.split())
    assert "of all 6 replies" in text, text
    assert "3 contradictory" in text, text


def test_a_run_without_contradictory_replies_does_not_name_them():
    text = " ".join(summary_blocks(headline_rows(_run(["correct", "incorrect"])), width=100))
    assert "of all 2 replies" in " ".join(text.split()) and "contradictory" not in text, text
