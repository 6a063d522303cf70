"""Reader-first report: findings, exclusions in no ranked table (#14.8), judges beside scores."""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.report.analyze import all_sections
from clinbench.report.generic import AnalysisOptions
from clinbench.report.judges_section import NOT_VALIDATED, human_agreement, reliability

FAST = AnalysisOptions(n_boot=200, seed=1)
# Tables that list excluded models on purpose: the disclosures.
# where an excluded model is listed on purpose, with its reason and counts, ranked in no table:
# the disclosures, and the "Excluded from ranking" section opening its suite's part (surf29)
DISCLOSURE_SECTIONS = ("Disclosures", "Excluded from ranking")


@pytest.fixture(scope="module")
def with_excluded(results_df):
    """The fixture results plus a model over the exclusion threshold (30% failed calls)."""
    extra = results_df[(results_df.model == "synthetic/model-b")
                       & (results_df.task == "audiology_objective")].copy()  # fmt: skip
    extra["model"] = "synthetic/often-fails"
    failing = extra.index[: int(len(extra) * 0.3)]
    extra.loc[failing, "outcome"] = "error"
    extra.loc[failing, "score"] = float("nan")
    return pd.concat([results_df, extra], ignore_index=True)


@pytest.fixture(scope="module")
def sections(with_excluded):
    return all_sections(with_excluded, figures=False, options=FAST)


def _cells(table: pd.DataFrame) -> set[str]:
    return {str(v) for v in table.astype(str).to_numpy().ravel()}


def test_excluded_models_appear_in_no_ranked_table(sections):
    excluded = {"synthetic/always-fails", "synthetic/often-fails"}
    checked = 0
    for section in sections:
        if section.title in DISCLOSURE_SECTIONS:
            continue
        for caption, table in section.tables.items():
            checked += 1
            assert not (excluded & _cells(table)), (section.title, caption)
    assert checked > 20
    findings = sections[0]
    assert findings.title == "Findings"
    for model in excluded:
        assert any(model in note and "excluded, not ranked" in note for note in findings.notes)
    often = next(n for n in findings.notes if "often-fails" in n)
    assert "exceed the 10% threshold" in often
    disclosed = next(s for s in sections if s.title == "Disclosures")
    listed = disclosed.tables["Excluded from ranking"]
    assert set(listed["model"]) == excluded


def test_findings_headline_per_model_with_interval_n_and_floor(sections, with_excluded):
    findings = sections[0]
    table = findings.tables["audiology · audiology_objective: accuracy (answered items)"]
    row = table[table.model == "synthetic/model-b"].iloc[0]
    rows = with_excluded[(with_excluded.model == "synthetic/model-b")
                         & (with_excluded.task == "audiology_objective")]  # fmt: skip
    answered = rows.outcome.isin(["correct", "incorrect", "declined"]).sum()
    assert row["n"] == answered
    assert row["value"] == pytest.approx((rows.outcome == "correct").sum() / answered)
    assert row["accuracy of all items"] == pytest.approx((rows.outcome == "correct").mean())
    low, high = row["CI95%"]
    assert low < row["value"] < high
    assert "judge" not in table.columns  # exact match: judge-independent
    assert "role" not in table.columns  # no floor baseline among the synthetic models
    graded = findings.tables["audiology · audiology_cases: mean rubric score (0–100)"]
    assert set(graded["scorer"]) == {"rubric"}  # the fact checker has its own scale
    assert set(graded["judge"]) == {"vendor/judge-llm-1 (LLM judge)"}
    assert set(graded["human_agreement"]) == {NOT_VALIDATED}


def test_sections_in_reader_order(sections):
    parts = [s.part for s in sections]
    assert parts[0] == "Findings" and parts[-1] == "Methods and disclosures"
    titles = [s.title for s in sections]
    assert titles[:2] == ["Findings", "Judge reliability"]
    assert titles[-3:] == ["Methods", "Disclosures", "Glossary"]
    assert "Breakdown by domain" in titles


