"""What every command group shares: failing with exit 2, and reading a table or results.

Every command reports bad input the same way: ``error: MESSAGE`` on stderr (the message names
``file:line: field`` where it can) and exit code 2, with nothing written.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer

from clinbench.cli.console import echo_error
from clinbench.io import read_own_csv


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with code 2 (bad input)."""
    echo_error(f"{message}")
    raise typer.Exit(2)


def check_results_out(out: Path | None) -> None:
    """Return nothing when ``out`` (a results table to write, or None) is .parquet or .csv;
    else exit 2 before any work is done (a run must not end in a traceback at its export)."""
    from clinbench.results.schema import SUFFIXES

    if out is not None and out.suffix.lower() not in SUFFIXES:
        fail(f"{out}: --out must end in .parquet or .csv")


def read_table(path: Path, columns: Sequence[str]) -> Any:
    """Return a CSV or Parquet table whose rows are indexed by their line in a CSV file.

    Exits 2 naming the file for a missing or unreadable file and naming the column for a
    missing one. Cells are text ('' when empty is read as missing).
    """
    import pandas as pd

    if not path.exists():
        fail(f"{path}: no such file")
    try:
        if path.suffix.lower() == ".parquet":
            frame = pd.read_parquet(path)
        else:
            frame = read_own_csv(path, dtype=str, keep_default_na=False, na_values=[""])
    except Exception as exc:  # pandas raises many types for unreadable files
        fail(f"{path}: cannot read as a table: {exc}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        fail(f"{path}: line 1: no column {missing[0]!r} (columns: {', '.join(frame.columns)})")
    if path.suffix.lower() != ".parquet":
        frame.index = range(2, len(frame) + 2)  # header is line 1
    return frame


def read_results_or_logs(paths: Sequence[Path]) -> Any:
    """Return one results table from results files (.parquet/.csv) and/or Inspect logs.

    Exits 2 naming the file that is missing or cannot be read.
    """
    import pandas as pd

    from clinbench.results import read_results
    from clinbench.results.export import results_table

    frames = []
    for path in paths:
        if not path.exists():
            fail(f"{path}: file not found")
        try:
            if path.is_file() and path.suffix.lower() in (".parquet", ".csv"):
                frames.append(read_results(path))
            else:
                frames.append(results_table(path))
        except Exception as err:  # unreadable input: say which file, write nothing
            fail(f"{path}: cannot read results: {err}")
    return pd.concat(frames, ignore_index=True)
