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

The headline ``accuracy`` and ``stderr`` of a closed-answer scorer are not Inspect's (the
mean of each item's epoch means) but the results table's answered accuracy and its
cluster-robust standard error, from the one estimator, with its interval
(``accuracy_answered_ci_low``/``_high``): the log of a bare ``inspect eval`` then shows the
number the console summary, ``analyze``, the report and ``results`` print.
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


def _answered_estimate(scores: list[SampleScore]) -> dict[str, float]:
    """Return the one accuracy estimator's answered-side numbers over the scores Inspect hands.

    Inspect gives a metric the scored replies only (a parse failure's NaN and a failed call
    never reach it), which are the answered ones: their accuracy is the results table's
    accuracy. Each reply is a row of ``stats.repeated_epochs.accuracy_two_denominators``,
    clustered as the table clusters it (item = the sample's id, under its condition), so the
    log of a bare ``inspect eval`` holds the number every clinbench surface prints.
    """
    import pandas as pd

    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    rows = [
        {"_all": 0, "item_id": str(s.sample_id),
         "condition": str((s.sample_metadata or {}).get("condition") or "default"),
         "outcome": outcome}
        for s, outcome in zip(scores, _outcomes_of(scores), strict=True)
        if outcome in outcomes.ANSWERED
    ]  # fmt: skip
    nan = float("nan")
    if not rows:
        return {"p": nan, "se": nan, "low": nan, "high": nan}
    table = accuracy_two_denominators(pd.DataFrame(rows), by=["_all"], n_boot=0)
    found = table.iloc[0]
    columns = {"p": "accuracy_answered", "se": "se_cluster_answered",
               "low": "ci_answered_low", "high": "ci_answered_high"}  # fmt: skip
    return {part: float(found[column]) for part, column in columns.items()}


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


# The metrics every clinbench scorer of closed answers logs: ``accuracy`` and ``stderr`` are
# the one estimator's (the table's), not Inspect's, so a bare ``inspect eval`` logs them too.
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
