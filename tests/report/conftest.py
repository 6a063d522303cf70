"""Shared fixtures: a synthetic results table (case tier + exact-match knowledge items)."""

import json

import pandas as pd
import pytest

from clinbench.results.export import write_results
from clinbench.stats.synthetic import synthetic_case_results, synthetic_knowledge_results

JUDGE = json.dumps({"judge": {"model": "vendor/judge-llm-1", "role": "grader"}})


@pytest.fixture(scope="session")
def results_df():
    cases = synthetic_case_results(n_models=3, n_cases=20, seed=2, unscored=4)
    # the rubric scores come from an LLM judge, as the adjudicator records it
    cases["score_metadata"] = JUDGE
    knowledge = synthetic_knowledge_results(n_models=3, n_items=36, seed=4)
    # one model whose every call failed: must be disclosed as excluded, never scored
    failed = knowledge[knowledge.model == "synthetic/model-a"].copy()
    failed["model"] = "synthetic/always-fails"
    failed["outcome"] = "error"
    failed["score"] = float("nan")
    # a second, judge-independent scorer of the same case replies, on its own scale, no grades
    checked = cases[cases.outcome == "graded"].copy()
    checked["scorer"] = "fact_check"
    checked["score"] = 95.0
    checked[["grade", "critical_errors"]] = ""
    checked["score_metadata"] = "{}"  # judge-independent: no judge record
    return pd.concat([cases, knowledge, failed, checked], ignore_index=True)


@pytest.fixture(scope="session")
def results_files(results_df, tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    return (
        write_results(results_df, folder / "results.parquet"),
        write_results(results_df, folder / "results.csv"),
    )


@pytest.fixture(scope="session")
def report_file(results_df, tmp_path_factory):
    """The HTML report of `results_df`, written once for the tests that read it."""
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report

    folder = tmp_path_factory.mktemp("report")
    return write_report(results_df, folder / "report.html", options=AnalysisOptions(n_boot=200))
