"""Time per sample of a clinbench task vs a plain Inspect task over the same items.

Both run in this one process against the same zero-latency provider defined here (a
fixed reply with token usage set; Inspect's mockllm would count tokens with tiktoken,
which needs a download), so the difference is clinbench's own work (prompt building,
the item's way from sample to scorer, strict extraction, outcome scoring). A third task,
plain Inspect given the clinbench samples' metadata, shows what the metadata alone costs.

Each repeat runs the three tasks back to back (in a rotating order, so drift in machine
load hits all), and its ratios are taken within the repeat; the median ratio over the
repeats is printed with its spread (quartiles) and a 95% bootstrap interval (scipy), so a
10% difference is settled when the interval excludes it. Time is the process's CPU time
(what clinbench adds is CPU work at zero latency; on a shared machine wall time mostly
measures the other processes), with the wall-time ratio printed beside it.

    python benchmarks/overhead.py [--copies 10] [--repeats 15]

To compare two versions of clinbench, run it once with each on the path (the ratio is
taken within each run): PYTHONPATH=OLD_SRC python benchmarks/overhead.py
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

import numpy as np
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ModelAPI, ModelOutput, ModelUsage, modelapi
from inspect_ai.scorer import match
from inspect_ai.solver import generate
from scipy.stats import bootstrap

import clinbench
from clinbench.items import load_items
from clinbench.items.sample import item_target
from clinbench.solvers.prompts import item_prompt
from clinbench.tasks import SAMPLE_ITEMS, item_sample, items_task


@modelapi(name="zerolatency")
class ZeroLatency(ModelAPI):
    """Replies at once with a fixed answer and fixed token usage."""

    async def generate(self, input, tools, tool_choice, config):  # noqa: A002
        output = ModelOutput.from_content(model=self.model_name, content="ANSWER: A")
        output.usage = ModelUsage(input_tokens=50, output_tokens=2, total_tokens=52)
        return output


def median_interval(ratios: list[float]) -> tuple[float, float]:
    """Return the 95% bootstrap interval of the median ratio (scipy, percentile, seeded)."""
    result = bootstrap(
        (np.asarray(ratios),), np.median, n_resamples=5000, method="percentile",
        random_state=np.random.default_rng(0),
    )  # fmt: skip
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10, help="copies of the 52 sample items")
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()

    base = load_items(SAMPLE_ITEMS)
    items = []
    for copy in range(args.copies):
        for item in base:
            clone = item.model_copy(update={"id": f"{item.id}-{copy}"})
            clone._source_file = item._source_file
            items.append(clone)

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
            cpu, wall = time.process_time(), time.perf_counter()
            logs = inspect_eval(make(), model="zerolatency/fixed", log_dir=log_dir, display="none")
            log = logs[0]
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if log.status != "success":
            raise SystemExit(f"benchmark run failed: {log.error.message if log.error else ''}")
        return cpu / len(items), wall / len(items)

    tasks = {"plain": plain_task, "plain+metadata": plain_with_metadata_task,
             "clinbench": clinbench_task}  # fmt: skip
    for make in tasks.values():  # warm imports and caches once
        seconds_per_sample(make)
    cpu: dict[str, list[float]] = {name: [] for name in tasks}
    wall: dict[str, list[float]] = {name: [] for name in tasks}
    names = list(tasks)
    for repeat in range(args.repeats):
        order = names[repeat % 3 :] + names[: repeat % 3]
        for name in order:
            c, w = seconds_per_sample(tasks[name])
            cpu[name].append(c)
            wall[name].append(w)
    print(f"clinbench {clinbench.__file__}")
    print(f"samples per run: {len(items)}; repeats: {args.repeats}")
    for name in names:
        print(f"{name:15} CPU {statistics.median(cpu[name]) * 1000:6.2f} ms/sample, "
              f"wall {statistics.median(wall[name]) * 1000:6.2f} ms/sample (medians)")  # fmt: skip
    for name in ("clinbench", "plain+metadata"):
        ratios = [a / b for a, b in zip(cpu[name], cpu["plain"], strict=True)]
        q1, med, q3 = np.percentile(ratios, [25, 50, 75])
        low, high = median_interval(ratios)
        walls = [a / b for a, b in zip(wall[name], wall["plain"], strict=True)]
        print(f"CPU ratio {name}/plain: median {med:.3f}, quartiles {q1:.3f}-{q3:.3f}, "
              f"range {min(ratios):.3f}-{max(ratios):.3f}, 95% CI of median {low:.3f}-{high:.3f}"
              f"; wall ratio median {statistics.median(walls):.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
