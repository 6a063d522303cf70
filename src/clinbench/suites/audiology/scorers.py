"""The audiology suite's scorers beside the shared ones.

- ``closed_exact_match``: MCQ and TF by exact match (no score for other formats);
- ``rubric_rules_grader``: the deterministic rubric grader (offline stand-in for the LLM
  adjudicator), graded by the same rubric code;
- ``audiogram_fact_check``: the audiogram fact checker on Q1 and on Q2's degree/type
  statements, judge-independent;
- ``nli_contradiction``: an NLI model's label of each section against its reference
  (value 1 when the reply contradicts the reference), judge-independent.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

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

from clinbench.audiogram.findings import NO_CLAIM_READ_NOTE, CheckOutcome
from clinbench.items.model import CaseItem, MCQItem, TFItem
from clinbench.items.sample import from_state
from clinbench.scoring import outcomes
from clinbench.scoring.adjudicator import (
    JudgeParseError,
    case_score,
    critical_error_rate,
    graded_question,
    grader_bound,
    judgement_from_json,
    question_mean,
    share_with_critical_errors,
    unscored_question,
    unscored_questions,
)
from clinbench.scoring.metrics import answer_metrics
from clinbench.scoring.rubric import RubricError, load_rubric
from clinbench.suites.audiology.reply_sections import WORD_LIMIT, split_sections
from clinbench.suites.audiology.rules_grader import rules_judgement

FACT_CHECKED_QUESTIONS = ("Q1", "Q2")


def _item(state: TaskState):

    return from_state(state)


def _reply(state: TaskState) -> str:
    return state.output.completion if state.output else ""


@scorer(metrics=answer_metrics())
def closed_exact_match() -> Scorer:
    """Score MCQ and TF replies by exact match against the key (no score for other formats)."""
    from clinbench.scoring.exact import exact_match_score

    async def score(state: TaskState, target: Target) -> Score | None:
        item = _item(state)
        if not isinstance(item, MCQItem | TFItem):
            return None
        return exact_match_score(item, state)

    return score


def section_report(item: CaseItem, reply: str, word_limit: int = WORD_LIMIT) -> dict[str, Any]:
    """Return the reply's sections and their form problems (see ``split_sections``)."""
    return split_sections(item, reply, word_limit)


def _form(split: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in split.items() if k != "sections"}


# -- audiogram fact check -----------------------------------------------------------------


# Q2 is checked on its degree, type and laterality statements only.
Q2_KINDS = ("degree", "type", "air_bone_gap", "laterality", "asymmetry", "worse_ear")


def _finding_dict(finding: Any) -> dict[str, Any]:
    if isinstance(finding, dict):
        return dict(finding)
    if dataclasses.is_dataclass(finding):
        return dataclasses.asdict(finding)
    return finding.model_dump(mode="json")


def _section_check(check: Any, question: str) -> dict[str, Any]:
    """Return one section's findings (dicts; Q2 keeps its degree/type/laterality ones), the
    critical errors those imply, and ``claims_read``: how many claims the whole section gave
    (``FactCheck.claims_read``; 0 is the fact check's "no claim read")."""
    findings = [_finding_dict(f) for f in check.findings]
    if question == "Q2":
        findings = [f for f in findings if f.get("kind") in Q2_KINDS]
    errors = sorted({f["critical_error"] for f in findings if f.get("critical_error")})
    return {"findings": findings, "critical_errors": errors, "claims_read": check.claims_read}


def _checked_questions(item: CaseItem) -> list[str]:
    asked = {q.id for q in item.questions}
    return [q for q in FACT_CHECKED_QUESTIONS if q in asked]


def fact_check_sections(
    item: CaseItem, sections: dict[str, str], standard: str, tolerance_db: int
) -> dict[str, dict[str, Any]]:
    """Return per question (Q1, Q2) the fact checker's findings (dicts) and critical errors.

    Each section is checked on its own text; Q2 keeps only its degree/type/laterality
    findings and the critical errors those imply.
    """
    from clinbench.audiogram.check import check_reply

    return {
        question: _section_check(
            check_reply(sections.get(question, ""), item, standard=standard,
                        tolerance_db=tolerance_db),
            question,
        )
        for question in _checked_questions(item)
    }  # fmt: skip


