"""Wall time and peak memory of `clinbench stats accuracy` at 100,000 and 1,000,000 rows (#29).

The table: ``--models`` models x N / (models x epochs) items x ``--epochs`` epochs of one
task, each reply correct, incorrect, declined or unreadable at random (seeded), written as
Parquet in a temporary folder. Each ``clinbench stats accuracy TABLE --format csv`` runs in a
fresh process with this interpreter; the peak resident memory is that process's own
(``os.wait4``'s ``ru_maxrss``). With ``--before OTHER_SRC`` every size also runs with that
source tree first on the path (e.g. ``git archive`` of an older commit), interleaved with
this one so both columns come from the same machine load, and the two tables are compared
(counts, estimates, clustered intervals and SEs must be equal; the cluster bootstrap draws
differently since #29, so its interval is left out of the comparison). Targets: <= 10 s
and <= 1.5 GB at 1M rows.

    python benchmarks/stats_accuracy_scale.py [--sizes 100000,1000000] [--before DIR/src]
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

import clinbench

PACKAGE = Path(clinbench.__file__).parent


def make_table(rows: int, folder: Path, models: int, epochs: int) -> Path:
    """Write a synthetic exact-match results table of `rows` rows; return its path."""
    rng = np.random.default_rng(0)
    items = max(1, rows // (models * epochs))
    n = models * items * epochs
    model = np.repeat([f"vendor/model-{m}" for m in range(models)], items * epochs)
    item = np.tile(np.repeat([f"item-{i:07d}" for i in range(items)], epochs), models)
    epoch = np.tile(np.arange(1, epochs + 1), models * items)
    skill = np.repeat(rng.uniform(0.5, 0.95, models), items * epochs)
    u = rng.random(n)
    outcome = np.where(u < 0.02, "parse_failed", np.where(u < 0.04, "declined",
                       np.where(rng.random(n) < skill, "correct", "incorrect")))  # fmt: skip
    frame = pd.DataFrame({"suite": "bench", "task": "bench_task", "model": model,
                          "item_id": item, "condition": "default", "epoch": epoch,
                          "scorer": "exact", "response": "A", "outcome": outcome})  # fmt: skip
    path = folder / f"results-{n}.parquet"
    frame.to_parquet(path, index=False)
    return path


def run(table: Path, src: Path) -> tuple[float, float, str]:
    """Return (seconds, peak RSS in MB, stdout) of one `stats accuracy` in a fresh process.

    The peak is that process's own (``os.wait4``), not the largest of all children so far.
    """
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-c", "from clinbench.cli import main; main()", "stats",
               "accuracy", str(table), "--format", "csv"]  # fmt: skip
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"{src}: exit {proc.returncode}: {err.read().decode()[-2000:]}")
        return seconds, usage.ru_maxrss / 1024, out.read().decode()  # Linux: kilobytes


def _same(a: str, b: str) -> bool:
    """Return True when two `stats accuracy` CSV outputs agree on counts and estimates."""

    def table(text: str) -> pd.DataFrame:  # the CSV after its "# title" line
        body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
        return pd.read_csv(io.StringIO(body))

    x, y = table(a), table(b)
    compared = ("model", "task", "n_items", "n_rows", "answered", "correct", "accuracy_answered",
                "accuracy_all", "ci_answered_low", "ci_answered_high", "ci_all_low",
                "ci_all_high", "se_cluster_all", "n_eff_all")  # fmt: skip
    columns = [c for c in compared if c in x.columns and c in y.columns]
    return x[columns].round(9).equals(y[columns].round(9))


def main() -> None:
    """Print the before/after table of `stats accuracy` time and peak memory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--models", type=int, default=10)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another src/ folder to compare with")
    args = parser.parse_args()
    trees = {"after": PACKAGE.parent}
    if args.before:
        trees = {"before": args.before.resolve(), **trees}
    print(f"{'rows':>9}  " + "  ".join(f"{name:>8} s  {name:>8} MB" for name in trees)
          + ("  same numbers" if args.before else ""))  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            table = make_table(size, Path(tmp), args.models, args.epochs)
            results = {name: run(table, src) for name, src in trees.items()}
            cells = "  ".join(f"{s:10.1f}  {mb:11.0f}" for s, mb, _ in results.values())
            same = ""
            if args.before:
                same = "  yes" if _same(results["before"][2], results["after"][2]) else "  NO"
            print(f"{size:>9}  {cells}{same}", flush=True)


if __name__ == "__main__":
    main()
