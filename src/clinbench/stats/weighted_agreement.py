"""Agreement of two raters reweighted to the population an audit sample was drawn from.

An audit sample balanced across cells (and enriched for hard items) does not look like the
population: each item carries a sampling weight (population over sampled count of its cell),
and AudiologyBench reweights "all reliability and rate statistics" of its expanded Q1 audit
with them. Here, for one pair of label columns:

- Cohen's kappa of the weighted confusion table (each item counts its weight; the same as
  ``sklearn.metrics.cohen_kappa_score(..., sample_weight=w)``, which the tests check), plain
  or quadratic-weighted;
- the weighted share of exact agreement and, for ordered labels, of agreement within one
  category;
- for binary labels against a reference: sensitivity, specificity, PPV, NPV (from the same
  weighted 2 x 2 table, as ``sklearn.metrics.recall_score(..., sample_weight=w)`` gives them),
  and the population shares of over-flags (flagged, reference not) and under-flags.

Intervals are percentile bootstraps that resample items within each stratum (the audit's
cells), as the sample was drawn; the weighted tables of all resamples are tallied at once
(``numpy.bincount`` with weights), because scikit-learn scores one resample per call.
Rates of a single rater reweighted: :func:`clinbench.stats.calibration.reweighted_estimate`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from clinbench.stats._common import StatsInputError, encode, percentile_interval, require_columns
from clinbench.stats.agreement import kappa_from_tables


def _resamples(strata: np.ndarray | None, n: int, n_boot: int, seed: int) -> np.ndarray:
    """Return (n_boot, n) row indices: resampled within each stratum when strata are given."""
    rng = np.random.default_rng(seed)
    if strata is None:
        return rng.integers(0, n, size=(n_boot, n))
    groups = [np.flatnonzero(strata == s) for s in pd.unique(strata)]
    return np.concatenate([g[rng.integers(0, len(g), size=(n_boot, len(g)))] for g in groups], 1)


def _weighted_tables(pair: np.ndarray, w: np.ndarray, k: int, idx: np.ndarray) -> np.ndarray:
    b = idx.shape[0]
    flat = (np.arange(b)[:, None] * (k * k) + pair[idx]).ravel()
    return np.bincount(flat, weights=w[idx].ravel(), minlength=b * k * k).reshape(b, k, k)


def _binary_indices(tables: np.ndarray) -> dict[str, np.ndarray]:
    """Return sensitivity ... under-flag share of (..., 2, 2) tables [rater][reference]."""
    tn, fp = tables[..., 0, 0], tables[..., 1, 0]
    fn, tp = tables[..., 0, 1], tables[..., 1, 1]
    total = tables.sum(axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return {
            "sensitivity": tp / (tp + fn),
            "specificity": tn / (tn + fp),
            "PPV": tp / (tp + fp),
            "NPV": tn / (tn + fn),
            "over-flag share": fp / total,
            "under-flag share": fn / total,
        }


def weighted_pair_agreement(
    data: pd.DataFrame,
    a: str,
    b: str,
    weight: str,
    *,
    categories: Sequence,
    kappa_weights: str | None = None,
    reference: bool = False,
    strata: str | None = None,
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return one row per statistic of rater ``a`` against ``b``, reweighted by ``weight``.

    Columns: statistic, n, n_eff (Kish), estimate (reweighted), ci_low, ci_high (percentile
    bootstrap within ``strata``), unweighted, strata, one_item_strata (strata of one item,
    whose variability the interval cannot show). ``categories`` orders the labels (two for a
    flag: [False, True]); ``kappa_weights`` is None or "quadratic"; ``reference`` adds the
    diagnostic indices of ``a`` against ``b`` for two categories. Rows missing a label or
    weight are left out.
    """
    require_columns(data, [a, b, weight, *([strata] if strata else [])])
    rows = data.dropna(subset=[a, b, weight])
    if rows.empty:
        raise StatsInputError(f"no rows with {a!r}, {b!r} and {weight!r}")
    cats = list(categories)
    k = len(cats)
    codes_a = encode(rows[a], cats, a)
    codes_b = encode(rows[b], cats, b)
    w = rows[weight].astype(float).to_numpy()
    if (w < 0).any():
        raise StatsInputError(f"column {weight!r} has negative weights")
    pair = codes_a * k + codes_b
    n = len(pair)
    everything = np.arange(n)[None, :]
    ones = np.ones(n)
    boot_idx = _resamples(rows[strata].astype(str).to_numpy() if strata else None, n, n_boot, seed)

    def statistics(wts: np.ndarray, idx: np.ndarray) -> dict[str, np.ndarray]:
        tables = _weighted_tables(pair, wts, k, idx)
        total = tables.sum(axis=(-2, -1))
        diag = np.trace(tables, axis1=-2, axis2=-1)
        i, j = np.indices((k, k))
        with np.errstate(invalid="ignore", divide="ignore"):
            out = {
                f"kappa ({kappa_weights or 'unweighted'})": kappa_from_tables(
                    tables, kappa_weights
                ),
                "exact agreement": diag / total,
            }
            if k > 2:
                near = (np.abs(i - j) <= 1).astype(float)
                out["within one category"] = (tables * near).sum(axis=(-2, -1)) / total
        if reference and k == 2:
            out.update(_binary_indices(tables))
        return out

    weighted = statistics(w, everything)
    plain = statistics(ones, everything)
    boot = statistics(w, boot_idx)
    n_eff = float(w.sum() ** 2 / (w**2).sum()) if (w**2).sum() else math.nan
    # A stratum holding one item is resampled as itself: its share of the variance is not in
    # the interval. The count is reported so a narrow interval can be read for what it is.
    sizes = rows[strata].astype(str).value_counts() if strata else pd.Series([n])
    single = int((sizes == 1).sum())
    records = []
    for name, value in weighted.items():
        low, high = percentile_interval(boot[name], confidence)
        records.append({
            "statistic": name, "n": n, "n_eff": n_eff, "estimate": float(value[0]),
            "ci_low": low, "ci_high": high, "unweighted": float(plain[name][0]),
            "strata": len(sizes), "one_item_strata": single,
        })  # fmt: skip
    return pd.DataFrame(records)
