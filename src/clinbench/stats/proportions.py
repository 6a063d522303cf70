"""Proportions with confidence intervals."""

from __future__ import annotations

from clinbench.clustered_accuracy import wilson_bounds


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
