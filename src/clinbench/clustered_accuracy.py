"""The clustered accuracy of grouped replies and its Wilson interval, over numpy arrays only.

The core of the one accuracy estimator,
:func:`clinbench.stats.repeated_epochs.accuracy_two_denominators`, and the one Wilson rule,
kept apart and below both ``scoring`` and ``stats`` so that every scorer's own log metrics
(:func:`clinbench.scoring.metrics.answer_metrics`), computed inside an eval, take the same
numbers without importing pandas into the run (a run's memory, #27); ``stats`` reads
``scoring``, so the metrics of a ``scoring`` scorer could not reach a core kept in ``stats``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def wilson_bounds(k: Any, n: Any, confidence: float = 0.95) -> tuple[Any, Any]:
    """Return the Wilson score interval (lower, upper) of k successes in n trials, elementwise.

    ``k`` and ``n`` may be numbers or numpy arrays (``k`` need not be a whole number: the
    clustered accuracy passes ``p * n_eff``); n must be above 0. The same values as
    statsmodels' ``proportion_confint(k, n, alpha=1 - confidence, method="wilson")`` (a test
    checks them against it to 1e-12). Written out here because importing statsmodels'
    proportion module imports scipy.stats, about 60 MB and a second of start-up, and this
    interval is in every run's printed summary; the normal quantile is the standard
    library's (``statistics.NormalDist``, accurate to double precision).
    """
    from statistics import NormalDist

    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    p = k / n
    denominator = 1 + z**2 / n
    centre = (p + z**2 / (2 * n)) / denominator
    half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denominator
    return centre - half, centre + half


def sum_by(codes: np.ndarray, weights: np.ndarray | None, size: int) -> np.ndarray:
    """Return the sum of `weights` (1 each when None) per code, for `size` codes."""
    return np.bincount(codes, weights=weights, minlength=size).astype(float)


def clustered_side(
    k_c: np.ndarray, n_c: np.ndarray, cg: np.ndarray, size: int, confidence: float,
    small_sample: bool,
) -> dict[str, np.ndarray]:  # fmt: skip
    """Return per group p, n, k, n_clusters, se, n_eff, ci_low, ci_high from cluster totals.

    The cluster-robust SE of a mean (OLS on a constant, sandwich by cluster) is written out
    here over grouped arrays, as statsmodels' ``cov_type="cluster"`` computes it for one
    group at a time: se^2 = sum_g (sum of residuals in cluster g)^2 / N^2, times G/(G-1)
    with the small-sample factor (tests check it against statsmodels). One group at a time
    through statsmodels took over a minute on a million rows.
    """
    present = n_c > 0
    n = sum_by(cg, n_c, size)
    k = sum_by(cg, k_c, size)
    g = sum_by(cg, present.astype(float), size)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        resid = k_c - p[cg] * n_c
        se = np.sqrt(sum_by(cg, resid**2, size)) / n
        factor = np.where(g > 1, g / (g - 1), np.nan) if small_sample else np.ones(size)
        se = se * np.sqrt(factor)
        se = np.where(g > 1, se, np.nan)
        one_each = g == n
        boundary = (p == 0) | (p == 1) | ~(se > 0)
        n_eff = np.where(one_each, n, np.where(boundary, g, np.minimum(n, p * (1 - p) / se**2)))
        se = np.where(one_each & (n > 0), np.sqrt(p * (1 - p) / n), se)
    ok = n_eff > 0
    low = np.full(size, math.nan)
    high = np.full(size, math.nan)
    if ok.any():
        lo, hi = wilson_bounds(p[ok] * n_eff[ok], n_eff[ok], confidence)
        low[ok] = np.clip(lo, 0.0, 1.0)
        high[ok] = np.clip(hi, 0.0, 1.0)
    return {"p": p, "n": n, "k": k, "n_clusters": g, "se": se, "n_eff": n_eff, "low": low,
            "high": high, "one_each": one_each, "factor": factor}  # fmt: skip
