"""The suites' sections hook and the generic sections' numbers, traced back to rows."""

import sys
import types

import pandas as pd
import pytest

from clinbench.report.generic import (
    AnalysisOptions,
    disclosures_section,
    generic_sections,
    normalise,
)
from clinbench.report.sections import ReportSection, suite_sections
from clinbench.stats.proportions import wilson_interval

FAST = AnalysisOptions(n_boot=300, seed=1)


@pytest.fixture(scope="module")
def tables_only(results_df):
    return {s.title: s for s in generic_sections(results_df, figures=False, options=FAST)}


@pytest.fixture(scope="module")
def with_figures(results_df):
    return generic_sections(results_df, figures=True, options=FAST)


def _fake_suite(monkeypatch, suite, fn):
    module = types.ModuleType(f"clinbench.suites.{suite}.report")
    if fn is not None:
        module.sections = fn
    monkeypatch.setitem(sys.modules, f"clinbench.suites.{suite}.report", module)


def test_hook_calls_suites_with_their_rows(monkeypatch, results_df):
    seen = {}

    def audiology_sections(rows):
        seen["audiology"] = rows
        return [ReportSection(title="Cases", tables={"n": pd.DataFrame({"n": [len(rows)]})})]

    def slp_sections(rows):  # slp has no rows in these results: must not be called
        raise AssertionError("called without rows")

    _fake_suite(monkeypatch, "audiology", audiology_sections)
    _fake_suite(monkeypatch, "slp", slp_sections)
    sections, problems = suite_sections(results_df)
    assert problems == []
    assert [s.title for s in sections] == ["Cases"] and sections[0].suite == "audiology"
    assert len(seen["audiology"]) == (results_df.suite == "audiology").sum()
    assert set(seen["audiology"]["suite"]) == {"audiology"}


def test_hook_is_told_when_figures_are_not_wanted(monkeypatch, results_df):
    calls = []

    def with_keyword(rows, figures=True):
        calls.append(("keyword", figures))
        return []

    def rows_only(rows):
        calls.append(("rows only", None))
        return []

    _fake_suite(monkeypatch, "audiology", with_keyword)
    suite_sections(results_df, figures=False)
    suite_sections(results_df)
    _fake_suite(monkeypatch, "audiology", rows_only)
    suite_sections(results_df, figures=False)
    assert calls == [("keyword", False), ("keyword", True), ("rows only", None)]


def test_audiology_sections_draw_no_figure_when_told():
    from clinbench.stats.synthetic import synthetic_case_results
    from clinbench.suites.audiology.report import RUBRIC_SCORERS, sections

    rows = synthetic_case_results(n_models=2, n_cases=6, seed=2)
    rows["scorer"] = sorted(RUBRIC_SCORERS)[0]
    drawn, tables_only = sections(rows), sections(rows, figures=False)
    assert any(s.figures for s in drawn) and not any(s.figures for s in tables_only)
    for a, b in zip(drawn, tables_only, strict=True):
        assert a.title == b.title and list(a.tables) == list(b.tables)
        for caption in a.tables:
            pd.testing.assert_frame_equal(a.tables[caption], b.tables[caption])


def test_hook_reports_a_failing_suite(monkeypatch, results_df):
    def broken(rows):
        raise KeyError("no such column")

    _fake_suite(monkeypatch, "audiology", broken)
    sections, problems = suite_sections(results_df)
    assert sections == []
    assert len(problems) == 1 and "clinbench.suites.audiology.report.sections failed" in problems[0]
    _fake_suite(monkeypatch, "audiology", None)
    _, problems = suite_sections(results_df)
    assert "has no sections(results) function" in problems[0]


def test_leaderboard_traces_to_rows(results_df, tables_only):
    sections = tables_only
    acc = sections["Leaderboard"].tables["Accuracy by model"]
    row = acc[acc.model == "synthetic/model-b"].iloc[0]
    rows = results_df[(results_df.model == "synthetic/model-b") &
                      (results_df.task == "audiology_objective")]  # fmt: skip
    answered = rows.outcome.isin(["correct", "incorrect", "declined"])
    k = int((rows.outcome == "correct").sum())
    assert (row["correct"], row["n"]) == (k, int(answered.sum()))
    assert row["CI95%"] == pytest.approx(list(wilson_interval(k, int(answered.sum()))))
    # the model with only failed calls has no accuracy row: it is excluded, not scored zero
    assert "synthetic/always-fails" not in set(acc.model)
    assert any(
        "always-fails" in note and "excluded" in note for note in sections["Leaderboard"].notes
    )


