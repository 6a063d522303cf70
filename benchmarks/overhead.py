"""CPU time per sample of a clinbench task against a plain Inspect task, in paired runs.

Both tasks run in this one process over the same items against the same zero-latency
provider defined here (a fixed reply with token usage set; Inspect's mockllm would count
tokens with tiktoken, which needs a download), so the difference is clinbench's own work:
prompt building, the item's way from sample to scorer, strict extraction, outcome scoring.
With ``--metadata`` a third task, plain Inspect given the clinbench samples' metadata, shows
what the metadata alone costs.

Design (so that a shared machine still settles a 10% difference):
- runs come in pairs (triples with ``--metadata``): clinbench and plain back to back, the
  order alternating from pair to pair, a garbage collection before each run (outside the
  timing), so drift in machine load hits both members of a pair alike;
- the figure of a run is the process's CPU time per sample (what clinbench adds at zero
  latency is CPU work; wall time on a shared machine mostly measures the other processes;
  the wall ratio is printed beside it);
- one ratio per pair; printed: the number of pairs, the geometric mean ratio with its 95%
  interval (t interval of the mean log ratio, scipy) and a BCa bootstrap interval (scipy),
  the median with its exact distribution-free 95% interval (scipy ``quantile_test``), the
  quartiles and range, and the verdict against ``--goal``: settled when the interval of
  the geometric mean lies wholly on one side of it.

    python benchmarks/overhead.py [--pairs 60] [--copies 4] [--metadata] [--goal 1.10]

``--process`` measures whole commands instead, as a user runs them: in each pair,
``clinbench run BANK`` and a plain Inspect task over the same prompts (``inspect_ai.eval``
in a fresh interpreter) each run as a child process against one local OpenAI-compatible
server at zero latency (benchmarks/throughput.py's ``SERVER``, in a process of its own, so its
work is not counted), once over every item and once over one item. The figure of a run is the
child's CPU time (``os.wait4``); printed: the whole-process ratio (all items) and the
per-sample ratio with start-up subtracted ((CPU of all items - CPU of one) / (items - 1)),
each with the same intervals as above, and the load average.

    python benchmarks/overhead.py --process [--pairs 10] [--copies 2] [--before OLD_SRC]

With ``--before OLD_SRC`` each pair also runs ``clinbench run`` from another tree (three
members, the order rotating), and this tree's ratio to it is printed with the same intervals.

The default, 60 pairs of 208 samples, gave a half-width of 0.015 (the median's exact
interval: 0.026) in 8.3 minutes on the shared 2-core machine at load 4-5 with two copies of
the benchmark running side by side (note NOTE3-19-core3). To compare two versions of
clinbench, run it once with each on the path: PYTHONPATH=OLD_SRC python benchmarks/overhead.py
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ModelAPI, ModelOutput, ModelUsage, modelapi
from inspect_ai.scorer import match
from inspect_ai.solver import generate
from scipy import stats

import clinbench
from clinbench.item_tasks import SAMPLE_ITEMS, item_sample, items_task
from clinbench.items import load_items
from clinbench.items.sample import item_target
from clinbench.solvers.prompts import item_prompt


@modelapi(name="zerolatency")
class ZeroLatency(ModelAPI):
    """Replies at once with a fixed answer and fixed token usage."""

    async def generate(self, input, tools, tool_choice, config):  # noqa: A002
        output = ModelOutput.from_content(model=self.model_name, content="ANSWER: A")
        output.usage = ModelUsage(input_tokens=50, output_tokens=2, total_tokens=52)
        return output


def ratio_summary(ratios: list[float], goal: float) -> dict[str, float | str]:
    """Return the geometric mean, median, their 95% intervals and the verdict of paired ratios.

    Geometric mean: exp of the mean log ratio, with the t interval of that mean (scipy) and
    a BCa bootstrap interval (scipy, seeded). Median: the exact distribution-free interval
    from the order statistics (scipy ``quantile_test``).
    """
    logs = np.log(np.asarray(ratios, dtype=float))
    n = len(logs)
    mean, sem = float(logs.mean()), float(stats.sem(logs))
    t_low, t_high = stats.t.interval(0.95, n - 1, loc=mean, scale=sem)
    boot = stats.bootstrap(
        (logs,), np.mean, n_resamples=10_000, method="BCa", random_state=np.random.default_rng(0)
    ).confidence_interval
    median_ci = stats.quantile_test(ratios, q=float(np.median(ratios)), p=0.5).confidence_interval(
        0.95
    )
    low, high = math.exp(t_low), math.exp(t_high)
    verdict = "below" if high < goal else "above" if low > goal else "NOT SETTLED"
    q1, q3 = np.percentile(ratios, [25, 75])
    return {
        "n": n,
        "geomean": math.exp(mean),
        "t_low": low,
        "t_high": high,
        "boot_low": math.exp(boot.low),
        "boot_high": math.exp(boot.high),
        "median": float(np.median(ratios)),
        "median_low": float(median_ci.low),
        "median_high": float(median_ci.high),
        "q1": float(q1),
        "q3": float(q3),
        "min": float(min(ratios)),
        "max": float(max(ratios)),
        "sd_log": float(logs.std(ddof=1)),
        "verdict": verdict,
    }


PLAIN_CHILD = """
import sys
from inspect_ai import Task, eval
from inspect_ai.dataset import json_dataset
from inspect_ai.scorer import match
from inspect_ai.solver import generate

