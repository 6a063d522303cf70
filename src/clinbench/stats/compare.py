"""Comparisons: Kruskal-Wallis with eta-squared(H), pairwise Mann-Whitney U with Bonferroni,
rank-biserial r and Cohen's d, simple effects, and paired comparisons of two models.

Nonparametric tests for bounded, non-normal rubric scores, as AudiologyBench reports them
(eta-squared(H) after Tomczak & Tomczak 2014: (H - k + 1) / (n - k)).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy import stats

from clinbench.stats._common import (
    StatsInputError,
    ci_name,
    numeric_column,
    percentile_interval,
    require_columns,
    to_binary,
)


def _clean(data: pd.DataFrame, dv: str, between: str) -> pd.DataFrame:
    require_columns(data, [dv, between])
    out = data[[dv, between]].copy()
    out[dv] = numeric_column(data, dv)
    return out.dropna()


def eta_squared_h(h: float, k: int, n: int) -> float:
    """Return eta-squared based on H: (H - k + 1) / (n - k)."""
    return (h - k + 1) / (n - k) if n > k else math.nan


def kruskal(data: pd.DataFrame, dv: str, between: str) -> pd.DataFrame:
    """Return one row: Source, n, k, ddof1, H, p-unc, eta2_H (scipy's tie-corrected H)."""
    rows = _clean(data, dv, between)
    groups = [g[dv].to_numpy() for _, g in rows.groupby(between, sort=True)]
    k, n = len(groups), len(rows)
    if k < 2:
        raise StatsInputError(f"Kruskal-Wallis needs two or more groups in {between!r}")
    h, p = stats.kruskal(*groups)
    return pd.DataFrame(
        [
            {
                "Source": between,
                "n": n,
                "k": k,
                "ddof1": k - 1,
                "H": float(h),
                "p-unc": float(p),
                "eta2_H": eta_squared_h(float(h), k, n),
            }
        ]
    )


def cohen_d(x: np.ndarray, y: np.ndarray) -> float:
    """Return Cohen's d of x minus y with the pooled SD."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    nx, ny = x.size, y.size
    if nx < 2 or ny < 2:
        return math.nan
    pooled = math.sqrt(((nx - 1) * x.var(ddof=1) + (ny - 1) * y.var(ddof=1)) / (nx + ny - 2))
    return float((x.mean() - y.mean()) / pooled) if pooled > 0 else math.nan


def pairwise_mwu(
    data: pd.DataFrame, dv: str, between: str, levels: Sequence | None = None
) -> pd.DataFrame:
    """Return every pairwise Mann-Whitney U test between levels of `between`.

    Columns: A, B, n_A, n_B, mean_A, mean_B, U (for A: the count of (a, b) pairs with a > b,
    ties half), p-unc, p-corr (Bonferroni over all pairs, capped at 1), RBC (rank-biserial
    r = 2U / (n_A n_B) - 1, positive when A tends higher), cohen_d (A minus B).
    """
    rows = _clean(data, dv, between)
    levels = list(levels) if levels is not None else sorted(rows[between].unique().tolist())
    values = {lv: rows.loc[rows[between] == lv, dv].to_numpy(dtype=float) for lv in levels}
    pairs = list(itertools.combinations(levels, 2))
    out = []
    for a, b in pairs:
        x, y = values[a], values[b]
        if x.size == 0 or y.size == 0:
            u, p = math.nan, math.nan
        else:
            res = stats.mannwhitneyu(x, y, alternative="two-sided")
            u, p = float(res.statistic), float(res.pvalue)
        out.append(
            {
                "A": a,
                "B": b,
                "n_A": int(x.size),
                "n_B": int(y.size),
                "mean_A": float(x.mean()) if x.size else math.nan,
                "mean_B": float(y.mean()) if y.size else math.nan,
                "U": u,
                "p-unc": p,
                "p-corr": min(1.0, p * len(pairs)) if not math.isnan(p) else math.nan,
                "RBC": 2 * u / (x.size * y.size) - 1 if x.size and y.size else math.nan,
                "cohen_d": cohen_d(x, y),
            }
        )
    return pd.DataFrame(out)


def simple_effects(
    data: pd.DataFrame, dv: str, between: str, within: str
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return (omnibus, pairwise): effects of `between` inside each level of `within`.

    omnibus: one Kruskal-Wallis row per level of `within`, with p-corr Bonferroni-adjusted
    over the levels (the paper's alpha / 3 for three question types). pairwise: the
    Mann-Whitney table within each level (p-corr adjusted over that level's pairs).
    """
    require_columns(data, [dv, between, within])
    omnibus, pairwise = [], []
    levels = sorted(data[within].dropna().unique().tolist())
    for level in levels:
        sub = data[data[within] == level]
        row = kruskal(sub, dv, between)
        row.insert(0, within, level)
        omnibus.append(row)
        pw = pairwise_mwu(sub, dv, between)
        pw.insert(0, within, level)
        pairwise.append(pw)
    om = pd.concat(omnibus, ignore_index=True)
    om["p-corr"] = np.minimum(1.0, om["p-unc"] * len(levels))
    return om, pd.concat(pairwise, ignore_index=True)


def _paired(
    data: pd.DataFrame, dv: str, model: str, item: str, model_a: str, model_b: str
) -> pd.DataFrame:
    require_columns(data, [dv, model, item])
    sub = data[data[model].isin([model_a, model_b])]
    dup = sub.duplicated([model, item])
    if dup.any():
        i = sub.index[dup][0]
        raise StatsInputError(
            f"row {i}: {model}={sub.loc[i, model]!r}, {item}={sub.loc[i, item]!r} appears "
            "twice; pass one row per model and item (filter epoch/condition/question first)"
        )
    wide = sub.pivot(index=item, columns=model, values=dv)
    for m in (model_a, model_b):
        if m not in wide.columns:
            raise StatsInputError(f"no rows for {model}={m!r}")
    return wide[[model_a, model_b]].dropna().sort_index()


def mcnemar(
    data: pd.DataFrame,
    dv: str,
    model: str,
    item: str,
    model_a: str,
    model_b: str,
    exact: bool | None = None,
) -> pd.DataFrame:
    """Return McNemar's test of two models' binary outcomes on the same items (statsmodels).

    Columns: n, both, A_only, B_only, neither, statistic, p-val, method. The exact binomial
    test is used when fewer than 25 items are discordant (unless `exact` says otherwise).

    Parameters
    ----------
    data : pandas.DataFrame
        Long table, one row per (model, item).
    dv : str
        Column of the binary outcome (1 correct, 0 not).
    model, item : str
        Columns naming the model and the item.
    model_a, model_b : str
        The two models compared; only items both answered are used.
    exact : bool, optional
        Force the exact binomial test (True) or the chi-squared test with continuity
        correction (False); by default exact when fewer than 25 pairs disagree.

    Returns
    -------
    pandas.DataFrame
        One row: A, B, n, both, A_only, B_only, neither, statistic, p-val, method.

    References
    ----------
    .. [1] McNemar, Q. (1947). Note on the sampling error of the difference between
       correlated proportions or percentages. *Psychometrika*, 12(2), 153-157.
    .. [2] Edwards, A. L. (1948). Note on the "correction for continuity" in testing the
       significance of the difference between correlated proportions. *Psychometrika*,
       13(3), 185-187.

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f"q{i}", int(i < 9)) for i in range(10)]
    >>> rows += [("b", f"q{i}", int(i < 3)) for i in range(10)]
    >>> table = pd.DataFrame(rows, columns=["model", "item_id", "score"])
    >>> out = mcnemar(table, "score", "model", "item_id", "a", "b")
    >>> row = out.iloc[0]
    >>> int(row["A_only"]), int(row["B_only"]), row["method"]
    (6, 0, 'exact binomial')
    """
    from statsmodels.stats.contingency_tables import mcnemar as _mcnemar

    wide = _paired(data, dv, model, item, model_a, model_b)
    a = to_binary(wide[model_a], model_a)
    b = to_binary(wide[model_b], model_b)
    table = np.array([[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]])
    discordant = int(table[0, 1] + table[1, 0])
    use_exact = discordant < 25 if exact is None else exact
    res = _mcnemar(table, exact=use_exact, correction=True)
    return pd.DataFrame(
        [
            {
                "A": model_a,
                "B": model_b,
                "n": int(table.sum()),
                "both": int(table[0, 0]),
                "A_only": int(table[0, 1]),
                "B_only": int(table[1, 0]),
                "neither": int(table[1, 1]),
                "statistic": float(res.statistic),
                "p-val": float(res.pvalue),
                "method": "exact binomial" if use_exact else "chi2 with continuity correction",
            }
        ]
    )


def paired_bootstrap(
    data: pd.DataFrame,
    dv: str,
    model: str,
    item: str,
    model_a: str,
    model_b: str,
    n_boot: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return the mean score difference A - B on shared items with a paired bootstrap CI.

    Items are resampled with replacement (vectorised); p-boot is the two-sided share of
    resampled differences on the far side of zero. Columns: A, B, n, mean_A, mean_B, diff,
    CI95%, p-boot.

    Parameters
    ----------
    data : pandas.DataFrame
        Long table, one row per (model, item).
    dv : str
        Column of the score (any number; 0/1 for accuracy).
    model, item : str
        Columns naming the model and the item.
    model_a, model_b : str
        The two models compared; only items both answered are used.
    n_boot : int, default 10000
        Bootstrap resamples of the items.
    seed : int, default 0
        Seed of the resampling (the same seed gives the same interval).
    confidence : float, default 0.95
        Coverage of the percentile interval (its column is named from it, ``CI95%``).

    Returns
    -------
    pandas.DataFrame
        One row: A, B, n, mean_A, mean_B, diff, the percentile interval, p-boot.

    References
    ----------
    .. [1] Efron, B. and Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*.
       Chapman & Hall, chapters 13 and 16 (percentile intervals; bootstrap tests).
    .. [2] Koehn, P. (2004). Statistical significance tests for machine translation
       evaluation. *Proceedings of EMNLP 2004*, 388-395 (paired bootstrap over test items).

    Examples
    --------
    >>> import pandas as pd
    >>> rows = [("a", f"q{i}", int(i < 9)) for i in range(10)]
    >>> rows += [("b", f"q{i}", int(i < 3)) for i in range(10)]
    >>> table = pd.DataFrame(rows, columns=["model", "item_id", "score"])
    >>> out = paired_bootstrap(table, "score", "model", "item_id", "a", "b", n_boot=2000)
    >>> round(float(out["diff"].iloc[0]), 2)
    0.6
    """
    from clinbench.stats.resample import bootstrap_means

    wide = _paired(data, dv, model, item, model_a, model_b)
    d = (wide[model_a].astype(float) - wide[model_b].astype(float)).to_numpy()
    boot = bootstrap_means(d, n_boot=n_boot, seed=seed)
    if d.size:
        p = min(1.0, 2 * min(np.mean(boot <= 0), np.mean(boot >= 0)))
    else:
        p = math.nan
    return pd.DataFrame(
        [
            {
                "A": model_a,
                "B": model_b,
                "n": int(d.size),
                "mean_A": float(wide[model_a].mean()) if d.size else math.nan,
                "mean_B": float(wide[model_b].mean()) if d.size else math.nan,
                "diff": float(d.mean()) if d.size else math.nan,
                ci_name(confidence): percentile_interval(boot, confidence),
                "p-boot": float(p),
            }
        ]
    )


def compare_summary(data: pd.DataFrame, value: str, group: str) -> dict:
    """Return the CLI's comparison dict: kruskal {H, df, p, eta2_h} and the pairwise list."""
    kw = kruskal(data, value, group).iloc[0]
    pw = pairwise_mwu(data, value, group)
    return {
        "kruskal": {
            "H": float(kw["H"]),
            "df": int(kw["ddof1"]),
            "p": float(kw["p-unc"]),
            "eta2_h": float(kw["eta2_H"]),
        },
        "pairwise": [
            {
                "a": _plain(r["A"]),
                "b": _plain(r["B"]),
                "U": float(r["U"]),
                "p_bonferroni": float(r["p-corr"]),
                "rank_biserial": float(r["RBC"]),
                "cohen_d": float(r["cohen_d"]),
            }
            for _, r in pw.iterrows()
        ],
    }


def _plain(v):
    return v.item() if hasattr(v, "item") else v
