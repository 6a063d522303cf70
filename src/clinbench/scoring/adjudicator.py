"""LLM adjudication in Inspect's ``grader`` model role: binary FIB/SA verdicts and case rubrics.

Both scorers call the model bound to the ``grader`` role and nothing else: they never fall
back to the model under test. When no grader is bound they return no score (Inspect records
nothing for them) and the deterministic stand-ins take over under their own names
(``normalised_match`` for FIB/SA, the audiology suite's ``rubric_rules_grader`` for cases).
The judge runs at temperature 0 with an explicit seed, both recorded in every score.

A judge reply that does not parse, or a judge call that fails, is the ``unscored`` outcome:
counted, disclosed, excluded from means, never "incorrect" and never a default score.

For rubric-graded cases this module holds the shared machinery (parsing a judge's JSON into a
:class:`Judgement`, per-question details, the case score and its metrics; the 0-100 score,
grade and caps are computed in code by :func:`clinbench.scoring.rubric.grade`); a suite's
own judge prompts and scorer live in the suite (``clinbench.suites.audiology.case_judge``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.model import Model, model_roles
from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    metric,
    scorer,
)
from inspect_ai.solver import TaskState

from clinbench.errors import ProviderError
from clinbench.items.model import FIBItem, Item, SAItem
from clinbench.items.sample import from_state
from clinbench.scoring import outcomes, panel
from clinbench.scoring.extract import extract_answer, json_objects
from clinbench.scoring.metrics import answer_metrics
from clinbench.scoring.rubric import Rubric, grade

GRADER_ROLE = panel.GRADER_ROLE
JUDGE_TEMPERATURE = 0.0
DEFAULT_JUDGE_SEED = 0


class JudgeParseError(ProviderError, ValueError):
    """Raised when a judge's reply does not hold the JSON the rubric asks for."""


def grader_bound() -> bool:
    """Return True when a model is bound to the ``grader`` role in the running eval."""
    return model_roles().get(GRADER_ROLE) is not None


def grader_models(seed: int = DEFAULT_JUDGE_SEED) -> list[Model]:
    """Return every model bound to the ``grader`` role (a judge panel) at temperature 0.

    Raises when no grader is bound: the model under test is never used as its own judge.
    """
    return panel.grader_models(JUDGE_TEMPERATURE, seed)


def judge_record(model: Model, seed: int) -> dict[str, Any]:
    """Return what identifies a judge call: role, model name, temperature and seed."""
    return {
        "role": GRADER_ROLE,
        "model": str(model),
        "temperature": JUDGE_TEMPERATURE,
        "seed": seed,
    }


def panel_judge_record(judges: list[Model], seed: int, aggregation: str) -> dict[str, Any]:
    """Return the judge record of a panel score: ``panel:RULE`` and every judge's model."""
    return {
        "role": GRADER_ROLE,
        "model": f"panel:{aggregation}",
        "models": [str(j) for j in judges],
        "temperature": JUDGE_TEMPERATURE,
        "seed": seed,
    }


def _one_json_object(text: str) -> dict[str, Any]:
    objects = json_objects(text or "")
    if not objects:
        raise JudgeParseError("the judge reply holds no JSON object")
    distinct = {json.dumps(o, sort_keys=True) for o in objects}
    if len(distinct) > 1:
        raise JudgeParseError("the judge reply holds more than one different JSON object")
    return objects[0]


# -- binary FIB / SA adjudication ----------------------------------------------------------

BINARY_INSTRUCTIONS = """\
You are checking one answer to an audiology question against its reference answer.

Question:
{question}

Reference answer: {reference}
{accepted}
Answer to check:
{answer}

Decide whether the answer says the same thing as the reference. Accept spelling variants,
synonyms and abbreviations a clinician would read as the same term, and standard unit forms
(for example "dB HL" or "dB", "4 kHz" or "4000 Hz", "0.5" or ".50"). Do not accept an answer
that is vaguer than the reference, adds a contradicting claim, or gives a different number.

Reply with only this JSON object:
{{"verdict": "correct" or "incorrect", "reason": "<one sentence>"}}"""


