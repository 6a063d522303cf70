"""Case reference answers drafted by a model, kept unreviewed until a clinician signs them.

AudiologyBench had its case reference answers extracted by a model at temperature 0 under a
no-hallucination constraint, then reviewed by an audiologist for clinical accuracy and
source grounding before the reference set was frozen. Here:

1. :func:`draft_case_references` asks the model (a logged, structured Inspect eval: one
   sample per case question, ``<case id>:<question id>``) for each reference from the case
   alone (prompt ``prompts/case_reference.txt``), and checks each draft against the case
   without a model: every phrase it cites must be in the case, and every number it states
   must be one the case records; a draft that fails a check is flagged, never repaired. The
   draft replaces the question's reference and is recorded as ``unreviewed`` in
   ``metadata.reference_review`` (with the model, log, flags, the text it replaced and a
   hash of the drafted text).
2. ``clinbench curate review-references`` lays the drafts out as an audit folder; reviewers
   label each draft in the review app (accurate, defensible, flawed, indeterminate).
3. :func:`apply_signoff` reads the submitted labels: a draft every reviewer labelled
   accurate or defensible is ``signed`` (by whom, when); one any reviewer labelled flawed
   or indeterminate is ``rejected`` with their reasons; the rest stay ``unreviewed``. A
   signature holds only for the text that was signed: :func:`reference_status` reads a
   reference edited since as ``unreviewed``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from clinbench.curate.structured_calls import OK, load_prompt, structured_eval
from clinbench.curate.textnorm import canonical_text
from clinbench.items.model import CaseItem, Item

REVIEW_KEY = "reference_review"  # item metadata: {question id: the draft's review record}
UNREVIEWED, SIGNED, REJECTED = "unreviewed", "signed", "rejected"
SIGNING_LABELS = ("accurate", "defensible")
DRAFT_COLUMNS = [
    "item_id", "question", "status", "detail", "flags", "model", "log_file",
]  # fmt: skip
# Numbers as written in clinical text: 25, -10, 0.8, 1,000 (a thousands comma is dropped).
_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?![\d,])|(?<![\w.])-?\d+(?:\.\d+)?")


class CaseReferenceReply(BaseModel):
    """A drafted reference answer, the case phrases it rests on, and whether it can be given."""

    model_config = ConfigDict(extra="forbid")
    reference: str = Field(min_length=1)
    facts_used: list[str]
    cannot_answer: bool


def text_sha256(text: str) -> str:
    """Return the SHA-256 (hex) of a reference text, as signed."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _findings(case: CaseItem) -> str:
    return json.dumps(case.data, indent=1, sort_keys=True) if case.data else "(none recorded)"


def _numbers(text: str) -> set[float]:
    found = set()
    for match in _NUMBER.finditer(text):
        try:
            found.add(float(match.group(0).replace(",", "")))
        except ValueError:  # pragma: no cover - the pattern only matches numbers
            continue
    return found


def grounding_flags(draft: CaseReferenceReply, case: CaseItem) -> list[str]:
    """Return the checks a draft fails against its case (empty when it is grounded).

    ``fact_not_in_case``: a cited phrase is not in the case text or findings (canonical
    folding: case, quotes, punctuation); ``number_not_in_case:N``: the reference states a
    number the case does not record (the question's own numbers count as the case's; a
    derived figure such as a pure-tone average is flagged too, for the reviewer to check).
    """
    source = f"{case.stem}\n{_findings(case)}\n" + "\n".join(q.prompt for q in case.questions)
    folded = canonical_text(source)
    flags = []
    missing = [f for f in draft.facts_used if canonical_text(f) not in folded]
    if missing or not draft.facts_used:
        flags.append("fact_not_in_case")
    known = _numbers(source)
    for number in sorted(_numbers(draft.reference) - known):
        flags.append(f"number_not_in_case:{number:g}")
    return flags


def _prompts(cases: Sequence[CaseItem], questions: set[str] | None) -> list[tuple[str, str, dict]]:
    template = load_prompt("case_reference")
    out = []
    for case in cases:
        for q in case.questions:
            if questions is not None and q.id not in questions:
                continue
            text = template.substitute(
                case_text=case.stem, findings=_findings(case), question_id=q.id,
                question=q.prompt,
            )  # fmt: skip
            out.append((f"{case.id}:{q.id}", text, {"item_id": case.id, "question": q.id}))
    return out


