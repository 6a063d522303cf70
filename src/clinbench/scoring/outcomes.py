"""The outcomes a scored reply can have, and which of them count in accuracy."""

from __future__ import annotations

CORRECT = "correct"
INCORRECT = "incorrect"
DECLINED = "declined"  # an explicit decline: never correct, reported apart from wrong answers
REFUSED = "refused"  # a refusal ("I can't help with that"): like a decline, never correct
PARSE_FAILED = "parse_failed"  # recorded and disclosed, excluded from accuracy denominators
CONTRADICTORY = "contradictory"  # declines and answers at once: neither read, disclosed
ERROR = "error"  # the provider failed after retries (or had no frozen response)
GRADED = "graded"  # a free-text reply the adjudicator scored
UNSCORED = "unscored"  # the adjudicator's own reply failed to parse or its call failed
# an offline baseline has no way to answer the item's format (clinbench/rules on an MCQ):
# disclosed and counted apart, never a score, in no denominator
CANNOT_ANSWER = "cannot_answer"
# the run was stopped (Ctrl-C, SIGTERM) before the sample had its reply: not run, so neither
# a failed call nor a result; in no denominator, counted apart; `clinbench resume` asks it
CANCELLED = "cancelled"
# why an unscored reply has no score (score_metadata ``unscored_cause``) when a judging role's
# call failed after its attempts (dead endpoint, HTTP error): a failure of the run, which
# `clinbench run` reports and exits 3 for, as it does for the answering model's errors
CALL_FAILED = "call_failed"
# how a row's score metadata (JSON text) records that cause: one spelling for every reader
CALL_FAILED_MARK = f'"unscored_cause": "{CALL_FAILED}"'


def judge_call_failed(outcome, score_metadata):
    """Return True on the unscored rows whose judging call failed (not an unreadable reply).

    ``outcome`` and ``score_metadata`` are a results table's columns (pandas Series): the
    one rule the run's closing error line and the suites' tables count such rows by.
    """
    recorded = score_metadata.fillna("").astype(str).str.contains(CALL_FAILED_MARK, regex=False)
    return (outcome == UNSCORED) & recorded


def judge_reply_unreadable(outcome, score_metadata):
    """Return True on the unscored rows whose judge replied but its verdict could not be read.

    The other half of ``unscored`` beside :func:`judge_call_failed` (each unscored row is one
    or the other): the one rule every table that counts unreadable verdicts apart reads.
    """
    return (outcome == UNSCORED) & ~judge_call_failed(outcome, score_metadata)


UNSCORED_COUNTS = ["unscored", "unreadable", "judge_call_failed"]
"""A rubric table's counts of judgements with no score: all of them, and each cause."""


def unscored_counts(rows, keys: list[str]):
    """Return, per group of ``keys``, the unscored judgements and each cause of them.

    Columns: <keys>..., unscored, unreadable (:func:`judge_reply_unreadable`),
    judge_call_failed (:func:`judge_call_failed`): the one count the run summary's rubric
    table and the report's case table give. ``rows`` is a results table (pandas).
    """
    import pandas as pd

    recorded = rows["score_metadata"] if "score_metadata" in rows else pd.Series("", rows.index)
    flags = rows.assign(
        unscored=rows["outcome"] == UNSCORED,
        unreadable=judge_reply_unreadable(rows["outcome"], recorded),
        judge_call_failed=judge_call_failed(rows["outcome"], recorded),
    )
    return flags.groupby(keys, as_index=False)[UNSCORED_COUNTS].sum()


# how a row's score metadata records the rubric it was graded under (a judgement that failed
# records it too, so a rubric scorer whose every judgement failed is still known as one)
RUBRIC_MARK = '"rubric": {'


