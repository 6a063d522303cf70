"""`clinbench results`: turn Inspect logs into the frozen results table."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message, echo_wrapped, format_option

app = typer.Typer(help="Turn Inspect logs into the frozen results table.", no_args_is_help=True)


@app.command("export")
def export(
    log_dir: list[Path] = typer.Argument(..., help="Inspect log files or folders of logs."),
    out: Path = typer.Option(..., "--out", "-o", help="Output table: FILE.parquet or FILE.csv."),
    prices: Path | None = typer.Option(
        None,
        "--prices",
        help="Price table (YAML, USD per million tokens per model): fills cost_usd.",
    ),
    include_partial: bool = typer.Option(
        False,
        "--include-partial",
        help="Also export evals that never finished (their partial logs); default: skip them.",
    ),
    all_runs: bool = typer.Option(
        False,
        "--all-runs",
        help="Keep every run of an eval (e.g. from run --new-run), labelled by run_id; "
        "default: the latest complete run of each eval, one result per sample.",
    ),
) -> None:
    """Write one row per model × task × item × epoch × condition × scorer (× question).

    One log stands for each eval: the newest complete log of a resumed or repeated eval, so
    nothing is counted twice (--all-runs keeps each run, labelled by run_id). Partial,
    superseded, empty and unreadable logs are named on stderr and left out.
    """
    from clinbench.results import write_results
    from clinbench.results.cost import PriceTableError, add_costs, read_prices
    from clinbench.results.export import results_table

    try:
        table = read_prices(prices) if prices is not None else None
    except PriceTableError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err

    from clinbench.cli.helpers import check_results_out

    check_results_out(out)
    try:
        frame = results_table(
            log_dir,
            include_partial=include_partial,
            all_runs=all_runs,
            on_skip=lambda message: echo_message(f"warning: {message}", err=True),
        )
    except (FileNotFoundError, ValueError) as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    if frame.empty:
        echo_error(f"no Inspect logs with samples in {', '.join(map(str, log_dir))}")
        raise typer.Exit(2)
    if table is not None:
        frame = add_costs(frame, table)
    write_results(frame, out)
    counts = frame["outcome"].value_counts().to_dict()
    echo_message(f"Wrote {len(frame)} rows to {out} (outcomes: {counts}).")


@app.command("cost")
def cost(
    results: list[Path] = typer.Argument(..., help="Results tables (.parquet/.csv) or logs."),
    prices: Path | None = typer.Option(
        None, "--prices", help="Price table (YAML); without it, costs already in the table."
    ),
    by: str = typer.Option("model", "--by", help="Comma-separated grouping columns."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Also write the table (.csv)."),
    fmt: str = format_option(),
) -> None:
    """Print tokens, time, cost per 100 items and per correct answer (95% bootstrap CIs).

    --format table prints one short paragraph per group; csv, markdown and json print the
    whole cost table.
    """
    import pandas as pd

    from clinbench.results import read_results
    from clinbench.results.cost import PriceTableError, cost_summary, read_prices
    from clinbench.results.export import results_table

    try:
        table = read_prices(prices) if prices is not None else None
        frames = [
            read_results(p) if p.suffix.lower() in (".parquet", ".csv") else results_table(p)
            for p in results
        ]
    except (PriceTableError, FileNotFoundError, ValueError) as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    keys = tuple(k.strip() for k in by.split(",") if k.strip())
    summary = cost_summary(pd.concat(frames, ignore_index=True), table, by=keys)
    if out is not None:
        from clinbench.io import write_csv

        write_csv(summary, out)
    if fmt != "table":
        from clinbench.cli.console import TableOutput

        output = TableOutput(fmt)
        output.table(summary, "Cost and usage")
        output.close()
        return
    for row in summary.to_dict("records"):
        name = " · ".join(str(row[k]) for k in keys)
        echo_wrapped(f"{name}: {row['replies']} replies, {row['correct']} correct, "
                     f"{row['input_tokens']}+{row['output_tokens']} tokens, "
                     f"{row['latency_s_mean']:.2f} s/reply"
                     + (f" (+{row['queue_s_mean']:.2f} s waiting)"
                        if pd.notna(row["queue_s_mean"]) else ""), "  ")  # fmt: skip
        if pd.notna(row["cost_usd"]):
            echo_wrapped(
                f"  ${row['cost_usd']:.4f} total; ${row['cost per 100 items']:.4f} per 100 items "
                f"[{row['per-100 CI95% low']:.4f}, {row['per-100 CI95% high']:.4f}]; "
                f"${row['cost per correct']:.4f} per correct "
                f"[{row['per-correct CI95% low']:.4f}, {row['per-correct CI95% high']:.4f}]",
                "    ",
            )
        else:
            if prices is None:
                fix = ("give --prices FILE, a price table in USD per million input and output "
                       "tokens per model")  # fmt: skip
            else:
                fix = f"{row.get('model', name)} is not in {prices}: add it under models"
            echo_wrapped(
                f"  no cost: {row['priced']} of {row['replies']} replies priced; {fix}", "    "
            )
        energy = row["energy Wh (estimate, user figure)"]
        if energy is not None and pd.notna(energy):
            typer.echo(f"  energy ≈ {energy:.2f} Wh (estimate from your figure)")
