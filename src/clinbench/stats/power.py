"""Power and sample size: how many items a verdict needs, and what a bank can detect.

- **Deciding at a bar** (the verdict: KILL or PROCEED instead of UNDERPOWERED): the number
  of items for a two-sided test of one proportion against the bar at level alpha -- the
  same alpha as the verdict's interval -- with the given power, if the true accuracy is
  ``p``. ``n_items`` is statsmodels' normal power on Cohen's arcsine effect size h
  (``proportion_effectsize`` + ``NormalIndPower``, one sample: ``ratio=0``); ``n_items_wald``
  is the textbook Wald formula ``n = p(1-p) ((z_{1-a/2} + z_{1-b}) / (p - bar))^2`` (Chow,
  Shao & Wang 2008, Sample Size Calculations in Clinical Research, 2nd ed., p. 85), given
  because published tables use it. ``verdict_power`` is the exact probability (binomial)
  that the verdict rule itself decides with n items.
- **Two models on the same items**: McNemar's test sample size (Connor 1987, Biometrics
  43:207-211), ``n = (z_{1-a/2} sqrt(psi) + z_{1-b} sqrt(psi - delta^2))^2 / delta^2`` with
  psi the share of items on which the models disagree and delta the accuracy difference.
  Hand-written: statsmodels has McNemar's test but no sample size for it.
- **Rubric scores**: the minimum detectable difference in mean score for n items and a
  score SD (statsmodels ``TTestPower`` for two models on the same items, ``TTestIndPower``
  for two independent sets of n).
"""

from __future__ import annotations

import math

from scipy import stats


def _check(alpha: float, power: float) -> None:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, got {alpha}")
    if not 0 < power < 1:
        raise ValueError(f"power must be between 0 and 1, got {power}")


def items_to_decide(
    bar: float, true_accuracy: float, alpha: float = 0.05, power: float = 0.8
) -> dict:
    """Return the items needed to decide at `bar` if the accuracy is `true_accuracy`.

    Keys: n_items (statsmodels, arcsine), n_items_wald (Chow, Shao & Wang), effect_size_h,
    decision (KILL when the true accuracy is above the bar, else PROCEED). Both n rounded up.
    """
    from statsmodels.stats.power import NormalIndPower
    from statsmodels.stats.proportion import proportion_effectsize

    _check(alpha, power)
    if not 0 < bar < 1 or not 0 < true_accuracy < 1:
        raise ValueError("bar and true accuracy must be proportions strictly between 0 and 1")
    if true_accuracy == bar:
        raise ValueError("a true accuracy equal to the bar can never be decided")
    h = float(proportion_effectsize(true_accuracy, bar))
    n = NormalIndPower().solve_power(
        effect_size=abs(h), nobs1=None, alpha=alpha, power=power, ratio=0.0
    )
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    wald = true_accuracy * (1 - true_accuracy) * (z / (true_accuracy - bar)) ** 2
    return {
        "bar": bar,
        "true_accuracy": true_accuracy,
        "alpha": alpha,
        "power": power,
        "effect_size_h": h,
        "n_items": int(math.ceil(float(n) - 1e-9)),
        "n_items_wald": int(math.ceil(wald - 1e-9)),
        "decision": "KILL" if true_accuracy > bar else "PROCEED",
    }


def verdict_power(
    n: int, true_accuracy: float, bar: float, method: str = "wilson", alpha: float = 0.05
) -> float:
    """Return the exact probability that the verdict rule decides (KILL or PROCEED) with n items.

    Sums the binomial(n, true_accuracy) probabilities of every count k whose interval
    (the verdict's method at confidence 1 - alpha, statsmodels ``proportion_confint``) lies
    wholly on one side of the bar: lower bound >= bar (KILL) or upper bound < bar (PROCEED).
    """
    import numpy as np
    from statsmodels.stats.proportion import proportion_confint

    from clinbench.stats.verdict import INTERVAL_METHODS

    if n <= 0:
        return 0.0
    k = np.arange(n + 1)
    low, high = proportion_confint(k, n, alpha=alpha, method=INTERVAL_METHODS[method])
    decides = (np.asarray(low) >= bar) | (np.asarray(high) < bar)
    return float(stats.binom.pmf(k[decides], n, true_accuracy).sum())


