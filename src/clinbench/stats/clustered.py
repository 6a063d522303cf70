"""Accuracy that is honest about repeated epochs: intervals clustered by item, two denominators.

When each item is asked once, accuracy's interval is Wilson's. When items are asked several
times (``--epochs``, or repeated runs), the replies to one item are not independent
observations, so the interval is clustered by item:

- the **cluster-robust standard error** of the mean (statsmodels OLS on a constant with
  ``cov_type="cluster"`` by item, no small-sample correction), giving the design effect
  ``deff = SE_cluster^2 / (p (1 - p) / N)`` and the effective sample size ``n_eff = N / deff``
  (Kish 1965); the interval is Wilson's at ``n_eff`` (method ``wilson-clustered``). For a
  model that repeats itself, every epoch of an item is the same, ``n_eff`` is the number of
  items and the interval is exactly the one-epoch interval: no new information, no
  narrower interval. When every reply is right (or every reply wrong) there is no variance
  to estimate a design effect from and ``n_eff`` is the number of items, the conservative
  choice;
- a **cluster bootstrap** over items (whole items resampled with all their epochs), its
  percentile interval reported beside it.

``n_clusters`` (items) is always stated beside ``n`` (rows).

Two denominators (AusClinBench discloses both): ``accuracy_answered`` is correct / answered
(correct + incorrect + declined; parse failures, errors and unscored judge calls excluded and
counted), ``accuracy_all`` is correct / every row, where a parse failure, error or unscored
reply counts as not correct. A model cannot raise the second by answering out of form.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats._common import group_seed, percentile_interval, require_columns
from clinbench.stats.clustering import resample_weights
from clinbench.stats.proportions import wilson_interval

WILSON = "wilson"
WILSON_CLUSTERED = "wilson-clustered"
# Memory bound of one chunk of cluster-bootstrap indices (int64): ~2 million cells.
_CHUNK_CELLS = 2_000_000


def cluster_robust_se(values: np.ndarray, clusters: np.ndarray) -> float:
    """Return the cluster-robust standard error of the mean of `values` (statsmodels).

    OLS of the values on a constant with ``cov_type="cluster"``; no small-sample correction
    (so that one observation per cluster gives the plain ``sqrt(p (1 - p) / n)``). NaN with
    fewer than two clusters.
    """
    import statsmodels.api as sm

    values = np.asarray(values, dtype=float)
    codes = pd.factorize(pd.Series(clusters).astype(str))[0]
    if values.size == 0 or codes.max(initial=-1) < 1:
        return math.nan
    if np.all(values == values[0]):
        return 0.0
    fit = sm.OLS(values, np.ones_like(values)).fit(
        cov_type="cluster", cov_kwds={"groups": codes, "use_correction": False}
    )
    return float(fit.bse[0])


def cluster_bootstrap_means(
    values: np.ndarray, clusters: np.ndarray, n_boot: int = 2000, seed: int = 0
) -> np.ndarray:
    """Return `n_boot` means of `values` with whole clusters resampled with replacement.

    Drawn in chunks of bounded memory from ``numpy.random.default_rng(seed)``.
    """
    values = np.asarray(values, dtype=float)
    codes, _ = pd.factorize(pd.Series(clusters).astype(str))
    g = int(codes.max(initial=-1)) + 1
    if g == 0:
        return np.full(n_boot, np.nan)
    sums = np.bincount(codes, weights=values, minlength=g)
    counts = np.bincount(codes, minlength=g).astype(float)
    rng = np.random.default_rng(seed)
    out = np.empty(n_boot)
    chunk = max(1, _CHUNK_CELLS // g)
    for start in range(0, n_boot, chunk):
        stop = min(n_boot, start + chunk)
        weights = resample_weights(rng.integers(0, g, size=(stop - start, g)), g)
        out[start:stop] = (weights @ sums) / (weights @ counts)
    return out


def clustered_proportion(
    values: np.ndarray,
    clusters: np.ndarray,
    *,
    confidence: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> dict:
    """Return a proportion of 0/1 values with an interval that respects clusters.

    Keys: n, n_clusters, k, p, ci_low, ci_high, method (``wilson`` with one observation per
    cluster, else ``wilson-clustered``), n_eff, se_cluster, boot_low, boot_high (cluster
    bootstrap percentile interval; NaN with one observation per cluster).
    """
    values = np.asarray(values, dtype=float)
    clusters = np.asarray(clusters)
    n = int(values.size)
    n_clusters = int(pd.Series(clusters).astype(str).nunique()) if n else 0
    k = float(values.sum())
    p = k / n if n else math.nan
    out = {"n": n, "n_clusters": n_clusters, "k": k, "p": p}
    if n_clusters == n:  # one observation per item: Wilson
        low, high = wilson_interval(int(round(k)), n, confidence) if n else (math.nan,) * 2
        se = math.sqrt(p * (1 - p) / n) if n else math.nan
        return out | {"ci_low": low, "ci_high": high, "method": WILSON, "n_eff": float(n),
                      "se_cluster": se, "boot_low": math.nan, "boot_high": math.nan}  # fmt: skip
    se = cluster_robust_se(values, clusters)
    if p in (0.0, 1.0) or not se > 0:
        n_eff = float(n_clusters)
    else:
        n_eff = min(float(n), p * (1 - p) / se**2)
    low, high = _wilson_fractional(p, n_eff, confidence)
    boot = cluster_bootstrap_means(values, clusters, n_boot=n_boot, seed=seed)
    b_low, b_high = percentile_interval(boot, confidence)
    return out | {"ci_low": low, "ci_high": high, "method": WILSON_CLUSTERED, "n_eff": n_eff,
                  "se_cluster": se, "boot_low": b_low, "boot_high": b_high}  # fmt: skip


def _wilson_fractional(p: float, n_eff: float, confidence: float) -> tuple[float, float]:
    """Wilson's interval for proportion p at a (possibly fractional) effective sample size."""
    from statsmodels.stats.proportion import proportion_confint

    if not n_eff > 0:
        return (math.nan, math.nan)
    low, high = proportion_confint(p * n_eff, n_eff, alpha=1 - confidence, method="wilson")
    return (float(max(0.0, low)), float(min(1.0, high)))


