"""Classification metrics (micro-F1, macro-F1, exact match) from gold and predicted labels.

The F1s are scikit-learn's ``f1_score`` formulas, computed from one confusion table per
call (:func:`measures_from_tables`): ``f1_score`` validates its label vectors at every call
(about 2 ms each), which made the point estimates of the report's and the demo's many small
slices seconds of work; tests hold every figure equal to ``f1_score``, bit for bit. Two
rules, stated once here:

- **Labels**: macro-F1 averages over the labels present in gold or in the predictions
  (scikit-learn's own default, and HELM's classification metrics), so a class that never
  occurs in a slice scores nothing rather than a zero that drags the mean down. The
  macro-F1 over a declared full label set is reported apart, as ``macro_f1_all_labels``.
- **Replies with no label** (a decline; in the all-items denominator also a parse failure,
  an empty reply or a provider error) are a wrong answer, exactly as in accuracy: the item's
  gold class loses a true positive (a false negative), and the reply counts as one false
  prediction of no class. So micro-F1 equals exact match (single-label classification,
  every item has exactly one prediction), and macro-F1 averages per-class F1 over real
  labels only: the no-label marker is never a class of its own.

Two denominators, as for accuracy: ``answered`` (correct, incorrect, declined; parse failures
and errors excluded and counted) and ``all`` (every row; parse failures and errors are
replies with no label).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import numpy as np
import pandas as pd

from clinbench.scoring import outcomes
from clinbench.stats._common import require_columns
from clinbench.stats.agreement import bootstrap_tables

# The prediction of a reply with no label. Never a class: it is left out of macro-F1's
# labels and kept in micro-F1's, so it counts as a false prediction.
NO_LABEL = "(no label)"


def f1_scores(
    gold: Sequence[str],
    predicted: Sequence[str | None],
    *,
    all_labels: Sequence[str] | None = None,
) -> dict:
    """Return micro_f1, macro_f1, exact_match, labels (present), n and macro_f1_all_labels.

    ``predicted`` holds a label, or None for a reply with no label (see the module rules).
    ``labels`` are the labels present in gold or predictions, sorted. ``macro_f1_all_labels``
    is the macro-F1 over ``all_labels`` (NaN when none are declared). With no rows every
    figure is NaN.
    """
    gold = [str(g) for g in gold]
    pred = [NO_LABEL if p is None else str(p) for p in predicted]
    if len(gold) != len(pred):
        raise ValueError("gold and predicted differ in length")
    if NO_LABEL in gold:
        raise ValueError(f"{NO_LABEL!r} cannot be a gold label")
    present = sorted(set(gold) | {p for p in pred if p != NO_LABEL})
    nan = math.nan
    if not gold:
        return {"n": 0, "micro_f1": nan, "macro_f1": nan, "exact_match": nan,
                "macro_f1_all_labels": nan, "labels": []}  # fmt: skip

    table = confusion_table(gold, pred, present)
    measures = measures_from_tables(table, len(present))
    full = nan
    if all_labels is not None:
        declared = [str(label) for label in all_labels]
        unknown = sorted(set(present) - set(declared))
        if unknown:
            raise ValueError(f"labels {unknown} are not in the declared label set {declared}")
        full = _macro_over(table, present, declared)
    return {
        "n": len(gold),
        "micro_f1": float(measures["Micro F1"]),
        "macro_f1": float(measures["Macro F1"]),
        "exact_match": sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold),
        "macro_f1_all_labels": full,
        "labels": present,
    }


def confusion_table(gold: Sequence[str], pred: Sequence[str], labels: list[str]) -> np.ndarray:
    """Return the (K+1) x (K+1) counts of gold (rows) by prediction (columns) over ``labels``.

    Codes 0..K-1 are ``labels`` in their order; the last code is :data:`NO_LABEL`.
    """
    index = {label: i for i, label in enumerate(labels)}
    k = len(labels) + 1
    g = np.fromiter((index[x] for x in gold), dtype=np.int64, count=len(gold))
    p = np.fromiter((index.get(x, k - 1) for x in pred), dtype=np.int64, count=len(pred))
    return np.bincount(g * k + p, minlength=k * k).reshape(k, k)


def _macro_over(table: np.ndarray, labels: list[str], declared: list[str]) -> float:
    """Return the macro-F1 over ``declared`` (in that order; 0 for a label absent from both)."""
    n = len(labels)
    tp = np.diagonal(table)[:n].astype(float)
    both = table.sum(axis=0)[:n].astype(float) + table.sum(axis=1)[:n]  # predicted + gold
    where = {label: i for i, label in enumerate(labels)}
    per_label = np.array(
        [2 * tp[where[d]] / both[where[d]] if d in where else 0.0 for d in declared], dtype=float
    )
    return float(np.mean(per_label)) if len(per_label) else math.nan


def _predictions(rows: pd.DataFrame, answer: str) -> list[str | None]:
    out: list[str | None] = []
    for outcome, value in zip(rows["outcome"], rows[answer], strict=True):
        text = "" if value is None or (isinstance(value, float) and math.isnan(value)) else value
        text = str(text).strip()
        if outcome in (outcomes.CORRECT, outcomes.INCORRECT) and text:
            out.append(text)
        else:  # declined, parse failure, error, or an answered row without a label
            out.append(None)
    return out


def _labelled_groups(
    results: pd.DataFrame, by: list[str], target: str
) -> Iterator[tuple[tuple, pd.DataFrame, pd.DataFrame]]:
    """Yield (group key, its classification rows, those answered) per group, in sorted order.

    Classification rows have a gold label (a non-empty ``target``) and an answered or
    excluded outcome; answered rows are correct, incorrect or declined. A scorer that grades
    on a scale (``stats.repeated_epochs.on_a_scale``: a word error rate, whose target is a
    transcript, or a rubric grade) has no labels: its rows are left out.
    """
    from clinbench.stats.repeated_epochs import on_a_scale

    has_target = results[target].fillna("").astype(str).str.strip() != ""
    kept = results["outcome"].isin([*outcomes.ANSWERED, *outcomes.EXCLUDED]) & ~on_a_scale(results)
    rows = results[has_target & kept]
    groups = rows.groupby(by, sort=True, dropna=False) if by else [((), rows)]
    for key, group in groups:
        key = key if isinstance(key, tuple) else (key,)
        yield key, group, group[group["outcome"].isin(outcomes.ANSWERED)]


def classification(
    results: pd.DataFrame,
    by: Sequence[str] = ("model", "task"),
    *,
    target: str = "target",
    answer: str = "extracted_answer",
    all_labels: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Return micro-F1, macro-F1 and exact match per group, under both denominators.

    Reads the results table's ``target`` (gold label), ``extracted_answer`` (predicted label)
    and ``outcome`` columns. Columns: <by>..., n_items (distinct items), n_rows, answered,
    excluded (parse failures and errors), micro_f1, macro_f1, exact_match (answered rows),
    micro_f1_all, macro_f1_all, exact_match_all (every row; no label = wrong),
    macro_f1_all_labels (over ``all_labels`` when given, answered rows) and labels (the
    labels present, ';'-joined). Rows with an empty target (not a classification row) are
    left out.
    """
    by = list(by)
    require_columns(results, [*by, target, answer, "outcome", "item_id"])
    records = []
    for key, group, answered in _labelled_groups(results, by, target):
        gold_a = answered[target].astype(str).str.strip().tolist()
        sub = f1_scores(gold_a, _predictions(answered, answer), all_labels=all_labels)
        gold_all = group[target].astype(str).str.strip().tolist()
        every = f1_scores(gold_all, _predictions(group, answer))
        records.append(
            dict(zip(by, key, strict=True))
            | {
                "n_items": int(group["item_id"].nunique()),
                "n_rows": len(group),
                "answered": len(answered),
                "excluded": len(group) - len(answered),
                "micro_f1": sub["micro_f1"],
                "macro_f1": sub["macro_f1"],
                "exact_match": sub["exact_match"],
                "micro_f1_all": every["micro_f1"],
                "macro_f1_all": every["macro_f1"],
                "exact_match_all": every["exact_match"],
                "macro_f1_all_labels": sub["macro_f1_all_labels"],
                "labels": ";".join(every["labels"]),
            }
        )
    columns = [*by, "n_items", "n_rows", "answered", "excluded", "micro_f1", "macro_f1",
               "exact_match", "micro_f1_all", "macro_f1_all", "exact_match_all",
               "macro_f1_all_labels", "labels"]  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def classification_measures(
    gold: Sequence[str], predicted: Sequence[str | None], labels: Sequence[str] | None = None
) -> dict[str, float]:
    """Return Micro F1, Macro F1 and Exact Match (scikit-learn) of predictions against gold.

    The rules are ``clinbench.stats.classification``'s: macro-F1 over the labels present in
    gold or predictions; a prediction of None (a decline) is a wrong answer, so micro-F1
    equals exact match. With a declared full label set ``labels``, ``Macro F1 (all labels)``
    is its macro-F1 over that set, named as such.
    """
    out = f1_scores(list(gold), list(predicted), all_labels=labels)
    measures = {
        "Micro F1": out["micro_f1"],
        "Macro F1": out["macro_f1"],
        "Exact Match": out["exact_match"],
    }
    if labels is not None:
        measures["Macro F1 (all labels)"] = out["macro_f1_all_labels"]
    return measures


