"""The gate every request passes: token sign-in, CSRF on writes, and security headers.

Every route needs a reviewer's token (401 otherwise); every state-changing request needs the
reviewer's CSRF token (403 otherwise).
"""

from __future__ import annotations

import hmac
import logging
import secrets
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.web.state import audit_of

COOKIE = "clinbench_audit"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"

log = logging.getLogger(__name__)


def unauthorised() -> Response:
    """Return the 401 page shown without a valid reviewer token."""
    return HTMLResponse(
        "<!doctype html><title>401</title><p>401: this page needs your personal reviewer "
        "link (token).</p>",
        status_code=401,
        headers={"WWW-Authenticate": "Bearer", "Cache-Control": "no-store"},
    )


def security_headers(response: Response, nonce: str) -> Response:
    """Return ``response`` with the app's security headers set (CSP with this nonce)."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Content-Security-Policy"] = (
        f"default-src 'none'; img-src 'self'; style-src 'nonce-{nonce}'; "
        f"script-src 'nonce-{nonce}'; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'"
    )
    return response


def _bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else ""


async def _signed_in(request: Request, call_next, nonce: str) -> Response:
    """Return the route's response for a signed-in reviewer, or the refusal."""
    audit = audit_of(request)
    query_token = request.query_params.get("token", "")
    if query_token:
        if request.method not in ("GET", "HEAD"):
            # A token travels in the cookie set at sign-in or in the Authorization header;
            # in the URL of a write it would end up in logs and histories.
            return unauthorised()
        if await run_in_threadpool(audit.store.reviewer_by_token, query_token) is None:
            return unauthorised()
        # Sign-in: move the token from the link into an HttpOnly cookie, drop it from the URL.
        rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
        target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            COOKIE, query_token, httponly=True, samesite="strict", path="/", max_age=14 * 86400
        )
        return response
    token = _bearer(request) or request.cookies.get(COOKIE, "")
    reviewer = await run_in_threadpool(audit.store.reviewer_by_token, token)
    if reviewer is None:
        return unauthorised()
    request.state.reviewer = reviewer
    request.state.nonce = nonce
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
    return await call_next(request)


def install(app: FastAPI) -> None:
    """Add the sign-in, CSRF and header middleware to ``app``: every response gets the headers."""

    @app.middleware("http")
    async def authenticate(request: Request, call_next):
        # Hex: 128 random bits whose letters (a-f) cannot spell a name or word the blinding
        # checks look for (a base64 nonce once read "...bobsl...").
        nonce = secrets.token_hex(16)
        try:
            response = await _signed_in(request, call_next, nonce)
        except Exception:  # any route failure: logged here, a bare 500 page for the browser
            log.exception("audit app: %s %s failed", request.method, request.url.path)
            response = HTMLResponse(
                "<!doctype html><title>500</title><p>500: the audit app met an internal "
                "error; it is logged on the server.</p>",
                status_code=500,
            )
        return security_headers(response, nonce)
