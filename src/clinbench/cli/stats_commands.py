"""Statistics over frozen results: agreement, comparisons, proportions, verdicts."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import typer

from clinbench.cli.console import format_option
from clinbench.cli.helpers import fail, read_table

app = typer.Typer(
    help="Statistics over frozen results: agreement, comparisons, proportions, verdicts.",
    no_args_is_help=True,
)


def _plain(value: Any) -> Any:
    """Return `value` with NaN as None and numpy scalars as Python numbers (JSON-ready)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, str):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _input_error(path: Path, exc: Exception) -> None:
    text = str(exc)
    if text.startswith("row ") and path.suffix.lower() != ".parquet":
        text = "line " + text[4:]
    fail(f"{path}: {text}")


def _echo_json(obj: dict) -> None:
    typer.echo(json.dumps(_plain(obj), indent=2, sort_keys=False))


def _tables(fmt: str, tables: list[tuple[str, Any, list[str]]]) -> bool:
    """Print (title, frame or list of records, notes) tables through clinbench.cli.console in a
    machine or Markdown format and return True; return False for ``table``, whose text
    summary the command prints itself (it already fits 80 columns)."""
    if fmt == "table":
        return False
    import pandas as pd

    from clinbench.cli.console import TableOutput

    output = TableOutput(fmt)
    for title, rows, notes in tables:
        frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(_plain(list(rows)))
        output.table(frame, title, notes)
    output.close()
    return True


def _statistics(out: dict) -> list[dict]:
    """Return a result document as rows: statistic, value, 95% CI low/high (where it has one)."""
    rows = []
    for key, value in out.items():
        row: dict[str, Any] = {"statistic": key, "value": None, "ci_low": None, "ci_high": None}
        if isinstance(value, dict) and "value" in value:
            ci = value.get("ci") or [None, None]
            row.update(value=value["value"], ci_low=ci[0], ci_high=ci[1])
        elif isinstance(value, list | tuple) and len(value) == 2:
            row.update(ci_low=value[0], ci_high=value[1])
        elif isinstance(value, dict | list | tuple):
            row["value"] = json.dumps(_plain(value))
        else:
            row["value"] = value
        rows.append(row)
    return rows


def _fmt_ci(ci) -> str:
    return f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci and ci[0] is not None else "[n/a]"


