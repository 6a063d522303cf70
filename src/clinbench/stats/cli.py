"""Statistics over frozen results: agreement, comparisons, proportions, verdicts."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import typer

from clinbench.cli_helpers import fail, read_table

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
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
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
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
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
    k = out["kruskal"]
    typer.echo(
        f"Kruskal-Wallis: H({k['df']}) = {k['H']:.2f}, p = {k['p']:.3g}, "
        f"eta2_H = {k['eta2_h']:.3f} (n = {len(df[[value, group]].dropna())})"
    )
    for r in out["pairwise"]:
        typer.echo(
            f"  {r['a']} vs {r['b']}: U = {r['U']:.1f}, p(Bonferroni) = {r['p_bonferroni']:.3g}, "
            f"r = {r['rank_biserial']:.3f}, d = {r['cohen_d']:.3f}"
        )


@app.command()
def proportion(
    k: int = typer.Argument(..., help="Number of successes."),
    n: int = typer.Argument(..., help="Number of trials."),
    confidence: float = typer.Option(0.95, help="Confidence level of the interval."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """A proportion k/n with its Wilson score interval."""
    from clinbench.stats.proportions import wilson_interval

    if n < 0 or not 0 <= k <= n:
        fail(f"need 0 <= K <= N, got K={k}, N={n}")
    if not 0 < confidence < 1:
        fail(f"--confidence must be between 0 and 1, got {confidence}")
    lo, hi = wilson_interval(k, n, confidence=confidence)
    p = k / n if n else math.nan
    if as_json:
        _echo_json({"p": p, "ci": [lo, hi]})
        return
    typer.echo(f"{k}/{n} = {p:.1%} ({confidence:.0%} Wilson CI {lo:.1%}-{hi:.1%})")


@app.command("verdict")
def verdict_command(
    k: int = typer.Argument(..., help="Items answered correctly by the model."),
    n: int = typer.Argument(..., help="Items scored."),
    bar: float = typer.Option(0.95, help="The accuracy bar (a proportion)."),
    method: str = typer.Option("wilson", help="Interval: wilson, clopper-pearson, jeffreys..."),
    confidence: float = typer.Option(0.95, help="Confidence level of the interval."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """KILL / PROCEED / UNDERPOWERED: does the interval for k/n clear or miss the bar?"""
    from clinbench.stats.verdict import INTERVAL_METHODS, verdict

    if n < 0 or not 0 <= k <= n:
        fail(f"need 0 <= K <= N, got K={k}, N={n}")
    if method not in INTERVAL_METHODS:
        fail(f"--method must be one of {', '.join(sorted(INTERVAL_METHODS))}")
    if not 0 < bar < 1 or not 0 < confidence < 1:
        fail("--bar and --confidence must be between 0 and 1")
    v = verdict(k, n, bar=bar, method=method, confidence=confidence)
    if as_json:
        _echo_json(v.to_dict())
        return
    typer.echo(str(v))
