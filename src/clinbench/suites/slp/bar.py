"""The clinical bar: which models reach the F1 of cleared diagnostic systems (0.80-0.85).

SLPHelm takes F1 0.80 to 0.85, the range reported for FDA-cleared systems, as the level a
model would need for clinical use. This judges each model x label task against both ends
of that range with an interval, never the point estimate alone: an end is *reached* when
the whole interval lies at or above it, *missed* when the whole interval lies below it, and
*undecided* when the interval spans it.

The F1 and its bootstrap SD are the suite's scenario metrics (``metrics.scenario_table``),
so the bar follows the suite's scoring rule, including how unreadable replies count. The
interval is F1 +/- z * SD (normal approximation on the item bootstrap; clipped to [0, 1]).
"""

from __future__ import annotations

import math

import pandas as pd
from scipy import stats

DEFAULT_BAR = (0.80, 0.85)


def parse_bar(text: str) -> tuple[float, float]:
    """Return (low, high) from 'LOW-HIGH' or a single 'VALUE' (raise ValueError otherwise)."""
    parts = [p.strip() for p in str(text).split("-")]
    try:
        values = [float(p) for p in parts if p]
    except ValueError:
        raise ValueError(f"--bar: expected LOW-HIGH such as 0.80-0.85, got {text!r}") from None
    if len(values) == 1:
        values *= 2
    if len(values) != 2 or not 0 < values[0] <= values[1] <= 1:
        raise ValueError(f"--bar: expected 0 < LOW <= HIGH <= 1, got {text!r}")
    return values[0], values[1]


def _against(low: float, high: float, bar: float) -> str:
    if math.isnan(low) or math.isnan(high):
        return "no interval"
    if low >= bar:
        return "reached"
    if high < bar:
        return "missed"
    return "undecided"


def clinical_bar(
    results: pd.DataFrame,
    bar: tuple[float, float] = DEFAULT_BAR,
    *,
    metric: str = "Micro F1",
    confidence: float = 0.95,
    resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Return per model x task x condition: n, excluded, the F1, its interval, each end's verdict.

    Only classification tasks are listed (transcription has no F1).
    """
    from clinbench.suites.slp.scenario_tables import scenario_table

    low_bar, high_bar = bar
    table = scenario_table(results, resamples=resamples, seed=seed)
    columns = ["model", "task", "condition", "n", "excluded", metric, "CI low", "CI high",
               f"vs {low_bar:.2f}", f"vs {high_bar:.2f}", "clinical bar"]  # fmt: skip
    if table.empty or metric not in table.columns:
        return pd.DataFrame(columns=columns)
    table = table[table[metric].notna()].copy()
    z = stats.norm.ppf(0.5 + confidence / 2)
    sd = table[f"{metric} SD"].astype(float)
    table["CI low"] = (table[metric] - z * sd).clip(0, 1)
    table["CI high"] = (table[metric] + z * sd).clip(0, 1)
    bounds = list(zip(table["CI low"], table["CI high"], strict=True))
    for end in (low_bar, high_bar):
        table[f"vs {end:.2f}"] = [_against(a, b, end) for a, b in bounds]

    def overall(row: pd.Series) -> str:
        if row[f"vs {high_bar:.2f}"] == "reached":
            return f"reaches {high_bar:.2f}"
        if row[f"vs {low_bar:.2f}"] == "reached":
            return f"reaches {low_bar:.2f}"
        if row[f"vs {low_bar:.2f}"] == "missed":
            return f"below {low_bar:.2f}"
        return "undecided"

    table["clinical bar"] = table.apply(overall, axis=1) if len(table) else []
    return table[columns].reset_index(drop=True)


def bar_note(table: pd.DataFrame, bar: tuple[float, float] = DEFAULT_BAR,
             metric: str = "Micro F1") -> str:  # fmt: skip
    """Return one sentence naming the models x tasks whose interval clears the bar's low end."""
    low_bar, high_bar = bar
    if table.empty:
        return "Clinical bar: no classification results to judge."
    reached = table[table["clinical bar"].str.startswith("reaches")]
    if reached.empty:
        return (f"Clinical bar ({metric} {low_bar:.2f}-{high_bar:.2f}): no model reaches "
                f"{low_bar:.2f} with its whole interval on any task.")  # fmt: skip
    names = "; ".join(f"{r['model']} on {r['task']} ({r['condition']}): {r[metric]:.3f} "
                      f"[{r['CI low']:.3f}, {r['CI high']:.3f}], {r['clinical bar']}"
                      for _, r in reached.iterrows())  # fmt: skip
    return f"Clinical bar ({metric} {low_bar:.2f}-{high_bar:.2f}) reached by: {names}."
