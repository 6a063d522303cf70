"""The gate every request passes: body size, token sign-in, CSRF on writes, security headers.

Every route needs a reviewer's token (401 otherwise); every state-changing request needs the
reviewer's CSRF token (403 otherwise). A request body over ``MAX_BODY_BYTES`` is refused
(413) before it is read, and a client address that sent ``FAILED_SIGNIN_LIMIT`` wrong tokens
within ``FAILED_SIGNIN_WINDOW_S`` seconds is refused (429) until the window has passed.
"""

from __future__ import annotations

import hmac
import logging
import math
import secrets
import time
from collections import deque
from urllib.parse import parse_qs, urlencode

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from clinbench.audit.web.state import audit_of

COOKIE = "clinbench_audit"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 1_000_000  # a label or a case answer is a few kB
FAILED_SIGNIN_LIMIT = 50  # wrong tokens per client address ...
FAILED_SIGNIN_WINDOW_S = 60.0  # ... within this many seconds


class SignInLimiter:
    """Count wrong tokens per client address in a sliding window (hand-written: a few lines
    over a dict of deques; no rate-limit library is among clinbench's dependencies)."""

    def __init__(self, limit: int = FAILED_SIGNIN_LIMIT, window_s: float = FAILED_SIGNIN_WINDOW_S):
        self.limit, self.window_s = limit, window_s
        self.failures: dict[str, deque[float]] = {}

    def _recent(self, client: str) -> deque[float]:
        times = self.failures.setdefault(client, deque())
        while times and times[0] <= time.monotonic() - self.window_s:
            times.popleft()
        return times

    def retry_after(self, client: str) -> int:
        """Return seconds until ``client`` may try again (0: it may now)."""
        times = self._recent(client)
        if len(times) < self.limit:
            return 0
        return max(1, math.ceil(times[0] + self.window_s - time.monotonic()))

    def failed(self, client: str) -> None:
        """Record a wrong token from ``client``."""
        self._recent(client).append(time.monotonic())


def too_many(retry_after: int) -> Response:
    """Return the 429 page shown to a client that sent too many wrong tokens."""
    return JSONResponse(
        {"detail": "too many wrong sign-in tokens; try again later"},
        status_code=429,
        headers={"Retry-After": str(retry_after), "Cache-Control": "no-store"},
    )


def _body_refusal(request: Request, limit: int) -> Response | None:
    """Return the refusal of a request whose body is too large or of unknown size, if any."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    length = request.headers.get("content-length")
    if length is None:
        if request.headers.get("transfer-encoding"):
            return JSONResponse({"detail": "a request body needs a Content-Length"}, 411)
        return None
    if not length.isdigit() or int(length) > limit:
        return JSONResponse({"detail": f"request body over {limit} bytes"}, 413)
    return None


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
    limiter: SignInLimiter = request.app.state.sign_in_limiter
    client = request.client.host if request.client else ""
    if wait := limiter.retry_after(client):
        return too_many(wait)  # no token is checked while the client is held back
    query_token = request.query_params.get("token", "")
    if query_token:
        if request.method not in ("GET", "HEAD"):
            # A token travels in the cookie set at sign-in or in the Authorization header;
            # in the URL of a write it would end up in logs and histories.
            return unauthorised()
        if await run_in_threadpool(audit.store.reviewer_by_token, query_token) is None:
            limiter.failed(client)
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
        if token:
            limiter.failed(client)
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


def install(app: FastAPI, max_body_bytes: int = MAX_BODY_BYTES) -> None:
    """Add the body-size, sign-in, CSRF and header middleware to ``app``.

    Every response gets the security headers.
    """
    app.state.sign_in_limiter = SignInLimiter()

    @app.middleware("http")
    async def authenticate(request: Request, call_next):
        # Hex: 128 random bits whose letters (a-f) cannot spell a name or word the blinding
        # checks look for (a base64 nonce once read "...bobsl...").
        nonce = secrets.token_hex(16)
        try:
            refused = _body_refusal(request, max_body_bytes)
            response = refused or await _signed_in(request, call_next, nonce)
        except Exception:  # any route failure: logged here, a bare 500 page for the browser
            log.exception("audit app: %s %s failed", request.method, request.url.path)
            response = HTMLResponse(
                "<!doctype html><title>500</title><p>500: the audit app met an internal "
                "error; it is logged on the server.</p>",
                status_code=500,
            )
        return security_headers(response, nonce)