def binary_prompt(item: FIBItem | SAItem, answer: str) -> str:
    """Return the judge prompt for a FIB span or SA reply."""
    accepted = ""
    if item.accept:
        accepted = "Also accepted: " + "; ".join(item.accept) + "\n"
    return BINARY_INSTRUCTIONS.format(
        question=item.stem, reference=item.answer, accepted=accepted, answer=answer
    )


def parse_binary_verdict(text: str) -> tuple[bool, str]:
    """Return (correct, reason) from a judge's binary verdict JSON; JudgeParseError otherwise."""
    reply = _one_json_object(text)
    verdict = reply.get("verdict")
    if not isinstance(verdict, str) or verdict.strip().lower() not in ("correct", "incorrect"):
        raise JudgeParseError(f"verdict must be 'correct' or 'incorrect', got {verdict!r}")
    reason = reply.get("reason", "")
    return verdict.strip().lower() == "correct", str(reason) if reason is not None else ""


def free_text_answer(item: Item, reply: str) -> tuple[str | None, str | None, str]:
    """Return (answer, outcome if no answer, reason) for a FIB or SA reply."""
    extraction = extract_answer(item, reply)
    if extraction.status == "declined":
        return None, outcomes.DECLINED, extraction.reason
    if extraction.status == "refused":
        return None, outcomes.REFUSED, extraction.reason
    if extraction.status != "ok":
        return None, outcomes.PARSE_FAILED, extraction.reason
    return str(extraction.answer), None, extraction.reason


def answer_outcome_score(outcome: str, answer: str | None, metadata: dict[str, Any]) -> Score:
    """Return the Score for a binary outcome (NaN-valued and excluded when not answered)."""
    metadata = {"outcome": outcome, **metadata}
    if outcome == outcomes.CORRECT:
        return Score(value=1.0, answer=answer, metadata=metadata)
    if outcome in (outcomes.INCORRECT, *outcomes.NOT_ANSWERING):
        return Score(value=0.0, answer=answer, metadata=metadata)
    return Score.unscored(reason=outcome, answer=answer, metadata=metadata)


def _binary_verdict(call: panel.JudgeCall) -> dict[str, Any]:
    """Return one judge's verdict on a reply: outcome, score, reason, reply and attempts."""
    if not call.answered:
        outcome, score, reason = outcomes.UNSCORED, None, call.reason
    else:
        correct, reason = call.value
        outcome = outcomes.CORRECT if correct else outcomes.INCORRECT
        score = 1.0 if correct else 0.0
    verdict = {"model": call.model, "outcome": outcome, "score": score, "reason": reason,
               "attempts": call.attempts, **call.unscored_cause()}  # fmt: skip
    if call.reply is not None:
        verdict["judge_reply"] = call.reply
    return verdict


