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

The headline ``accuracy`` and ``stderr`` that the one estimator gives (the results table's,
not Inspect's mean of each item's epoch means) are :mod:`clinbench.stats.answer_metrics`'s:
``stats`` reads this package, so a scorer here cannot name them; the tasks do.
"""

from __future__ import annotations

from inspect_ai.scorer import Metric, SampleScore, metric

from clinbench.scoring import outcomes


def _outcomes_of(scores: list[SampleScore]) -> list[str | None]:
    return [(s.score.metadata or {}).get("outcome") for s in scores]


def _count_of(outcome: str) -> Metric:
    """Return a metric counting the replies with ``outcome``, every epoch's rows."""

    def count(scores: list[SampleScore]) -> float:
        return float(_outcomes_of(scores).count(outcome))

    return count


def _share_of_answered(outcome: str) -> Metric:
    """Return a metric: replies with ``outcome`` / answered replies, every epoch pooled."""

    def value(scores: list[SampleScore]) -> float:
        seen = _outcomes_of(scores)
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


# The metrics every clinbench scorer of closed answers logs (with Inspect's own accuracy and
# stderr, which reduce each item's epochs first; a task whose area may use the one estimator
# replaces them with clinbench.stats.answer_metrics).
def answer_metrics() -> list[Metric]:
    """Return the metric list of a closed-answer scorer: Inspect's two, then clinbench's."""
    from inspect_ai.scorer import accuracy, stderr

    return [
        accuracy(),
        stderr(),
        accuracy_answered(),
        declined(),
        declined_rate(),
        refused(),
        refused_rate(),
    ]
