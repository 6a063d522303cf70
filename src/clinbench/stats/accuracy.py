"""Accuracy with its Wilson interval: the one rule every table of accuracy uses.

Accuracy is correct / answered, where answered = correct + incorrect + declined + refused (a
decline or a refusal counts as not correct); parse failures, contradictory replies (a
decline and an answer at once), errors and unscored judge calls are counted apart and never
enter the denominator (``clinbench.scoring.outcomes``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats.proportions import wilson_interval


def outcome_accuracy(values: Iterable[str], confidence: float = 0.95) -> dict[str, Any]:
    """Return counts, accuracy and its Wilson interval for a run of outcomes.

    Keys: answered, correct, accuracy (NaN when nothing was answered), ci_low, ci_high,
    declined, refused, parse_failed, contradictory, error.
    """
    counts = pd.Series(list(values), dtype=object).value_counts()
    correct = int(counts.get(outcomes.CORRECT, 0))
    answered = int(sum(counts.get(o, 0) for o in outcomes.ANSWERED))
    low, high = wilson_interval(correct, answered, confidence)
    return {
        "answered": answered,
        "correct": correct,
        "accuracy": correct / answered if answered else math.nan,
        "ci_low": low,
        "ci_high": high,
        "declined": int(counts.get(outcomes.DECLINED, 0)),
        "refused": int(counts.get(outcomes.REFUSED, 0)),
        "parse_failed": int(counts.get(outcomes.PARSE_FAILED, 0)),
        "contradictory": int(counts.get(outcomes.CONTRADICTORY, 0)),
        "error": int(counts.get(outcomes.ERROR, 0)),
    }


SUMMARY_COLUMNS = ("n", "answered", "correct", "accuracy", "ci_low", "ci_high", "declined",
                   "refused", "parse_failed", "contradictory", "error")  # fmt: skip


def accuracy_summary(
    results: pd.DataFrame, by: Sequence[str] = ("model", "format")
) -> pd.DataFrame:
    """Return n, accuracy with a 95% Wilson interval, declines, parse failures and errors per group.

    Only exact-match outcomes enter (rows whose outcome is correct, incorrect, declined,
    parse_failed or error); this is the table `clinbench run` and `clinbench demo` print.
    """
    rows = results[results["outcome"].isin(outcomes.EXACT_MATCH)]
    records = []
    for key, group in rows.groupby(list(by), sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        records.append(
            dict(zip(by, key, strict=True)) | {"n": len(group)} | outcome_accuracy(group["outcome"])
        )
    return pd.DataFrame.from_records(records, columns=[*by, *SUMMARY_COLUMNS])
