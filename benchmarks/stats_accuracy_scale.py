"""Time and peak memory of `stats accuracy`, `analyze` and `report` at 100k and 1M rows (#29, #32).

The table: every results column (``RESULT_COLUMNS``, as ``results export`` writes it) for
``--models`` models x N / (models x epochs) exact-match items x ``--epochs`` epochs of one
task, each reply correct, incorrect, declined or unreadable at random (seeded), written as
Parquet in a temporary folder. Each command runs in a fresh process with this interpreter:

- ``clinbench stats accuracy TABLE --by model --format csv``, ``clinbench analyze TABLE
  -o DIR`` and ``clinbench report TABLE -o FILE``, with this checkout's ``src`` and, with
  ``--before OTHER_SRC`` (e.g. a ``git worktree`` of main), with that one, run by run
  interleaved so that both columns meet the same machine load;
- ``benchmarks/accuracy_numpy_reference.py TABLE``: the numbers of ``stats accuracy --by
  model``, numpy only (no pandas, statsmodels or clinbench), the floor to compare with.

Peak memory is the largest resident size of the command's process tree, sampled every
20 ms (``analyze`` and ``report`` draw bootstraps in a helper process). Not ``ru_maxrss``:
a child forked from this process starts with this process's pages counted, so the table
is made in a process of its own and this one stays small. Checks printed with each line: the
``stats accuracy`` table equals the numpy one (every column, bootstrap intervals
included, to 1e-9) and the ``before`` one; ``analyze``'s files are byte-identical before
and after; the report's tables are the same. Targets (#32): stats accuracy within 1.5x the
numpy-only time; <= 1.5 GB peak at 1M rows for each command.

    python benchmarks/stats_accuracy_scale.py [--sizes 100000,1000000] [--before DIR/src]
                                              [--commands accuracy,analyze,report]
"""

from __future__ import annotations

import argparse
import filecmp
import io
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import psutil

import clinbench
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.results.table import NUMERIC_COLUMNS

PACKAGE = Path(clinbench.__file__).parent
REFERENCE = Path(__file__).with_name("accuracy_numpy_reference.py")