async def fact_check_sections_read_by_model(
    item: CaseItem,
    sections: dict[str, str],
    standard: str,
    tolerance_db: int,
    structured_output: str = "auto",
) -> dict[str, dict[str, Any]]:
    """Return per question what :func:`fact_check_sections` returns, the claims read by the
    model in the ``claim_reader`` role (see :mod:`clinbench.suites.audiology.claim_reader`).

    Each question also holds ``claim_reader`` (model, structured-output mode, and on a failed
    reading its ``failure`` kind and ``cause``); a failed reading has no findings. An empty
    section is not sent (no claims).
    """
    from clinbench.audiogram.check import check_claims
    from clinbench.suites.audiology.claim_reader import (
        bound_claim_reader,
        read_claims_with_model,
    )

    model = bound_claim_reader()
    out: dict[str, dict[str, Any]] = {}
    for question in _checked_questions(item):
        text = sections.get(question, "")
        if not text.strip():
            check = check_claims([], item, standard=standard, tolerance_db=tolerance_db)
            out[question] = _section_check(check, question) | {
                "claim_reader": {"reader": "model", "model": str(model)}
            }
            continue
        reading = await read_claims_with_model(model, text, structured_output)
        if not reading.read:
            out[question] = {"findings": [], "critical_errors": [],
                             "claim_reader": reading.metadata()}  # fmt: skip
            continue
        check = check_claims(reading.claims, item, standard=standard, tolerance_db=tolerance_db)
        out[question] = _section_check(check, question) | {"claim_reader": reading.metadata()}
    return out


@metric(scores="unreduced")
def fact_check_error_rate() -> Metric:
    """Return the share of checked sections with at least one fact-check critical error."""

    return share_with_critical_errors


def sections_with_no_claim_read(scores: list[SampleScore]) -> float:
    """Return the number of fact-checked sections in which no claim was read (unscored)."""
    return float(
        sum(
            1
            for sample in scores
            for details in ((sample.score.metadata or {}).get("questions") or {}).values()
            if details.get("unscored_cause") == CheckOutcome.NO_CLAIM_READ
        )
    )


@metric(scores="unreduced")
def no_claim_read() -> Metric:
    """Return the number of fact-checked sections in which no claim was read (never "no
    critical error": they are unscored, outside the critical-error rate)."""

    return sections_with_no_claim_read


# rubric question marks and error rates, numbers of another kind than an accuracy
@scorer(metrics=[question_mean(), fact_check_error_rate(), unscored_questions(), no_claim_read()])
def audiogram_fact_check(
    standard: str = "who2021",
    tolerance_db: int = 10,
    claim_reader: str = "rules",
    structured_output: str = "auto",
) -> Scorer:
    """Check Q1 (and Q2's degree/type statements) against the case's audiogram.

    Value per question: the percentage of checkable statements that are correct; a section
    with no checkable statement is ``unscored`` (disclosed), not zero: ``no_claim_read`` when
    the reader read no claim at all, ``nothing_checkable`` when every claim read was
    unverifiable (or, in Q2, of a kind Q2 is not checked on). ``claim_reader``:
    ``rules`` (the offline reader) or ``model`` (the model in the ``claim_reader`` role reads
    the claims, asked in ``structured_output`` mode; a failed reading is ``unscored`` with
    its cause, never "no error"). The reader is recorded with every question's score.
    """
    from clinbench.structured_output import check_mode
    from clinbench.suites.audiology.claim_reader import MODEL, check_claim_reader

    check_claim_reader(claim_reader)
    check_mode(structured_output)

    async def score(state: TaskState, target: Target) -> Score | None:
        item = _item(state)
        if not isinstance(item, CaseItem) or "audiogram" not in item.data:
            return None
        split = section_report(item, _reply(state))
        if claim_reader == MODEL:
            checks = await fact_check_sections_read_by_model(
                item, split["sections"], standard, tolerance_db, structured_output
            )
        else:
            checks = fact_check_sections(item, split["sections"], standard, tolerance_db)
        questions: dict[str, dict[str, Any]] = {}
        for question, check in checks.items():
            reader = check.get("claim_reader") or {"reader": "rules"}
            recorded = {"claim_reader": reader}
            if reader.get("model"):
                recorded["judge"] = {"role": "claim_reader", "model": reader["model"]}
            if reader.get("failure"):
                questions[question] = unscored_question(
                    f"the claim reader failed ({reader['failure']}): {reader['cause']}",
                    unscored_cause=reader["failure"], findings=[], **recorded,
                )  # fmt: skip
                continue
            if check["claims_read"] == 0:
                questions[question] = unscored_question(
                    NO_CLAIM_READ_NOTE, findings=[], claims_read=0,
                    unscored_cause=CheckOutcome.NO_CLAIM_READ.value, **recorded,
                )  # fmt: skip
                continue
            findings = [f for f in check["findings"] if f.get("verdict") != "unverifiable"]
            if not findings:
                questions[question] = unscored_question(
                    "no checkable statement in the section", findings=check["findings"],
                    claims_read=check["claims_read"], unscored_cause="nothing_checkable",
                    **recorded,
                ) | {"critical_errors": check["critical_errors"]}  # fmt: skip
                continue
            correct = sum(1 for f in findings if f.get("verdict") == "match")
            questions[question] = {
                "outcome": outcomes.GRADED,
                "score": round(100.0 * correct / len(findings), 2),
                "grade": None,
                "critical_errors": check["critical_errors"],
                "checked": len(findings),
                "correct": correct,
                "claims_read": check["claims_read"],
                "findings": check["findings"],
                **recorded,
            }
        shared = {"standard": standard, "tolerance_db": tolerance_db}
        return case_score(questions, {**shared, **_form(split)}, split=split, shared=shared)

    return score