def rubric_pairs(results) -> set[tuple[str, str]]:
    """Return the (task, scorer) pairs of a results table that grade replies with a rubric.

    A pair is a rubric scorer when one of its graded or unscored rows has a letter grade or
    records its rubric: the one rule the run summary's rubric table and the leaderboard's
    case-score rows select by.
    """
    if "grade" not in results.columns:
        return set()
    rows = results[results["outcome"].isin([GRADED, UNSCORED])]
    lettered = rows["grade"].fillna("").astype(str) != ""
    if "score_metadata" in rows.columns:
        recorded = rows["score_metadata"].fillna("").astype(str)
        lettered |= recorded.str.contains(RUBRIC_MARK, regex=False)
    pairs = rows.loc[lettered, ["task", "scorer"]].drop_duplicates()
    return set(zip(pairs["task"], pairs["scorer"], strict=True))


# The key of a graded reply's details (score metadata) that says its critical errors are not
# known, and why (e.g. "no_claim_read": the audiogram fact check its critical errors come
# from read no claim). Its grade stands; every critical-error rate leaves it out of the
# denominator, so it is never counted as "no critical error".
CRITICAL_ERRORS_UNKNOWN = "critical_errors_unknown"

OUTCOMES = (
    CORRECT, INCORRECT, DECLINED, REFUSED, PARSE_FAILED, CONTRADICTORY, ERROR, GRADED, UNSCORED,
    CANNOT_ANSWER, CANCELLED,
)  # fmt: skip

# Outcomes that enter an accuracy denominator. Declines and refusals count (as not correct);
# parse failures, contradictory replies, errors and unscored judge calls are excluded and
# disclosed (each counts towards a model's exclusion share, see stats.leaderboard).
ANSWERED = (CORRECT, INCORRECT, DECLINED, REFUSED)
EXCLUDED = (PARSE_FAILED, CONTRADICTORY, ERROR, UNSCORED)
# The outcomes that say "no answer given" on purpose, reported together beside accuracy.
NOT_ANSWERING = (DECLINED, REFUSED)
# Replies that give no answer that can be read: with failed calls and empty replies they
# make a model's exclusion share (stats.leaderboard.model_exclusions).
UNREADABLE = (PARSE_FAILED, CONTRADICTORY)
# Outcomes of samples no reply was made for (a baseline with no way to answer, a stopped
# run): in no accuracy at all, counted apart.
NOT_ASKED = (CANNOT_ANSWER, CANCELLED)
# The outcomes of a reply scored by exact match (no judge): every accuracy table's rows.
EXACT_MATCH = (*ANSWERED, *UNREADABLE, ERROR)


def outcome_score(outcome: str) -> float | None:
    """Return 1.0 for correct, 0.0 for incorrect, declined or refused, None when excluded."""
    if outcome == CORRECT:
        return 1.0
    if outcome in (INCORRECT, *NOT_ANSWERING):
        return 0.0
    return None


class CannotAnswer(ValueError):
    """Raised by a baseline for an item it has no way to answer: the sample's outcome is
    ``cannot_answer`` (the results export reads it from the sample's error message)."""

    PREFIX = "cannot answer: "

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.message = self.PREFIX + reason  # what Inspect logs as the sample's error


def is_cannot_answer(error_message: str | None) -> bool:
    """Return True when a sample's logged error says its model cannot answer the item."""
    return bool(error_message) and str(error_message).startswith(CannotAnswer.PREFIX)


def failure_cause(score_metadata: object) -> str | None:
    """Return what a failed row says went wrong: its score metadata's ``cause`` (the
    innermost exception, e.g. ``ConnectError: All connection attempts failed``), else its
    ``error`` (the message Inspect logged, e.g. a ``RetryError`` wrapping that cause); None
    when the metadata is not a JSON object or records neither."""
    import json

    try:
        details = json.loads(str(score_metadata)) if score_metadata else {}
    except ValueError:
        return None
    if not isinstance(details, dict):
        return None
    cause = details.get("cause") or details.get("error")
    return str(cause) if cause else None