@scorer(metrics=answer_metrics())
def answer_adjudicator(
    seed: int = DEFAULT_JUDGE_SEED,
    required: bool = False,
    retries: int = panel.DEFAULT_JUDGE_RETRIES,
    aggregation: str = panel.MAJORITY,
) -> Scorer:
    """Score FIB and SA replies with the ``grader`` model's binary verdict against the key.

    Every model bound to the role judges (a panel; see :mod:`clinbench.scoring.panel`): each
    judge's verdict is kept in ``metadata["judges"]`` and the panel's outcome is the
    ``majority`` of the judges that answered. A failed or unparseable judge call is asked
    again up to ``retries`` times, then that judge's verdict is ``unscored``.

    Returns no score for other formats, and none at all when no grader is bound (the
    ``normalised_match`` scorer is the offline fallback) unless ``required``, when a
    missing grader is an error.
    """
    panel.check_aggregation(aggregation, panel.BINARY_AGGREGATIONS)
    panel.check_retries(retries)

    async def score(state: TaskState, target: Target) -> Score | None:
        item = from_state(state)
        if not isinstance(item, FIBItem | SAItem) or not (required or grader_bound()):
            return None
        judges = grader_models(seed)  # raises when required and no grader is bound
        several = len(judges) > 1
        record = (
            panel_judge_record(judges, seed, aggregation) if several
            else judge_record(judges[0], seed)
        )  # fmt: skip
        reply = state.output.completion if state.output else ""
        answer, early, reason = free_text_answer(item, reply)
        if early is not None:
            extra = {"judges": [], "panel": panel.panel_record(len(judges), 0, aggregation)}
            return answer_outcome_score(
                early, answer, {"judge": record, "reason": reason, **(extra if several else {})}
            )
        calls = await panel.ask_panel(
            judges, binary_prompt(item, answer or ""), parse_binary_verdict, retries,
            (JudgeParseError,),
        )  # fmt: skip
        verdicts = [_binary_verdict(c) for c in calls]
        if not several:
            only = verdicts[0]
            details = {"judge": record, "reason": only["reason"], "attempts": only["attempts"]}
            for key in ("judge_reply", "unscored_cause"):
                if key in only:
                    details[key] = only[key]
            return answer_outcome_score(only["outcome"], answer, details)
        votes = [None if v["score"] is None else v["score"] == 1.0 for v in verdicts]
        outcome, why = panel.binary_panel(votes)
        answered = sum(v is not None for v in votes)
        return answer_outcome_score(
            outcome,
            answer,
            {"judge": record, "reason": why, "judges": verdicts,
             "panel": panel.panel_record(len(judges), answered, aggregation)},
        )  # fmt: skip

    return score


# -- case rubric adjudication --------------------------------------------------------------


@dataclass
class Judgement:
    """One question's judgement as the judge gave it (before any grading)."""

    question: str
    subscores: dict[str, int]
    critical_errors: list[str] = field(default_factory=list)
    unclassified_errors: list[str] = field(default_factory=list)
    justification: str = ""
    overall: str = ""


def _key(name: str) -> str:
    return re.sub(r"[\s\-/]+", "_", name.strip().lower())


