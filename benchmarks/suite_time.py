"""Wall and CPU time of the fast test suite and the full suite (issue #30, item 6).

Runs the README's two test commands, each under ``/usr/bin/time`` (GNU time), from the
repository root with this interpreter and ``PYTHONPATH=src``:

    fast:  python -m pytest -q -n 2 --dist loadfile -m "not slow"
    full:  python -m pytest -q -n 2 --dist loadfile

and prints, per suite, the wall seconds, the CPU seconds (user + system, the test workers
included), the CPU seconds divided by the cores pytest uses (2: what the wall time would be on
an idle 2-core machine with perfect balance), the pytest summary line, and the load average
before and after. The target is a fast suite under 120 s on an idle 2-core machine.

    python benchmarks/suite_time.py [--only fast|full] [--durations N]

On a shared machine the wall time is inflated by the load; the CPU seconds are the steadier
figure. With ``--durations N`` pytest also prints its N slowest tests (0: all), the list from
which tests are added to ``SLOW_TESTS`` in tests/conftest.py.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2
SUITES = {
    "fast": ["-m", "not slow"],
    "full": [],
}


def _load() -> str:
    """Return the 1-, 5- and 15-minute load averages as one string."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def _gnu_time(report: str, label: str) -> float:
    """Return one figure (seconds) of GNU time's ``-v`` report, e.g. 'User time (seconds)'."""
    match = re.search(rf"{re.escape(label)}: ([0-9:.]+)", report)
    if match is None:
        raise SystemExit(f"/usr/bin/time gave no '{label}': {report[-500:]}")
    value = match.group(1)
    seconds = 0.0
    for part in value.split(":"):  # 'Elapsed (wall clock)' is h:mm:ss or m:ss.ss
        seconds = seconds * 60 + float(part)
    return seconds


def time_suite(name: str, durations: int | None) -> dict[str, object]:
    """Return wall s, CPU s, load before/after and pytest's last line for one suite."""
    gnu_time = shutil.which("time", path="/usr/bin")
    if gnu_time is None:
        raise SystemExit("needs GNU time at /usr/bin/time (Debian: apt-get install time)")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["-n", str(WORKERS), "--dist", "loadfile", *SUITES[name]]
    if durations is not None:
        command.append(f"--durations={durations}")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    load_before = _load()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        done = subprocess.run(
            [gnu_time, "-v", "-o", report.name, *command],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        gnu = report.read()
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if durations is not None:
        print(done.stdout)
    wall = _gnu_time(gnu, "Elapsed (wall clock) time (h:mm:ss or m:ss)")
    cpu = _gnu_time(gnu, "User time (seconds)") + _gnu_time(gnu, "System time (seconds)")
    return {
        "suite": name,
        "exit": done.returncode,
        "wall_s": wall,
        "cpu_s": cpu,
        "idle_estimate_s": cpu / WORKERS,
        "load_before": load_before,
        "load_after": _load(),
        "summary": lines[-1] if lines else done.stderr[-300:],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(SUITES), help="time one suite only")
    parser.add_argument("--durations", type=int, help="also print pytest's N slowest tests")
    args = parser.parse_args()
    names = [args.only] if args.only else ["fast", "full"]
    print(f"cores on this machine: {os.cpu_count()}; pytest workers: {WORKERS}")
    for name in names:
        row = time_suite(name, args.durations)
        print(
            f"{row['suite']:>4}: wall {row['wall_s']:.0f} s, CPU {row['cpu_s']:.0f} s "
            f"(CPU / {WORKERS} = {row['idle_estimate_s']:.0f} s), "
            f"load {row['load_before']} -> {row['load_after']}, exit {row['exit']}: "
            f"{row['summary']}"
        )


if __name__ == "__main__":
    main()
