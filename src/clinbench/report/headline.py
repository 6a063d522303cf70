"""The report's first screen: per suite, the headline number per model, the floor baselines,
who was excluded and why, the verdict, and the judge's reliability beside judged scores.

Exclusion is decided once, here, for the whole report: a model is left out of every analysed
table for a (suite, task, condition) when none of its replies could be scored, or when its
failed, empty (and, as ``clinbench.stats.leaderboard.model_exclusions`` counts them,
unreadable) replies exceed the threshold. The excluded rows stay in the disclosures and are
listed here with the reason; they are never ranked and never scored zero.
"""

from __future__ import annotations

import pandas as pd

from clinbench.report.sections import ReportSection
from clinbench.scoring import outcomes as oc

FLOOR_MODELS = ("clinbench/chance", "clinbench/rules")  # offline baselines: the floor
SMALL_N = 10  # fewer scored items than this: the interval is called wide in words
GROUP = ["suite", "task", "condition"]


def is_floor(model: str) -> bool:
    """Return True for clinbench's offline baselines (random answer, rules), the floor."""
    return str(model).startswith(FLOOR_MODELS)


def exclusions(df: pd.DataFrame, threshold: float | None = None) -> pd.DataFrame:
    """Return the (suite, task, condition, model) groups left out of ranking, with the reason.

    Columns: suite, task, condition, model, replies, reason.
    """
    from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD, model_exclusions

    threshold = DEFAULT_EXCLUSION_THRESHOLD if threshold is None else threshold
    rows = []
    for key, group in df.groupby(GROUP, sort=True):
        rule = model_exclusions(group, threshold).set_index("model")
        for model, part in group.groupby("model", sort=True):
            scored = part["outcome"].isin(oc.ANSWERED) | (
                (part["outcome"] == oc.GRADED) & part["score"].notna()
            )
            replies = part.drop_duplicates(["item_id", "epoch"]).shape[0]
            reason = ""
            if not scored.any():
                counts = part.drop_duplicates(["item_id", "epoch", "outcome"])["outcome"]
                counts = counts.value_counts()
                parts = [f"{int(counts[o])} {o.replace('_', ' ')}" for o in oc.EXCLUDED
                         if o in counts]  # fmt: skip
                reason = f"none of its {replies} replies could be scored ({', '.join(parts)})"
            elif model in rule.index and bool(rule.loc[model, "excluded"]):
                reason = str(rule.loc[model, "reason"])
            if reason:
                rows.append({**dict(zip(GROUP, key, strict=True)), "model": model,
                             "replies": replies, "reason": reason})  # fmt: skip
    return pd.DataFrame(rows, columns=[*GROUP, "model", "replies", "reason"])


def drop_excluded(df: pd.DataFrame, excluded: pd.DataFrame) -> pd.DataFrame:
    """Return the rows of the models that are ranked (excluded groups removed)."""
    if excluded.empty:
        return df
    keys = [*GROUP, "model"]
    gone = pd.MultiIndex.from_frame(excluded[keys].astype(str))
    mine = pd.MultiIndex.from_frame(df[keys].astype(str))
    return df[~mine.isin(gone)].reset_index(drop=True)


def _accuracy_rows(df: pd.DataFrame) -> pd.DataFrame:
    """Return the headline accuracy rows: ``stats.clustered.accuracy_two_denominators``."""
    from clinbench.report.generic import _exact_rows
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    keys = [*GROUP, "scorer", "model"]
    table = accuracy_two_denominators(_exact_rows(df), by=keys, n_boot=0)
    table = table[table["answered"] > 0]
    if table.empty:
        return pd.DataFrame()
    return pd.DataFrame(
        {
            **{k: table[k] for k in keys},
            "measure": "accuracy (answered items)",
            "value": table["accuracy_answered"],
            "CI95%": list(zip(table["ci_answered_low"], table["ci_answered_high"], strict=True)),
            "n": table["answered"],
            "accuracy of all items": table["accuracy_all"],
            "all-items CI95%": list(zip(table["ci_all_low"], table["ci_all_high"], strict=True)),
            "items": table["n_items"],
            "epochs": table["n_epochs"],
        }
    ).reset_index(drop=True)


