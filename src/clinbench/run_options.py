"""Typer options for the bounds on every model call, shared by `run`, `demo` and `resume`."""

from __future__ import annotations

from typing import Any

import typer


def _limit_options(resuming: bool = False) -> dict[str, Any]:
    """Return the typer options for the bounds on every model call (run, demo and resume).

    When resuming, each option defaults to the value the run was started with.
    """
    from clinbench import runner

    def default(value: int) -> int | None:
        return None if resuming else value

    keep = " Default: as the run was started." if resuming else ""
    return {
        "max_retries": typer.Option(
            default(runner.DEFAULT_MAX_RETRIES), "--max-retries", min=0,
            help="Retries of a failed model call (the model and every role, e.g. the grader)."
            + keep,
        ),
        "timeout": typer.Option(
            default(runner.DEFAULT_TIMEOUT), "--timeout", min=1,
            help="Seconds a model call may take in all, retries included." + keep,
        ),
        "attempt_timeout": typer.Option(
            default(runner.DEFAULT_ATTEMPT_TIMEOUT), "--attempt-timeout", min=1,
            help="Seconds one attempt may take before it is abandoned and retried." + keep,
        ),
        "max_connections": typer.Option(
            None, "--max-connections", min=1,
            help="Concurrent connections per model (default: the provider's own)."
            if not resuming else "Concurrent connections per model." + keep,
        ),
    }  # fmt: skip


LIMITS = _limit_options()
RESUME_LIMITS = _limit_options(resuming=True)


def call_limits(**values: Any) -> Any:
    """Return the CallLimits of the options (exit 2 with a message if they are invalid)."""
    from clinbench.runner import CallLimits

    try:
        return CallLimits(**values)
    except ValueError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from err