def items_to_decide_exact(
    bar: float,
    true_accuracy: float,
    alpha: float = 0.05,
    power: float = 0.8,
    method: str = "wilson",
    max_items: int = 20_000,
) -> int | None:
    """Return the smallest n whose exact verdict power (``verdict_power``) reaches `power`.

    The power of a discrete test saw-tooths with n, so a slightly larger n can fall just
    below the target again; the figure is the first n that reaches it. None when no n up
    to `max_items` does.
    """
    _check(alpha, power)
    guess = items_to_decide(bar, true_accuracy, alpha, power)["n_items"]
    start = max(1, guess // 4)
    for n in range(start, max_items + 1):
        if verdict_power(n, true_accuracy, bar, method, alpha) >= power:
            # the scan started at a quarter of the normal approximation; check below it
            if n == start and start > 1:
                start = 1
                return next(
                    m
                    for m in range(1, n + 1)
                    if verdict_power(m, true_accuracy, bar, method, alpha) >= power
                )
            return n
    return None


def items_to_decide_safe(
    bar: float,
    true_accuracy: float,
    alpha: float = 0.05,
    power: float = 0.8,
    method: str = "wilson",
    horizon: int | None = None,
) -> dict:
    """Return the smallest n from which the exact verdict power stays at or above `power`.

    The exact power of the verdict (``verdict_power``: a binomial enumeration with
    ``scipy.stats.binom`` of the counts whose interval clears or misses the bar) saw-tooths
    with n, so the first n that reaches the target (``n_items_exact``) can be followed by
    larger n that fall short again. ``n_items_safe`` is the first n such that every n from
    it up to ``horizon`` reaches the target (checked one by one); smaller n with enough
    power may exist (``smaller_n_with_power`` lists how many, ``dips`` the n above
    ``n_items_exact`` that fall short). The default horizon is four times the normal
    approximation's n, and at least 1,000. None for n_items_safe when the power at
    `horizon` itself falls short.
    """
    _check(alpha, power)
    normal = items_to_decide(bar, true_accuracy, alpha, power)["n_items"]
    horizon = int(horizon or max(1000, 4 * normal))
    powers = [verdict_power(n, true_accuracy, bar, method, alpha) for n in range(1, horizon + 1)]
    reached = [n for n, pw in enumerate(powers, start=1) if pw >= power]
    first = reached[0] if reached else None
    safe = None
    if powers[-1] >= power:
        safe = horizon
        while safe > 1 and powers[safe - 2] >= power:
            safe -= 1
    smaller = [n for n in reached if safe is not None and n < safe]
    dips = [n for n in range(first or 1, safe or horizon) if powers[n - 1] < power] if first else []
    return {
        "bar": bar,
        "true_accuracy": true_accuracy,
        "alpha": alpha,
        "power": power,
        "method": method,
        "horizon": horizon,
        "n_items_normal": normal,
        "n_items_exact": first,
        "n_items_safe": safe,
        "smaller_n_with_power": len(smaller),
        "dips": dips,
    }


def detectable_accuracies(
    n: int, bar: float, alpha: float = 0.05, power: float = 0.8
) -> tuple[float, float]:
    """Return (below, above): the true accuracies n items can tell apart from the bar.

    With n items the verdict decides with the given power when the true accuracy is at or
    below `below` (PROCEED) or at or above `above` (KILL); statsmodels' arcsine effect size.
    NaN where no accuracy on that side is far enough from the bar.
    """
    from statsmodels.stats.power import NormalIndPower

    _check(alpha, power)
    h = float(
        NormalIndPower().solve_power(effect_size=None, nobs1=n, alpha=alpha, power=power, ratio=0.0)
    )
    phi = 2 * math.asin(math.sqrt(bar))
    below = math.sin((phi - h) / 2) ** 2 if phi - h > 0 else math.nan
    above = math.sin((phi + h) / 2) ** 2 if phi + h < math.pi else math.nan
    return below, above


def mcnemar_items(
    difference: float, discordant: float, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Return the items for McNemar's test to detect an accuracy `difference` (Connor 1987).

    `discordant` is the share of items on which the two models disagree (one right, the
    other wrong); `difference` is the difference in their accuracies, so it cannot exceed
    `discordant`.
    """
    _check(alpha, power)
    delta, psi = abs(difference), discordant
    if not 0 < psi <= 1 or not 0 < delta <= psi:
        raise ValueError("need 0 < |difference| <= discordant share <= 1")
    za, zb = stats.norm.ppf(1 - alpha / 2), stats.norm.ppf(power)
    n = (za * math.sqrt(psi) + zb * math.sqrt(psi - delta**2)) ** 2 / delta**2
    return int(math.ceil(n - 1e-9))


def rubric_mde(n: int, sd: float, alpha: float = 0.05, power: float = 0.8) -> dict:
    """Return the minimum detectable difference in mean rubric score with n items and SD.

    Keys: paired (two models on the same n items; SD of the per-item differences),
    independent (two independent sets of n items each), and the standardised d of each.
    """
    from statsmodels.stats.power import TTestIndPower, TTestPower

    _check(alpha, power)
    if n < 2 or not sd > 0:
        raise ValueError("need n >= 2 items and a positive SD")
    d_paired = float(TTestPower().solve_power(effect_size=None, nobs=n, alpha=alpha, power=power))
    d_ind = float(
        TTestIndPower().solve_power(effect_size=None, nobs1=n, alpha=alpha, power=power, ratio=1)
    )
    return {"paired": d_paired * sd, "independent": d_ind * sd, "d_paired": d_paired,
            "d_independent": d_ind}  # fmt: skip


def power_sentence(
    n_items: int, bar: float, true_accuracy: float, alpha: float = 0.05, power: float = 0.8
) -> str:
    """Return the verdict section's sentence on what the bank can detect and what it needs.

    "With N items this bank can detect a true accuracy at or below L (or at or above U)
    against the bar of B (power P, alpha A; normal approximation); deciding at the bar needs
    M items if the true accuracy is p (exact Wilson verdict: the power stays at or above P
    from M on; the normal approximation says K)." M is ``items_to_decide_safe``'s.
    """
    below, above = detectable_accuracies(n_items, bar, alpha, power)
    normal = items_to_decide(bar, true_accuracy, alpha, power)["n_items"]
    safe = items_to_decide_safe(bar, true_accuracy, alpha, power)
    sides = []
    if not math.isnan(below):
        sides.append(f"at or below {below:.1%}")
    if not math.isnan(above):
        sides.append(f"at or above {above:.1%}")
    detect = " (or ".join(sides) + (")" if len(sides) == 2 else "")
    needed = (
        f"needs {safe['n_items_safe']} items if the true accuracy is {true_accuracy:.0%} "
        f"(exact Wilson verdict: the power stays at or above {power:.0%} from there; the "
        f"normal approximation says {normal})"
        if safe["n_items_safe"] is not None
        else f"needs more than {safe['horizon']} items if the true accuracy is "
        f"{true_accuracy:.0%} (normal approximation: {normal})"
    )
    return (
        f"With {n_items} items this bank can detect a true accuracy {detect} against the bar "
        f"of {bar:.0%} ({power:.0%} power, alpha {alpha:g}; normal approximation); deciding "
        f"at the bar {needed}."
    )
