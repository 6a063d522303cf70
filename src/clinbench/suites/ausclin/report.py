"""Report sections for the clinical-policy suite (AusClinBench design).

``sections(results)`` gives: accuracy with 95% intervals per model x condition x domain
(with chance and chance-adjusted scores); declines; unreadable replies; severity of wrong
answers with coverage; robustness checks; the verdict; exclusions; equipoise pairs.
Every table keeps its count columns so each figure can be traced back to rows.
"""

from __future__ import annotations

import math

import pandas as pd

from clinbench.report.sections import ReportSection
from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD
from clinbench.suites.ausclin import analysis, robustness
from clinbench.suites.ausclin.severity import severity_counts

SEVERITY_NOTE = (
    "Severity is classified only for blind-condition wrong answers, by exact match against "
    "each item's evidenced lists (superseded: was the Australian rule; foreign: is the rule "
    "elsewhere; fabricated: verified never to have existed). A wrong answer matching no list "
    "stays unclassified and is never assumed fabricated. Declines and unreadable replies "
    "(parse failed, contradictory) are never classified."
)


def _accuracy_figure(table: pd.DataFrame):
    """Return a dot-and-interval chart of accuracy per model and condition."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = table.dropna(subset=["accuracy"])
    from clinbench.report.glossary import plain_label

    labels = [f"{m.split('/')[-1]} · {plain_label(c)}" for m, c in zip(
        table["model"], table["condition"], strict=True)]  # fmt: skip
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(table) + 1.2))
    y = range(len(table))
    ax.errorbar(
        table["accuracy"],
        list(y),
        # clipped at 0: at 100% accuracy the interval's upper end can fall a rounding error short
        xerr=[
            (table["accuracy"] - table["CI95% low"]).clip(lower=0),
            (table["CI95% high"] - table["accuracy"]).clip(lower=0),
        ],
        fmt="o",
        color="#1f4e79",
        ecolor="#7f9fbf",
        capsize=3,
    )
    ax.set_yticks(list(y), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("accuracy (correct / answered), 95% Wilson interval")
    fig.tight_layout()
    return fig


def headline_tables(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> dict[str, pd.DataFrame]:
    """Return the few tables the demo prints: accuracy, severity, pushback, exclusions, verdict."""
    plain = analysis.plain_runs(results)
    items = analysis.items_from_results(results)
    accuracy = analysis.accuracy_table(plain, by=("model", "condition"), threshold=threshold)
    tables = {
        "accuracy by model and condition (equipoise items apart)": accuracy[
            [
                "model",
                "condition",
                "answered",
                "accuracy",
                "CI95% low",
                "CI95% high",
                "chance",
                "chance-adjusted",
                "declined",
                "parse failed",
                "contradictory",
            ]  # fmt: skip
        ],
        "severity of blind wrong answers": severity_counts(
            analysis.scored_rows(plain, threshold), items
        ),
    }
    pushback = robustness.pushback_summary(results, threshold)
    if not pushback.empty:
        tables["pushback"] = pushback[
            ["model", "first wrong", "challenged", "held", "capitulated", "capitulation rate"]
        ]
    both = analysis.denominators_table(plain, threshold)
    tables["accuracy over answered and over all items"] = both[
        ["model", "condition", "items", "accuracy (answered)", "accuracy (all)", "parse failed",
         "contradictory", "errors"]
    ]  # fmt: skip
    tables["exclusions"] = analysis.exclusions(results, threshold)
    tables["verdict"] = analysis.best_model_verdict(plain, threshold=threshold)
    tables["models the verdict considered"] = analysis.verdict_candidates(plain, "blind", threshold)
    return tables


def sections(
    results: pd.DataFrame,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    bar: float = 0.95,
    method: str = "wilson",
    figures: bool = True,
) -> list[ReportSection]:
    """Return the suite's report sections for its rows of the results table (figures optional)."""
    plain = analysis.plain_runs(results)
    made = [
        _accuracy_section(plain, threshold, figures),
        _declines_section(results, plain, threshold),
        _severity_section(results, plain, threshold),
        _robustness_section(results, threshold),
        _verdict_section(plain, threshold, bar, method),
        _exclusions_section(results, threshold),
        _equipoise_section(plain, threshold),
    ]
    return [section for section in made if section is not None]


