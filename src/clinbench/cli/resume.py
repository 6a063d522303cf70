"""`clinbench resume`: continue an interrupted run from its log folder."""

from __future__ import annotations

from pathlib import Path

import typer

from clinbench.cli.console import TableOutput, echo_error, format_option
from clinbench.cli.run_options import (
    RESUME_LIMITS,
    call_limits,
    display_option,
    media_root_option,
    print_run,
)


def resume_command(
    log_dir: Path = typer.Argument(..., help="The --log-dir of the interrupted run."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Also export the results table (.parquet or .csv)."
    ),
    display: str = display_option(),
    errors: bool = typer.Option(
        False,
        "--errors",
        help="Also re-ask the failed samples (outcome error) of evals that finished.",
    ),
    fmt: str = format_option(),
    max_retries: int | None = RESUME_LIMITS["max_retries"],
    timeout: int | None = RESUME_LIMITS["timeout"],
    attempt_timeout: int | None = RESUME_LIMITS["attempt_timeout"],
    max_connections: int | None = RESUME_LIMITS["max_connections"],
    media_root: list[Path] = media_root_option("give the same ones as the interrupted run."),
) -> None:
    """Continue every interrupted eval in LOG_DIR, querying only the samples not yet done."""
    limits = call_limits(  # the ones given replace the run's own
        display=display,
        max_retries=max_retries,
        timeout=timeout,
        attempt_timeout=attempt_timeout,
        max_connections=max_connections,
    )
    if not log_dir.is_dir():
        echo_error(f"{log_dir}: no such log folder")
        raise typer.Exit(2)
    from clinbench.cli.helpers import check_results_out

    check_results_out(out)
    from clinbench.cli.run import exit_on_failed_calls, print_stopped
    from clinbench.items.loader import allowed_media_roots
    from clinbench.runner import RunInputError, resume

    output = TableOutput(fmt)
    try:
        with allowed_media_roots(*(media_root or [])):  # the retried tasks reload their items
            outcome = resume(log_dir, limits=limits, display=display, errors=errors,
                             on_resume=lambda what: output.message(f"Resuming {what}"),
                             on_skip=output.message, refuse_dead_endpoints=True)  # fmt: skip
    except RunInputError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    if outcome.stopped_by is not None:  # Ctrl-C / SIGTERM: no table, the command to go on
        print_stopped(output, outcome, log_dir, out, media_root or [])
        raise typer.Exit(128 + outcome.stopped_by)
    if not outcome.logs:
        output.message(f"Nothing to resume: every eval in {log_dir} finished.")
    print_run(output, outcome.results, outcome.logs, out)
    if not outcome.finished:
        raise typer.Exit(1)
    if outcome.logs:  # samples still failing after what was resumed: exit 3, as run
        exit_on_failed_calls(outcome)


# Paragraphs (one string each) so that the terminal, not the source, wraps them.
RESUME_HELP = "\n\n".join(
    [
        "Continue every interrupted eval in LOG_DIR, querying only the samples not yet done.",
        "An eval whose newest log did not finish (killed, cancelled or failed) is retried "
        "with Inspect's eval_retry: samples already in the log, or recovered from Inspect's "
        "sample buffer, are kept; the others are asked again, with the same models, task "
        "arguments and call limits (unless given here).",
        "With --errors, evals that finished but have failed samples (outcome error, e.g. "
        "a provider that was down) are retried too, for those samples only.",
        "The new log goes beside the old one; the printed table, --out and "
        "`clinbench results export` count each sample once (the newest complete log of an "
        "eval wins). Exit 1 if an eval still did not finish; exit 3 if samples still ended "
        "in error (outcome error) or judging-role calls failed, as `clinbench run`.",
        "Example: clinbench resume logs/ --errors --out results.parquet",
    ]
)


def register(app: typer.Typer) -> None:
    """Mount `resume` on the main app."""
    app.command("resume", help=RESUME_HELP)(resume_command)
