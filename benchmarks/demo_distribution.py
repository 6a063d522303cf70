"""Time Inspect's per-task lookup of the distribution that ships each clinbench task.

Inspect's task logger resolves, once per task it runs, the installed distribution that
provides the task (``inspect_ai._eval.task.log.resolve_task_distribution``) to record its
version in the log. Where clinbench is installed (a wheel, or ``pip install -e``, run
without PYTHONPATH) the lookup finds clinbench's own metadata at once (well under 1 ms).
Where clinbench is imported from a source tree that no distribution on the path describes
(PYTHONPATH=SOME_CHECKOUT/src, or a stale ``src/clinbench.egg-info`` that lists other
files), Inspect falls back to scanning the file lists of every installed distribution,
for every task, and finds nothing; the demo's ~30 tasks then pay that scan each.

This prints the lookup time per task for the clinbench on the path, whether a
distribution was found, and what the demo's tasks cost at that rate.

    python benchmarks/demo_distribution.py [--repeats 5] [--demo DIR]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from inspect_ai._eval.task.log import resolve_task_distribution
from inspect_ai._util.registry import registry_info

import clinbench
from clinbench import suites
from clinbench.item_tasks import clinbench_items

DEMO_TASKS = 62  # Inspect logs one `clinbench demo` wrote (1 Dec 2026), one task logger each


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--demo", type=Path, help="a demo's out folder: count its logs")
    args = parser.parse_args()
    tasks = len(list((args.demo / "logs").glob("*.eval"))) if args.demo else DEMO_TASKS
    functions = [clinbench_items, *(suites.task_function(name) for name in suites.tasks())]
    names = [registry_info(f).name for f in functions]
    times, found = [], set()
    for _ in range(args.repeats):
        for name in names:
            start = time.perf_counter()
            distribution = resolve_task_distribution(name)
            times.append(time.perf_counter() - start)
            found.add(f"{distribution.name} {distribution.version}" if distribution else "none")
    per_task = statistics.median(times)
    print(f"clinbench {clinbench.__file__}")
    print(f"{len(names)} task functions x {args.repeats}: median {per_task * 1000:.2f} ms "
          f"per lookup (max {max(times) * 1000:.1f} ms); found: {', '.join(found)}")  # fmt: skip
    print(f"at that rate the demo's {tasks} tasks spend {per_task * tasks:.1f} s in it")


if __name__ == "__main__":
    main()
