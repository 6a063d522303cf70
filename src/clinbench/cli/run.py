"""`clinbench run`, `clinbench demo` and `clinbench import-responses`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from clinbench.cli.console import (
    TableOutput,
    console_message,
    echo_error,
    echo_message,
    format_option,
)
from clinbench.cli.run_options import (
    LIMITS,
    call_limits,
    display_option,
    media_root_option,
    print_run,
    print_summary,
)
from clinbench.messages import with_command


def _key_values(pairs: list[str] | None, option: str) -> dict[str, Any]:
    """Return KEY=VALUE options as a dict (values parsed as YAML scalars: numbers, booleans)."""
    import yaml

    parsed: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise typer.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint=option)
        key, value = pair.split("=", 1)
        parsed[key.strip()] = yaml.safe_load(value) if value else ""
    return parsed


def _target_problem(name: str, path: Path, tasks: list[str]) -> str | None:
    """Return what is wrong with one ITEMS_OR_SUITE argument, and what to give instead."""
    import difflib
    import os

    if name in tasks and not path.exists():
        return (f"{name}: is a suite task, and a run takes one suite task per run (or item "
                f"files): run each alone, e.g. clinbench run {name} ...")  # fmt: skip
    if path.is_dir():
        return (f"{name}: is a folder; give the item files in it "
                f"(e.g. clinbench run {name.rstrip('/')}/*.jsonl)")  # fmt: skip
    if path.is_file():
        if not os.access(path, os.R_OK):
            return f"{name}: cannot be read (permission denied)"
        return None
    if path.suffix or "/" in name or os.sep in name:
        return f"{name}: file not found"
    close = difflib.get_close_matches(name, tasks, n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    return (f"{name}: not a suite task and no such file; {hint}"
            f"suite tasks: {', '.join(tasks)}")  # fmt: skip


def _checked_item_files(target: list[str], hold: bool = False, first: int | None = None
                        ) -> list[str]:  # fmt: skip
    """Return the target with item files as absolute paths, after checking every item in them.

    A suite task name is returned as given. Bad items print as file:line: field: message and
    exit 2; only the item loader is imported, so a bad file is rejected at once. With
    ``hold``, the first ``first`` items (None: all) are kept for the task the run builds next
    from the same files (``items.loader.check_and_hold``: not read and checked again);
    without, none is held (a bank may be large).
    """
    from clinbench import suites

    known = {**suites.tasks(), **suites.SHARED_TASKS}
    if len(target) == 1 and target[0] in known:
        return target
    from clinbench.items.loader import ItemFileError, check_and_hold, load_items

    files = [Path(t) for t in target]
    problems = [_target_problem(t, f, sorted(known)) for t, f in zip(target, files, strict=True)]
    for problem in filter(None, problems):
        echo_error(f"{problem}")
    if any(problems):
        raise typer.Exit(2)
    try:
        if hold:  # the items the run asks, kept for its task: each item checked once
            check_and_hold(files, first=first)
        else:
            load_items(files, first=0)  # every item checked, none held (a bank may be large)
    except ItemFileError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    return [str(f.resolve()) for f in files]  # absolute, so that resume works from anywhere


def run(
    target: list[str] = typer.Argument(
        ..., metavar="ITEMS_OR_SUITE", help="Item files (.jsonl/.csv) or a suite task name."
    ),
    model: list[str] = typer.Option(
        None,
        "--model",
        "-m",
        help="Inspect model(s), e.g. openai/gpt-4o, clinbench/chance, "
        "clinbench/replay/NAME. Default: an offline baseline.",
    ),
    condition: str | None = typer.Option(
        None,
        "--condition",
        help="Prompt condition (default: the task's own). Item files know 'default'; ausclin "
        "adds its own (e.g. rule: the source text is supplied). Unknown names list the known.",
    ),
    epochs: int = typer.Option(
        1, "--epochs", min=1, help="Times each item is asked (each epoch is its own results row)."
    ),
    limit: int | None = typer.Option(
        None, "--limit", min=1, help="Run only the first N items (a quick check)."
    ),
    log_dir: Path = typer.Option(Path("logs"), "--log-dir", help="Where Inspect logs go."),
    out: Path | None = typer.Option(
        None, "--out", help="Also export the results table (.parquet or .csv)."
    ),
    grader: list[str] = typer.Option(
        None,
        "--grader",
        help="Model bound to Inspect's 'grader' role (the adjudicator); "
        "repeat it or give a comma list for a judge panel (every judge is called).",
    ),
    model_role: list[str] = typer.Option(
        None,
        "--model-role",
        metavar="ROLE=MODEL",
        help="Inspect's model role option, e.g. "
        "--model-role grader=MODEL_A,MODEL_B (a list binds a judge panel).",
    ),
    model_arg: list[str] = typer.Option(
        None, "-M", help="Model argument KEY=VALUE (e.g. -M responses=frozen.csv)."
    ),
    grader_arg: list[str] = typer.Option(
        None, "-G", help="Grader model argument KEY=VALUE (e.g. -G responses=judge.csv)."
    ),
    task_arg: list[str] = typer.Option(
        None, "-T", help="Task argument KEY=VALUE (e.g. -T formats=mcq); unknown keys are listed."
    ),
    temperature: float | None = typer.Option(None, help="Override the task's temperature."),
    seed: int | None = typer.Option(None, help="Override the task's seed."),
    max_tokens: int | None = typer.Option(None, help="Override the task's max tokens."),
    display: str = display_option(),
    fmt: str = format_option(),
    max_retries: int = LIMITS["max_retries"],
    timeout: int = LIMITS["timeout"],
    attempt_timeout: int = LIMITS["attempt_timeout"],
    max_connections: int | None = LIMITS["max_connections"],
    max_tasks: int | None = typer.Option(
        None,
        "--max-tasks",
        min=1,
        help="With several models: how many are queried at once (default: all).",
    ),
    media_root: list[Path] = media_root_option(),
    new_run: bool = typer.Option(
        False,
        "--new-run",
        help="Run again an eval --log-dir already holds, as a new run (its own run id); "
        "exports keep the latest run unless asked for --all-runs.",
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        min=1,
        help="Split the items over N processes (one log each, one "
        "run for export and resume); --max-connections is shared among them.",
    ),
) -> None:
    """Run item files or a suite task on one or more models, log it, print the accuracy table."""
    from clinbench.cli.helpers import check_results_out

    check_results_out(out)
    limits = call_limits(
        display=display,
        max_retries=max_retries,
        timeout=timeout,
        attempt_timeout=attempt_timeout,
        max_connections=max_connections,
    )
    from clinbench.items.loader import allowed_media_roots

    roots = media_root or []
    with allowed_media_roots(*roots):
        # bad items exit 2 before Inspect is imported; one process keeps what it will run
        target = _checked_item_files(target, hold=workers == 1, first=limit)
    output = TableOutput(fmt, spill_dir=log_dir)  # tables too wide to print go beside the logs
    task_args = _key_values(task_arg, "-T")
    if condition is not None:
        task_args["condition"] = condition
    settings = {"temperature": temperature, "seed": seed, "max_tokens": max_tokens}
    from clinbench.runner import RunInputError, run_benchmark
    from clinbench.sharded_run import run_sharded

    sharded = {"workers": workers} if workers > 1 else {}
    try:
        outcome = (run_sharded if sharded else run_benchmark)(
            target,
            model,
            log_dir,
            limits,
            task_args=task_args,
            model_args=_key_values(model_arg, "-M"),
            graders=grader,
            model_roles=model_role,
            grader_args=_key_values(grader_arg, "-G"),
            media_roots=roots,
            max_tasks=max_tasks,
            display=display,
            epochs=epochs,
            limit=limit,
            new_run=new_run,
            on_reuse=output.message,
            on_notice=output.message,
            refuse_dead_endpoints=True,
            **sharded,
            **{k: v for k, v in settings.items() if v is not None},
        )
    except RunInputError as err:
        echo_error(f"{err}")
        raise typer.Exit(2) from err
    except OSError as err:  # e.g. a full disk while Inspect writes the log
        from clinbench.io import file_problem

        where = "" if err.filename else f"cannot write the logs in {log_dir}: "
        echo_error(f"{where}{file_problem(err)}")
        raise typer.Exit(2) from err
    if outcome.stopped_by is not None:
        print_stopped(output, outcome, log_dir, out, roots)
        raise typer.Exit(128 + outcome.stopped_by)  # 130 for Ctrl-C, 143 for SIGTERM
    print_run(output, outcome.results, outcome.logs, out)
    if not outcome.finished:
        raise typer.Exit(1)
    exit_on_failed_calls(outcome)


def exit_on_failed_calls(outcome: Any) -> None:
    """Exit 3, with one line each on stderr, when the run's table holds failed samples or
    judging-role calls that failed (``run`` and ``resume`` alike): the table is written, but a
    run with failed calls is not a success."""
    errors = outcome.errors
    if errors.failed:
        echo_error(f"{errors.line()}")
    role_failures = outcome.role_failures  # so is one whose grader or claim reader failed
    for line in role_failures:
        echo_error(f"{line}")
    if errors.failed or role_failures:
        raise typer.Exit(3)


def print_stopped(output: Any, outcome: Any, log_dir: Path, out: Path | None,
                  roots: list[Path]) -> None:  # fmt: skip
    """Print what a stopped run finished and the command that continues it; write no table.

    A run stopped before Inspect wrote any log (while its eval was starting) has nothing to
    resume: the message says to run the same command again.
    """
    import shlex
    import signal

    name = signal.Signals(outcome.stopped_by).name
    for model, done, total in outcome.finished_samples():
        output.message(f"{model}: {done} of {total} samples finished")
    for log in outcome.logs:
        output.message(f"Log: {log.location} ({log.status})")
    if out is not None:
        output.message(f"Results table not written to {out}: the run was interrupted.")
    from clinbench.results.export import log_paths

    if not outcome.logs and not log_paths(log_dir):  # stopped while the eval was starting
        output.message(f"Interrupted ({name}) before any sample was logged in {log_dir}: "
                       "nothing to resume; run the same command again.")  # fmt: skip
        output.close()
        return
    command = ["clinbench", "resume", str(log_dir)]
    command += [a for root in roots for a in ("--media-root", str(root))]
    if out is not None:
        command += ["--out", str(out)]
    output.message(with_command(f"Interrupted ({name}). Continue it with:", shlex.join(command)))
    output.close()


def demo(
    out: Path = typer.Option(
        Path("clinbench-demo"),
        "--out",
        "-o",
        help="Folder for logs, results tables and the report (created if missing).",
    ),
    fmt: str = format_option(),
    max_retries: int = LIMITS["max_retries"],
    timeout: int = LIMITS["timeout"],
    attempt_timeout: int = LIMITS["attempt_timeout"],
    max_connections: int | None = LIMITS["max_connections"],
    clear_cache: bool = typer.Option(
        False,
        "--clear-cache",
        help="Empty the kept speech transcripts and noisy clips first (they are reused across "
        "demo runs).",
    ),
    local_model: bool = typer.Option(
        False,
        "--local-model",
        help="Add a real model: SmolLM2 served on 127.0.0.1 (the 'local' extra) answers a few "
        "items of each text-only task.",
    ),
) -> None:
    """Run every bundled sample suite offline; export results, print tables, write a report."""
    limits = call_limits(
        max_retries=max_retries,
        timeout=timeout,
        attempt_timeout=attempt_timeout,
        max_connections=max_connections,
    )
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from clinbench.demo_runner import DemoProgress, run_demo, suite_demo_tables

    output = TableOutput(fmt, spill_dir=out)  # tables too wide to print: out/tables/*.csv
    # progress and status go to stderr when stdout carries data (csv, json). The stream is
    # bound now, as the tables' is: a run in between may swap sys.stdout (CI once lost every
    # line after the progress bar to a stream left in place by something else in the process)
    console = Console(file=sys.stderr if output.machine else sys.stdout)

    def say(text: str) -> None:
        console_message(console, text)

    with Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(), console=console, transient=False,
    ) as progress:  # fmt: skip
        bar = progress.add_task("running", total=None)

        def started(runs: int, batches: int, log_dir: Path) -> None:
            say(f"clinbench demo: {runs} offline runs in {batches} batches; logs in {log_dir}")
            progress.update(bar, total=runs)

        result = run_demo(
            out,
            DemoProgress(
                started=started,
                batch=lambda label: progress.update(bar, description=label),
                failed=lambda task, status, error: console_message(
                    console, f"{task}: {status} {error}", style="red"
                ),
                advanced=lambda n: progress.advance(bar, n),
                note=say,
            ),
            limits=limits,
            clear_cache=clear_cache,
            local_model=local_model,
        )
    print_summary(result.results, output)
    for title, table, notes in suite_demo_tables(result.results):
        output.table(table, title, notes)
    log_dir = result.log_dir
    say(with_command(f"\nLogs: {log_dir}; open them with:", f"inspect view --log-dir {log_dir}"))
    say(f"Results table: {result.results_path} and {result.csv_path}")
    say(f"Report: {result.report_path}")
    if result.cleared is not None:
        removed = ", ".join(f"{n} {kind}" for kind, n in result.cleared.items())
        say(f"Cache cleared first: removed {removed}.")
    if result.from_cache:
        reused = ", ".join(f"{kind} {hits} of {hits + made}"
                           for kind, (hits, made) in result.from_cache.items())  # fmt: skip
        say(f"Read back from the user cache (keyed on content; --clear-cache "
            f"empties it): {reused}. Every evaluation ran afresh.")  # fmt: skip
    if result.local_seconds is not None:
        say(f"Local model {result.local_model}: {result.local_runs} tasks in "
            f"{result.local_seconds:.0f} s (server start included).")  # fmt: skip
    elif result.local_note:
        say(result.local_note)
    say(f"Demo finished in {result.seconds:.0f} s.")
    output.close()


def import_responses(
    file: Path = typer.Argument(..., help="Frozen responses (.csv or .jsonl)."),
    items: list[Path] = typer.Option(..., "--items", help="The item file(s) they answer."),
) -> None:
    """Check a file of frozen responses against an item set before replaying it.

    Columns: item_id, model, response, and optionally epoch and turn. Reports unknown item
    ids and duplicates (exit 2), empty responses and items with no response (warnings:
    replay scores an empty reply as a parse failure and a missing one as an error).

    Then reads every reply with the run's own answer extraction and lists, as FILE:LINE,
    the replies that will be unparseable (parse_failed), contradictory (a decline with an
    answer: excluded), ambiguous (asked again: the turn=1 row is scored) and those that need a
    turn=1 row (without one the run records parse_failed, 'no clarifying reply in the replay
    file'); empty replies are counted with them.
    """

    from clinbench.items.loader import ItemFileError, load_items
    from clinbench.providers.responses import (
        ResponsesFileError,
        check_responses,
        precheck_replies,
        read_responses,
    )

    def say(text: str) -> None:
        echo_message(text)

    try:
        item_set = load_items(items)
        frame = read_responses(file)
    except (ItemFileError, ResponsesFileError) as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(2) from err
    check = check_responses(frame, [i.id for i in item_set])
    say(f"{file}: {check.n_rows} responses from {len(check.models)} model(s)")
    for name, count in sorted(check.models.items()):
        missing = len(check.missing.get(name, []))
        say(f"  {name}: {count} responses; {missing} of {len(item_set)} items unanswered")
    for line, item_id in check.unknown_ids:
        typer.echo(f"{file}:{line}: item_id: unknown item {item_id!r}", err=True)
    for line, item_id in check.duplicates:
        typer.echo(f"{file}:{line}: item_id: duplicate response for {item_id!r}", err=True)
    for line, item_id in check.empty:
        typer.echo(
            f"{file}:{line}: response: empty for {item_id!r} (will score as parse_failed)", err=True
        )
    for name, ids in sorted(check.missing.items()):
        shown = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "")
        say(f"  {name}: no response for {shown} (replay records these as errors)")
    if not check.ok:
        raise typer.Exit(2)
    problems = precheck_replies(frame, item_set)
    for problem in problems:
        typer.echo(f"{file}:{problem}", err=True)
    unusable = len(problems) + len(check.empty)
    if unusable:
        counts = {
            k: sum(p.kind == k for p in problems)
            for k in ("unparseable", "contradictory", "ambiguous", "needs turn 1")
        }
        counts["empty"] = len(check.empty)  # fmt: skip
        kinds = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
        say(
            f"{unusable} replies will not score as answers as they stand ({kinds}); "
            "they are listed above, checked with the run's own extraction."
        )
    name = next(iter(check.models)) if len(check.models) == 1 else "MODEL"
    say(
        f"{'Replayable' if unusable else 'Ready to replay'}: clinbench run "
        f"{' '.join(map(str, items))} --model clinbench/replay/{name} -M responses={file}"
    )


# Help texts as paragraphs (one string each) so that the terminal, not the source, wraps them.
def run_help() -> str:
    """Return `clinbench run --help`, naming the registered suite tasks and offline models."""
    from clinbench import suites

    names = sorted(suites.tasks())
    offline: dict[str, list[str]] = {}
    for name in names:
        offline.setdefault(suites.task_suite(name).default_model(name), []).append(name)
    others = [f"{model} for {', '.join(tasks)}" for model, tasks in sorted(offline.items())
              if model != suites.DEFAULT_OFFLINE_MODEL]  # fmt: skip
    return "\n\n".join(
        [
            "Run item files or a suite task on one or more models, log every reply with "
            "Inspect, and print the accuracy table.",
            "ITEMS_OR_SUITE is one or more item files (.jsonl or .csv) or one suite task name: "
            f"{', '.join(names)}. "
            "Item files are checked first: every problem prints as file:line: field: message, "
            "and nothing runs (exit 2).",
            f"Without --model the run is offline: {suites.DEFAULT_OFFLINE_MODEL} (a seeded "
            "random valid answer) for closed-answer items"
            + "".join(f"; {o}" for o in others)
            + " (rule-based baselines). Replay frozen replies with --model "
            "clinbench/replay/NAME -M responses=FILE (check the file first with clinbench "
            "import-responses).",
            "The table gives, per model and format: n, accuracy with a 95% Wilson interval, "
            "declines, parse failures and errors. Parse failures and errors are kept out of "
            "accuracy and counted apart, never turned into an answer.",
            "The models run as one Inspect eval set in --log-dir, up to --max-tasks models at "
            "once; running the same command again there continues the set: an eval that "
            "finished is kept and said so, nothing is asked twice. --new-run runs it again "
            "as a new run; exports keep one result per sample (the latest run). Continue any "
            "interrupted run with clinbench resume LOG_DIR.",
            "Every model call (the model's and each role's) is bounded by --max-retries, "
            "--timeout and --attempt-timeout, so a dead endpoint ends in errors, not a hang.",
            "Exit code 1 if a run did not finish, 2 for bad input, 3 if it finished but some "
            "samples ended in error (a provider that failed after retries) or some calls of "
            "a judging role (grader, claim_reader) failed: one line each gives their count "
            "and the first cause, the replies stay unscored, and the results table is still "
            "written. "
            "Browse the logs with: inspect view --log-dir LOG_DIR.",
            "Examples: clinbench run my_items.jsonl (item files, offline baseline; a folder "
            "is not read: give its files, e.g. bank/*.jsonl); clinbench run ausclin --limit 5 "
            "(a suite task by name); export OPENAI_API_KEY=YOUR_KEY, then clinbench run "
            "my_items.jsonl --model openai/gpt-4o --epochs 3 --out results.parquet (a model is "
            "PROVIDER/NAME; each provider reads its own key, e.g. ANTHROPIC_API_KEY for "
            "anthropic/...; a misspelt provider gets the closest known one).",
        ]
    )


DEMO_HELP = "\n\n".join(
    [
        "Run every bundled sample suite offline, export the results, print the tables and "
        "write the HTML report.",
        "No network and no model API: the models are clinbench's offline providers (chance, "
        "rule-based baselines, replayed frozen replies) on the illustrative sample items of "
        "the foundation and of each suite. Progress shows one bar over all runs.",
        "Prints, per suite, model and format: n, accuracy with a 95% Wilson interval, "
        "declines, parse failures and errors; then each suite's own summary table.",
        "Writes under --out: logs/ (Inspect logs of this run only; older demo logs there are "
        "removed), results.parquet and results.csv (one row per model, task, item, epoch, "
        "condition and scorer) and report.html.",
        "Speech transcripts and noisy copies of the speech clips are kept in the user cache "
        "(keyed on content) and read back by later demos, which then say how many they read "
        "back; every evaluation still runs. --clear-cache empties that cache first.",
        "--local-model adds a real model: SmolLM2-135M-Instruct, served on 127.0.0.1 by the "
        "'local' extra (a running `clinbench local` server is reused), answers the first 3 "
        "items of each task whose prompts are text only, and the time it took is printed. "
        "Without the extra, one line says how to install it and the demo runs offline.",
    ]
)


def register(app: typer.Typer) -> None:
    """Mount run, demo and import-responses on the main app."""
    app.command("run", help=run_help())(run)
    app.command("demo", help=DEMO_HELP)(demo)
    app.command("import-responses")(import_responses)
