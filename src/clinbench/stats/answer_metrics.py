"""The closed-answer metrics of a task's log, from the one accuracy estimator (surf32).

A bare ``inspect eval clinbench/...`` writes a log that ``clinbench run`` never rewrites
(:mod:`clinbench.stats.log_metrics`), and Inspect's own ``accuracy`` is the mean of each
item's epoch means over the items with a scored epoch: 0.4125 where every clinbench surface
printed 0.4156 for a 2-epoch run with parse failures. These metrics, named ``accuracy`` and
``stderr`` as Inspect's are (``inspect view`` shows them first), take the answered side of
:func:`clinbench.stats.repeated_epochs.accuracy_two_denominators` from its own core
(:func:`clinbench.stats.clustered_accuracy.clustered_side`, numpy only, so no pandas enters a
run) over the scores Inspect hands a metric, with the interval as
``accuracy_answered_ci_low``/``_high``. The closed-answer
scorers of the suites log them, and ``clinbench_items`` tasks (one item scorer) take them as
the task's metrics; a scorer of ``clinbench.scoring`` cannot name them (``stats`` reads
``scoring``), so its own list keeps Inspect's two for tasks built elsewhere.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from clinbench.scoring import metrics as counted
from clinbench.scoring import outcomes


def _answered_estimate(scores: list[SampleScore]) -> dict[str, float]:
    """Return the one accuracy estimator's answered-side numbers over the scores Inspect hands.

    Inspect gives a metric the scored replies only (a parse failure's NaN and a failed call
    never reach it), which are the answered ones: their accuracy is the results table's
    accuracy. They are clustered as ``stats.repeated_epochs.accuracy_two_denominators``
    clusters the table (item = the sample's id, under its condition) and estimated by that
    function's own core (``stats.clustered_accuracy``, numpy only: no pandas in a run), so the
    log of a bare ``inspect eval`` holds the number every clinbench surface prints.
    """
    import numpy as np

    from clinbench.stats.clustered_accuracy import clustered_side

    cluster_of: dict[tuple[str, str], int] = {}
    answered: list[int] = []
    correct: list[int] = []
    for s, outcome in zip(scores, counted._outcomes_of(scores), strict=True):
        if outcome not in outcomes.ANSWERED:
            continue
        key = (str((s.sample_metadata or {}).get("condition") or "default"), str(s.sample_id))
        index = cluster_of.setdefault(key, len(cluster_of))
        if index == len(answered):
            answered.append(0)
            correct.append(0)
        answered[index] += 1
        correct[index] += outcome == outcomes.CORRECT
    nan = float("nan")
    if not answered:
        return {"p": nan, "se": nan, "low": nan, "high": nan}
    # one group, clustered by item as accuracy_two_denominators clusters it (its defaults:
    # 95%, no small-sample factor); its core, so the log holds the table's numbers
    one = np.zeros(len(answered), dtype=np.int64)
    side = clustered_side(np.array(correct, dtype=float), np.array(answered, dtype=float), one,
                          1, 0.95, False)  # fmt: skip
    return {part: float(side[name][0]) for part, name in
            (("p", "p"), ("se", "se"), ("low", "low"), ("high", "high"))}  # fmt: skip


def _estimate_part(part: str) -> Metric:
    def value(scores: list[SampleScore]) -> float:
        return _answered_estimate(scores)[part]

    return value


# Named as Inspect's own two, so ``inspect view`` shows first the number every clinbench
# surface prints: Inspect's ``accuracy`` is the mean of each item's epoch means over the
# items with a scored epoch, a different estimator once epochs differ (0.214 beside 0.171).
@metric(name="accuracy", scores="unreduced")
def accuracy() -> Metric:
    """Return correct / answered replies, every epoch pooled (the results table's accuracy)."""
    return _estimate_part("p")


@metric(name="stderr", scores="unreduced")
def stderr() -> Metric:
    """Return the cluster-robust standard error of that accuracy, clustered by item."""
    return _estimate_part("se")


@metric(scores="unreduced")
def accuracy_answered_ci_low() -> Metric:
    """Return the lower bound of the accuracy's 95% interval (Wilson, clustered by item)."""
    return _estimate_part("low")


@metric(scores="unreduced")
def accuracy_answered_ci_high() -> Metric:
    """Return the upper bound of the accuracy's 95% interval (Wilson, clustered by item)."""
    return _estimate_part("high")


# The metric list of a closed-answer scorer: the headline from the one estimator (the table's
# accuracy, its standard error and interval), then the counts of clinbench.scoring.metrics.
def answer_metrics() -> list[Metric]:
    """Return the metric list of a closed-answer scorer: the headline, then its details."""
    return [
        accuracy(),
        stderr(),
        counted.accuracy_answered(),
        accuracy_answered_ci_low(),
        accuracy_answered_ci_high(),
        counted.declined(),
        counted.declined_rate(),
        counted.refused(),
        counted.refused_rate(),
    ]
