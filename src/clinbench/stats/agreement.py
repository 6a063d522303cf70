"""Agreement between two raters (or an adjudicator and a human), and among three or more.

Cohen's kappa (unweighted, and quadratic-weighted for ordered grades) with a seeded
percentile bootstrap; exact and within-one-category agreement; Fleiss' kappa; for binary
labels PABAK, the prevalence and bias indices and the maximum attainable kappa (Byrt, Bishop
& Carlin 1993; Sim & Wright 2005); sensitivity, specificity, PPV and NPV against a reference
rater with Wilson intervals; ICC(2,1) on grade-midpoint scores.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from clinbench.stats._common import (
    StatsInputError,
    ci_name,
    drop_missing,
    encode,
    infer_categories,
    percentile_interval,
    require_columns,
    to_binary,
)
from clinbench.stats.proportions import wilson_interval

WEIGHTS = (None, "linear", "quadratic")


def _disagreement_weights(k: int, weights: str | None) -> np.ndarray:
    i, j = np.indices((k, k))
    if weights is None:
        return (i != j).astype(float)
    if weights == "linear":
        return np.abs(i - j).astype(float)
    if weights == "quadratic":
        return ((i - j) ** 2).astype(float)
    raise ValueError(f"weights must be one of {WEIGHTS}, got {weights!r}")


def kappa_from_tables(tables: np.ndarray, weights: str | None = None) -> np.ndarray:
    """Return Cohen's kappa for each confusion table in a (..., K, K) array of counts.

    Same formula as sklearn.metrics.cohen_kappa_score (1 - sum(w*O)/sum(w*E)); written here
    over a stack of tables because sklearn scores one pair of label vectors per call, which
    makes a 2,000-resample bootstrap a Python loop. NaN where kappa is undefined.
    """
    tables = np.asarray(tables, dtype=float)
    k = tables.shape[-1]
    w = _disagreement_weights(k, weights)
    n = tables.sum(axis=(-2, -1), keepdims=True)
    rows = tables.sum(axis=-1, keepdims=True)  # (..., K, 1)
    cols = tables.sum(axis=-2, keepdims=True)  # (..., 1, K)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = rows * cols / n
        observed_d = (w * tables).sum(axis=(-2, -1))
        expected_d = (w * expected).sum(axis=(-2, -1))
        kappa = 1.0 - observed_d / expected_d
    return np.where(expected_d > 0, kappa, np.nan)


def _tables(codes_a: np.ndarray, codes_b: np.ndarray, k: int, idx: np.ndarray | None = None):
    pair = codes_a * k + codes_b
    if idx is None:
        return np.bincount(pair, minlength=k * k).reshape(k, k)
    b = idx.shape[0]
    flat = (np.arange(b)[:, None] * (k * k) + pair[idx]).ravel()
    return np.bincount(flat, minlength=b * k * k).reshape(b, k, k)


# Memory bound of one chunk of bootstrap tables: ~2 million cells.
_CHUNK_CELLS = 2_000_000


def bootstrap_tables(table: np.ndarray, n_boot: int, seed: int = 0) -> np.ndarray:
    """Return `n_boot` bootstrap resamples of a K x K confusion table, shape (n_boot, K, K).

    Resampling the n rated pairs with replacement and tallying them is one multinomial draw
    of n over the K x K cell shares, so each resample costs O(K^2), not O(n), and memory is
    n_boot x K^2 (drawn in chunks) whatever the number of rows.
    """
    table = np.asarray(table)
    n = int(table.sum())
    k2 = table.size
    rng = np.random.default_rng(seed)
    out = np.empty((n_boot, k2), dtype=np.int64)
    chunk = max(1, _CHUNK_CELLS // k2)
    for start in range(0, n_boot, chunk):
        stop = min(n_boot, start + chunk)
        out[start:stop] = rng.multinomial(n, table.ravel() / n, size=stop - start)
    return out.reshape(n_boot, *table.shape)


def _codes(data: pd.DataFrame, a: str, b: str, categories: Sequence | None, binary: bool):
    require_columns(data, [a, b])
    rows = drop_missing(data, [a, b])
    if binary:
        ca = to_binary(rows[a], a).astype(np.int64)
        cb = to_binary(rows[b], b).astype(np.int64)
        return ca, cb, [False, True]
    cats = list(categories) if categories is not None else infer_categories(rows[a], rows[b])
    return encode(rows[a], cats, a), encode(rows[b], cats, b), cats


def cohen_kappa(
    data: pd.DataFrame,
    a: str,
    b: str,
    weights: str | None = None,
    categories: Sequence | None = None,
    binary: bool = False,
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return one row: n, kappa, its percentile-bootstrap interval (CI95%), weights, n_boot.

    `weights` is None (unweighted), "linear" or "quadratic". Ordered labels take the A-F
    order for letter grades, numeric order for numbers, or the declared `categories`.
    `binary=True` reads 1/0, true/false, yes/no labels. Rows missing either label are left
    out (n counts the pairs used). Resamples are multinomial draws over the confusion table
    (``bootstrap_tables``) from `numpy.random.default_rng(seed)`.
    """
    ca, cb, cats = _codes(data, a, b, categories, binary)
    n = len(ca)
    if n == 0:
        raise StatsInputError(f"no rows with both {a!r} and {b!r}")
    k = len(cats)
    table = _tables(ca, cb, k)
    kappa = float(kappa_from_tables(table, weights))
    boot = kappa_from_tables(bootstrap_tables(table, n_boot, seed), weights)
    return pd.DataFrame(
        {
            "n": [n],
            "kappa": [kappa],
            ci_name(confidence): [percentile_interval(boot, confidence)],
            "weights": [weights or "none"],
            "n_boot": [n_boot],
        }
    )


