"""Which providers' clients retry a failed call on their own, and the model arguments that stop it.

Inspect retries a failed call up to the run's ``max_retries`` (``--max-retries``), backing off
between attempts and logging each retry. The openai SDK, which Inspect's ``openai`` and
``openai-api`` providers (the local model's too) build their client with, also retries a 5xx,
a 429 or a dropped connection twice on its own inside each of those attempts, unless the client
is built with ``max_retries=0``: ``--max-retries N`` sent up to 3(N+1) requests, and the
hidden ones were in no log. A run builds these models with the client's retries off, so
Inspect's are the only ones; a ``max_retries`` the user gives in ``-M`` (or ``-G``) is kept.
"""

from __future__ import annotations

from typing import Any

# Providers whose model arguments go to the openai SDK client's constructor. Others are left
# as they are: some pass their model arguments elsewhere (a server's command line, a request
# body), where a max_retries would be an error.
RETRYING_CLIENTS = frozenset({"openai", "openai-api"})


def without_client_retries(model: str, model_args: dict[str, Any]) -> dict[str, Any]:
    """Return ``model``'s arguments with its client's own retries off (``max_retries=0``).

    Only for the providers in :data:`RETRYING_CLIENTS`, and only where the arguments name no
    ``max_retries`` of their own; otherwise the arguments come back as they are.
    """
    provider = model.split("/", 1)[0]
    if provider not in RETRYING_CLIENTS or "max_retries" in model_args:
        return model_args
    return {**model_args, "max_retries": 0}