def _rubric_rows(df: pd.DataFrame) -> pd.DataFrame:
    from clinbench.report.generic import _rubric_rows as rubric
    from clinbench.report.generic import _scored
    from clinbench.stats.describe import RUBRIC_SCALE, describe_scores, pass_rate

    graded = _scored(rubric(df))
    if graded.empty:
        return pd.DataFrame()
    keys = [*GROUP, "scorer", "model"]
    scores = describe_scores(graded, "score", by=keys, n_boot=0, scale=RUBRIC_SCALE)
    rates = pass_rate(graded, by=keys)[[*keys, "pass_rate"]]
    table = scores.merge(rates, on=keys, how="left")
    return pd.DataFrame(
        {
            **{k: table[k] for k in keys},
            "measure": "mean rubric score (0–100)",
            "value": table["mean"],
            "CI95%": table["CI95%"],
            "n": table["n"],
            "pass rate": table["pass_rate"],
        }
    )


def headline(ranked: pd.DataFrame, reliability: pd.DataFrame) -> pd.DataFrame:
    """Return one row per suite, task, condition, scorer and model: the headline number.

    Exact-match tasks: accuracy over answered items with its Wilson interval and n, beside
    accuracy over all items (parse failures and errors counted as not correct). Rubric-graded
    tasks: mean score with its t interval, n and pass rate, and the judge with its agreement
    with human labels. Floor baselines are marked; rows are best first within each group.
    """
    parts = [t for t in (_accuracy_rows(ranked), _rubric_rows(ranked)) if not t.empty]
    if not parts:
        return pd.DataFrame()
    table = pd.concat(parts, ignore_index=True)
    table.insert(table.columns.get_loc("model") + 1, "role",
                 ["floor baseline" if is_floor(m) else "" for m in table["model"]])  # fmt: skip
    table = table.sort_values([*GROUP, "scorer", "value", "model"],
                              ascending=[True, True, True, True, False, True],
                              kind="stable")  # fmt: skip
    if not reliability.empty:
        table = table.merge(
            reliability[["suite", "task", "scorer", "judge", "human_agreement"]],
            on=["suite", "task", "scorer"],
            how="left",
        )
        table[["judge", "human_agreement"]] = table[["judge", "human_agreement"]].fillna("")
        if (table["judge"] == "").all():
            table = table.drop(columns=["judge", "human_agreement"])
    return table.reset_index(drop=True)


REFERENCE_ROLE = "reference line (floor baseline)"


def best_first(table: pd.DataFrame) -> pd.DataFrame:
    """Return a headline table sorted by its value, best first, floor baselines last.

    The baselines are what a model must beat, not contenders: they keep their numbers but
    follow the ranked models, as reference lines (role says so); a table of baselines only
    is sorted the same way.
    """
    if "value" not in table.columns:
        return table
    floor = table["model"].map(is_floor) if "model" in table.columns else False
    ordered = table.assign(_floor=floor).sort_values(
        ["_floor", "value"], ascending=[True, False], kind="stable", na_position="last"
    )
    if "role" in ordered.columns:
        ordered.loc[ordered["_floor"], "role"] = REFERENCE_ROLE
    return ordered.drop(columns="_floor").reset_index(drop=True)


def finding_sentence(task: str, measure: str, table: pd.DataFrame) -> str:
    """Return one table's finding as a sentence with its number, e.g. 'Best on clinical cases
    (audiograms): model X, mean rubric score 69.8 [63.0, 76.7], n = 25; judge not validated
    against human labels.' A table of floor baselines only says that no model was ranked."""
    from clinbench.report.format import format_value, interval_text
    from clinbench.report.glossary import plain_label

    top = table.iloc[0]
    model = str(top.get("model", "")) if "model" in table.columns else ""
    value = interval_text(format_value("value", top["value"]),
                          format_value("CI95%", top.get("CI95%")))  # fmt: skip
    number = f"{measure.split(' (')[0]} {value}, n = {int(top['n'])}"
    where = plain_label(task)
    judge = str(top.get("human_agreement", "") or "")
    tail = f"; judge {judge}" if judge else ""
    if is_floor(model) or (not model and top.get("role") == REFERENCE_ROLE):
        return (f"{where}: no model beyond the floor baselines; the best reference line is "
                f"{model or 'a baseline'} at {number}{tail}.")  # fmt: skip
    who = f"{model}, " if model else ""
    if "condition" in table.columns and table["condition"].nunique() > 1:
        who += f"under {plain_label(str(top['condition']))}, "
    return f"Best on {where}: {who}{number}{tail}."


