"""Inspect metrics that count outcomes kept apart from accuracy.

Excluded outcomes (parse failures, unscored judge replies) are ``Score.unscored`` values
(NaN): Inspect leaves them out of every metric and counts them itself as the score's
``unscored_samples``, so no clinbench metric counts them (it would always read 0). The
results table records every outcome row by row.

clinbench's metrics read score metadata, so they are declared ``scores="unreduced"``: they
see every epoch's score. Inspect's epoch reducer keeps only the first epoch's metadata, so a
reduced metric would count epoch 1 alone. Counts are therefore totals over epochs, and rates
pool every epoch's rows, exactly as the results table does.

Names follow the results table's columns so that ``inspect view`` and clinbench's table read
alike: ``accuracy_answered`` is the table's accuracy (correct / answered, declines counted
as not correct), ``declined`` the count of declines and ``declined_rate`` their share of the
answered replies. Parse failures are the scorer's ``unscored`` samples in Inspect's view
(the table's parse_failed count); Inspect hands a metric only the scored replies, so
accuracy over every reply and the counts and rates of excluded replies are written into the
log after the run by ``clinbench.stats.log_metrics`` from the results table.

The headline ``accuracy`` and ``stderr`` are the one estimator's (surf32, surf33), not
Inspect's: a bare ``inspect eval clinbench/...`` writes a log that ``clinbench run`` never
rewrites (:mod:`clinbench.stats.log_metrics`), and Inspect's own ``accuracy`` is the mean of
each item's epoch means over the items with a scored epoch: 0.4125 where every clinbench
surface printed 0.4156 for a 2-epoch run with parse failures. These two, named as Inspect's
are (``inspect view`` shows them first), take the answered side of
:func:`clinbench.stats.repeated_epochs.accuracy_two_denominators` from its own core
(:func:`clinbench.clustered_accuracy.clustered_side`, numpy only, so no pandas enters a run)
over the scores Inspect hands a metric, with the interval as
``accuracy_answered_ci_low``/``_high``. Every closed-answer scorer, here and in the suites,
logs :func:`answer_metrics`.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from clinbench.scoring import outcomes


def outcomes_of(scores: list[SampleScore]) -> list[str | None]:
    """Return the outcome each score's metadata records (None where it records none)."""
    return [(s.score.metadata or {}).get("outcome") for s in scores]


def _count_of(outcome: str) -> Metric:
    """Return a metric counting the replies with ``outcome``, every epoch's rows."""

    def count(scores: list[SampleScore]) -> float:
        return float(outcomes_of(scores).count(outcome))

    return count


def _share_of_answered(outcome: str) -> Metric:
    """Return a metric: replies with ``outcome`` / answered replies, every epoch pooled."""

    def value(scores: list[SampleScore]) -> float:
        seen = outcomes_of(scores)
        answered = sum(o in outcomes.ANSWERED for o in seen)
        return seen.count(outcome) / answered if answered else float("nan")

    return value


@metric(scores="unreduced")
def declined() -> Metric:
    """Return the number of explicit declines."""
    return _count_of(outcomes.DECLINED)


@metric(scores="unreduced")
def refused() -> Metric:
    """Return the number of refusals ("I can't help with that"), kept apart from declines."""
    return _count_of(outcomes.REFUSED)


@metric(scores="unreduced")
def accuracy_answered() -> Metric:
    """Return correct / answered replies (declines count as not correct), every epoch pooled."""
    return _share_of_answered(outcomes.CORRECT)


@metric(scores="unreduced")
def declined_rate() -> Metric:
    """Return declines / answered replies, every epoch pooled."""
    return _share_of_answered(outcomes.DECLINED)


@metric(scores="unreduced")
def refused_rate() -> Metric:
    """Return refusals / answered replies, every epoch pooled."""
    return _share_of_answered(outcomes.REFUSED)


def _answered_estimate(scores: list[SampleScore]) -> dict[str, float]:
    """Return the one accuracy estimator's answered-side numbers over the scores Inspect hands.

    Inspect gives a metric the scored replies only (a parse failure's NaN and a failed call
    never reach it), which are the answered ones: their accuracy is the results table's
    accuracy. They are clustered as ``stats.repeated_epochs.accuracy_two_denominators``
    clusters the table (item = the sample's id, under its condition) and estimated by that
    function's own core (``clinbench.clustered_accuracy``, numpy only: no pandas in a run), so the
    log of a bare ``inspect eval`` holds the number every clinbench surface prints.
    """
    import numpy as np

    from clinbench.clustered_accuracy import clustered_side

    cluster_of: dict[tuple[str, str], int] = {}
    answered: list[int] = []
    correct: list[int] = []
    for s, outcome in zip(scores, outcomes_of(scores), strict=True):
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
# accuracy, its standard error and interval), then the outcome counts above.
def answer_metrics() -> list[Metric]:
    """Return the metric list of a closed-answer scorer: the headline, then its details."""
    return [
        accuracy(),
        stderr(),
        accuracy_answered(),
        accuracy_answered_ci_low(),
        accuracy_answered_ci_high(),
        declined(),
        declined_rate(),
        refused(),
        refused_rate(),
    ]
