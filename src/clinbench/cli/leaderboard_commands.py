"""Versioned leaderboard: add versions, show the board and its changelog, trend by release date."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import format_option
from clinbench.cli.helpers import fail, read_results_or_logs

app = typer.Typer(
    help=(
        "Versioned leaderboard: each version appends rows with a changelog note; earlier rows "
        "never move unless re-run, and a re-run is recorded as such."
    ),
    no_args_is_help=True,
)

BOARD_OPTION = typer.Option(
    Path("leaderboard.json"),
    "--board",
    "-b",
    help="Leaderboard file (.json, or .csv with a .versions.csv changelog beside it).",
)


@app.command("add")
def add(
    results: Path = typer.Argument(
        ..., help="Results table (.parquet or .csv) or Inspect log file/folder."
    ),
    version: str = typer.Option(..., "--version", "-v", help="Name of the new version, e.g. 1.3."),
    note: str = typer.Option(..., "--note", "-n", help="Changelog: what this version adds."),
    release_dates: Path | None = typer.Option(
        None, "--release-dates", help="CSV with columns model, release_date (YYYY-MM-DD)."
    ),
    board: Path = BOARD_OPTION,
    threshold: float = typer.Option(
        0.10, help="Exclude a model whose failed, empty or unparseable replies exceed this share."
    ),
    with_checks: bool = typer.Option(
        False,
        "--with-checks",
        help="Also add robustness-check runs (noise, perturbations: each suite's checks).",
    ),
) -> None:
    """Append the results as a new version with its changelog note."""
    from rich.console import Console

    from clinbench.items.loader import ItemFileError
    from clinbench.stats import leaderboard as lb

    if board.suffix.lower() not in (".json", ".csv"):  # before any work, never a traceback
        fail(f"{board}: a leaderboard file is .json or .csv")
    table = read_results_or_logs([results])  # exits 2 naming an unreadable file
    missing = [c for c in ("model", "task", "condition", "item_id", "outcome", "response")
               if c not in table.columns]  # fmt: skip
    if missing:
        fail(f"{results}:1: {', '.join(missing)}: required column(s) missing")
    dates = None
    if release_dates is not None:
        try:
            dates = lb.read_release_dates(release_dates)
        except ItemFileError as err:
            fail(str(err))
    try:
        current = lb.read_leaderboard(board)
        updated = lb.add_version(
            current,
            table,
            version,
            note,
            release_dates=dates,
            threshold=threshold,
            include_checks=with_checks,
        )
    except ValueError as err:
        fail(f"{board}: {err}")
    lb.write_leaderboard(updated, board)
    entry = updated.versions.iloc[-1]
    Console().print(
        f"{board}: version {entry['version']} added: {entry['rows_added']} row(s), "
        f"{entry['reruns']} re-run(s)"
    )


def _print_frame(frame, title: str, output) -> None:
    output.table(frame, title)


@app.command("show")
def show(
    board: Path = BOARD_OPTION,
    all_rows: bool = typer.Option(False, "--all", help="Also show rows superseded by re-runs."),
    condition: str | None = typer.Option(None, help="Only this condition."),
    fmt: str = format_option(),
) -> None:
    """Show the leaderboard's current rows (best first) and its changelog."""
    from clinbench.cli.console import TableOutput
    from clinbench.stats import leaderboard as lb

    if not board.exists():
        fail(f"{board}: file not found")
    data = lb.read_leaderboard(board)
    rows = data.rows if all_rows else data.current()
    if condition is not None:
        rows = rows[rows["condition"] == condition]
    output = TableOutput(fmt)
    _print_frame(lb.shown_rows(rows), "Leaderboard", output)
    _print_frame(data.versions, "Changelog", output)
    output.close()


@app.command("trend")
def trend(
    board: Path = BOARD_OPTION,
    condition: str | None = typer.Option(None, help="Only this condition."),
    fmt: str = format_option(),
) -> None:
    """Show accuracy by model release date, with Spearman's rho per condition."""
    from clinbench.cli.console import TableOutput
    from clinbench.stats import leaderboard as lb

    if not board.exists():
        fail(f"{board}: file not found")
    rows = lb.trend(lb.read_leaderboard(board), condition)
    if rows.empty:
        fail(f"{board}: no scored rows with a release date (add them with --release-dates)")
    output = TableOutput(fmt)
    _print_frame(rows, "Accuracy by release date", output)
    _print_frame(lb.trend_correlation(rows), "Trend (Spearman)", output)
    output.close()
