"""`clinbench items canary | split | verify-sample`: publish part of a bank, keep the rest.

Mounted on the `clinbench items` group by :func:`register`; heavy imports stay inside the
commands.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from clinbench.cli.console import echo_message


def _fail(message: str) -> None:
    echo_message(message, err=True)
    raise typer.Exit(2)


def _load(paths: list[Path]) -> list:
    from clinbench.items.loader import ItemFileError, load_items

    try:
        items = load_items(paths)
    except ItemFileError as err:
        _fail(str(err))
    if not items:
        _fail(f"error: no items in {', '.join(map(str, paths))}")
    return items


def canary(
    items: list[Path] = typer.Argument(..., metavar="ITEMS", help="Item files of the bank."),
    out: Path = typer.Option(..., "--out", "-o", help="Stamped bank (.jsonl), header first."),
    guid: str | None = typer.Option(
        None, "--guid", help="Use this GUID (default: the bank's own, else a new random one)."
    ),
    name: str | None = typer.Option(None, "--name", help="Bank name (default: OUT's stem)."),
) -> None:
    """Stamp a bank with its canary GUID: in every item's metadata and the file's first line."""
    from clinbench.curate.canary import stamp_canary, write_public_items

    loaded = _load(items)
    try:
        stamped, used = stamp_canary(loaded, guid)
    except ValueError as err:
        _fail(f"error: {err}")
    write_public_items(stamped, out, used, name or out.stem)
    echo_message(f"Stamped {len(stamped)} items with canary {used}; wrote {out}")


def split(
    items: list[Path] = typer.Argument(..., metavar="ITEMS", help="Canary-stamped item files."),
    public: int = typer.Option(..., "--public", help="Number of items in the public sample."),
    seed: int = typer.Option(..., "--seed", help="Seed of the draw (same seed, same split)."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for public/private/manifest."),
    by: str = typer.Option(
        "format,domain", "--by", help="Comma-separated fields the sample is stratified on."
    ),
    name: str | None = typer.Option(None, "--name", help="Bank name (default: first file's stem)."),
) -> None:
    """Write a stratified public sample, the private rest, and a manifest of hashes."""
    from clinbench.curate.split import split_bank, write_split

    loaded = _load(items)
    fields = tuple(f.strip() for f in by.split(",") if f.strip())
    try:
        made = split_bank(loaded, public, seed, by=fields, bank=name or items[0].stem)
    except ValueError as err:
        _fail(f"error: {err}")
    paths = write_split(made, out)
    echo_message(
        f"{len(made.public)} public, {len(made.private)} private items "
        f"(seed {seed}, stratified by {', '.join(fields)})"
    )
    for kind, path in paths.items():
        typer.echo(f"  {kind}: {path}")


def verify_sample(
    sample: list[Path] = typer.Argument(..., metavar="PUBLIC", help="The published sample."),
    manifest: Path = typer.Option(..., "--manifest", help="The split's manifest.json."),
) -> None:
    """Check a published sample against a split manifest (exit 2 on any mismatch)."""
    from clinbench.curate.split import verify_sample as verify

    loaded = _load(sample)
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        _fail(f"{manifest}: cannot read the manifest: {err}")
    problems = verify(loaded, data)
    for problem in problems:
        echo_message(problem, err=True)
    if problems:
        _fail(f"{len(problems)} problem(s): the sample does not match {manifest}")
    echo_message(
        f"OK: {len(loaded)} items match {manifest} (bank {data.get('bank')!r}, "
        f"item set {str(data.get('item_set_sha256'))[:12]}…)"
    )


def import_bank(
    source: Path = typer.Argument(..., metavar="SOURCE", help="CSV, TSV, JSON, JSONL or Parquet."),
    map_: str = typer.Option(
        ...,
        "--map",
        help="A shipped map (healthbench, medqa, medmcqa, pubmedqa, spreadsheet) or MAP.yaml.",
    ),
    out: Path = typer.Option(..., "--out", "-o", help="Items file to write (.jsonl)."),
    keep_ids: Path | None = typer.Option(
        None, "--keep-ids", help="Keep only these source ids (text lines, JSON list or object)."
    ),
) -> None:
    """Convert a bank to clinbench items through a field map (exit 2, nothing written, on any
    problem).

    Example: clinbench items import bank.csv --map my_map.yaml -o my_items.jsonl (the map
    names the column each item field comes from; a column it names that the file lacks is
    reported once, with the columns the file has)."""
    from collections import Counter

    from clinbench.items.importer import ImportFailed, import_items, read_keep_ids, read_map
    from clinbench.items.loader import write_items

    try:
        spec = read_map(map_)
        ids = read_keep_ids(keep_ids) if keep_ids is not None else None
    except (ValueError, OSError) as err:
        _fail(f"error: {err}")
    unmapped: Counter[str] = Counter()
    try:
        items = import_items(source, spec, ids, unmapped)
    except ImportFailed as err:
        for problem in err.problems:
            echo_message(str(problem), err=True)
        _fail(f"{len(err.problems)} problem(s); nothing written.")
    write_items(items, out)
    protocol = items[0].metadata.get("protocol")
    echo_message(f"Imported {len(items)} items from {source} with map {spec.name or map_}: {out}")
    if protocol:
        echo_message(f"Protocol the map sets (used by clinbench run): {protocol}")
    if unmapped:
        left = ", ".join(f"{name} ({n} of {len(items)})" for name, n in sorted(unmapped.items()))
        echo_message(f"Not imported (no map entry reads these source fields): {left}", err=True)


def register(app: typer.Typer) -> None:
    """Mount the bank commands on the `clinbench items` group."""
    app.command("import")(import_bank)
    app.command("canary")(canary)
    app.command("split")(split)
    app.command("verify-sample")(verify_sample)
