"""The audiology suite's report sections: results split by tier, format, source pool, domain,
question and critical-error type, with the judge-independent checks beside the rubric grade.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.report.sections import ReportSection
from clinbench.scoring import outcomes
from clinbench.scoring.rubric import grade_rules
from clinbench.stats.describe import (
    RUBRIC_SCALE,
    accuracy,
    critical_error_codes,
    critical_error_rate,
    critical_errors_known,
    describe_scores,
    has_critical_error,
    pass_rate,
    proportions,
    section_means,
)

TIERS = {
    "audiology_objective": "objective",
    "audiology_literature": "literature",
    "audiology_cases": "cases",
}
KNOWLEDGE_SCORERS = ("closed_exact_match", "answer_adjudicator", "normalised_match")
RUBRIC_SCORERS = ("rubric_adjudicator", "rubric_rules_grader")
INDEPENDENT_NOTE = (
    "audiogram fact check: percentage of checkable Q1/Q2 statements that match the case's "
    "audiogram. NLI contradiction: 1 when an NLI model labels the section as contradicting "
    "its reference. Neither replaces the rubric grade."
)
GRADES = grade_rules().grades


def _scorer(name: object) -> str:
    return str(name).split("/")[-1]


def with_tier(results: pd.DataFrame) -> pd.DataFrame:
    """Return the rows with ``tier`` (objective, literature, cases) and a short ``scorer``."""
    rows = results.copy(deep=False)  # new columns only: the caller's frame is not touched
    rows["tier"] = rows["task"].map(TIERS).fillna(rows["task"])
    # each distinct name shortened once (a results table repeats a few over every row)
    rows["scorer"] = rows["scorer"].map({name: _scorer(name) for name in rows["scorer"].unique()})
    return rows


def knowledge_accuracy(results: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Return accuracy (Wilson 95% CI) of the objective and literature tiers per group."""
    rows = with_tier(results)
    rows = rows[
        rows["tier"].isin(["objective", "literature"]) & rows["scorer"].isin(KNOWLEDGE_SCORERS)
    ]
    if rows.empty:
        return pd.DataFrame()
    return accuracy(rows, by=["model", "tier", "scorer", *by])


def case_scores(results: pd.DataFrame, options=None) -> pd.DataFrame:
    """Return per model, scorer and question: mean score with intervals, pass and error rates.

    The bootstrap interval is drawn with the report's resamples and seed
    (``report.generic.AnalysisOptions``, what the report's "Seeds and resampling" table
    discloses for the percentile bootstrap of means).
    """
    from clinbench.report.generic import AnalysisOptions

    options = options or AnalysisOptions()
    rows = with_tier(results)
    rows = rows[(rows["tier"] == "cases") & rows["scorer"].isin(RUBRIC_SCORERS)]
    if rows.empty:
        return pd.DataFrame()
    keys = ["model", "scorer", "question"]
    graded = rows[rows["outcome"] == outcomes.GRADED]
    # of the unscored: unreadable verdicts and failed judge calls (a dead endpoint), apart
    unscored = outcomes.unscored_counts(rows, keys)
    if not unscored["judge_call_failed"].any():
        unscored = unscored.drop(columns=["judge_call_failed"])
    counts = [c for c in outcomes.UNSCORED_COUNTS if c in unscored]
    if graded.empty:  # every judgement unscored: the counts, and no measure to give
        return unscored.assign(n=0)[[*keys, "n", *counts]]
    table = describe_scores(
        graded, by=keys, n_boot=options.n_boot, seed=options.seed, scale=RUBRIC_SCALE
    )
    passes = pass_rate(graded, by=keys)[[*keys, "pass_rate"]]
    errors = critical_error_rate(graded, by=keys)[[*keys, "critical_error_rate"]]
    out = table.merge(passes, on=keys, how="left").merge(errors, on=keys, how="left")
    return out.merge(unscored, on=keys, how="outer")


def grade_distribution(results: pd.DataFrame) -> pd.DataFrame:
    """Return the count of each letter grade per model, scorer and question."""
    rows = with_tier(results)
    rows = rows[(rows["tier"] == "cases") & rows["scorer"].isin(RUBRIC_SCORERS)]
    rows = rows[rows["outcome"] == outcomes.GRADED]
    if rows.empty:
        return pd.DataFrame()
    counts = pd.crosstab([rows["model"], rows["scorer"], rows["question"]], rows["grade"])
    counts = counts.reindex(columns=list(GRADES), fill_value=0)
    return counts.reset_index().rename_axis(columns=None)


