"""Time per sample of a clinbench task vs a plain Inspect task over the same items.

Both run in this one process against the same zero-latency provider defined here (a
fixed reply with token usage set; Inspect's mockllm would count tokens with tiktoken,
which needs a download), so the difference is clinbench's own work (prompt building,
item round trip through sample metadata, strict extraction, outcome scoring). Prints
seconds per sample and the ratio.

    python benchmarks/overhead.py [--copies 10] [--repeats 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ModelAPI, ModelOutput, ModelUsage, modelapi
from inspect_ai.scorer import match
from inspect_ai.solver import generate

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10, help="copies of the 52 sample items")
    parser.add_argument("--repeats", type=int, default=3)
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

    def seconds_per_sample(make) -> float:
        with tempfile.TemporaryDirectory() as log_dir:
            started = time.perf_counter()
            logs = inspect_eval(make(), model="zerolatency/fixed", log_dir=log_dir, display="none")
            log = logs[0]
            elapsed = time.perf_counter() - started
        if log.status != "success":
            raise SystemExit(f"benchmark run failed: {log.error.message if log.error else ''}")
        return elapsed / len(items)

    seconds_per_sample(plain_task)  # warm imports and caches once
    plain, clinbench = [], []
    for _ in range(args.repeats):  # interleaved, so drift in machine load hits both
        plain.append(seconds_per_sample(plain_task))
        clinbench.append(seconds_per_sample(clinbench_task))
    p, c = statistics.median(plain), statistics.median(clinbench)
    print(f"samples per run: {len(items)}; repeats: {args.repeats} (medians)")
    print(f"plain Inspect task : {p * 1000:.2f} ms/sample")
    print(f"clinbench task     : {c * 1000:.2f} ms/sample")
    print(f"ratio clinbench/plain: {c / p:.2f}")


if __name__ == "__main__":
    main()
