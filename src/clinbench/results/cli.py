"""`clinbench results`: turn Inspect logs into the frozen results table."""

from __future__ import annotations

from pathlib import Path

import typer

app = typer.Typer(help="Turn Inspect logs into the frozen results table.", no_args_is_help=True)


@app.command("export")
def export(
    log_dir: list[Path] = typer.Argument(..., help="Inspect log files or folders of logs."),
    out: Path = typer.Option(..., "--out", "-o", help="Output table: FILE.parquet or FILE.csv."),
    include_partial: bool = typer.Option(
        False,
        "--include-partial",
        help="Also export evals that never finished (their partial logs); default: skip them.",
    ),
) -> None:
    """Write one row per model × task × item × epoch × condition × scorer (× question).

    One log stands for each eval: a resumed eval's newest complete log, so nothing is
    counted twice. Partial, superseded, empty and unreadable logs are named on stderr and
    left out.
    """
    from clinbench.results.export import results_table, write_results

    if out.suffix.lower() not in (".parquet", ".csv"):
        typer.echo(f"error: {out}: the output must end in .parquet or .csv", err=True)
        raise typer.Exit(2)
    try:
        frame = results_table(
            log_dir,
            include_partial=include_partial,
            on_skip=lambda message: typer.echo(f"warning: {message}", err=True),
        )
    except (FileNotFoundError, ValueError) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
    if frame.empty:
        typer.echo(
            f"error: no Inspect logs with samples in {', '.join(map(str, log_dir))}", err=True
        )
        raise typer.Exit(2)
    write_results(frame, out)
    counts = frame["outcome"].value_counts().to_dict()
    typer.echo(f"Wrote {len(frame)} rows to {out} (outcomes: {counts}).")
