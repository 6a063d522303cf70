"""Which audited items need a consensus decision, and the human label each item ends with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

REVIEWERS_DISAGREE = "reviewers_disagree"
REVIEWERS_VS_ADJUDICATOR = "reviewers_vs_adjudicator"
UNRESOLVED = "unresolved"


def _error_type(label: dict[str, Any]) -> str | None:
    value = label.get("error_type")
    return value if isinstance(value, str) and value else None  # None, NaN and "" alike


def _same(labels: list[dict[str, Any]]) -> bool:
    first = labels[0]
    return all(
        lab["grade"] == first["grade"]
        and bool(lab["critical_error"]) == bool(first["critical_error"])
        and _error_type(lab) == _error_type(first)
        for lab in labels[1:]
    )


def consensus_reason(
    labels: list[dict[str, Any]], adjudicator_grade: str, adjudicator_critical_error: bool | None
) -> str | None:
    """Return why an item needs consensus, or None when the reviewers' shared label stands.

    ``reviewers_disagree`` when reviewers differ on grade, critical-error flag or error type;
    ``reviewers_vs_adjudicator`` when they agree with each other but not with the
    adjudicator's grade or flag (AudiologyBench resolved both kinds by consensus). An
    adjudicator flag that is not known (None) is compared with nothing: the grade alone
    decides.
    """
    if len(labels) < 2:
        raise ValueError("consensus needs labels from at least two reviewers")
    if not _same(labels):
        return REVIEWERS_DISAGREE
    agreed = labels[0]
    flag_differs = adjudicator_critical_error is not None and bool(
        agreed["critical_error"]
    ) != bool(adjudicator_critical_error)
    if agreed["grade"] != adjudicator_grade or flag_differs:
        return REVIEWERS_VS_ADJUDICATOR
    return None


def human_label(
    labels: list[dict[str, Any]], consensus: dict[str, Any] | None
) -> dict[str, Any] | None:
    """Return the item's human consensus label, or None when it is still unresolved.

    A recorded consensus wins; otherwise the reviewers' label stands when they all agree.
    Reviewers who disagree with no consensus recorded leave the item unresolved: it is
    reported as such, never settled by picking one reviewer.
    """
    if consensus is not None:
        return {
            "grade": consensus["grade"],
            "critical_error": bool(consensus["critical_error"]),
            "error_type": _error_type(consensus),
            "source": "consensus",
        }
    if len(labels) >= 2 and _same(labels):
        return {
            "grade": labels[0]["grade"],
            "critical_error": bool(labels[0]["critical_error"]),
            "error_type": _error_type(labels[0]),
            "source": "reviewers_agree",
        }
    return None


def audit_items(
    audit_dir: Path, store: Any, people: list, segments: dict[str, str]
) -> tuple[pd.DataFrame, pd.DataFrame, list[str], pd.DataFrame, dict[str, Any]]:
    """Return (key, labels, reviewer names, one row per audit item, recorded consensus).

    An item's row holds its key (adjudicator label, cell, weight; the adjudicator's flag is
    None where it is not known), each reviewer's grade, flag and error type
    (``<name>_grade`` ...), why it needs consensus, and the human label it ends with
    (``human_grade`` ...; None while unresolved).
    """
    from clinbench.audit.sampling import critical_error_flag, load_key

    key = load_key(audit_dir)
    # True, False, or None where the adjudicator's critical errors are not known
    key["adjudicator_critical_error"] = (
        key["adjudicator_critical_error"].map(critical_error_flag).astype(object)
    )
    labels = pd.DataFrame(store.labels())
    if labels.empty:
        raise ValueError(f"{audit_dir}: no labels recorded yet")
    labels["segment"] = labels["audit_id"].map(segments)
    labels["question"] = labels["audit_id"].map(key.set_index("audit_id")["question"])
    labels["critical_error"] = labels["critical_error"].astype(bool)
    names = [p["name"] for p in people if p["name"] in set(labels["reviewer"])]
    if len(names) < 2:
        raise ValueError(
            f"{audit_dir}: agreement needs labels from at least two reviewers (labels so far: "
            f"{', '.join(names)}); add one with `clinbench audit add-reviewer {audit_dir} NAME` "
            "and send them the link it prints"
        )
    recorded = store.consensus()

    # One row per audit item: key, each reviewer's label, consensus and the human label.
    by_item = {a: g.to_dict("records") for a, g in labels.groupby("audit_id")}
    rows = []
    for _, k in key.iterrows():
        mine = by_item.get(k["audit_id"], [])
        row = k.to_dict()
        for lab in mine:
            who = lab["reviewer"]
            row[f"{who}_grade"] = lab["grade"]
            row[f"{who}_critical_error"] = bool(lab["critical_error"])
            row[f"{who}_error_type"] = lab["error_type"]
        complete = len(mine) == len(names)
        row["labelled_by"] = len(mine)
        row["consensus_reason"] = (
            consensus_reason(mine, k["adjudicator_grade"], k["adjudicator_critical_error"])
            if complete
            else "incomplete"
        )
        human = human_label(mine, recorded.get(k["audit_id"])) if complete else None
        row["human_grade"] = human["grade"] if human else None
        row["human_critical_error"] = human["critical_error"] if human else None
        row["human_error_type"] = human["error_type"] if human else None
        row["human_label_source"] = human["source"] if human else "unresolved"
        rows.append(row)
    items = pd.DataFrame(rows)
    return key, labels, names, items, recorded
