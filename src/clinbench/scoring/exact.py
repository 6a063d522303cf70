"""The item scorer: exact match against the key, with every outcome kept apart.

The Score's value is 1.0 (correct) or 0.0 (incorrect, declined or refused); a reply with
no answer in the required form, or one that declines and answers at once (contradictory),
is ``Score.unscored`` (NaN), which Inspect's metrics and epoch reducers skip, so accuracy
over answered items excludes it. ``metadata["outcome"]`` always names
the outcome, and the results table is built from it.
"""

from __future__ import annotations

import json
import math
from collections import Counter

from inspect_ai.scorer import (
    Score,
    Scorer,
    Target,
    scorer,
)
from inspect_ai.solver import TaskState

from clinbench.items.model import (
    ExactItem,
    FIBItem,
    Item,
    MCQItem,
    SAItem,
    TFItem,
)
from clinbench.items.normalise import matches_key
from clinbench.items.sample import from_state
from clinbench.scoring import outcomes
from clinbench.scoring.extract import Extraction, extraction_for
from clinbench.scoring.metrics import answer_metrics


def is_correct(item: Item, answer: object) -> bool:
    """Return True when an extracted answer matches the item's key (normalised as declared)."""
    if isinstance(item, MCQItem):
        return answer == item.answer
    if isinstance(item, TFItem):
        return answer == ("true" if item.answer else "false")
    if isinstance(item, FIBItem):
        return matches_key(str(answer), [item.answer, *item.accept], item.normalise)
    if isinstance(item, SAItem):
        return matches_key(str(answer), [item.answer, *item.accept], ["case", "punctuation"])
    if isinstance(item, ExactItem):
        if not isinstance(answer, dict):
            return False
        return all(
            matches_key(answer[f.name], [item.answer[f.name]], f.normalise) for f in item.fields
        )
    raise TypeError(f"{type(item).__name__} items are not scored by exact match")


def score_extraction(item: Item, extraction: Extraction) -> tuple[str, float]:
    """Return (outcome, value) for an extraction; value is NaN for excluded outcomes."""
    if extraction.status == "declined":
        return outcomes.DECLINED, 0.0
    if extraction.status == "refused":
        return outcomes.REFUSED, 0.0
    if extraction.status == "contradictory":
        return outcomes.CONTRADICTORY, math.nan
    if extraction.status != "ok":
        return outcomes.PARSE_FAILED, math.nan
    if is_correct(item, extraction.answer):
        return outcomes.CORRECT, 1.0
    return outcomes.INCORRECT, 0.0


def answer_text(answer: object) -> str | None:
    """Return an extracted answer as text for the log (JSON for field dictionaries)."""
    if answer is None:
        return None
    if isinstance(answer, dict):
        return json.dumps(answer, sort_keys=True)
    return str(answer)


def exact_match_score(item: Item, state: TaskState) -> Score:
    """Return the Score of a sample's final reply by exact match, keeping every outcome apart."""
    reply = state.output.completion if state.output else ""
    no_reply = state.metadata.get("no_reply")  # set by a provider that had no reply to give
    extraction = (
        Extraction("none", reason=no_reply) if no_reply else extraction_for(state, item, reply)
    )
    outcome, value = score_extraction(item, extraction)
    metadata = {
        "outcome": outcome,
        "extraction_status": extraction.status,
        "reason": extraction.reason,
        "candidates": [answer_text(c) for c in extraction.candidates],
        "resubmitted": bool(state.metadata.get("resubmitted")),
        "first_reply": state.metadata.get("first_reply"),
    }
    answer = answer_text(extraction.answer) if extraction.status == "ok" else None
    if outcome in outcomes.EXCLUDED:
        return Score.unscored(
            reason=outcome, answer=answer, explanation=extraction.reason, metadata=metadata
        )
    return Score(value=value, answer=answer, explanation=extraction.reason, metadata=metadata)


@scorer(metrics=answer_metrics())
def item_scorer() -> Scorer:
    """Score a reply by exact match against the item's key, keeping every outcome apart."""

    async def score(state: TaskState, target: Target) -> Score:
        return exact_match_score(from_state(state), state)

    return score


def outcome_counts(scores: list[Score]) -> Counter[str]:
    """Return how many scores have each outcome."""
    return Counter((s.metadata or {}).get("outcome", "unknown") for s in scores)
