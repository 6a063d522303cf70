"""One number on every surface (issue #26): the sections of a run in which the fact checker read
no claim are counted the same in the run's printed summary, the results table, the analysis
tables and the log's metrics, and none of them is counted as "no critical error"."""

from __future__ import annotations

import json

import pandas as pd
from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.suites.audiology.tasks import CASE_ITEMS

from .conftest import frozen_case_replies

NOTHING = (  # read by the fact checker as no claim at all (a reply in validation batch 18)
    "The audiogram above describes a degree and type of hearing loss, specifically identified "
    "as sound transmission, which is a standard reference in audiology."
)
WRONG = "Both ears: profound sensorineural hearing loss."
TABLE = "fact check: sections by outcome"


def _replies(folder):
    """Return frozen replies: the rules baseline, aud-case-002 without Q2 (a section with no
    claim), aud-case-001 and -003 with a Q1 that states nothing checkable, and aud-case-009's
    Q1 with a wrong degree."""
    path = frozen_case_replies(folder / "replies.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for row in rows:
        if row["item_id"] == "aud-case-009":  # a critical error, so the rates are not all 0
            row["response"] = row["response"].replace("Q2 Diagnosis:", f"{WRONG}\n\nQ2 Diagnosis:")
        if row["item_id"] in ("aud-case-001", "aud-case-003"):
            head, _, rest = row["response"].partition("Q2 Diagnosis:")
            row["response"] = f"Q1 Results:\n{NOTHING}\n\nQ2 Diagnosis:{rest}"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_no_claim_read_is_one_number_in_the_run_the_table_the_analysis_and_the_log(tmp_path):
    _mount()
    out, logs = tmp_path / "results.csv", tmp_path / "logs"
    args = ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}",
            "--model", "clinbench/replay/frozen-model", "-M", f"responses={_replies(tmp_path)}",
            "--log-dir", str(logs), "--display", "none", "--out", str(out),
            "--format", "json"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    printed, _ = json.JSONDecoder().raw_decode(result.output)  # the log's path follows it
    (shown,) = [t for t in printed["tables"] if TABLE in t["title"]]
    shown = pd.DataFrame(shown["rows"]).set_index("question")
    # the results table: the fact check's rows unscored with cause no_claim_read
    table = pd.read_csv(out, keep_default_na=False)
    facts = table[table["scorer"].str.endswith("audiogram_fact_check")]
    causes = facts["score_metadata"].map(lambda m: json.loads(m).get("unscored_cause"))
    unread = facts[causes == "no_claim_read"]
    assert set(unread["outcome"]) == {"unscored"} and (unread["score"] == "").all()
    assert set(unread["critical_errors"]) == {""}
    by_question = unread.groupby("question").size().to_dict()
    assert by_question == {"Q1": 2, "Q2": 1}  # aud-case-001/003 Q1, aud-case-002's missing Q2
    assert shown["no claim read"].astype(int).to_dict() == by_question
    # none of them is among the sections "with no critical error"
    graded = facts[facts["outcome"] == "graded"]
    for question in ("Q1", "Q2"):
        rows = graded[graded["question"] == question]
        assert int(shown.loc[question, "no critical error"]) == int(
            (rows["critical_errors"] == "").sum()
        )
        assert int(shown.loc[question, "sections"]) == len(facts[facts["question"] == question])
    # the analysis (the report's tables) says the same
    analysis = tmp_path / "analysis"
    done = CliRunner().invoke(app, ["analyze", str(out), "--out", str(analysis), "--n-boot", "50"])
    assert done.exit_code == 0, done.output
    (csv,) = analysis.glob("*fact-check-sections-by-outcome*.csv")
    reported = pd.read_csv(csv).set_index("question")["no claim read"].to_dict()
    assert reported == by_question
    # the log's metric
    (log,) = logs.glob("*.eval")
    metrics = {
        (s.name, n): m.value
        for s in read_eval_log(str(log), header_only=True).results.scores
        for n, m in s.metrics.items()
    }
    assert metrics[("audiogram_fact_check", "no_claim_read")] == len(unread) == 3
    # the rules grader grades those sections (a missing section still scores low) but their
    # critical errors, which come from the fact check, are not known: out of its error rate
    rubric = table[table["scorer"].str.endswith("rubric_rules_grader")]
    unknown = rubric["score_metadata"].map(lambda m: json.loads(m).get("critical_errors_unknown"))
    noted = rubric[unknown == "no_claim_read"]
    assert set(noted["outcome"]) == {"graded"}
    assert sorted(zip(noted["item_id"], noted["question"], strict=True)) == sorted(
        zip(unread["item_id"], unread["question"], strict=True)
    )
    (graded_table,) = [t for t in printed["tables"] if t["title"].startswith("Rubric-graded")]
    printed_rates = {r["question"]: r for r in graded_table["rows"]}
    flagged_all = judged_all = 0
    for question in ("Q1", "Q2", "Q3"):
        rows = rubric[rubric["question"] == question]
        known = rows[unknown[rows.index] != "no_claim_read"]
        flagged = int((known["critical_errors"] != "").sum())
        assert printed_rates[question]["graded"] == len(rows)
        assert printed_rates[question]["critical_error_rate"] == flagged / len(known)
        flagged_all, judged_all = flagged_all + flagged, judged_all + len(known)
    q1 = rubric[rubric["question"] == "Q1"]
    assert (q1["critical_errors"] != "").sum() == 1  # aud-case-009: a rate the exclusion moves
    assert metrics[("rubric_rules_grader", "critical_error_rate")] == flagged_all / judged_all
