"""A case whose call failed (no reply came back) is counted where its scorer's replies are.

Seen with SmolLM2 on two cases, one of which timed out: the rubric table said "graded 1,
unscored 0" as if the run held one case, and the failed case stood in an "Exact-match
outcomes" table of its own (n 1, answered 0, error 1) under each case scorer, so the
headline gave each scorer two lines for one model ("no answered reply of 1" and "mean 66.0,
1 graded"). A rubric grade has no exact match: the failed case belongs in the rubric table,
as an error of each question, and in the headline beside the unscored ones.
"""

from __future__ import annotations

import json

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.suites.audiology.tasks import CASE_ITEMS

from .conftest import frozen_case_replies

RUBRIC = "Rubric-graded replies"


def _run_with_one_case_failed(tmp_path):
    """Run the first three cases on frozen replies with none for aud-case-002 (its sample
    ends in error: no frozen response), offline (rules grader). Return the printed JSON."""
    replies = frozen_case_replies(tmp_path / "replies.jsonl")
    rows = [json.loads(line) for line in replies.read_text().splitlines()]
    kept = [r for r in rows if r["item_id"] != "aud-case-002"]
    replies.write_text("".join(json.dumps(r) + "\n" for r in kept), encoding="utf-8")
    _mount()
    args = ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "--limit", "3",
            "--model", "clinbench/replay/frozen-model", "-M", f"responses={replies}",
            "--log-dir", str(tmp_path / "logs"), "--display", "none",
            "--out", str(tmp_path / "results.csv"), "--format", "json"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 3, result.output  # a sample ended in error
    printed, _ = json.JSONDecoder().raw_decode(result.output)
    return printed


def test_a_failed_case_is_an_error_of_the_rubric_table_not_an_exact_match_row(tmp_path):
    printed = _run_with_one_case_failed(tmp_path)
    titles = [t["title"] for t in printed["tables"]]
    # no exact-match table: every scorer of a case gives a grade, none an exact match
    assert not any(t.startswith("Exact-match outcomes") for t in titles), titles
    (rubric,) = [t for t in printed["tables"] if t["title"].startswith(RUBRIC)]
    table = pd.DataFrame(rubric["rows"]).set_index("question")
    assert table["graded"].astype(int).to_dict() == {"Q1": 2, "Q2": 2, "Q3": 2}
    # the failed case is counted under each question, so each row covers the 3 cases run
    assert table["error"].astype(int).to_dict() == {"Q1": 1, "Q2": 1, "Q3": 1}
    # the headline: one line per question, the failed case among the exclusions
    summary = pd.DataFrame(printed["summary"])
    rules = summary[summary["scorer"] == "rubric_rules_grader"]
    assert sorted(rules["question"]) == ["Q1", "Q2", "Q3"], rules
    assert set(rules["error"].astype(int)) == {1} and set(rules["n"].astype(int)) == {3}


def test_the_printed_headline_names_the_failed_case(tmp_path):
    from clinbench.cli.console import summary_blocks
    from clinbench.results.table import read_results
    from clinbench.summary import headline_rows

    _run_with_one_case_failed(tmp_path)
    results = read_results(tmp_path / "results.csv")
    text = " ".join(" ".join(summary_blocks(headline_rows(results), 100)).split())
    # each rubric question and the fact check: one line each, the failed case among them
    for question in ("Q1", "Q2", "Q3"):
        assert f"frozen-model {question}: mean" in text, text
    assert text.count("excluded: 0 unreadable, 1 error (no reply)") == 3, text
    assert "4 sections graded, 0 unscored, from 2 replies, 1 error (no reply)" in text, text
    assert "no answered reply" not in text, text
