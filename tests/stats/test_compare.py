"""Comparisons against pingouin / hand formulas and the audiology paper's published values."""

import numpy as np
import pandas as pd
import pingouin as pg
import pytest
from scipy import stats

from clinbench.stats.compare import (
    compare_summary,
    eta_squared_h,
    kruskal,
    mcnemar,
    paired_bootstrap,
    pairwise_mwu,
    simple_effects,
)
from clinbench.stats.resample import bootstrap_chunks
from clinbench.stats.synthetic import synthetic_case_results


@pytest.fixture(scope="module")
def cases():
    return synthetic_case_results(n_models=4, n_cases=40, seed=5)


def test_eta_squared_h_published():
    # AudiologyBench: question type H = 268.4 (k = 3), model H = 3.7 (k = 4), n = 804
    assert round(eta_squared_h(268.4, 3, 804), 3) == 0.333
    assert round(eta_squared_h(3.7, 4, 804), 3) == 0.001


def test_rank_biserial_published():
    # Q1 vs Q3, 268 each: U = 11,540 -> |r| = 0.679
    assert round(1 - 2 * 11540 / (268 * 268), 3) == 0.679
    x = np.arange(10.0)
    y = np.arange(5.0, 15.0)
    out = pairwise_mwu(pd.DataFrame({"v": np.r_[x, y], "g": ["a"] * 10 + ["b"] * 10}), "v", "g")
    u = sum((xi > yi) + 0.5 * (xi == yi) for xi in x for yi in y)
    assert out["U"].iloc[0] == u
    assert out["RBC"].iloc[0] == pytest.approx(2 * u / 100 - 1)


def test_kruskal_matches_pingouin(cases):
    out = kruskal(cases, "score", "question").iloc[0]
    ref = pg.kruskal(cases, dv="score", between="question").iloc[0]
    assert out["H"] == pytest.approx(ref.iloc[2])
    assert out["p-unc"] == pytest.approx(ref.iloc[3])
    assert out["eta2_H"] == pytest.approx((out["H"] - 3 + 1) / (len(cases) - 3))


def test_pairwise_matches_pingouin(cases):
    out = pairwise_mwu(cases, "score", "question")
    assert len(out) == 3
    for _, row in out.iterrows():
        x = cases.loc[cases.question == row["A"], "score"]
        y = cases.loc[cases.question == row["B"], "score"]
        ref = pg.mwu(x, y)
        assert row["U"] == pytest.approx(ref.iloc[0, 0])
        assert row["p-unc"] == pytest.approx(ref.iloc[0, 2])
        assert row["RBC"] == pytest.approx(ref["RBC"].iloc[0])
        assert row["p-corr"] == pytest.approx(min(1, row["p-unc"] * 3))
        assert row["cohen_d"] == pytest.approx(pg.compute_effsize(x, y, eftype="cohen"))


def test_simple_effects(cases):
    omnibus, pairwise = simple_effects(cases, "score", "model", "question")
    assert list(omnibus["question"]) == ["Q1", "Q2", "Q3"]
    for _, row in omnibus.iterrows():
        sub = cases[cases.question == row["question"]]
        h, p = stats.kruskal(*[g.score for _, g in sub.groupby("model")])
        assert row["H"] == pytest.approx(h)
        assert row["p-corr"] == pytest.approx(min(1, 3 * p))
    assert len(pairwise) == 3 * 6


def _paired_frame():
    rng = np.random.default_rng(9)
    n = 80
    a = rng.random(n) < 0.8
    b = rng.random(n) < 0.6
    rows = [("A", f"i{i}", int(a[i]), rng.normal(80, 5)) for i in range(n)]
    rows += [("B", f"i{i}", int(b[i]), rng.normal(75, 5)) for i in range(n)]
    return pd.DataFrame(rows, columns=["model", "item_id", "correct", "score"])


def test_mcnemar_exact_by_hand():
    df = _paired_frame()
    out = mcnemar(df, "correct", "model", "item_id", "A", "B", exact=True).iloc[0]
    wide = df.pivot(index="item_id", columns="model", values="correct")
    b = int(((wide.A == 1) & (wide.B == 0)).sum())
    c = int(((wide.A == 0) & (wide.B == 1)).sum())
    assert (out["A_only"], out["B_only"]) == (b, c)
    expected = min(1.0, 2 * stats.binom.cdf(min(b, c), b + c, 0.5))
    assert out["p-val"] == pytest.approx(expected)


def test_paired_bootstrap_is_the_loop():
    df = _paired_frame()
    out = paired_bootstrap(df, "score", "model", "item_id", "A", "B", n_boot=1000, seed=4)
    wide = df.pivot(index="item_id", columns="model", values="score").sort_index()
    d = (wide.A - wide.B).to_numpy()
    loop = []  # one stream per chunk of resamples, as resample.bootstrap_means draws them
    chunks = bootstrap_chunks(d.size, 1000)
    streams = np.random.SeedSequence(4).spawn(len(chunks))
    for (start, stop), stream in zip(chunks, streams, strict=True):
        idx = np.random.default_rng(stream).integers(0, d.size, size=(stop - start, d.size))
        loop += [d[row].mean() for row in idx]
    assert out["diff"].iloc[0] == pytest.approx(d.mean())
    assert out["CI95%"].iloc[0] == pytest.approx(list(np.quantile(loop, [0.025, 0.975])))


def test_duplicate_pairs_are_refused():
    df = _paired_frame()
    df = pd.concat([df, df.iloc[[0]]])
    with pytest.raises(ValueError, match="appears twice"):
        paired_bootstrap(df, "score", "model", "item_id", "A", "B", n_boot=10)


def test_compare_summary_keys(cases):
    out = compare_summary(cases, "score", "question")
    assert set(out["kruskal"]) == {"H", "df", "p", "eta2_h"}
    assert set(out["pairwise"][0]) == {"a", "b", "U", "p_bonferroni", "rank_biserial", "cohen_d"}