def ordinal_agreement(
    data: pd.DataFrame, a: str, b: str, categories: Sequence | None = None
) -> pd.DataFrame:
    """Return one row: n, exact agreement and agreement within one category (proportions)."""
    ca, cb, _ = _codes(data, a, b, categories, binary=False)
    n = len(ca)
    diff = np.abs(ca - cb)
    return pd.DataFrame(
        {
            "n": [n],
            "exact": [int((diff == 0).sum())],
            "within_one": [int((diff <= 1).sum())],
            "exact_agreement": [float((diff == 0).mean()) if n else np.nan],
            "within_one_agreement": [float((diff <= 1).mean()) if n else np.nan],
        }
    )


def binary_table(data: pd.DataFrame, test: str, reference: str) -> dict[str, int]:
    """Return the 2x2 counts TP, FP, FN, TN of `test` labels against `reference` labels."""
    t, r, _ = _codes(data, test, reference, None, binary=True)
    t, r = t.astype(bool), r.astype(bool)
    return {
        "TP": int((t & r).sum()),
        "FP": int((t & ~r).sum()),
        "FN": int((~t & r).sum()),
        "TN": int((~t & ~r).sum()),
    }


def binary_indices(tp: int, fp: int, fn: int, tn: int) -> dict[str, float]:
    """Return raw agreement, kappa, PABAK, prevalence index, bias index and kappa max of a 2x2.

    Hand-written: no maintained Python library reports PABAK, the prevalence/bias indices or
    the marginal-constrained maximum kappa. Definitions (Byrt et al. 1993; Sim & Wright 2005):
    PABAK = 2*p_o - 1; prevalence index = |TP - TN| / n; bias index = |FP - FN| / n;
    kappa_max = (p_o,max - p_e) / (1 - p_e) with p_o,max = sum of min(row_i, col_i) / n.
    """
    n = tp + fp + fn + tn
    if n == 0:
        raise StatsInputError("empty 2x2 table")
    po = (tp + tn) / n
    test_pos, test_neg = tp + fp, fn + tn
    ref_pos, ref_neg = tp + fn, fp + tn
    pe = (test_pos * ref_pos + test_neg * ref_neg) / n**2
    po_max = (min(test_pos, ref_pos) + min(test_neg, ref_neg)) / n
    undefined = pe == 1
    return {
        "n": n,
        "raw_agreement": po,
        "kappa": float("nan") if undefined else (po - pe) / (1 - pe),
        "PABAK": 2 * po - 1,
        "prevalence_index": abs(tp - tn) / n,
        "bias_index": abs(fp - fn) / n,
        "kappa_max": float("nan") if undefined else (po_max - pe) / (1 - pe),
    }