# Outcomes that have an accuracy (exact-match, or a judge's correct/incorrect).
ACCURACY_OUTCOMES = (*outcomes.ANSWERED, *outcomes.EXCLUDED)

ACCURACY_COLUMNS = [
    "n_items", "n_epochs", "n_rows", "answered", "correct", "declined", "refused",
    "parse_failed", "contradictory", "error", "unscored", "accuracy_answered", "ci_answered_low",
    "ci_answered_high",
    "accuracy_all", "ci_all_low", "ci_all_high", "method", "n_clusters", "n_eff_answered",
    "n_eff_all", "se_cluster_answered", "se_cluster_all", "boot_answered_low",
    "boot_answered_high", "boot_all_low", "boot_all_high",
]  # fmt: skip


def accuracy_two_denominators(
    results: pd.DataFrame,
    by: Sequence[str] = ("model", "task"),
    *,
    confidence: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """Return accuracy over answered items and over all items per group, clustered by item.

    Rows whose outcome has an accuracy enter (correct, incorrect, declined, parse_failed,
    error, unscored); graded rubric rows do not. Columns: <by>..., n_items, n_epochs (the
    most epochs any item has), n_rows, answered, correct, declined, parse_failed, error,
    unscored, accuracy_answered with ci_answered_low/high, accuracy_all with ci_all_low/high,
    method (``wilson`` or ``wilson-clustered``), n_clusters (items), n_eff_answered,
    n_eff_all, se_cluster_answered, se_cluster_all, and the cluster-bootstrap intervals
    boot_answered_low/high, boot_all_low/high (NaN with one epoch). Each group's bootstrap is
    seeded by ``group_seed(seed, key)``.
    """
    by = list(by)
    require_columns(results, [*by, "outcome", "item_id"])
    rows = results[results["outcome"].isin(ACCURACY_OUTCOMES)]
    cluster_cols = [c for c in ("task", "condition", "item_id") if c in rows.columns]
    records = []
    groups = rows.groupby(by, sort=True, dropna=False) if by else [((), rows)]
    for key, group in groups:
        key = key if isinstance(key, tuple) else (key,)
        named = dict(zip(by, key, strict=True))
        clusters = group[cluster_cols].astype(str).agg("\x1f".join, axis=1).to_numpy()
        correct = (group["outcome"] == outcomes.CORRECT).to_numpy(dtype=float)
        answered = group["outcome"].isin(outcomes.ANSWERED).to_numpy()
        seeded = group_seed(seed, named)
        a = clustered_proportion(correct[answered], clusters[answered], confidence=confidence,
                                 n_boot=n_boot, seed=seeded)  # fmt: skip
        e = clustered_proportion(correct, clusters, confidence=confidence, n_boot=n_boot,
                                 seed=seeded)  # fmt: skip
        counts = group["outcome"].value_counts()
        epochs = (
            int(group.groupby(clusters)["epoch"].nunique().max()) if "epoch" in group.columns else 1
        )
        records.append(
            named
            | {
                "n_items": int(pd.Series(clusters).nunique()),
                "n_epochs": epochs,
                "n_rows": len(group),
                "answered": int(answered.sum()),
                "correct": int(correct.sum()),
                "declined": int(counts.get(outcomes.DECLINED, 0)),
                "refused": int(counts.get(outcomes.REFUSED, 0)),
                "parse_failed": int(counts.get(outcomes.PARSE_FAILED, 0)),
                "contradictory": int(counts.get(outcomes.CONTRADICTORY, 0)),
                "error": int(counts.get(outcomes.ERROR, 0)),
                "unscored": int(counts.get(outcomes.UNSCORED, 0)),
                "accuracy_answered": a["p"],
                "ci_answered_low": a["ci_low"],
                "ci_answered_high": a["ci_high"],
                "accuracy_all": e["p"],
                "ci_all_low": e["ci_low"],
                "ci_all_high": e["ci_high"],
                "method": e["method"],
                "n_clusters": e["n_clusters"],
                "n_eff_answered": a["n_eff"],
                "n_eff_all": e["n_eff"],
                "se_cluster_answered": a["se_cluster"],
                "se_cluster_all": e["se_cluster"],
                "boot_answered_low": a["boot_low"],
                "boot_answered_high": a["boot_high"],
                "boot_all_low": e["boot_low"],
                "boot_all_high": e["boot_high"],
            }
        )
    return pd.DataFrame(records, columns=[*by, *ACCURACY_COLUMNS])


def repeated_epochs(results: pd.DataFrame, by: Sequence[str] = ("model", "task")) -> pd.DataFrame:
    """Return the groups run for several epochs whose replies are the same in every epoch.

    Such a provider (replay without an epoch column, the rules baseline, a model at
    temperature 0 with a fixed seed) repeats itself: its epochs add no information, and a
    naive interval would narrow as epochs grow. Columns: <by>..., n_items, n_epochs.
    """
    by = list(by)
    require_columns(results, [*by, "item_id", "epoch", "response"])
    keys = [c for c in ("task", "condition", "item_id", "question") if c in results.columns]
    keys = list(dict.fromkeys([*by, *keys]))
    out = []
    for key, group in results.groupby(by, sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        per_item = group.groupby(keys, dropna=False)
        epochs = int(per_item["epoch"].nunique().max())
        if epochs < 2:
            continue
        if bool((per_item["response"].nunique(dropna=False) == 1).all()):
            out.append(
                dict(zip(by, key, strict=True))
                | {"n_items": int(group["item_id"].nunique()), "n_epochs": epochs}
            )
    return pd.DataFrame(out, columns=[*by, "n_items", "n_epochs"])


def repeated_epochs_warning(results: pd.DataFrame, by: Sequence[str] = ("model",)) -> str:
    """Return a one-paragraph warning naming models that repeated themselves, or ''."""
    if "epoch" not in results.columns or results.empty:
        return ""
    found = repeated_epochs(results, by=by)
    if found.empty:
        return ""
    names = ", ".join(
        f"{' / '.join(str(r[c]) for c in by)} ({r['n_epochs']} epochs)" for _, r in found.iterrows()
    )
    return (
        f"warning: identical replies in every epoch from {names}: a deterministic provider "
        "gains nothing from more epochs; intervals are clustered by item, so they do not "
        "narrow."
    )
