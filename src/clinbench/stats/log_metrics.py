"""The metrics Inspect cannot compute, written into each log so `inspect view` tells it all.

Inspect drops an unscored (NaN) score before any metric sees it, and a sample whose call
failed has no score at all, so metrics logged by a scorer see the answered replies only
(``clinbench.scoring.metrics``). Accuracy over every reply and the counts and rates of
parse failures, contradictory replies, unscored judge replies and errors need every row:
after a run they are computed from the results table, by the one accuracy estimator
(:func:`clinbench.stats.repeated_epochs.accuracy_two_denominators`, every epoch's rows pooled),
and added to the closed-answer scorer's entry in ``EvalLog.results.scores``, so the log's
metrics and clinbench's table are the same numbers. The headline too: ``accuracy_answered``
with its interval (``accuracy_answered_ci_low``/``_high``), and Inspect's own ``accuracy``
and ``stderr`` of that scorer, which Inspect computes as the mean of each item's epoch means
over the items with a scored epoch (0.214 where every clinbench surface said 0.171 for a run
of 2 epochs with parse failures, surf31), are replaced by the same estimator's answered
accuracy and its cluster-robust standard error: ``inspect view`` shows the number the console
summary, ``analyze``, the report and the leaderboard print. Rescoring the log with Inspect
(``inspect score``) recomputes the results and drops them; ``clinbench run`` and
``clinbench resume`` write them again.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.scoring import outcomes

# Outcomes outside the answered replies: counted, and as a share of every reply.
OUTSIDE_ANSWERED = (*outcomes.EXCLUDED,)
# Marks a scorer entry that holds clinbench's closed-answer metrics (scoring.metrics).
_CLOSED_ANSWER_METRIC = "accuracy_answered"
# Inspect's own metrics of a closed-answer scorer, given the one estimator's values
_INSPECTS_OWN = ("accuracy", "stderr")


def every_reply_metrics(rows: pd.DataFrame) -> dict[str, dict[str, float]]:
    """Return {scorer: {metric name: value}} over every reply of one log's results rows.

    Names: ``replies`` (every reply, as the table's n), ``answered``, ``accuracy_answered``
    with ``accuracy_answered_ci_low``/``_high`` (the table's accuracy and its interval),
    ``accuracy_all`` with ``accuracy_all_ci_low``/``_high`` (the table's accuracy (all) and
    its interval), ``accuracy`` and ``stderr`` (Inspect's two, given the answered accuracy
    and its cluster-robust standard error ``se_cluster_answered``), and for
    each outcome outside the answered replies (parse_failed, contradictory, error,
    unscored) its count and ``<outcome>_rate`` = count / replies.
    """
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    if rows.empty:
        return {}
    table = accuracy_two_denominators(rows, by=["scorer"])
    found: dict[str, dict[str, float]] = {}
    for record in table.to_dict("records"):
        replies = float(record["n_rows"])
        metrics = {
            "replies": replies,
            "answered": float(record["answered"]),
            "accuracy_answered": float(record["accuracy_answered"]),
            "accuracy_answered_ci_low": float(record["ci_answered_low"]),
            "accuracy_answered_ci_high": float(record["ci_answered_high"]),
            "accuracy": float(record["accuracy_answered"]),
            "stderr": float(record["se_cluster_answered"]),
            "accuracy_all": float(record["accuracy_all"]),
            "accuracy_all_ci_low": float(record["ci_all_low"]),
            "accuracy_all_ci_high": float(record["ci_all_high"]),
        }
        for outcome in OUTSIDE_ANSWERED:
            count = float(record.get(outcome, 0) or 0)
            metrics[outcome] = count
            metrics[f"{outcome}_rate"] = count / replies if replies else float("nan")
        found[str(record["scorer"])] = metrics
    return found


def write_every_reply_metrics(logs: Sequence[Any], results: pd.DataFrame) -> list[str]:
    """Return the paths of the logs rewritten with their every-reply metrics added.

    ``results`` is a results table that holds each log's rows (``results_from_logs(logs)``,
    or the table of the whole log folder); each log gets the metrics of its own rows
    (matched by the ``log_file`` column) in the entry of each closed-answer scorer (the one
    holding ``accuracy_answered``). Logs with no such scorer or no rows are left as they are.
    Only the log's header is read and written (:func:`_rewrite_header`): its samples are
    never loaded, so a large log costs no more memory here than a small one.
    """
    from inspect_ai.log import EvalMetric, read_eval_log

    if results.empty or "log_file" not in results.columns:
        return []
    by_name: dict[str, list[Any]] = {}  # log file name -> positions of its rows
    for value, positions in results.groupby("log_file", sort=False).indices.items():
        by_name.setdefault(Path(str(value)).name, []).append(positions)
    written = []
    for log in logs:
        location = str(log.location or "").removeprefix("file://").removeprefix("file:")
        if not location or not Path(location).is_file():
            continue
        positions = by_name.get(Path(location).name)
        if not positions:
            continue
        import numpy as np

        rows = results.iloc[np.sort(np.concatenate(positions))]
        by_scorer = every_reply_metrics(rows)
        if not by_scorer:
            continue
        eval_zip = location.endswith(".eval")
        header = read_eval_log(location, header_only=eval_zip)  # a .json log is one document
        changed = False
        scores = header.results.scores if header.results else []
        closed = {s.name for s in scores if _CLOSED_ANSWER_METRIC in s.metrics}
        for score in scores:
            metrics = by_scorer.get(score.name)
            if metrics is None or score.name not in closed:
                continue
            for name, value in metrics.items():
                if name in _INSPECTS_OWN:  # replaced where Inspect logged them, named as it did
                    if name in score.metrics:
                        score.metrics[name] = EvalMetric(name=name, value=value)
                elif _CLOSED_ANSWER_METRIC in score.metrics:
                    score.metrics[name] = EvalMetric(name=f"clinbench/{name}", value=value)
            changed = True
        if changed:
            _rewrite_header(header, location, eval_zip)
            written.append(location)
    return written


def _rewrite_header(log: Any, location: str, eval_zip: bool) -> None:
    """Write a log's header (its results included) over the log at ``location``, atomically.

    A ``.eval`` log is a zip whose samples are members apart from ``header.json``: the file is
    copied (by the operating system, not through memory), Inspect replaces the copy's header
    (``write_eval_log(header_only=True)``, which leaves the samples untouched) and the copy
    replaces the log. Inspect's own header edit works in place and is not atomic (a stop
    midway would leave the zip without its directory), hence the copy. A ``.json`` log is
    written whole, as read.
    """
    import shutil

    from inspect_ai.log import write_eval_log

    from clinbench.io import atomic_path

    with atomic_path(location) as tmp:
        if eval_zip:
            shutil.copyfile(location, tmp)
            write_eval_log(log, str(tmp), format="eval", header_only=True)
        else:
            write_eval_log(log, str(tmp), format="json")