def binary_agreement(data: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """Return one row: the 2x2 counts (a as test, b as reference) and the binary indices."""
    counts = binary_table(data, a, b)
    indices = binary_indices(counts["TP"], counts["FP"], counts["FN"], counts["TN"])
    return pd.DataFrame([{**counts, **indices}])


def diagnostic_accuracy(
    data: pd.DataFrame, test: str, reference: str, confidence: float = 0.95
) -> pd.DataFrame:
    """Return sensitivity, specificity, PPV and NPV of `test` against `reference`, Wilson CIs.

    One row per measure with columns measure, k, n, value, CI95%.
    """
    c = binary_table(data, test, reference)
    parts = [
        ("sensitivity", c["TP"], c["TP"] + c["FN"]),
        ("specificity", c["TN"], c["TN"] + c["FP"]),
        ("PPV", c["TP"], c["TP"] + c["FP"]),
        ("NPV", c["TN"], c["TN"] + c["FN"]),
    ]
    rows = []
    for name, k, n in parts:
        rows.append(
            {
                "measure": name,
                "k": k,
                "n": n,
                "value": k / n if n else float("nan"),
                ci_name(confidence): list(wilson_interval(k, n, confidence=confidence)),
            }
        )
    return pd.DataFrame(rows)


def fleiss_kappa(
    data: pd.DataFrame, raters: Sequence[str], categories: Sequence | None = None
) -> pd.DataFrame:
    """Return one row: n items, number of raters, and Fleiss' kappa (statsmodels)."""
    from statsmodels.stats.inter_rater import aggregate_raters
    from statsmodels.stats.inter_rater import fleiss_kappa as _fleiss

    raters = list(raters)
    if len(raters) < 3:
        raise StatsInputError("Fleiss' kappa needs three or more rater columns")
    require_columns(data, raters)
    rows = drop_missing(data, raters)
    cats = (
        list(categories) if categories is not None else infer_categories(*[rows[r] for r in raters])
    )
    codes = np.column_stack([encode(rows[r], cats, r) for r in raters])
    table, _ = aggregate_raters(codes, n_cat=len(cats))
    return pd.DataFrame(
        {"n": [len(rows)], "raters": [len(raters)], "kappa": [float(_fleiss(table, "fleiss"))]}
    )


def grade_scores(values: pd.Series, midpoints: Mapping[str, float] | None = None) -> pd.Series:
    """Return 0-100 scores for letter grades by their band midpoints (numbers pass through)."""
    if midpoints is None:
        from clinbench.scoring.rubric import grade_midpoints  # on first use: reads the registry

        midpoints = grade_midpoints()
    midpoints = dict(midpoints)
    lookup = {str(k).strip().upper(): v for k, v in midpoints.items()}

    def one(index, value):
        if isinstance(value, int | float | np.integer | np.floating) and not isinstance(
            value, bool
        ):
            return float(value)
        key = str(value).strip().upper()
        if key not in lookup:
            raise StatsInputError(f"row {index}: {value!r} is not a grade in {list(lookup)}")
        return lookup[key]

    return pd.Series([one(i, v) for i, v in values.items()], index=values.index, dtype=float)


# pingouin renamed its ICC types in 0.6 (ICC1 -> ICC(1,1), ICC2 -> ICC(A,1), ICC3 -> ICC(C,1)).
_ICC_OLD_NAMES = {"ICC(1,1)": "ICC1", "ICC(A,1)": "ICC2", "ICC(C,1)": "ICC3"}


def pingouin_icc_row(table: pd.DataFrame, icc_type: str) -> pd.Series:
    """Return the row of a pingouin ICC table for `icc_type`, under its new or old name."""
    by_type = table.set_index("Type")
    for name in (icc_type, _ICC_OLD_NAMES.get(icc_type)):
        if name in by_type.index:
            return by_type.loc[name]
    raise KeyError(f"pingouin ICC table has no {icc_type} row: {list(by_type.index)}")


def icc_agreement(
    data: pd.DataFrame,
    a: str,
    b: str,
    midpoints: Mapping[str, float] | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return pingouin's ICC(2,1) row (two-way random, absolute agreement, single rater).

    Letter grades are mapped to band-midpoint scores first (the registered rubric's, by default).
    Columns: n, ICC, F, df1, df2, pval, CI95%.
    """
    import pingouin as pg

    if abs(confidence - 0.95) > 1e-12:
        raise StatsInputError("pingouin's ICC interval is 95% only")
    require_columns(data, [a, b])
    rows = drop_missing(data, [a, b])
    long = pd.DataFrame(
        {
            "target": np.tile(np.arange(len(rows)), 2),
            "rater": np.repeat([a, b], len(rows)),
            "score": np.concatenate(
                [grade_scores(rows[a], midpoints).to_numpy(), grade_scores(rows[b], midpoints)]
            ),
        }
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pandas deprecation noise from inside pingouin
        table = pg.intraclass_corr(long, targets="target", raters="rater", ratings="score")
    row = pingouin_icc_row(table, "ICC(A,1)")
    ci_col = [c for c in table.columns if c.startswith("CI")][0]
    ci = [float(x) for x in row[ci_col]]
    out = {
        "n": len(rows),
        "ICC": float(row["ICC"]),
        "F": float(row["F"]),
        "df1": float(row["df1"]),
        "df2": float(row["df2"]),
        "pval": float(row["pval"]),
        ci_name(confidence): ci,
    }
    return pd.DataFrame([out])


def agreement_summary(
    data: pd.DataFrame,
    a: str,
    b: str,
    kind: str = "binary",
    reference: str | None = None,
    categories: Sequence | None = None,
    n_boot: int = 2000,
    seed: int = 0,
) -> dict:
    """Return the agreement figures of two label columns as a JSON-ready dict.

    kind="binary": n, raw_agreement, kappa, kappa_ci, pabak, prevalence_index, bias_index,
    kappa_max, and (with `reference` = "a" or "b") sensitivity, specificity, ppv, npv as
    {"value", "ci"} of the other column against the reference.
    kind="ordinal": n, raw_agreement, kappa, kappa_ci, kappa_quadratic, kappa_quadratic_ci,
    exact_agreement, within_one.
    """
    if kind not in ("binary", "ordinal"):
        raise StatsInputError(f"kind must be 'binary' or 'ordinal', got {kind!r}")
    if reference not in (None, "a", "b"):
        raise StatsInputError(f"reference must be 'a' or 'b', got {reference!r}")
    out: dict = {}
    if kind == "binary":
        k = cohen_kappa(data, a, b, binary=True, n_boot=n_boot, seed=seed)
        ind = binary_agreement(data, a, b).iloc[0]
        out = {
            "n": int(ind["n"]),
            "raw_agreement": float(ind["raw_agreement"]),
            "kappa": float(k["kappa"].iloc[0]),
            "kappa_ci": k["CI95%"].iloc[0],
            "pabak": float(ind["PABAK"]),
            "prevalence_index": float(ind["prevalence_index"]),
            "bias_index": float(ind["bias_index"]),
            "kappa_max": float(ind["kappa_max"]),
        }
        if reference is not None:
            test, ref = (b, a) if reference == "a" else (a, b)
            acc = diagnostic_accuracy(data, test, ref).set_index("measure")
            for name, key in [
                ("sensitivity", "sensitivity"),
                ("specificity", "specificity"),
                ("PPV", "ppv"),
                ("NPV", "npv"),
            ]:
                out[key] = {
                    "value": float(acc.loc[name, "value"]),
                    "ci": [float(x) for x in acc.loc[name, "CI95%"]],
                }
    else:
        if reference is not None:
            raise StatsInputError("--reference applies to binary labels only")
        unweighted = cohen_kappa(data, a, b, categories=categories, n_boot=n_boot, seed=seed)
        quadratic = cohen_kappa(
            data, a, b, weights="quadratic", categories=categories, n_boot=n_boot, seed=seed
        )
        ratios = ordinal_agreement(data, a, b, categories=categories).iloc[0]
        out = {
            "n": int(ratios["n"]),
            "raw_agreement": float(ratios["exact_agreement"]),
            "kappa": float(unweighted["kappa"].iloc[0]),
            "kappa_ci": unweighted["CI95%"].iloc[0],
            "kappa_quadratic": float(quadratic["kappa"].iloc[0]),
            "kappa_quadratic_ci": quadratic["CI95%"].iloc[0],
            "exact_agreement": float(ratios["exact_agreement"]),
            "within_one": float(ratios["within_one_agreement"]),
        }
    return out


__all__ = [
    "agreement_summary",
    "binary_agreement",
    "binary_indices",
    "binary_table",
    "cohen_kappa",
    "diagnostic_accuracy",
    "fleiss_kappa",
    "grade_scores",
    "icc_agreement",
    "kappa_from_tables",
    "ordinal_agreement",
]
