"""Proportions with confidence intervals."""

from __future__ import annotations

from statsmodels.stats.proportion import proportion_confint


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wilson score interval (lower, upper) for k successes in n trials.

    Returns (nan, nan) when n is 0: there is nothing to estimate.
    """
    if n == 0:
        return (float("nan"), float("nan"))
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    low, high = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
    return (float(low), float(high))
