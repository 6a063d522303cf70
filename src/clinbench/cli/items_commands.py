"""`clinbench items`: validate item files and print the item JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from clinbench.cli.console import echo_error, echo_message

app = typer.Typer(help="Validate item files and print the item JSON Schema.", no_args_is_help=True)


@app.command("validate")
def validate(
    paths: list[Path] = typer.Argument(..., help="Item files (.jsonl or .csv)."),
    media_root: list[Path] = typer.Option(
        None,
        "--media-root",
        metavar="DIR",
        help="A folder media paths may point into besides the item file's own (repeatable).",
    ),
) -> None:
    """Check item files; print every problem as file:line: field: message (exit 2 if any).

    Media paths (media, images, audio) are relative to the item file and must name a
    non-empty regular file inside its folder, or inside a --media-root.
    """
    from collections import Counter

    from clinbench.items.loader import read_items

    items, problems = read_items(paths, media_roots=media_root or None)
    for problem in problems:
        echo_message(str(problem), err=True)
    if problems:
        echo_message(f"{len(problems)} problem(s) found; no item set is valid.", err=True)
        raise typer.Exit(2)
    if not items:
        echo_error(f"no items in {', '.join(map(str, paths))}")
        raise typer.Exit(2)
    counts = Counter(item.format for item in items)
    summary = ", ".join(f"{n} {fmt}" for fmt, n in sorted(counts.items()))
    echo_message(f"OK: {len(items)} items in {len(paths)} file(s) ({summary}).")


@app.command("schema")
def schema(
    out: Path | None = typer.Option(None, "--out", help="Write the schema here instead of stdout."),
) -> None:
    """Print the JSON Schema that every item (any format) must satisfy."""
    from clinbench.items.model import item_json_schema

    text = json.dumps(item_json_schema(), indent=2)
    if out is None:
        typer.echo(text)
    else:
        out.write_text(text + "\n", encoding="utf-8")
        echo_message(f"Wrote {out}")


def _mount_bank_commands() -> None:
    from clinbench.cli.bank_commands import register

    register(app)


_mount_bank_commands()
