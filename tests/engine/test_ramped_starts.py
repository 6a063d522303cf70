"""A worker of `run --workers` starts its samples over the first second, not all at once.

Through Inspect's own path (``create_sample_semaphore``, as each eval makes its sample
limiter): within ``ramped_sample_starts`` the limit starts at a step of its value and
reaches its full value (``max_samples``) on the event loop; outside, Inspect's limiter is
left as Inspect makes it. Should Inspect stop registering its limiter there, the ramp
finds nothing and this test fails (the run itself would go on as before).
"""

from __future__ import annotations

import asyncio

from inspect_ai._eval.task.run import create_sample_semaphore
from inspect_ai.log import EvalConfig
from inspect_ai.model import GenerateConfig
from inspect_ai.util import _concurrency

from clinbench.sharded_run import ramped_sample_starts


def _semaphore(task_id: str, max_samples: int):
    return create_sample_semaphore(
        EvalConfig(max_samples=max_samples), GenerateConfig(max_connections=32), None, task_id
    )


def test_sample_limit_rises_to_max_samples_within_the_ramp_only():
    register = _concurrency.register_task_sample_semaphore

    async def run():
        with ramped_sample_starts(seconds=0.2, steps=4) as ramped:
            semaphore = _semaphore("ramp-a", 64)
            small = _semaphore("ramp-b", 3)  # no more samples than steps: left as it is
            adaptive = create_sample_semaphore(EvalConfig(), GenerateConfig(), None, "ramp-d")
        assert ramped == [semaphore]
        assert _concurrency.task_sample_semaphore("ramp-a") is semaphore  # still registered
        assert semaphore.limit == 16 and small.limit == 3
        # no connection count: Inspect's adaptive limiter, which follows its model, is left
        assert not isinstance(adaptive, _concurrency.ResizableLimiter)
        seen = []
        for _ in range(10):
            await asyncio.sleep(0.05)
            seen.append(semaphore.limit)
        assert seen == sorted(seen) and seen[-1] == 64
        assert _semaphore("ramp-c", 64).limit == 64  # outside the ramp: as Inspect makes it

    try:
        asyncio.run(run())
    finally:
        for task_id in ("ramp-a", "ramp-b", "ramp-c", "ramp-d"):
            _concurrency._task_sample_semaphores.pop(task_id, None)
    assert _concurrency.register_task_sample_semaphore is register
