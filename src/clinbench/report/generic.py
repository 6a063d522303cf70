"""The report's generic sections, built from any frozen results table.

Leaderboard with intervals; score distributions by question type and model; grade
distribution; critical-error types; accuracy by format x source pool; case-tier tests and
clustering; paired model comparisons; disclosures (parse failures, unscored judge calls,
errors, exclusions, seeds, software versions, inputs). Each section says which rows it uses
and how many, and tables keep their count columns, so every number traces back to rows.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import itertools
import platform
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from clinbench.report.sections import ReportSection, outcome_counts
from clinbench.scoring import outcomes as oc
from clinbench.scoring.rubric import grade_rules
from clinbench.stats import case_clustering as clustering
from clinbench.stats import compare, describe
from clinbench.stats._common import letter_grades

TEXT_COLUMNS = ("suite", "task", "model", "item_id", "format", "condition", "scorer",
                "question", "outcome", "grade", "critical_errors", "source_pool", "run_id",
                "log_file")  # fmt: skip
FAILING_GRADES = grade_rules().failing
SOFTWARE = ("clinbench", "inspect_ai", "numpy", "pandas", "scipy", "statsmodels", "pingouin",
            "scikit-learn", "matplotlib", "jinja2")  # fmt: skip


@dataclass
class AnalysisOptions:
    """Seeds and resample counts used by every random procedure in the report."""

    seed: int = 0
    n_boot: int = 10_000  # percentile and case-level bootstraps
    max_pairs_models: int = 8  # paired comparisons are listed for at most this many models
    threshold: float | None = None  # exclusion share of failed/empty replies (None: default)


def _norm(results: pd.DataFrame) -> pd.DataFrame:
    from clinbench.results.table import is_clean_text

    # with copy-on-write (pandas 3) a shallow copy leaves the caller's frame alone whatever
    # is written into the copy later, and a text column already without gaps is not copied
    # (a million rows: hundreds of MB); pandas 2 without it gets the deep copy it always had
    cow = int(pd.__version__.split(".")[0]) >= 3 or pd.get_option("mode.copy_on_write") is True
    df = results.copy(deep=not cow)
    for col in TEXT_COLUMNS:
        if col not in df.columns:
            df[col] = ""
        elif not is_clean_text(df[col]):
            df[col] = df[col].fillna("").astype(str)
    df["score"] = pd.to_numeric(df.get("score"), errors="coerce")
    if "epoch" not in df.columns:
        df["epoch"] = 1
    return df


def _exact_rows(df: pd.DataFrame) -> pd.DataFrame:
    """Return the rows with an accuracy: all but those of scorers that grade on a scale.

    Which scorers grade on a scale is ``stats.repeated_epochs.on_a_scale``'s rule, the one
    the run summary keeps too: per task and scorer, so an unscored judge verdict on a
    fill-in never takes a task's exact-match scorers out of the accuracy tables.
    """
    from clinbench.stats.repeated_epochs import ACCURACY_OUTCOMES, on_a_scale

    # every outcome with an accuracy but a judge's unscored call (new outcomes flow through)
    closed = [o for o in ACCURACY_OUTCOMES if o != oc.UNSCORED]
    return df[df["outcome"].isin(closed) & ~on_a_scale(df)]


def _graded_rows(df: pd.DataFrame) -> pd.DataFrame:
    """Return the rows of scorers that grade on a scale (``on_a_scale``)."""
    from clinbench.stats.repeated_epochs import on_a_scale

    return df[on_a_scale(df)]


def _rubric_rows(df: pd.DataFrame) -> pd.DataFrame:
    """Return rows of (task, scorer) pairs that give letter grades: rubric-graded replies.

    Other scorers of graded tasks (e.g. a fact checker, a WER-based transcription score) have
    their own scales and appear only in the leaderboard, by scorer.
    """
    graded = _graded_rows(df)
    pairs = pd.MultiIndex.from_frame(graded.loc[graded["grade"] != "", ["task", "scorer"]])
    keys = pd.MultiIndex.from_frame(graded[["task", "scorer"]])
    return graded[keys.isin(pairs)]


def _scored(df: pd.DataFrame) -> pd.DataFrame:
    return df[(df["outcome"] == oc.GRADED) & df["score"].notna()]


def _uses(n: int, total: int, what: str) -> str:
    return f"Rows used: {what} — {n:,} of the {total:,} rows in the results."


def _case_label(row) -> str:
    parts = [row["task"]]
    if row.get("condition") not in ("", "default", None):
        parts.append(row["condition"])
    if row.get("scorer") not in ("", None):
        parts.append(row["scorer"])
    return " · ".join(parts)


# --------------------------------------------------------------------------- leaderboard


def short_model_names(models) -> dict[str, str]:
    """Return model -> the last segment of its name ('clinbench/replay/x' -> 'x') if unique."""
    models = sorted(set(models))
    last = {m: m.rstrip("/").split("/")[-1] for m in models}
    return last if len(set(last.values())) == len(models) else {m: m for m in models}


def _row_labels(table: pd.DataFrame) -> list[str]:
    """Return figure labels: model, plus condition / scorer (in plain words) where they vary."""
    from clinbench.report.glossary import plain_label

    names = short_model_names(table["model"])
    show_condition = table["condition"].nunique() > 1
    show_scorer = "scorer" in table.columns and table["scorer"].nunique() > 1
    labels = []
    for _, row in table.iterrows():
        label = names[row["model"]]
        if show_condition:
            label += f" [{plain_label(row['condition'] or 'default')}]"
        if show_scorer:
            label += f" ({plain_label(row['scorer'])})"
        labels.append(label)
    return labels


def leaderboard_section(df: pd.DataFrame, figures: bool = True) -> ReportSection | None:
    """Return accuracy (Wilson CIs) and rubric score (t CIs) per model, best first."""
    from clinbench.report import figures as figs

    exact = _exact_rows(df)
    # Only letter-graded (rubric) rows: a pass rate and a best-first order mean nothing on
    # other scales (a WER is lower-is-better); those scorers are in their suites' sections.
    graded = _scored(_rubric_rows(df))
    if exact.empty and graded.empty:
        return None
    section = ReportSection(
        title="Leaderboard",
        intro=(
            "Accuracy of exact-match items with 95% Wilson intervals (declines count as not "
            "correct; parse failures and errors are excluded and counted apart), and mean "
            "rubric score of letter-graded replies with 95% t-intervals. With several epochs "
            "per item the accuracy interval is clustered by item (Wilson at the cluster-robust "
            "effective n): repeated epochs never narrow it by themselves; items counts items, "
            "epochs the epochs per item."
        ),
    )
    keys = ["suite", "task", "condition", "scorer", "model"]
    if not exact.empty:
        acc = describe.accuracy(exact, by=keys)
        nothing = acc[acc["n"] == 0]
        for _, row in nothing.iterrows():
            section.notes.append(
                f"{row['model']} on {row['task']} [{row['condition']}] is excluded, not ranked: "
                f"none of its {int(row['excluded'])} replies could be scored (see Disclosures)."
            )
        acc = acc[acc["n"] > 0]
        acc = acc.sort_values(
            ["suite", "task", "condition", "scorer", "accuracy", "model"],
            ascending=[True, True, True, True, False, True],
            kind="stable",
        ).reset_index(drop=True)
        section.tables["Accuracy by model"] = acc
        section.notes.append(_uses(len(exact), len(df), "exact-match outcomes"))
        if figures:
            for (suite, task, condition), sub in acc.groupby(
                ["suite", "task", "condition"], sort=True
            ):
                sub = sub.assign(label=_row_labels(sub)).sort_values(
                    ["scorer", "accuracy", "label"], ascending=[True, False, True]
                )
                n_min, n_max = int(sub["n"].min()), int(sub["n"].max())
                n_text = f"n = {n_min}" if n_min == n_max else f"n = {n_min}–{n_max}"
                fig = figs.interval_plot(
                    sub, "label", "accuracy", "CI95%", "accuracy (95% Wilson CI)", (-0.02, 1.02)
                )
                section.figures[f"{suite} · {task} [{condition or 'default'}]: accuracy by "
                                 f"model ({n_text} answered items per row)"] = fig  # fmt: skip
    if not graded.empty:
        scores = describe.describe_scores(
            graded, "score", by=keys, n_boot=0, scale=describe.RUBRIC_SCALE
        )
        scores = scores.drop(columns=["boot_CI95%"])
        for _, row in scores[scores["n"] == 0].iterrows():
            section.notes.append(
                f"{row['model']} on {row['task']} [{row['condition']}] is excluded, not ranked: "
                "none of its replies has a score (see Disclosures)."
            )
        rates = describe.pass_rate(graded, by=keys)
        scores["pass_rate"] = rates["pass_rate"].to_numpy()
        scores["pass CI95%"] = rates["CI95%"].to_numpy()
        scores = (
            scores[scores["n"] > 0]
            .sort_values(
                ["suite", "task", "condition", "scorer", "mean", "model"],
                ascending=[True, True, True, True, False, True],
                kind="stable",
            )
            .reset_index(drop=True)
        )
        section.tables["Rubric score of graded replies by model"] = scores
        section.notes.append(_uses(len(graded), len(df), "graded replies with a score"))
        if figures:
            for (suite, task, condition, scorer), sub in scores.groupby(
                ["suite", "task", "condition", "scorer"], sort=True
            ):
                sub = sub.assign(label=_row_labels(sub)).sort_values(
                    ["mean", "label"], ascending=[False, True]
                )
                fig = figs.interval_plot(sub, "label", "mean", "CI95%", "mean score (95% t CI)")
                section.figures[
                    f"{suite} · {task} [{condition or 'default'}]: mean {scorer} score by "
                    f"model (n = {int(sub['n'].sum())} graded replies)"
                ] = fig
    return section


# --------------------------------------------------------------- distributions and grades


def _distribution_groupings(df: pd.DataFrame) -> tuple[pd.DataFrame, bool, list[list[str]]]:
    """Return (scored rubric rows, whether they have question types, the bootstrapped keys)."""
    graded = _scored(_rubric_rows(df))
    keys_q = _question_keys(graded)
    return graded, "question" in keys_q, [keys_q, ["task", "scorer", "model"]]


def _question_keys(graded: pd.DataFrame) -> list[str]:
    """Return the keys rubric rows are grouped by: task, scorer, and question if any has one."""
    return (
        ["task", "scorer", "question"] if (graded["question"] != "").any() else ["task", "scorer"]
    )


def _letter_graded(df: pd.DataFrame) -> pd.DataFrame:
    """Return the rubric-graded rows that carry a letter grade."""
    graded = _rubric_rows(df)
    return graded[graded["grade"] != ""]


def distribution_bootstraps(df: pd.DataFrame, options=None) -> list[tuple]:
    """Return the bootstraps ``distributions_section`` draws (for ``resample.prefetched``)."""
    options = options or AnalysisOptions()
    graded, _, groupings = _distribution_groupings(df)
    return [
        request
        for keys in groupings
        for request in describe.score_bootstraps(
            graded, "score", by=keys, n_boot=options.n_boot, seed=options.seed
        )
    ]


def distributions_section(df: pd.DataFrame, figures: bool = True, options=None):
    """Return score summaries by question type and model, with box plots."""
    from clinbench.report import figures as figs

    options = options or AnalysisOptions()
    graded, has_q, (keys_q, keys_m) = _distribution_groupings(df)
    if graded.empty:
        return None
    section = ReportSection(
        title="Score distributions",
        intro=(
            "Rubric scores (0–100) by question type and model: mean, SD, 95% t-interval (on the "
            "logit scale, so it stays inside 0–100) and "
            f"95% percentile bootstrap interval ({options.n_boot:,} resamples, seed "
            f"{options.seed})."
        ),
    )
    section.notes.append(_uses(len(graded), len(df), "graded replies with a score"))
    scale = describe.RUBRIC_SCALE
    section.tables["Scores by question type"] = describe.describe_scores(
        graded, "score", by=keys_q, n_boot=options.n_boot, seed=options.seed, scale=scale
    )
    section.tables["Scores by model"] = describe.describe_scores(
        graded, "score", by=keys_m, n_boot=options.n_boot, seed=options.seed, scale=scale
    )
    if has_q:
        section.tables["Scores by question type and model"] = describe.describe_scores(
            graded, "score", by=["task", "scorer", "question", "model"], n_boot=0, scale=scale
        ).drop(columns=["boot_CI95%"])
    if figures:
        for (task, scorer), sub in graded.groupby(["task", "scorer"], sort=True):
            group = "question" if has_q else "task"
            fig = figs.grouped_boxplot(sub, "score", group, "model", "score (0–100)")
            section.figures[
                f"{task} · {scorer}: score distribution by "
                f"{'question type' if has_q else 'task'} and model (n = {len(sub)} graded "
                "replies; n per box in the tables)"
            ] = fig
    return section


def grades_section(df: pd.DataFrame, figures: bool = True) -> ReportSection | None:
    """Return letter-grade counts and the pass rate (grade C or above) with Wilson CIs."""
    from clinbench.report import figures as figs

    graded = _letter_graded(df)
    if graded.empty:
        return None
    section = ReportSection(
        title="Grade distribution",
        intro="Letter grades of graded replies; pass = grade C or above (95% Wilson CI).",
    )
    section.notes.append(_uses(len(graded), len(df), "graded replies with a letter grade"))
    keys = _question_keys(graded)
    grades = letter_grades()
    known = [g for g in grades if g in set(graded["grade"])]
    others = sorted(set(graded["grade"]) - set(grades))
    order = known + others
    counts = (
        graded.groupby([*keys, "grade"]).size().unstack("grade", fill_value=0)
        .reindex(columns=order, fill_value=0)
    )  # fmt: skip
    counts["n"] = counts.sum(axis=1)
    section.tables["Grades by question type"] = counts.reset_index()
    by_model = (
        graded.groupby([*keys, "model", "grade"]).size().unstack("grade", fill_value=0)
        .reindex(columns=order, fill_value=0)
    )  # fmt: skip
    by_model["n"] = by_model.sum(axis=1)
    section.tables["Grades by question type and model"] = by_model.reset_index()
    section.tables["Pass rate (grade C or above)"] = describe.pass_rate(graded, by=[*keys, "model"])
    if figures:
        for (task, scorer), sub in counts.reset_index().groupby(["task", "scorer"], sort=True):
            idx = sub["question"] if "question" in keys else sub["task"]
            table = sub.set_index(idx)[order]
            fig = figs.stacked_bars(table, "replies", order)
            section.figures[
                f"{task} · {scorer}: grade counts by question type "
                f"(n = {int(sub['n'].sum())} graded replies)"
            ] = fig
    return section


def critical_errors_section(df: pd.DataFrame, figures: bool = True) -> ReportSection | None:
    """Return critical-error rates (Wilson CIs) and counts of each critical-error type."""
    from clinbench.report import figures as figs

    graded = _letter_graded(df)
    if graded.empty:
        return None
    errors = describe.critical_error_lists(graded["critical_errors"])
    keys = _question_keys(graded)
    section = ReportSection(
        title="Critical errors",
        intro=(
            "Share of graded replies with at least one critical error (95% Wilson CI), and "
            "how often each critical-error type was flagged (a reply can carry several)."
        ),
    )
    section.notes.append(_uses(len(graded), len(df), "graded replies with a letter grade"))
    section.tables["Critical-error rate"] = describe.critical_error_rate(
        graded, by=[*keys, "model"]
    )
    exploded = graded.assign(error_type=errors).explode("error_type").dropna(subset=["error_type"])
    if exploded.empty:
        section.notes.append("No critical error was flagged in these rows.")
        return section
    types = exploded.groupby([*keys, "error_type"]).size().rename("count").reset_index()
    section.tables["Critical-error types"] = types
    section.tables["Critical-error types by model"] = (
        exploded.groupby([*keys, "model", "error_type"]).size().rename("count").reset_index()
    )
    if figures:
        totals = exploded.groupby("error_type").size().sort_values(ascending=False, kind="stable")
        totals = totals.iloc[np.lexsort((totals.index.to_numpy(), -totals.to_numpy()))]
        fig = figs.horizontal_bars(
            totals.index.tolist(), totals.to_numpy().tolist(), "times flagged"
        )
        section.figures[
            f"Critical-error types flagged (n = {int(totals.sum())} flags in "
            f"{int((errors.map(len) > 0).sum())} of {len(graded)} graded replies)"
        ] = fig
    return section


def format_pool_section(df: pd.DataFrame, figures: bool = True) -> ReportSection | None:
    """Return accuracy by item format x source pool (and by model), with Wilson CIs."""
    from clinbench.report import figures as figs

    exact = _exact_rows(df)
    if exact.empty:
        return None
    exact = exact.assign(source_pool=exact["source_pool"].replace("", "(none)"))
    section = ReportSection(
        title="Accuracy by format and source pool",
        intro="Exact-match accuracy for each item format and source pool (95% Wilson CI).",
    )
    section.notes.append(_uses(len(exact), len(df), "exact-match outcomes"))
    pooled = describe.accuracy(exact, by=["suite", "format", "source_pool"])
    section.tables["Accuracy by format × source pool"] = pooled
    section.tables["Accuracy by format × source pool × model"] = describe.accuracy(
        exact, by=["suite", "format", "source_pool", "model"]
    )
    if figures:
        for suite, sub in pooled.groupby("suite", sort=True):
            matrix = sub.pivot(index="format", columns="source_pool", values="accuracy")
            notes = (
                sub.assign(
                    text=[
                        f"{a:.0%}\n{k}/{n}" if n else "n/a"
                        for a, k, n in zip(sub["accuracy"], sub["correct"], sub["n"], strict=True)
                    ]
                )
                .pivot(index="format", columns="source_pool", values="text")
                .fillna("")
            )
            fig = figs.heatmap(matrix, notes.reindex_like(matrix), "accuracy")
            section.figures[
                f"{suite}: accuracy by format × source pool, all models pooled "
                f"(n = {int(sub['n'].sum())} answered items; k/n in each cell)"
            ] = fig
    return section


# --------------------------------------------------------------------- case-tier statistics


def case_statistics_section(df: pd.DataFrame, options=None) -> ReportSection | None:
    """Return the case-tier tests: Kruskal-Wallis, Mann-Whitney, simple effects, clustering."""
    options = options or AnalysisOptions()
    graded = _scored(_rubric_rows(df))
    graded = graded[graded["question"] != ""]
    if graded.empty:
        return None
    section = ReportSection(
        title="Case-tier statistics",
        intro=(
            "Rubric scores of multi-question cases. Kruskal–Wallis with eta²_H = (H − k + 1)/"
            "(n − k); pairwise Mann–Whitney U with Bonferroni-adjusted p, rank-biserial r "
            "(RBC, positive when A scores higher) and Cohen's d (A − B); simple effects of "
            "model within each question type (p-corr adjusted over question types); ICC(1,1) "
            "of case; mixed model score ~ question + (1 | case) with residual ICC; case-level "
            f"bootstrap ({options.n_boot:,} resamples, seed {options.seed}); leave-one-case-out "
            "ranking stability; cases failed (grade D or F) by every model vs the count "
            "expected if models failed independently."
        ),
    )
    section.notes.append(_uses(len(graded), len(df), "graded replies to case questions"))
    tables = section.tables
    several = len(graded[["task", "scorer"]].drop_duplicates()) > 1
    for (task, scorer), sub in graded.groupby(["task", "scorer"], sort=True):
        prefix = f"{task} · {scorer}: " if several else ""
        multi_q = sub["question"].nunique() > 1
        multi_m = sub["model"].nunique() > 1
        kw = []
        if multi_q:
            kw.append(compare.kruskal(sub, "score", "question"))
        if multi_m:
            kw.append(compare.kruskal(sub, "score", "model"))
        if kw:
            tables[prefix + "Kruskal–Wallis"] = pd.concat(kw, ignore_index=True)
        if multi_q:
            tables[prefix + "Pairwise Mann–Whitney U by question type"] = compare.pairwise_mwu(
                sub, "score", "question"
            )
        if multi_m:
            tables[prefix + "Pairwise Mann–Whitney U by model"] = compare.pairwise_mwu(
                sub, "score", "model"
            )
        if multi_q and multi_m:
            omnibus, pairwise = compare.simple_effects(sub, "score", "model", "question")
            tables[prefix + "Simple effects of model within question type"] = omnibus
            tables[prefix + "Simple effects: pairwise by question type"] = pairwise
        case_sizes = sub.groupby("item_id").size()
        if len(case_sizes) >= 2 and (case_sizes > 1).any():
            tables[prefix + "ICC(1,1) of case"] = clustering.icc_oneway(sub, "score", "item_id")
            if multi_q and len(case_sizes) >= 3:
                mm = clustering.mixed_model(sub, "score", "question", "item_id")
                table = mm.table()
                table["n"] = mm.n
                table["cases"] = mm.cases
                table["converged"] = mm.converged
                table["start"] = mm.start
                tables[prefix + "Mixed model score ~ question + (1 | case)"] = table
                if mm.start != clustering.MOMENT_START:
                    section.notes.append(
                        f"{prefix}the mixed model's fit started from moment estimates did not "
                        "converge; it was fitted again from statsmodels' default start."
                    )
                if not mm.converged:
                    section.notes.append(
                        f"{prefix}the mixed model did not converge: its coefficients and "
                        "residual ICC are not reliable. Read the Kruskal–Wallis tests and the "
                        "case-level bootstrap instead."
                    )
            fields = [by for by in ("question", "model") if sub[by].nunique() > 1]
            boots = clustering.case_bootstraps(
                sub, "score", "item_id", fields, n_boot=options.n_boot, seed=options.seed
            )  # one set of resampled cases serves both groupings
            for by in fields:
                tables[prefix + f"Case-level bootstrap by {by}"] = boots[by]
                _, summary = clustering.leave_one_case_out(sub, "score", "item_id", by)
                tables[prefix + f"Leave-one-case-out by {by}"] = summary
        all_rows = _rubric_rows(df)
        all_rows = all_rows[
            (all_rows["task"] == task) & (all_rows["scorer"] == scorer) & (all_rows["grade"] != "")
        ]
        if multi_m and not all_rows.empty:
            failed = all_rows.assign(failed=all_rows["grade"].str.upper().isin(FAILING_GRADES))
            tables[prefix + "Cases every model failed (grade D or F)"] = (
                clustering.all_fail_cooccurrence(failed, "failed", "item_id", "model", "question")
            )
    return section if tables else None


def paired_section(df: pd.DataFrame, options=None) -> ReportSection | None:
    """Return McNemar tests and paired bootstrap differences of model pairs on shared items."""
    options = options or AnalysisOptions()
    # only the columns the comparisons read: filtering every column of a large table copies it
    used = ["suite", "task", "condition", "scorer", "model", "item_id", "epoch", "log_file",
            "outcome"]  # fmt: skip
    exact = _exact_rows(df[[c for c in used if c in df.columns]])
    exact = exact[exact["outcome"].isin(oc.ANSWERED)]
    if exact.empty:
        return None
    mc_rows, boot_rows, skipped = [], [], []
    for (suite, task, condition, scorer), sub in exact.groupby(
        ["suite", "task", "condition", "scorer"], sort=True
    ):
        models = sorted(sub["model"].unique())
        if len(models) < 2:
            continue
        if len(models) > options.max_pairs_models:
            skipped.append(f"{task} [{condition}]: {len(models)} models, pairs not listed")
            continue
        # one observation per model and item: each model's first run (log) and first epoch
        first_log = sub.groupby("model")["log_file"].transform("min")
        first_epoch = sub[sub["log_file"] == first_log]
        first_epoch = first_epoch[
            first_epoch["epoch"] == first_epoch.groupby("model")["epoch"].transform("min")
        ]
        first_epoch = first_epoch.drop_duplicates(["model", "item_id"], keep=False)
        first_epoch = first_epoch.assign(correct=(first_epoch["outcome"] == oc.CORRECT).astype(int))
        key = {"suite": suite, "task": task, "condition": condition, "scorer": scorer}
        for a, b in itertools.combinations(models, 2):
            shared = first_epoch[first_epoch["model"].isin([a, b])]
            if shared.groupby("item_id")["model"].nunique().eq(2).sum() == 0:
                continue
            mc = compare.mcnemar(shared, "correct", "model", "item_id", a, b)
            pb = compare.paired_bootstrap(
                shared, "correct", "model", "item_id", a, b,
                n_boot=options.n_boot, seed=options.seed,
            )  # fmt: skip
            mc_rows.append(pd.concat([pd.DataFrame([key]), mc], axis=1))
            boot_rows.append(pd.concat([pd.DataFrame([key]), pb], axis=1))
    if not mc_rows:
        return None
    section = ReportSection(
        title="Paired model comparisons",
        intro=(
            "Two models on the same items (each model's first run and first epoch; declines "
            "count as not correct; items either model did not answer are left out): McNemar's "
            "test (exact binomial under 25 discordant items) and the accuracy difference A − B "
            f"with a paired bootstrap interval ({options.n_boot:,} resamples, seed {options.seed})."
        ),
        notes=skipped,
    )
    section.tables["McNemar tests"] = pd.concat(mc_rows, ignore_index=True)
    section.tables["Paired accuracy differences"] = pd.concat(boot_rows, ignore_index=True)
    return section


# ---------------------------------------------------------------------------- disclosures


def software_versions() -> pd.DataFrame:
    """Return the Python version and the versions of the packages behind the numbers."""
    rows = [{"software": "python", "version": platform.python_version()}]
    for name in SOFTWARE:
        try:
            version = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            version = "not installed"
        rows.append({"software": name, "version": version})
    return pd.DataFrame(rows)


def file_digest(path: str | Path) -> str:
    """Return the SHA-256 of a file (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def disclosures_section(
    df: pd.DataFrame,
    options=None,
    inputs: list[dict] | None = None,
    problems: list[str] | None = None,
    excluded: pd.DataFrame | None = None,
    resampling: list[dict] | None = None,
) -> ReportSection:
    """Return the disclosures: outcome counts, exclusions, seeds, software, inputs, problems.

    `excluded` (from ``clinbench.report.headline.exclusions``) is listed as "Excluded from
    ranking", with the reason per model, task and condition. `resampling` holds the other
    sections' own resamplings (``ReportSection.resampling``, e.g. a suite's bootstrap SDs),
    listed under "Seeds and resampling" after the generic ones, each once.
    """
    left_out = excluded
    options = options or AnalysisOptions()
    section = ReportSection(
        title="Disclosures",
        intro=(
            "What was excluded and why, and what is needed to re-derive every number: parse "
            "failures, failed calls and unscored adjudicator calls are counted here and never "
            "scored; a model whose every reply was excluded is listed as excluded, not scored "
            "zero."
        ),
    )
    keys = ["suite", "task", "model", "condition"]
    counts = outcome_counts(df)
    unknown = sorted(set(counts.columns) - {*oc.OUTCOMES, "rows", "excluded"})
    section.tables["Outcomes by model"] = counts.reset_index()
    if unknown:
        section.notes.append(
            f"Rows with an outcome clinbench does not know ({', '.join(unknown)}) are shown "
            "as such and enter no accuracy or score."
        )
    excluded = counts[counts["excluded"] == counts["rows"]].reset_index()
    if not excluded.empty:
        section.tables["Excluded (every reply excluded; not scored)"] = excluded[
            [*keys, "rows", *oc.EXCLUDED]
        ]
    if left_out is not None and not left_out.empty:
        section.tables["Excluded from ranking"] = left_out
    mixed = df[df["outcome"].isin(oc.EXCLUDED)]
    if not mixed.empty:
        section.tables["Excluded rows"] = (
            mixed.groupby(["suite", "task", "model", "outcome"]).size().rename("rows").reset_index()
        )
    section.tables["Seeds and resampling"] = pd.DataFrame(
        [
            {"procedure": "percentile bootstrap of means", "resamples": options.n_boot,
             "seed": options.seed},
            {"procedure": "case-level bootstrap", "resamples": options.n_boot,
             "seed": options.seed},
            {"procedure": "paired bootstrap of differences", "resamples": options.n_boot,
             "seed": options.seed},
            *[dict(t) for t in dict.fromkeys(tuple(r.items()) for r in resampling or [])],
        ]
    )  # fmt: skip
    section.tables["Software versions"] = software_versions()
    if inputs:
        section.tables["Input files"] = pd.DataFrame(inputs)
    runs = df.groupby(["run_id", "log_file"]).size().rename("rows").reset_index()
    runs = runs[(runs["run_id"] != "") | (runs["log_file"] != "")]
    if not runs.empty:
        section.tables["Runs and logs"] = runs
    for problem in problems or []:
        section.notes.append(problem)
    return section


def generic_sections(
    results: pd.DataFrame,
    figures: bool = True,
    options: AnalysisOptions | None = None,
) -> list[ReportSection]:
    """Return the generic report sections the results support (figures optional)."""
    options = options or AnalysisOptions()
    df = normalise(results)
    leaderboard = leaderboard_section(df, figures)
    others = [
        grades_section(df, figures),
        critical_errors_section(df, figures),
        format_pool_section(df, figures),
        case_statistics_section(df, options),
        paired_section(df, options),
        *_extra_sections(results),
    ]
    # made last: its bootstraps may still be drawing in a helper process (all_sections)
    distributions = distributions_section(df, figures, options)
    made = [leaderboard, distributions, *others]
    return [s for s in made if s is not None]


def _extra_sections(results: pd.DataFrame) -> list[ReportSection | None]:
    """Return the sections other areas own: cost and time, contamination probes."""
    from clinbench.report.contamination import contamination_section
    from clinbench.report.cost_section import cost_section

    return [cost_section(results), contamination_section(results)]


def normalise(results: pd.DataFrame) -> pd.DataFrame:
    """Return a copy with text columns as strings ('' if empty) and score numeric."""
    return _norm(results)


# ------------------------------------------------------------------------------- breakdowns


def _field_values(df: pd.DataFrame, field: str) -> pd.Series | None:
    """Return a field's value per row: a results column, else a key of the item metadata."""
    from clinbench.results.fields import item_field

    if field in df.columns and field not in ("item_metadata", "score_metadata"):
        return df[field].fillna("").astype(str)
    values = item_field(df.drop(columns=[field], errors="ignore"), field)
    return values if values is not None and (values != "").any() else None


def breakdown_section(df: pd.DataFrame, field: str) -> ReportSection | None:
    """Return accuracy and rubric scores by a metadata field (domain, or one given by --by).

    `field` is a results column or a key of the items' metadata. Returns None for `domain`
    when no row has one; for another field, a section saying no row carries it.
    """
    values = _field_values(df, field)
    title = f"Breakdown by {field}"
    if values is None:
        if field == "domain":
            return None
        missing = f"No row carries the field {field!r} (a results column or item metadata key)."
        return ReportSection(title=title, notes=[missing])
    rows = df.assign(**{field: values})
    rows = rows[rows[field] != ""]
    section = ReportSection(
        title=title,
        intro=(
            f"Accuracy (exact-match items, 95% Wilson CI) and mean rubric score (graded "
            f"replies, 95% t CI) for each value of {field!r}, per model. Small cells give wide "
            "intervals: read them as where to look, not as findings."
        ),
    )
    exact = _exact_rows(rows)
    small = 0
    cells = 0
    if not exact.empty:
        acc = describe.accuracy(exact, by=["task", "condition", field, "model"])
        section.tables[f"Accuracy by {field}"] = acc
        cells += len(acc)
        small += int((acc["n"] < 10).sum())
    graded = _scored(_rubric_rows(rows))
    if not graded.empty:
        scores = describe.describe_scores(
            graded,
            "score",
            by=["task", "scorer", field, "model"],
            n_boot=0,
            scale=describe.RUBRIC_SCALE,
        ).drop(columns=["boot_CI95%"])
        section.tables[f"Rubric score by {field}"] = scores
        cells += len(scores)
        small += int((scores["n"] < 10).sum())
    if not section.tables:
        return None
    if small:
        section.notes.append(
            f"{small} of the {cells} cells rest on fewer than 10 items or replies; their "
            "intervals are wide."
        )
    section.notes.append(_uses(len(rows), len(df), f"rows with a {field}"))
    return section


# ------------------------------------------------------------------------- methods, glossary


def methods_section(options=None) -> ReportSection:
    """Return how the numbers were made: exclusion, denominators, intervals, judges, seeds."""
    from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD

    options = options or AnalysisOptions()
    threshold = DEFAULT_EXCLUSION_THRESHOLD if options.threshold is None else options.threshold
    return ReportSection(
        title="Methods",
        notes=[
            "Exclusion: per suite, task and condition, a model is left out of every table "
            "(and listed in the findings with the reason) when none of its replies could be "
            "scored, or when its unusable replies (failed, empty, unparseable or contradictory, "
            f"each reply counted once) exceed {threshold:.0%} of its replies.",
            "Accuracy: correct / answered items (a decline is answered and not correct); parse "
            "failures and errors are counted apart. The findings also give accuracy over all "
            "items, with parse failures and errors counted as not correct.",
            "Intervals: 95% Wilson intervals for accuracy and rates; with several epochs, "
            "accuracy's is clustered by item (Wilson at the cluster-robust effective n), so "
            "repeating a model never narrows it; 95% t intervals for mean scores (0-100 "
            "rubric means on the logit scale); percentile bootstrap intervals where named "
            f"({options.n_boot:,} resamples, seed {options.seed}).",
            "Judged scores: each names its judge (an LLM adjudicator, replayed judge replies, or "
            "clinbench's deterministic rules grader) and its agreement with human audit labels "
            "where an audit was given; otherwise it says the scores are not validated against "
            "human labels.",
            "Floor baselines: clinbench/chance answers at random among valid answers and "
            "clinbench/rules applies fixed rules; a model must clear them to show any skill.",
        ],
    )


def glossary_section(sections: list[ReportSection]) -> ReportSection:
    """Return the glossary of the statistical terms that appear in `sections`."""
    from clinbench.report.glossary import display_name, glossary

    texts = []
    for section in sections:
        texts += [section.intro, *section.notes, *section.tables, *section.figures]
        for table in section.tables.values():
            texts += [display_name(c) for c in table.columns]
            if "human_agreement" in table.columns:
                texts += [str(v) for v in table["human_agreement"]]
    return ReportSection(title="Glossary", glossary=glossary(texts))
