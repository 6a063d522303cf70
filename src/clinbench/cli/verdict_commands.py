"""`clinbench verdict register`: fix the verdict bar and method before any results exist."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message

app = typer.Typer(
    help="Pre-register the verdict bar and interval method (before results exist).",
    no_args_is_help=True,
)


@app.command("register")
def register(
    bar: float = typer.Option(..., "--bar", help="Accuracy bar of the verdict, e.g. 0.95."),
    method: str = typer.Option("wilson", "--method", help="Interval method (wilson, exact, ...)."),
    confidence: float = typer.Option(0.95, "--confidence", help="Interval confidence."),
    items: list[Path] = typer.Option(
        None, "--items", help="Item file(s) the verdict will be on: their set hash is recorded."
    ),
    condition: str | None = typer.Option(None, "--condition", help="Condition judged, if fixed."),
    note: str | None = typer.Option(None, "--note", help="Free text kept in the registration."),
    out: Path = typer.Option(..., "--out", "-o", help="Registration file (JSON); never replaced."),
) -> None:
    """Write a sealed registration: bar, method, item-set hash and the time (UTC)."""
    from clinbench.items.digest import item_set_hash
    from clinbench.items.loader import ItemFileError, load_items
    from clinbench.stats.prereg import register_verdict, write_registration

    digest, count = None, None
    if items:
        try:
            loaded = load_items(items)
        except ItemFileError as err:
            echo_message(str(err), err=True)
            raise typer.Exit(2) from err
        digest, count = item_set_hash(loaded), len(loaded)
    try:
        registration = register_verdict(bar, method, confidence, digest, count, condition, note)
        write_registration(registration, out)
    except (ValueError, FileExistsError) as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    echo_message(
        f"Registered bar {bar:.1%} ({method}, {confidence:.0%}) at {registration['registered_at']}"
        + (f" for {count} items ({digest[:12]}…)" if digest else "")
        + f": {out}"
    )
    echo_message("Commit or publish this file before running, so its date can be checked.")