def measures_from_tables(tables: np.ndarray, n_labels: int) -> dict[str, np.ndarray]:
    """Return Micro F1, Macro F1 and Exact Match for each confusion table in a (..., K, K) stack.

    Rows are gold codes, columns predicted codes; codes 0..n_labels-1 are labels and the last
    code (K - 1 = n_labels) is the no-label prediction. The formulas are scikit-learn's
    (macro over labels present in gold or predictions; tests check them against
    ``f1_score``); written over a stack because the bootstrap scores thousands of tables and
    ``f1_score`` scores one pair of label vectors per call.
    """
    tables = np.asarray(tables, dtype=float)
    tp = np.diagonal(tables, axis1=-2, axis2=-1)[..., :n_labels]
    predicted = tables.sum(axis=-2)[..., :n_labels]
    gold = tables.sum(axis=-1)[..., :n_labels]
    total = tables.sum(axis=(-2, -1))
    present = (predicted + gold) > 0
    with np.errstate(invalid="ignore", divide="ignore"):
        per_class = np.where(present, 2 * tp / (predicted + gold), 0.0)
        macro = per_class.sum(axis=-1) / present.sum(axis=-1)
        exact = tp.sum(axis=-1) / total
    return {"Micro F1": exact, "Macro F1": macro, "Exact Match": exact}


