"""Power and sample size, checked against statsmodels directly and published worked examples."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.power import NormalIndPower, TTestIndPower, TTestPower
from statsmodels.stats.proportion import proportion_effectsize
from typer.testing import CliRunner

from clinbench.cli.stats_commands import app
from clinbench.stats import power as pw
from clinbench.stats.verdict import UNDERPOWERED, verdict


@pytest.mark.parametrize("true", [0.90, 0.99, 0.80])
def test_items_to_decide_equals_statsmodels(true):
    h = proportion_effectsize(true, 0.95)
    n = NormalIndPower().solve_power(abs(h), nobs1=None, alpha=0.05, power=0.8, ratio=0)
    assert pw.items_to_decide(0.95, true)["n_items"] == math.ceil(n)


def test_arcsine_by_hand():
    # h = 2 asin(sqrt(.90)) - 2 asin(sqrt(.95)); n = ((z.975 + z.80) / h)^2
    h = 2 * math.asin(math.sqrt(0.90)) - 2 * math.asin(math.sqrt(0.95))
    n = ((stats.norm.ppf(0.975) + stats.norm.ppf(0.8)) / h) ** 2
    assert pw.items_to_decide(0.95, 0.90)["n_items"] == math.ceil(n) == 212


def test_published_one_sample_example():
    # Chow, Shao & Wang (2008) p. 85: p = 0.5 against p0 = 0.3, two-sided alpha 0.05,
    # power 0.8 -> n = 50 by the Wald formula
    assert pw.items_to_decide(0.3, 0.5)["n_items_wald"] == 50


def test_published_mcnemar_example():
    # Connor (1987) p. 209, as in open-powersamplesize's McNemar calculator:
    # p01 = 0.45, p10 = 0.05 (discordant 0.50, difference 0.40) -> 23 pairs
    assert pw.mcnemar_items(0.40, 0.50) == 23
    # discordant 0.45, difference 0.15 -> 155 pairs (Connor's formula, 80% power)
    assert pw.mcnemar_items(0.15, 0.45) == 155


def test_exact_verdict_power_equals_the_verdict_rule():
    for n, p in [(24, 0.9), (40, 0.99), (100, 0.93)]:
        by_rule = sum(
            stats.binom.pmf(k, n, p)
            for k in range(n + 1)
            if verdict(k, n, bar=0.95).decision != UNDERPOWERED
        )
        assert pw.verdict_power(n, p, 0.95) == pytest.approx(by_rule)


def test_exact_items_reach_the_power_and_one_less_does_not():
    n = pw.items_to_decide_exact(0.95, 0.90)
    assert pw.verdict_power(n, 0.90, 0.95) >= 0.8 > pw.verdict_power(n - 1, 0.90, 0.95)


def test_detectable_accuracy_round_trips():
    below, above = pw.detectable_accuracies(212, 0.95)
    assert below == pytest.approx(0.90, abs=0.002)
    assert pw.items_to_decide(0.95, below)["n_items"] in (212, 213)
    assert math.isnan(pw.detectable_accuracies(24, 0.95)[1])  # no accuracy above is far enough


def test_rubric_mde_equals_statsmodels():
    mde = pw.rubric_mde(67, 15.0)
    d = TTestPower().solve_power(effect_size=None, nobs=67, alpha=0.05, power=0.8)
    d2 = TTestIndPower().solve_power(effect_size=None, nobs1=67, alpha=0.05, power=0.8)
    assert mde["paired"] == pytest.approx(d * 15) and mde["independent"] == pytest.approx(d2 * 15)


def test_sentence():
    text = pw.power_sentence(24, 0.95, 0.90)
    assert text.startswith("With 24 items this bank can detect a true accuracy at or below ")
    # the exact figure that holds heads the sentence; the normal approximation is labelled
    # (it said "needs about 212 items" before #29)
    assert text.endswith(
        "deciding at the bar needs 202 items if the true accuracy is 90% (exact Wilson "
        "verdict: the power stays at or above 80% from there; the normal approximation says "
        "212)."
    )


def test_cli_json_and_errors():
    runner = CliRunner()
    result = runner.invoke(app, ["power", "--bar", "0.95", "--true-accuracy", "0.90", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["n_items"] == 212 and out["decision"] == "PROCEED"
    assert out["n_items_exact"] == pw.items_to_decide_exact(0.95, 0.90)
    text = runner.invoke(app, ["power", "--true-accuracy", "0.99", "--items", "24", "--sd", "15",
                               "--difference", "0.05", "--discordant", "0.1"])  # fmt: skip
    assert text.exit_code == 0, text.output
    assert max(len(line) for line in text.stdout.splitlines()) <= 80
    assert "McNemar" in text.output and "MDE" in text.output
    bad = runner.invoke(app, ["power", "--true-accuracy", "0.95"])
    assert bad.exit_code == 2 and "never be decided" in bad.output
    bad = runner.invoke(app, ["power", "--true-accuracy", "0.9", "--difference", "0.1"])
    assert bad.exit_code == 2 and "go together" in bad.output


@pytest.mark.parametrize("true", [0.90, 0.99])
def test_safe_items_keep_the_power_at_every_larger_n(true):
    """The exact power saw-tooths: the headline must be an n from which it never dips."""
    from scipy.stats import binom
    from statsmodels.stats.proportion import proportion_confint

    from clinbench.stats.power import items_to_decide_safe

    out = items_to_decide_safe(0.95, true, power=0.8)
    safe, horizon = out["n_items_safe"], out["horizon"]
    assert horizon >= 2 * safe

    # an independent exact enumeration: P(Wilson interval wholly on one side of the bar)
    def exact(n):
        k = np.arange(n + 1)
        low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
        return binom.pmf(k[(low >= 0.95) | (high < 0.95)], n, true).sum()

    assert all(exact(n) >= 0.8 for n in range(safe, horizon + 1))
    assert exact(safe - 1) < 0.8
    # smaller n with enough power exist, and are said to
    assert out["n_items_exact"] < safe and exact(out["n_items_exact"]) >= 0.8
    assert out["smaller_n_with_power"]


def test_cli_prints_the_safe_figure_and_labels_the_normal_approximation():
    res = CliRunner().invoke(app, ["power", "--true-accuracy", "0.99", "--bar", "0.95"])
    assert res.exit_code == 0, res.output
    assert "normal approximation" in res.output
    assert "173" in res.output and "stays" in res.output
