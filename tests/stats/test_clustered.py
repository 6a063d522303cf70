"""Clustered accuracy intervals, two denominators, and the deterministic-epochs warning."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from statsmodels.stats.proportion import proportion_confint

from clinbench.stats.repeated_epochs import (
    accuracy_two_denominators,
    cluster_bootstrap_means,
    cluster_robust_se,
    clustered_proportion,
    repeated_epochs,
    repeated_epochs_warning,
)


def _rows(outcomes_by_item: dict[str, list[str]], model: str = "m") -> pd.DataFrame:
    rows = []
    for item, per_epoch in outcomes_by_item.items():
        for epoch, outcome in enumerate(per_epoch, start=1):
            rows.append({"model": model, "task": "t", "condition": "default", "item_id": item,
                         "epoch": epoch, "outcome": outcome,
                         "response": f"{item}:{outcome}"})  # fmt: skip
    return pd.DataFrame(rows)


def _deterministic(epochs: int) -> pd.DataFrame:
    pattern = ["correct"] * 7 + ["incorrect"] * 2 + ["declined"]
    return _rows({f"i{i:02d}": [o] * epochs for i, o in enumerate(pattern)})


@pytest.mark.parametrize("epochs", [2, 3, 5])
def test_deterministic_epochs_give_the_one_epoch_interval(epochs):
    one = accuracy_two_denominators(_deterministic(1), by=["model"]).iloc[0]
    many = accuracy_two_denominators(_deterministic(epochs), by=["model"]).iloc[0]
    assert one["method"] == "wilson" and many["method"] == "wilson-clustered"
    assert (many["n_items"], many["n_epochs"], many["n_rows"]) == (10, epochs, 10 * epochs)
    assert many["n_clusters"] == 10 and many["n_eff_answered"] == pytest.approx(10)
    for side in ("answered", "all"):
        width_one = one[f"ci_{side}_high"] - one[f"ci_{side}_low"]
        width_many = many[f"ci_{side}_high"] - many[f"ci_{side}_low"]
        assert width_many == pytest.approx(width_one, abs=1e-9)
    # the cluster bootstrap of identical epochs is the one-epoch item bootstrap
    assert many["boot_answered_low"] <= many["accuracy_answered"] <= many["boot_answered_high"]


def test_all_correct_deterministic_model_does_not_narrow():
    # the example: 100% [34.2-100] on 2 items must not become [51.0-100] with epochs
    one = accuracy_two_denominators(_rows({"a": ["correct"], "b": ["correct"]})).iloc[0]
    three = accuracy_two_denominators(_rows({"a": ["correct"] * 3, "b": ["correct"] * 3})).iloc[0]
    assert one["ci_answered_low"] == pytest.approx(0.342, abs=1e-3)
    assert three["ci_answered_low"] == pytest.approx(one["ci_answered_low"])


def test_independent_epochs_narrow_the_interval():
    rng = np.random.default_rng(3)
    by_item = {f"i{i}": list(rng.choice(["correct", "incorrect"], 4)) for i in range(40)}
    four = accuracy_two_denominators(_rows(by_item)).iloc[0]
    first = accuracy_two_denominators(_rows({k: v[:1] for k, v in by_item.items()})).iloc[0]
    assert (four["ci_all_high"] - four["ci_all_low"]) < (first["ci_all_high"] - first["ci_all_low"])


def test_cluster_robust_se_against_statsmodels_and_formula():
    rng = np.random.default_rng(0)
    clusters = np.repeat(np.arange(25), 3)
    values = (rng.random(75) < 0.6).astype(float)
    se = cluster_robust_se(values, clusters)
    fit = sm.OLS(values, np.ones(75)).fit(
        cov_type="cluster", cov_kwds={"groups": clusters, "use_correction": False}
    )
    assert se == pytest.approx(fit.bse[0])
    # sandwich formula by hand: sqrt(sum_g (sum of residuals in g)^2) / N
    resid = values - values.mean()
    by_hand = math.sqrt(sum(resid[clusters == g].sum() ** 2 for g in range(25))) / 75
    assert se == pytest.approx(by_hand)


def test_one_observation_per_item_is_plain_wilson():
    out = clustered_proportion(np.array([1, 1, 0, 1.0]), np.array(["a", "b", "c", "d"]))
    low, high = proportion_confint(3, 4, method="wilson")
    assert out["method"] == "wilson" and (out["ci_low"], out["ci_high"]) == pytest.approx(
        (low, high)
    )


def test_two_denominators():
    table = _rows({"a": ["correct"], "b": ["incorrect"], "c": ["declined"], "d": ["parse_failed"],
                   "e": ["error"], "f": ["correct"]})  # fmt: skip
    row = accuracy_two_denominators(table).iloc[0]
    assert (row["answered"], row["correct"], row["n_rows"]) == (4, 2, 6)
    assert row["accuracy_answered"] == pytest.approx(2 / 4)
    assert row["accuracy_all"] == pytest.approx(2 / 6)
    assert (row["parse_failed"], row["error"], row["declined"]) == (1, 1, 1)


def test_cluster_bootstrap_is_seeded_and_memory_chunked():
    values = np.arange(10, dtype=float) % 2
    clusters = np.arange(10)
    a = cluster_bootstrap_means(values, clusters, n_boot=300_000, seed=1)
    b = cluster_bootstrap_means(values, clusters, n_boot=300_000, seed=1)
    assert a.shape == (300_000,) and np.array_equal(a, b)
    assert abs(a.mean() - 0.5) < 0.01


def test_repeated_epochs_are_detected_and_warned():
    det = _deterministic(3)
    varied = _rows({"x": ["correct", "incorrect", "correct"]}, model="v")
    found = repeated_epochs(pd.concat([det, varied]), by=["model"])
    assert found["model"].tolist() == ["m"] and found["n_epochs"].tolist() == [3]
    assert "m (3 epochs)" in repeated_epochs_warning(det)
    assert repeated_epochs_warning(_deterministic(1)) == ""


@pytest.mark.parametrize("small_sample", [False, True])
def test_grouped_estimator_matches_statsmodels_in_every_group(small_sample):
    # several models, 3 epochs of 30 items with independent replies, and a few exclusions
    rng = np.random.default_rng(7)
    frames = []
    for model, p in (("a", 0.55), ("b", 0.8), ("c", 0.3)):
        shares = [p, 0.95 - p, 0.05]
        kinds = ["correct", "incorrect", "parse_failed"]
        by_item = {f"i{i:02d}": list(rng.choice(kinds, 3, p=shares)) for i in range(30)}
        frames.append(_rows(by_item, model=model))
    table = pd.concat(frames, ignore_index=True)
    out = accuracy_two_denominators(table, by=["model"], small_sample=small_sample)
    assert out["model"].tolist() == ["a", "b", "c"]
    for _, row in out.iterrows():
        part = table[table["model"] == row["model"]]
        values = (part["outcome"] == "correct").to_numpy(float)
        codes = pd.factorize(part["item_id"])[0]
        fit = sm.OLS(values, np.ones_like(values)).fit(
            cov_type="cluster", cov_kwds={"groups": codes, "use_correction": small_sample}
        )
        assert row["se_cluster_all"] == pytest.approx(fit.bse[0])
        assert row["small_sample_factor"] == pytest.approx(30 / 29 if small_sample else 1.0)
        n_eff = min(90, values.mean() * (1 - values.mean()) / fit.bse[0] ** 2)
        low, high = proportion_confint(values.mean() * n_eff, n_eff, method="wilson")
        assert (row["ci_all_low"], row["ci_all_high"]) == pytest.approx((low, high))
        assert (row["n_items"], row["n_epochs"], row["n_rows"]) == (30, 3, 90)
        answered = part["outcome"] != "parse_failed"
        single = clustered_proportion(values[answered.to_numpy()],
                                      part["item_id"][answered].to_numpy(),
                                      small_sample=small_sample)  # fmt: skip
        assert row["accuracy_answered"] == pytest.approx(single["p"])
        assert row["ci_answered_low"] == pytest.approx(single["ci_low"])
        assert cluster_robust_se(values, codes, small_sample=small_sample) == pytest.approx(
            fit.bse[0]
        )


def test_new_outcomes_get_their_own_count_column():
    from clinbench.scoring import outcomes
    from clinbench.stats.repeated_epochs import ACCURACY_COLUMNS

    for outcome in (*outcomes.ANSWERED, *outcomes.EXCLUDED):
        if outcome not in (outcomes.CORRECT, outcomes.INCORRECT):
            assert outcome in ACCURACY_COLUMNS


def test_an_outcome_added_later_counts_as_not_correct_over_all_items(monkeypatch):
    """A new outcome (the reading helper's `refused`, say) flows through without edits here."""
    import importlib

    from clinbench.scoring import outcomes
    from clinbench.stats import repeated_epochs as clustered

    monkeypatch.setattr(outcomes, "OUTCOMES", (*outcomes.OUTCOMES, "refused"))
    fresh = importlib.reload(clustered)
    try:
        row = fresh.accuracy_two_denominators(
            _rows({"a": ["correct"], "b": ["refused"], "c": ["incorrect"]})
        ).iloc[0]
        assert row["refused"] == 1 and row["n_rows"] == 3
        assert row["accuracy_all"] == pytest.approx(1 / 3)
    finally:
        monkeypatch.undo()
        importlib.reload(clustered)