# -- deterministic rubric grader ----------------------------------------------------------


# rubric question marks and the critical-error rate, of another kind than an accuracy
@scorer(metrics=[question_mean(), critical_error_rate(), unscored_questions()])
def rubric_rules_grader(
    rubric: str | None = None,
    standard: str = "who2021",
    tolerance_db: int = 10,
    only_without_grader: bool = True,
    word_limit: int = WORD_LIMIT,
) -> Scorer:
    """Grade case replies with the deterministic rules grader, by the same rubric code.

    With ``only_without_grader`` (the default) it gives no score when a model is bound to the
    ``grader`` role, so the LLM adjudicator is the one reported there.
    """
    loaded = load_rubric(rubric)

    async def score(state: TaskState, target: Target) -> Score | None:
        item = _item(state)
        if not isinstance(item, CaseItem):
            return None
        if only_without_grader and grader_bound():
            return None
        split = section_report(item, _reply(state), word_limit)
        sections = split["sections"]
        checks = (
            fact_check_sections(item, sections, standard, tolerance_db)
            if "audiogram" in item.data
            else {}
        )
        judged = rules_judgement(item, sections, checks)
        questions: dict[str, dict[str, Any]] = {}
        for sub in item.questions:
            raw = judged[sub.id]
            try:
                judgement = judgement_from_json(raw, sub.id, loaded)
                details = graded_question(judgement, raw, loaded)
            except (JudgeParseError, RubricError, KeyError) as err:
                questions[sub.id] = unscored_question(str(err))
                continue
            details["answer"] = sections.get(sub.id, "")
            if checks.get(sub.id, {}).get("claims_read") == 0:  # its errors come from the check
                details[outcomes.CRITICAL_ERRORS_UNKNOWN] = CheckOutcome.NO_CLAIM_READ.value
            questions[sub.id] = details
        shared = {
            "judge": {"role": "rules", "model": "clinbench rules grader", "seed": None},
            "rubric": {"name": loaded.name, "version": loaded.version, "path": rubric or "default"},
        }
        return case_score(questions, {**shared, **_form(split)}, split=split, shared=shared)

    return score


# -- NLI ----------------------------------------------------------------------------------


@metric(scores="unreduced")
def contradiction_rate() -> Metric:
    """Return the share of labelled sections the NLI model says contradict the reference."""

    def compute(scores: list[SampleScore]) -> float:
        labelled = contradicted = 0
        for sample in scores:
            for details in ((sample.score.metadata or {}).get("questions") or {}).values():
                label = details.get("nli_label")
                if label is None:
                    continue
                labelled += 1
                contradicted += label == "contradiction"
        return contradicted / labelled if labelled else math.nan

    return compute


# the share of claims an NLI model reads as contradicted, not an accuracy
@scorer(metrics=[contradiction_rate()])
def nli_contradiction(
    model: str, label_map: dict[str, str] | None = None, word_limit: int = WORD_LIMIT
) -> Scorer:
    """Label each case section against its reference with an NLI model (value 1 = contradicts).

    The premise is the reference answer, the hypothesis the reply's section. A missing
    section is ``unscored`` (nothing to compare), not a label.
    """
    from clinbench.scoring.nli import load_nli

    classifier = load_nli(model, label_map=label_map)

    async def score(state: TaskState, target: Target) -> Score | None:
        item = _item(state)
        if not isinstance(item, CaseItem):
            return None
        split = section_report(item, _reply(state), word_limit)
        questions: dict[str, dict[str, Any]] = {}
        pairs, order = [], []
        for sub in item.questions:
            text = split["sections"].get(sub.id, "")
            if not text:
                questions[sub.id] = unscored_question("no labelled section") | {"nli_label": None}
                continue
            pairs.append((sub.reference, text))
            order.append(sub.id)
        for question, result in zip(order, classifier.classify_pairs(pairs), strict=True):
            questions[question] = {
                "outcome": outcomes.GRADED,
                "score": 1.0 if result.label == "contradiction" else 0.0,
                "grade": None,
                "critical_errors": [],
                "nli_label": result.label,
                "probabilities": result.probabilities,
            }
        questions = {q.id: questions[q.id] for q in item.questions}
        shared = {"nli_model": classifier.name}
        return case_score(questions, {**shared, **_form(split)}, split=split, shared=shared)

    return score


def nli_labels(results) -> Any:
    """Return the NLI rows of a results table with an ``nli_label`` column (for stability).

    Reads each row's ``score_metadata``; unscored rows keep an empty label.
    """
    import json

    rows = results[results["scorer"].astype(str).str.endswith("nli_contradiction")].copy()
    rows["nli_label"] = [
        (json.loads(m).get("nli_label") if isinstance(m, str) and m else None)
        for m in rows["score_metadata"]
    ]
    return rows
