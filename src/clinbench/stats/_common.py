"""Small shared helpers for clinbench.stats: label parsing, CI column names, checks."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from clinbench.errors import ResultsTableError

# The case rubric's letter grades (best first), its pass rule ("pass" = grade C or above)
# and its band midpoints come from the registered rubric (scoring.rubric.grade_rules). They
# are read on first use, never at import: reading them finds the rubric through the suite
# registry, and importing a statistics module must not import a suite. Other ordered scales
# are declared by the caller (`categories=`); callers with other bands pass their own
# midpoints.


def letter_grades() -> tuple[str, ...]:
    """Return the registered rubric's letter grades, best first (A to F for AudiologyBench)."""
    return _grade_rules().grades


def passing_grades() -> tuple[str, ...]:
    """Return the registered rubric's passing grades (its pass grade and better)."""
    return _grade_rules().passing


def _grade_rules():
    from clinbench.scoring.rubric import grade_rules  # on first use: it reads the registry

    return grade_rules()


_LAZY = {
    "LETTER_GRADES": letter_grades,
    "PASSING_GRADES": passing_grades,
    "GRADE_MIDPOINTS": lambda: _grade_rules().midpoints,
}


def __getattr__(name: str):
    """Answer the old constant names (LETTER_GRADES, ...) by reading the rubric then (PEP 562)."""
    if name in _LAZY:
        return _LAZY[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_TRUE = {"1", "1.0", "true", "t", "yes", "y"}
_FALSE = {"0", "0.0", "false", "f", "no", "n"}


class StatsInputError(ResultsTableError, ValueError):
    """Input that a statistical procedure cannot use; the message names the column and row."""


def numeric_column(data: pd.DataFrame, column: str) -> pd.Series:
    """Return `column` as floats; missing values (None, NaN, blank) become NaN.

    Anything else that is not a number raises StatsInputError naming the column and the
    first bad row: a statistic never silently drops a value it cannot read.
    """
    require_columns(data, [column])
    values = data[column]
    if pd.api.types.is_bool_dtype(values.dtype):
        return values.astype(float)
    if pd.api.types.is_numeric_dtype(values.dtype):
        return values.astype(float)
    blank = values.isna() | (values.astype(str).str.strip() == "")
    numbers = pd.to_numeric(values.where(~blank, None), errors="coerce").astype(float)
    bad = numbers.isna() & ~blank
    if bad.any():
        first = bad.index[bad.to_numpy()][0]
        raise StatsInputError(
            f"row {first}: column {column!r}: {values.loc[first]!r} is not a number"
        )
    return numbers


def group_seed(seed: int, key) -> int:
    """Return the bootstrap seed of one group: a hash of the group's key and `seed`.

    A group's resamples then depend on its own identity only, so adding or removing another
    group (a new model, a new slice) never moves this group's interval.
    """
    text = repr((int(seed), _key_text(key)))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")


def _key_text(key):
    if isinstance(key, dict):
        return tuple((str(k), _key_text(v)) for k, v in key.items())
    if isinstance(key, tuple | list):
        return tuple(_key_text(v) for v in key)
    if hasattr(key, "item") and not isinstance(key, str):
        key = key.item()
    return str(key)


def ci_name(confidence: float) -> str:
    """Return the pingouin-style name of a confidence-interval column, e.g. 'CI95%'."""
    pct = confidence * 100
    return f"CI{pct:g}%"


def require_columns(data: pd.DataFrame, columns: Iterable[str]) -> None:
    """Raise StatsInputError naming any column missing from `data`."""
    missing = [c for c in columns if c not in data.columns]
    if missing:
        raise StatsInputError(
            f"missing column(s) {missing}; available: {list(map(str, data.columns))}"
        )


def to_binary(values: pd.Series, column: str) -> np.ndarray:
    """Return a bool array from 1/0, true/false or yes/no labels; raise naming the bad row."""
    out = np.empty(len(values), dtype=bool)
    for i, (index, value) in enumerate(values.items()):
        if isinstance(value, bool | np.bool_):
            out[i] = bool(value)
            continue
        text = "" if value is None else str(value).strip().lower()
        if isinstance(value, float) and math.isnan(value):
            text = ""
        if text in _TRUE:
            out[i] = True
        elif text in _FALSE:
            out[i] = False
        else:
            raise StatsInputError(
                f"row {index}: column {column!r}: {value!r} is not a binary label "
                "(use 1/0, true/false or yes/no)"
            )
    return out


def infer_categories(*series: pd.Series) -> list:
    """Return the ordered category list for ordinal labels.

    Letter grades (a subset of A-F) get the A-F order; numbers are sorted. Any other labels
    have no order we can know, so the caller must declare it.
    """
    seen = set()
    for s in series:
        seen.update(s.tolist())
    if seen and all(isinstance(v, str) and v.strip().upper() in letter_grades() for v in seen):
        return list(letter_grades())
    try:
        numeric = sorted(float(v) for v in seen)
    except (TypeError, ValueError):
        raise StatsInputError(
            f"labels {sorted(map(str, seen))} have no known order; declare it with "
            "categories= (--categories on the command line)"
        ) from None
    # keep the original values (ints stay ints) in numeric order
    by_value = {float(v): v for v in seen}
    return [by_value[v] for v in numeric]


def encode(values: pd.Series, categories: Sequence, column: str) -> np.ndarray:
    """Return integer codes of `values` in `categories` order; raise naming an unknown label."""
    normalise = _grade_key if list(categories) == list(letter_grades()) else (lambda v: v)
    lookup = {normalise(c): i for i, c in enumerate(categories)}
    codes = np.empty(len(values), dtype=np.int64)
    for i, (index, value) in enumerate(values.items()):
        key = normalise(value)
        if key not in lookup:
            raise StatsInputError(
                f"row {index}: column {column!r}: {value!r} is not one of {list(categories)}"
            )
        codes[i] = lookup[key]
    return codes


def _grade_key(value):
    return value.strip().upper() if isinstance(value, str) else value


def drop_missing(data: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """Return rows where every named column has a value (blank strings count as missing)."""
    sub = data[list(columns)]
    mask = sub.notna().all(axis=1)
    for c in columns:
        if sub[c].dtype == object:
            mask &= sub[c].astype(str).str.strip() != ""
    return data.loc[mask]


def percentile_interval(boot: np.ndarray, confidence: float) -> list[float]:
    """Return the [low, high] percentile interval of bootstrap replicates, ignoring NaN."""
    boot = np.asarray(boot, dtype=float)
    if boot.size == 0 or np.all(np.isnan(boot)):
        return [math.nan, math.nan]
    alpha = (1 - confidence) / 2
    low, high = np.nanquantile(boot, [alpha, 1 - alpha], axis=-1)
    return [float(low), float(high)]
