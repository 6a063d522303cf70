"""`clinbench stats judges`: agreement among the judges of a panel, from a results table."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import format_option

RESULTS_HELP = "Results table(s) (.parquet or .csv) from `clinbench results export` or --out."


def judges_command(
    results: list[Path] = typer.Argument(..., metavar="RESULTS", help=RESULTS_HELP),
    n_boot: int = typer.Option(2000, "--n-boot", min=1, help="Bootstrap resamples."),
    seed: int = typer.Option(0, help="Seed of the bootstraps (each figure's own is derived)."),
    fmt: str = format_option(),
) -> None:
    """Agreement among the judges of a panel: Fleiss' kappa and pairwise weighted kappa.

    Reads the per-judge rows a judge panel leaves (scorer SCORER[judgeN], the judge's model
    in the judge column). A judge's rating is its verdict (correct/incorrect) or its letter
    grade; an unscored verdict leaves that reply out of the figures that need it.

    Per task and scorer (and per question when there are several): Fleiss' kappa over every
    judge, on the replies all of them rated (statsmodels), and each pair's Cohen kappa with
    quadratic weights (scikit-learn), each with n and a seeded percentile bootstrap 95% CI.
    """
    from clinbench.cli.console import TableOutput
    from clinbench.cli.helpers import fail
    from clinbench.results import read_results
    from clinbench.stats._common import StatsInputError
    from clinbench.stats.judge_agreement import judge_agreement

    for path in results:
        if not path.exists():
            fail(f"{path}: no such file")
    try:
        frame = read_results(results, required=["scorer", "judge", "outcome"])
        table = judge_agreement(frame, n_boot=n_boot, seed=seed)
    except (ValueError, OSError, StatsInputError) as exc:
        fail(str(exc))
    output = TableOutput(fmt)
    if table.empty:
        output.message("no judge panel in these results (a panel has two or more judges)")
        output.close()
        return
    shown = table.drop(columns=["n_boot"])
    shown[["judge_a", "judge_b"]] = shown[["judge_a", "judge_b"]].replace("", "all")  # Fleiss
    output.table(
        shown,
        "Agreement among the judges",
        [f"95% CIs: percentile bootstrap over replies, {n_boot} resamples, seed {seed}."],
    )
    output.close()


def register(app: typer.Typer) -> None:
    """Add `judges` to the `clinbench stats` group."""
    app.command("judges")(judges_command)
