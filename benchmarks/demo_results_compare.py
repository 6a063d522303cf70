"""Compare two `clinbench demo` results tables column by column (issue 30: a refactor changes
no result).

    python benchmarks/demo_results_compare.py BEFORE/results.parquet AFTER/results.parquet

Columns that differ between any two runs by nature are left out: run ids, log file names,
times (latency, queue, the eval's creation time) and the cost worked out from them. Rows are
matched on (suite, task, model, item_id, condition, epoch, scorer, question). Prints one line
per column (identical, or how many rows differ, with the first difference) and exits 1 when
any compared column differs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

# Differ between any two runs of the same thing: ids, log names, times.
RUN_COLUMNS = ("run_id", "log_file", "latency_s", "queue_s", "eval_created")
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
        a = before[column].astype(str).reset_index(drop=True)
        b = after[column].astype(str).reset_index(drop=True)
        n = min(len(a), len(b))
        differ = (a.iloc[:n] != b.iloc[:n]).to_numpy().nonzero()[0]
        if len(differ):
            i = int(differ[0])
            lines.append(
                f"DIFFERS: {column}: {len(differ)} rows, first row {i}: "
                f"{a.iloc[i][:80]!r} -> {b.iloc[i][:80]!r}"
            )
        else:
            lines.append(f"{column}: identical")
    return lines


def main(argv: list[str]) -> int:
    before, after = (read(Path(p)) for p in argv[1:3])
    lines = compare(before, after)
    print("\n".join(lines))
    return 1 if any(line.startswith("DIFFERS") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
