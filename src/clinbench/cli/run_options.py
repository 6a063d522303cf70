"""What `run`, `demo` and `resume` share on the command line: options, their checks, the output.

The bounds on every model call (``LIMITS``; ``RESUME_LIMITS`` default to the run's own),
the progress display, media folders, and the printed tables and log lines of a run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from clinbench.cli.console import echo_error
from clinbench.messages import with_command

DISPLAYS = ("full", "conversation", "rich", "plain", "log", "none")  # Inspect's displays


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
            help="Retries of a failed model call, N+1 requests at most (the model and every role,"
            " e.g. the grader; the OpenAI client adds none of its own)."
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


def display_option() -> Any:
    """Return the ``--display`` option (Inspect's progress displays)."""
    return typer.Option(
        "rich", help="Progress display: rich, plain, log or none (Inspect's displays)."
    )


def media_root_option(extra_help: str = "") -> Any:
    """Return the repeatable ``--media-root`` option."""
    return typer.Option(
        None,
        "--media-root",
        metavar="DIR",
        help="A folder item media may point into besides the item file's own (repeatable)"
        + (f": {extra_help}" if extra_help else "."),
    )


def call_limits(display: str | None = None, **values: Any) -> Any:
    """Return the CallLimits of the options (exit 2 with a message if they are invalid).

    ``display``, when given, is checked too (one of Inspect's displays).
    """
    from clinbench.runner import CallLimits

    if display is not None and display not in DISPLAYS:
        echo_error(f"--display must be one of {', '.join(DISPLAYS)}, got {display!r}")
        raise typer.Exit(2)
    try:
        return CallLimits(**values)
    except ValueError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err


def print_summary(frame: Any, output: Any, by: tuple[str, ...] | None = None) -> None:
    """Print the clinbench outcome tables of a results table (every task type) to `output`."""
    from clinbench.summary import headline_rows, outcome_tables

    output.use_plain_names()  # tasks, scorers, conditions in the suite cards' words
    if "model" in frame.columns:
        output.register_models(frame["model"].dropna().astype(str))
    output.summary(headline_rows(frame))  # the answer first, then the detail tables
    tables = outcome_tables(frame) if by is None else outcome_tables(frame, by=by)
    for title, table, notes in tables:
        output.table(table, title, notes)


def print_run(output: Any, frame: Any, logs: list[Any], out: Path | None) -> None:
    """Write the results table to ``out`` (if given), print the tables and one line a log.

    A Ctrl-C here (the logs are complete) exits 130 with the command that writes the table.
    """
    try:
        if out is not None:
            from clinbench.results import write_results

            write_results(frame, out)
            output.message(f"Results table: {out}")
        print_summary(frame, output)
        for log in logs:
            output.message(f"Log: {log_line(log)}")
    except KeyboardInterrupt:
        import shlex

        from clinbench.results.export import _local_path

        folders = sorted({str(Path(_local_path(str(log.location))).parent) for log in logs})
        command = ["clinbench", "resume", *folders[:1], *(["--out", str(out)] if out else [])]
        output.message(
            with_command(
                "Interrupted (SIGINT) while the results were written; the logs are complete. "
                "Write the table with:",
                shlex.join(command),
            )
        )
        raise typer.Exit(130) from None
    output.close()


def log_line(log: Any) -> str:
    """Return 'PATH (status)' for a log, saying so where the file is missing or incomplete.

    A run on a full disk can end with a log Inspect could not write (or wrote only part
    of): the line then says what is on disk rather than name a file that is not there.
    """
    from clinbench.results.export import _local_path, _read_header

    location = _local_path(str(log.location or ""))
    error = getattr(getattr(log, "error", None), "message", "") or ""
    cause = f": {error.strip().splitlines()[-1]}" if error.strip() else ""
    if not location or not Path(location).is_file():
        return f"{location or '(no file)'} (not written{cause})"
    header, problem = _read_header(location)
    if header is None:
        return f"{location} ({log.status}; the file is {problem})"
    if header.status != log.status:
        held = f"the file holds an incomplete log, status {header.status}"
        return f"{location} ({log.status}; {held}{cause})"
    return f"{location} ({log_state(header)})"


def log_state(header: Any) -> str:
    """Return what a whole log holds: 'complete', with how many samples were scored when not all.

    Inspect calls a log whose eval ran to its end "success" even when every sample in it
    ended in error; printed beside "3 of 3 samples ended in error" that word misleads, so
    the line says what the log holds instead. Other statuses are printed as Inspect names them.
    """
    if header.status != "success":
        return str(header.status)
    results = header.results
    if results is None or not results.completed_samples:
        return "complete; no sample scored"
    if results.completed_samples < results.total_samples:
        return f"complete; {results.completed_samples} of {results.total_samples} samples scored"
    return "complete"