def critical_errors_by_type(results: pd.DataFrame) -> pd.DataFrame:
    """Return per scorer, question and critical-error type: count and share of graded rows
    (rows whose critical errors are not known left out)."""
    rows = with_tier(results)
    rows = rows[rows["tier"] == "cases"]
    rows = rows[rows["outcome"] == outcomes.GRADED]
    rows = rows[critical_errors_known(rows).to_numpy(dtype=bool)]
    if rows.empty:
        return pd.DataFrame()
    records = []
    for (scorer, question), group in rows.groupby(["scorer", "question"], sort=True):
        codes, parsed = critical_error_codes(group["critical_errors"])
        rows_with = np.bincount(codes, minlength=len(parsed))  # rows per distinct cell
        found = sorted({t for listed in parsed for t in listed})
        for error in found:
            k = int(sum(rows_with[c] for c, listed in enumerate(parsed) if error in listed))
            records.append(
                {"scorer": scorer, "question": question, "critical error": error, "k": k,
                 "n": len(group), "rate": k / len(group)}
            )  # fmt: skip
    return pd.DataFrame(records, columns=["scorer", "question", "critical error", "k", "n", "rate"])


def section_form(results: pd.DataFrame) -> pd.DataFrame:
    """Return per model and question how many case replies missed the section or ran over."""
    rows = with_tier(results)
    rows = rows[(rows["tier"] == "cases") & rows["scorer"].isin(RUBRIC_SCORERS)]
    if rows.empty:
        return pd.DataFrame()
    read: dict = {}  # each distinct metadata text parsed once

    def parse(text):
        if not text:
            return {}
        if text not in read:
            read[text] = json.loads(text)
        return read[text]

    details = rows["score_metadata"].map(parse)
    rows = rows.assign(
        missing=details.map(lambda d: bool(d.get("section_missing"))),
        over_length=details.map(lambda d: bool(d.get("section_over_length"))),
    )
    return (
        rows.groupby(["model", "scorer", "question"], as_index=False)
        .agg(replies=("item_id", "size"), missing=("missing", "sum"),
             over_length=("over_length", "sum"))
        .rename(columns={"over_length": "over length"})
    )  # fmt: skip


def judge_independent(results: pd.DataFrame) -> pd.DataFrame:
    """Return the fact-check and NLI scores per model and question beside the rubric means."""
    rows = with_tier(results)
    rows = rows[(rows["tier"] == "cases") & rows["scorer"].isin(
        ["audiogram_fact_check", "nli_contradiction", *RUBRIC_SCORERS]
    )]  # fmt: skip
    if rows.empty:
        return pd.DataFrame()
    graded = rows[rows["outcome"] == outcomes.GRADED]
    means = section_means(graded, ["model", "question", "scorer"])
    if means.empty:
        return pd.DataFrame()
    means = means.pivot_table(index=["model", "question"], columns="scorer", values="mean")
    means.columns = [f"{c} mean" for c in means.columns]
    return means.reset_index()


def fact_check_errors(results: pd.DataFrame) -> pd.DataFrame:
    """Return the share of checked sections with a fact-check critical error (Wilson 95% CI)."""
    rows = with_tier(results)
    rows = rows[(rows["scorer"] == "audiogram_fact_check") & (rows["outcome"] == outcomes.GRADED)]
    if rows.empty:
        return pd.DataFrame()
    return proportions(
        rows,
        success=lambda d: has_critical_error(d["critical_errors"]),
        by=["model", "question"],
        name="critical_error_rate",
    )


CLAIM_READER_NOTE = (
    "claim reader = who read the claims the fact checker judged (rules, or the model in the "
    "claim_reader role; the same deterministic judges decide). 'unscored: reader failed' "
    "counts sections whose model reading failed (call failed, invalid JSON, schema violation: "
    "the causes are in score_metadata); they are never counted as 'no error'."
)


def _claim_reader_fields(metadata: object) -> tuple[str, str, str]:
    """Return (reader, failure kind, unscored cause) from a fact-check row's score metadata."""
    try:
        details = json.loads(metadata) if isinstance(metadata, str) and metadata else {}
    except json.JSONDecodeError:
        details = {}
    reader = details.get("claim_reader") or {}
    name = str(reader.get("model") or reader.get("reader") or "rules")
    return name, str(reader.get("failure") or ""), str(details.get("unscored_cause") or "")


NO_CLAIM_READ = "no_claim_read"  # the scorer's unscored cause (audiogram CheckOutcome)
FACT_CHECK_OUTCOMES_NOTE = (
    "no claim read = sections in which the fact checker read no claim at all: unscored, "
    "outside the critical-error rate, never counted as 'no critical error'. nothing "
    "checkable = claims read, none of them judgeable."
)


