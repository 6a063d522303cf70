"""Wall time of `clinbench analyze` on synthetic case-tier results, 1 to 100,000 rows (#19).

The tables are ``clinbench.stats.synthetic.synthetic_case_results`` (4 models x 3 question
types x N cases, as in AudiologyBench; the 1-row table is one model, one case, one
question; the scorer is ``rubric_rules_grader`` unless ``--scorer`` says otherwise, so the
audiology suite's own case sections run too), written as Parquet in a temporary folder.
Each ``clinbench analyze TABLE -o DIR`` runs in a fresh process with this interpreter,
``--repeats`` times; the table gives the median and the fastest run. The 1-row time is the
command's fixed cost (start-up, imports, writing the files); the targets are <= 1.5 s fixed
and <= 10 s at 100,000 rows.

    python benchmarks/analyze_scale.py [--repeats 3] [--sizes 1,804,10000,100000]
                                       [--n-boot 10000] [--before OTHER_CHECKOUT/src]

With ``--before``, every run also goes with that source tree first on the path (e.g. a
``git worktree`` of an older commit), interleaved run by run with this one, so both columns
and their ratio come from the same machine load; the two analyses are then compared file by
file (they must be byte-identical).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import clinbench
from clinbench.stats.synthetic import synthetic_case_results

PACKAGE = Path(clinbench.__file__).parent


def make_table(rows: int, folder: Path, scorer: str) -> tuple[Path, int]:
    """Write a synthetic case-tier table of about `rows` rows; return (path, exact rows)."""
    if rows <= 1:
        df = synthetic_case_results(n_models=1, n_cases=1, questions=("Q1",), seed=0)
    else:
        df = synthetic_case_results(n_models=4, n_cases=max(1, round(rows / 12)), seed=0)
    df["scorer"] = scorer
    path = folder / f"cases-{len(df)}.parquet"
    df.to_parquet(path, index=False)
    return path, len(df)


def _analyze(table: Path, out: Path, n_boot: int) -> list[str]:
    return [sys.executable, "-c", "from clinbench.cli import main; main()", "analyze",
            str(table), "-o", str(out), "--n-boot", str(n_boot)]  # fmt: skip


def _same_files(a: Path, b: Path) -> bool:
    names = sorted(p.name for p in a.iterdir())
    if names != sorted(p.name for p in b.iterdir()):
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    return not mismatch and not errors


def main() -> None:
    """Print the analyze wall-time table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sizes", default="1,804,10000,100000")
    parser.add_argument("--n-boot", type=int, default=10_000)
    parser.add_argument("--before", type=Path, help="another src/ folder to compare with")
    parser.add_argument(
        "--scorer",
        default="rubric_rules_grader",
        help="scorer named in the rows (the audiology sections read rubric_* scorers)",
    )
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    envs = {"after": env}
    if args.before:
        envs = {"before": {**env, "PYTHONPATH": str(args.before.resolve())}, **envs}
    print(f"clinbench analyze, --n-boot {args.n_boot}, {args.repeats} runs each "
          f"(median / fastest s), load average {os.getloadavg()[0]:.1f} at start")  # fmt: skip
    head = "".join(f"{name + ' med':>12}{name + ' min':>12}" for name in envs)
    print(f"{'rows':>8}{head}" + ("   ratio  identical" if args.before else ""))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for size in (int(s) for s in args.sizes.split(",")):
            table, n_rows = make_table(size, folder, args.scorer)
            times: dict[str, list[float]] = {name: [] for name in envs}
            for _ in range(args.repeats):
                for name, run_env in envs.items():
                    out = folder / f"out-{name}-{n_rows}"
                    started = time.perf_counter()
                    done = subprocess.run(_analyze(table, out, args.n_boot), env=run_env,
                                          capture_output=True, text=True, check=False)  # fmt: skip
                    times[name].append(time.perf_counter() - started)
                    if done.returncode:
                        sys.exit(f"{name} analyze failed on {n_rows} rows:\n{done.stderr}")
            cells = "".join(f"{statistics.median(t):>12.2f}{min(t):>12.2f}" for t in times.values())
            line = f"{n_rows:>8,}{cells}"
            if args.before:
                ratio = statistics.median(times["before"]) / statistics.median(times["after"])
                same = _same_files(folder / f"out-before-{n_rows}", folder / f"out-after-{n_rows}")
                line += f"{ratio:>7.2f}x  {'yes' if same else 'NO'}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