def findings_section(
    df: pd.DataFrame,
    ranked: pd.DataFrame,
    excluded: pd.DataFrame,
    reliability: pd.DataFrame,
    verdicts: dict[str, pd.DataFrame] | None = None,
) -> ReportSection:
    """Return the findings screen: per suite headline, floors, exclusions, verdict, warnings."""
    # On a phone the first headline table must be on the first screen: the section opens
    # with one short line, the tables follow, and the exclusions, warnings and the longer
    # reading guide come under them (the opening line says how many there are).
    section = ReportSection(title="Findings")
    table = headline(ranked, reliability)
    suites = sorted(set(df["suite"])) if "suite" in df.columns else [""]
    warnings: list[str] = []
    sentences: list[str] = []
    for suite in suites:
        label = suite or "(no suite)"
        gone = excluded[excluded["suite"] == suite] if not excluded.empty else excluded
        for row in gone.itertuples(index=False):
            section.notes.append(
                f"{label}: {row.model} on {row.task} [{row.condition}] is excluded, not "
                f"ranked: {row.reason}."
            )
        if not table.empty:
            rows = table[table["suite"] == suite].drop(columns=["suite"])
            for (task, measure), part in rows.groupby(["task", "measure"], sort=True):
                part = part.drop(columns=["task", "measure"]).dropna(axis=1, how="all")
                blank = [c for c in ("judge", "human_agreement", "role") if c in part.columns
                         and (part[c] == "").all()]  # fmt: skip
                part = part.drop(columns=blank)
                for column in ("n", "items"):
                    if column in part.columns:
                        part[column] = part[column].astype(int)
                part = best_first(part)
                section.tables[f"{label} · {task}: {measure}"] = part.reset_index(drop=True)
                sentences.append(finding_sentence(task, measure, part))
            if not rows.empty:
                small = rows[rows["n"] < SMALL_N]
                if not small.empty:
                    tasks = ", ".join(sorted(set(small["task"])))
                    warnings.append(
                        f"{label}: {len(small)} headline number(s) rest on fewer than {SMALL_N} "
                        f"scored items ({tasks}; see the n column): their intervals are wide, "
                        "so read them as indicative only."
                    )
        for caption, verdict in (verdicts or {}).get(suite, {}).items():
            section.tables[f"{label}: {caption}"] = verdict
    # the findings in words first, then the exclusions and the small-cell warnings
    section.notes = [*sentences, *section.notes, *warnings]
    if table.empty:
        section.notes.append("No scored rows: there is no headline number to show.")
    section.intro = _lead(len(excluded), len(warnings))
    section.notes.append(READING_GUIDE)
    return section


READING_GUIDE = (
    "How to read these tables: each model's headline number per suite and task, best first, "
    "with its 95% interval and n, sorted by that number within each table. Floor baselines "
    "(random or rule-based answers) are reference lines under the models: what a real model "
    "must beat, never the headline. Judged scores name their judge and its agreement with "
    "human labels. "
    "Excluded models are listed above with the reason and are ranked in no table; each "
    "suite's part lists its excluded models with the counts of their replies (the "
    "disclosures' numbers), and a suite whose every model is excluded also shows its own "
    "counts of their replies there."
)


def _lead(n_excluded: int, n_warnings: int) -> str:
    """Return the findings' opening line: what the tables hold, and what is listed under them."""
    text = "Headline number per model, best first, with its 95% interval and n."
    counts = ((n_excluded, "excluded from ranking"), (n_warnings, "small-sample warning(s)"))
    under = [f"{n} {what}" for n, what in counts if n]
    if under:
        text += f" Under the tables: {' and '.join(under)}."
    return text


def judge_section(reliability: pd.DataFrame, agreement: pd.DataFrame | None) -> ReportSection:
    """Return the judge-reliability section: who judged each score and how well it agrees."""
    section = ReportSection(
        title="Judge reliability",
        intro=(
            "Scores given by a judge (an LLM adjudicator, or clinbench's deterministic rules "
            "grader) are only as good as the judge's agreement with clinicians. Each judged "
            "scorer is listed with its judge and, when audit labels were given (report "
            "--audit DIR, from `clinbench audit report`), the quadratic-weighted κ of grades "
            "and the κ and PABAK of the critical-error flag against the human consensus, with "
            "bootstrap 95% intervals and n. Without an audit the scores are not validated "
            "against human labels: a plausible mean can hide per-item agreement near chance."
        ),
    )
    section.tables["Judges of the judged scores"] = reliability
    if agreement is not None and not agreement.empty:
        section.tables["Agreement with human labels by task, scorer and question"] = agreement
    return section
