"""The reviewer's pages: the home list, the item form (label or answers), submission, images."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.labels import DRAFT_KIND, REFERENCE_KIND, label_from
from clinbench.audit.sampling import MEDIA_DIR
from clinbench.audit.store import LockedError
from clinbench.audit.web.state import answers_from, audit_of, gate, is_reviewer, message, render

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def home(request: Request):
    audit = audit_of(request)
    progress = await run_in_threadpool(audit.progress, request.state.reviewer)
    rows = [
        {**audit.public(item), "done": item["audit_id"] in progress["done"]} for item in audit.items
    ]
    return render(
        request, "home.html", progress=progress, rows=rows,
        next_id=audit.next_item(progress["done"]),
    )  # fmt: skip


@router.get("/items/{audit_id}", response_class=HTMLResponse)
async def item_page(request: Request, audit_id: str):
    if (blocked := await gate(request, audit_id, json=False)) is not None:
        return blocked
    audit = audit_of(request)
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
    page = "reference.html" if audit.kind in (REFERENCE_KIND, DRAFT_KIND) else "item.html"
    return render(request, page, item=item, label=label or {}, progress=progress, errors={})


@router.post("/items/{audit_id}", response_class=HTMLResponse)
async def item_submit(request: Request, audit_id: str):
    if (blocked := await gate(request, audit_id, json=False)) is not None:
        return blocked
    audit = audit_of(request)
    form = await request.form()
    if audit.kind == "baseline":
        return await _save_answers(request, audit_id, form)
    return await _save_label(request, audit_id, form)


async def _save_answers(request: Request, audit_id: str, form) -> Response:
    audit = audit_of(request)
    reviewer = request.state.reviewer
    answers, errors = answers_from(form, audit.by_id[audit_id], prefix="answer_")
    if not errors:
        try:
            await run_in_threadpool(audit.store.save_answers, reviewer["id"], audit_id, answers)
        except LockedError as err:
            return message(request, str(err), 409)
        return await _after_save(request)
    progress = await run_in_threadpool(audit.progress, reviewer)
    return render(
        request, "case.html", status=422, item=audit.public(audit.by_id[audit_id]),
        answers=answers, progress=progress, errors=errors,
    )  # fmt: skip


async def _save_label(request: Request, audit_id: str, form) -> Response:
    audit = audit_of(request)
    reviewer = request.state.reviewer
    label, errors = label_from(audit.kind, form)
    if label is not None:
        try:
            await run_in_threadpool(audit.store.save_label, reviewer["id"], audit_id, label)
        except LockedError as err:
            return message(request, str(err), 409)
        return await _after_save(request)
    progress = await run_in_threadpool(audit.progress, reviewer)
    reference = audit.kind in (REFERENCE_KIND, DRAFT_KIND)
    main, yes_no = ("reference_label", "reply_credit") if reference else ("grade", "critical_error")
    sent = {"grade": form.get(main), "error_type": form.get("error_type"),
            "rationale": form.get("rationale")}  # fmt: skip
    flag = form.get(yes_no)  # shown again as sent: unanswered stays unanswered
    sent["critical_error"] = None if not flag else flag in ("1", "true", "yes", "on")
    return render(
        request, "reference.html" if reference else "item.html", status=422,
        item=audit.public(audit.by_id[audit_id]), label=sent, progress=progress, errors=errors,
    )  # fmt: skip


async def _after_save(request: Request) -> Response:
    audit = audit_of(request)
    progress = await run_in_threadpool(audit.progress, request.state.reviewer)
    following = audit.next_item(progress["done"])
    if following is None or (
        following not in audit.calibration and not progress["calibration_complete"]
    ):
        return RedirectResponse("/", status_code=303)
    return RedirectResponse(f"/items/{following}", status_code=303)


@router.post("/submit", response_class=HTMLResponse)
async def submit_set(request: Request):
    audit = audit_of(request)
    if not is_reviewer(request):
        return message(request, "Only reviewers submit a set.", 403)
    ok = await run_in_threadpool(
        audit.store.submit_set, request.state.reviewer["id"], audit.order, audit.questions
    )
    if not ok:
        return message(request, "Some items are still open; finish them before submitting.", 409)
    return RedirectResponse("/", status_code=303)


@router.get("/media/{name}")
async def media(request: Request, name: str):
    audit = audit_of(request)
    if name not in audit.media:
        return JSONResponse({"detail": "no such file"}, 404)
    return FileResponse(audit.dir / MEDIA_DIR / name)
