"""Proportions with confidence intervals."""

from __future__ import annotations

from typing import Any


def wilson_bounds(k: Any, n: Any, confidence: float = 0.95) -> tuple[Any, Any]:
    """Return the Wilson score interval (lower, upper) of k successes in n trials, elementwise.

    ``k`` and ``n`` may be numbers or numpy arrays (``k`` need not be a whole number: the
    clustered accuracy passes ``p * n_eff``); n must be above 0. The same values as
    statsmodels' ``proportion_confint(k, n, alpha=1 - confidence, method="wilson")`` (a test
    checks them against it to 1e-12). Written out here because importing statsmodels'
    proportion module imports scipy.stats, about 60 MB and a second of start-up, and this
    interval is in every run's printed summary; the normal quantile is the standard
    library's (``statistics.NormalDist``, accurate to double precision).
    """
    from statistics import NormalDist

    import numpy as np

    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    p = k / n
    denominator = 1 + z**2 / n
    centre = (p + z**2 / (2 * n)) / denominator
    half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denominator
    return centre - half, centre + half


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Return the Wilson score interval (lower, upper) for k successes in n trials.

    Returns (nan, nan) when n is 0: there is nothing to estimate.

    Parameters
    ----------
    k : int
        Successes (for accuracy: correct replies), ``0 <= k <= n``.
    n : int
        Trials (for accuracy: answered items).
    confidence : float, default 0.95
        Coverage of the interval.

    Returns
    -------
    tuple of float
        (lower, upper), within [0, 1]; computed by statsmodels' ``proportion_confint``
        with ``method="wilson"``.

    Raises
    ------
    ValueError
        When k is outside 0..n.

    References
    ----------
    .. [1] Wilson, E. B. (1927). Probable inference, the law of succession, and statistical
       inference. *Journal of the American Statistical Association*, 22(158), 209-212.
    .. [2] Brown, L. D., Cai, T. T. and DasGupta, A. (2001). Interval estimation for a
       binomial proportion. *Statistical Science*, 16(2), 101-133.

    Examples
    --------
    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    """
    if n == 0:
        return (float("nan"), float("nan"))
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    low, high = wilson_bounds(k, n, confidence)
    return (float(low), float(high))
