"""The verdict rule: does a model's accuracy interval clear, miss, or straddle a safety bar?

AusClinBench's rule (version 1.2): KILL when the best model measurably clears the bar (the
interval's lower bound is at or above it), PROCEED when it measurably falls short (the upper
bound is below it), and UNDERPOWERED when the interval contains the bar, i.e. there are too
few items to decide. The default bar of 95% is the paper's one-in-twenty error boundary.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from statsmodels.stats.proportion import proportion_confint

from clinbench.stats.proportions import wilson_interval

KILL = "KILL"
PROCEED = "PROCEED"
UNDERPOWERED = "UNDERPOWERED"
DECISIONS = (KILL, PROCEED, UNDERPOWERED)

# Interval methods accepted, mapped to statsmodels' `proportion_confint` names.
INTERVAL_METHODS = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "exact": "beta",
    "jeffreys": "jeffreys",
    "agresti-coull": "agresti_coull",
    "normal": "normal",
}


@dataclass(frozen=True)
class Verdict:
    """A verdict with everything needed to re-derive it: counts, bar, method and interval."""

    decision: str  # KILL, PROCEED or UNDERPOWERED
    k: int
    n: int
    p: float  # k / n (nan when n is 0)
    bar: float
    method: str
    confidence: float
    ci: tuple[float, float]

    @property
    def ci_low(self) -> float:
        return self.ci[0]

    @property
    def ci_high(self) -> float:
        return self.ci[1]

    def to_dict(self) -> dict:
        """Return a JSON-ready dict (ci as a two-element list)."""
        out = asdict(self)
        out["ci"] = [self.ci[0], self.ci[1]]
        return out

    def __str__(self) -> str:
        lo, hi = self.ci
        return (
            f"{self.decision}: {self.k}/{self.n} = {self.p:.1%} "
            f"({self.confidence:.0%} {self.method} CI {lo:.1%}-{hi:.1%}) vs bar {self.bar:.1%}"
        )


def proportion_interval(
    k: int, n: int, method: str = "wilson", confidence: float = 0.95
) -> tuple[float, float]:
    """Return the (lower, upper) interval for k of n by the named method; (nan, nan) when n is 0."""
    if method not in INTERVAL_METHODS:
        raise ValueError(
            f"unknown interval method {method!r}; use one of {sorted(INTERVAL_METHODS)}"
        )
    if method == "wilson":
        return wilson_interval(k, n, confidence=confidence)
    if n == 0:
        return (math.nan, math.nan)
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    low, high = proportion_confint(k, n, alpha=1 - confidence, method=INTERVAL_METHODS[method])
    return (float(max(low, 0.0)), float(min(high, 1.0)))


def decide(ci_low: float, ci_high: float, bar: float) -> str:
    """Return KILL, PROCEED or UNDERPOWERED for an interval against a bar."""
    if math.isnan(ci_low) or math.isnan(ci_high):
        return UNDERPOWERED
    if ci_low >= bar:
        return KILL
    if ci_high < bar:
        return PROCEED
    return UNDERPOWERED


def verdict(
    k: int, n: int, bar: float = 0.95, method: str = "wilson", confidence: float = 0.95
) -> Verdict:
    """Return the Verdict for k correct of n items against `bar`.

    KILL when the interval's lower bound is >= bar, PROCEED when its upper bound is < bar,
    UNDERPOWERED otherwise (including n == 0, where there is no interval).
    """
    if not 0.0 < bar < 1.0:
        raise ValueError(f"bar must be a proportion strictly between 0 and 1, got {bar}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence}")
    k, n = int(k), int(n)
    ci = proportion_interval(k, n, method=method, confidence=confidence)
    p = k / n if n else math.nan
    return Verdict(
        decision=decide(ci[0], ci[1], bar),
        k=k,
        n=n,
        p=p,
        bar=bar,
        method=method,
        confidence=confidence,
        ci=ci,
    )
