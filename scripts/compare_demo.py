"""Compare two `clinbench demo` results tables in every column except run ids, log files, times.

Usage: python scripts/compare_demo.py BEFORE_DIR AFTER_DIR

Rows are matched on their key (suite, task, model, item, condition, epoch, scorer, question
and their order within it), so the order in which Inspect wrote the logs does not matter; two
missing values are equal. Times are not compared: ``eval_created``, ``latency_s`` and the
registration time inside ``verdict_registration`` (with the registration's own hash, which
covers that time). Prints the number of differing rows per task, model and condition and per
column, for the Parquet and the CSV table.

The slp ASR-pipeline runs (condition ``asr...``) transcribe with PocketSphinx, whose output
varies between two runs of the same code (two demos of one unchanged commit differ in a few
of those rows), so their differences are listed apart; the exit code is 1 on any difference
in the other rows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd

from clinbench.results import read_results

IGNORED = ("run_id", "log_file", "eval_created", "latency_s")  # differ on every run by design
REGISTRATION_TIMES = ("registered_at", "sha256")  # the time and the hash that covers it


def _registration(text: object) -> object:
    """Return a verdict registration's JSON without its time and hash (other values as given)."""
    if not isinstance(text, str) or not text:
        return text
    value = json.loads(text)
    return json.dumps({k: v for k, v in value.items() if k not in REGISTRATION_TIMES})


KEY = ["suite", "task", "model", "item_id", "condition", "epoch", "scorer", "question"]


def differing_rows(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Return the matched rows whose compared values differ, with the differing columns named."""
    old, new = before.drop(columns=list(IGNORED)), after.drop(columns=list(IGNORED))
    for frame in (old, new):
        if "verdict_registration" in frame:
            frame["verdict_registration"] = frame["verdict_registration"].map(_registration)
        frame["_nth"] = frame.groupby(KEY, dropna=False).cumcount()
    merged = old.merge(new, on=[*KEY, "_nth"], how="outer", suffixes=("_a", "_b"), indicator=True)
    columns = [c for c in old.columns if c not in (*KEY, "_nth")]
    differs = []
    for _, row in merged.iterrows():
        names = [
            c for c in columns
            if not (pd.isna(row[f"{c}_a"]) and pd.isna(row[f"{c}_b"]))
            and str(row[f"{c}_a"]) != str(row[f"{c}_b"])
        ]  # fmt: skip
        if row["_merge"] != "both":
            names = ["(row in one table only)"]
        differs.append(", ".join(names))
    merged["differs"] = differs
    return merged[merged["differs"] != ""][[*KEY, "differs"]]


def main(before: Path, after: Path) -> int:
    """Print the comparison of the two demos' tables (parquet and CSV); return the exit code."""
    failures = 0
    for name in ("results.parquet", "results.csv"):
        old, new = read_results(before / name), read_results(after / name)
        rows = differing_rows(old, new)
        asr = rows["condition"].astype(str).str.startswith("asr")
        n_asr = int(old["condition"].astype(str).str.startswith("asr").sum())
        print(f"{name}: {len(old)} rows before, {len(new)} after")
        print(f"  outside the ASR pipeline: {int((~asr).sum())} of {len(old) - n_asr} rows differ")
        print(f"  ASR pipeline (PocketSphinx, varies run to run): {int(asr.sum())} of {n_asr}")
        if not rows.empty:
            print(rows.groupby(["task", "model", "condition"]).size().to_string())
            by_column = rows["differs"].str.split(", ").explode().value_counts().sort_index()
            print("differing rows by column:")
            print(by_column.to_string())
        failures += int((~asr).sum()) > 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
