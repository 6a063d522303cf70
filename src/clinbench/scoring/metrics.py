"""Inspect metrics that count outcomes kept apart from accuracy.

Excluded outcomes (parse failures, unscored judge replies) are ``Score.unscored`` values
(NaN): Inspect leaves them out of every metric and counts them itself as the score's
``unscored_samples``, so no clinbench metric counts them (it would always read 0). The
results table records every outcome row by row.

clinbench's metrics read score metadata, so they are declared ``scores="unreduced"``: they
see every epoch's score. Inspect's epoch reducer keeps only the first epoch's metadata, so a
reduced metric would count epoch 1 alone. Counts are therefore totals over epochs, and rates
pool every epoch's rows, exactly as the results table does.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from clinbench.scoring import outcomes


@metric(scores="unreduced")
def declined() -> Metric:
    """Return the number of explicit declines."""

    def count(scores: list[SampleScore]) -> float:
        return float(
            sum(1 for s in scores if (s.score.metadata or {}).get("outcome") == outcomes.DECLINED)
        )

    return count


@metric(scores="unreduced")
def refused() -> Metric:
    """Return the number of refusals ("I can't help with that"), kept apart from declines."""

    def count(scores: list[SampleScore]) -> float:
        return float(
            sum(1 for s in scores if (s.score.metadata or {}).get("outcome") == outcomes.REFUSED)
        )

    return count