def classification_report(
    gold: Sequence[str],
    predicted: Sequence[str | None],
    labels: Sequence[str] | None = None,
    *,
    resamples: int = 1000,
    seed: int = 0,
) -> dict[str, float]:
    """Return micro/macro F1 and exact match with their bootstrap SDs (``<name> SD`` keys).

    A prediction of None is a reply with no label (a decline). The bootstrap resamples items
    as multinomial draws over the confusion table (``clinbench.stats.agreement``'s
    ``bootstrap_tables``: one draw of n over the K x K cells is n items resampled).
    """
    point = classification_measures(list(gold), list(predicted), labels)
    if not len(gold) or resamples <= 0:
        return point
    names = sorted(set(gold) | {p for p in predicted if p is not None})
    index = {label: i for i, label in enumerate(names)}
    k = len(names) + 1
    g = np.array([index[x] for x in gold], dtype=np.int64)
    p = np.array([len(names) if x is None else index[x] for x in predicted], dtype=np.int64)
    table = np.bincount(g * k + p, minlength=k * k).reshape(k, k)
    boot = measures_from_tables(bootstrap_tables(table, resamples, seed), len(names))
    return {**point, **{f"{key} SD": _finite_sd(values) for key, values in boot.items()}}


def _finite_sd(values: np.ndarray) -> float:
    finite = values[~np.isnan(values)]
    return float(np.std(finite, ddof=1)) if finite.size > 1 else float("nan")


PER_CLASS_COLUMNS = ["denominator", "label", "precision", "recall", "f1", "support"]


def per_class(
    results: pd.DataFrame,
    by: Sequence[str] = ("model", "task"),
    *,
    target: str = "target",
    answer: str = "extracted_answer",
) -> pd.DataFrame:
    """Return precision, recall, F1 and support of every class per group (scikit-learn).

    ``precision_recall_fscore_support`` over the labels present in gold or predictions, under
    both denominators: ``answered`` (correct, incorrect, declined) and ``all`` (every row).
    A reply with no label (a decline; under ``all`` also a parse failure or an error) is a
    wrong answer: its gold class loses a true positive and no class gains a prediction.
    Support is the number of rows whose gold label is the class. Columns: <by>...,
    denominator, label, precision, recall, f1, support.
    """
    from sklearn.metrics import precision_recall_fscore_support

    by = list(by)
    require_columns(results, [*by, target, answer, "outcome"])
    records = []
    for key, group, answered in _labelled_groups(results, by, target):
        for denominator, part in (("answered", answered), ("all", group)):
            gold = part[target].astype(str).str.strip().tolist()
            pred = [NO_LABEL if p is None else p for p in _predictions(part, answer)]
            labels = sorted(set(gold) | {p for p in pred if p != NO_LABEL})
            if not labels:
                continue
            precision, recall, f1, support = precision_recall_fscore_support(
                gold, pred, labels=labels, zero_division=0
            )
            for i, label in enumerate(labels):
                records.append(
                    dict(zip(by, key, strict=True))
                    | {
                        "denominator": denominator,
                        "label": label,
                        "precision": float(precision[i]),
                        "recall": float(recall[i]),
                        "f1": float(f1[i]),
                        "support": int(support[i]),
                    }  # fmt: skip
                )
    return pd.DataFrame(records, columns=[*by, *PER_CLASS_COLUMNS])
