"""The blinded review web app: reviewers label items (or answer cases) through a token link.

``create_app(audit_dir)`` returns a FastAPI app over one audit folder, joined from the
routers of ``clinbench.audit.web`` (one per area: reviewer pages, consensus, JSON API) behind
its security middleware (token sign-in, CSRF, security headers). Blinding is built into what
the app can read: pages and API responses are made from the reviewer-visible manifest
(``items.jsonl``) and the reviewer's own labels; the hidden key (model identity, adjudicator
labels) is opened only by the consensus views, and only once every reviewer has submitted
their whole set.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

from fastapi import FastAPI

from clinbench.audit.web import api, consensus, review, security
from clinbench.audit.web.security import COOKIE, CSRF_FIELD, CSRF_HEADER
from clinbench.audit.web.state import AuditState


def create_app(audit_dir: str | Path) -> FastAPI:
    """Return the review app serving the audit folder ``audit_dir``."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, title="clinbench audit")
    app.state.audit = AuditState(Path(audit_dir))
    security.install(app)
    for area in (review, consensus, api):
        # The routes themselves, not a mounted sub-router: app.routes then lists every route
        # (the blinding test scans each GET route it finds there).
        app.router.routes.extend(area.router.routes)
    return app


def reviewer_link(token: str, host: str = "127.0.0.1", port: int = 8765) -> str:
    """Return the personal link that logs a reviewer in."""
    return f"http://{host}:{port}/?{urlencode({'token': token})}"


__all__ = ["COOKIE", "CSRF_FIELD", "CSRF_HEADER", "create_app", "reviewer_link"]
