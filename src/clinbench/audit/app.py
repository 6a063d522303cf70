"""The blinded review web app: reviewers label items (or answer cases) through a token link.

``create_app(audit_dir)`` returns a FastAPI app over one audit folder. Blinding is built
into what the app can read: pages and API responses are made from the reviewer-visible
manifest (``items.jsonl``) and the reviewer's own labels; the hidden key (model identity,
adjudicator labels) is opened only by the consensus views, and only once every reviewer
has submitted their whole set. Every route needs a reviewer's token (401 otherwise);
every state-changing request needs the reviewer's CSRF token (403 otherwise).
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.concurrency import run_in_threadpool

from clinbench.audit.consensus import consensus_reason
from clinbench.audit.labels import (
    CRITICAL_ERROR_LABELS,
    CRITICAL_ERROR_TYPES,
    GRADES,
    GRADES_NEEDING_RATIONALE,
    MAX_ANSWER_CHARS,
    validate_label,
)
from clinbench.audit.sampling import DB_FILE, MEDIA_DIR, load_key, load_manifest
from clinbench.audit.store import AuditStore, LockedError

COOKIE = "clinbench_audit"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
_TEMPLATES = Path(__file__).parent / "templates"

# The item fields a reviewer may see, per audit kind: nothing else leaves the server.
REVIEW_FIELDS = (
    "audit_id", "position", "segment", "case_id", "case_text", "images", "question",
    "question_prompt", "reference", "response_section", "response",
)  # fmt: skip
BASELINE_FIELDS = ("audit_id", "position", "segment", "case_id", "case_text", "images", "questions")


def _unauthorised() -> Response:
    return HTMLResponse(
        "<!doctype html><title>401</title><p>401: this page needs your personal reviewer "
        "link (token).</p>",
        status_code=401,
        headers={"WWW-Authenticate": "Bearer", "Cache-Control": "no-store"},
    )


class _Audit:
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
        self.fields = REVIEW_FIELDS if self.kind == "review" else BASELINE_FIELDS
        self.questions = (
            {i["audit_id"]: [q["id"] for q in i["questions"]] for i in self.items}
            if self.kind == "baseline"
            else None
        )

    def csrf(self, reviewer: dict[str, Any]) -> str:
        message = f"csrf:{reviewer['id']}:{reviewer['token_hash']}".encode()
        return hmac.new(self.secret, message, "sha256").hexdigest()

    def public(self, item: dict[str, Any]) -> dict[str, Any]:
        return {field: item[field] for field in self.fields if field in item}

    def progress(self, reviewer: dict[str, Any]) -> dict[str, Any]:
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
        done = set(done)
        return next((a for a in self.order if a not in done), None)


def create_app(audit_dir: str | Path) -> FastAPI:
    """Return the review app serving the audit folder ``audit_dir``."""
    audit = _Audit(Path(audit_dir))
    env = Environment(
        loader=FileSystemLoader(str(_TEMPLATES)),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, title="clinbench audit")
    app.state.audit = audit

    @app.middleware("http")
    async def authenticate(request: Request, call_next):
        token = ""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            token = header[7:].strip()
        query_token = request.query_params.get("token", "")
        token = token or query_token or request.cookies.get(COOKIE, "")
        reviewer = await run_in_threadpool(audit.store.reviewer_by_token, token)
        if reviewer is None:
            return _unauthorised()
        if query_token and request.method == "GET":
            # Move the token from the link into an HttpOnly cookie and drop it from the URL.
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
            response: Response = RedirectResponse(target, status_code=303)
            response.set_cookie(
                COOKIE, query_token, httponly=True, samesite="strict", path="/", max_age=14 * 86400
            )
        else:
            request.state.reviewer = reviewer
            request.state.nonce = secrets.token_urlsafe(16)
            if request.method not in ("GET", "HEAD", "OPTIONS"):
                sent = request.headers.get(CSRF_HEADER, "")
                if not sent and request.headers.get("content-type", "").startswith(
                    "application/x-www-form-urlencoded"
                ):
                    # Read the raw body (Starlette replays it to the route); parsing it here
                    # with request.form() would leave the route an empty form.
                    fields = parse_qs((await request.body()).decode("utf-8", "replace"))
                    sent = (fields.get(CSRF_FIELD) or [""])[0]
                if not hmac.compare_digest(sent, audit.csrf(reviewer)):
                    return JSONResponse({"detail": "missing or invalid CSRF token"}, 403)
            response = await call_next(request)
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        nonce = getattr(request.state, "nonce", "")
        response.headers["Content-Security-Policy"] = (
            f"default-src 'none'; img-src 'self'; style-src 'nonce-{nonce}'; "
            f"script-src 'nonce-{nonce}'; form-action 'self'; base-uri 'none'; "
            "frame-ancestors 'none'"
        )
        return response

    def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        reviewer = request.state.reviewer
        template = env.get_template(name)
        html = template.render(
            reviewer=reviewer,
            csrf=audit.csrf(reviewer),
            nonce=request.state.nonce,
            kind=audit.kind,
            grades=GRADES,
            error_types=CRITICAL_ERROR_TYPES,
            error_labels=CRITICAL_ERROR_LABELS,
            rationale_grades=GRADES_NEEDING_RATIONALE,
            **context,
        )
        return HTMLResponse(html, status_code=status)

    def message(request: Request, text: str, status: int) -> HTMLResponse:
        return render(request, "message.html", status=status, text=text)

    def is_reviewer(request: Request) -> bool:
        return request.state.reviewer["role"] == "reviewer"

    async def gate(request: Request, audit_id: str, *, json: bool) -> Response | None:
        """Return an error response when this reviewer may not open ``audit_id`` now."""
        if audit_id not in audit.by_id:
            return (
                JSONResponse({"detail": "no such item"}, 404)
                if json
                else message(request, "No such item in this audit.", 404)
            )
        if not is_reviewer(request):
            text = "Only reviewers open items; a lead works on the consensus page."
            return JSONResponse({"detail": text}, 403) if json else message(request, text, 403)
        if audit.calibration and audit_id not in audit.calibration:
            done = await run_in_threadpool(
                audit.store.done_ids, request.state.reviewer["id"], audit.questions
            )
            if not set(audit.calibration) <= done:
                text = "Finish the calibration segment before the main segment."
                return JSONResponse({"detail": text}, 409) if json else message(request, text, 409)
        return None

    # -- pages -----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def home(request: Request):
        progress = await run_in_threadpool(audit.progress, request.state.reviewer)
        rows = [
            {**audit.public(item), "done": item["audit_id"] in progress["done"]}
            for item in audit.items
        ]
        return render(
            request,
            "home.html",
            progress=progress,
            rows=rows,
            next_id=audit.next_item(progress["done"]),
        )

    @app.get("/items/{audit_id}", response_class=HTMLResponse)
    async def item_page(request: Request, audit_id: str):
        if (blocked := await gate(request, audit_id, json=False)) is not None:
            return blocked
        reviewer = request.state.reviewer
        progress = await run_in_threadpool(audit.progress, reviewer)
        item = audit.public(audit.by_id[audit_id])
        if audit.kind == "baseline":
            mine = await run_in_threadpool(audit.store.answers, reviewer["id"])
            answers = {a["question"]: a["answer"] for a in mine if a["audit_id"] == audit_id}
            return render(
                request, "case.html", item=item, answers=answers, progress=progress, errors={}
            )
        label = await run_in_threadpool(audit.store.label, reviewer["id"], audit_id)
        return render(
            request, "item.html", item=item, label=label or {}, progress=progress, errors={}
        )

    @app.post("/items/{audit_id}", response_class=HTMLResponse)
    async def item_submit(request: Request, audit_id: str):
        if (blocked := await gate(request, audit_id, json=False)) is not None:
            return blocked
        reviewer = request.state.reviewer
        form = await request.form()
        item = audit.public(audit.by_id[audit_id])
        if audit.kind == "baseline":
            answers, errors = _answers_from(form, audit.by_id[audit_id], prefix="answer_")
            if not errors:
                try:
                    await run_in_threadpool(
                        audit.store.save_answers, reviewer["id"], audit_id, answers
                    )
                except LockedError as err:
                    return message(request, str(err), 409)
                return await _after_save(request)
            progress = await run_in_threadpool(audit.progress, reviewer)
            return render(
                request, "case.html", status=422, item=item, answers=answers, progress=progress,
                errors=errors,
            )  # fmt: skip
        label, errors = validate_label(
            form.get("grade"),
            form.get("critical_error"),
            form.get("error_type"),
            form.get("rationale"),
        )
        if label is not None:
            try:
                await run_in_threadpool(audit.store.save_label, reviewer["id"], audit_id, label)
            except LockedError as err:
                return message(request, str(err), 409)
            return await _after_save(request)
        progress = await run_in_threadpool(audit.progress, reviewer)
        sent = {k: form.get(k) for k in ("grade", "critical_error", "error_type", "rationale")}
        sent["critical_error"] = sent["critical_error"] in ("1", "true", "yes", "on")
        return render(
            request,
            "item.html",
            status=422,
            item=item,
            label=sent,
            progress=progress,
            errors=errors,
        )

    async def _after_save(request: Request) -> Response:
        progress = await run_in_threadpool(audit.progress, request.state.reviewer)
        following = audit.next_item(progress["done"])
        if following is None or (
            following not in audit.calibration and not progress["calibration_complete"]
        ):
            return RedirectResponse("/", status_code=303)
        return RedirectResponse(f"/items/{following}", status_code=303)

    @app.post("/submit", response_class=HTMLResponse)
    async def submit_set(request: Request):
        if not is_reviewer(request):
            return message(request, "Only reviewers submit a set.", 403)
        ok = await run_in_threadpool(
            audit.store.submit_set, request.state.reviewer["id"], audit.order, audit.questions
        )
        if not ok:
            return message(
                request, "Some items are still open; finish them before submitting.", 409
            )
        return RedirectResponse("/", status_code=303)

    @app.get("/media/{name}")
    async def media(request: Request, name: str):
        if name not in audit.media:
            return JSONResponse({"detail": "no such file"}, 404)
        return FileResponse(audit.dir / MEDIA_DIR / name)

    # -- consensus (only after unblinding) -------------------------------------------------

    def _consensus_rows() -> list[dict[str, Any]]:
        key = load_key(audit.dir).set_index("audit_id")
        labels = audit.store.labels()
        recorded = audit.store.consensus()
        rows = []
        for audit_id in audit.order:
            mine = [lab for lab in labels if lab["audit_id"] == audit_id]
            adjudicator = key.loc[audit_id]
            reason = consensus_reason(
                mine,
                str(adjudicator["adjudicator_grade"]),
                str(adjudicator["adjudicator_critical_error"]).lower() == "true",
            )
            if reason is None and audit_id not in recorded:
                continue
            rows.append(
                {
                    "item": audit.public(audit.by_id[audit_id]),
                    "reason": reason or "recorded",
                    "labels": mine,
                    "adjudicator": {
                        "grade": adjudicator["adjudicator_grade"],
                        "critical_error": str(adjudicator["adjudicator_critical_error"]).lower()
                        == "true",
                        "critical_errors": adjudicator["adjudicator_critical_errors"],
                    },
                    "consensus": recorded.get(audit_id),
                }
            )
        return rows

    async def _consensus_gate(request: Request, json: bool) -> Response | None:
        if audit.kind != "review":
            text = "A baseline audit has no consensus step."
            return JSONResponse({"detail": text}, 404) if json else message(request, text, 404)
        if not await run_in_threadpool(audit.store.unblinded):
            text = "The consensus page opens once every reviewer has submitted their whole set."
            return JSONResponse({"detail": text}, 403) if json else message(request, text, 403)
        return None

    @app.get("/consensus", response_class=HTMLResponse)
    async def consensus_page(request: Request):
        if (blocked := await _consensus_gate(request, json=False)) is not None:
            return blocked
        rows = await run_in_threadpool(_consensus_rows)
        return render(request, "consensus.html", rows=rows, errors={}, sent={}, failed=None)

    @app.post("/consensus/{audit_id}", response_class=HTMLResponse)
    async def consensus_submit(request: Request, audit_id: str):
        if (blocked := await _consensus_gate(request, json=False)) is not None:
            return blocked
        rows = await run_in_threadpool(_consensus_rows)
        row = next((r for r in rows if r["item"]["audit_id"] == audit_id), None)
        if row is None:
            return message(request, "This item needs no consensus.", 404)
        form = await request.form()
        label, errors = validate_label(
            form.get("grade"), form.get("critical_error"), form.get("error_type"),
            form.get("rationale"), require_rationale=True,
        )  # fmt: skip
        if label is None:
            sent = {k: form.get(k) for k in ("grade", "critical_error", "error_type", "rationale")}
            return render(
                request, "consensus.html", status=422, rows=rows, errors=errors, sent=sent,
                failed=audit_id,
            )  # fmt: skip
        await run_in_threadpool(
            audit.store.save_consensus, audit_id, label, row["reason"], request.state.reviewer["id"]
        )
        return RedirectResponse(f"/consensus#{audit_id}", status_code=303)

    # -- JSON API --------------------------------------------------------------------------

    @app.get("/api/session")
    async def api_session(request: Request):
        reviewer = request.state.reviewer
        return {
            "reviewer": reviewer["name"],
            "role": reviewer["role"],
            "kind": audit.kind,
            "csrf_token": audit.csrf(reviewer),
        }

    @app.get("/api/progress")
    async def api_progress(request: Request):
        return await run_in_threadpool(audit.progress, request.state.reviewer)

    @app.get("/api/items")
    async def api_items(request: Request):
        progress = await run_in_threadpool(audit.progress, request.state.reviewer)
        return {
            "items": [
                {**audit.public(i), "done": i["audit_id"] in progress["done"]} for i in audit.items
            ],
            "progress": progress,
        }

    @app.get("/api/items/{audit_id}")
    async def api_item(request: Request, audit_id: str):
        if (blocked := await gate(request, audit_id, json=True)) is not None:
            return blocked
        reviewer = request.state.reviewer
        body = audit.public(audit.by_id[audit_id])
        if audit.kind == "baseline":
            mine = await run_in_threadpool(audit.store.answers, reviewer["id"])
            body["answers"] = {
                a["question"]: a["answer"] for a in mine if a["audit_id"] == audit_id
            }
        else:
            body["label"] = await run_in_threadpool(audit.store.label, reviewer["id"], audit_id)
        return body

    async def json_body(request: Request, audit_id: str) -> dict | Response:
        """Return the request's JSON object, or the response refusing it (gate, bad JSON)."""
        if (blocked := await gate(request, audit_id, json=True)) is not None:
            return blocked
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"detail": "body must be JSON"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"detail": "body must be a JSON object"}, 400)
        return body

    @app.post("/api/items/{audit_id}/label")
    async def api_label(request: Request, audit_id: str):
        if audit.kind != "review":
            return JSONResponse({"detail": "a baseline audit takes answers, not labels"}, 404)
        body = await json_body(request, audit_id)
        if isinstance(body, Response):
            return body
        label, errors = validate_label(
            body.get("grade"), body.get("critical_error", False), body.get("error_type"),
            body.get("rationale"),
        )  # fmt: skip
        if label is None:
            return JSONResponse({"detail": "invalid label", "errors": errors}, 422)
        try:
            revision = await run_in_threadpool(
                audit.store.save_label, request.state.reviewer["id"], audit_id, label
            )
        except LockedError as err:
            return JSONResponse({"detail": str(err)}, 409)
        return {"audit_id": audit_id, "revision": revision}

    @app.post("/api/items/{audit_id}/answers")
    async def api_answers(request: Request, audit_id: str):
        if audit.kind != "baseline":
            return JSONResponse({"detail": "a review audit takes labels, not answers"}, 404)
        body = await json_body(request, audit_id)
        if isinstance(body, Response):
            return body
        answers, errors = _answers_from(body, audit.by_id[audit_id], prefix="")
        if errors:
            return JSONResponse({"detail": "invalid answers", "errors": errors}, 422)
        try:
            await run_in_threadpool(
                audit.store.save_answers, request.state.reviewer["id"], audit_id, answers
            )
        except LockedError as err:
            return JSONResponse({"detail": str(err)}, 409)
        return {"audit_id": audit_id, "saved": sorted(answers)}

    @app.post("/api/submit")
    async def api_submit(request: Request):
        if not is_reviewer(request):
            return JSONResponse({"detail": "only reviewers submit a set"}, 403)
        ok = await run_in_threadpool(
            audit.store.submit_set, request.state.reviewer["id"], audit.order, audit.questions
        )
        if not ok:
            return JSONResponse({"detail": "some items are still open"}, 409)
        return {"submitted": True}

    @app.get("/api/consensus")
    async def api_consensus(request: Request):
        if (blocked := await _consensus_gate(request, json=True)) is not None:
            return blocked
        rows = await run_in_threadpool(_consensus_rows)
        return {"items": rows}

    return app


def _answers_from(
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


def reviewer_link(token: str, host: str = "127.0.0.1", port: int = 8765) -> str:
    """Return the personal link that logs a reviewer in."""
    return f"http://{host}:{port}/?{urlencode({'token': token})}"


__all__ = ["create_app", "reviewer_link"]
