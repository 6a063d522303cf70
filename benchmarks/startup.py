"""Wall time of clinbench commands that should start at once (issues #12 item 7, #19 item 1).

Each command runs in a fresh process (``python -m clinbench.cli ...`` with this interpreter),
``--repeats`` times; the table gives the median and the fastest run. The reference rows are a
bare interpreter and ``import inspect_ai`` in the same run, so the figures can be read as ratios
on a machine of any speed. Inputs (a bad item file, a two-sample log, its results table) are
made in a temporary folder first, offline.

    python benchmarks/startup.py [--repeats 5] [--before OTHER_CHECKOUT/src]

With ``--before``, every command also runs with that source tree first on the path (e.g. a
``git worktree`` of an older commit), interleaved run by run with this one, so that the two
columns and their ratio come from the same machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clinbench

PACKAGE = Path(clinbench.__file__).parent
SAMPLE_ITEMS = PACKAGE / "data" / "sample_items.jsonl"
AUSCLIN_ITEMS = PACKAGE / "suites" / "ausclin" / "data" / "sample.jsonl"
CASES = PACKAGE / "suites" / "audiology" / "data" / "cases.jsonl"


def _clinbench(*args: str) -> list[str]:
    return [sys.executable, "-c", "from clinbench.cli import main; main()", *args]


def _time(
    command: list[str], repeats: int, envs: list[dict[str, str]]
) -> list[tuple[float, float, int]]:
    """Return (median s, fastest s, exit code of the last run) of a command per environment.

    The environments take turns run by run, so a change in machine load hits them alike.
    """
    times: list[list[float]] = [[] for _ in envs]
    codes = [0 for _ in envs]
    for _ in range(repeats):
        for k, env in enumerate(envs):
            started = time.perf_counter()
            done = subprocess.run(command, capture_output=True, env=env, check=False)
            times[k].append(time.perf_counter() - started)
            codes[k] = done.returncode
    return [(statistics.median(t), min(t), c) for t, c in zip(times, codes, strict=True)]


def _prepare(folder: Path, env: dict[str, str]) -> dict[str, Path]:
    bad = folder / "bad.jsonl"
    bad.write_text('{"id": "q1", "format": "mcq", "stem": "no options, no key"}\n')
    audiogram = folder / "case.json"
    audiogram.write_text(json.dumps(json.loads(CASES.read_text().splitlines()[0])))
    logs = folder / "logs"
    subprocess.run(
        _clinbench("run", str(SAMPLE_ITEMS), "--limit", "2", "--log-dir", str(logs),
                   "--display", "none", "--out", str(folder / "results.csv")),
        capture_output=True, env=env, check=True,
    )  # fmt: skip
    return {"bad": bad, "audiogram": audiogram, "logs": logs, "results": folder / "results.csv"}


def main() -> None:
    """Print the start-up table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--before", type=Path, help="another src/ folder to compare with")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    envs = [env] + ([{**env, "PYTHONPATH": str(args.before.resolve())}] if args.before else [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        made = _prepare(folder, env)
        rows = [
            ("python -c pass (reference)", [sys.executable, "-c", "pass"]),
            ("python -c 'import inspect_ai' (reference)",
             [sys.executable, "-c", "import inspect_ai"]),
            ("clinbench --help", _clinbench("--help")),
            ("clinbench run BAD_FILE", _clinbench("run", str(made["bad"]))),
            ("items validate SAMPLE", _clinbench("items", "validate", str(SAMPLE_ITEMS))),
            ("results export LOG (2 samples)",
             _clinbench("results", "export", str(made["logs"]), "--out",
                        str(folder / "again.csv"))),
            ("analyze RESULTS (2 rows, --n-boot 10)",
             _clinbench("analyze", str(made["results"]), "--out", str(folder / "tables"),
                        "--n-boot", "10")),
            ("report --help", _clinbench("report", "--help")),
            ("stats proportion 5 10", _clinbench("stats", "proportion", "5", "10")),
            ("audiogram classify CASE", _clinbench("audiogram", "classify",
                                                   str(made["audiogram"]))),
            ("ausclin validate SAMPLE", _clinbench("ausclin", "validate", str(AUSCLIN_ITEMS))),
            ("audiology --help", _clinbench("audiology", "--help")),
            ("slp --help", _clinbench("slp", "--help")),
            ("audit --help", _clinbench("audit", "--help")),
            ("curate --help", _clinbench("curate", "--help")),
            ("leaderboard show (no board)", _clinbench("leaderboard", "show", "--board",
                                                       str(folder / "none.json"))),
        ]  # fmt: skip
        if not args.before:
            print(f"{'command':<44} {'median s':>9} {'fastest s':>9} {'exit':>4}")
        else:
            print(f"{'command (median s)':<44} {'before':>7} {'after':>7} {'ratio':>6} {'exit':>5}")
        for label, command in rows:
            timed = _time(command, args.repeats, envs)
            (median, fastest, code) = timed[0]
            if not args.before:
                print(f"{label:<44} {median:>9.2f} {fastest:>9.2f} {code:>4}")
            else:
                before, _, before_code = timed[1]
                print(f"{label:<44} {before:>7.2f} {median:>7.2f} {before / median:>6.1f} "
                      f"{before_code:>2}/{code}")  # fmt: skip


if __name__ == "__main__":
    main()