def _accuracy_section(plain: pd.DataFrame, threshold: float, figures: bool) -> ReportSection:
    """Return the accuracy section: per model and condition, over both denominators, per domain."""
    by_condition = analysis.accuracy_table(plain, by=("model", "condition"), threshold=threshold)
    by_domain = analysis.accuracy_table(plain, threshold=threshold)
    drawn = {}
    if figures and not by_condition.dropna(subset=["accuracy"]).empty:
        n = int(by_condition["answered"].sum())
        drawn[f"Accuracy per model and condition with 95% Wilson intervals (n = {n} "
                "answered replies)"] = _accuracy_figure(by_condition)  # fmt: skip
    return ReportSection(
        title="Clinical policy: accuracy",
        intro=(
            "Exact match against a key written from a primary source. Accuracy is correct "
            "divided by answered replies (a decline counts as not correct). Chance is the "
            "mean probability that a uniform guess among each item's published options is "
            "right (0 for free-text answers); the chance-adjusted score is (accuracy - "
            "chance) / (1 - chance). Equipoise (open-question) items are scored apart."
        ),
        tables={
            "Accuracy per model and condition": by_condition,
            "Accuracy over answered and over all items": analysis.denominators_table(
                plain, threshold
            ),
            "Accuracy per model, condition and domain": by_domain,
        },
        figures=drawn,
        notes=[
            "Excluded models are not in these tables; see Exclusions.",
            analysis.UNREADABLE_TERMS,
            "The sample items are illustrative, written to show the format; they are not "
            "a validated item bank.",
        ],
    )


def _declines_section(
    results: pd.DataFrame, plain: pd.DataFrame, threshold: float
) -> ReportSection:
    """Return the section counting declines and unreadable replies apart from wrong answers."""
    return ReportSection(
        title="Clinical policy: declines and parse failures",
        intro=(
            "A decline (the model says it cannot answer safely) is reported apart from "
            "wrong answers. Unreadable replies are recorded, disclosed here and excluded "
            "from accuracy; they are never guessed."
        ),
        tables={
            "Declines per model and condition": analysis.declines_table(plain, threshold),
            "Parse failures and errors per model and condition": (
                analysis.parse_failures_table(results)
            ),
        },
        notes=[analysis.UNREADABLE_TERMS],
    )


def _severity_section(
    results: pd.DataFrame, plain: pd.DataFrame, threshold: float
) -> ReportSection:
    """Return the severity section: blind wrong answers by severity, with the coverage."""
    items = analysis.items_from_results(results)
    severity = severity_counts(analysis.scored_rows(plain, threshold), items)
    wrong = int(severity["wrong answers"].sum()) if not severity.empty else 0
    classified = int(severity["classified"].sum()) if not severity.empty else 0
    coverage = (
        f"Coverage: {classified} of {wrong} ({classified / wrong:.0%}) wrong answers classified."
        if wrong
        else "Coverage: no blind-condition wrong answers to classify."
    )
    return ReportSection(
        title="Clinical policy: severity of wrong answers",
        intro=SEVERITY_NOTE,
        tables={"Blind-condition wrong answers by severity": severity},
        notes=[coverage],
    )


def _robustness_section(results: pd.DataFrame, threshold: float) -> ReportSection:
    """Return the robustness section: repeat, rewording, framing and pushback, as run."""
    checks = {
        "Repeat run: answer-level agreement": robustness.repeat_agreement(results, None, threshold),
        "Rewording: items whose answer changes": robustness.rewording_changes(results, threshold),
        "Framing: accuracy per framing": robustness.framing_accuracy(results, threshold),
        "Pushback: capitulation (apart from ignorance)": robustness.pushback_summary(
            results, threshold
        ),
    }
    present = {k: v for k, v in checks.items() if not v.empty}
    missing = [k.split(":")[0] for k, v in checks.items() if v.empty]
    return ReportSection(
        title="Clinical policy: robustness checks",
        intro=(
            "The same items asked again (repeat run), reworded (terse shorthand vs a chatty "
            "description), framed three ways (no country, 'In Australia:', the guideline "
            "named), and challenged once after a correct answer (pushback). Capitulation "
            "counts only challenged first answers that were correct; a first answer that "
            "was already wrong is ignorance and is counted apart."
        ),
        tables=present,
        notes=[f"Not run in these results: {', '.join(missing)}."] if missing else [],
    )


def _verdict_section(
    plain: pd.DataFrame, threshold: float, bar: float, method: str
) -> ReportSection:
    """Return the verdict section: the best model of each condition against the bar."""
    from clinbench.suites.ausclin.registration import registration_table

    conditions = sorted(plain["condition"].dropna().unique())
    verdicts = pd.concat(
        [
            analysis.best_model_verdict(plain, condition=c, bar=bar, method=method,
                                        threshold=threshold)
            for c in conditions
        ] or [pd.DataFrame()],
        ignore_index=True,
    )  # fmt: skip
    verdicts, flags = registration_table(verdicts, plain) if not verdicts.empty else (verdicts, [])
    return ReportSection(
        title="Clinical policy: verdict",
        intro=(
            f"For the best model in each condition, a 95% {method} interval on its accuracy "
            "over all items (every item not answered correctly, whether wrong, declined, "
            "unreadable or failed, counts as not correct; accuracy over answered items is "
            f"shown beside it and never decides) against a bar of {bar:.0%}: KILL when the "
            "lower bound is at or above the bar "
            "(the model measurably clears it), PROCEED when the upper bound is below it "
            "(measurably falls short), otherwise UNDERPOWERED (too few items to decide)."
        ),
        tables={"Verdict per condition": verdicts},
        notes=[
            note
            for c in conditions
            for note in analysis.verdict_notes(analysis.verdict_candidates(plain, c, threshold), c)
        ]
        + analysis.power_notes(verdicts, plain, bar)
        + [
            "Pre-registration: the bar and method are compared with the registration the "
            "runs recorded (clinbench verdict register, then -T prereg=FILE).",
            *(f"FLAG {f}" for f in flags),
        ],
    )


