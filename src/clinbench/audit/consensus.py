"""Which audited items need a consensus decision, and the human label each item ends with."""

from __future__ import annotations

from typing import Any

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
    labels: list[dict[str, Any]], adjudicator_grade: str, adjudicator_critical_error: bool
) -> str | None:
    """Return why an item needs consensus, or None when the reviewers' shared label stands.

    ``reviewers_disagree`` when reviewers differ on grade, critical-error flag or error type;
    ``reviewers_vs_adjudicator`` when they agree with each other but not with the
    adjudicator's grade or flag (AudiologyBench resolved both kinds by consensus).
    """
    if len(labels) < 2:
        raise ValueError("consensus needs labels from at least two reviewers")
    if not _same(labels):
        return REVIEWERS_DISAGREE
    agreed = labels[0]
    if agreed["grade"] != adjudicator_grade or bool(agreed["critical_error"]) != bool(
        adjudicator_critical_error
    ):
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
