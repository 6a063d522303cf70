"""Time and peak memory of `results export` (clinbench.results.export) at 1k / 10k / 100k rows.

The logs are made synthetically, fast: one real eval of the bundled sample items on the
chance baseline is the template, and its samples are copied (new ids, a distinct item
each) into logs of up to --per-log samples, written with Inspect's own log writer (further
full logs of a size are copies of the first, as other evals: see _copy_as_another_eval). Each
size is then exported in a fresh Python process, which prints its wall time, its peak
resident memory (VmHWM, Linux) and its resident memory after the imports, before the export
(the part of the peak the export itself does not own). The growth exponent is the slope of
log(time) and of log(peak) against log(rows), fitted over the sizes.

    python benchmarks/export.py [--sizes 1000 10000 100000] [--per-log 10000]
                                [--before OLD_SRC] [--work DIR]

``--before OLD_SRC`` exports with the clinbench source in OLD_SRC as well (e.g. a checkout
of the commit before streaming), on logs in the layout that code wrote (the whole item in
every sample's metadata); both columns come from the same run. Logs are kept under --work
(default: a folder in /tmp) and reused by later runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Peak memory is the child's VmHWM (high-water resident set): Linux carries ru_maxrss over
# from the parent into a forked child, so the parent's own peak would be counted.
CHILD = r"""
import json, sys, time
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
from clinbench.results.export import results_table
import inspect_ai.log, pandas  # imports paid before the clock starts
base = hwm()
started = time.perf_counter()
frame = results_table(sys.argv[1], on_skip=lambda message: None)
seconds = time.perf_counter() - started
print(json.dumps({"rows": len(frame), "seconds": seconds, "peak_mb": hwm(), "base_mb": base}))
"""


def template_log(work: Path):
    """Return a finished log (samples included) of the sample items on clinbench/chance."""
    from inspect_ai import eval as inspect_eval

    from clinbench.item_tasks import clinbench_items

    (log,) = inspect_eval(
        clinbench_items(), model="clinbench/chance", log_dir=str(work / "template"),
        display="none",
    )  # fmt: skip
    if log.status != "success" or not log.samples:
        raise SystemExit(f"template run failed: {log.status}")
    return log


def synthetic_log(template, n: int, offset: int, old_layout: bool):
    """Return a copy of the template log with n samples, each with its own item."""
    from clinbench.items.sample import ITEM_KEY, ITEMS

    log = template.model_copy(deep=True)
    table = log.eval.metadata[ITEMS]
    items, samples = {}, []
    for k in range(n):
        source = template.samples[k % len(template.samples)]
        number = offset + k
        sample = source.model_copy(update={"id": f"{source.id}-{number}"})
        sample.metadata = dict(source.metadata)
        item = dict(table[source.metadata[ITEM_KEY]], id=sample.id)
        if old_layout:
            del sample.metadata[ITEM_KEY]
            sample.metadata["item"] = item
        else:
            key = hashlib.sha256(json.dumps(item, sort_keys=True).encode()).hexdigest()
            sample.metadata[ITEM_KEY] = key
            items[key] = item
        samples.append(sample)
    log.samples = samples
    log.eval.dataset.samples = n
    log.eval.dataset.sample_ids = [s.id for s in samples]
    if old_layout:
        del log.eval.metadata[ITEMS]
    else:
        log.eval.metadata[ITEMS] = items
    log.eval.task_id = f"{log.eval.task_id}-{offset}"  # one eval per log file
    return log


def _copy_as_another_eval(source: Path, dest: Path, task_id: str) -> None:
    """Copy a log as the log of another eval: the same samples, a header with another task id.

    Writing a large log with Inspect takes minutes, so the full-size logs after the first
    are copies of it with a new ``header.json`` appended to the zip; Inspect reads the last
    entry of a name (checked: it reads the new task id), the old header stays unread.
    """
    import warnings
    import zipfile

    from inspect_ai.log import read_eval_log

    header = read_eval_log(str(source), header_only=True)
    header.eval.task_id = task_id
    shutil.copyfile(source, dest)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the repeated name
        with zipfile.ZipFile(dest, "a", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("header.json", header.model_dump_json())


def make_logs(work: Path, template, rows: int, per_log: int, old_layout: bool) -> Path:
    """Return a folder of logs holding ``rows`` samples (one scorer: one row each)."""
    from inspect_ai.log import write_eval_log

    folder = work / f"{'old' if old_layout else 'new'}-{rows}"
    done = folder / "done"
    if done.exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    first: Path | None = None
    smaller = work / f"{'old' if old_layout else 'new'}-{per_log}"
    if rows > per_log and (smaller / "done").exists():  # a full log of this size exists
        first = next(smaller.glob("*.eval"))
    for offset in range(0, rows, per_log):
        n = min(per_log, rows - offset)
        name = f"2026-01-01T00-00-00-00-00_clinbench-items_synthetic{offset:07d}.eval"
        path = folder / name  # a name as Inspect gives it: listing the folder reads no header
        if first is not None and n == per_log:
            _copy_as_another_eval(first, path, f"synthetic-{offset}-{rows}")
            continue
        write_eval_log(synthetic_log(template, n, offset, old_layout), str(path))
        first = first or path
    done.write_text("")
    return folder


def export_in_child(folder: Path, src: str) -> dict:
    """Return the child's figures for exporting ``folder`` with the clinbench source ``src``."""
    env = dict(os.environ, PYTHONPATH=src)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder)], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"export failed ({src}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def exponent(sizes: list[int], values: list[float]) -> float:
    """Return the least-squares slope of log(value) on log(size)."""
    import numpy as np

    return float(np.polyfit(np.log(sizes), np.log(values), 1)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--per-log", type=int, default=10000, help="samples per log file")
    parser.add_argument("--before", metavar="OLD_SRC", help="clinbench source to compare with")
    parser.add_argument(
        "--after",
        metavar="SRC",
        default=str(Path(__file__).resolve().parents[1] / "src"),
        help="clinbench source measured (default: this checkout's)",
    )
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "cb-export")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    template = template_log(args.work)
    versions = [("after", args.after, False)]
    if args.before:
        versions.append(("before", args.before, True))
    figures: dict[str, list[dict]] = {}
    for name, src, old_layout in versions:
        figures[name] = []
        for rows in args.sizes:
            folder = make_logs(args.work, template, rows, args.per_log, old_layout)
            result = export_in_child(folder, src)
            if result["rows"] != rows:
                raise SystemExit(f"{name}: {result['rows']} rows exported, {rows} expected")
            figures[name].append(result)
    print(f"results export, logs of up to {args.per_log} samples (one row per sample)")
    print(f"{'version':8} {'rows':>7} {'seconds':>8} {'ms/row':>7} {'peak MB':>8} "
          f"{'imports MB':>10}")  # fmt: skip
    for name, results in figures.items():
        for rows, r in zip(args.sizes, results, strict=True):
            per_row = r["seconds"] / rows * 1000
            print(f"{name:8} {rows:>7} {r['seconds']:>8.2f} {per_row:>7.2f} {r['peak_mb']:>8.0f} "
                  f"{r['base_mb']:>10.0f}")  # fmt: skip
    if len(args.sizes) > 1:
        for name, results in figures.items():
            time_exp = exponent(args.sizes, [r["seconds"] for r in results])
            extra = [max(r["peak_mb"] - r["base_mb"], 1.0) for r in results]
            print(f"{name}: growth exponent, time {time_exp:.2f}; "
                  f"memory above imports {exponent(args.sizes, extra):.2f}")  # fmt: skip
    if args.before and math.isfinite(figures["before"][-1]["seconds"]):
        last_b, last_a = figures["before"][-1], figures["after"][-1]
        print(
            f"at {args.sizes[-1]} rows: {last_b['seconds'] / last_a['seconds']:.1f}x faster, "
            f"peak {last_b['peak_mb']:.0f} -> {last_a['peak_mb']:.0f} MB"
        )


if __name__ == "__main__":
    main()
