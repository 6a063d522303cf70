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

from clinbench.clustered_accuracy import clustered_side as _clustered_side
from clinbench.clustered_accuracy import sum_by as _sum_by
from clinbench.scoring import outcomes
from clinbench.stats._common import group_seed, percentile_interval, require_columns
from clinbench.stats.case_clustering import resample_weights

WILSON = "wilson"
WILSON_CLUSTERED = "wilson-clustered"
# Memory bound of one chunk of cluster-bootstrap indices (int64): ~2 million cells.
_CHUNK_CELLS = 2_000_000


def cluster_robust_se(
    values: np.ndarray, clusters: np.ndarray, small_sample: bool = False
) -> float:
    """Return the cluster-robust standard error of the mean of `values` (statsmodels).

    OLS of the values on a constant with ``cov_type="cluster"``. By default no small-sample
    correction (so that one observation per cluster gives the plain ``sqrt(p (1 - p) / n)``);
    with `small_sample`, statsmodels' G/(G-1) factor (times (N-1)/(N-K) = 1 for a constant).
    NaN with fewer than two clusters.
    """
    import statsmodels.api as sm

    values = np.asarray(values, dtype=float)
    codes = pd.factorize(pd.Series(clusters).astype(str))[0]
    if values.size == 0 or codes.max(initial=-1) < 1:
        return math.nan
    if np.all(values == values[0]):
        return 0.0
    fit = sm.OLS(values, np.ones_like(values)).fit(
        cov_type="cluster", cov_kwds={"groups": codes, "use_correction": small_sample}
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
    small_sample: bool = False,
) -> dict:
    """Return a proportion of 0/1 values with an interval that respects clusters.

    The same estimator as ``accuracy_two_denominators``, for one group. Keys: n,
    n_clusters, k, p, ci_low, ci_high, method (``wilson`` with one observation per cluster,
    else ``wilson-clustered``), n_eff, se_cluster, boot_low, boot_high (cluster bootstrap
    percentile interval; NaN with one observation per cluster).
    """
    values = np.asarray(values, dtype=float)
    codes, _ = pd.factorize(pd.Series(np.asarray(clusters)).astype(str))
    g = int(codes.max(initial=-1)) + 1
    n_c = _sum_by(codes, None, g)
    k_c = _sum_by(codes, values, g)
    side = _clustered_side(k_c, n_c, np.zeros(g, dtype=np.int64), 1, confidence, small_sample)
    one_each = bool(side["one_each"][0])
    boot = [math.nan, math.nan]
    if not one_each and n_boot > 0:
        boot = _boot_interval([k_c, n_c], n_boot, seed, confidence)[0]
    n = int(values.size)
    return {"n": n, "n_clusters": g, "k": float(values.sum()),
            "p": float(side["p"][0]) if n else math.nan,
            "ci_low": float(side["low"][0]), "ci_high": float(side["high"][0]),
            "method": WILSON if one_each else WILSON_CLUSTERED,
            "n_eff": float(side["n_eff"][0]), "se_cluster": float(side["se"][0]),
            "boot_low": boot[0], "boot_high": boot[1]}  # fmt: skip


# Outcomes that have an accuracy (exact-match, or a judge's correct/incorrect): every outcome
# but a graded rubric reply. An outcome added to ``scoring/outcomes.py`` (e.g. a refusal)
# enters accuracy over all items as not correct without a change here (but those no
# reply was asked for, ``NOT_ASKED``).
ACCURACY_OUTCOMES = tuple(
    dict.fromkeys(
        [*outcomes.ANSWERED, *outcomes.EXCLUDED,
         *(o for o in outcomes.OUTCOMES if o not in (outcomes.GRADED, *outcomes.NOT_ASKED))]
    )
)  # fmt: skip


def on_a_scale(results: pd.DataFrame) -> pd.Series:
    """Return True on the rows of scorers that grade on a scale, which have no accuracy.

    Such a (task, scorer) pair (a rubric grade, a word error rate, the audiogram fact check)
    has a ``graded`` or ``unscored`` row and no ``correct`` or ``incorrect`` one. Its failed
    calls and unreadable replies are counted in its own tables, never as an accuracy of 0.
    Without task and scorer columns nothing is marked. Vectorised (one grouped pass).
    """
    if not {"task", "scorer", "outcome"} <= set(results.columns) or results.empty:
        return pd.Series(False, index=results.index, dtype=bool)
    outcome = results["outcome"]
    flags = pd.DataFrame(
        {
            "scaled": outcome.isin([outcomes.GRADED, outcomes.UNSCORED]).to_numpy(),
            "marked": outcome.isin([outcomes.CORRECT, outcomes.INCORRECT]).to_numpy(),
        },
        index=results.index,
    )
    keys = [results["task"].astype(str).fillna(""), results["scorer"].astype(str).fillna("")]
    seen = flags.groupby(keys, sort=False).transform("any")
    return (seen["scaled"] & ~seen["marked"]).astype(bool)


