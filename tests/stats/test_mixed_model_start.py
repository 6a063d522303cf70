"""The mixed model's moment start: the same REML fit as statsmodels' default start.

`clustering.mixed_model` starts statsmodels' MixedLM optimiser from moment estimates
(OLS fixed effects, ANOVA case variance) instead of statsmodels' default start. These tests
hold it to the default-start fit within stated tolerances on balanced and unbalanced data,
to the REML optimum itself near the boundary (where the default start stops early or fails),
and check that a warm fit that does not converge is refitted from the default start and
said so in the report.
"""

import warnings

import numpy as np
import pandas as pd
import pytest
import statsmodels.formula.api as smf
from scipy.optimize import minimize_scalar
from statsmodels.regression.mixed_linear_model import MixedLM, MixedLMParams

from clinbench.stats import case_clustering as clustering
from clinbench.stats.synthetic import synthetic_case_results

FE_REL, VAR_REL, LLF_REL = 1e-6, 1e-3, 1e-6


def _model(data: pd.DataFrame):
    frame = pd.DataFrame(
        {
            "y": data["score"].astype(float),
            "x": data["question"].astype(str),
            "g": data["item_id"].astype(str),
        }
    ).reset_index(drop=True)
    return smf.mixedlm("y ~ C(x)", frame, groups=frame["g"])


def _default_fit(data: pd.DataFrame):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _model(data).fit(reml=True)


