"""The clinical bar: which models reach the F1 of cleared diagnostic systems (0.80-0.85).

SLPHelm takes F1 0.80 to 0.85, the range reported for FDA-cleared systems, as the level a
model would need for clinical use. This judges each model x label task against both ends
of that range with an interval, never the point estimate alone: an end is *reached* when
the whole interval lies at or above it, *missed* when the whole interval lies below it, and
*undecided* when the interval spans it.

The F1 is the suite's scenario metric (``scenario_tables.scenario_table``), so the bar
follows the suite's scoring rule, including how unreadable replies count. Its interval:

- Micro F1 and Exact Match: in single-label classification both are the proportion of
  scored items labelled right, the number the leaderboard and the run summary show as
  accuracy; the interval is theirs, from the one accuracy estimator
  (``stats.repeated_epochs.accuracy_two_denominators``: Wilson, clustered by item when
  items have several epochs), so one value never carries two intervals;
- Macro F1 (not a proportion): F1 +/- z * bootstrap SD (normal approximation on the item
  bootstrap, clipped to [0, 1]).

The ``interval`` column names the method on each row.
"""

from __future__ import annotations

import math

import pandas as pd
from scipy import stats

DEFAULT_BAR = (0.80, 0.85)
# Metrics that are a proportion of scored items in single-label classification.
PROPORTIONS = ("Micro F1", "Exact Match")


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
    """Return per model x task x condition: n, excluded, the F1, its interval (and how it was
    made), each end's verdict.

    Only classification tasks are listed (transcription has no F1).
    """
    from clinbench.suites.slp.scenario_tables import scenario_table

    low_bar, high_bar = bar
    table = scenario_table(results, resamples=resamples, seed=seed)
    columns = ["model", "task", "condition", "n", "excluded", metric, "CI low", "CI high",
               "interval", f"vs {low_bar:.2f}", f"vs {high_bar:.2f}", "clinical bar"]  # fmt: skip
    if table.empty or metric not in table.columns:
        return pd.DataFrame(columns=columns)
    table = table[table[metric].notna()].reset_index(drop=True)
    if metric in PROPORTIONS:
        table = table.merge(
            _proportion_intervals(results, confidence),
            on=["model", "task", "condition"], how="left",
        )  # fmt: skip
    else:
        z = stats.norm.ppf(0.5 + confidence / 2)
        sd = table[f"{metric} SD"].astype(float)
        table["CI low"] = (table[metric] - z * sd).clip(0, 1)
        table["CI high"] = (table[metric] + z * sd).clip(0, 1)
        table["interval"] = f"F1 +/- {z:.2f} bootstrap SD ({resamples} resamples)"
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


def _proportion_intervals(results: pd.DataFrame, confidence: float) -> pd.DataFrame:
    """Return model, task, condition, CI low, CI high, interval: the accuracy estimator's
    interval of the share of scored items labelled right (Micro F1 = Exact Match)."""
    from clinbench.scoring import outcomes
    from clinbench.stats.repeated_epochs import WILSON, accuracy_two_denominators
    from clinbench.suites.slp.scenario_tables import expand_slp, predicted_labels, scored_rows

    keys = ["model", "task", "condition"]
    rows = expand_slp(results)
    parts = []
    for (_, task, _), group in rows.groupby(keys, sort=True, dropna=False):
        scored = scored_rows(group, task)
        right = [p == g for p, g in zip(predicted_labels(scored), scored["gold_label"],
                                        strict=True)]  # fmt: skip
        parts.append(scored.assign(
            outcome=[outcomes.CORRECT if r else outcomes.INCORRECT for r in right]
        ))  # fmt: skip
    frame = pd.concat(parts, ignore_index=True) if parts else rows.iloc[:0]
    if "epoch" not in frame.columns:
        frame = frame.assign(epoch=1)
    table = accuracy_two_denominators(frame, by=keys, confidence=confidence, n_boot=0)
    names = {WILSON: "Wilson"}
    return pd.DataFrame({
        **{k: table[k] for k in keys},
        "CI low": table["ci_all_low"].astype(float),
        "CI high": table["ci_all_high"].astype(float),
        "interval": [names.get(m, "Wilson, clustered by item") for m in table["method"]],
    })  # fmt: skip


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
