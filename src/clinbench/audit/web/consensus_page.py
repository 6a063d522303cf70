"""The consensus page: opens once every reviewer has submitted; only the lead records.

This is the one router that reads the hidden key (adjudicator labels), and only after
unblinding.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.consensus import consensus_reason
from clinbench.audit.labels import validate_label
from clinbench.audit.sampling import critical_error_flag, load_key
from clinbench.audit.web.state import AuditState, audit_of, message, refuse, render

router = APIRouter()


def consensus_rows(audit: AuditState) -> list[dict[str, Any]]:
    """Return the items needing (or holding) consensus, with every label shown beside them."""
    key = load_key(audit.dir).set_index("audit_id")
    labels = audit.store.labels()
    recorded = audit.store.consensus()
    rows = []
    for audit_id in audit.order:
        mine = [lab for lab in labels if lab["audit_id"] == audit_id]
        adjudicator = key.loc[audit_id]
        flagged = critical_error_flag(adjudicator["adjudicator_critical_error"])  # None: unknown
        reason = consensus_reason(mine, str(adjudicator["adjudicator_grade"]), flagged)
        if reason is None and audit_id not in recorded:
            continue
        rows.append(
            {
                "item": audit.public(audit.by_id[audit_id]),
                "reason": reason or "recorded",
                "labels": mine,
                "adjudicator": {
                    "grade": adjudicator["adjudicator_grade"],
                    "critical_error": flagged,
                    "critical_errors": adjudicator["adjudicator_critical_errors"],
                },
                "consensus": recorded.get(audit_id),
            }
        )
    return rows


async def consensus_gate(request: Request, *, json: bool) -> Response | None:
    """Return an error response when the consensus view is not open (baseline, still blinded)."""
    audit = audit_of(request)
    if audit.kind != "review":
        return refuse(request, "A baseline audit has no consensus step.", 404, json=json)
    if not await run_in_threadpool(audit.store.unblinded):
        text = "The consensus page opens once every reviewer has submitted their whole set."
        return refuse(request, text, 403, json=json)
    return None


@router.get("/consensus", response_class=HTMLResponse)
async def consensus_page(request: Request):
    if (blocked := await consensus_gate(request, json=False)) is not None:
        return blocked
    rows = await run_in_threadpool(consensus_rows, audit_of(request))
    return render(request, "consensus.html", rows=rows, errors={}, sent={}, failed=None)


@router.post("/consensus/{audit_id}", response_class=HTMLResponse)
async def consensus_submit(request: Request, audit_id: str):
    if request.state.reviewer["role"] != "lead":
        return message(request, "Only the audit lead records consensus.", 403)
    if (blocked := await consensus_gate(request, json=False)) is not None:
        return blocked
    audit = audit_of(request)
    rows = await run_in_threadpool(consensus_rows, audit)
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


@router.get("/api/consensus")
async def api_consensus(request: Request):
    if (blocked := await consensus_gate(request, json=True)) is not None:
        return blocked
    return {"items": await run_in_threadpool(consensus_rows, audit_of(request))}