def _layout(y: np.ndarray, n_cases: int, questions=("Q1", "Q2", "Q3")) -> pd.DataFrame:
    per_case = len(y) // n_cases
    return pd.DataFrame(
        {
            "score": y,
            "question": np.tile(questions, len(y) // len(questions)),
            "item_id": np.repeat([f"c{i:03d}" for i in range(n_cases)], per_case),
        }
    )


def _datasets():
    out = {f"balanced-{s}": synthetic_case_results(n_models=4, n_cases=25, seed=s) for s in (1, 2)}
    big = synthetic_case_results(n_models=4, n_cases=40, seed=5)
    out["unbalanced"] = big.sample(frac=0.6, random_state=1).sort_index()
    two_q = synthetic_case_results(n_models=3, n_cases=30, questions=("Q1", "Q2"), seed=9)
    out["unbalanced-2q"] = two_q.drop(index=two_q.index[::7])
    rng = np.random.default_rng(21)
    y = rng.normal(60, 12, 480) + np.repeat(rng.normal(0, 8, 40), 12)
    out["strong-case"] = _layout(y + np.tile([0.0, 4.0, -3.0], 160), 40)
    return out


@pytest.mark.parametrize("name", list(_datasets()))
def test_moment_start_gives_the_default_start_fit(name):
    data = _datasets()[name]
    ref = _default_fit(data)
    assert ref.converged
    got = clustering.mixed_model(data, "score", "question", "item_id")
    assert got.start == clustering.MOMENT_START and got.converged
    coef = got.fixed["coef"].to_numpy()
    np.testing.assert_allclose(coef, ref.fe_params.to_numpy(), rtol=FE_REL, atol=1e-9)
    np.testing.assert_allclose(got.fixed["SE"], ref.bse_fe.to_numpy(), rtol=VAR_REL)
    assert got.case_variance == pytest.approx(float(ref.cov_re.iloc[0, 0]), rel=VAR_REL)
    assert got.residual_variance == pytest.approx(float(ref.scale), rel=VAR_REL)
    assert got.fit.llf == pytest.approx(float(ref.llf), rel=LLF_REL)


def _profile_optimum(data: pd.DataFrame) -> tuple[float, float]:
    """Return (case/residual variance ratio, REML log-likelihood) at the 1-D optimum."""
    model = _model(data)
    model.reml, model.cov_pen, model.fe_pen = True, None, None  # as MixedLM.fit sets them

    def neg(log_ratio):
        params = MixedLMParams.from_components(cov_re=np.array([[np.exp(log_ratio)]]))
        return -model.loglike(params, profile_fe=True)

    grid = np.linspace(-12, 3, 301)
    i = int(np.argmin([neg(g) for g in grid]))
    best = minimize_scalar(neg, bracket=(grid[i - 1], grid[i], grid[i + 1]), tol=1e-12)
    return float(np.exp(best.x)), float(-best.fun)


def test_near_zero_case_variance_reaches_the_reml_optimum():
    # case SD 0.05 against residual SD 10: the likelihood is flat near the boundary
    rng = np.random.default_rng(3)
    y = rng.normal(50, 10, 600) + np.repeat(rng.normal(0, 0.05, 50), 12)
    data = _layout(y, 50)
    ratio, llf = _profile_optimum(data)
    got = clustering.mixed_model(data, "score", "question", "item_id")
    assert got.start == clustering.MOMENT_START and got.converged
    assert got.case_variance / got.residual_variance == pytest.approx(ratio, rel=VAR_REL)
    assert got.fit.llf == pytest.approx(llf, rel=LLF_REL)
    ref = _default_fit(data)  # stops earlier on the flat likelihood: no better than ours
    assert got.fit.llf >= float(ref.llf) - LLF_REL * abs(float(ref.llf))
    np.testing.assert_allclose(got.fixed["coef"], ref.fe_params, rtol=FE_REL)


def test_negative_anova_estimate_gives_ols_at_the_boundary():
    # case means flattened: the moment estimate is below zero and REML's optimum is at zero,
    # where the model is OLS (statsmodels' default start returns an infinite log-likelihood
    # and an intercept SE of ~1e7 on this table)
    rng = np.random.default_rng(7)
    y = rng.normal(50, 10, (50, 12))
    y = y - y.mean(1, keepdims=True) + 50 + rng.normal(0, 0.3, (50, 1))
    data = _layout(y.ravel(), 50)
    got = clustering.mixed_model(data, "score", "question", "item_id")
    assert got.converged
    ols = smf.ols("score ~ C(question)", data).fit()
    assert got.case_variance <= 1e-6 * got.residual_variance
    np.testing.assert_allclose(got.fixed["coef"], ols.params.to_numpy(), rtol=FE_REL)
    np.testing.assert_allclose(got.fixed["SE"], ols.bse.to_numpy(), rtol=VAR_REL)
    assert got.residual_variance == pytest.approx(ols.mse_resid, rel=VAR_REL)


def test_moment_start_is_the_anova_estimate():
    data = _datasets()["unbalanced"]
    beta, ratio = clustering.moment_start(_model(data))
    ols = smf.ols("score ~ C(question)", data).fit()
    np.testing.assert_allclose(beta, ols.params.to_numpy(), rtol=1e-9)
    resid = data.assign(score=ols.resid)
    icc = clustering.icc_oneway(resid, "score", "item_id").iloc[0]
    # the one-way ANOVA of the residuals: ICC = ratio / (1 + ratio)
    assert ratio / (1 + ratio) == pytest.approx(icc["ICC"], rel=1e-9)


def _warm_never_converges(monkeypatch):
    real = MixedLM.fit
    calls = []

    def fit(self, *args, **kwargs):
        result = real(self, *args, **kwargs)
        calls.append(kwargs.get("start_params") is not None)
        if kwargs.get("start_params") is not None:
            result.converged = False
        return result

    monkeypatch.setattr(MixedLM, "fit", fit)
    return calls


def test_a_warm_fit_that_does_not_converge_is_refitted_from_the_default(monkeypatch):
    data = _datasets()["unbalanced"]
    ref = _default_fit(data)
    calls = _warm_never_converges(monkeypatch)
    got = clustering.mixed_model(data, "score", "question", "item_id")
    assert calls == [True, False]
    assert got.start == clustering.DEFAULT_START and got.converged
    np.testing.assert_array_equal(got.fixed["coef"], ref.fe_params.to_numpy())
    assert got.case_variance == float(ref.cov_re.iloc[0, 0])
    assert got.fit.llf == float(ref.llf)


def test_the_report_says_when_the_default_start_was_used(monkeypatch):
    from clinbench.report import generic

    data = synthetic_case_results(n_models=2, n_cases=12, seed=4).assign(
        task="t", scorer="rubric_rules_grader", suite="s"
    )
    rows = generic.normalise(data)
    options = generic.AnalysisOptions(n_boot=50)
    section = generic.case_statistics_section(rows, options)
    [caption] = [c for c in section.tables if c.startswith("Mixed model")]
    assert set(section.tables[caption]["start"]) == {clustering.MOMENT_START}
    assert not any("default start" in note for note in section.notes)
    _warm_never_converges(monkeypatch)
    section = generic.case_statistics_section(rows, options)
    assert set(section.tables[caption]["start"]) == {clustering.DEFAULT_START}
    assert any("fitted again from statsmodels' default start" in n for n in section.notes)