# Every outcome counted in its own column: all but correct and incorrect (correct has its
# column; incorrect is answered - correct - the answered outcomes counted here). New
# outcomes (``scoring/outcomes.py``) gain their column without a change here.
COUNTED_OUTCOMES = tuple(
    o for o in ACCURACY_OUTCOMES if o not in (outcomes.CORRECT, outcomes.INCORRECT)
)
# The keys of one cluster: an item (or, in a case tier, the case its questions share) of one
# task under one condition, with all its epochs.
CLUSTER_KEYS = ("task", "condition", "item_id")

ACCURACY_COLUMNS = [
    "n_items", "n_epochs", "n_rows", "answered", "correct", *COUNTED_OUTCOMES,
    "accuracy_answered", "ci_answered_low", "ci_answered_high",
    "accuracy_all", "ci_all_low", "ci_all_high", "method", "n_clusters", "n_eff_answered",
    "n_eff_all", "se_cluster_answered", "se_cluster_all", "small_sample_factor",
    "boot_answered_low", "boot_answered_high", "boot_all_low", "boot_all_high",
]  # fmt: skip


def _group_codes(
    frame: pd.DataFrame, columns: Sequence[str], known: dict | None = None
) -> np.ndarray:
    """Return one integer code per row for the sorted groups of `columns` (0 with none).

    The codes ``groupby(columns, sort=True, dropna=False).ngroup()`` gives, built from one
    sorted ``factorize`` per column: the combined code of a row is its columns' codes in
    mixed radix (lexicographic, as the groupby sorts), and the codes in use are numbered
    in order. Where the radix product would not fit in 63 bits, the groupby gives them.
    `known` holds each column's factorization across calls on the same frame.
    """
    known = {} if known is None else known
    if not columns:
        return np.zeros(len(frame), dtype=np.int64)
    combined = np.zeros(len(frame), dtype=np.int64)
    size = 1
    for column in columns:
        if column not in known:
            known[column] = pd.factorize(frame[column], sort=True, use_na_sentinel=False)
        codes, uniques = known[column]
        size *= max(1, len(uniques))
        if size >= 2**62:
            return (
                frame.groupby(list(columns), sort=True, dropna=False, observed=True)
                .ngroup()
                .to_numpy()
            )
        combined = combined * max(1, len(uniques)) + codes
    return _dense_codes(combined, size)


def _dense_codes(combined: np.ndarray, size: int) -> np.ndarray:
    """Return 0..k-1 codes of non-negative integers `combined` (< `size`), order kept."""
    if size <= 4 * combined.size + 1024:  # a table of every possible code is small
        present = np.zeros(size, dtype=bool)
        present[combined] = True
        return (np.cumsum(present) - 1)[combined]
    return np.unique(combined, return_inverse=True)[1].reshape(-1)


