"""Contamination probe results: the verbatim contrast, canary recall, dated accuracy.

Every table reads the frozen results table (rows of task ``clinbench_contamination``) and
keeps its counts. Intervals are 95% percentile bootstraps (scipy.stats.bootstrap): paired
over items for the mismatched control (each item's overlap minus its mean overlap with
other items' remainders), over the two independent groups for generated controls. The
dated comparison uses statsmodels' Newcombe interval for the difference of two proportions
and Fisher's exact test (scipy).
"""

from __future__ import annotations

import json
import math
from datetime import date
from typing import Any

import numpy as np
import pandas as pd

from clinbench.scoring import outcomes as oc

TASK = "clinbench_contamination"
MEASURES = ("rougeL", "lcs_ratio")


def _rows(results: pd.DataFrame, probe: str) -> pd.DataFrame:
    if results.empty or "task" not in results.columns:
        return results.iloc[0:0]
    rows = results[(results["task"] == TASK) & (results["condition"] == probe)].copy()
    rows["_meta"] = [json.loads(t) if isinstance(t, str) and t else {}
                     for t in rows["score_metadata"]]  # fmt: skip
    return rows


def _bootstrap(data: tuple[np.ndarray, ...], statistic, paired: bool, seed: int):
    from scipy.stats import bootstrap

    if any(len(d) < 2 for d in data):
        return (math.nan, math.nan)
    res = bootstrap(data, statistic, paired=paired, vectorized=True, n_resamples=5000,
                    method="percentile", random_state=np.random.default_rng(seed))  # fmt: skip
    return float(res.confidence_interval.low), float(res.confidence_interval.high)


def _mean_diff(x, y, axis=-1):
    return np.mean(x, axis=axis) - np.mean(y, axis=axis)


def _mean(x, axis=-1):
    return np.mean(x, axis=axis)


def verbatim_contrast(
    results: pd.DataFrame, measure: str = "rougeL", seed: int = 0
) -> pd.DataFrame:
    """Return per model x bank x control: bank and control overlap and their contrast (95% CI).

    ``mismatched`` rows compare each item's continuation with its own remainder and with
    other items' remainders (paired); ``generated`` rows compare bank items with fresh
    generated cases (independent groups). Excluded replies (empty, failed) are counted.
    """
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {MEASURES}")
    rows = _rows(results, "verbatim")
    out = []
    for i, ((model, bank), group) in enumerate(
        rows.groupby(["model", rows["_meta"].map(lambda m: m.get("bank", ""))], sort=True)
    ):
        graded = group[group["outcome"] == oc.GRADED]
        excluded = int(group["outcome"].isin(oc.EXCLUDED).sum())
        bank_rows = graded[graded["_meta"].map(lambda m: m.get("arm")) == "bank"]
        control_rows = graded[graded["_meta"].map(lambda m: m.get("arm")) == "control"]
        own = np.array([m[measure] for m in bank_rows["_meta"]], dtype=float)
        pairs = [(m[measure], m.get(f"null_{measure}")) for m in bank_rows["_meta"]]
        pairs = [(a, b) for a, b in pairs if b is not None]
        base = {"model": model, "bank": bank, "measure": measure, "excluded": excluded}
        if pairs:
            a, b = (np.array(v, dtype=float) for v in zip(*pairs, strict=True))
            low, high = _bootstrap((a - b,), _mean, paired=True, seed=seed + i)
            out.append(base | {"control": "mismatched (other items' remainders)",
                               "bank items": len(a), "control texts": len(a),
                               "bank overlap": a.mean(), "control overlap": b.mean(),
                               "contrast": (a - b).mean(), "CI95% low": low,
                               "CI95% high": high})  # fmt: skip
        if not control_rows.empty and own.size:
            c = np.array([m[measure] for m in control_rows["_meta"]], dtype=float)
            low, high = _bootstrap((own, c), _mean_diff, paired=False, seed=seed + 100 + i)
            out.append(base | {"control": "generated (fresh cases)", "bank items": len(own),
                               "control texts": len(c), "bank overlap": own.mean(),
                               "control overlap": c.mean(), "contrast": own.mean() - c.mean(),
                               "CI95% low": low, "CI95% high": high})  # fmt: skip
    columns = ["model", "bank", "control", "measure", "bank items", "control texts",
               "bank overlap", "control overlap", "contrast", "CI95% low", "CI95% high",
               "excluded"]  # fmt: skip
    return pd.DataFrame(out, columns=columns)


