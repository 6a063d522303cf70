"""A failed judge call is disclosed as what it is on the report's case-scores table.

The run ends with "grader X: 9 of 9 judgements failed (the call failed ...)" and exits 3,
but ``analyze`` and the report counted those judgements only as 'unscored', the word they
also use for a judge reply that could not be read, and called them "unscored judge
replies". The case-scores table now counts, beside 'unscored', those whose judge call
failed, by the one rule the run's error line counts them (``outcomes.judge_call_failed``).
And that line said "3 of 3 judgements failed" where 3 of 8 had: it read the role of the
failed judgements only, so the others were asked of another role.
"""

from __future__ import annotations

import json

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.scoring import outcomes

FAILED = {"unscored_cause": "call_failed", "reason": "judge call failed: ConnectError",
          "judge": {"role": "grader"}, "rubric": {"path": "default"}}  # fmt: skip
UNREADABLE = {
    "reason": "the judge reply holds no JSON object",
    "judge": {"role": "grader"},
    "rubric": {"path": "default"},
}


GRADED = {"judge": {"role": "grader"}, "rubric": {"path": "default"}}


def _results(more_graded: int = 0) -> pd.DataFrame:
    rows = []
    cells = [("graded", GRADED), ("graded", GRADED), ("unscored", FAILED),
             ("unscored", UNREADABLE), *[("graded", GRADED)] * more_graded]  # fmt: skip
    for case, (outcome, meta) in enumerate(cells):
        for question in ("Q1", "Q2"):
            failed_q2 = question == "Q2" and case == 1  # a second failed call, on Q2 only
            rows.append({
                "suite": "audiology", "task": "audiology_cases", "model": "m/one",
                "item_id": f"case{case}", "format": "case", "condition": "default", "epoch": 1,
                "scorer": "rubric_adjudicator", "judge": "openai-api/dead/judge",
                "question": question, "outcome": "unscored" if failed_q2 else outcome,
                "score": 70.0 if outcome == "graded" and not failed_q2 else None,
                "grade": "C" if outcome == "graded" and not failed_q2 else "",
                "critical_errors": "[]", "run_id": "r1", "response": "Q1 Results: ...",
                "score_metadata": json.dumps(FAILED if failed_q2 else meta),
            })  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def test_the_case_table_counts_failed_judge_calls_as_the_run_does():
    from clinbench.runner import role_call_failures
    from clinbench.suites.audiology.report import case_scores

    results = _results()
    table = case_scores(results).set_index("question")
    assert table.loc["Q1", ["unscored", "judge_call_failed"]].tolist() == [2, 1]
    assert table.loc["Q2", ["unscored", "judge_call_failed"]].tolist() == [3, 2]
    failed = outcomes.judge_call_failed(results["outcome"], results["score_metadata"])
    assert int(failed.sum()) == int(table["judge_call_failed"].sum()) == 3
    (line,) = role_call_failures(results)
    assert line.startswith("grader openai-api/dead/judge: 3 of 8 judgements failed")


def test_no_failed_call_no_column():
    from clinbench.suites.audiology.report import case_scores

    results = _results()
    results = results[results["score_metadata"] != json.dumps(FAILED)]
    assert "judge_call_failed" not in case_scores(results).columns


def test_the_report_shows_the_failed_calls(tmp_path):
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report

    # enough graded cases that the model is not excluded from the tables (failed share)
    results = _results(more_graded=40)
    page = write_report(results, tmp_path / "r.html", options=AnalysisOptions(n_boot=50))
    text = page.read_text(encoding="utf-8")
    assert "judge call failed" in text


def test_the_run_summary_counts_unreadable_verdicts_and_failed_calls_apart():
    """The run summary's rubric table said 'unscored = the judge's call failed or its reply
    could not be read': one figure for two outcomes. It now gives each its own, by the rules
    the report's case table and the run's closing line count them by."""
    from clinbench.suites.audiology.report import case_scores
    from clinbench.summary import outcome_tables, rubric_table

    results = _results()
    table = rubric_table(results).set_index("question")
    assert "unscored" not in table.columns
    assert table.loc["Q1", ["graded", "unreadable", "judge_call_failed"]].tolist() == [2, 1, 1]
    assert table.loc["Q2", ["graded", "unreadable", "judge_call_failed"]].tolist() == [1, 1, 2]
    report = case_scores(results).set_index("question")
    for question in ("Q1", "Q2"):
        for column in ("unreadable", "judge_call_failed"):
            assert table.loc[question, column] == report.loc[question, column]
        assert report.loc[question, "unscored"] == (
            report.loc[question, "unreadable"] + report.loc[question, "judge_call_failed"]
        )
    (notes,) = [notes for title, _, notes in outcome_tables(results) if title.startswith("Rub")]
    assert not any("call failed or its reply could not be read" in n for n in notes)
    assert any("unreadable = " in n and "judge call failed = " in n for n in notes)


def test_no_failed_call_no_failed_call_column_in_the_run_summary():
    from clinbench.summary import rubric_table

    results = _results()
    results = results[results["score_metadata"] != json.dumps(FAILED)]
    table = rubric_table(results)
    assert "judge_call_failed" not in table.columns
    assert table["unreadable"].tolist() == [1, 1]


def test_the_run_headline_says_what_its_table_says():
    """The headline above the rubric table said 'excluded: 2 unscored' where the table now
    gives 'unreadable' and 'judge call failed': it gives the same two figures."""
    from clinbench.cli.console import summary_blocks
    from clinbench.summary import headline_rows

    text = " ".join(" ".join(summary_blocks(headline_rows(_results()), width=100)).split())
    assert "one Q1: mean 70.0 of 100" in text, text
    assert "2 graded; excluded: 1 unreadable, 1 judge call failed" in text, text
    assert "1 graded; excluded: 1 unreadable, 2 judge calls failed" in text, text
    assert "unscored" not in text, text
