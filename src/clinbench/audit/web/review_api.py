"""The review workflow as JSON: session, progress, items, labels, answers, submission."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.labels import label_from
from clinbench.audit.store import LockedError
from clinbench.audit.web.state import answers_from, audit_of, gate, is_reviewer

router = APIRouter(prefix="/api")


@router.get("/session")
async def api_session(request: Request):
    audit = audit_of(request)
    reviewer = request.state.reviewer
    return {
        "reviewer": reviewer["name"],
        "role": reviewer["role"],
        "kind": audit.kind,
        "csrf_token": audit.csrf(reviewer),
    }


@router.get("/progress")
async def api_progress(request: Request):
    return await run_in_threadpool(audit_of(request).progress, request.state.reviewer)


@router.get("/items")
async def api_items(request: Request):
    audit = audit_of(request)
    progress = await run_in_threadpool(audit.progress, request.state.reviewer)
    return {
        "items": [
            {**audit.public(i), "done": i["audit_id"] in progress["done"]} for i in audit.items
        ],
        "progress": progress,
    }


@router.get("/items/{audit_id}")
async def api_item(request: Request, audit_id: str):
    if (blocked := await gate(request, audit_id, json=True)) is not None:
        return blocked
    audit = audit_of(request)
    reviewer = request.state.reviewer
    body = audit.public(audit.by_id[audit_id])
    if audit.kind == "baseline":
        mine = await run_in_threadpool(audit.store.answers, reviewer["id"])
        body["answers"] = {a["question"]: a["answer"] for a in mine if a["audit_id"] == audit_id}
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


@router.post("/items/{audit_id}/label")
async def api_label(request: Request, audit_id: str):
    audit = audit_of(request)
    if audit.kind == "baseline":
        return JSONResponse({"detail": "a baseline audit takes answers, not labels"}, 404)
    body = await json_body(request, audit_id)
    if isinstance(body, Response):
        return body
    label, errors = label_from(audit.kind, body)  # the audit kind's scale
    if label is None:
        return JSONResponse({"detail": "invalid label", "errors": errors}, 422)
    try:
        revision = await run_in_threadpool(
            audit.store.save_label, request.state.reviewer["id"], audit_id, label
        )
    except LockedError as err:
        return JSONResponse({"detail": str(err)}, 409)
    return {"audit_id": audit_id, "revision": revision}


@router.post("/items/{audit_id}/answers")
async def api_answers(request: Request, audit_id: str):
    audit = audit_of(request)
    if audit.kind != "baseline":
        return JSONResponse({"detail": f"a {audit.kind} audit takes labels, not answers"}, 404)
    body = await json_body(request, audit_id)
    if isinstance(body, Response):
        return body
    answers, errors = answers_from(body, audit.by_id[audit_id], prefix="")
    if errors:
        return JSONResponse({"detail": "invalid answers", "errors": errors}, 422)
    try:
        await run_in_threadpool(
            audit.store.save_answers, request.state.reviewer["id"], audit_id, answers
        )
    except LockedError as err:
        return JSONResponse({"detail": str(err)}, 409)
    return {"audit_id": audit_id, "saved": sorted(answers)}


@router.post("/submit")
async def api_submit(request: Request):
    audit = audit_of(request)
    if not is_reviewer(request):
        return JSONResponse({"detail": "only reviewers submit a set"}, 403)
    ok = await run_in_threadpool(
        audit.store.submit_set, request.state.reviewer["id"], audit.order, audit.questions
    )
    if not ok:
        return JSONResponse({"detail": "some items are still open"}, 409)
    return {"submitted": True}