logs = eval(Task(dataset=json_dataset(sys.argv[1]), solver=generate(), scorer=match()),
            model="openai-api/local/m", log_dir=sys.argv[2], display="none",
            limit=int(sys.argv[3]))
sys.exit(0 if logs[0].status == "success" else 1)
"""


def child_cpu(command: list[str], env: dict[str, str]) -> float:
    """Return the CPU seconds (user + system) of one child process run to its end."""
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _err = child.stderr.read() if child.stderr else b""
    _pid, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"benchmark child failed: {command[:6]}...\n{_err.decode()[-800:]}")
    return usage.ru_utime + usage.ru_stime


def process_pairs(items: list, pairs: int, goal: float, before: str | None = None) -> None:
    """Print whole-process and per-sample CPU ratios of clinbench run vs plain Inspect.

    ``before``: the ``src`` folder of another clinbench tree; each pair then also runs
    ``clinbench run`` from it (order rotating with plain and this tree), and the ratios of
    both trees to plain Inspect and of this tree to the other are printed.
    """
    import sys

    from throughput import SERVER

    # the server in its own process (throughput.py's), so that neither child shares its GIL
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, "0"], stdout=subprocess.PIPE, text=True
    )
    port = int(server.stdout.readline()) if server.stdout else 0
    try:
        _process_pairs(items, pairs, goal, port, before)
    finally:
        server.terminate()
        server.wait()


def _process_pairs(
    items: list, pairs: int, goal: float, port: int, before: str | None = None
) -> None:
    """Run the pairs of :func:`process_pairs` against the server on ``port`` and print."""
    import json
    import sys

    work = tempfile.mkdtemp(prefix="overhead_")
    bank, plain = os.path.join(work, "bank.jsonl"), os.path.join(work, "plain.jsonl")
    with open(bank, "w") as b, open(plain, "w") as p:
        for item in items:
            b.write(item.model_dump_json(exclude_none=True) + "\n")
            p.write(json.dumps({"id": item.id, "input": item_prompt(item),
                                "target": item_target(item)}) + "\n")  # fmt: skip
    src = os.path.dirname(os.path.dirname(clinbench.__file__))
    env = {**os.environ, "PYTHONPATH": src, "LOCAL_API_KEY": "k",
           "LOCAL_BASE_URL": f"http://127.0.0.1:{port}/v1",
           "XDG_DATA_HOME": os.path.join(work, "data")}  # fmt: skip
    trees = {"clinbench": src, **({"before": os.path.abspath(before)} if before else {})}
    n = len(items)

    def command(name: str, limit: int) -> list[str]:
        logs = tempfile.mkdtemp(dir=work)
        if name == "plain":
            return [sys.executable, "-c", PLAIN_CHILD, plain, logs, str(limit)]
        return [sys.executable, "-c", "from clinbench.cli import main; main()", "run", bank,
                "--model", "openai-api/local/m", "--log-dir", logs, "--display", "none",
                "--limit", str(limit)]  # fmt: skip

    def tree_env(name: str) -> dict[str, str]:
        return {**env, "PYTHONPATH": trees[name]} if name in trees else env

    names = ["plain", *trees]
    cpu: dict[tuple[str, int], list[float]] = {}
    started, load = time.perf_counter(), os.getloadavg()[0]
    done = 0
    try:  # Ctrl-C ends the run early: the pairs completed so far are summarised
        for pair in range(pairs):
            order = names[pair % len(names) :] + names[: pair % len(names)]
            for name in order:
                for limit in (n, 1):
                    run_cpu = child_cpu(command(name, limit), tree_env(name))
                    cpu.setdefault((name, limit), []).append(run_cpu)
            done = pair + 1
            last = {k: v[-1] for k, v in cpu.items()}
            p, p1 = last[("plain", n)], last[("plain", 1)]
            parts = [f"{name}/plain whole {last[(name, n)] / p:.3f}, per sample "
                     f"{(last[(name, n)] - last[(name, 1)]) / (p - p1):.3f}"
                     for name in trees]  # fmt: skip
            print(f"  {done}/{pairs} pairs, {time.perf_counter() - started:.0f} s, load "
                  f"{os.getloadavg()[0]:.1f}; this pair: {'; '.join(parts)}",
                  flush=True)  # fmt: skip
    except KeyboardInterrupt:
        print(f"stopped after {done} pairs")
    cpu = {key: values[:done] for key, values in cpu.items()}
    pairs = done

    def whole(a: str, b: str) -> list[float]:
        return [x / y for x, y in zip(cpu[(a, n)], cpu[(b, n)], strict=True)]

    def per_sample(a: str, b: str) -> list[float]:
        return [
            (x - x1) / (y - y1)
            for x, x1, y, y1 in zip(cpu[(a, n)], cpu[(a, 1)], cpu[(b, n)], cpu[(b, 1)],
                                    strict=True)
        ]  # fmt: skip

    print(f"clinbench {clinbench.__file__}" + (f"; before: {trees['before']}" if before else "")
          + f"; samples per run: {n}; pairs: {pairs}; "
          f"{(time.perf_counter() - started) / 60:.1f} min; load average {load:.1f} at the "
          f"start, {os.getloadavg()[0]:.1f} at the end")  # fmt: skip
    for name in names:
        print(f"{name:10} CPU {statistics.median(cpu[(name, n)]):6.2f} s for {n} samples, "
              f"{statistics.median(cpu[(name, 1)]):6.2f} s for one (medians)")  # fmt: skip
    comparisons = [(name, "plain") for name in trees] + ([("clinbench", "before")] if before
                                                          else [])  # fmt: skip
    for a, b in comparisons:
        for label, ratios in (("whole process", whole(a, b)),
                              ("per sample, start-up subtracted", per_sample(a, b))):  # fmt: skip
            s = ratio_summary(ratios, goal)
            print(f"CPU ratio {a}/{b}, {label}: geometric mean {s['geomean']:.3f}, 95% CI "
                  f"{s['t_low']:.3f}-{s['t_high']:.3f} (t), BCa {s['boot_low']:.3f}-"
                  f"{s['boot_high']:.3f}; median {s['median']:.3f}; against {goal:.2f}: "
                  f"{s['verdict']}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=4, help="copies of the 52 sample items")
    parser.add_argument("--pairs", type=int, default=60, help="paired runs (default 60)")
    parser.add_argument(
        "--metadata", action="store_true", help="also run plain Inspect given clinbench's metadata"
    )
    parser.add_argument("--goal", type=float, default=1.10, help="ratio to settle (1.10)")
    parser.add_argument(
        "--process", action="store_true", help="whole commands in child processes (see above)"
    )
    parser.add_argument(
        "--before",
        metavar="SRC",
        help="with --process: also run clinbench from another tree's src (e.g. `git archive "
        "COMMIT src`), interleaved, and print this tree's ratio to it",
    )
    args = parser.parse_args()

    base = load_items(SAMPLE_ITEMS)
    items = []
    for copy in range(args.copies):
        for item in base:
            clone = item.model_copy(update={"id": f"{item.id}-{copy}"})
            clone._source_file = item._source_file
            items.append(clone)
    if args.process:
        process_pairs(items, args.pairs, args.goal, args.before)
        return

    def clinbench_task() -> Task:
        return items_task(items, samples=[item_sample(i) for i in items])

    def plain_task() -> Task:
        samples = [Sample(id=i.id, input=item_prompt(i), target=item_target(i)) for i in items]
        return Task(dataset=MemoryDataset(samples), solver=generate(), scorer=match())

    def plain_with_metadata_task() -> Task:
        samples = [
            Sample(id=i.id, input=item_prompt(i), target=item_target(i),
                   metadata=item_sample(i).metadata)
            for i in items
        ]  # fmt: skip
        return Task(dataset=MemoryDataset(samples), solver=generate(), scorer=match())

    def seconds_per_sample(make) -> tuple[float, float]:
        """Return (CPU seconds, wall seconds) per sample of building and running a task."""
        with tempfile.TemporaryDirectory() as log_dir:
            gc.collect()
            cpu, wall = time.process_time(), time.perf_counter()
            logs = inspect_eval(make(), model="zerolatency/fixed", log_dir=log_dir, display="none")
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            status, error = logs[0].status, logs[0].error
        if status != "success":
            raise SystemExit(f"benchmark run failed: {error.message if error else ''}")
        return cpu / len(items), wall / len(items)

    tasks = {"plain": plain_task, "clinbench": clinbench_task}
    if args.metadata:
        tasks["plain+metadata"] = plain_with_metadata_task
    names = list(tasks)
    for make in tasks.values():  # warm imports and caches once
        seconds_per_sample(make)
    cpu: dict[str, list[float]] = {name: [] for name in tasks}
    wall: dict[str, list[float]] = {name: [] for name in tasks}
    started, load = time.perf_counter(), os.getloadavg()[0]
    for pair in range(args.pairs):
        order = names[pair % len(names) :] + names[: pair % len(names)]
        for name in order:
            c, w = seconds_per_sample(tasks[name])
            cpu[name].append(c)
            wall[name].append(w)
        if (pair + 1) % 10 == 0:
            print(f"  {pair + 1}/{args.pairs} pairs, {time.perf_counter() - started:.0f} s",
                  flush=True)  # fmt: skip
    minutes = (time.perf_counter() - started) / 60
    print(f"clinbench {clinbench.__file__}")
    print(f"samples per run: {len(items)}; pairs: {args.pairs}; {minutes:.1f} min; "
          f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")  # fmt: skip
    for name in names:
        print(f"{name:15} CPU {statistics.median(cpu[name]) * 1000:6.2f} ms/sample, "
              f"wall {statistics.median(wall[name]) * 1000:6.2f} ms/sample (medians)")  # fmt: skip
    for name in names[1:]:
        ratios = [a / b for a, b in zip(cpu[name], cpu["plain"], strict=True)]
        walls = [a / b for a, b in zip(wall[name], wall["plain"], strict=True)]
        s = ratio_summary(ratios, args.goal)
        half = (s["t_high"] - s["t_low"]) / 2
        print(f"CPU ratio {name}/plain over {s['n']} pairs:")
        print(f"  geometric mean {s['geomean']:.3f}, 95% CI {s['t_low']:.3f}-{s['t_high']:.3f} "
              f"(t; half-width {half:.3f}), BCa bootstrap {s['boot_low']:.3f}-"
              f"{s['boot_high']:.3f}")  # fmt: skip
        print(f"  median {s['median']:.3f}, exact 95% CI {s['median_low']:.3f}-"
              f"{s['median_high']:.3f}; quartiles {s['q1']:.3f}-{s['q3']:.3f}, range "
              f"{s['min']:.3f}-{s['max']:.3f}, SD of log ratio {s['sd_log']:.3f}")  # fmt: skip
        print(f"  against {args.goal:.2f}: {s['verdict']}; wall ratio median "
              f"{statistics.median(walls):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