def make_table(rows: int, folder: Path, models: int, epochs: int) -> Path:
    """Write a synthetic exact-match results table of `rows` rows, every column; return it."""
    rng = np.random.default_rng(0)
    items = max(1, rows // (models * epochs))
    n = models * items * epochs
    model = np.repeat([f"vendor/model-{m}" for m in range(models)], items * epochs)
    item = np.tile(np.repeat(np.arange(items), epochs), models)
    skill = np.repeat(rng.uniform(0.5, 0.95, models), items * epochs)
    u = rng.random(n)
    outcome = np.where(u < 0.02, "parse_failed", np.where(u < 0.04, "declined",
                       np.where(rng.random(n) < skill, "correct", "incorrect")))  # fmt: skip
    letters = np.array(list("ABCD"))
    target = letters[item % 4]
    answer = np.where(outcome == "correct", target, letters[(item + 1 + (u * 3).astype(int)) % 4])
    answer = np.where(outcome == "parse_failed", "", np.where(outcome == "declined", "E", answer))
    frame = pd.DataFrame({
        "suite": "audiology", "task": "audiology_objective", "model": model,
        "item_id": pd.Series(item).map("obj-{:07d}".format).to_numpy(),
        "format": np.array(["mcq", "tf", "fib"])[item % 3], "condition": "default",
        "epoch": np.tile(np.arange(1, epochs + 1), models * items), "epochs": epochs,
        "scorer": "exact", "target": target,
        "response": pd.Series(answer).radd("Reading the audiogram first... Answer: ").to_numpy(),
        "extracted_answer": answer, "outcome": outcome,
        "score": np.where(outcome == "correct", 1.0, np.where(outcome == "parse_failed",
                                                              np.nan, 0.0)),
        "critical_errors": "[]", "input_tokens": 300 + item % 200,
        "output_tokens": 40 + (u * 100).astype(int),
        "domain": np.array(["hearing loss", "tinnitus", "vestibular", "paediatrics"])[item % 4],
        "source_pool": np.array(["online", "nonweb"])[(item // 3) % 2],
        "item_metadata": "{}", "score_metadata": "{}",
        "run_id": pd.Series(model).radd("run-").to_numpy(),
        "log_file": pd.Series(model).add(".eval").to_numpy(),
        "latency_s": rng.gamma(2, 0.5, n), "structured_output": "off",
        "eval_created": "2026-12-04T10:00:00+00:00",
    })  # fmt: skip
    for column in RESULT_COLUMNS:
        if column not in frame.columns:
            frame[column] = np.nan if column in NUMERIC_COLUMNS else ""
    path = folder / f"results-{n}.parquet"
    frame[RESULT_COLUMNS].to_parquet(path, index=False)
    return path


def _tree_rss(proc: psutil.Process) -> int:
    total = 0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total


def run(command: list[str], src: Path | None) -> tuple[float, float, float, str]:
    """Return (seconds, peak MB of the process tree, its ru_maxrss MB, stdout)."""
    env = {**os.environ, "PYTHONPATH": str(src) if src else ""}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=err)
        peak = [0]
        done = threading.Event()

        def watch() -> None:
            handle = psutil.Process(proc.pid)
            while not done.is_set():
                try:
                    peak[0] = max(peak[0], _tree_rss(handle))
                except psutil.Error:
                    return
                time.sleep(0.02)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        done.set()
        watcher.join()
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            raise SystemExit(f"{' '.join(command[:6])}: exit {code}: {err.read().decode()[-2000:]}")
        own = usage.ru_maxrss / 1024  # Linux: kilobytes (see the module's note)
        return seconds, peak[0] / 2**20, own, out.read().decode()


def _csv(text: str) -> pd.DataFrame:
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    return pd.read_csv(io.StringIO(body))


# `stats accuracy --by model`'s own work after its imports: read the columns, estimate,
# look for repeated epochs (the command's steps, timed in one process; stderr: seconds)
COMPUTE = r"""
import sys, time
from pathlib import Path
from clinbench.results import read_results
from clinbench.stats.repeated_epochs import (CLUSTER_KEYS, accuracy_two_denominators,
                                       repeated_epochs_warning)
started = time.perf_counter()
frame = read_results([Path(sys.argv[1])], columns=["model", "outcome", "item_id", *CLUSTER_KEYS,
                                                   "epoch", "question", "response"])
accuracy_two_denominators(frame, by=["model"]).to_csv(sys.stdout, index=False)
repeated_epochs_warning(frame, by=["model"])
print(f"compute seconds: {time.perf_counter() - started:.3f}", file=sys.stderr)
"""


def compute_seconds(command: list[str], src: Path | None) -> float:
    """Return the compute seconds a command prints on stderr (its imports left out)."""
    env = {**os.environ, "PYTHONPATH": str(src) if src else ""}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(re.search(r"compute seconds: ([0-9.]+)", done.stderr).group(1))


def same_numbers(a: str, b: str) -> bool:
    """Return True when two accuracy CSVs agree in every column (numbers to 1e-9)."""
    x, y = _csv(a), _csv(b)
    if list(x.columns) != list(y.columns) or len(x) != len(y):
        return False
    for column in x.columns:
        if pd.api.types.is_numeric_dtype(x[column]) and pd.api.types.is_numeric_dtype(y[column]):
            if not np.allclose(x[column], y[column], rtol=0, atol=1e-9, equal_nan=True):
                return False
        elif x[column].astype(str).tolist() != y[column].astype(str).tolist():
            return False
    return True


def same_files(a: Path, b: Path) -> bool:
    """Return True when two analysis folders hold the same files, byte for byte."""
    names = sorted(p.name for p in a.iterdir())
    if names != sorted(p.name for p in b.iterdir()):
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    return not mismatch and not errors


def same_report(a: Path, b: Path) -> bool:
    """Return True when two HTML reports have the same tables (figures' bytes may differ)."""

    def tables(path: Path) -> list[str]:
        return re.findall(r"<table.*?</table>", path.read_text(encoding="utf-8"), flags=re.S)

    return tables(a) == tables(b)


def clinbench_command(name: str, table: Path, out: Path) -> list[str]:
    """Return the command line of one clinbench command on `table`, writing under `out`."""
    head = [sys.executable, "-c", "from clinbench.cli import main; main()"]
    if name == "accuracy":
        return [*head, "stats", "accuracy", str(table), "--by", "model", "--format", "csv"]
    if name == "analyze":
        return [*head, "analyze", str(table), "-o", str(out)]
    return [*head, "report", str(table), "-o", str(out)]


def main() -> None:
    """Print the table of time and peak memory, before and after, against numpy only."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--models", type=int, default=10)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--commands", default="accuracy,analyze,report")
    parser.add_argument("--before", type=Path, help="another src/ folder to compare with")
    parser.add_argument("--make-table", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make_table:  # in a process of its own (see the module's note)
        made = make_table(int(args.sizes), args.make_table.parent, args.models, args.epochs)
        made.rename(args.make_table)
        return
    trees = {"after": PACKAGE.parent}
    if args.before:
        trees = {"before": args.before.resolve(), **trees}
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} CPUs)")  # fmt: skip
    head = "".join(f"{name + ' s':>10}{name + ' MB':>11}" for name in trees)
    print(f"{'command':<9}{'rows':>9}{head}{'numpy s':>9}{'numpy MB':>9}{'ratio s':>8}"
          f"{'ratio MB':>9}  same  load")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for size in (int(s) for s in args.sizes.split(",")):
            table = folder / f"results-{size}.parquet"
            subprocess.run([sys.executable, __file__, "--make-table", str(table), "--sizes",
                            str(size), "--models", str(args.models), "--epochs",
                            str(args.epochs)], check=True)  # fmt: skip
            for name in args.commands.split(","):
                results = {}
                for label, src in trees.items():
                    out = folder / f"{name}-{label}-{size}{'.html' if name == 'report' else ''}"
                    results[label] = (*run(clinbench_command(name, table, out), src), out)
                cells = "".join(f"{r[0]:10.1f}{r[1]:11.0f}" for r in results.values())
                after = results["after"]
                numpy_cells, checks = f"{'':>9}{'':>9}{'':>8}{'':>9}", []
                if name == "accuracy":
                    ref = run([sys.executable, str(REFERENCE), str(table)], None)
                    numpy_cells = (f"{ref[0]:9.1f}{ref[1]:9.0f}{after[0] / ref[0]:8.2f}"
                                   f"{after[1] / ref[1]:9.2f}")  # fmt: skip
                    checks.append("numpy " + ("yes" if same_numbers(after[3], ref[3]) else "NO"))
                    ours = compute_seconds([sys.executable, "-c", COMPUTE, str(table)],
                                           PACKAGE.parent)  # fmt: skip
                    floor = compute_seconds([sys.executable, str(REFERENCE), str(table)], None)
                    checks.append(f"compute after imports {ours:.2f} s vs numpy {floor:.2f} s "
                                  f"({ours / floor:.2f}x)")  # fmt: skip
                if "before" in results:
                    before = results["before"]
                    if name == "accuracy":
                        same = same_numbers(after[3], before[3])
                    elif name == "analyze":
                        same = same_files(before[4], after[4])
                    else:
                        same = same_report(before[4], after[4])
                    checks.append("before " + ("yes" if same else "NO"))
                print(f"{name:<9}{len(pd.read_parquet(table, columns=['model'])):>9}{cells}"
                      f"{numpy_cells}  {', '.join(checks)}  {os.getloadavg()[0]:.1f}",
                      flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
