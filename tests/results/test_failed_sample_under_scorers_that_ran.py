"""A sample whose call failed gets a results row under each scorer that ran, not under one
that skipped every sample on purpose.

realuse6: audiology_cases run offline (no grader) on two cases, one of which failed. The LLM
judge's scorer is in the task but skips every reply when no grader is bound; the export still
gave the failed case an error row under it, so the run printed "scored by rubric grade by the
LLM judge: ... 1 errors" for a judge that was never given.
"""

from __future__ import annotations

import json

from clinbench.runner import CallLimits, run_benchmark
from clinbench.suites.audiology.tasks import CASE_ITEMS
from tests.suites.audiology.conftest import frozen_case_replies

CASE_SCORERS = {"rubric_adjudicator", "rubric_rules_grader", "audiogram_fact_check"}


def _replies_without(tmp_path, item_id):
    path = frozen_case_replies(tmp_path / "replies.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    path.write_text(
        "".join(json.dumps(r) + "\n" for r in rows if r["item_id"] != item_id), encoding="utf-8"
    )
    return path


def _run(tmp_path, limit):
    replies = _replies_without(tmp_path, "aud-case-001")
    outcome = run_benchmark(
        ["audiology_cases"], ["clinbench/replay/frozen-model"], tmp_path / "logs",
        CallLimits(), task_args={"items": str(CASE_ITEMS)},
        model_args={"responses": str(replies)}, limit=limit,
    )  # fmt: skip
    return outcome.results


def test_a_failed_case_has_no_row_under_the_judge_that_never_ran(tmp_path):
    results = _run(tmp_path, limit=2)  # aud-case-001 fails, aud-case-002 is graded
    failed = results[results["outcome"] == "error"]
    assert set(failed["item_id"]) == {"aud-case-001"}
    assert set(failed["scorer"]) == {"rubric_rules_grader", "audiogram_fact_check"}
    assert "rubric_adjudicator" not in set(results["scorer"])


def test_when_no_sample_was_scored_a_failed_one_is_under_every_scorer(tmp_path):
    results = _run(tmp_path, limit=1)  # only aud-case-001, which fails
    assert set(results["outcome"]) == {"error"}
    assert set(results["scorer"]) == CASE_SCORERS


def test_when_no_sample_was_scored_the_summary_says_every_call_failed(tmp_path):
    from clinbench.cli.console import summary_blocks
    from clinbench.summary import headline_rows, outcome_tables

    results = _run(tmp_path, limit=1)  # the real export of a run whose one case failed
    titles = [title for title, _, _ in outcome_tables(results)]
    assert "Exact-match outcomes" not in titles, titles
    text = " ".join(" ".join(summary_blocks(headline_rows(results), width=100)).split())
    assert "frozen-model: every call failed (1 of 1 reply), nothing was scored; error:" in text
    assert "no answered reply" not in text, text
