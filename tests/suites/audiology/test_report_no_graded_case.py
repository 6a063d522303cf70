"""A case tier whose every rubric judgement is unscored (SmolLM2 as grader: 3 of 3 replies
without subscores; a dead grader) still gets its report sections: the unscored counts, and
the other tiers beside it. Before, the audiology sections raised KeyError ('pass_rate') and
the report dropped all of them, objective tier and fact check included, under a disclosure."""

from __future__ import annotations

from clinbench.stats.synthetic import synthetic_case_results, synthetic_knowledge_results
from clinbench.suites.audiology.report import case_scores, sections


def test_sections_survive_a_case_tier_with_no_graded_reply():
    import pandas as pd

    cases = synthetic_case_results(n_models=1, n_cases=2, seed=1, unscored=6)
    cases = cases.assign(scorer="rubric_adjudicator")  # the LLM judge in the grader role
    assert set(cases["outcome"]) == {"unscored"}
    scores = case_scores(cases)
    assert list(scores["n"]) == [0, 0, 0] and int(scores["unscored"].sum()) == 6
    knowledge = synthetic_knowledge_results(n_models=1, n_items=12, seed=2)
    knowledge = knowledge.assign(model=cases["model"].iloc[0], scorer="closed_exact_match")
    built = sections(pd.concat([cases, knowledge], ignore_index=True), figures=True)
    titles = [section.title for section in built]
    assert "Objective and literature tiers" in titles, titles
    assert "Clinical cases: rubric grades" in titles, titles
    table = next(iter(built[titles.index("Clinical cases: rubric grades")].tables.values()))
    assert int(table["unscored"].sum()) == 6


def test_run_prints_the_fact_check_measure_its_headline_points_to(tmp_path):
    """`run audiology_cases` said 'audiogram fact check ...: 2 replies graded; its measure is
    in the tables below' and printed no fact-check table. Its means are printed now."""
    from typer.testing import CliRunner

    from clinbench.cli import _mount, app

    _mount()
    args = ["run", "audiology_cases", "--limit", "1", "--log-dir", str(tmp_path / "logs"),
            "--display", "none"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    printed = " ".join(result.output.split())
    assert "its measure is in the tables below" in printed
    assert "judge-independent scores beside the rubric (means" in printed, printed
    assert "audiogram fact check: percentage of checkable Q1/Q2 statements" in printed