def _point(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise JudgeParseError(f"{where}: score must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise JudgeParseError(f"{where}: score must be a whole number, got {value!r}")


def judgement_from_json(reply: Mapping[str, Any], question: str, rubric: Rubric) -> Judgement:
    """Return the Judgement in a judge's JSON object; JudgeParseError when it does not fit."""
    raw_scores = reply.get("subscores", reply.get("scores"))
    if not isinstance(raw_scores, dict):
        raise JudgeParseError("the judge JSON has no 'subscores' object")
    scores = {_key(k): v for k, v in raw_scores.items()}
    dimensions = rubric.questions[question].dimensions
    missing = [d for d in dimensions if d not in scores]
    if missing:
        raise JudgeParseError(f"{question}: subscores missing {missing}")
    subscores = {}
    for name in dimensions:
        point = _point(scores[name], f"{question}.{name}")
        if not rubric.scale.min <= point <= rubric.scale.max:
            raise JudgeParseError(
                f"{question}.{name}: score {point} is outside {rubric.scale.min}-{rubric.scale.max}"
            )
        subscores[name] = point
    raw_errors = reply.get("critical_errors", [])
    if raw_errors is None:
        raw_errors = []
    if not isinstance(raw_errors, list):
        raise JudgeParseError("'critical_errors' must be a list")
    known: list[str] = []
    unknown: list[str] = []
    for entry in raw_errors:
        label = entry.get("type") if isinstance(entry, dict) else entry
        if not isinstance(label, str) or not label.strip():
            raise JudgeParseError(f"critical error entry {entry!r} names no type")
        canonical = rubric.error_type(label)
        if canonical is None:
            unknown.append(label)
        elif canonical not in known:
            known.append(canonical)
    return Judgement(
        question=question,
        subscores=subscores,
        critical_errors=known,
        unclassified_errors=unknown,
        justification=str(reply.get("justification", "") or ""),
        overall=str(reply.get("overall", reply.get("overall_label", "")) or ""),
    )


def parse_rubric_reply(text: str, question: str, rubric: Rubric) -> tuple[Judgement, dict]:
    """Return (Judgement, the JSON object) from a judge's reply; JudgeParseError otherwise."""
    reply = _one_json_object(text)
    stated = reply.get("question")
    if stated is not None and str(stated).strip().upper() != question.upper():
        raise JudgeParseError(f"the judge graded question {stated!r}, not {question!r}")
    return judgement_from_json(reply, question, rubric), reply


def graded_question(judgement: Judgement, judge_json: dict, rubric: Rubric) -> dict[str, Any]:
    """Return a question's score details: grade, caps and what the judge said."""
    score, letter, capped_by = grade(
        judgement.question, judgement.subscores, judgement.critical_errors, rubric
    )
    return {
        "outcome": outcomes.GRADED,
        "score": score,
        "grade": letter,
        "critical_errors": judgement.critical_errors,
        "unclassified_errors": judgement.unclassified_errors,
        "capped_by": capped_by,
        "subscores": judgement.subscores,
        "justification": judgement.justification,
        "overall": judgement.overall,
        "judge_json": judge_json,
    }


def unscored_question(reason: str, **extra: Any) -> dict[str, Any]:
    """Return a question's details when its judgement could not be used."""
    return {
        "outcome": outcomes.UNSCORED,
        "score": None,
        "grade": None,
        "critical_errors": [],
        "capped_by": [],
        "reason": reason,
        **extra,
    }


def section_details(question: str, split: Mapping[str, Any]) -> dict[str, Any]:
    """Return one question's section form (words, missing, over length) for its details."""
    if not split:
        return {}
    return {
        "section_words": (split.get("word_counts") or {}).get(question, 0),
        "section_missing": question in (split.get("missing_sections") or []),
        "section_over_length": question in (split.get("over_length") or []),
    }


def case_score(
    questions: dict[str, dict[str, Any]],
    metadata: dict[str, Any],
    explanation: str = "",
    split: Mapping[str, Any] | None = None,
    shared: Mapping[str, Any] | None = None,
) -> Score:
    """Return the case Score: value {question: score or NaN}, details in metadata["questions"].

    Each question's details also get its section form (from ``split``) and the ``shared``
    fields (e.g. the judge record), so the per-question rows of the results table carry them.
    """
    for question, details in questions.items():
        details.update(section_details(question, split or {}))
        details.update(shared or {})
    value = {
        q: (float(d["score"]) if d.get("outcome") == outcomes.GRADED else math.nan)
        for q, d in questions.items()
    }
    return Score(
        value=value, explanation=explanation, metadata={"questions": questions, **metadata}
    )


@metric(scores="unreduced")
def question_mean() -> Metric:
    """Return the mean 0-100 score of each question over graded replies."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        sums: dict[str, list[float]] = {}
        for sample in scores:
            value = sample.score.value
            if not isinstance(value, dict):
                continue
            for question, number in value.items():
                if isinstance(number, int | float) and not math.isnan(number):
                    sums.setdefault(question, []).append(float(number))
        return {q: sum(v) / len(v) for q, v in sorted(sums.items())}

    return compute


def share_with_critical_errors(scores: list[SampleScore]) -> float:
    """Return the share of graded per-question details that carry at least one critical error.

    Details whose critical errors are not known (``outcomes.CRITICAL_ERRORS_UNKNOWN``) are
    left out of the count.
    """
    graded = flagged = 0
    for sample in scores:
        for details in ((sample.score.metadata or {}).get("questions") or {}).values():
            if details.get("outcome") != outcomes.GRADED:
                continue
            if details.get(outcomes.CRITICAL_ERRORS_UNKNOWN):
                continue
            graded += 1
            flagged += bool(details.get("critical_errors"))
    return flagged / graded if graded else math.nan


@metric(scores="unreduced")
def critical_error_rate() -> Metric:
    """Return the share of graded question replies with at least one critical error."""
    return share_with_critical_errors


@metric(scores="unreduced")
def unscored_questions() -> Metric:
    """Return the number of question replies the judge could not score."""

    def compute(scores: list[SampleScore]) -> float:
        return float(
            sum(
                1
                for sample in scores
                for details in ((sample.score.metadata or {}).get("questions") or {}).values()
                if details.get("outcome") == outcomes.UNSCORED
            )
        )

    return compute
