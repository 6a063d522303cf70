"""Clustering and sensitivity analyses against pingouin, ANOVA algebra and explicit loops."""

import numpy as np
import pandas as pd
import pingouin as pg
import pytest
from scipy import stats

from clinbench.stats.agreement import pingouin_icc_row
from clinbench.stats.case_clustering import (
    all_fail_cooccurrence,
    case_bootstrap,
    case_bootstraps,
    icc_oneway,
    leave_one_case_out,
    mixed_model,
)
from clinbench.stats.synthetic import synthetic_case_results


@pytest.fixture(scope="module")
def cases():
    return synthetic_case_results(n_models=4, n_cases=25, seed=11)


def test_icc11_matches_pingouin_on_a_complete_grid(cases):
    out = icc_oneway(cases, "score", "item_id").iloc[0]
    long = cases.assign(rater=cases["model"] + cases["question"])
    ref = pingouin_icc_row(
        pg.intraclass_corr(long, targets="item_id", raters="rater", ratings="score"), "ICC(1,1)"
    )
    assert out["ICC"] == pytest.approx(ref["ICC"])
    assert out["F"] == pytest.approx(ref["F"])
    assert (out["df1"], out["df2"]) == (24, 25 * 11)


def test_icc11_f_test_matches_scipy_anova(cases):
    uneven = cases.drop(index=cases.index[:7])
    out = icc_oneway(uneven, "score", "item_id").iloc[0]
    f, p = stats.f_oneway(*[g.score for _, g in uneven.groupby("item_id")])
    assert out["F"] == pytest.approx(f) and out["pval"] == pytest.approx(p)


def test_mixed_model_matches_balanced_anova(cases):
    res = mixed_model(cases, "score", "question", "item_id")
    # Balanced additive layout: REML equals the ANOVA (method-of-moments) estimates
    y = cases["score"].to_numpy()
    grand = y.mean()
    c_mean = cases.groupby("item_id")["score"].transform("mean").to_numpy()
    q_mean = cases.groupby("question")["score"].transform("mean").to_numpy()
    resid = y - c_mean - q_mean + grand
    n_cases, n_q, per_cell = 25, 3, 4
    df_resid = len(y) - n_cases - n_q + 1
    ms_resid = (resid**2).sum() / df_resid
    ms_case = n_q * per_cell * ((cases.groupby("item_id")["score"].mean() - grand) ** 2).sum()
    ms_case /= n_cases - 1
    var_case = (ms_case - ms_resid) / (n_q * per_cell)
    assert res.residual_variance == pytest.approx(ms_resid, rel=1e-3)
    assert res.case_variance == pytest.approx(var_case, rel=1e-2)
    assert res.icc == pytest.approx(var_case / (var_case + ms_resid), rel=1e-2)
    q = cases.groupby("question")["score"].mean()
    coef = res.fixed.set_index("term")["coef"]
    assert coef["question[T.Q3]"] == pytest.approx(q["Q3"] - q["Q1"], rel=1e-6)


def test_case_bootstrap_is_the_loop(cases):
    out = case_bootstrap(cases, "score", "item_id", "question", n_boot=300, seed=8)
    ids = sorted(cases["item_id"].unique())
    rows_of = [np.flatnonzero(cases["item_id"].to_numpy() == c) for c in ids]
    q_code = cases["question"].map({"Q1": 0, "Q2": 1, "Q3": 2}).to_numpy()
    score = cases["score"].to_numpy(float)
    rng = np.random.default_rng(8)
    idx = rng.integers(0, len(ids), size=(300, len(ids)))
    loop = []
    for row in idx:
        rows = np.concatenate([rows_of[i] for i in row])
        sums = np.bincount(q_code[rows], weights=score[rows], minlength=3)
        loop.append(sums / np.bincount(q_code[rows], minlength=3))
    loop = np.array(loop)
    for j in range(3):
        expected = np.quantile(loop[:, j], [0.025, 0.975])
        assert out.loc[j, "CI95%"] == pytest.approx(list(expected))
    observed_rank = (-out["mean"]).argsort().argsort().to_numpy()
    kept = ((-loop).argsort(1).argsort(1) == observed_rank).all(1).mean()
    assert out["order_kept"].iloc[0] == pytest.approx(kept)