def test_every_judged_table_names_its_judge(sections):
    judged = 0
    for section in sections:
        for caption, table in section.tables.items():
            if "scorer" in table.columns and (table["scorer"] == "rubric").any():
                judged += 1
                assert "judge" in table.columns, (section.title, caption)
                rubric = table[table["scorer"] == "rubric"]
                assert (rubric["human_agreement"] != "").all()
    assert judged >= 5


def test_audit_agreement_uses_the_stats_functions(results_df):
    from clinbench.stats.agreement import agreement_summary

    audit = _audit_items(results_df)
    table = human_agreement(audit)
    overall = table[table.question == "all"].iloc[0]
    expected = agreement_summary(audit, "adjudicator_grade", "human_grade", kind="ordinal",
                                 categories=list("ABCDF"), n_boot=2000, seed=0)  # fmt: skip
    assert overall["grade_kappa_quadratic"] == pytest.approx(expected["kappa_quadratic"])
    assert overall["n"] == len(audit)
    text = reliability(results_df, table).set_index("scorer").loc["rubric", "human_agreement"]
    assert "weighted κ" in text and "PABAK" in text and f"n = {len(audit)}" in text


def _audit_items(results_df):
    """Return an audit items.csv-like table: human labels that mostly agree with the judge."""
    graded = results_df[(results_df.scorer == "rubric") & (results_df.outcome == "graded")]
    sample = graded.head(24).copy()
    grades = list("ABCDF")
    human = [g if i % 4 else grades[min(grades.index(g) + 1, 4)]
             for i, g in enumerate(sample.grade)]  # fmt: skip
    return pd.DataFrame(
        {
            "task": sample.task,
            "scorer": sample.scorer,
            "question": sample.question,
            "model": sample.model,
            "item_id": sample.item_id,
            "adjudicator_grade": sample.grade,
            "human_grade": human,
            "adjudicator_critical_error": sample.critical_errors.astype(str).str.len() > 2,
            "human_critical_error": [i % 5 == 0 for i in range(len(sample))],
        }
    )


def test_mixed_model_not_converged_is_said_in_words(results_df, monkeypatch):
    from clinbench.report import generic
    from clinbench.stats import case_clustering as clustering

    real = clustering.mixed_model

    def unconverged(*args, **kwargs):
        fit = real(*args, **kwargs)
        fit.converged = False
        return fit

    monkeypatch.setattr(clustering, "mixed_model", unconverged)
    section = generic.case_statistics_section(generic.normalise(results_df), FAST)
    assert any("did not converge" in note for note in section.notes)


def test_breakdown_by_item_metadata_field(results_df):
    from clinbench.report.generic import breakdown_section, normalise

    df = normalise(results_df)
    df["item_metadata"] = ['{"setting": "%s"}' % ("clinic" if i % 2 else "ward")
                           for i in range(len(df))]  # fmt: skip
    section = breakdown_section(df, "setting")
    acc = section.tables["Accuracy by setting"]
    assert set(acc["setting"]) == {"clinic", "ward"}
    missing = breakdown_section(df, "no_such_field")
    assert "No row carries the field" in missing.notes[0]


def test_floor_baselines_are_marked(results_df):
    from clinbench.report.headline import findings_section, headline

    df = results_df.copy()
    df.loc[df.model == "synthetic/model-c", "model"] = "clinbench/chance"
    from clinbench.report.generic import normalise

    table = headline(normalise(df), reliability(normalise(df)))
    roles = table.drop_duplicates("model").set_index("model")["role"]
    assert roles["clinbench/chance"] == "floor baseline"
    assert roles["synthetic/model-a"] == ""
    section = findings_section(
        normalise(df),
        normalise(df),
        pd.DataFrame(columns=["suite", "task", "condition", "model", "replies", "reason"]),
        reliability(df),
    )
    shown = section.tables["audiology · audiology_objective: accuracy (answered items)"]
    assert "role" in shown.columns
