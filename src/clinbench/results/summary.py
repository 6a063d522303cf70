"""The accuracy summary printed by `clinbench run` and `clinbench demo`."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats.proportions import wilson_interval


def accuracy_summary(
    results: pd.DataFrame, by: Sequence[str] = ("model", "format")
) -> pd.DataFrame:
    """Return n, accuracy with a 95% Wilson interval, declines, parse failures and errors per group.

    Only exact-match outcomes enter (rows whose outcome is correct, incorrect, declined,
    parse_failed or error). Accuracy's denominator is the answered rows (correct +
    incorrect + declined): parse failures and errors are excluded and counted apart.
    """
    closed = (outcomes.CORRECT, outcomes.INCORRECT, outcomes.DECLINED, outcomes.PARSE_FAILED)
    rows = results[results["outcome"].isin([*closed, outcomes.ERROR])]
    records = []
    for key, group in rows.groupby(list(by), sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        counts = group["outcome"].value_counts()
        correct = int(counts.get(outcomes.CORRECT, 0))
        answered = correct + int(counts.get(outcomes.INCORRECT, 0))
        answered += int(counts.get(outcomes.DECLINED, 0))
        low, high = wilson_interval(correct, answered)
        records.append(
            dict(zip(by, key, strict=True))
            | {
                "n": len(group),
                "answered": answered,
                "correct": correct,
                "accuracy": correct / answered if answered else float("nan"),
                "ci_low": low,
                "ci_high": high,
                "declined": int(counts.get(outcomes.DECLINED, 0)),
                "parse_failed": int(counts.get(outcomes.PARSE_FAILED, 0)),
                "error": int(counts.get(outcomes.ERROR, 0)),
            }
        )
    return pd.DataFrame.from_records(
        records,
        columns=[
            *by,
            "n",
            "answered",
            "correct",
            "accuracy",
            "ci_low",
            "ci_high",
            "declined",
            "parse_failed",
            "error",
        ],  # fmt: skip
    )
