"""`clinbench run audiology_cases` offline, the NLI scorer with multipass stability, the
report sections and the demo contribution."""

from __future__ import annotations

import io
import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.report.sections import ReportSection
from clinbench.results import read_results
from clinbench.results.export import results_table
from clinbench.scoring.nli import contradiction_by_pass, multipass_stability
from clinbench.suites.audiology import report
from clinbench.suites.audiology.demo import demo_runs
from clinbench.suites.audiology.scorers import nli_labels
from clinbench.suites.audiology.tasks import CASE_ITEMS, audiology_cases
from tests.suites.audiology.conftest import run_eval, tiny_nli_model


def test_clinbench_run_audiology_cases_offline(tmp_path):
    _mount()
    out = tmp_path / "results.csv"
    result = CliRunner().invoke(
        app,
        ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "--limit", "2",
         "--log-dir", str(tmp_path / "logs"), "--out", str(out), "--display", "none"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = read_results(out)
    graded = table[table["scorer"] == "rubric_rules_grader"]
    assert len(graded) == 2 * 3 and set(graded["model"]) == {"clinbench/rules"}
    assert graded["grade"].isin(list("ABCDF")).all()


def test_nli_scorer_and_multipass_stability(tmp_path):
    model = tiny_nli_model(tmp_path / "nli")
    task = audiology_cases(items=str(CASE_ITEMS), nli_model=str(model), epochs=2)
    log = run_eval(task, "clinbench/rules", tmp_path / "logs", limit=2)
    assert log.status == "success"
    labelled = nli_labels(results_table(tmp_path / "logs"))
    assert len(labelled) == 2 * 3 * 2  # items x questions x passes
    assert set(labelled["nli_label"]) <= {"entailment", "neutral", "contradiction"}
    for row in labelled.itertuples():
        details = json.loads(row.score_metadata)
        assert row.score == (1.0 if details["nli_label"] == "contradiction" else 0.0)
        assert sum(details["probabilities"].values()) == pytest.approx(1.0, abs=1e-4)
    # the rules model and the NLI model are deterministic: every pass gives the same labels
    per_pass = contradiction_by_pass(labelled)
    assert per_pass.groupby("question")["rate"].nunique().eq(1).all()
    summary = multipass_stability(labelled, min_agree=2)
    assert (summary["stable share"] == 1.0).all() and (summary["passes"] == 2).all()


def test_report_sections_split_by_tier_question_and_error_type(replay_graded_log, offline_case_log):
    frames = [results_table(replay_graded_log[1]), results_table(offline_case_log[1])]
    rows = pd.concat(frames, ignore_index=True)
    made = report.sections(rows)
    assert all(isinstance(s, ReportSection) for s in made)
    titles = [s.title for s in made]
    assert titles == ["Clinical cases: rubric grades", "Clinical cases: judge-independent checks"]
    errors = report.critical_errors_by_type(rows)
    judged = errors[errors["scorer"] == "rubric_adjudicator"]
    assert set(judged["critical error"]) == {
        "severity_misclassification", "type_misclassification", "laterality_confusion",
        "fabricated_result", "missed_red_flag", "dangerous_recommendation",
    }  # fmt: skip
    dangerous = judged[judged["critical error"] == "dangerous_recommendation"].iloc[0]
    assert (dangerous["question"], dangerous["k"], dangerous["n"]) == ("Q3", 2, 8)
    scores = report.case_scores(rows)
    adjudicated = scores[scores["scorer"] == "rubric_adjudicator"].set_index("question")
    assert adjudicated.loc["Q2", "unscored"] == 1 and adjudicated.loc["Q2", "n"] == 8
    form = report.section_form(rows).set_index(["scorer", "question"])
    assert form.loc[("rubric_adjudicator", "Q2"), "missing"] == 1
    assert form.loc[("rubric_adjudicator", "Q3"), "over length"] == 1
    grades = report.grade_distribution(rows).set_index(["scorer", "question"])
    assert grades.loc[("rubric_adjudicator", "Q3"), "F"] == 2


def test_knowledge_sections_split_by_format_pool_and_domain(tmp_path):
    from clinbench.suites.audiology.tasks import audiology_objective

    run_eval(audiology_objective(), "clinbench/chance", tmp_path)
    rows = results_table(tmp_path)
    made = report.sections(rows)
    assert made[0].title == "Objective and literature tiers"
    pools = made[0].tables["Accuracy by tier, format and source pool"]
    assert set(pools["source_pool"]) == {"online", "nonweb"}
    assert set(pools["format"]) == {"mcq", "tf", "fib"}
    domains = made[0].tables["Accuracy by tier and domain"]
    assert domains["domain"].nunique() >= 5


def test_demo_contribution(tmp_path, replay_graded_log):
    runs = demo_runs(tmp_path)
    assert [r.models for r in runs] == [["clinbench/chance"]] * 2 + [["clinbench/rules"]] * 2
    assert "grader" in runs[-1].model_roles and not runs[2].model_roles
    from clinbench.cli.console import TableOutput
    from clinbench.summary import outcome_tables

    buffer = io.StringIO()
    output = TableOutput("table", file=buffer, width=160)
    for title, table, notes in outcome_tables(results_table(replay_graded_log[1])):
        output.table(table, title, notes)
    text = buffer.getvalue()
    assert "rubric_adjudicator" in text and "dangerous_recommendation" in text


def test_stability_command_reads_nli_rows_of_a_results_table(tmp_path):
    from clinbench.results import write_results
    from clinbench.results.schema import RESULT_COLUMNS

    rows = []
    for item in ("c1", "c2"):
        for epoch in range(1, 11):
            label = "contradiction" if (item == "c1" or epoch <= 3) else "entailment"
            rows.append(
                {c: None for c in RESULT_COLUMNS}
                | {"model": "m", "item_id": item, "epoch": epoch, "question": "Q1",
                   "scorer": "nli_contradiction", "outcome": "graded",
                   "score": float(label == "contradiction"),
                   "score_metadata": json.dumps({"nli_label": label})}
            )  # fmt: skip
    path = write_results(pd.DataFrame(rows, columns=RESULT_COLUMNS), tmp_path / "r.csv")
    _mount()
    # wide enough for the table's one row (at 80 columns it prints as a record)
    result = CliRunner().invoke(app, ["audiology", "stability", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    # c1 contradicts in 10/10 passes, c2 in 3/10 (entailment 7/10 < 8): 1 of 2 items stable
    last = result.output.strip().splitlines()[-1].split()
    assert last[-2:] == ["1", "0.500"]  # stable items, stable share
    as_json = CliRunner().invoke(app, ["audiology", "stability", str(path), "--format", "json"])
    (row,) = json.loads(as_json.stdout)["tables"][0]["rows"]
    assert row["stable share"] == 0.5
    empty = write_results(pd.DataFrame(columns=RESULT_COLUMNS), tmp_path / "none.csv")
    assert CliRunner().invoke(app, ["audiology", "stability", str(empty)]).exit_code == 2
