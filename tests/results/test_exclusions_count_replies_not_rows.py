"""The exclusion rule counts replies, not results rows.

realuse6: SmolLM2 on two audiology cases, one timed out. `clinbench analyze` excluded the model
with "2 failed ... of 7 replies (28.6%)": a case has a row per scorer and question (3 rubric
questions and 2 fact-checked sections), and the failed case a row per scorer, so one failed
reply of two was counted as 2 of 7. It is 1 failed of 2 replies (50%).
"""

from __future__ import annotations

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.stats import leaderboard as lb


def _case_rows(item_id: str, outcome_by_row: dict[tuple[str, str], str], response: str | None):
    return [
        {"suite": "audiology", "task": "audiology_cases", "model": "m", "item_id": item_id,
         "format": "case", "condition": "text_only", "epoch": 1, "scorer": scorer,
         "question": question, "response": response, "outcome": outcome,
         "run_id": "r1"}
        for (scorer, question), outcome in outcome_by_row.items()
    ]  # fmt: skip


GRADED = {("rubric_rules_grader", q): "graded" for q in ("Q1", "Q2", "Q3")} | {
    ("audiogram_fact_check", "Q1"): "graded",
    ("audiogram_fact_check", "Q2"): "unscored",
}
FAILED = {("rubric_rules_grader", ""): "error", ("audiogram_fact_check", ""): "error"}


def test_a_failed_case_is_one_failed_reply_of_the_cases_asked():
    table = pd.DataFrame(
        _case_rows("c1", GRADED, "Q1 Results: normal.") + _case_rows("c2", FAILED, None)
    ).reindex(columns=RESULT_COLUMNS)
    (row,) = lb.model_exclusions(table).to_dict("records")
    assert (row["replies"], row["failed"]) == (2, 1), row
    assert row["unusable_share"] == 0.5
    assert (
        "1 failed, 0 empty, 0 parse failed and 0 contradictory of 2 replies (50.0%)"
        in (row["reason"])
    )


def test_the_same_items_in_two_runs_are_two_replies_each():
    rows = _case_rows("c1", GRADED, "Q1 Results: normal.")
    again = [r | {"run_id": "r2"} for r in _case_rows("c1", FAILED, None)]
    table = pd.DataFrame(rows + again).reindex(columns=RESULT_COLUMNS)
    (row,) = lb.model_exclusions(table).to_dict("records")
    assert (row["replies"], row["failed"]) == (2, 1), row
