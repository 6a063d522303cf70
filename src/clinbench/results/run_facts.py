"""What a results row records about its run besides the score: usage, time, item set, protocol.

Per sample: token counts (reasoning tokens only where the provider reports them), the
sample's working time in seconds (``latency_s``: Inspect's ``working_time``, the time of its
model calls, grader calls and tools, without waiting for rate limits or a free connection),
the time it waited (``queue_s``: Inspect's ``total_time`` less its working time), the
provider's own cost when Inspect reports one, and the structured-output mode its reply was
asked in (``structured_output``, set by :mod:`clinbench.solvers.structured`; empty for
replies asked with no format). A server that answers one request at a time but is sent
several queues them itself, out of Inspect's sight: connections matched to the server
(``--max-connections 1`` for ``clinbench local``) keep that wait in ``queue_s``.

Per eval: when it was created, the task version, the version of the
suite card (``suite.yaml``) the task belongs to (empty for an imported bank), the item-set
content hash and item count, the prompt protocol and any verdict pre-registration the task
recorded. Cost from a user's price table is added later (:mod:`clinbench.results.cost`).
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Inspect is not imported to read a results table
    from inspect_ai.log import EvalLog, EvalSample

SAMPLE_COLUMNS = ("reasoning_tokens", "latency_s", "queue_s", "cost_usd", "structured_output")
EVAL_COLUMNS = ("eval_created", "task_version", "suite_version", "item_set_sha256", "n_items",
                "protocol", "verdict_registration")  # fmt: skip


def sample_facts(sample: EvalSample, model: str) -> dict[str, Any]:
    """Return the sample's reasoning tokens, working and waiting time (s), cost and format mode."""
    usage = (sample.model_usage or {}).get(model)
    working = sample.working_time if sample.working_time is not None else sample.total_time
    total = sample.total_time
    waited = total - working if total is not None and working is not None else math.nan
    return {
        "reasoning_tokens": getattr(usage, "reasoning_tokens", None),
        "latency_s": float(working) if working is not None else math.nan,
        "queue_s": max(float(waited), 0.0) if not math.isnan(waited) else math.nan,
        "cost_usd": getattr(usage, "total_cost", None),
        "structured_output": str((sample.metadata or {}).get("structured_output") or ""),
    }


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str) if value else ""


def eval_facts(log: EvalLog) -> dict[str, Any]:
    """Return what the eval records about the item set, task version and protocol."""
    metadata = log.eval.metadata or {}
    return {
        "eval_created": str(log.eval.created or ""),
        "task_version": str(log.eval.task_version),
        "suite_version": str(metadata.get("suite_version") or ""),
        "item_set_sha256": metadata.get("item_set_sha256", ""),
        "n_items": metadata.get("n_items"),
        "protocol": _json(metadata.get("protocol")),
        "verdict_registration": _json(metadata.get("verdict_registration")),
    }