def _fact_check_sections(results: pd.DataFrame) -> pd.DataFrame:
    """Return the fact check's rows of sections: graded or unscored (a case whose call
    failed had no reply, so no section: the run's headline and rubric table count it)."""
    rows = with_tier(results)
    return rows[(rows["scorer"] == "audiogram_fact_check")
                & rows["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]  # fmt: skip


def fact_check_outcomes(results: pd.DataFrame) -> pd.DataFrame:
    """Return per model and question how the fact-checked sections came out: with a critical
    error, with none, no claim read, nothing checkable, the claim reader failed."""
    rows = _fact_check_sections(results)
    rows = rows[rows["tier"] == "cases"]
    if rows.empty or "score_metadata" not in rows.columns:
        return pd.DataFrame()
    fields = [_claim_reader_fields(m) for m in rows["score_metadata"]]
    graded = (rows["outcome"] == outcomes.GRADED).to_numpy()
    flagged = has_critical_error(rows["critical_errors"]).to_numpy()
    rows = rows.assign(
        with_error=graded & flagged,
        without_error=graded & ~flagged,
        no_claim=[f[2] == NO_CLAIM_READ for f in fields],
        nothing=[f[2] == "nothing_checkable" for f in fields],
        failed=[f[1] != "" for f in fields],
    )
    out = rows.groupby(["model", "question"], as_index=False).agg(
        sections=("outcome", "size"),
        **{"critical error": ("with_error", "sum")},
        **{"no critical error": ("without_error", "sum")},
        **{"no claim read": ("no_claim", "sum")},
        **{"nothing checkable": ("nothing", "sum")},
        **{"reader failed": ("failed", "sum")},
    )
    counts = out.columns[2:]
    out[counts] = out[counts].astype(int)
    return out.sort_values(["model", "question"], kind="stable").reset_index(drop=True)


def claim_reader_table(results: pd.DataFrame) -> pd.DataFrame:
    """Return, per model, claim reader and question, the fact-check sections: checked,
    graded, unscored with no claim read or nothing checkable, unscored because the reader
    failed (by kind).

    Empty unless some row's claims were read by a model (the rules reader fails never).
    """
    rows = _fact_check_sections(results)
    if rows.empty or "score_metadata" not in rows.columns:
        return pd.DataFrame()
    fields = [_claim_reader_fields(m) for m in rows["score_metadata"]]
    rows = rows.assign(
        claim_reader=[f[0] for f in fields],
        failure=[f[1] for f in fields],
        no_claim=[f[2] == NO_CLAIM_READ for f in fields],
        nothing=[f[2] == "nothing_checkable" for f in fields],
    )
    if set(rows["claim_reader"]) <= {"rules"}:
        return pd.DataFrame()
    keys = ["model", "claim_reader", "question"]
    out = rows.groupby(keys, as_index=False).agg(
        sections=("outcome", "size"),
        graded=("outcome", lambda o: int((o == outcomes.GRADED).sum())),
        **{"unscored: no claim read": ("no_claim", "sum")},
        **{"unscored: nothing checkable": ("nothing", "sum")},
        **{"unscored: reader failed": ("failure", lambda f: int((f != "").sum()))},
    )
    failed = rows[rows["failure"] != ""]
    if not failed.empty:
        kinds = failed.pivot_table(index=keys, columns="failure", values="outcome",
                                   aggfunc="size", fill_value=0)  # fmt: skip
        kinds.columns = [f"failed: {c}" for c in kinds.columns]
        out = out.merge(kinds.reset_index(), on=keys, how="left")
        out[list(kinds.columns)] = out[list(kinds.columns)].fillna(0).astype(int)
    unscored = ["unscored: no claim read", "unscored: nothing checkable"]
    out[unscored] = out[unscored].astype(int)
    return out.sort_values(keys, kind="stable").reset_index(drop=True)


def stability(results: pd.DataFrame) -> pd.DataFrame:
    """Return NLI multipass stability when the case tier ran more than one epoch with NLI."""
    if not results["scorer"].astype(str).str.endswith("nli_contradiction").any():
        return pd.DataFrame()  # no NLI rows: the scorers module (and Inspect) is not imported
    from clinbench.scoring.nli import multipass_stability
    from clinbench.suites.audiology.scorers import nli_labels

    labelled = nli_labels(results)
    if labelled.empty or labelled["epoch"].nunique() < 2:
        return pd.DataFrame()
    return multipass_stability(labelled)


def _score_figure(table: pd.DataFrame):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 3.6), dpi=100)
    FigureCanvasAgg(fig)
    from clinbench.report.glossary import plain_label

    ax = fig.add_subplot(1, 1, 1)

    def label(r) -> str:
        return f"{textwrap.fill(plain_label(r.scorer), 22)}\n{r.model.split('/')[-1]}"

    labels = [label(r) for r in table.itertuples()]
    groups = list(dict.fromkeys(labels))
    questions = sorted(table["question"].unique())
    width = 0.8 / max(len(questions), 1)
    for offset, question in enumerate(questions):
        sub = table[table["question"] == question]
        xs = [groups.index(label(r)) + offset * width for r in sub.itertuples()]
        ax.bar(xs, sub["mean"], width=width, label=question)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(groups))])
    ax.set_xticklabels(groups, fontsize=7)
    ax.set_ylim(0, 100)
    ax.set_ylabel("mean score (0-100)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def sections(results: pd.DataFrame, figures: bool = True) -> list[ReportSection]:
    """Return the audiology report sections for the suite's rows of a results table.

    With ``figures=False`` (``clinbench analyze``: tables only) no figure is drawn.
    """
    out: list[ReportSection] = []
    pools = knowledge_accuracy(results, ["format", "source_pool"])
    knowledge = {
        "Accuracy by tier, format and source pool": pools,
        "Accuracy by tier and domain": knowledge_accuracy(results, ["domain"]),
        "Accuracy by tier and difficulty": knowledge_accuracy(results, ["difficulty"]),
    }  # fmt: skip
    knowledge = {k: v for k, v in knowledge.items() if not v.empty}
    if knowledge:
        out.append(
            ReportSection(
                title="Objective and literature tiers",
                intro=(
                    "Accuracy = correct / answered (declines count as not correct). MCQ and TF "
                    "are exact match; FIB and SA are judged by the grader-role adjudicator "
                    "(answer_adjudicator) and, always, by the deterministic normalised_match."
                ),
                tables=knowledge,
                notes=[
                    "Unscored judge verdicts, parse failures and errors are counted in "
                    "'excluded', never in the denominator.",
                    "The bundled items are illustrative samples written for clinbench.",
                ],
            )
        )
    scores = case_scores(results)
    if not scores.empty:
        tables = {
            "Case scores by question (mean, SD, 95% t and bootstrap CIs; pass = C+)": scores,
            "Grade distribution": grade_distribution(results),
            "Critical errors by type": critical_errors_by_type(results),
            "Section form (missing or over-length labelled sections)": section_form(results),
        }  # fmt: skip
        n = int(scores["n"].sum())
        caption = f"Mean case score by question (n = {n} graded question replies)"
        out.append(
            ReportSection(
                title="Clinical cases: rubric grades",
                intro=(
                    "Scores, grades and caps are computed in code from the adjudicator's "
                    "subdimension scores and critical errors (rubric file). rubric_adjudicator "
                    "is the LLM judge in the grader role; rubric_rules_grader is the "
                    "deterministic offline stand-in and is not an LLM judgement."
                ),
                tables={k: v for k, v in tables.items() if not v.empty},
                figures={caption: _score_figure(scores)} if figures and n else {},
                notes=[
                    "Unscored judgements are listed in the 'unscored' column and excluded "
                    "from means and rates; of them, 'unreadable' counts those whose judge "
                    "replied with a verdict that could not be read, and 'judge call failed' "
                    "(shown when any did) those whose call to the judge failed: a failure of "
                    "the run, not of the reply. The run summary's rubric table gives the same "
                    "two counts."
                ],
            )  # fmt: skip
        )
    independent = {
        "Judge-independent scores beside the rubric (means)": judge_independent(results),
        "Fact-check critical-error rate": fact_check_errors(results),
        "Fact check: sections by outcome": fact_check_outcomes(results),
        "Fact check: who read the claims": claim_reader_table(results),
        "NLI multipass stability": stability(results),
    }
    independent = {k: v for k, v in independent.items() if not v.empty}
    if independent:
        out.append(
            ReportSection(
                title="Clinical cases: judge-independent checks",
                intro=INDEPENDENT_NOTE,
                tables=independent,
                notes=[FACT_CHECK_OUTCOMES_NOTE],
            )
        )
    return out


def summary_tables(results: pd.DataFrame) -> list[tuple[str, pd.DataFrame, list[str]]]:
    """Return the audiology tables `run` and `demo` print beside the generic ones."""
    out = []
    beside = judge_independent(results)  # the fact check's (and NLI's) own measure
    if not beside.empty:
        out.append(("judge-independent scores beside the rubric (means)", beside,
                    [INDEPENDENT_NOTE]))  # fmt: skip
    errors = critical_errors_by_type(results)
    if not errors.empty:
        out.append(("critical errors by type", errors, []))
    checked = fact_check_outcomes(results)
    if not checked.empty:
        out.append(("fact check: sections by outcome", checked, [FACT_CHECK_OUTCOMES_NOTE]))
    readers = claim_reader_table(results)
    if not readers.empty:
        out.append(("fact check: claim reader", readers, [CLAIM_READER_NOTE]))
    return out
