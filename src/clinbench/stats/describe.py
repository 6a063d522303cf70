"""Descriptive statistics with intervals: means, bootstrap intervals, proportions, rates.

AudiologyBench reports mean (SD) with a 95% t-interval, checked against a 10,000-resample
percentile bootstrap; proportions with Wilson intervals; pass rate = grade C or above.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from clinbench.scoring.outcomes import CRITICAL_ERRORS_UNKNOWN, EXCLUDED
from clinbench.stats._common import (
    StatsInputError,
    ci_name,
    group_seed,
    numeric_column,
    passing_grades,
    percentile_interval,
    require_columns,
)
from clinbench.stats.proportions import wilson_interval
from clinbench.stats.resample import bootstrap_means


def _groups(data: pd.DataFrame, by: str | Sequence[str] | None):
    """Yield (key dict, sub-frame) for each group in sorted order (one group if by is None)."""
    if by is None or (not isinstance(by, str) and len(by) == 0):
        yield {}, data
        return
    cols = [by] if isinstance(by, str) else list(by)
    require_columns(data, cols)
    for key, sub in data.groupby(cols, sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        yield dict(zip(cols, key, strict=True)), sub


def _only(data: pd.DataFrame, by: str | Sequence[str] | None, columns: list[str]) -> pd.DataFrame:
    """Return the grouping columns and `columns` of `data` (splitting fewer columns is faster)."""
    keys = [] if by is None else [by] if isinstance(by, str) else list(by)
    require_columns(data, [*keys, *columns])
    return data[list(dict.fromkeys([*keys, *columns]))]


def t_interval(values: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    """Return the t-distribution interval for the mean of `values` ((nan, nan) if n < 2)."""
    values = np.asarray(values, dtype=float)
    n = values.size
    if n < 2:
        return (math.nan, math.nan)
    mean = values.mean()
    sem = values.std(ddof=1) / math.sqrt(n)
    if sem == 0:
        return (float(mean), float(mean))
    low, high = stats.t.interval(confidence, n - 1, loc=mean, scale=sem)
    return (float(low), float(high))


# The scale of a rubric score: intervals of its mean stay inside it.
RUBRIC_SCALE: tuple[float, float] = (0.0, 100.0)


def bounded_t_interval(
    values: np.ndarray, scale: tuple[float, float], confidence: float = 0.95
) -> tuple[float, float]:
    """Return a t interval for the mean of scores on a bounded scale, inside the scale.

    The mean is moved to (0, 1), its t interval is taken on the logit scale (delta method:
    the SE divided by p (1 - p)) and mapped back, so it can never leave the scale, however
    near a bound the mean is; near the middle of the scale it is close to the plain t
    interval. No spread (every score equal) gives the point; (nan, nan) with n < 2.
    Written out here: scipy and statsmodels have the t quantile, not this transform.
    """
    values = np.asarray(values, dtype=float)
    low, high = scale
    n = values.size
    if n < 2:
        return (math.nan, math.nan)
    mean = float(values.mean())
    sem = float(values.std(ddof=1)) / math.sqrt(n) / (high - low)
    p = (mean - low) / (high - low)
    if sem == 0 or not 0 < p < 1:
        return (mean, mean)
    half = float(stats.t.ppf((1 + confidence) / 2, n - 1)) * sem / (p * (1 - p))
    centre = math.log(p / (1 - p))
    lo, hi = (1 / (1 + math.exp(-(centre + side * half))) for side in (-1, 1))
    return (low + lo * (high - low), low + hi * (high - low))


def _group_scores(data: pd.DataFrame, dv: str, by: str | Sequence[str] | None):
    """Yield (key dict, the group's scores as floats, missing ones left out) per group."""
    require_columns(data, [dv])
    for key, sub in _groups(_only(data, by, [dv]), by):
        yield key, numeric_column(sub, dv).dropna().to_numpy(dtype=float)


def score_bootstraps(
    data: pd.DataFrame,
    dv: str = "score",
    by: str | Sequence[str] | None = None,
    n_boot: int = 10_000,
    seed: int = 0,
) -> list[tuple[np.ndarray, int, int]]:
    """Return the (scores, n_boot, seed) of each bootstrap ``describe_scores`` draws.

    For ``resample.prefetched``: drawn ahead, they are the ones ``describe_scores`` with the
    same arguments then takes.
    """
    if n_boot <= 0:
        return []
    return [(x, n_boot, group_seed(seed, key)) for key, x in _group_scores(data, dv, by)
            if x.size]  # fmt: skip


def describe_scores(
    data: pd.DataFrame,
    dv: str = "score",
    by: str | Sequence[str] | None = None,
    n_boot: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
    scale: tuple[float, float] | None = None,
) -> pd.DataFrame:
    """Return n, mean, SD, the t-interval and the percentile-bootstrap interval per group.

    With a bounded `scale` (``RUBRIC_SCALE`` for 0-100 rubric scores) the t interval is
    taken on the logit scale (``bounded_t_interval``), so it never leaves the scale; the
    bootstrap's percentile interval stays inside it by construction.

    Rows with no score (excluded outcomes) are left out of n; columns: <by>..., n, mean,
    SD, CI95% (t), boot_CI95% (percentile, `n_boot` resamples). Each group's resamples are
    seeded by ``group_seed(seed, key)``, so adding a group never moves another's interval.
    A score that is not a number raises StatsInputError naming the row; blank scores are
    missing.
    """
    ci = ci_name(confidence)
    rows = []
    for key, x in _group_scores(data, dv, by):
        group = group_seed(seed, key)
        boot = bootstrap_means(x, n_boot=n_boot, seed=group) if x.size else np.array([])
        rows.append(
            {
                **key,
                "n": int(x.size),
                "mean": float(x.mean()) if x.size else math.nan,
                "SD": float(x.std(ddof=1)) if x.size > 1 else math.nan,
                ci: list(
                    t_interval(x, confidence)
                    if scale is None
                    else bounded_t_interval(x, scale, confidence)
                ),
                f"boot_{ci}": percentile_interval(boot, confidence) if x.size else [math.nan] * 2,
            }
        )
    return pd.DataFrame(rows)


def rubric_score_means(
    graded: pd.DataFrame, by: Sequence[str], confidence: float = 0.95
) -> pd.DataFrame:
    """Return the case score of graded rubric replies per group: n, mean and its interval.

    The mean of the 0-100 scores with the t interval on the logit scale (``RUBRIC_SCALE``):
    the one figure the run summary's rubric table, the leaderboard's case rows and the
    report's case table (beside its bootstrap) give. Columns: <by>..., n, mean, CI95%.
    """
    ci = ci_name(confidence)
    table = describe_scores(
        graded, "score", by=list(by), n_boot=0, confidence=confidence, scale=RUBRIC_SCALE
    )
    if table.empty:
        return pd.DataFrame(columns=[*by, "n", "mean", ci])
    return table[[*by, "n", "mean", ci]]


def section_means(graded: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Return the mean score of graded sections per group: n (sections with a score), mean.

    The figure of a scorer that scores each section of a reply on its own scale, with no
    letter grade (the audiogram fact check: the percentage of a section's checkable
    statements that match the audiogram): the one mean the audiology tables beside the
    rubric and the leaderboard's rows of such a scorer give. Columns: <by>..., n, mean.
    """
    scored = graded[pd.to_numeric(graded["score"], errors="coerce").notna()]
    scored = scored.assign(score=pd.to_numeric(scored["score"], errors="coerce"))
    if scored.empty:
        return pd.DataFrame(columns=[*by, "n", "mean"])
    table = scored.groupby(list(by), sort=True, dropna=False)["score"].agg(["size", "mean"])
    return table.rename(columns={"size": "n"}).reset_index()


def proportions(
    data: pd.DataFrame,
    success: str | Callable[[pd.DataFrame], pd.Series],
    by: str | Sequence[str] | None = None,
    eligible: Callable[[pd.DataFrame], pd.Series] | None = None,
    name: str = "p",
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return k, n, the proportion and its Wilson interval per group.

    `success` is a boolean column or a function of the rows giving one; `eligible` (a
    function of the rows) restricts the denominator. Columns: <by>..., k, n, <name>, CI95%.
    """
    ci = ci_name(confidence)
    rows = []
    for key, sub in _groups(data, by):
        if eligible is not None:
            sub = sub[eligible(sub).to_numpy(dtype=bool)]
        hits = success(sub) if callable(success) else sub[success]
        k, n = int(np.asarray(hits, dtype=bool).sum()), len(sub)
        rows.append(
            {
                **key,
                "k": k,
                "n": n,
                name: k / n if n else math.nan,
                ci: list(wilson_interval(k, n, confidence=confidence)),
            }
        )
    return pd.DataFrame(rows)


def accuracy(
    results: pd.DataFrame, by: str | Sequence[str] | None = "model", confidence: float = 0.95
) -> pd.DataFrame:
    """Return accuracy with its interval per group of a results table, clustered by item.

    From ``clinbench.stats.repeated_epochs.accuracy_two_denominators``, the one accuracy
    estimator: Wilson with one epoch per item, Wilson at the cluster-robust effective n
    with several, so repeated epochs never narrow it. The denominator is answered replies
    (correct, incorrect, declined); declines count as not correct and are shown apart;
    excluded outcomes (parse failures, errors, unscored judge calls) are counted in
    `excluded`, never in the denominator. Columns: <by>..., correct, n (answered replies),
    items (items, not item-epochs), epochs, accuracy, CI95%, declined, excluded. Without an
    ``item_id`` column each row is its own item.
    """
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    keys = [] if by is None else [by] if isinstance(by, str) else list(by)
    require_columns(results, [*keys, "outcome"])
    extra = [c for c in ("task", "condition", "item_id", "epoch") if c in results.columns]
    frame = results[list(dict.fromkeys([*keys, "outcome", *extra]))]
    if "item_id" not in frame.columns:
        frame = frame.assign(item_id=np.arange(len(frame)))
    table = accuracy_two_denominators(frame, by=keys, confidence=confidence, n_boot=0)
    excluded = [o for o in EXCLUDED if o in table.columns]
    out = table[keys].copy()
    out["correct"] = table["correct"].astype(int)
    out["n"] = table["answered"].astype(int)
    out["items"] = table["n_items"].astype(int)
    out["epochs"] = table["n_epochs"].astype(int)
    out["accuracy"] = table["accuracy_answered"]
    out[ci_name(confidence)] = [
        [lo, hi] for lo, hi in zip(table["ci_answered_low"], table["ci_answered_high"],
                                   strict=True)
    ]  # fmt: skip
    out["declined"] = table["declined"].astype(int)
    out["excluded"] = table[excluded].sum(axis=1).astype(int) if excluded else 0
    return out.reset_index(drop=True)


def passed(grades: pd.Series, passing: Sequence[str] | None = None) -> pd.Series:
    """Return True where a letter grade passes (the rubric's pass rule, C or above, by default)."""
    ok = {g.upper() for g in (passing_grades() if passing is None else passing)}
    return grades.astype(str).str.strip().str.upper().isin(ok)


def pass_rate(
    data: pd.DataFrame,
    grade: str = "grade",
    by: str | Sequence[str] | None = None,
    passing: Sequence[str] | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return the pass rate (grade C or above) with Wilson intervals among graded rows.

    Parameters
    ----------
    data : pandas.DataFrame
        The results table (or any table with a grade column).
    grade : str, default "grade"
        Column of letter grades; rows without a grade are not counted.
    by : str or sequence of str, optional
        Columns to group by (one row per group); None: one row for the whole table.
    passing : sequence of str, optional
        The grades that pass; None: the registered rubric's passing grades.
    confidence : float, default 0.95
        Coverage of the Wilson interval.

    Returns
    -------
    pandas.DataFrame
        Per group: n, the passes, ``pass_rate`` and its Wilson interval.

    References
    ----------
    .. [1] Wilson, E. B. (1927). Probable inference, the law of succession, and statistical
       inference. *Journal of the American Statistical Association*, 22(158), 209-212.
    """
    require_columns(data, [grade])
    return proportions(
        _only(data, by, [grade]),
        success=lambda d: passed(d[grade], passing),
        by=by,
        eligible=lambda d: _has_value(d[grade]),
        name="pass_rate",
        confidence=confidence,
    )


def parse_critical_errors(value) -> list[str]:
    """Return the critical-error types recorded in one cell (JSON list, or ;-separated text)."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return []
    if isinstance(value, list | tuple | np.ndarray):
        return [str(v) for v in value if str(v).strip()]
    text = str(value).strip()
    if not text:
        return []
    if text.startswith("["):
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as exc:
            raise StatsInputError(f"critical_errors {text!r} is not a JSON list: {exc}") from exc
        return [str(v) for v in parsed if str(v).strip()]
    return [part.strip() for part in text.replace(",", ";").split(";") if part.strip()]


def critical_error_codes(cells: pd.Series) -> tuple[np.ndarray, list[list[str]]]:
    """Return (a code per cell, the critical-error types of each code), codes from 0.

    Each distinct text is parsed once (``parse_critical_errors``): a results table repeats
    a few values ('[]', one type) over thousands of rows. Missing cells get the code of an
    empty list. Unhashable cells (lists) are read one by one, each its own code.
    """
    try:
        codes, distinct = pd.factorize(cells)
    except TypeError:  # a list or array cell
        return np.arange(len(cells)), [parse_critical_errors(value) for value in cells]
    parsed = [parse_critical_errors(value) for value in distinct] + [[]]
    return np.where(codes < 0, len(parsed) - 1, codes), parsed  # factorize's -1: missing


def critical_error_lists(cells: pd.Series) -> pd.Series:
    """Return each cell's critical-error types (``parse_critical_errors``), index kept."""
    codes, parsed = critical_error_codes(cells)
    return pd.Series([list(parsed[c]) for c in codes], index=cells.index, name=cells.name,
                     dtype=object)  # fmt: skip


def has_critical_error(cells: pd.Series) -> pd.Series:
    """Return True where a cell records at least one critical-error type, index kept."""
    codes, parsed = critical_error_codes(cells)
    flagged = np.array([bool(types) for types in parsed], dtype=bool)
    return pd.Series(flagged[codes], index=cells.index, name=cells.name)


def critical_error_rate(
    data: pd.DataFrame,
    column: str = "critical_errors",
    grade: str = "grade",
    by: str | Sequence[str] | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return the share of graded rows with at least one critical error, Wilson intervals.

    Rows whose score metadata says their critical errors are not known
    (``outcomes.CRITICAL_ERRORS_UNKNOWN``) are left out of the denominator.
    """
    require_columns(data, [column, grade])
    metadata = ["score_metadata"] if "score_metadata" in data.columns else []
    return proportions(
        _only(data, by, [column, grade, *metadata]),
        success=lambda d: has_critical_error(d[column]),
        by=by,
        eligible=lambda d: _has_value(d[grade]) & critical_errors_known(d),
        name="critical_error_rate",
        confidence=confidence,
    )


def critical_errors_known(data: pd.DataFrame) -> pd.Series:
    """Return False where a row's score metadata says its critical errors are not known.

    True for every row of a table without ``score_metadata``. Each distinct metadata text is
    read once (a results table repeats few).
    """
    if "score_metadata" not in data.columns:
        return pd.Series(True, index=data.index)
    key = f'"{CRITICAL_ERRORS_UNKNOWN}"'
    known: dict[object, bool] = {}

    def read(text: object) -> bool:
        if text not in known:
            unknown = (
                isinstance(text, str)
                and key in text
                and bool(json.loads(text).get(CRITICAL_ERRORS_UNKNOWN))
            )
            known[text] = not unknown
        return known[text]

    return data["score_metadata"].map(read).astype(bool)


def _has_value(s: pd.Series) -> pd.Series:
    return s.notna() & (s.astype(str).str.strip() != "") & (s.astype(str) != "nan")
