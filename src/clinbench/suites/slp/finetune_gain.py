"""SLPHelm Figure 3: how much a fine-tuned model gains over its base model, per scenario.

From one results table holding the base model's and each fine-tuned model's runs, per
scenario (task x condition): the base's metric (Micro F1 for label scenarios, corpus WER for
transcription; the suite's scenario metrics, ``scenario_tables.scenario_metrics``), each
tuned model's, and the change (tuned - base) with a paired bootstrap interval over the
samples both models have a scored row for. No model is called.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.errors import ResultsTableError
from clinbench.scoring.speech import measures_from_counts, word_counts
from clinbench.stats.classification import measures_from_tables
from clinbench.suites.slp.scenario_tables import (
    expand_slp,
    predicted_labels,
    scenario_metrics,
    scored_rows,
)
from clinbench.suites.slp.scenarios import SCENARIOS

COLUMNS = ["task", "condition", "metric", "tuned", "n", "base", "tuned_value", "change",
           "CI low", "CI high"]  # fmt: skip


class UnknownModelError(ResultsTableError, ValueError):
    """A model named with --base or --tuned has no slp rows in the results table."""


def _metric_name(task: str) -> str:
    return "WER" if SCENARIOS[task].kind == "transcription" else "Micro F1"


def _key(rows: pd.DataFrame) -> pd.Series:
    return rows["item_id"].astype(str) + "#" + rows["epoch"].astype(str)


def _bootstrap_change(
    base: pd.DataFrame, tuned: pd.DataFrame, task: str, resamples: int, seed: int
) -> np.ndarray:
    """Return the change (tuned - base) in the scenario metric for each paired resample.

    ``clinbench.stats.compare.paired_bootstrap`` resamples per-item score differences and
    averages them; Micro F1 and corpus WER are not means of per-item scores, so this
    resamples the shared samples (the same draws for both models, numpy's
    ``default_rng(seed)``) and recomputes the metric from the summed confusion tables
    (``measures_from_tables``) or word counts (``measures_from_counts``): the formulas the
    suite's own metric bootstrap uses, vectorised over the resamples.
    """
    n = len(base)
    idx = np.random.default_rng(seed).integers(0, n, size=(resamples, n))
    if SCENARIOS[task].kind == "transcription":
        values = []
        for rows in (base, tuned):
            counts = np.array(
                [
                    [c["hits"], c["substitutions"], c["deletions"], c["insertions"]]
                    for c in map(word_counts, rows["reference"], rows["hypothesis"].fillna(""))
                ],
                dtype=float,
            ).reshape(-1, 4)
            sums = counts[idx].sum(axis=1)
            values.append(measures_from_counts(*np.moveaxis(sums, -1, 0))["WER"])
        return values[1] - values[0]
    gold = list(base["gold_label"])
    preds = [predicted_labels(base), predicted_labels(tuned)]
    names = sorted(set(gold) | {p for pred in preds for p in pred if p is not None})
    index = {label: i for i, label in enumerate(names)}
    k = len(names) + 1
    g = np.array([index[x] for x in gold], dtype=np.int64)
    values = []
    for pred in preds:
        p = np.array([len(names) if x is None else index[x] for x in pred], dtype=np.int64)
        cells = (g * k + p)[idx] + (np.arange(resamples) * k * k)[:, None]
        tables = np.bincount(cells.ravel(), minlength=resamples * k * k)
        values.append(measures_from_tables(tables.reshape(resamples, k, k), len(names))["Micro F1"])
    return values[1] - values[0]


def finetune_gain(
    results: pd.DataFrame,
    base: str,
    tuned: Sequence[str],
    *,
    resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return per scenario and tuned model: n shared samples, base and tuned metric, change, CI.

    ``metric`` is Micro F1 (label scenarios; an unreadable reply counts as a wrong label) or
    corpus WER (transcription; lower is better, so a negative change is a gain). Both models
    are scored on the samples (item and epoch) both have a scored row for in that task and
    condition; the interval is the percentile interval of the paired bootstrap change.
    Raises UnknownModelError when a named model has no slp rows.
    """
    rows = expand_slp(results)
    present = set(rows["model"]) if not rows.empty else set()
    missing = [m for m in (base, *tuned) if m not in present]
    if missing:
        raise UnknownModelError(
            f"model(s) not in the results table's slp rows: {', '.join(missing)} "
            f"(it has: {', '.join(sorted(present)) or 'none'})"
        )
    rows = rows.assign(_key=_key(rows))
    out = []
    for (task, condition), group in rows.groupby(["task", "condition"], dropna=False, sort=True):
        scored = scored_rows(group, task)
        base_rows = scored[scored["model"] == base].drop_duplicates("_key").set_index("_key")
        if base_rows.empty:
            continue
        for name in tuned:
            mine = scored[scored["model"] == name].drop_duplicates("_key").set_index("_key")
            shared = base_rows.index.intersection(mine.index).sort_values()
            if shared.empty:
                continue
            b, t = base_rows.loc[shared], mine.loc[shared]
            metric = _metric_name(task)
            before = float(scenario_metrics(b, task)[metric])
            after = float(scenario_metrics(t, task)[metric])
            low = high = float("nan")
            if resamples > 0:
                change = _bootstrap_change(b, t, task, resamples, seed)
                change = change[~np.isnan(change)]
                if change.size:
                    tail = 100 * (1 - confidence) / 2
                    low, high = (float(v) for v in np.percentile(change, [tail, 100 - tail]))
            out.append(
                {
                    "task": task,
                    "condition": condition,
                    "metric": metric,
                    "tuned": name,
                    "n": len(shared),
                    "base": before,
                    "tuned_value": after,
                    "change": after - before,
                    "CI low": low,
                    "CI high": high,
                }
            )
    return pd.DataFrame(out, columns=COLUMNS)
