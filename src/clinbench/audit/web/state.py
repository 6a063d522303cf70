"""What one running review app knows, and the helpers its routers share.

Blinding is built into what this module can read: pages and API responses are made from the
reviewer-visible manifest (``items.jsonl``) and the reviewer's own labels; the hidden key
(model identity, adjudicator labels) is opened only by the consensus router.
"""

from __future__ import annotations

import hmac
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.concurrency import run_in_threadpool

from clinbench.audit.labels import (
    CRITICAL_ERROR_LABELS,
    CRITICAL_ERROR_TYPES,
    GRADE_DEFINITIONS,
    GRADES,
    GRADES_NEEDING_RATIONALE,
    MAX_ANSWER_CHARS,
    REFERENCE_DEFINITIONS,
    REFERENCE_LABELS,
    REFERENCE_LABELS_NEEDING_RATIONALE,
)
from clinbench.audit.sampling import DB_FILE, load_manifest
from clinbench.audit.store import AuditStore

_TEMPLATES = Path(__file__).parent.parent / "templates"

# The item fields a reviewer may see, per audit kind: nothing else leaves the server.
REVIEW_FIELDS = (
    "audit_id", "position", "segment", "case_id", "case_text", "images", "question",
    "question_prompt", "reference", "response_section", "response",
)  # fmt: skip
BASELINE_FIELDS = ("audit_id", "position", "segment", "case_id", "case_text", "images", "questions")
REFERENCE_FIELDS = (
    "audit_id", "position", "segment", "case_id", "images", "question_prompt", "source",
    "reference", "response",
)  # fmt: skip
DRAFT_FIELDS = (
    "audit_id", "position", "segment", "case_id", "case_text", "images", "question",
    "question_prompt", "reference", "grounding_flags",
)  # fmt: skip
FIELDS = {"review": REVIEW_FIELDS, "baseline": BASELINE_FIELDS, "reference": REFERENCE_FIELDS,
          "draft": DRAFT_FIELDS}  # fmt: skip

TEMPLATES = Environment(
    loader=FileSystemLoader(str(_TEMPLATES)),
    autoescape=select_autoescape(["html"], default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)


class AuditState:
    """What one running app knows: the manifest, the store, and helpers over them."""

    def __init__(self, audit_dir: Path):
        self.dir = audit_dir
        self.meta, self.items = load_manifest(audit_dir)
        self.kind = self.meta.get("kind", "review")
        self.by_id = {item["audit_id"]: item for item in self.items}
        self.order = [item["audit_id"] for item in self.items]
        self.calibration = [i["audit_id"] for i in self.items if i["segment"] == "calibration"]
        self.media = {name for item in self.items for name in item.get("images", [])}
        self.store = AuditStore(audit_dir / DB_FILE)
        self.secret = self.store.secret()
        self.fields = FIELDS.get(self.kind, BASELINE_FIELDS)
        self.questions = (
            {i["audit_id"]: [q["id"] for q in i["questions"]] for i in self.items}
            if self.kind == "baseline"
            else None
        )

    def csrf(self, reviewer: dict[str, Any]) -> str:
        """Return the reviewer's CSRF token (an HMAC of their id and token hash)."""
        message = f"csrf:{reviewer['id']}:{reviewer['token_hash']}".encode()
        return hmac.new(self.secret, message, "sha256").hexdigest()

    def public(self, item: dict[str, Any]) -> dict[str, Any]:
        """Return the fields of ``item`` a reviewer may see."""
        return {field: item[field] for field in self.fields if field in item}

    def progress(self, reviewer: dict[str, Any]) -> dict[str, Any]:
        """Return the reviewer's progress through the set (and how many have submitted)."""
        done = self.store.done_ids(reviewer["id"], self.questions)
        main = [a for a in self.order if a not in self.calibration]
        people = self.store.reviewers("reviewer")
        return {
            "done": sorted(done & set(self.order), key=self.order.index),
            "calibration_done": len(done & set(self.calibration)),
            "calibration_total": len(self.calibration),
            "main_done": len(done & set(main)),
            "main_total": len(main),
            "total_done": len(done & set(self.order)),
            "total": len(self.order),
            "calibration_complete": set(self.calibration) <= done,
            "submitted": bool(reviewer["submitted_at"]),
            "reviewers_submitted": sum(1 for p in people if p["submitted_at"]),
            "reviewers_total": len(people),
            "unblinded": self.kind == "review" and self.store.unblinded(),
        }

    def next_item(self, done: set[str] | list[str]) -> str | None:
        """Return the first audit id not yet done, or None."""
        done = set(done)
        return next((a for a in self.order if a not in done), None)


def audit_of(request: Request) -> AuditState:
    """Return the audit the app serving ``request`` was created over."""
    return request.app.state.audit


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """Return the template ``name`` rendered for the signed-in reviewer."""
    audit = audit_of(request)
    reviewer = request.state.reviewer
    html = TEMPLATES.get_template(name).render(
        reviewer=reviewer,
        csrf=audit.csrf(reviewer),
        nonce=request.state.nonce,
        kind=audit.kind,
        grades=GRADES,
        grade_definitions=GRADE_DEFINITIONS,
        error_types=CRITICAL_ERROR_TYPES,
        error_labels=CRITICAL_ERROR_LABELS,
        rationale_grades=GRADES_NEEDING_RATIONALE,
        reference_labels=REFERENCE_LABELS,
        reference_definitions=REFERENCE_DEFINITIONS,
        rationale_references=REFERENCE_LABELS_NEEDING_RATIONALE,
        **context,
    )
    return HTMLResponse(html, status_code=status)


def message(request: Request, text: str, status: int) -> HTMLResponse:
    """Return a page holding one message."""
    return render(request, "message.html", status=status, text=text)


def refuse(request: Request, text: str, status: int, *, json: bool) -> Response:
    """Return a refusal as JSON (API routes) or as a message page."""
    return JSONResponse({"detail": text}, status) if json else message(request, text, status)


def is_reviewer(request: Request) -> bool:
    """Return True when the signed-in person has the reviewer role (not the lead)."""
    return request.state.reviewer["role"] == "reviewer"


async def gate(request: Request, audit_id: str, *, json: bool) -> Response | None:
    """Return an error response when this reviewer may not open ``audit_id`` now."""
    audit = audit_of(request)
    if audit_id not in audit.by_id:
        text = "no such item" if json else "No such item in this audit."
        return refuse(request, text, 404, json=json)
    if not is_reviewer(request):
        text = "Only reviewers open items; a lead works on the consensus page."
        return refuse(request, text, 403, json=json)
    if audit.calibration and audit_id not in audit.calibration:
        done = await run_in_threadpool(
            audit.store.done_ids, request.state.reviewer["id"], audit.questions
        )
        if not set(audit.calibration) <= done:
            text = "Finish the calibration segment before the main segment."
            return refuse(request, text, 409, json=json)
    return None


def answers_from(
    source: Any, item: dict[str, Any], *, prefix: str
) -> tuple[dict[str, str], dict[str, str]]:
    """Return (answers by question id, errors) from a form or JSON body; every question needed."""
    answers: dict[str, str] = {}
    errors: dict[str, str] = {}
    for question in item["questions"]:
        text = str(source.get(f"{prefix}{question['id']}") or "").strip()
        answers[question["id"]] = text
        if not text:
            errors[question["id"]] = "answer every question (write 'unsure' if you cannot)"
        elif len(text) > MAX_ANSWER_CHARS:
            errors[question["id"]] = f"keep each answer under {MAX_ANSWER_CHARS} characters"
    return answers, errors
