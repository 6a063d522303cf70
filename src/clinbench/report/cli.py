"""Top-level `analyze` and `report` commands: tables and the HTML report from frozen results."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli_helpers import fail


def analyze_command(
    results: list[Path] = typer.Argument(
        ..., help="Results table(s), .parquet or .csv (from `clinbench run` or `results export`)."
    ),
    out: Path = typer.Option(..., "--out", help="Folder to write the CSV and Markdown tables to."),
    seed: int = typer.Option(0, help="Seed of every bootstrap."),
    n_boot: int = typer.Option(10_000, help="Bootstrap resamples."),
) -> None:
    """Write every table the results support (CSV + Markdown, with an index.md).

    Leaderboard, score and grade distributions, critical errors, format x source pool.

    Case-tier tests and clustering, paired comparisons, suite tables, disclosures.

    Re-running on the same results gives byte-identical files.
    """
    from clinbench.report.analyze import analyze
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.load import ResultsInputError
    from clinbench.stats._common import StatsInputError

    try:
        written = analyze(results, out, options=AnalysisOptions(seed=seed, n_boot=n_boot))
    except (ResultsInputError, StatsInputError) as exc:
        fail(str(exc))
    tables = sum(1 for p in written if p.suffix == ".csv")
    typer.echo(f"wrote {tables} tables ({len(written)} files) to {out}/ — start at index.md")


def report_command(
    results: list[Path] = typer.Argument(..., help="Results table(s), .parquet or .csv."),
    out: Path = typer.Option(Path("report.html"), "--out", help="HTML file to write."),
    title: str = typer.Option("clinbench report", help="Title at the top of the report."),
    seed: int = typer.Option(0, help="Seed of every bootstrap."),
    n_boot: int = typer.Option(10_000, help="Bootstrap resamples."),
) -> None:
    """Write one self-contained HTML report (figures embedded; opens offline)."""
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report
    from clinbench.report.load import ResultsInputError
    from clinbench.stats._common import StatsInputError

    try:
        path = write_report(
            results, out, title=title, options=AnalysisOptions(seed=seed, n_boot=n_boot)
        )
    except (ResultsInputError, StatsInputError) as exc:
        fail(str(exc))
    typer.echo(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Mount `analyze` and `report` as top-level commands on the main app."""
    app.command("analyze")(analyze_command)
    app.command("report")(report_command)
