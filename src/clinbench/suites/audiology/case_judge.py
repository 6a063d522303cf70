"""The audiology case tier's judge: its prompts and the ``rubric_adjudicator`` scorer.

The judge (the model in Inspect's ``grader`` role) gets the reference answer, the reply and
the rubric, and returns JSON with 1-5 subdimension scores, the critical errors among the six
types, a justification and an overall label (AudiologyBench's design); the parsing, grading
and metrics are shared rubric machinery in :mod:`clinbench.scoring.adjudicator`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from clinbench.items.model import CaseItem
from clinbench.items.sample import from_state
from clinbench.scoring import outcomes, panel
from clinbench.scoring.adjudicator import (
    DEFAULT_JUDGE_SEED,
    JudgeParseError,
    case_score,
    critical_error_rate,
    graded_question,
    grader_bound,
    grader_models,
    judge_record,
    panel_judge_record,
    parse_rubric_reply,
    question_mean,
    unscored_question,
    unscored_questions,
)
from clinbench.scoring.rubric import Rubric, RubricError, load_rubric, rubric_text

RUBRIC_SYSTEM = (
    "You are a senior clinical audiologist grading another clinician's written answer to one "
    "question about a case, against the reference answer and a rubric. You see text only, "
    "not the case images: judge the answer against the reference. Be strict about numbers, "
    "ears and classifications; do not reward length."
)

RUBRIC_INSTRUCTIONS = """\
Question {question_id}: {prompt}

Reference answer:
{reference}

Answer to grade{section_note}:
{answer}

Rubric:
{rubric}

Reply with only this JSON object (scores are whole numbers {low}-{high}; list every critical
error present, by name, or an empty list):
{template}"""


def rubric_prompt(
    question_id: str, prompt: str, reference: str, answer: str, rubric: Rubric, *, note: str = ""
) -> str:
    """Return the judge prompt for one case question."""
    dimensions = rubric.questions[question_id].dimensions
    template = {
        "question": question_id,
        "subscores": {name: "<score>" for name in dimensions},
        "critical_errors": ["<error type>", "..."],
        "justification": "<two or three sentences>",
        "overall": "<one of: excellent, good, adequate, poor, unacceptable>",
    }
    return RUBRIC_INSTRUCTIONS.format(
        question_id=question_id,
        prompt=prompt,
        reference=reference,
        section_note=note,
        answer=answer.strip() or "(no answer given)",
        rubric=rubric_text(question_id, rubric),
        low=rubric.scale.min,
        high=rubric.scale.max,
        template=json.dumps(template, indent=2),
    )


SectionSplitter = Callable[[CaseItem, str], dict[str, Any]]


def _judged_question(call: panel.JudgeCall, rubric: Rubric) -> dict[str, Any]:
    """Return one judge's details of a question: graded, or unscored with its reason."""
    extra: dict[str, Any] = {"attempts": call.attempts}
    if call.reply is not None:
        extra["judge_reply"] = call.reply
    if not call.answered:
        return unscored_question(call.reason, **extra, **call.unscored_cause())
    judgement, raw = call.value
    try:
        details = graded_question(judgement, raw, rubric)
    except RubricError as err:
        return unscored_question(str(err), **extra)
    return details | {"attempts": call.attempts}


def _panel_question(
    judged: list[dict[str, Any]], judges: list[Any], aggregation: str, rubric: Rubric
) -> dict[str, Any]:
    """Return a question's panel details (the aggregate) with each judge's details kept."""
    graded = [d for d in judged if d["outcome"] == outcomes.GRADED]
    result = panel.rubric_panel(graded, aggregation, rubric.grade_for)
    if result["outcome"] == outcomes.UNSCORED and not graded:
        reasons = "; ".join(f"{j}: {d.get('reason', '')}" for j, d in zip(judges, judged,
                                                                         strict=True))  # fmt: skip
        result["reason"] = f"{result['reason']} ({reasons})"
    verdicts = [{"model": str(j), **d} for j, d in zip(judges, judged, strict=True)]
    return result | {
        "judges": verdicts,
        "panel": panel.panel_record(len(judges), len(graded), aggregation),
    }


# rubric question marks and the critical-error rate, of another kind than an accuracy
@scorer(metrics=[question_mean(), critical_error_rate(), unscored_questions()])
def rubric_adjudicator(
    rubric: str | None = None,
    seed: int = DEFAULT_JUDGE_SEED,
    sections: SectionSplitter | None = None,
    required: bool = False,
    retries: int = panel.DEFAULT_JUDGE_RETRIES,
    aggregation: str = panel.MEAN,
) -> Scorer:
    """Grade each question of a case reply with the ``grader`` model against the rubric.

    One judge call per question (Q1, Q2, Q3 in item order) per judge: every model bound to
    the role judges (a panel, aggregated by ``aggregation``, "mean" or "majority"; see
    :mod:`clinbench.scoring.panel`), each judge's details kept under the question's
    ``judges``. A failed or unparseable judge call is asked again up to ``retries`` times.
    ``sections`` splits the reply into per-question text (the labelled sections); without
    it, or for a question whose section is missing, the judge sees the whole reply and is
    told the section was missing. Returns no score when the item is not a case, or when no
    grader is bound (unless ``required``, when a missing grader is an error).
    """

    loaded = load_rubric(rubric)
    panel.check_aggregation(aggregation)
    panel.check_retries(retries)

    async def score(state: TaskState, target: Target) -> Score | None:
        item = from_state(state)
        if not isinstance(item, CaseItem) or not (required or grader_bound()):
            return None
        reply = state.output.completion if state.output else ""
        split = sections(item, reply) if sections is not None else {}
        texts: dict[str, str] = split.get("sections", {})
        judges = grader_models(seed)
        several = len(judges) > 1
        record = (
            panel_judge_record(judges, seed, aggregation) if several
            else judge_record(judges[0], seed)
        )  # fmt: skip
        questions: dict[str, dict[str, Any]] = {}
        for sub in item.questions:
            if sub.id not in loaded.questions:
                questions[sub.id] = unscored_question(f"the rubric has no question {sub.id!r}")
                continue
            if sub.id in texts:
                answer, note = texts[sub.id], ""
            else:
                answer = reply
                note = f" (the reply has no labelled {sub.id} section; this is the whole reply)"
            prompt = rubric_prompt(sub.id, sub.prompt, sub.reference, answer, loaded, note=note)

            def parse(text: str, question: str = sub.id) -> Any:
                return parse_rubric_reply(text, question, loaded)

            calls = await panel.ask_panel(
                judges, [_system(), _user(prompt)], parse, retries, (JudgeParseError, RubricError)
            )
            judged = [_judged_question(c, loaded) for c in calls]
            details = _panel_question(judged, judges, aggregation, loaded) if several else judged[0]
            questions[sub.id] = details | {"answer": answer}
        shared = {
            "judge": record,
            "rubric": {"name": loaded.name, "version": loaded.version, "path": rubric or "default"},
        }
        form = {k: v for k, v in split.items() if k != "sections"}
        return case_score(questions, {**shared, **form}, split=split, shared=shared)

    return score


def _system():
    from inspect_ai.model import ChatMessageSystem

    return ChatMessageSystem(content=RUBRIC_SYSTEM)


def _user(text: str):
    from inspect_ai.model import ChatMessageUser

    return ChatMessageUser(content=text)