def draft_case_references(
    cases: Sequence[Item],
    *,
    model: Any,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
    questions: Sequence[str] | None = None,
) -> tuple[list[Item], pd.DataFrame]:
    """Return (cases with drafted references, one decision row per case question).

    Only case items are drafted (others raise ValueError). A question gets the draft as its
    reference when the reply parsed and says it can be answered; its review record is then
    ``unreviewed``. A reply that failed, did not parse or could not answer leaves the
    question's reference as it was, and the decision row says why (``parse_failed``,
    ``error``, ``cannot_answer``). Flags of the grounding checks go in both places.
    """
    bad = [c.id for c in cases if not isinstance(c, CaseItem)]
    if bad:
        raise ValueError(f"only case items get drafted references; not cases: {', '.join(bad)}")
    wanted = set(questions) if questions else None
    prompts = _prompts(cases, wanted)  # type: ignore[arg-type]
    if not prompts:
        raise ValueError("no case question to draft (check --questions)")
    replies, log_file = structured_eval(
        "curate_case_reference", prompts, CaseReferenceReply, model=model,
        model_args=model_args, log_dir=log_dir,
    )  # fmt: skip
    name = str(model)
    rows, drafted = [], []
    for case in cases:
        assert isinstance(case, CaseItem)
        review = dict(case.metadata.get(REVIEW_KEY) or {})
        new_questions = []
        for q in case.questions:
            sid = f"{case.id}:{q.id}"
            if sid not in replies:
                new_questions.append(q)
                continue
            reply = replies[sid]
            row = {"item_id": case.id, "question": q.id, "status": reply.status,
                   "detail": reply.detail, "flags": "", "model": name,
                   "log_file": log_file}  # fmt: skip
            value = reply.value if reply.status == OK else None
            if value is not None and value.cannot_answer:
                row.update(status="cannot_answer", detail=value.reference.strip())
            if value is None or value.cannot_answer:
                rows.append(row)
                new_questions.append(q)
                continue
            flags = grounding_flags(value, case)
            text = value.reference.strip()
            review[q.id] = {
                "status": UNREVIEWED, "drafted_by": name, "log_file": log_file,
                "flags": flags, "facts_used": value.facts_used, "replaced": q.reference,
                "draft_sha256": text_sha256(text),
            }  # fmt: skip
            row.update(status="drafted", flags=";".join(flags))
            rows.append(row)
            new_questions.append(q.model_copy(update={"reference": text}))
        copy = case.model_copy(update={
            "questions": new_questions, "metadata": {**case.metadata, REVIEW_KEY: review},
        })  # fmt: skip
        copy._source_file, copy._source_line = case._source_file, case._source_line
        drafted.append(copy)
    return drafted, pd.DataFrame(rows, columns=DRAFT_COLUMNS)


def reference_status(case: CaseItem, question: str) -> str:
    """Return a case question's reference status: signed, rejected, unreviewed or ``author``.

    ``author``: the reference was not drafted by a model (no review record). A signed or
    rejected record whose text hash no longer matches the reference reads as unreviewed.
    """
    record = (case.metadata.get(REVIEW_KEY) or {}).get(question)
    if not record:
        return "author"
    current = next(q.reference for q in case.questions if q.id == question)
    if record.get("draft_sha256") != text_sha256(current):
        return UNREVIEWED
    return str(record.get("status", UNREVIEWED))


def apply_signoff(cases: Sequence[Item], labels: pd.DataFrame) -> tuple[list[Item], pd.DataFrame]:
    """Return (cases with each draft's review record updated, one row per drafted question).

    ``labels`` has one row per submitted reviewer label of a draft: item_id, question,
    reference_sha256 (of the text the reviewer was shown), reviewer, label (accurate /
    defensible / flawed / indeterminate), rationale, submitted_at. A label counts only for
    the text it was given on. Signed: every reviewer who labelled it chose accurate or
    defensible; rejected: any chose flawed or indeterminate; otherwise the record keeps its
    status if its text is unchanged, else it is unreviewed.
    """
    out, rows = [], []
    groups = labels.groupby(["item_id", "question", "reference_sha256"]) if len(labels) else []
    by_key = {k: g for k, g in groups}
    for case in cases:
        review = dict(case.metadata.get(REVIEW_KEY) or {}) if isinstance(case, CaseItem) else {}
        if not review:
            out.append(case)
            continue
        assert isinstance(case, CaseItem)
        for qid, record in review.items():
            record = dict(record)
            current = next(q.reference for q in case.questions if q.id == qid)
            mine = by_key.get((case.id, qid, text_sha256(current)))
            if mine is None:
                record["status"] = reference_status(case, qid)
            else:
                signed = bool(mine["label"].isin(SIGNING_LABELS).all())
                record.update(
                    status=SIGNED if signed else REJECTED,
                    draft_sha256=text_sha256(current),
                    reviewers=sorted(mine["reviewer"]),
                    labels=dict(zip(mine["reviewer"], mine["label"], strict=True)),
                    reviewed_at=str(mine["submitted_at"].max()),
                    reasons={
                        r: t for r, t in zip(mine["reviewer"], mine["rationale"], strict=True) if t
                    },  # fmt: skip
                )
            review[qid] = record
            rows.append({"item_id": case.id, "question": qid, "status": record["status"],
                         "reviewers": ";".join(record.get("reviewers", [])),
                         "flags": ";".join(record.get("flags", []))})  # fmt: skip
        copy = case.model_copy(update={"metadata": {**case.metadata, REVIEW_KEY: review}})
        copy._source_file, copy._source_line = case._source_file, case._source_line
        out.append(copy)
    return out, pd.DataFrame(rows, columns=["item_id", "question", "status", "reviewers", "flags"])


def drafts_to_review(cases: Sequence[Item], *, every: bool = False) -> list[dict[str, Any]]:
    """Return the drafted references to lay out for review (``audit.drafts``), unreviewed ones
    only unless ``every``: case, question, flags, drafted_by and the hash of the text shown."""
    out = []
    for case in cases:
        if not isinstance(case, CaseItem):
            continue
        for q in case.questions:
            record = (case.metadata.get(REVIEW_KEY) or {}).get(q.id)
            if record and (every or reference_status(case, q.id) == UNREVIEWED):
                out.append({"case": case, "question": q, "flags": record.get("flags") or [],
                            "drafted_by": record.get("drafted_by", ""),
                            "reference_sha256": text_sha256(q.reference)})  # fmt: skip
    return out
