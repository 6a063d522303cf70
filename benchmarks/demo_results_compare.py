"""Compare two `clinbench demo` results tables column by column (issue 30: a refactor changes
no result).

    python benchmarks/demo_results_compare.py BEFORE/results.parquet AFTER/results.parquet

Columns that differ between any two runs by nature are left out: run ids, log file names and
times (latency, queue, the eval's creation time); in the verdict registration (JSON) its time
``registered_at`` and the ``sha256`` that hashes it. Rows are
matched on (suite, task, model, item_id, condition, epoch, scorer, question). Prints one line
per column (identical, or how many rows differ, with the first difference) and exits 1 when
any compared column differs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd

# Differ between any two runs of the same thing: ids, log names, times.
RUN_COLUMNS = ("run_id", "log_file", "latency_s", "queue_s", "eval_created")
# JSON cells holding a time: the time, and the hash that covers it, are left out of them.
TIMED_JSON = {"verdict_registration": ("registered_at", "sha256")}


def _untimed(cell: object, keys: tuple[str, ...]) -> str:
    """Return a JSON cell's text without the keys that hold (or hash) a time."""
    if not keys or not isinstance(cell, str) or not cell.startswith("{"):
        return str(cell)
    data = json.loads(cell)
    return json.dumps({k: v for k, v in data.items() if k not in keys}, sort_keys=True)


KEY = ("suite", "task", "model", "item_id", "condition", "epoch", "scorer", "question")


def read(path: Path) -> pd.DataFrame:
    """Return the results table at path, rows in key order (read as written: no typing)."""
    frame = pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path, dtype=str)
    key = [c for c in KEY if c in frame.columns]
    return frame.sort_values(key, kind="stable").reset_index(drop=True)


def compare(before: pd.DataFrame, after: pd.DataFrame) -> list[str]:
    """Return one line per compared column; a line starting 'DIFFERS' marks a change."""
    lines = [f"rows: before {len(before)}, after {len(after)}"]
    if len(before) != len(after):
        lines.append("DIFFERS: row count")
    only = sorted(set(before.columns) ^ set(after.columns))
    if only:
        lines.append(f"DIFFERS: columns in one table only: {only}")
    for column in [c for c in before.columns if c in after.columns]:
        if column in RUN_COLUMNS:
            lines.append(f"{column}: not compared (differs between runs by nature)")
            continue
        keys = TIMED_JSON.get(column, ())
        a, b = (
            pd.Series([_untimed(v, keys) for v in frame[column].astype(object)])
            for frame in (before, after)
        )
        n = min(len(a), len(b))
        differ = (a.iloc[:n] != b.iloc[:n]).to_numpy().nonzero()[0]
        if len(differ):
            i = int(differ[0])
            lines.append(
                f"DIFFERS: {column}: {len(differ)} rows, first row {i}: "
                f"{a.iloc[i][:80]!r} -> {b.iloc[i][:80]!r}"
            )
        else:
            lines.append(f"{column}: identical" + (f" (without {', '.join(keys)})" if keys else ""))
    return lines


def main(argv: list[str]) -> int:
    before, after = (read(Path(p)) for p in argv[1:3])
    lines = compare(before, after)
    print("\n".join(lines))
    return 1 if any(line.startswith("DIFFERS") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
