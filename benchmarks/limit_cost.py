"""Peak memory, time and log size of `clinbench run BANK --limit N` on a large MCQ bank.

Writes a bank of ``--items`` MCQ items (default 200,000) in a temporary folder, then runs
``clinbench run BANK --limit N --model clinbench/chance`` in a child process for each source
tree given, and prints per tree: the child's peak resident memory (``os.wait4``'s rusage of
that child alone), wall time, the size of the log folder and of the largest member of the
``.eval`` log (Inspect's ``header.json`` carries the task metadata). The targets of issue
#27 are at most 300 MB of memory and 5 MB of log for ``--limit 10`` on 200,000 items.

    python benchmarks/limit_cost.py [--items 200000] [--limit 10] [--before OLD_TREE]

``--before`` is the root of another clinbench source tree (e.g. ``git archive main`` unpacked
or a git worktree of main); its ``src`` goes first on the child's PYTHONPATH. The tree this
file sits in is always measured ("after"). ``--full`` also measures a run with no limit.

Measured on the shared 2-core machine (before = main at fbdcbb4, ``git archive`` unpacked):
200,000 items, ``--limit 10``: before 3817 MB, 187 s, log 305 MB (header.json 166 MB);
after 321 MB, 27 s, log 0.05 MB. The floor of any ``clinbench run`` there is about 318 MB
(a 20-item bank). 2,000 items, no limit: before 362 MB, log 8.7 MB; after 358 MB, 8.7 MB.
With the statistics stack off the run path (runpath branch; before = main 993f91e, the same
command in one invocation, load 6-7): 200,000 items, ``--limit 10``: before 300 MB, after
240 MB; log 0.05 MB both.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def write_bank(path: Path, n: int) -> Path:
    """Write ``n`` distinct MCQ items (four options) as JSONL; return the path."""
    with path.open("w") as handle:
        for i in range(n):
            row = {
                "id": f"q{i:06d}",
                "format": "mcq",
                "stem": f"Question {i}: which option is the key of this generated item?",
                "options": {"A": f"alpha {i}", "B": f"beta {i}", "C": f"gamma {i}", "D": "none"},
                "answer": "ABCD"[i % 4],
                "domain": "generated",
                "source_pool": "nonweb",
            }
            handle.write(json.dumps(row) + "\n")
    return path


def measure(tree: Path, bank: Path, limit: int | None, work: Path) -> dict:
    """Return peak RSS (MB), wall seconds, exit status and log sizes of one run in a child."""
    logs = work / "logs"
    command = [sys.executable, "-c", "from clinbench.cli import main; main()", "run",
               str(bank), "--model", "clinbench/chance", "--log-dir", str(logs),
               "--display", "none"]  # fmt: skip
    if limit is not None:
        command += ["--limit", str(limit)]
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert child.stdout is not None
    output = child.stdout.read()  # read all before waiting, so a full pipe never blocks it
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    files = [p for p in logs.rglob("*") if p.is_file()]
    largest = ("", 0)
    for path in files:
        if path.suffix == ".eval":
            with zipfile.ZipFile(path) as archive:
                for info in archive.infolist():
                    if info.file_size > largest[1]:
                        largest = (info.filename, info.file_size)
    return {
        "peak_rss_mb": usage.ru_maxrss / 1024,  # kilobytes on Linux
        "seconds": seconds,
        "exit": os.waitstatus_to_exitcode(status),
        "log_mb": sum(p.stat().st_size for p in files) / 1e6,
        "largest_member": largest[0],
        "largest_member_mb": largest[1] / 1e6,
        "tail": output.decode(errors="replace").strip().splitlines()[-1:] or [""],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=200_000)
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--before", type=Path, help="root of the clinbench tree to compare")
    parser.add_argument("--full", action="store_true", help="also run with no --limit")
    args = parser.parse_args()
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", HERE)]
    with tempfile.TemporaryDirectory(prefix="limit_cost_") as tmp:
        bank = write_bank(Path(tmp) / "bank.jsonl", args.items)
        print(f"bank: {args.items} MCQ items, {bank.stat().st_size / 1e6:.1f} MB")
        limits = [args.limit] + ([None] if args.full else [])
        for label, tree in trees:
            for limit in limits:
                work = Path(tempfile.mkdtemp(dir=tmp))
                r = measure(tree, bank, limit, work)
                print(
                    f"{label:6} --limit {limit or 'none':>5}: peak RSS {r['peak_rss_mb']:7.0f} MB, "
                    f"{r['seconds']:6.1f} s, log {r['log_mb']:8.2f} MB (largest member "
                    f"{r['largest_member']} {r['largest_member_mb']:.2f} MB), exit {r['exit']}, "
                    f"load {os.getloadavg()[0]:.1f}"
                )
                if r["exit"] != 0:
                    print(f"        last line: {r['tail'][0]}")
    print("targets for --limit 10 on 200,000 items: at most 300 MB and 5 MB of log")


if __name__ == "__main__":
    main()
