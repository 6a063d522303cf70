"""The verdict rule against hand-computed Wilson and Clopper-Pearson intervals."""

import math

import pytest
from scipy import stats

from clinbench.stats.proportions import wilson_interval
from clinbench.stats.verdict import KILL, PROCEED, UNDERPOWERED, proportion_interval, verdict


def _wilson_by_hand(k, n, confidence=0.95):
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    p = k / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z / (1 + z**2 / n) * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return centre - half, centre + half


@pytest.mark.parametrize(
    "k,n,low,high",
    [(1, 32, 0.006, 0.157), (52, 64, 0.700, 0.889)],  # published in AudiologyBench
)
def test_wilson_matches_published_values(k, n, low, high):
    lo, hi = wilson_interval(k, n)
    assert round(lo, 3) == low
    assert round(hi, 3) == high


@pytest.mark.parametrize("k,n", [(0, 10), (3, 50), (130, 137), (137, 137)])
def test_wilson_matches_formula(k, n):
    assert wilson_interval(k, n) == pytest.approx(_wilson_by_hand(k, n), abs=1e-12)


def test_wilson_bounds_are_statsmodels_wilson_on_arrays():
    # the run summary's Wilson interval is written out (statsmodels' import costs scipy.stats,
    # about 60 MB on every run): it must give statsmodels' values, fractional k included
    import numpy as np
    from statsmodels.stats.proportion import proportion_confint

    from clinbench.clustered_accuracy import wilson_bounds

    n = np.array([1, 2, 7, 20, 64, 137, 1000, 200_000, 3.5, 12.25])
    for share in (0.0, 0.013, 0.25, 0.5, 0.81, 1.0):
        k = share * n
        for confidence in (0.8, 0.9, 0.95, 0.99):
            got = wilson_bounds(k, n, confidence)
            want = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
            assert np.allclose(got, want, rtol=0, atol=1e-12), (share, confidence)


def test_verdict_rules_follow_the_interval():
    # 137/137: the Wilson lower bound (n/(n+z^2)) is above 0.95 -> the bar is measurably cleared
    v = verdict(137, 137)
    assert v.decision == KILL and v.ci_low >= 0.95
    assert v.ci_low == pytest.approx(137 / (137 + stats.norm.ppf(0.975) ** 2))
    # 100/137: the upper bound is well below 0.95
    v = verdict(100, 137)
    assert v.decision == PROCEED and v.ci_high < 0.95
    # 130/137 straddles the bar
    v = verdict(130, 137)
    assert v.decision == UNDERPOWERED and v.ci_low < 0.95 <= v.ci_high
    assert v.bar == 0.95 and v.method == "wilson"
    assert v.ci == pytest.approx(_wilson_by_hand(130, 137))


def test_bar_changes_the_verdict():
    # the same counts against a 90% bar (AusClinBench's earlier bar)
    low, high = _wilson_by_hand(130, 137)
    expected = KILL if low >= 0.90 else (PROCEED if high < 0.90 else UNDERPOWERED)
    assert verdict(130, 137, bar=0.90).decision == expected
    assert verdict(130, 137, bar=0.90).bar == 0.90


def test_lower_bound_equal_to_bar_is_kill():
    lo, _ = wilson_interval(137, 137)
    assert verdict(137, 137, bar=lo).decision == KILL


def test_clopper_pearson_method():
    v = verdict(45, 50, method="clopper-pearson")
    lo = stats.beta.ppf(0.025, 45, 6)
    hi = stats.beta.ppf(0.975, 46, 5)
    assert v.ci == pytest.approx((lo, hi), rel=1e-9)
    assert v.method == "clopper-pearson"


def test_empty_and_bad_input():
    v = verdict(0, 0)
    assert v.decision == UNDERPOWERED and math.isnan(v.ci[0])
    with pytest.raises(ValueError):
        verdict(5, 3)
    with pytest.raises(ValueError):
        verdict(1, 3, bar=1.5)
    with pytest.raises(ValueError):
        proportion_interval(1, 3, method="bogus")


def test_to_dict_is_json_ready():
    d = verdict(130, 137).to_dict()
    assert d["decision"] == UNDERPOWERED and d["k"] == 130 and d["n"] == 137
    assert isinstance(d["ci"], list) and len(d["ci"]) == 2