def canary_recall(results: pd.DataFrame) -> pd.DataFrame:
    """Return per model x bank: canary questions asked, GUIDs recalled, excluded replies."""
    rows = _rows(results, "canary")
    rows["bank"] = rows["_meta"].map(lambda m: m.get("bank", ""))
    table = rows.groupby(["model", "bank"], sort=True).agg(
        asked=("outcome", "size"),
        recalled=("outcome", lambda s: int((s == oc.CORRECT).sum())),
        excluded=("outcome", lambda s: int(s.isin(oc.EXCLUDED).sum())),
    )
    return table.reset_index()


def _cutoff_for(model: str, cutoff: Any) -> date | None:
    if isinstance(cutoff, dict):
        cutoff = cutoff.get(model)
    if cutoff in (None, ""):
        return None
    return cutoff if isinstance(cutoff, date) else date.fromisoformat(str(cutoff))


def _recorded_cutoff(rows: pd.DataFrame) -> str | None:
    if "protocol" not in rows.columns:
        return None
    found = {json.loads(p).get("cutoff") for p in rows["protocol"] if isinstance(p, str) and p}
    found.discard(None)
    return found.pop() if len(found) == 1 else None


def dated_accuracy(results: pd.DataFrame, cutoff: Any = None) -> pd.DataFrame:
    """Return per model: accuracy on items dated before vs on/after the cut-off, and the test.

    ``cutoff`` is a date (or ISO text), or a dict model -> date; without it, the cut-off the
    run recorded (``-T cutoff=...``). Declines count as answered and not correct; excluded
    replies are counted apart. A difference may also come from newer items being harder
    or easier: it is evidence of contamination only when the items are otherwise alike.
    """
    from scipy.stats import fisher_exact
    from statsmodels.stats.proportion import confint_proportions_2indep

    rows = _rows(results, "dated")
    cutoff = cutoff if cutoff is not None else _recorded_cutoff(rows)
    out = []
    for model, group in rows.groupby("model", sort=True):
        when = _cutoff_for(model, cutoff)
        row: dict[str, Any] = {"model": model, "cutoff": when.isoformat() if when else None}
        answered = group[group["outcome"].isin(oc.ANSWERED)]
        row["excluded"] = int(group["outcome"].isin(oc.EXCLUDED).sum())
        if when is None:
            out.append(row)
            continue
        dates = answered["_meta"].map(lambda m: date.fromisoformat(m["source_date"]))
        before, after = answered[dates < when], answered[dates >= when]
        k1, n1 = int((before["outcome"] == oc.CORRECT).sum()), len(before)
        k2, n2 = int((after["outcome"] == oc.CORRECT).sum()), len(after)
        row |= {"before n": n1, "before correct": k1, "after n": n2, "after correct": k2,
                "before accuracy": k1 / n1 if n1 else math.nan,
                "after accuracy": k2 / n2 if n2 else math.nan}  # fmt: skip
        if n1 and n2:
            low, high = confint_proportions_2indep(k1, n1, k2, n2, method="newcomb")
            _, p = fisher_exact([[k1, n1 - k1], [k2, n2 - k2]])
            row |= {"difference (before - after)": k1 / n1 - k2 / n2, "Fisher p": float(p),
                    "CI95% low": float(low), "CI95% high": float(high)}  # fmt: skip
        out.append(row)
    columns = ["model", "cutoff", "before n", "before correct", "before accuracy", "after n",
               "after correct", "after accuracy", "difference (before - after)", "CI95% low",
               "CI95% high", "Fisher p", "excluded"]  # fmt: skip
    return pd.DataFrame(out).reindex(columns=columns)
