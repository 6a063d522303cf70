"""Per-item comparison of conditions, trap items by condition, and wrong values to research.

AusClinBench separates two failures by comparing the closed-book conditions item by item:
wrong from memory but right once the rule is supplied points to out-of-date (or missing)
knowledge; wrong even with the rule in front of the model points to faulty reasoning.
Trap items (the easiest answer to find online is superseded or overseas) are tabulated
against condition. Blind wrong answers that match no evidenced value are listed as the
distinct values still to research, with how often and by which models each was given.

Everything is read from the results table (outcomes and each row's item metadata).
"""

from __future__ import annotations

import pandas as pd

from clinbench.items.normalise import matches_key
from clinbench.scoring import outcomes
from clinbench.stats.leaderboard import DEFAULT_EXCLUSION_THRESHOLD
from clinbench.suites.ausclin.analysis import (
    ACCURACY_COLUMNS,
    _counts,
    items_from_results,
    plain_runs,
    scored_rows,
)
from clinbench.suites.ausclin.severity import UNCLASSIFIED, classify_results, parse_answer

# reading of a (blind, rule) pair of outcomes, in the clinician's words
BOTH_RIGHT = "right in both"
KNOWLEDGE = "out-of-date knowledge (wrong blind, right with rule)"
REASONING = "faulty reasoning (wrong with rule)"
RULE_HURT = "right blind, wrong with rule"
DECLINED = "declined in a condition"
NOT_SCORED = "not scored in a condition"
READINGS = (BOTH_RIGHT, KNOWLEDGE, REASONING, RULE_HURT, DECLINED, NOT_SCORED)


def _reading(blind: str, rule: str) -> str:
    if blind in outcomes.EXCLUDED or rule in outcomes.EXCLUDED:
        return NOT_SCORED
    if outcomes.DECLINED in (blind, rule):
        return DECLINED
    if rule == outcomes.CORRECT:
        return BOTH_RIGHT if blind == outcomes.CORRECT else KNOWLEDGE
    return RULE_HURT if blind == outcomes.CORRECT else REASONING


def condition_pairs(
    results: pd.DataFrame,
    first: str = "blind",
    second: str = "rule",
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
) -> pd.DataFrame:
    """Return one row per model x item x epoch answered in both conditions, with its reading.

    Columns: model, item_id, epoch, trap, the two outcomes, their answers, and ``reading``
    (right in both; out-of-date knowledge; faulty reasoning; right blind, wrong with rule;
    declined or not scored in a condition). Excluded models and equipoise items are left out.
    """
    rows = scored_rows(plain_runs(results), threshold)
    keys = ["model", "item_id", "epoch"]
    columns = ["outcome", "extracted_answer"]
    a = rows[rows["condition"] == first].set_index(keys)[[*columns, "trap"]]
    b = rows[rows["condition"] == second].set_index(keys)[columns]
    if a.index.has_duplicates or b.index.has_duplicates:
        raise ValueError("several rows per model, item and epoch in one condition")
    a = a.rename(columns={"outcome": f"outcome {first}", "extracted_answer": f"answer {first}"})
    b = b.rename(columns={"outcome": f"outcome {second}", "extracted_answer": f"answer {second}"})
    both = a.join(b, how="inner").reset_index()
    both["reading"] = [
        _reading(x, y)
        for x, y in zip(both[f"outcome {first}"], both[f"outcome {second}"], strict=True)
    ]
    order = [*keys, "trap", f"outcome {first}", f"outcome {second}", f"answer {first}",
             f"answer {second}", "reading"]  # fmt: skip
    return both[order].sort_values(keys).reset_index(drop=True)


def condition_readings(pairs: pd.DataFrame) -> pd.DataFrame:
    """Return per model the count of each reading of its paired items (and the pairs total)."""
    table = pd.crosstab(pairs["model"], pairs["reading"]).reindex(columns=READINGS, fill_value=0)
    table.insert(0, "pairs", table.sum(axis=1))
    return table.reset_index().rename_axis(columns=None)


def trap_table(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return accuracy (Wilson 95% interval) per model x condition x trap (trap / not trap)."""
    rows = scored_rows(plain_runs(results), threshold)
    records = []
    by = ["model", "condition", "trap"]
    for key, group in rows.groupby(by, sort=True):
        records.append(dict(zip(by, key, strict=True)) | _counts(group))
    table = pd.DataFrame(records, columns=[*by, *ACCURACY_COLUMNS])
    table["trap"] = table["trap"].map({True: "trap", False: "not trap"})
    return table


def unclassified_values(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return the distinct unclassified blind wrong values per item, field, with counts.

    Columns: item_id, field, value (the wrong value as given), count (replies giving it),
    models (which gave it). Only the fields that differ from the key are listed; a reply
    that could not be read as field values is listed under field '(unreadable)'.
    """
    rows = scored_rows(plain_runs(results), threshold)
    items = items_from_results(results)
    wrong = classify_results(rows, items)
    wrong = wrong[wrong["severity"] == UNCLASSIFIED]
    found: list[dict] = []
    for item_id, model, extracted in zip(
        wrong["item_id"], wrong["model"], wrong["extracted_answer"], strict=True
    ):
        item = items.get(str(item_id))
        answer = parse_answer(extracted)
        if item is None or answer is None:
            found.append({"item_id": item_id, "field": "(unreadable)",
                          "value": str(extracted), "model": model})  # fmt: skip
            continue
        for spec in item.fields:
            given = answer.get(spec.name)
            if given is not None and not matches_key(
                given, [item.answer[spec.name]], spec.normalise
            ):
                found.append({"item_id": item_id, "field": spec.name, "value": given,
                              "model": model})  # fmt: skip
    columns = ["item_id", "field", "value", "count", "models"]
    if not found:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(found)
    table = (
        frame.groupby(["item_id", "field", "value"], sort=True)["model"]
        .agg(count="size", models=lambda m: ", ".join(sorted(set(m))))
        .reset_index()
    )
    return table.sort_values(["count", "item_id"], ascending=[False, True], kind="stable")[
        columns
    ].reset_index(drop=True)
