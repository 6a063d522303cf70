"""Top-level `analyze` and `report` commands: tables and the HTML report from frozen results."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_message
from clinbench.cli.helpers import fail

AUDIT_OPTION = typer.Option(
    None,
    "--audit",
    metavar="DIR",
    help="Folder written by `clinbench audit report` (its items.csv): show each judge's "
    "agreement with these human labels beside its scores.",
)
BY_OPTION = typer.Option(
    None,
    "--by",
    metavar="FIELD",
    help="Also break the results down by FIELD (a results column or an item metadata key); "
    "repeat for several. Domain is always shown.",
)


def analyze_command(
    results: list[Path] = typer.Argument(
        ..., help="Results table(s), .parquet or .csv (from `clinbench run` or `results export`)."
    ),
    out: Path = typer.Option(
        ..., "--out", "-o", metavar="DIR", help="Folder to write the CSV and Markdown tables to."
    ),
    seed: int = typer.Option(0, help="Seed of every bootstrap."),
    n_boot: int = typer.Option(10_000, help="Bootstrap resamples."),
    audit: Path | None = AUDIT_OPTION,
    by: list[str] | None = BY_OPTION,
) -> None:
    """Write every table the results support (CSV + Markdown, with an index.md).

    Leaderboard, score and grade distributions, critical errors, format x source pool.

    Case-tier tests and clustering, paired comparisons, suite tables, disclosures.

    Re-running on the same results gives byte-identical files.
    """
    from clinbench.report.analyze import analyze
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.judges_section import AuditInputError
    from clinbench.report.load import ResultsInputError
    from clinbench.stats._common import StatsInputError

    try:
        written = analyze(
            results, out, options=AnalysisOptions(seed=seed, n_boot=n_boot), audit=audit,
            by=by or (),
        )  # fmt: skip
    except (ResultsInputError, StatsInputError, AuditInputError) as exc:
        fail(str(exc))
    tables = sum(1 for p in written if p.suffix == ".csv")
    echo_message(f"wrote {tables} tables ({len(written)} files) to {out}/ — start at index.md")


def report_command(
    results: list[Path] = typer.Argument(..., help="Results table(s), .parquet or .csv."),
    out: Path = typer.Option(
        Path("report.html"), "--out", "-o", metavar="FILE", help="HTML file to write."
    ),
    title: str = typer.Option("clinbench report", help="Title at the top of the report."),
    seed: int = typer.Option(0, help="Seed of every bootstrap."),
    n_boot: int = typer.Option(10_000, help="Bootstrap resamples."),
    audit: Path | None = AUDIT_OPTION,
    by: list[str] | None = BY_OPTION,
) -> None:
    """Write one self-contained HTML report (figures embedded; opens offline).

    It opens on the findings (per suite: each model's headline number with its interval and
    n, the floor baselines, exclusions and why, the verdict), then one part per suite, then
    methods, disclosures and a glossary. Judged scores name their judge and its agreement
    with human labels (--audit DIR) or say they are not validated against human labels.
    """
    if out.suffix.lower() in (".md", ".markdown"):  # it would be HTML under a Markdown name
        fail(
            f"{out}: the report is one HTML file: give --out NAME.html; the tables as Markdown "
            f"(and CSV) are written by clinbench analyze {' '.join(map(str, results))} --out DIR"
        )
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report
    from clinbench.report.judges_section import AuditInputError
    from clinbench.report.load import ResultsInputError
    from clinbench.stats._common import StatsInputError

    try:
        path = write_report(
            results, out, title=title, options=AnalysisOptions(seed=seed, n_boot=n_boot),
            audit=audit, by=by or (),
        )  # fmt: skip
    except (ResultsInputError, StatsInputError, AuditInputError) as exc:
        fail(str(exc))
    echo_message(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Mount `analyze` and `report` as top-level commands on the main app."""
    app.command("analyze")(analyze_command)
    app.command("report")(report_command)
