"""Inspect metrics that count outcomes kept apart from accuracy.

Excluded outcomes (parse failures, unscored judge replies) are ``Score.unscored`` values
(NaN): Inspect leaves them out of every metric and counts them itself as the score's
``unscored_samples``, so no clinbench metric counts them (it would always read 0). The
results table records every outcome row by row.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from clinbench.scoring import outcomes


@metric
def declined() -> Metric:
    """Return the number of explicit declines."""

    def count(scores: list[SampleScore]) -> float:
        return float(
            sum(1 for s in scores if (s.score.metadata or {}).get("outcome") == outcomes.DECLINED)
        )

    return count
