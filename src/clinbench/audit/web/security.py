"""The gate every request passes: token sign-in, CSRF on writes, and security headers.

Every route needs a reviewer's token (401 otherwise); every state-changing request needs the
reviewer's CSRF token (403 otherwise).
"""

from __future__ import annotations

import hmac
import secrets
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.web.state import audit_of

COOKIE = "clinbench_audit"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"


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


def install(app: FastAPI) -> None:
    """Add the sign-in, CSRF and header middleware to ``app``."""

    @app.middleware("http")
    async def authenticate(request: Request, call_next):
        audit = audit_of(request)
        token = ""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            token = header[7:].strip()
        query_token = request.query_params.get("token", "")
        token = token or query_token or request.cookies.get(COOKIE, "")
        reviewer = await run_in_threadpool(audit.store.reviewer_by_token, token)
        if reviewer is None:
            return unauthorised()
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
        return security_headers(response, getattr(request.state, "nonce", ""))