def _boot_interval(
    sums: list[np.ndarray], n_boot: int, seed: int, confidence: float
) -> list[list[float]]:
    """Return percentile intervals of ratio means, whole clusters resampled together.

    `sums` holds (numerator, denominator) pairs of per-cluster totals of one group; every
    pair is resampled with the same draws. Drawn in chunks of bounded memory.
    """
    g = sums[0].size
    rng = np.random.default_rng(seed)
    stacked = np.column_stack(sums)
    # Clusters with the same totals are interchangeable: drawing g clusters uniformly with
    # replacement draws each kind of cluster a Multinomial(g, share of that kind) number of
    # times. With replies scored 0/1 over a few epochs there are a few dozen kinds however
    # many items, so one multinomial draw per resample replaces g index draws: the same
    # distribution, at a cost that no longer grows with the number of items.
    kinds, counts = np.unique(stacked, axis=0, return_counts=True)
    boot = np.empty((n_boot, stacked.shape[1]))
    if len(kinds) * 4 < g:
        chunk = max(1, _CHUNK_CELLS // len(kinds))
        for start in range(0, n_boot, chunk):
            stop = min(n_boot, start + chunk)
            weights = rng.multinomial(g, counts / g, size=stop - start).astype(float)
            boot[start:stop] = weights @ kinds
    else:
        chunk = max(1, _CHUNK_CELLS // g)
        for start in range(0, n_boot, chunk):
            stop = min(n_boot, start + chunk)
            weights = resample_weights(rng.integers(0, g, size=(stop - start, g)), g)
            boot[start:stop] = weights @ stacked
    out = []
    with np.errstate(invalid="ignore", divide="ignore"):
        for i in range(0, stacked.shape[1], 2):
            out.append(percentile_interval(boot[:, i] / boot[:, i + 1], confidence))
    return out


def accuracy_two_denominators(
    results: pd.DataFrame,
    by: Sequence[str] = ("model", "task"),
    *,
    confidence: float = 0.95,
    n_boot: int = 2000,
    seed: int = 0,
    small_sample: bool = False,
) -> pd.DataFrame:
    """Return accuracy over answered items and over all items per group, clustered by item.

    The one accuracy estimator: the run summary, ``stats accuracy``, ``analyze``, the report
    and the leaderboard all take their accuracy from here. Rows whose outcome has an
    accuracy enter (``outcomes.ANSWERED`` and ``outcomes.EXCLUDED``); graded rubric rows do
    not, nor any row of a scorer that grades on a scale (:func:`on_a_scale`). A cluster is
    one item (``item_id``; in a case tier the case its questions share) of one task under
    one condition, with all its epochs. Columns: <by>..., n_items (items, not
    item-epochs), n_epochs (the most epochs any item has), n_rows, answered, correct, one
    count per other outcome (declined, parse_failed, error, unscored, ...),
    accuracy_answered with ci_answered_low/high, accuracy_all with ci_all_low/high, method
    (``wilson`` or ``wilson-clustered``), n_clusters, n_eff_answered, n_eff_all,
    se_cluster_answered, se_cluster_all, small_sample_factor (G/(G-1) when `small_sample`,
    else 1: the default, so that one reply per item gives plain Wilson), and the
    cluster-bootstrap intervals boot_answered_low/high, boot_all_low/high (NaN with one
    epoch). Each group's bootstrap is seeded by ``group_seed(seed, key)``.

    Works on grouped numpy arrays (one pass of ``bincount`` per total), so a million rows
    take seconds.

    References
    ----------
    .. [1] Wilson, E. B. (1927). Probable inference, the law of succession, and statistical
       inference. *Journal of the American Statistical Association*, 22(158), 209-212.
    .. [2] Kish, L. (1965). *Survey Sampling*. Wiley (the design effect and effective sample
       size behind ``n_eff`` and the clustered Wilson interval).
    .. [3] Miller, E. (2024). Adding error bars to evals: a statistical approach to language
       model evaluations. arXiv:2411.00640 (clustered standard errors over questions).
    """
    by = list(by)
    require_columns(results, [*by, "outcome", "item_id"])
    outcome = results["outcome"]
    keep = (outcome.isin(ACCURACY_OUTCOMES) & ~on_a_scale(results)).to_numpy()
    rows = results if keep.all() else results[keep]  # a filter copies every column
    if rows.empty:
        return pd.DataFrame(columns=[*by, *ACCURACY_COLUMNS])
    cluster_cols = [c for c in CLUSTER_KEYS if c in rows.columns and c not in by]
    known: dict = {}
    group = _group_codes(rows, by, known)
    cluster = _group_codes(rows, [*by, *cluster_cols], known)  # sorted by group first
    n_groups = int(group.max()) + 1
    n_clusters = int(cluster.max()) + 1
    cg = np.zeros(n_clusters, dtype=np.int64)
    cg[cluster] = group
    codes, names = pd.factorize(rows["outcome"])
    counts = np.zeros((n_groups, len(names)), dtype=np.int64)
    np.add.at(counts, (group, codes), 1)
    per = {name: counts[:, i] for i, name in enumerate(names)}
    is_correct = np.array([name == outcomes.CORRECT for name in names], dtype=bool)[codes]
    is_answered = np.array([name in outcomes.ANSWERED for name in names], dtype=bool)[codes]
    n_c = _sum_by(cluster, None, n_clusters)
    k_c = _sum_by(cluster, is_correct.astype(float), n_clusters)
    na_c = _sum_by(cluster, is_answered.astype(float), n_clusters)
    ka_c = _sum_by(cluster, (is_correct & is_answered).astype(float), n_clusters)
    e = _clustered_side(k_c, n_c, cg, n_groups, confidence, small_sample)
    a = _clustered_side(ka_c, na_c, cg, n_groups, confidence, small_sample)
    if "epoch" in rows.columns:
        epoch, _ = pd.factorize(rows["epoch"], use_na_sentinel=False)
        width = int(epoch.max()) + 1
        seen = np.zeros(n_clusters * width, dtype=bool)  # each (item, epoch) pair once
        seen[cluster.astype(np.int64) * width + epoch] = True
        epochs_c = seen.reshape(n_clusters, width).sum(axis=1)
        n_epochs = np.zeros(n_groups, dtype=np.int64)
        np.maximum.at(n_epochs, cg, epochs_c)
    else:
        n_epochs = np.ones(n_groups, dtype=np.int64)
    first = np.empty(n_groups, dtype=np.int64)  # each group's first row
    first[group[::-1]] = np.arange(len(group) - 1, -1, -1)
    keys = rows[by].iloc[first].reset_index(drop=True) if by else pd.DataFrame(index=[0])
    boot = np.full((n_groups, 4), math.nan)
    starts = np.searchsorted(cg, np.arange(n_groups + 1))
    for gi in range(n_groups):
        if e["one_each"][gi] or n_boot <= 0:
            continue
        named = {c: keys.at[gi, c] for c in by}
        sl = slice(starts[gi], starts[gi + 1])
        (b_a, b_e) = _boot_interval([ka_c[sl], na_c[sl], k_c[sl], n_c[sl]], n_boot,
                                    group_seed(seed, named), confidence)  # fmt: skip
        boot[gi] = [*b_a, *b_e]
    table = keys.copy() if by else pd.DataFrame(index=range(n_groups))
    table["n_items"] = e["n_clusters"].astype(int)
    table["n_epochs"] = n_epochs
    table["n_rows"] = e["n"].astype(int)
    table["answered"] = a["n"].astype(int)
    table["correct"] = e["k"].astype(int)
    for name in COUNTED_OUTCOMES:
        table[name] = per.get(name, np.zeros(n_groups, dtype=np.int64))
    no_answer = a["n"] == 0
    table["accuracy_answered"] = a["p"]
    table["ci_answered_low"] = np.where(no_answer, math.nan, a["low"])
    table["ci_answered_high"] = np.where(no_answer, math.nan, a["high"])
    table["accuracy_all"] = e["p"]
    table["ci_all_low"] = e["low"]
    table["ci_all_high"] = e["high"]
    table["method"] = np.where(e["one_each"], WILSON, WILSON_CLUSTERED)
    table["n_clusters"] = e["n_clusters"].astype(int)
    table["n_eff_answered"] = a["n_eff"]
    table["n_eff_all"] = e["n_eff"]
    table["se_cluster_answered"] = a["se"]
    table["se_cluster_all"] = e["se"]
    table["small_sample_factor"] = e["factor"]
    table["boot_answered_low"] = boot[:, 0]
    table["boot_answered_high"] = boot[:, 1]
    table["boot_all_low"] = boot[:, 2]
    table["boot_all_high"] = boot[:, 3]
    return table[[*by, *ACCURACY_COLUMNS]]


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
    columns = [*by, "n_items", "n_epochs"]
    if results.empty:
        return pd.DataFrame(columns=columns)
    # over grouped arrays: a cell is one item (and question) of a group, with its epochs
    known: dict = {}
    group = _group_codes(results, by, known)
    cell = _group_codes(results, keys, known)  # nested in the groups: `keys` starts with `by`
    n_groups, n_cells = int(group.max()) + 1, int(cell.max()) + 1
    cell_group = np.zeros(n_cells, dtype=np.int64)
    cell_group[cell] = group
    epochs_c = _distinct_per(cell, n_cells, pd.factorize(results["epoch"])[0])
    epochs = np.zeros(n_groups, dtype=np.int64)
    np.maximum.at(epochs, cell_group, epochs_c)
    response = pd.factorize(results["response"], use_na_sentinel=False)[0]
    low = np.full(n_cells, np.iinfo(np.int64).max)
    high = np.full(n_cells, -1)
    np.minimum.at(low, cell, response)
    np.maximum.at(high, cell, response)
    differs = np.bincount(cell_group, weights=low != high, minlength=n_groups) > 0
    items = _distinct_per(group, n_groups, pd.factorize(results["item_id"])[0])  # NaN: -1
    first = np.empty(n_groups, dtype=np.int64)  # each group's first row
    first[group[::-1]] = np.arange(len(group) - 1, -1, -1)
    chosen = np.flatnonzero((epochs >= 2) & ~differs)
    table = results[by].iloc[first[chosen]].reset_index(drop=True)
    table["n_items"] = items[chosen].astype(int)
    table["n_epochs"] = epochs[chosen].astype(int)
    return table[columns] if len(table) else pd.DataFrame(columns=columns)


def _distinct_per(codes: np.ndarray, size: int, values: np.ndarray) -> np.ndarray:
    """Return, for each of `size` codes, how many distinct `values` (>= 0; -1: missing) it has."""
    keep = values >= 0
    width = int(values.max(initial=-1)) + 1
    if width == 0:
        return np.zeros(size, dtype=np.int64)
    pairs = _dense_codes(codes[keep].astype(np.int64) * width + values[keep], size * width)
    owner = np.zeros(int(pairs.max(initial=-1)) + 1, dtype=np.int64)
    owner[pairs] = codes[keep]
    return np.bincount(owner, minlength=size)


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