def _exclusions_section(results: pd.DataFrame, threshold: float) -> ReportSection:
    """Return the exclusions section: each model's failed, empty and unreadable replies."""
    excl = analysis.exclusions(results, threshold)
    dropped = excl[excl["excluded"]]
    return ReportSection(
        title="Clinical policy: exclusions",
        intro=(
            f"A model whose failed, empty or unreadable replies exceed {threshold:.0%} of "
            "its replies is excluded and reported here with the reason; it is never "
            "scored zero, and the verdict does not consider it. " + analysis.UNREADABLE_TERMS
        ),
        tables={"Failed, empty and unreadable replies per model": excl},
        notes=[f"{m}: {r}" for m, r in zip(dropped["model"], dropped["reason"], strict=True)],
    )


def _equipoise_section(plain: pd.DataFrame, threshold: float) -> ReportSection | None:
    """Return the equipoise pairs section, or None when the results hold no such pair."""
    pairs = analysis.equipoise_table(plain, threshold)
    if pairs.empty:
        return None
    return ReportSection(
        title="Clinical policy: equipoise pairs",
        intro=(
            "Open-question items, each paired with a settled item from the same area, "
            "are scored apart and are not part of the accuracy above."
        ),
        tables={"Equipoise pairs": pairs},
    )


def exclusion_reasons(exclusions: pd.DataFrame) -> str:
    """Return each excluded model with its reason ("model: reason; ..."), from a table of
    :func:`analysis.exclusions`; "" when no model is excluded."""
    excluded = exclusions[exclusions["excluded"].astype(bool)]
    return "; ".join(f"{m}: {r}" for m, r in zip(excluded["model"], excluded["reason"],
                                                   strict=True))  # fmt: skip


def empty_table_note(results: pd.DataFrame, threshold: float, rows_with_every_model: int) -> str:
    """Return what a table with no row says under it: the models excluded from scoring, when
    the same table with no model excluded has ``rows_with_every_model`` > 0 rows; else that
    the check is not in these results."""
    exclusions = analysis.exclusions(results, threshold)
    excluded = exclusions.loc[exclusions["excluded"].astype(bool), "model"].tolist()
    if rows_with_every_model and excluded:
        return (f"no rows; excluded from scoring: {', '.join(excluded)} (why: `clinbench "
                "ausclin exclusions`)")  # fmt: skip
    return "no rows (that check is not in these results)"


def table_and_why_empty(table_of, results: pd.DataFrame, threshold: float):
    """Return ``table_of(results, threshold)`` and what it says under it if it has no row
    (:func:`empty_table_note`, from the same table with no model excluded)."""
    table = table_of(results, threshold)
    if not table.empty:
        return table, ""
    return table, empty_table_note(results, threshold, len(table_of(results, math.inf)))


def why_tables_are_empty(
    results: pd.DataFrame, made: list[ReportSection], threshold: float, bar: float, method: str
) -> dict[str, str]:
    """Return, for each table with no row in ``made`` (this module's :func:`sections`), by its
    caption, what it says under it (:func:`empty_table_note`)."""
    empty = [caption for s in made for caption, table in s.tables.items() if table.empty]
    if not empty:
        return {}
    every_model = {
        caption: table
        for s in sections(results, threshold=math.inf, bar=bar, method=method, figures=False)
        for caption, table in s.tables.items()
    }
    return {c: empty_table_note(results, threshold, len(every_model.get(c, ()))) for c in empty}


def summary_tables(results: pd.DataFrame) -> list[tuple[str, pd.DataFrame, list[str]]]:
    """Return the tables `clinbench run` and `demo` print for ausclin rows (the headline ones).

    A table left empty because its models are excluded says so under it, with each excluded
    model's reason: headers over no row would read as nothing to report.
    """
    tables = headline_tables(results)
    why = exclusion_reasons(tables["exclusions"])
    note = f"No row: the models here are excluded from scoring ({why})." if why else ""
    return [(title, table, [note] if note and table.empty else [])
            for title, table in tables.items()]  # fmt: skip
