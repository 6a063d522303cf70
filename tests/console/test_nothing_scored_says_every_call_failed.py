"""A model whose every call on a task failed: the summary says so, once, with the error.

realuse6: when every case of an audiology_cases run failed, the failed rows stood under all
three case scorers (no scorer had scored anything, so none could be told apart) and showed as
exact-match errors ("no answered reply of 1") of scorers that grade on a scale. Nothing was
scored: the headline now says every call failed, gives the error, and no exact-match or
rubric table counts those rows.
"""

from __future__ import annotations

import json

import pandas as pd

from clinbench.cli.console import summary_blocks
from clinbench.summary import headline_rows, outcome_tables

CASE_SCORERS = ("rubric_rules_grader", "audiogram_fact_check", "rubric_adjudicator")


def _rows(model: str, outcome_of: dict[str, str], cases: int) -> list[dict]:
    return [
        {"suite": "audiology", "task": "audiology_cases", "scorer": scorer, "model": model,
         "condition": "default", "item_id": f"case-{i}", "epoch": 1, "format": "case",
         "question": "" if outcome == "error" else "Q1", "outcome": outcome,
         "score": 50.0 if outcome == "graded" else None, "grade": None, "run_id": "r1",
         "score_metadata": json.dumps({"error": "timed out after 120 s"} if outcome == "error"
                                      else {}),
         "response": "" if outcome == "error" else "r"}
        for i in range(cases) for scorer, outcome in outcome_of.items()
    ]  # fmt: skip


def _all_failed() -> pd.DataFrame:
    return pd.DataFrame(_rows("smol", dict.fromkeys(CASE_SCORERS, "error"), cases=2))


def test_no_exact_match_table_counts_calls_that_all_failed():
    titles = [title for title, _, _ in outcome_tables(_all_failed())]
    assert "Exact-match outcomes" not in titles, titles
    assert "Rubric-graded replies" not in titles, titles


def test_the_headline_says_every_call_failed_with_the_error():
    heads = headline_rows(_all_failed())
    assert len(heads) == 1, heads  # once for the model, not once per scorer
    text = " ".join(" ".join(summary_blocks(heads, width=100)).split())
    assert "smol: every call failed (2 of 2 replies), nothing was scored" in text, text
    assert "timed out after 120 s" in text, text
    assert "accuracy" not in text and "no answered reply" not in text, text


def test_a_model_with_one_scored_reply_keeps_its_tables():
    graded = dict.fromkeys(CASE_SCORERS[:2], "graded")
    frame = pd.DataFrame(_rows("smol", dict.fromkeys(CASE_SCORERS, "error"), cases=2)
                         + _rows("big", graded, cases=2))  # fmt: skip
    text = " ".join(" ".join(summary_blocks(headline_rows(frame), width=100)).split())
    assert "smol: every call failed (2 of 2 replies)" in text, text
    assert text.count("big: 2 sections graded") == 2, text  # its scorers keep their lines


def test_the_headline_gives_the_cause_not_the_retry_wrapper():
    """A dead endpoint: Inspect logs ``RetryError(<Future ...>)`` as the error and the export
    keeps the innermost exception as ``cause``; the run's last line already gave the cause,
    the headline gave the wrapper (seen at an 80-column terminal). Both read one function."""
    from clinbench.runner import sample_errors

    frame = _all_failed()
    frame["score_metadata"] = json.dumps({
        "error": "RetryError(<Future at 0x7f state=finished raised APIConnectionError>)",
        "cause": "ConnectError: All connection attempts failed"})  # fmt: skip
    text = " ".join(" ".join(summary_blocks(headline_rows(frame), width=100)).split())
    assert "error: ConnectError: All connection attempts failed" in text, text
    assert "RetryError" not in text, text
    assert sample_errors(frame).first_cause == "ConnectError: All connection attempts failed"
