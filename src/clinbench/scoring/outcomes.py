"""The outcomes a scored reply can have, and which of them count in accuracy."""

from __future__ import annotations

CORRECT = "correct"
INCORRECT = "incorrect"
DECLINED = "declined"  # an explicit decline: never correct, reported apart from wrong answers
PARSE_FAILED = "parse_failed"  # recorded and disclosed, excluded from accuracy denominators
ERROR = "error"  # the provider failed after retries (or had no frozen response)
GRADED = "graded"  # a free-text reply the adjudicator scored
UNSCORED = "unscored"  # the adjudicator's own reply failed to parse or its call failed

OUTCOMES = (CORRECT, INCORRECT, DECLINED, PARSE_FAILED, ERROR, GRADED, UNSCORED)

# Outcomes that enter an accuracy denominator. Declines count (as not correct);
# parse failures, errors and unscored judge calls are excluded and disclosed.
ANSWERED = (CORRECT, INCORRECT, DECLINED)
EXCLUDED = (PARSE_FAILED, ERROR, UNSCORED)


def outcome_score(outcome: str) -> float | None:
    """Return 1.0 for correct, 0.0 for incorrect or declined, None for excluded outcomes."""
    if outcome == CORRECT:
        return 1.0
    if outcome in (INCORRECT, DECLINED):
        return 0.0
    return None