@app.command()
def agreement(
    file: Path = typer.Argument(..., help="CSV (or Parquet) file with one row per rated item."),
    a: str = typer.Option(..., "--a", help="Column of the first rater (e.g. the adjudicator)."),
    b: str = typer.Option(..., "--b", help="Column of the second rater (e.g. the human)."),
    kind: str = typer.Option(
        "binary",
        help="binary: 1/0, true/false, yes/no labels. ordinal: ordered categories "
        "(letter grades A-F known; others need --categories).",
    ),
    reference: str = typer.Option(
        None,
        help="Name a reference rater ('a' or 'b') to get sensitivity, specificity, PPV, NPV "
        "of the other rater (binary only).",
    ),
    categories: str = typer.Option(
        None, help="Comma-separated category order for ordinal labels, e.g. 'low,mid,high'."
    ),
    seed: int = typer.Option(0, help="Seed of the bootstrap resamples."),
    n_boot: int = typer.Option(2000, help="Bootstrap resamples for the kappa intervals."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Agreement between two raters: Cohen's kappa with bootstrap CIs, and more.

    Binary: raw agreement, kappa, PABAK, prevalence and bias indices, maximum kappa.

    Ordinal: unweighted and quadratic-weighted kappa, exact and within-one agreement.

    Rows missing either label are left out.
    """
    from clinbench.stats._common import StatsInputError
    from clinbench.stats.agreement import agreement_summary

    if kind not in ("binary", "ordinal"):
        fail(f"--kind must be 'binary' or 'ordinal', got {kind!r}")
    if reference not in (None, "a", "b"):
        fail(f"--reference must be 'a' or 'b', got {reference!r}")
    df = read_table(file, [a, b])
    cats = [c.strip() for c in categories.split(",")] if categories else None
    try:
        out = agreement_summary(
            df, a, b, kind=kind, reference=reference, categories=cats, n_boot=n_boot, seed=seed
        )
    except StatsInputError as exc:
        _input_error(file, exc)
    if as_json:
        _echo_json(out)
        return
    if _tables(fmt, [(f"Agreement of {a} and {b} ({kind})", _statistics(out), [])]):
        return
    for key, value in out.items():
        if isinstance(value, dict):
            typer.echo(f"{key:>20}: {value['value']:.3f}  95% CI {_fmt_ci(value['ci'])}")
        elif isinstance(value, list):
            typer.echo(f"{key:>20}: {_fmt_ci(value)}")
        elif isinstance(value, float):
            typer.echo(f"{key:>20}: {value:.3f}")
        else:
            typer.echo(f"{key:>20}: {value}")


@app.command()
def compare(
    file: Path = typer.Argument(..., help="CSV (or Parquet) file, one row per observation."),
    value: str = typer.Option(..., help="Numeric column to compare (e.g. score)."),
    group: str = typer.Option(..., help="Grouping column (e.g. model or question)."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Kruskal-Wallis across groups (with eta-squared H) and pairwise Mann-Whitney U tests.

    Pairwise p-values are Bonferroni-adjusted over all pairs.

    Rank-biserial r and Cohen's d are of the first group against the second.

    Rows with an empty value are left out.
    """
    import pandas as pd

    from clinbench.stats._common import StatsInputError
    from clinbench.stats.compare import compare_summary

    df = read_table(file, [value, group])
    numbers = pd.to_numeric(df[value], errors="coerce")
    bad = numbers.isna() & df[value].notna()
    if bad.any():
        first = bad.index[bad][0]
        where = f"line {first}" if file.suffix.lower() != ".parquet" else f"row {first}"
        fail(f"{file}: {where}: column {value!r}: {df.loc[first, value]!r} is not a number")
    df = df.assign(**{value: numbers})
    try:
        out = compare_summary(df, value, group)
    except StatsInputError as exc:
        _input_error(file, exc)
    if as_json:
        _echo_json(out)
        return
    n = len(df[[value, group]].dropna())
    kruskal = [{**out["kruskal"], "n": n}]
    if _tables(fmt, [(f"Kruskal-Wallis of {value} by {group}", kruskal, []),
                     ("Pairwise Mann-Whitney U (Bonferroni)", out["pairwise"], [])]):  # fmt: skip
        return
    k = out["kruskal"]
    typer.echo(
        f"Kruskal-Wallis: H({k['df']}) = {k['H']:.2f}, p = {k['p']:.3g}, "
        f"eta2_H = {k['eta2_h']:.3f} (n = {n})"
    )
    for r in out["pairwise"]:
        typer.echo(
            f"  {r['a']} vs {r['b']}: U = {r['U']:.1f}, p(Bonferroni) = {r['p_bonferroni']:.3g}, "
            f"r = {r['rank_biserial']:.3f}, d = {r['cohen_d']:.3f}"
        )


def _check_counts(k: int, n: int) -> None:
    """Exit with an error unless 0 <= k <= n (k out of n)."""
    if n < 0 or not 0 <= k <= n:
        fail(f"need 0 <= K <= N, got K={k}, N={n}")


@app.command()
def proportion(
    k: int = typer.Argument(..., help="Number of successes."),
    n: int = typer.Argument(..., help="Number of trials."),
    confidence: float = typer.Option(0.95, help="Confidence level of the interval."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """A proportion k/n with its Wilson score interval."""
    from clinbench.stats.proportions import wilson_interval

    _check_counts(k, n)
    if not 0 < confidence < 1:
        fail(f"--confidence must be between 0 and 1, got {confidence}")
    lo, hi = wilson_interval(k, n, confidence=confidence)
    p = k / n if n else math.nan
    if as_json:
        _echo_json({"p": p, "ci": [lo, hi]})
        return
    row = {"k": k, "n": n, "p": p, "ci_low": lo, "ci_high": hi, "confidence": confidence}
    if _tables(fmt, [("Proportion with its Wilson interval", [row], [])]):
        return
    typer.echo(f"{k}/{n} = {p:.1%} ({confidence:.0%} Wilson CI {lo:.1%}-{hi:.1%})")


@app.command("verdict")
def verdict_command(
    k: int = typer.Argument(..., help="Items answered correctly by the model."),
    n: int = typer.Argument(
        ...,
        help="Every item asked: declined, unreadable, refused and failed replies count "
        "(as not correct), so replying out of form cannot raise the verdict.",
    ),
    bar: float = typer.Option(0.95, help="The accuracy bar (a proportion)."),
    method: str = typer.Option("wilson", help="Interval: wilson, clopper-pearson, jeffreys..."),
    confidence: float = typer.Option(0.95, help="Confidence level of the interval."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """KILL / PROCEED / UNDERPOWERED: does the interval for k/n clear or miss the bar?"""
    from clinbench.stats.verdict import INTERVAL_METHODS, verdict

    _check_counts(k, n)
    if method not in INTERVAL_METHODS:
        fail(f"--method must be one of {', '.join(sorted(INTERVAL_METHODS))}")
    if not 0 < bar < 1 or not 0 < confidence < 1:
        fail("--bar and --confidence must be between 0 and 1")
    v = verdict(k, n, bar=bar, method=method, confidence=confidence)
    if as_json:
        _echo_json(v.to_dict())
        return
    if _tables(fmt, [("Verdict", _statistics(v.to_dict()), [])]):
        return
    typer.echo(str(v))


RESULTS_HELP = "Results table(s) (.parquet or .csv) from `clinbench results export` or --out."
BY_HELP = "Comma-separated columns to group by (e.g. model,task,condition)."


def _read_results(paths: list[Path], by: list[str], needed: list[str], also=None):
    """Read results tables; a missing file or column is a clear error (exit 2).

    With `also`, only the columns named in `by`, `needed` and `also` are read (and the item
    metadata, where a `by` field may come from it).
    """
    from clinbench.results import read_results
    from clinbench.results.schema import RESULT_COLUMNS

    for path in paths:
        if not path.exists():
            fail(f"{path}: no such file")
    columns = None
    if also is not None:
        metadata = ["item_metadata"] if set(by) - set(RESULT_COLUMNS) else []
        columns = [*by, *needed, *also, *metadata]
    try:
        frame = read_results(paths, columns=columns)
    except (ValueError, OSError) as exc:
        fail(str(exc))
    from clinbench.results.fields import with_item_fields

    frame = with_item_fields(frame, by)  # a --by field may be an item metadata key (e.g. trap)
    for column in [*by, *needed]:
        if column not in frame.columns:
            fail(f"{paths[0]}: line 1: no column {column!r} (columns: {', '.join(frame.columns)})")
    return frame


def _by(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def _pct(value) -> str:
    return (
        "n/a"
        if value is None or (isinstance(value, float) and math.isnan(value))
        else (f"{value:.1%}")
    )


def _group_title(row: dict, by: list[str]) -> str:
    return "  ".join(f"{c}={row[c]}" for c in by) or "all rows"


@app.command("accuracy")
def accuracy_command(
    results: list[Path] = typer.Argument(..., metavar="RESULTS", help=RESULTS_HELP),
    by: str = typer.Option("model,task", "--by", help=BY_HELP),
    confidence: float = typer.Option(0.95, help="Confidence level of the intervals."),
    n_boot: int = typer.Option(2000, help="Cluster-bootstrap resamples (several epochs)."),
    seed: int = typer.Option(0, help="Seed of the cluster bootstrap."),
    small_sample: bool = typer.Option(
        False,
        "--small-sample",
        help="Multiply the cluster-robust variance by G/(G-1) (G items). Default: without it, "
        "so that one epoch gives plain Wilson.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Accuracy per group under both denominators, with intervals and their method.

    accuracy_answered: correct / answered (correct + incorrect + declined); parse failures
    and errors are excluded and counted. accuracy_all: correct / every row (parse failures,
    errors and unscored replies count as not correct).

    One epoch per item: Wilson intervals. Several: clustered by item (Wilson at the
    cluster-robust effective n, and a cluster bootstrap), with the number of clusters.
    """
    from clinbench.stats.repeated_epochs import (
        CLUSTER_KEYS,
        COUNTED_OUTCOMES,
        accuracy_two_denominators,
        repeated_epochs_warning,
    )

    if not 0 < confidence < 1:
        fail(f"--confidence must be between 0 and 1, got {confidence}")
    groups = _by(by)
    # the warning's too; task and scorer tell the scorers that grade on a scale (no accuracy)
    also = [*CLUSTER_KEYS, "model", "epoch", "question", "response", "task", "scorer"]
    frame = _read_results(results, groups, ["outcome", "item_id"], also=also)
    table = accuracy_two_denominators(frame, by=groups, confidence=confidence, n_boot=n_boot,
                                      seed=seed, small_sample=small_sample)  # fmt: skip
    warning = repeated_epochs_warning(frame, by=["model"]) if "model" in frame.columns else ""
    import textwrap

    if warning:
        typer.echo(textwrap.fill(warning, 79), err=True)
    records = table.to_dict(orient="records")
    if as_json:
        _echo_json({"confidence": confidence, "groups": records})
        return
    if _tables(
        fmt, [(f"Accuracy ({confidence:.0%} intervals)", table, [warning] if warning else [])]
    ):
        return
    if not records:
        typer.echo("no rows with an accuracy outcome (correct, incorrect, declined, ...)")
        return
    for row in records:
        typer.echo(_group_title(row, groups))
        # every other outcome the row counts (refused, contradictory, unscored ...), when any;
        # a count is never parted from its name at a line break
        others = [
            f"{name.replace('_', ' ')} {row[name]}"
            for name in COUNTED_OUTCOMES
            if name not in ("declined", "parse_failed", "error") and row.get(name)
        ]
        counts = [
            f"answered {row['answered']}",
            f"declined {row['declined']}",
            f"parse failed {row['parse_failed']}",
            *others,
            f"errors {row['error']}",
        ]
        text = f"items {row['n_items']}, epochs {row['n_epochs']}, rows {row['n_rows']}: "
        text += ", ".join(c.replace(" ", "\N{NO-BREAK SPACE}") for c in counts)
        wrapped = textwrap.fill(text, 79, initial_indent="  ", subsequent_indent="    ")
        typer.echo(wrapped.replace("\N{NO-BREAK SPACE}", " "))  # fmt: skip
        for side, label in (("answered", "answered"), ("all", "all items")):
            typer.echo(
                f"  accuracy ({label}): {_pct(row[f'accuracy_{side}'])} "
                f"[{_pct(row[f'ci_{side}_low'])}, {_pct(row[f'ci_{side}_high'])}]"
            )
        typer.echo(f"  {confidence:.0%} interval: {row['method']}")
        if row["method"] != "wilson":
            typer.echo(
                f"  {row['n_clusters']} item clusters, effective n {row['n_eff_all']:.1f}; "
                f"cluster bootstrap (all) [{_pct(row['boot_all_low'])}, "
                f"{_pct(row['boot_all_high'])}]"
            )
            g = row["n_clusters"]
            se, factor = row["se_cluster_all"], row["small_sample_factor"]
            other = se * math.sqrt(g / (g - 1)) if factor == 1 else se / math.sqrt(factor)
            used, alt = ("without", "with") if factor == 1 else ("with", "without")
            typer.echo(f"  cluster SE (all) {se:.6f} {used} G/(G-1) (used); {alt}: {other:.6f}")


@app.command("classification")
def classification_command(
    results: list[Path] = typer.Argument(..., metavar="RESULTS", help=RESULTS_HELP),
    by: str = typer.Option("model,task", "--by", help=BY_HELP),
    labels: str = typer.Option(
        None, "--labels", help="Comma-separated full label set, for macro_f1_all_labels."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Micro-F1, macro-F1 and exact match from the `target` and `extracted_answer` columns.

    macro_f1 averages over the labels present in gold or predictions (listed); a decline is
    a wrong answer, so micro_f1 equals exact_match. The *_all figures count parse failures
    and errors as replies with no label. Rows without a target are left out.
    """
    from clinbench.stats._common import StatsInputError
    from clinbench.stats.classification import classification, per_class

    groups = _by(by)
    frame = _read_results(results, groups, ["target", "extracted_answer", "outcome", "item_id"])
    declared = [x.strip() for x in labels.split(",") if x.strip()] if labels else None
    try:
        table = classification(frame, by=groups, all_labels=declared)
        classes = per_class(frame, by=groups)
    except (StatsInputError, ValueError) as exc:
        fail(f"{results[0]}: {exc}")
    records = table.to_dict(orient="records")
    if as_json:
        for r in records:
            r["labels"] = r["labels"].split(";") if r["labels"] else []
        _echo_json({"groups": records, "per_class": classes.to_dict(orient="records")})
        return
    if _tables(fmt, [("Classification (micro-F1, macro-F1, exact match)", table, []),
                     ("Per class (precision, recall, F1, support)", classes, [])]):  # fmt: skip
        return
    if not records:
        typer.echo("no rows with a target (the item's key or gold label)")
        return
    for row in records:
        typer.echo(_group_title(row, groups))
        typer.echo(
            f"  items {row['n_items']}, rows {row['n_rows']}: answered {row['answered']}, "
            f"excluded {row['excluded']}"
        )
        typer.echo(
            f"  answered:  micro_f1 {row['micro_f1']:.3f}  macro_f1 {row['macro_f1']:.3f}  "
            f"exact_match {row['exact_match']:.3f}"
        )
        typer.echo(
            f"  all items: micro_f1 {row['micro_f1_all']:.3f}  "
            f"macro_f1 {row['macro_f1_all']:.3f}  exact_match {row['exact_match_all']:.3f}"
        )
        if declared:
            typer.echo(f"  macro_f1 over all {len(declared)} labels: "
                       f"{row['macro_f1_all_labels']:.3f}")  # fmt: skip
        typer.echo(f"  labels: {row['labels'].replace(';', ', ')}")
        mine = classes
        for column in groups:
            mine = mine[mine[column] == row[column]]
        typer.echo("  per class (answered): label, precision, recall, F1, support")
        for c in mine[mine["denominator"] == "answered"].to_dict(orient="records"):
            typer.echo(f"    {c['label']}: {c['precision']:.3f}  {c['recall']:.3f}  "
                       f"{c['f1']:.3f}  {c['support']}")  # fmt: skip


@app.command("power")
def power_command(
    bar: float = typer.Option(0.95, "--bar", help="The accuracy bar of the verdict."),
    true_accuracy: float = typer.Option(
        ..., "--true-accuracy", help="The accuracy the model is assumed to have (a proportion)."
    ),
    alpha: float = typer.Option(0.05, "--alpha", help="Test level (1 - the CI's confidence)."),
    power: float = typer.Option(0.8, "--power", help="Chance of deciding that you want."),
    items: int = typer.Option(
        None, "--items", help="Items the bank has: what can it detect (and rubric MDE)?"
    ),
    sd: float = typer.Option(
        None, "--sd", help="SD of rubric scores, for the MDE (needs --items)."
    ),
    difference: float = typer.Option(
        None, "--difference", help="Accuracy difference of two models on the same items."
    ),
    discordant: float = typer.Option(
        None, "--discordant", help="Share of items on which the two models disagree."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Items needed to decide KILL or PROCEED at the bar, McNemar's paired sample size, and the
    minimum detectable rubric-score difference.

    n_items is a normal approximation (statsmodels' normal power on the arcsine effect
    size, two-sided, alpha as the verdict's interval). n_items_safe is the smallest n from
    which the Wilson verdict itself (exact binomial enumeration) decides with that power at
    every larger n up to the stated horizon; n_items_exact is the first n that reaches it,
    which larger n can fall short of again (the binomial saw-tooth).
    """
    from clinbench.stats import power as pw

    try:
        need = pw.items_to_decide(bar, true_accuracy, alpha, power)
        safe = pw.items_to_decide_safe(bar, true_accuracy, alpha, power)
        out: dict = {
            "n_items": need["n_items"],
            "n_items_exact": safe["n_items_exact"],
            "n_items_safe": safe["n_items_safe"],
            "horizon": safe["horizon"],
            "smaller_n_with_power": safe["smaller_n_with_power"],
            "n_items_wald": need["n_items_wald"],
            "bar": bar,
            "true_accuracy": true_accuracy,
            "alpha": alpha,
            "power": power,
            "decision": need["decision"],
        }
        out["verdict_power_at_n_items"] = pw.verdict_power(need["n_items"], true_accuracy, bar,
                                                           alpha=alpha)  # fmt: skip
        if items is not None:
            below, above = pw.detectable_accuracies(items, bar, alpha, power)
            out["items"] = items
            out["detectable_below"], out["detectable_above"] = below, above
            out["verdict_power_at_items"] = pw.verdict_power(items, true_accuracy, bar,
                                                             alpha=alpha)  # fmt: skip
            out["sentence"] = pw.power_sentence(items, bar, true_accuracy, alpha, power)
            if sd is not None:
                out["rubric_mde"] = pw.rubric_mde(items, sd, alpha, power)
        elif sd is not None:
            fail("--sd needs --items (the minimum detectable difference is for n items)")
        if (difference is None) != (discordant is None):
            fail("--difference and --discordant go together (McNemar's sample size)")
        if difference is not None:
            out["mcnemar_items"] = pw.mcnemar_items(difference, discordant, alpha, power)
    except ValueError as exc:
        fail(str(exc))
    if as_json:
        _echo_json(out)
        return
    if _tables(fmt, [("Items needed to decide", _statistics(out), [])]):
        return
    side = "above" if out["decision"] == "KILL" else "below"
    safe_text = (
        f"{out['n_items_safe']} items (power stays >= {power:.0%} at every n from there "
        f"to {out['horizon']})"
        if out["n_items_safe"] is not None
        else f"none up to {out['horizon']} items"
    )
    import textwrap

    lines = [
        f"items needed: {safe_text} to decide {out['decision']} ({side} the {bar:.0%} bar) "
        f"if the true accuracy is {true_accuracy:.1%}; exact Wilson verdict, {power:.0%} "
        f"power, alpha {alpha:g}"
    ]
    if out["smaller_n_with_power"]:
        lines.append(
            f"{out['smaller_n_with_power']} smaller n also have enough power (the first is "
            f"{out['n_items_exact']}), but some n above them fall short again"
        )
    lines.append(
        f"normal approximation (statsmodels arcsine, Cohen's h): {out['n_items']} items, "
        f"exact verdict power there {out['verdict_power_at_n_items']:.0%}; Wald formula: "
        f"{out['n_items_wald']}"
    )
    for number, line in enumerate(lines):
        indent = "" if number == 0 else "  "
        typer.echo(textwrap.fill(line, 79, initial_indent=indent, subsequent_indent="  "))
    if items is not None:
        typer.echo(textwrap.fill(out["sentence"], 79))
        if "rubric_mde" in out:
            mde = out["rubric_mde"]
            typer.echo(
                f"rubric MDE ({items} items, SD {sd:g}): {mde['paired']:.2f} points "
                f"(same items), {mde['independent']:.2f} (independent)"
            )
    if "mcnemar_items" in out:
        typer.echo(
            f"McNemar (same items): {out['mcnemar_items']} items to detect a gap "
            f"of {difference:.1%} ({discordant:.1%} discordant)"
        )


@app.command("icc")
def icc_command(
    results: list[Path] = typer.Argument(..., metavar="RESULTS", help=RESULTS_HELP),
    targets: str = typer.Option(
        "item_id,question", "--targets", help="Column(s) naming what is rated (joined)."
    ),
    raters: str = typer.Option("model", "--raters", help="Column naming who rates."),
    ratings: str = typer.Option("score", "--ratings", help="Column of the ratings."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Intraclass correlations (pingouin ``intraclass_corr``): every ICC type with its CI.

    Rows without a rating are left out; targets rated by only some raters are dropped by
    pingouin (it needs a complete targets x raters grid), and the count left is printed.
    """
    from clinbench.stats._common import StatsInputError
    from clinbench.stats.case_clustering import icc_table

    keys = _by(targets)
    frame = _read_results(results, [*keys, raters], [ratings])
    try:
        table = icc_table(frame, keys, raters, ratings)
    except (StatsInputError, ValueError, AssertionError) as exc:
        fail(f"{results[0]}: {exc}")
    if as_json:
        _echo_json(table.to_dict(orient="records"))
        return
    if _tables(fmt, [("Intraclass correlation (pingouin)", table, [])]):
        return
    for row in table.to_dict(orient="records"):
        low, high = row["CI95%"]
        typer.echo(f"{row['Type']:>9}  ICC {row['ICC']:.3f}  CI95% [{low:.3f}, {high:.3f}]  "
                   f"F {row['F']:.2f}  p {row['pval']:.3g}")  # fmt: skip
    if len(table):
        typer.echo(f"{table['n_targets'].iloc[0]} targets rated by all "
                   f"{table['n_raters'].iloc[0]} raters")  # fmt: skip


@app.command("mixed")
def mixed_command(
    results: list[Path] = typer.Argument(..., metavar="RESULTS", help=RESULTS_HELP),
    dv: str = typer.Option("score", "--dv", help="Column of the scores."),
    fixed: str = typer.Option("question", "--fixed", help="Fixed-effect column."),
    case: str = typer.Option("item_id", "--case", help="Random-intercept (case) column."),
    as_json: bool = typer.Option(False, "--json", help="Print the full result as JSON."),
    fmt: str = format_option(),
) -> None:
    """Mixed model dv ~ fixed + (1 | case) (statsmodels MixedLM, REML) and the case ICC."""
    import numpy as np

    from clinbench.stats._common import StatsInputError
    from clinbench.stats.case_clustering import mixed_model

    frame = _read_results(results, [fixed, case], [dv])
    try:
        fit = mixed_model(frame, dv, fixed, case)
    except (StatsInputError, ValueError, np.linalg.LinAlgError) as exc:
        fail(f"{results[0]}: {exc}")
    summary = {"n": fit.n, "cases": fit.cases, "case_variance": fit.case_variance,
               "residual_variance": fit.residual_variance, "ICC": fit.icc,
               "converged": fit.converged, "start": fit.start}  # fmt: skip
    if as_json:
        _echo_json({**summary, "fixed": fit.fixed.to_dict(orient="records")})
        return
    if _tables(fmt, [("Mixed model: fixed effects", fit.fixed, []),
                     ("Mixed model: variance components", _statistics(summary), [])]):  # fmt: skip
        return
    typer.echo(f"{dv} ~ C({fixed}) + (1 | {case}): {fit.n} rows, {fit.cases} cases")
    typer.echo(f"  REML, {'converged' if fit.converged else 'NOT converged'}; start: "
               f"{fit.start}")  # fmt: skip
    for row in fit.fixed.to_dict(orient="records"):
        low, high = row["CI95%"]
        typer.echo(f"  {row['term']}: {row['coef']:.3f} (SE {row['SE']:.3f}, "
                   f"CI95% {low:.3f} to {high:.3f}, p {row['p-unc']:.3g})")  # fmt: skip
    typer.echo(f"  case variance {fit.case_variance:.3f}, residual {fit.residual_variance:.3f}, "
               f"ICC {fit.icc:.3f}")  # fmt: skip


def _mount_judges() -> None:
    from clinbench.cli.judges_commands import register

    register(app)


_mount_judges()