def test_generic_sections_present(with_figures):
    titles = [s.title for s in with_figures]
    assert titles == [
        "Leaderboard", "Score distributions", "Grade distribution", "Critical errors",
        "Accuracy by format and source pool", "Case-tier statistics",
        "Paired model comparisons", "Cost, time and tokens per model",
    ]  # fmt: skip


def test_figure_captions_state_n(with_figures):
    assert sum(len(s.figures) for s in with_figures) >= 5
    for section in with_figures:
        for caption in section.figures:
            assert "n = " in caption, caption


def test_case_statistics_tables(results_df, tables_only):
    s = tables_only
    tables = s["Case-tier statistics"].tables
    kw = tables["Kruskal–Wallis"].set_index("Source")
    graded = results_df[(results_df.outcome == "graded") & (results_df.scorer == "rubric")]
    assert kw.loc["question", "n"] == len(graded)
    assert kw.loc["question", "eta2_H"] == pytest.approx(
        (kw.loc["question", "H"] - 2) / (len(graded) - 3)
    )
    assert "Mixed model score ~ question + (1 | case)" in tables
    assert "Cases every model failed (grade D or F)" in tables


def test_disclosures_list_exclusions_and_versions(results_df):
    d = disclosures_section(normalise(results_df), FAST, problems=["suite x failed"])
    excluded = d.tables["Excluded (every reply excluded; not scored)"]
    assert list(excluded.model) == ["synthetic/always-fails"]
    outcomes = d.tables["Outcomes by model"]
    total = outcomes["rows"].sum()
    assert total == len(results_df)
    assert outcomes["unscored"].sum() == (results_df.outcome == "unscored").sum()
    assert outcomes["parse_failed"].sum() == (results_df.outcome == "parse_failed").sum()
    versions = d.tables["Software versions"].set_index("software")["version"]
    assert {"scipy", "statsmodels", "pingouin", "inspect_ai"} <= set(versions.index)
    assert "suite x failed" in d.notes


def test_scorers_are_not_mixed(results_df, tables_only):
    rubric = results_df[(results_df.scorer == "rubric") & (results_df.outcome == "graded")]
    scores = tables_only["Score distributions"].tables["Scores by question type"]
    assert set(scores["scorer"]) == {"rubric"}
    assert scores["n"].sum() == len(rubric)
    board = tables_only["Leaderboard"].tables["Rubric score of graded replies by model"]
    # other scales (fact-check share, WER) never enter the rubric leaderboard or its pass rate
    assert set(board["scorer"]) == {"rubric"}
    assert board["n"].sum() == len(rubric)
    kw = tables_only["Case-tier statistics"].tables["Kruskal–Wallis"]
    assert kw["n"].iloc[0] == len(rubric)


def test_paired_comparisons_use_each_models_first_run(results_df):
    from clinbench.report.generic import paired_section

    knowledge = results_df[results_df.task == "audiology_objective"].copy()
    knowledge["log_file"] = "run1.eval"
    rerun = knowledge[knowledge.model == "synthetic/model-a"].copy()
    rerun["log_file"] = "run2.eval"
    rerun["outcome"] = "correct"  # a different second run must not enter the pairing
    section = paired_section(normalise(pd.concat([knowledge, rerun])), FAST)
    mc = section.tables["McNemar tests"]
    row = mc[(mc.A == "synthetic/model-a") & (mc.B == "synthetic/model-b")].iloc[0]
    first = knowledge[knowledge.outcome.isin(["correct", "incorrect", "declined"])]
    wide = first.pivot(index="item_id", columns="model", values="outcome").dropna(
        subset=["synthetic/model-a", "synthetic/model-b"]
    )
    a = wide["synthetic/model-a"] == "correct"
    b = wide["synthetic/model-b"] == "correct"
    assert (row["n"], row["A_only"], row["B_only"]) == (len(wide), (a & ~b).sum(), (~a & b).sum())
