"""An endpoint on this machine where nothing listens, found before a run sends it a call.

A run whose provider URL names a loopback address where no server listens (a server not
started, or stopped; a mistyped port) sent each sample's call there anyway: every call failed
only after its retries (56 s for 2 samples of ausclin against a free port), the console
printed a warning per sample and every table of a run with no reply, and the closing line
named a ``ConnectError``, not the address. ``clinbench run`` and ``clinbench resume`` now
check each model's endpoint first and stop with one line naming it (exit 2) when the
connection is refused. Only a loopback address is checked: a refusal there is certain and
takes no time, while a remote address may be slow or behind a proxy (its failures are the
run's, reported as before). The Python API (``run_benchmark``, ``resume``) runs on unless
asked (``refuse_dead_endpoints``), so a notebook still records the errors of such a run.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def refused(base_url: str | None) -> bool:
    """Return True when ``base_url`` is a loopback address that refuses a connection."""
    if not base_url:
        return False
    try:
        parts = urlsplit(str(base_url))
        host, port = parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:  # an unreadable address: the provider says what is wrong with it
        return False
    if host not in LOOPBACK:
        return False
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return False
    except ConnectionRefusedError:
        return True
    except OSError:  # a timeout or another failure: not known to be down
        return False


def base_url_of(model: Any) -> str | None:
    """Return the endpoint an Inspect ``Model`` sends its calls to (None: none, or offline)."""
    api = getattr(model, "api", None)
    url = getattr(api, "base_url", None)
    return str(url) if url else None


def dead_endpoint(models: Iterable[tuple[str, Any]]) -> str | None:
    """Return the one line naming the first (label, Model)'s endpoint where nothing listens.

    ``label`` is how the user named the model (``openai-api/local/smollm2``, ``grader
    openai/gpt-4o``). None when every loopback endpoint answers (or none is loopback).
    """
    for label, model in models:
        url = base_url_of(model)
        if refused(url):
            return (
                f"nothing listens at {url} (the endpoint of {label}): no call to it can "
                "succeed, so nothing was run; start its server, or point the model at one "
                "that answers, then run this command again"
            )
    return None


def role_pairs(roles: dict[str, Any] | None) -> list[tuple[str, Any]]:
    """Return (label, Model) for each model bound to a role (a role may bind a list)."""
    pairs: list[tuple[str, Any]] = []
    for role, bound in (roles or {}).items():
        for model in bound if isinstance(bound, list | tuple) else [bound]:
            pairs.append((f"{role} {getattr(model, 'name', model)}", model))
    return pairs