def test_leave_one_case_out_is_the_loop(cases):
    folds, summary = leave_one_case_out(cases, "score", "item_id", "question")
    assert len(folds) == 25
    first = folds.iloc[0]
    left = cases[cases.item_id != first["case_left_out"]].groupby("question")["score"].mean()
    assert first["mean_Q1"] == pytest.approx(left["Q1"])
    means = cases.groupby("question")["score"].mean().sort_values(ascending=False)
    assert summary["ordering"].iloc[0] == " > ".join(means.index)
    kept = []
    for case_id in sorted(cases.item_id.unique()):
        m = cases[cases.item_id != case_id].groupby("question")["score"].mean()
        kept.append(list(m.sort_values(ascending=False).index) == list(means.index))
    assert summary["ordering_kept"].iloc[0] == pytest.approx(np.mean(kept))


def test_all_fail_cooccurrence_by_hand():
    # 4 cases x 2 models; model m1 fails cases 1,2; m2 fails 1,3
    rows = [
        ("c1", "m1", True), ("c2", "m1", True), ("c3", "m1", False), ("c4", "m1", False),
        ("c1", "m2", True), ("c2", "m2", False), ("c3", "m2", True), ("c4", "m2", False),
    ]  # fmt: skip
    df = pd.DataFrame(rows, columns=["item_id", "model", "failed"])
    out = all_fail_cooccurrence(df, by=None).iloc[0]
    assert out["observed"] == 1 and out["cases"] == 4
    assert out["expected"] == pytest.approx(4 * 0.5 * 0.5)
    assert out["p-binom"] == pytest.approx(1 - 0.75**4)


def test_published_expectation_shape():
    # the paper's 1.15 expected all-4-fail Q1 cases over 67 cases implies prod(p_m) ~ 0.0172,
    # e.g. four models failing ~36% of Q1 cases each
    assert 67 * 0.362**4 == pytest.approx(1.15, abs=0.02)


def test_icc11_identity_and_published_value(cases):
    # balanced one-way layout: ICC(1,1) = (F - 1) / (F + k - 1), k rows per case
    out = icc_oneway(cases, "score", "item_id").iloc[0]
    k = 12
    assert out["ICC"] == pytest.approx((out["F"] - 1) / (out["F"] + k - 1))
    # AudiologyBench: F(66, 737) = 2.25 with 12 rows per case -> ICC(1,1) = 0.094
    assert round((2.25 - 1) / (2.25 + k - 1), 3) == 0.094


def test_case_bootstraps_share_the_draws_and_equal_one_call_per_grouping(cases):
    both = case_bootstraps(cases, "score", "item_id", ["question", "model"], n_boot=400, seed=5)
    for by in ("question", "model"):
        alone = case_bootstrap(cases, "score", "item_id", by, n_boot=400, seed=5)
        pd.testing.assert_frame_equal(both[by], alone)
    # a grouping that leaves some cases out has its own draws, still equal to its own call
    fewer = cases.assign(model=cases["model"].where(cases["item_id"] != "case-001", None))
    both = case_bootstraps(fewer, "score", "item_id", ["question", "model"], n_boot=400, seed=5)
    alone = case_bootstrap(fewer, "score", "item_id", "model", n_boot=400, seed=5)
    pd.testing.assert_frame_equal(both["model"], alone)


def test_case_bootstrap_block_size_never_moves_a_number(cases, monkeypatch):
    from clinbench.stats import case_clustering as clustering

    big = case_bootstraps(cases, "score", "item_id", ["question", "model"], n_boot=301, seed=2)
    monkeypatch.setattr(clustering, "_CASE_BLOCK_CELLS", 7 * 25)  # 7 resampled sets a block
    small = case_bootstraps(cases, "score", "item_id", ["question", "model"], n_boot=301, seed=2)
    # one stream of draws, so the same resampled sets; only the matrix product's summation
    # order follows the block's shape in BLAS (CI, main d4b88fd: equal to 1e-15), so equal
    # to rounding, not bit for bit
    for by in ("question", "model"):
        table_big, table_small = big[by], small[by]
        ci = next(c for c in table_big.columns if c.startswith("CI"))
        pd.testing.assert_frame_equal(
            table_big.drop(columns=ci), table_small.drop(columns=ci), check_exact=False, rtol=1e-12
        )
        np.testing.assert_allclose(
            np.vstack(table_big[ci]), np.vstack(table_small[ci]), rtol=1e-12, atol=0
        )
