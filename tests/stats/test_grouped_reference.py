"""The grouped-array accuracy estimator against a plain per-group reference, on random data.

The reference takes each group and each item with pandas ``groupby`` loops, the SE from
statsmodels' cluster-robust OLS, Wilson's interval from ``proportion_confint`` and the
cluster bootstrap from the seeded draws the estimator documents (one multinomial over kinds
of item where kinds are few, else whole-item index draws), so every column, bootstrap
intervals included, must be the same numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from statsmodels.stats.proportion import proportion_confint

from clinbench.scoring import outcomes
from clinbench.stats._common import group_seed, percentile_interval
from clinbench.stats.repeated_epochs import (
    ACCURACY_COLUMNS,
    ACCURACY_OUTCOMES,
    COUNTED_OUTCOMES,
    _group_codes,
    accuracy_two_denominators,
    repeated_epochs,
)


def _random_results(seed: int) -> pd.DataFrame:
    """Models x tasks x conditions x items with 1-4 epochs, every outcome, some graded rows."""
    rng = np.random.default_rng(seed)
    kinds = ["correct", "incorrect", "declined", "parse_failed", "error", "graded",
             "cannot_answer", "refused"]  # fmt: skip
    rows = []
    for model, skill in (("vendor/b", 0.7), ("vendor/a", 0.4), ("z", 1.0), ("one-epoch", 0.6)):
        for task in ("t2", "t1"):
            for condition in ("default", "rule"):
                for item in range(int(rng.integers(3, 40))):
                    epochs = 1 if model == "one-epoch" else int(rng.integers(1, 5))
                    for epoch in range(1, epochs + 1):
                        if skill == 1.0:  # a model that is always right (no variance)
                            outcome = "correct"
                        else:
                            p = [skill, 0.8 - skill, 0.05, 0.05, 0.03, 0.03, 0.02, 0.02]
                            outcome = str(rng.choice(kinds, p=p))
                        rows.append({"model": model, "task": task, "condition": condition,
                                     "item_id": f"i{item:03d}", "epoch": epoch,
                                     "outcome": outcome,
                                     "response": f"r{rng.integers(3)}"})  # fmt: skip
    return pd.DataFrame(rows)


def _boot(sums: list[np.ndarray], n_boot: int, seed: int, drawn: set[str]) -> list[list[float]]:
    """The documented cluster bootstrap, drawn in one piece (no chunks); `drawn` gets how."""
    g = sums[0].size
    rng = np.random.default_rng(seed)
    stacked = np.column_stack(sums)
    kinds, counts = np.unique(stacked, axis=0, return_counts=True)
    drawn.add("kinds" if len(kinds) * 4 < g else "items")
    if len(kinds) * 4 < g:
        boot = rng.multinomial(g, counts / g, size=n_boot).astype(float) @ kinds
    else:
        idx = rng.integers(0, g, size=(n_boot, g))
        weights = np.stack([np.bincount(row, minlength=g) for row in idx]).astype(float)
        boot = weights @ stacked
    with np.errstate(invalid="ignore", divide="ignore"):
        return [percentile_interval(boot[:, i] / boot[:, i + 1], 0.95) for i in (0, 2)]


def _side(k_c: np.ndarray, n_c: np.ndarray, values: np.ndarray, clusters: np.ndarray):
    """Return (p, se, n_eff, low, high) the plain way: statsmodels on the rows."""
    n, g = len(values), int((n_c > 0).sum())
    if n == 0:
        return math.nan, math.nan, math.nan, math.nan, math.nan
    p = values.mean()
    if g == n:  # one reply per item: plain Wilson
        se, n_eff = math.sqrt(p * (1 - p) / n), n
    else:
        if np.all(values == values[0]):
            se = 0.0
        else:
            fit = sm.OLS(values, np.ones_like(values)).fit(
                cov_type="cluster", cov_kwds={"groups": clusters, "use_correction": False}
            )
            se = float(fit.bse[0])
        n_eff = g if p in (0, 1) or not se > 0 else min(n, p * (1 - p) / se**2)
    low, high = proportion_confint(p * n_eff, n_eff, method="wilson")
    return p, se, n_eff, float(np.clip(low, 0, 1)), float(np.clip(high, 0, 1))


def _reference(
    results: pd.DataFrame, by: list[str], n_boot: int, seed: int, drawn: set[str]
) -> pd.DataFrame:
    rows = results[results["outcome"].isin(ACCURACY_OUTCOMES)]
    cluster_cols = [c for c in ("task", "condition", "item_id") if c not in by]
    out = []
    for key, group in rows.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        named = dict(zip(by, key, strict=True))
        per_item = group.groupby(cluster_cols, sort=True)
        totals = pd.DataFrame({
            "n": per_item.size(),
            "k": per_item["outcome"].agg(lambda s: (s == "correct").sum()),
            "na": per_item["outcome"].agg(lambda s: s.isin(outcomes.ANSWERED).sum()),
            "ka": per_item["outcome"].agg(lambda s: (s == "correct").sum()),
        }).astype(float)  # fmt: skip
        cluster = per_item.ngroup().to_numpy()
        correct = (group["outcome"] == "correct").to_numpy(float)
        answered = group["outcome"].isin(outcomes.ANSWERED).to_numpy()
        p_all, se_all, ne_all, lo_all, hi_all = _side(totals["k"], totals["n"], correct, cluster)
        p_a, se_a, ne_a, lo_a, hi_a = _side(totals["ka"], totals["na"], correct[answered],
                                            cluster[answered])  # fmt: skip
        one_each = len(totals) == len(group)
        b_a = b_e = [math.nan, math.nan]
        if not one_each:
            sums = [totals[c].to_numpy() for c in ("ka", "na", "k", "n")]
            b_a, b_e = _boot(sums, n_boot, group_seed(seed, named), drawn)
        counts = group["outcome"].value_counts()
        row = named | {
            "n_items": len(totals), "n_epochs": int(per_item["epoch"].nunique().max()),
            "n_rows": len(group), "answered": int(answered.sum()), "correct": int(correct.sum()),
            **{o: int(counts.get(o, 0)) for o in COUNTED_OUTCOMES},
            "accuracy_answered": p_a, "ci_answered_low": lo_a, "ci_answered_high": hi_a,
            "accuracy_all": p_all, "ci_all_low": lo_all, "ci_all_high": hi_all,
            "method": "wilson" if one_each else "wilson-clustered", "n_clusters": len(totals),
            "n_eff_answered": ne_a, "n_eff_all": ne_all, "se_cluster_answered": se_a,
            "se_cluster_all": se_all, "small_sample_factor": 1.0,
            "boot_answered_low": b_a[0], "boot_answered_high": b_a[1],
            "boot_all_low": b_e[0], "boot_all_high": b_e[1],
        }  # fmt: skip
        out.append(row)
    return pd.DataFrame(out, columns=[*by, *ACCURACY_COLUMNS])


@pytest.mark.parametrize(
    ("seed", "by"),
    [
        (0, ["model"]),
        (1, ["model", "task"]),
        (2, ["task", "condition"]),
        (3, ["model", "task", "condition"]),
    ],
)
def test_estimator_gives_the_reference_numbers_bootstrap_included(seed, by):
    results = _random_results(seed)
    got = accuracy_two_denominators(results, by=by, n_boot=500, seed=seed)
    drawn: set[str] = set()
    want = _reference(results, by, n_boot=500, seed=seed, drawn=drawn)
    assert list(got.columns) == list(want.columns)
    assert len(got) == len(want) > 2
    for column in want.columns:
        if pd.api.types.is_numeric_dtype(want[column]):
            np.testing.assert_allclose(got[column].to_numpy(float), want[column].to_numpy(float),
                                       rtol=1e-12, atol=1e-12, err_msg=column)  # fmt: skip
        else:
            assert got[column].astype(str).tolist() == want[column].astype(str).tolist(), column
    assert got["boot_all_low"].notna().any()
    if "model" in by:  # the one-epoch model: plain Wilson, no bootstrap
        assert got["method"].eq("wilson").any()
    if len(by) == 3:  # small groups: whole-item index draws as well as draws over kinds
        assert drawn == {"kinds", "items"}


def test_bootstrap_intervals_are_reproducible_and_move_with_the_seed():
    results = _random_results(5)
    first = accuracy_two_denominators(results, by=["model"], seed=11)
    again = accuracy_two_denominators(results, by=["model"], seed=11)
    other = accuracy_two_denominators(results, by=["model"], seed=12)
    boot = ["boot_all_low", "boot_all_high", "boot_answered_low", "boot_answered_high"]
    pd.testing.assert_frame_equal(first, again)
    assert not first[boot].fillna(-1).equals(other[boot].fillna(-1))


def test_group_codes_are_the_groupby_numbering():
    rng = np.random.default_rng(4)
    n = 3000
    frame = pd.DataFrame({
        "text": rng.choice(["b", "a", "", "c"], n),
        "number": rng.choice([3, 1, 2], n),
        "float": rng.choice([1.5, np.nan, 0.2], n),
        "missing": pd.Series(rng.choice(["p", None, "q"], n), dtype=object),
    })  # fmt: skip
    for columns in (["text"], ["number", "text"], ["float", "text"], ["missing", "float"]):
        want = frame.groupby(columns, sort=True, dropna=False).ngroup().to_numpy()
        np.testing.assert_array_equal(_group_codes(frame, columns), want)


def _repeated_reference(results: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    keys = list(dict.fromkeys([*by, "task", "condition", "item_id"]))
    out = []
    for key, group in results.groupby(by, sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        per_item = group.groupby(keys, dropna=False)
        epochs = int(per_item["epoch"].nunique().max())
        if epochs >= 2 and bool((per_item["response"].nunique(dropna=False) == 1).all()):
            counts = {"n_items": int(group["item_id"].nunique()), "n_epochs": epochs}
            out.append(dict(zip(by, key, strict=True)) | counts)
    return pd.DataFrame(out, columns=[*by, "n_items", "n_epochs"])


def test_repeated_epochs_over_arrays_match_a_groupby_loop():
    rng = np.random.default_rng(9)
    found = 0
    for trial in range(60):
        results = _random_results(trial).head(int(rng.integers(5, 400)))
        if trial % 2:  # a model that repeats itself
            results = results.assign(response=results["item_id"])
        by = [["model"], ["model", "task"], ["task"]][trial % 3]
        got = repeated_epochs(results, by=by)
        want = _repeated_reference(results, by)
        assert got.astype(str).values.tolist() == want.astype(str).values.tolist(), trial
        found += len(want)
    assert found > 0
