"""Agreement of a panel of raters of any size: Fleiss' kappa, Krippendorff's alpha, and
leave-one-item-out ranges, each with an interval; per-rater rates with Wilson intervals.

Input is long: one row per (item, rater) with the rater's label. Fleiss' kappa
(statsmodels) uses the items every rater labelled; Krippendorff's alpha (the
``krippendorff`` package) uses every item with at least two labels, so it stands where
labels are missing. Intervals are percentile bootstraps over items (seeded). The
leave-one-item-out range drops each item once and recomputes the statistic: a wide range
means a few items carry the figure, which is the instability AudiologyBench reports for
its 50-item audit.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pandas as pd


def _wide(labels: pd.DataFrame, item: str, rater: str, value: str) -> pd.DataFrame:
    if labels.duplicated([item, rater]).any():
        raise ValueError("a rater labelled the same item twice")
    return labels.pivot(index=item, columns=rater, values=value)


def _codes(wide: pd.DataFrame, categories: Sequence) -> np.ndarray:
    lookup = {c: i for i, c in enumerate(categories)}
    given = pd.unique(wide.to_numpy().ravel())
    unknown = {v for v in given if not pd.isna(v) and v not in lookup}
    if unknown:
        raise ValueError(
            f"labels outside the scale {list(categories)}: {sorted(map(str, unknown))}"
        )
    return wide.apply(lambda col: col.map(lookup)).to_numpy(dtype=float)


def _fleiss(codes: np.ndarray, k: int) -> float:
    from statsmodels.stats.inter_rater import fleiss_kappa

    counts = np.stack([(codes == j).sum(1) for j in range(k)], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(fleiss_kappa(counts, method="fleiss"))


def _alpha(codes: np.ndarray, k: int, level: str) -> float:
    import krippendorff

    rated = codes[(~np.isnan(codes)).sum(1) >= 2]
    if len(rated) < 2 or len(np.unique(rated[~np.isnan(rated)])) < 2:
        return math.nan
    # krippendorff wants raters x units, NaN for a missing label
    return float(
        krippendorff.alpha(
            reliability_data=rated.T, value_domain=list(range(k)), level_of_measurement=level
        )
    )


def _interval(boot: np.ndarray, confidence: float) -> tuple[float, float]:
    boot = boot[~np.isnan(boot)]
    if not len(boot):
        return (math.nan, math.nan)
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(boot, [tail, 100 - tail])
    return (float(low), float(high))


def _boot(stat, codes: np.ndarray, n_boot: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = len(codes)
    return np.array([stat(codes[rng.integers(0, n, n)]) for _ in range(n_boot)])


def _loo(stat, codes: np.ndarray) -> tuple[float, float]:
    values = np.array([stat(np.delete(codes, i, axis=0)) for i in range(len(codes))])
    values = values[~np.isnan(values)]
    return (float(values.min()), float(values.max())) if len(values) else (math.nan, math.nan)


def panel_agreement(
    labels: pd.DataFrame,
    *,
    item: str = "item",
    rater: str = "rater",
    value: str = "label",
    categories: Sequence,
    ordinal: bool = False,
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return one row per statistic: Fleiss' kappa and Krippendorff's alpha over the whole panel.

    Columns: statistic, raters, items, value, ci_low, ci_high (percentile bootstrap over
    items), loo_min, loo_max (leave-one-item-out range). Fleiss' kappa counts only items
    every rater labelled; alpha (ordinal or nominal) every item with two labels or more.
    """
    wide = _wide(labels, item, rater, value)
    codes = _codes(wide, categories)
    k = len(categories)
    complete = codes[~np.isnan(codes).any(axis=1)]
    level = "ordinal" if ordinal else "nominal"
    rows = []
    for name, data, stat in (
        ("Fleiss kappa (nominal; items every rater labelled)", complete, lambda c: _fleiss(c, k)),
        (f"Krippendorff alpha ({level}; missing labels allowed)",
         codes[(~np.isnan(codes)).sum(1) >= 2], lambda c: _alpha(c, k, level)),
    ):  # fmt: skip
        value_ = stat(data) if len(data) >= 2 else math.nan
        low, high = _interval(_boot(stat, data, n_boot, seed), confidence) if len(data) >= 2 \
            else (math.nan, math.nan)  # fmt: skip
        loo = _loo(stat, data) if len(data) >= 3 else (math.nan, math.nan)
        rows.append({"statistic": name, "raters": wide.shape[1], "items": len(data),
                     "value": value_, "ci_low": low, "ci_high": high,
                     "loo_min": loo[0], "loo_max": loo[1]})  # fmt: skip
    return pd.DataFrame(rows)


def pairwise_loo_kappa(
    labels: pd.DataFrame,
    *,
    item: str = "item",
    rater: str = "rater",
    value: str = "label",
    categories: Sequence,
    weights: str | None = None,
) -> pd.DataFrame:
    """Return per rater pair Cohen's kappa (scikit-learn) and its leave-one-item-out range.

    Columns: rater_a, rater_b, items, kappa, loo_min, loo_max, loo_item_min (the item
    whose removal gives the lowest kappa), loo_item_max.
    """
    from sklearn.exceptions import UndefinedMetricWarning
    from sklearn.metrics import cohen_kappa_score

    wide = _wide(labels, item, rater, value)
    rows = []
    for a, b in combinations(wide.columns, 2):
        pair = wide[[a, b]].dropna()
        if len(pair) < 3:
            continue

        def kappa(part: pd.DataFrame) -> float:
            first, second = part.columns
            # kappa is undefined (NaN) when a subset shows one label only; such values are
            # left out of the range below, so scikit-learn's warning about it is not repeated
            with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", UndefinedMetricWarning)
                value = cohen_kappa_score(
                    part[first], part[second], labels=list(categories), weights=weights
                )
            return float(value)

        dropped = pd.Series({i: kappa(pair.drop(index=i)) for i in pair.index}).dropna()
        rows.append({
            "rater_a": a, "rater_b": b, "items": len(pair), "kappa": kappa(pair),
            "loo_min": dropped.min(), "loo_max": dropped.max(),
            "loo_item_min": dropped.idxmin() if len(dropped) else None,
            "loo_item_max": dropped.idxmax() if len(dropped) else None,
        })  # fmt: skip
    return pd.DataFrame(rows, columns=["rater_a", "rater_b", "items", "kappa", "loo_min",
                                       "loo_max", "loo_item_min", "loo_item_max"])  # fmt: skip


def rater_rates(
    labels: pd.DataFrame, *, rater: str = "rater", flag: str, confidence: float = 0.95
) -> pd.DataFrame:
    """Return per rater how many items they flagged: n, flagged, rate, Wilson interval."""
    from clinbench.stats.proportions import wilson_interval

    rows = []
    for name, part in labels.groupby(rater, sort=True):
        k, n = int(part[flag].astype(bool).sum()), len(part)
        low, high = wilson_interval(k, n, confidence)
        rows.append({rater: name, "n": n, "flagged": k, "rate": k / n if n else math.nan,
                     "ci_low": low, "ci_high": high})  # fmt: skip
    return pd.DataFrame(rows)
