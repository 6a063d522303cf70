"""The report's section on tokens, time and cost per model (figures from results.cost)."""

from __future__ import annotations

import pandas as pd

from clinbench.report.sections import ReportSection
from clinbench.results.cost import SAMPLE_KEYS, cost_summary

COST_NOTE = (
    "Tokens as the provider reported them (clinbench's offline models count words). Time is "
    "Inspect's working time per reply (generation and tools, without waiting for a free "
    "connection). Cost comes from the price table given at export (USD per million tokens) "
    "or from the provider's own figure; a model without a price has no cost, never zero. "
    "Intervals are 95% percentile bootstraps over replies. Energy is shown only where the "
    "user gave a per-token or per-second figure, and is an estimate from that figure."
)


def cost_section(results: pd.DataFrame):
    """Return the report section on tokens, time and cost per model (None without rows)."""
    needed = {"latency_s", "cost_usd", *SAMPLE_KEYS, "outcome", "input_tokens", "output_tokens"}
    if results.empty or not needed <= set(results.columns):
        return None
    optional = ["reasoning_tokens", "queue_s"]
    frame = results[[*sorted(needed), *(c for c in optional if c in results.columns)]].copy()
    for column in ("latency_s", "cost_usd", "input_tokens", "output_tokens", "reasoning_tokens"):
        if column in frame.columns:
            frame[column] = pd.to_numeric(frame[column], errors="coerce")
    measured = [c for c in ("latency_s", "cost_usd", "input_tokens") if c in frame.columns]
    if frame[measured].isna().all().all():
        return None  # nothing was measured (e.g. a table built by hand)
    table = cost_summary(frame, by=("task", "model"))
    notes = []
    if table["cost_usd"].isna().all():
        notes.append(
            "No reply has a cost: export with `clinbench results export LOGS --prices "
            "prices.yaml -o results.parquet` to price them."
        )
    return ReportSection(
        title="Cost, time and tokens per model",
        intro=COST_NOTE,
        tables={"Cost, time and tokens by task and model": table},
        notes=notes,
    )
