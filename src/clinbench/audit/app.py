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

import errno
from collections.abc import Callable
from pathlib import Path

from fastapi import FastAPI

from clinbench.audit.links import reviewer_link
from clinbench.audit.web import consensus_page as consensus
from clinbench.audit.web import review_api as api
from clinbench.audit.web import review_pages as review
from clinbench.audit.web import security
from clinbench.audit.web.security import COOKIE, CSRF_FIELD, CSRF_HEADER
from clinbench.audit.web.state import AuditState
from clinbench.errors import SetupError


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


class PortInUse(SetupError, OSError):
    """The address the app was to listen on cannot be bound (in use, or not allowed)."""


def check_port(host: str, port: int) -> None:
    """Raise PortInUse (one line naming the address and why) if ``host:port`` cannot be bound."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as err:
            why = "the port is in use" if err.errno == errno.EADDRINUSE else "cannot bind"
            raise PortInUse(
                err.errno, f"cannot serve on {host}:{port}: {why} ({err.strerror})"
            ) from err


def serve(
    audit_dir: str | Path, host: str = "127.0.0.1", port: int = 8765, *,
    announce: Callable[[str], None] = print,
) -> None:  # fmt: skip
    """Serve the review app until interrupted; ``announce`` gets the address, then a ready line.

    The ready line is sent once the server listens, so a script (or a person) can wait for it.
    The address is checked first: one that cannot be bound raises :class:`PortInUse`.
    """
    import uvicorn

    from clinbench.audit.links import LINKS_FILE, point_links_at

    check_port(host, port)  # before anything is announced
    audit_dir = Path(audit_dir)
    app = create_app(audit_dir)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    links = audit_dir / LINKS_FILE
    announce(f"Serving the audit {audit_dir} at {url}")
    if links.is_file():
        moved = point_links_at(audit_dir, port)
        if moved:
            announce(
                f"{moved} reviewer link(s) named another port; {links} now gives them with "
                f"port {port} (same tokens): hand them out from that file"
            )
        announce(f"Reviewer links: {links} (owner-only; new links: clinbench audit reviewer-links)")
    else:
        announce(f"No reviewer links yet: clinbench audit add-reviewer {audit_dir} NAME")

    class _Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                announce(f"Ready: {url} (Ctrl+C to stop)")

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off")
    _Server(config).run()


__all__ = ["COOKIE", "CSRF_FIELD", "CSRF_HEADER", "create_app", "reviewer_link", "serve"]
