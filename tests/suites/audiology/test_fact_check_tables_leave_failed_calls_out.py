"""The fact check's section tables count sections, and a case whose call failed has none.

realuse6: SmolLM2 on two cases with the claims read by SmolLM2 (-T claim_reader=model), one
case timed out. "Fact check: sections by outcome" had a row with no question holding 1
section in none of its columns, and the claim-reader table a row for the reader "rules"
(which read nothing in that run) with 1 section: the failed case's error row, read as a
section. The failed case is counted in the run's headline and rubric table instead.
"""

from __future__ import annotations

import json

from clinbench.runner import CallLimits, run_benchmark
from clinbench.suites.audiology.report import claim_reader_table, fact_check_outcomes
from clinbench.suites.audiology.tasks import CASE_ITEMS

from .conftest import frozen_case_replies


def _results_with_a_failed_case(tmp_path):
    path = frozen_case_replies(tmp_path / "replies.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    kept = "".join(json.dumps(r) + "\n" for r in rows if r["item_id"] != "aud-case-001")
    path.write_text(kept, encoding="utf-8")
    outcome = run_benchmark(
        ["audiology_cases"], ["clinbench/replay/frozen-model"], tmp_path / "logs",
        CallLimits(), task_args={"items": str(CASE_ITEMS)},
        model_args={"responses": str(path)}, limit=2,
    )  # fmt: skip
    results = outcome.results
    assert set(results.loc[results["outcome"] == "error", "item_id"]) == {"aud-case-001"}
    return results


def _read_by_a_model(results):
    """The results as if a model in the claim_reader role had read every section."""
    facts = results["scorer"] == "audiogram_fact_check"
    read = facts & (results["outcome"] != "error")

    def by_model(raw):
        details = json.loads(raw)
        details["claim_reader"] = {"reader": "model", "model": "reader-model"}
        return json.dumps(details)

    results = results.copy()
    results.loc[read, "score_metadata"] = results.loc[read, "score_metadata"].map(by_model)
    return results


def test_sections_tables_count_no_section_for_a_failed_case(tmp_path):
    results = _results_with_a_failed_case(tmp_path)
    outcomes = fact_check_outcomes(results)
    assert list(outcomes["question"]) == ["Q1", "Q2"], outcomes
    assert list(outcomes["sections"]) == [1, 1], outcomes
    readers = claim_reader_table(_read_by_a_model(results))
    assert set(readers["claim_reader"]) == {"reader-model"}, readers
    assert list(readers["question"]) == ["Q1", "Q2"] and list(readers["sections"]) == [1, 1]
