"""Severity of wrong answers, by exact match against each item's evidenced wrong values.

AusClinBench's rule: a blind-condition wrong answer is labelled ``superseded`` (it was the
Australian rule until it changed), ``foreign`` (it is the current rule in another country)
or ``fabricated`` (verified never to have been a rule) only when it matches, exactly, a
value researched and evidenced for that item, with its quote and URL. A wrong answer that
matches nothing stays ``unclassified`` (not researched is not the same as invented). Declines are
not wrong assertions and are never classified; parse failures are never classified. Every
table states coverage: classified wrong answers over all wrong answers.

For an item with several fields, an answer is classified only when every wrong field
matches an evidenced value; when the matched labels differ, they are joined with '+'
(e.g. ``foreign+superseded``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pandas as pd

from clinbench.items.model import ExactItem
from clinbench.items.normalise import matches_key
from clinbench.scoring import outcomes

LABELS = ("superseded", "foreign", "fabricated")
UNCLASSIFIED = "unclassified"
SEVERITY_CONDITION = "blind"


def parse_answer(value: Any) -> dict[str, str] | None:
    """Return a field -> value answer from an extracted answer (JSON text or dict), else None."""
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        return None
    if not isinstance(parsed, dict):
        return None
    return {str(k): str(v) for k, v in parsed.items()}


def classify_wrong_answer(item: ExactItem, answer: Mapping[str, str]) -> str:
    """Return the severity label of a wrong answer, or ``unclassified`` when evidence is missing."""
    labels: set[str] = set()
    wrong_fields = 0
    for spec in item.fields:
        given = answer.get(spec.name)
        if given is None:
            return UNCLASSIFIED
        if matches_key(given, [item.answer[spec.name]], spec.normalise):
            continue
        wrong_fields += 1
        matched = {
            w.label
            for w in item.wrong_values
            if w.field == spec.name and matches_key(given, [w.value], spec.normalise)
        }
        if not matched:
            return UNCLASSIFIED
        labels |= matched
    if wrong_fields == 0 or not labels:
        return UNCLASSIFIED
    return "+".join(sorted(labels))


def classify_results(
    results: pd.DataFrame,
    items: Mapping[str, ExactItem],
    condition: str | None = SEVERITY_CONDITION,
) -> pd.DataFrame:
    """Return the incorrect rows (of one condition) with a ``severity`` column added.

    Only rows whose outcome is ``incorrect`` are classified: declines, parse failures and
    errors never are. Items missing from ``items`` are left ``unclassified``.
    """
    rows = results[results["outcome"] == outcomes.INCORRECT]
    if condition is not None:
        rows = rows[rows["condition"] == condition]
    rows = rows.copy()
    labels = []
    for item_id, extracted in zip(rows["item_id"], rows["extracted_answer"], strict=True):
        item = items.get(str(item_id))
        answer = parse_answer(extracted)
        if item is None or answer is None:
            labels.append(UNCLASSIFIED)
        else:
            labels.append(classify_wrong_answer(item, answer))
    # object dtype, so that ``.str`` works on the column even when no row is classified
    rows["severity"] = pd.Series(labels, index=rows.index, dtype=object)
    return rows


def severity_counts(
    results: pd.DataFrame,
    items: Mapping[str, ExactItem],
    condition: str | None = SEVERITY_CONDITION,
) -> pd.DataFrame:
    """Return per-model counts of wrong answers by severity, with coverage.

    Columns: model, wrong answers, superseded, foreign, fabricated, mixed, unclassified,
    classified, coverage (classified / wrong answers; NaN when a model has no wrong answer).
    """
    classified = classify_results(results, items, condition)
    models = sorted(results["model"].dropna().unique())
    out = []
    for model in models:
        labels = classified.loc[classified["model"] == model, "severity"]
        row: dict[str, Any] = {"model": model, "wrong answers": int(len(labels))}
        for label in LABELS:
            row[label] = int((labels == label).sum())
        row["mixed"] = int(labels.str.contains("+", regex=False).sum())
        row[UNCLASSIFIED] = int((labels == UNCLASSIFIED).sum())
        row["classified"] = row["wrong answers"] - row[UNCLASSIFIED]
        row["coverage"] = (
            row["classified"] / row["wrong answers"] if row["wrong answers"] else float("nan")
        )
        out.append(row)
    columns = ["model", "wrong answers", *LABELS, "mixed", UNCLASSIFIED, "classified", "coverage"]
    return pd.DataFrame(out, columns=columns)
