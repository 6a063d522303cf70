"""Bounds on every model call of a run, and resuming an interrupted run from its logs.

A run never waits forever on a provider: each model (the one under test and every model
role, e.g. the grader) gets the same retry and timeout settings, passed to Inspect. A run
that was killed is continued with Inspect's ``eval_retry``, which keeps the samples the
log already holds and queries only the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from clinbench.errors import OptionError

# Defaults that end a dead endpoint within minutes: a refused connection or HTTP 500 fails
# after 3 retries (Inspect backs off about 3, 6 and 12 s); an endpoint that accepts and never
# answers fails after 2 minutes an attempt, and no call takes more than 5 minutes in all.
DEFAULT_MAX_RETRIES = 3
DEFAULT_TIMEOUT = 300
DEFAULT_ATTEMPT_TIMEOUT = 120


@dataclass(frozen=True)
class CallLimits:
    """Retry, timeout and concurrency settings for every model call of a run.

    A setting left as None is not passed (Inspect's or the resumed run's own value holds).
    """

    max_retries: int | None = DEFAULT_MAX_RETRIES
    timeout: int | None = DEFAULT_TIMEOUT
    attempt_timeout: int | None = DEFAULT_ATTEMPT_TIMEOUT
    max_connections: int | None = None  # None: the provider's own default

    def __post_init__(self) -> None:
        if self.max_retries is not None and self.max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {self.max_retries}")
        for name in ("timeout", "attempt_timeout", "max_connections"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1, got {value}")

    def eval_kwargs(self) -> dict[str, int]:
        """Return the settings as Inspect ``eval`` keyword arguments (unset ones left out)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    def generate_config(self) -> Any:
        """Return the settings as an Inspect ``GenerateConfig`` (for a model built apart)."""
        from inspect_ai.model import GenerateConfig

        return GenerateConfig(**self.eval_kwargs())


def fresh_models(models: Any, eval_args: dict[str, Any]) -> Any:
    """Return the models (a name, a Model, or a list) built anew, as ``eval`` would build them.

    Inspect's ``get_model`` keeps every model it built, keyed by name and settings, and a
    provider reads its endpoint from the environment when it is built (``openai-api/local/…``
    reads ``LOCAL_BASE_URL``). A second run in one process, after the local server came back
    on another port, was handed the first model and its dead address: every sample an
    ``error`` (a ConnectError) while the server answered. Each run builds its models here with
    ``memoize=False`` and the eval's own generate settings and ``model_args``, so the
    environment is read as it is now and the logs record what ``eval`` would have recorded.
    A Model is passed through as it is. (A reply body that is not what the API promises is
    named in plain words by each clinbench task's setup step, whoever built the model:
    :mod:`clinbench.solvers.provider_errors`.)
    """
    from inspect_ai.model import GenerateConfig, Model, get_model

    if models is None or isinstance(models, Model):
        return models
    names = [m.strip() for m in models.split(",")] if isinstance(models, str) else models
    config = GenerateConfig(
        **{k: v for k, v in eval_args.items() if k in GenerateConfig.model_fields}
    )
    model_args = eval_args.get("model_args") or {}
    return [
        m if isinstance(m, Model) else get_model(m, config=config, memoize=False, **model_args)
        for m in names
    ]


def models_of_the_run(models: Any, eval_args: dict[str, Any]) -> Any:
    """Return the models built anew (:func:`fresh_models`), each client with no retries of its own.

    Each model named gets the eval's ``model_args`` with its client's own retries off where its
    client retries on its own (:func:`clinbench.client_retries.without_client_retries`), so the
    run's ``max_retries`` is the only retry of a failed call and each is logged. A Model is
    passed through as it is.
    """
    from clinbench.client_retries import without_client_retries

    if models is None or not isinstance(models, (str, list)):
        return fresh_models(models, eval_args)
    names = [m.strip() for m in models.split(",")] if isinstance(models, str) else models
    model_args = eval_args.get("model_args") or {}
    return [
        fresh_models(
            [m],
            {**eval_args, "model_args": without_client_retries(m, model_args)}
            if isinstance(m, str)
            else eval_args,
        )[0]
        for m in names
    ]


def forget_built_models() -> None:
    """Empty Inspect's memo of built models, so the next ``get_model`` builds anew.

    Inspect's ``eval_retry`` (0.3.285) builds each log's model and roles with ``get_model``'s
    memo and has no way to turn it off (the run builds its own: :func:`fresh_models`). In one
    process, a second resume was handed the model the first had built, with the endpoint the
    environment named then: after the local server came back on another port, every retried
    sample was a ConnectError to the old one. Models already built and held elsewhere keep
    working; only the memo is emptied. Hand-written: Inspect offers no public way to do it.
    """
    from inspect_ai.model import _model

    memo = getattr(_model, "_models", None)
    if isinstance(memo, dict):
        memo.clear()


def bounded_roles(roles: dict[str, Any] | None, limits: CallLimits) -> dict[str, Any] | None:
    """Return the model roles with the call limits applied to each role's model.

    A role given by name is built with the limits; a role given as an Inspect ``Model`` is
    copied with the limits merged over its own config (the limits win).
    """
    if not roles:
        return None
    from copy import copy

    from inspect_ai.model import Model, get_model

    bounded: dict[str, Any] = {}
    for role, model in roles.items():
        if isinstance(model, Model):
            model = copy(model)
            model.config = model.config.merge(limits.generate_config())
        else:
            model = get_model(  # anew: see fresh_models
                str(model), role=role, config=limits.generate_config(), memoize=False
            )
        bounded[role] = model
    return bounded


def interrupted_logs(log_dir: str | Path, errors: bool = False) -> list[Any]:
    """Return the header of the latest log of each eval in ``log_dir`` that needs resuming.

    The latest log of an eval is the one that supersedes the others (a resumed eval keeps
    its task id); an eval whose latest log is ``started``, ``error`` or ``cancelled`` was
    interrupted. With ``errors``, an eval that finished with failed samples (the ``error``
    outcome: a provider that was down) is included too. Unreadable logs are left out
    (``results export`` reports them).
    """
    from inspect_ai.log import read_eval_log_sample_summaries

    from clinbench.results.export import latest_logs, log_paths
    from clinbench.scoring.outcomes import is_cannot_answer

    latest = latest_logs(log_paths(log_dir), any_status=True, on_skip=lambda _message: None)
    pending = []
    for header in latest:
        if header.status != "success":
            pending.append(header)
        elif errors and any(
            s.error is not None and not is_cannot_answer(s.error)
            for s in read_eval_log_sample_summaries(header.location)
        ):
            pending.append(header)
    return pending


def _refuse_dead_endpoints(built: list[tuple[str, Any]], roles: Any, local: list[str]) -> None:
    """Raise RunInputError naming the first model or role endpoint where nothing listens.

    ``local`` holds the notice of ``openai-api/local/...`` models whose LOCAL_BASE_URL is
    dead (:func:`clinbench.providers.local_server.endpoint_notices`): it names the address
    and the commands that start or point at clinbench's local server, so it is the message.
    """
    from clinbench.providers.endpoints import dead_endpoint, role_pairs

    if local:
        raise RunInputError(local[0])
    found = dead_endpoint([*built, *role_pairs(roles)])
    if found is not None:
        raise RunInputError(found)


def _resumed_endpoints(pending: list[Any]) -> None:
    """Raise RunInputError when a model the pending logs resume has a dead loopback endpoint.

    Each model is built as ``eval_retry`` builds it (the log's name and model args, the
    environment as it is now), and only to read its address: nothing is called.
    """
    from inspect_ai.model import get_model

    from clinbench.providers.local_server import endpoint_notices

    built = []
    for header in pending:
        name = str(header.eval.model)
        try:
            model = get_model(name, memoize=False, **(header.eval.model_args or {}))
        except Exception:  # noqa: BLE001 - eval_retry reports a model it cannot build
            continue
        built.append((name, model))
    _refuse_dead_endpoints(built, None, endpoint_notices([n for n, _ in built], refusing=True))


def resume(
    log_dir: str | Path,
    limits: CallLimits | None = None,
    display: str = "none",
    on_resume: Callable[[str], None] | None = None,
    errors: bool = False,
    on_skip: Callable[[str], None] | None = None,
    refuse_dead_endpoints: bool = False,
) -> RunOutcome:
    """Return the outcome of continuing every interrupted eval in ``log_dir``.

    Each eval is retried with Inspect's ``eval_retry``: samples the log holds (or that
    Inspect recovers from its sample buffer) are kept, only the others are queried; with
    ``errors``, evals that finished with failed samples are retried for those samples too.
    The new log goes beside the old one, in the same folder (a shard of a ``--workers`` run
    in its own sub-folder), with the same task id; ``results export`` keeps the newer. A
    folder with no Inspect log at all raises :class:`RunInputError`: it was never a run, or
    (its eval set's ``eval-set.json`` there) a run stopped before it logged anything.
    ``limits`` replace the call limits the run was started with (default: keep them).
    With ``refuse_dead_endpoints`` (``clinbench resume``) a resumed model whose endpoint is
    a loopback address where nothing listens raises :class:`RunInputError` naming it, before
    anything is retried.
    The outcome's logs are the resumed ones (none: nothing needed resuming) and its results
    the table of the whole folder (logs left out are reported through ``on_skip``), built
    once: each new log's metrics over every reply (:mod:`clinbench.stats.log_metrics`) are
    taken from that table's rows of the log. A Ctrl-C or SIGTERM stops it as it stops a
    run (:func:`stop_signals`): ``stopped_by`` names the signal, and what finished is in
    the cancelled logs, for the next resume.
    """
    from inspect_ai import eval_retry

    from clinbench.results.export import _local_path, log_paths, results_table
    from clinbench.structured_output import forget_working_modes

    if not log_paths(log_dir) and (Path(log_dir) / "eval-set.json").is_file():
        raise RunInputError(  # a run stopped while its eval was starting
            f"{log_dir}: the run in this folder was stopped before it logged any sample: "
            "nothing to continue; run the command that started it again"
        )
    if not log_paths(log_dir):  # a mistyped folder is not a run that finished
        raise RunInputError(
            f"{log_dir}: no Inspect logs in this folder; give the folder the run wrote its "
            "logs to (its --log-dir)"
        )
    pending = interrupted_logs(log_dir, errors=errors)
    if not pending:
        return RunOutcome(True, [], results_table(log_dir, on_skip=on_skip), None)
    if refuse_dead_endpoints:
        _resumed_endpoints(pending)
    from clinbench.shards import dealt_shard, one_shard

    # each log is retried into the folder it is in, a shard's with its task built from the
    # shard's samples only, as its worker built it (None: not such a shard)
    folders: dict[tuple[str, Any], tuple[Any, list[str]]] = {}
    for header in pending:
        if on_resume is not None:
            on_resume(f"{header.location} ({header.status}, task {header.eval.task})")
        location = _local_path(str(header.location))
        shard = dealt_shard(header)
        key = (str(Path(location).parent), shard and tuple(shard.to_dict().values()))
        folders.setdefault(key, (shard, []))[1].append(location)
    # from here to the table and the metrics, the loaded heap is left out of collections
    with collector_spares_the_loaded():
        before = _log_task_ids(log_dir)
        interrupted = False
        logs: list[Any] = []
        with stop_signals() as stopped:
            try:
                for (folder, _), (shard, locations) in folders.items():
                    forget_built_models()  # eval_retry builds through the memo: see its docstring
                    forget_working_modes()  # and probes its own structured-output mode
                    with one_shard(shard):
                        logs += eval_retry(
                            locations,
                            log_dir=folder,
                            display=display,
                            **(limits.eval_kwargs() if limits is not None else {}),
                        )
                    if any(log.status == "cancelled" for log in logs):
                        break  # stopped: the other folders are left for the next resume
            except KeyboardInterrupt:  # a Ctrl-C that Inspect did not turn into cancelled logs
                logs, interrupted = _new_logs(log_dir, before), True
            except IndexError:  # Inspect (0.3.285) indexes the empty list a Ctrl-C leaves it
                written = _new_logs(log_dir, before)
                if not any(h.status == "cancelled" for h in written):
                    raise
                logs, interrupted = written, True
        if interrupted or any(log.status == "cancelled" for log in logs):
            import signal

            stopped.setdefault("signal", signal.SIGINT)
            logs = logs or _new_logs(log_dir, before)
        logs = headers_only(logs)  # the table and the metrics read the files
        if "signal" in stopped:  # no table of a stopped resume (see run_benchmark)
            from clinbench.results.export import results_from_logs

            return RunOutcome(False, logs, results_from_logs([]), stopped["signal"])
        from clinbench.stats.log_metrics import write_every_reply_metrics

        release_freed_memory()  # before the table and the summary are built
        results = results_table(log_dir, on_skip=on_skip)
        if logs:
            write_every_reply_metrics(logs, results)
        finished = all(log.status == "success" for log in logs)
        return RunOutcome(finished, logs, results, None)


def run_eval(
    task: Any,
    models: list[Any],
    log_dir: str | Path,
    limits: CallLimits,
    max_tasks: int | None = None,
    new_run: bool = False,
    on_reuse: Callable[[str], None] | None = None,
    **eval_args: Any,
) -> tuple[bool, list[Any]]:
    """Return (every eval finished, logs) of running a task (or a list) on one or more models.

    The models are one Inspect ``eval_set`` in ``log_dir``: up to ``max_tasks`` models
    (default: all) are queried at once, and running the same command again in the same
    folder continues it: an eval the folder holds finished without errors is kept, not
    asked again, and an unfinished or failed one is run again for its unfinished or failed
    samples (Inspect matches evals by task, arguments, model and settings). Each eval found
    in the folder is reported through ``on_reuse``. ``new_run`` runs every eval afresh
    (Inspect's ``eval``, a new run id) beside the logs the folder holds; the results table
    keeps the latest (:func:`clinbench.results.export.results_table`). Logs of other runs
    in the folder are left alone. A run with a judge panel is always a new run (see the
    note in the code). Within one call nothing is retried beyond the call limits: a failed
    sample is recorded as an error.
    """
    eval_args = {"log_dir": str(log_dir), **limits.eval_kwargs(), **eval_args}
    models = models_of_the_run(models, eval_args)
    roles = eval_args.get("model_roles") or {}
    # A judge panel (a list bound to a role) runs as a plain eval: Inspect's eval_set
    # (0.3.285) rebuilds a listed role's models from a cache that, on a second run in one
    # process, hands back the first judge for every judge of the panel. The export still
    # keeps one result per sample when such a run is repeated.
    panel = any(isinstance(model, list) for model in roles.values())
    if new_run or panel:
        from inspect_ai import eval as inspect_eval

        logs = inspect_eval(task, model=models, max_tasks=max_tasks, **eval_args)
        return all(log.status == "success" for log in logs), logs
    from inspect_ai import eval_set

    before = _log_task_ids(log_dir)
    with _held_success_line() as held:
        finished, logs = eval_set(
            task if isinstance(task, list) else [task],
            model=models,
            max_tasks=max_tasks or len(models) * (len(task) if isinstance(task, list) else 1),
            log_dir_allow_dirty=True,
            retry_attempts=0,
            retry_immediate=False,  # with no retries; True would only print a warning
            **eval_args,
        )
    if logs:  # what a Ctrl-C cancelled may be missing from what the eval set returned
        logs = [*logs, *_cancelled_left_out(log_dir, before, logs)]
    if any(log.status == "cancelled" for log in logs):
        finished = False
    elif logs:  # an eval set stopped by Ctrl-C returns no logs: its "successfully" is wrong
        _print_held(held)
    if on_reuse is not None:
        for log in logs:
            location = str(log.location or "").removeprefix("file://").removeprefix("file:")
            if Path(location).name in before:
                on_reuse(
                    f"{log.eval.model}: already in {log_dir} ({location}, {log.status}): "
                    "kept, nothing asked again; run it again with --new-run"
                )
            elif log.eval.task_id in before.values():
                on_reuse(f"{log.eval.model}: continued the eval {log_dir} held ({location})")
    return finished, logs


def _cancelled_left_out(log_dir: str | Path, before: dict[str, str], logs: list[Any]) -> list[Any]:
    """Return the headers of the cancelled logs the eval set wrote but did not return.

    Inspect's eval set (0.3.285) stopped by Ctrl-C after one model's eval had finished (the
    offline baseline) and while another's call waited between retries wrote that eval's log as
    ``cancelled`` but returned the finished log alone, and said it completed successfully:
    the run exited 0 with a table of the baseline alone. The folder's new logs tell.
    """
    from inspect_ai.log import list_eval_logs

    if not Path(log_dir).is_dir():
        return []
    given = {Path(str(log.location or "")).name for log in logs}
    if all(  # every new log was returned: nothing to read (and no table module loaded)
        Path(info.name).name in before or Path(info.name).name in given
        for info in list_eval_logs(str(log_dir), recursive=True)
    ):
        return []
    returned = {log.eval.task_id for log in logs}
    return [
        header
        for header in _new_logs(log_dir, before)
        if header.status == "cancelled" and header.eval.task_id not in returned
    ]


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_SUCCESS_LINE = re.compile(r"Completed all tasks in '.*' successfully", re.DOTALL)


class _HeldSuccessLine:
    """Standard output while an eval set runs: every write goes on, except Inspect's closing
    "Completed all tasks in '...' successfully" line, which is held (see
    :func:`_held_success_line`)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.held: list[str] = []
        self.line_open = False  # the last write passed on left its line unended

    def write(self, text: str) -> int:
        # rich writes one print as one string: the line, wrapped and styled, alone
        if "successfully" in text and _SUCCESS_LINE.fullmatch(
            " ".join(_ANSI.sub("", text).split())
        ):
            # Inspect's panel ends on a line of spaces with no line end, and the success line
            # went on after them (120 columns in a file); held, it starts a line of its own
            self.held.append(("\n" if self.line_open else "") + text)
            return len(text)
        if text:
            self.line_open = not text.endswith("\n")
        return self._stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _held_success_line() -> Iterator[list[str]]:
    """Yield the list that Inspect's closing "Completed all tasks in ... successfully" line
    is held in, instead of printed, while an eval set runs.

    Inspect (0.3.285) prints that line when its eval set returns no logs, which is what a
    Ctrl-C leaves (``all()`` of nothing is true), so a stopped run said it completed
    successfully above clinbench's "Interrupted" line. :func:`run_eval` prints the held
    line once the eval set has returned logs. The line is caught on standard output (the
    file Inspect's rich console writes to); every other write passes as it is.
    """
    import sys

    previous = sys.stdout
    proxy = _HeldSuccessLine(previous)
    sys.stdout = proxy
    try:
        yield proxy.held
    finally:
        sys.stdout = previous


def _print_held(held: list[str]) -> None:
    import sys

    for text in held:
        sys.stdout.write(text)
    sys.stdout.flush()


def headers_only(logs: Sequence[Any]) -> list[Any]:
    """Return the logs without their samples (read from the files after).

    What ``eval`` and ``eval_retry`` return holds every sample (messages and events): a
    large run's end would hold them beside the results table built from the log files. The
    item table (``eval.metadata["items"]``) is kept where it is packed (one string, which
    the results table then reads instead of the file's header) and left out where it is
    a dict of every item. The header copies are shallow (the rest is shared); nothing is
    changed in place.
    """
    from clinbench.items.sample import ITEMS

    light = []
    for log in logs:
        update: dict[str, Any] = {"samples": None}
        if isinstance((log.eval.metadata or {}).get(ITEMS), dict):
            metadata = {k: v for k, v in log.eval.metadata.items() if k != ITEMS}
            update["eval"] = log.eval.model_copy(update={"metadata": metadata})
        if isinstance((log.metadata or {}).get(ITEMS), dict):  # task metadata is written twice
            update["metadata"] = {k: v for k, v in log.metadata.items() if k != ITEMS}
        light.append(log.model_copy(update=update))
    return light


@contextmanager
def collector_spares_the_loaded() -> Iterator[None]:
    """Yield with what is alive now left out of the garbage collector's walks (``gc.freeze``).

    What a run has loaded before its evals start (Inspect, pydantic, the task and its
    samples) lives to the end of the run, yet every full collection walked all of it again:
    the evals' own and :func:`release_freed_memory`'s. Set aside, a collection walks only
    what the run made since, which is what it can free (an object set aside is still
    freed when its last reference goes; only cycles among them wait to the end). On exit
    the collector walks everything again, unless the heap was frozen before (a forked
    worker's, :mod:`clinbench.sharded_run`): whoever froze it unfreezes it. Measured on
    416 items against a local server: full collections 2.1 s of CPU before, 1.0 s after
    (plain Inspect 1.25 s), timed with gc.callbacks.
    """
    import gc

    mine = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        yield
    finally:
        if mine:
            gc.unfreeze()


def release_freed_memory() -> None:
    """Return to the operating system the memory the finished evals freed (where it can).

    Once the evals are over their samples, events and buffers are garbage, but the C
    allocator keeps the freed pages in the process; what the end of a run loads and builds
    next (the results table, the summary) would grow the process on top of them. A full
    collection frees the cycles, and glibc's ``malloc_trim`` hands the free pages back
    (no library wraps it; elsewhere than glibc nothing more is done); Arrow's memory pool,
    where pyarrow is loaded already, hands back what it keeps for reuse.
    """
    import ctypes
    import gc
    import sys

    gc.collect()
    if "pyarrow" in sys.modules:  # loaded by the results table (pandas' text columns)
        sys.modules["pyarrow"].default_memory_pool().release_unused()
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (OSError, AttributeError):  # not glibc: its allocator keeps its own policy
        return
    trim(0)


def _new_logs(log_dir: str | Path, before: dict[str, str]) -> list[Any]:
    """Return the headers of the logs in ``log_dir`` that are not among ``before``'s files."""
    from clinbench.results.export import _read_header, log_paths

    if not Path(log_dir).is_dir():
        return []
    headers = [_read_header(p)[0] for p in log_paths(log_dir) if Path(p).name not in before]
    return [h for h in headers if h is not None]


def changed_bank_notices(task: Any, log_dir: str | Path) -> list[str]:
    """Return one line per task whose items differ from those a log in ``log_dir`` of the
    same task was run on (the item set's content hash in each log), [] when none does.

    Inspect's eval set matches an eval by task, arguments, model and settings, so a bank
    edited in place (same path) would be taken for the eval the folder holds, kept and
    scored against the old keys. The run is then a new one (``new_run``) beside that log;
    the results table keeps the newest. A log that records no hash is not compared.
    """
    tasks = task if isinstance(task, list) else [task]
    now = {t.name: (t.metadata or {}).get("item_set_sha256") for t in tasks}
    if not any(now.values()) or not Path(log_dir).is_dir():
        return []
    from clinbench.results.export import _read_header, log_paths

    lines = []
    for path in log_paths(log_dir):
        header, _problem = _read_header(path)
        if header is None or header.eval.task not in now:
            continue
        then = (header.eval.metadata or {}).get("item_set_sha256")
        current = now[header.eval.task]
        if then and current and then != current:
            files = ", ".join(map(str, (header.eval.metadata or {}).get("item_files") or []))
            lines.append(
                f"{header.eval.task}: the items ({files or 'the bank'}) changed since "
                f"{path} was written (item set {then[:12]}… now {current[:12]}…): run as a "
                "new run beside it, never scored from the old items"
            )
            now[header.eval.task] = None  # one line per task
    return lines


def _log_task_ids(log_dir: str | Path) -> dict[str, str]:
    """Return {log file name: task id} of the Inspect logs in ``log_dir`` (none: {})."""
    if not Path(log_dir).is_dir():
        return {}
    from clinbench.results.export import _read_header, log_paths

    found = {}
    for path in log_paths(log_dir):
        header, _problem = _read_header(path)
        if header is not None:
            found[Path(path).name] = header.eval.task_id
    return found


@contextmanager
def stop_signals() -> Iterator[dict[str, int]]:
    """Yield a record that names the signal (``{"signal": N}``) that stopped the run, if any.

    Ctrl-C (SIGINT) is left to Inspect, which cancels the running evals and writes their
    logs as ``cancelled``; SIGTERM is turned into the same SIGINT, so that a stopped job
    also leaves logs that ``clinbench resume`` continues. Handlers are restored on exit.
    Outside the main thread (where signals cannot be set) it records nothing.
    """
    import os
    import signal
    import threading

    stopped: dict[str, int] = {}
    if threading.current_thread() is not threading.main_thread():
        yield stopped
        return
    previous_term = signal.getsignal(signal.SIGTERM)

    def on_term(signum: int, _frame: Any) -> None:
        stopped.setdefault("signal", signum)
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            # started with Ctrl-C ignored (a script's background job: POSIX shells start
            # those so): the stop asked for by SIGTERM must not be lost with it
            signal.signal(signal.SIGINT, signal.default_int_handler)
        os.kill(os.getpid(), signal.SIGINT)  # what Inspect handles: cancel, write logs

    signal.signal(signal.SIGTERM, on_term)
    # asyncio installs its own SIGINT handler only over Python's default one; leave that
    # in place and learn of a Ctrl-C from the cancelled logs it leaves
    try:
        yield stopped
    finally:
        signal.signal(signal.SIGTERM, previous_term)


def cannot_answer_notices(task: Any, models: Sequence[str], limit: Any = None) -> list[str]:
    """Return one line per model naming the items of the run it cannot answer (none: []).

    The items are those of the samples the run asks (the first ``limit`` of each task);
    which formats a baseline answers is the provider's rule
    (:func:`clinbench.providers.rules.cannot_answer_line`).
    """
    from clinbench.items.sample import from_metadata
    from clinbench.providers.rules import cannot_answer_line

    formats: list[str] = []
    for one in task if isinstance(task, list) else [task]:
        n = len(one.dataset) if not isinstance(limit, int) else min(limit, len(one.dataset))
        for i in range(n):
            try:
                formats.append(from_metadata(one.dataset[i].metadata or {}).format)
            except ValueError:  # a sample that holds no clinbench item
                continue
    lines = [cannot_answer_line(model, formats) for model in models]
    return [line for line in lines if line]


@contextmanager
def _quiet_cannot_answer() -> Iterator[None]:
    """Leave out Inspect's warning for each sample a baseline cannot answer (named before)."""
    import logging

    from clinbench.scoring.outcomes import CannotAnswer

    logger = logging.getLogger("inspect_ai._eval.task.run")

    def keep(record: logging.LogRecord) -> bool:
        return CannotAnswer.PREFIX not in record.getMessage()

    logger.addFilter(keep)
    try:
        yield
    finally:
        logger.removeFilter(keep)


class RunInputError(OptionError, ValueError):
    """A run that cannot start: the task, a model or a role cannot be built from the options."""


@dataclass(frozen=True)
class SampleErrors:
    """The samples of a run that ended in ``error``: how many, of how many, the first cause."""

    failed: int
    samples: int
    first_cause: str

    def line(self) -> str:
        """Return the one line that reports them."""
        return (
            f"{self.failed} of {self.samples} samples ended in error (no reply scored); "
            f"first cause: {self.first_cause}"
        )


def sample_errors(results: Any) -> SampleErrors:
    """Return the count of samples (model x task x condition x item x epoch) that failed.

    A failed sample has one results row with the ``error`` outcome; its cause is that row's
    ``score_metadata`` (``cause``, else ``error``).
    """
    from clinbench.scoring import outcomes

    keys = ["model", "task", "condition", "item_id", "epoch"]
    if results is None or len(results) == 0:
        return SampleErrors(0, 0, "")
    failed = results[results["outcome"] == outcomes.ERROR]
    first = ""
    if len(failed):
        raw = failed["score_metadata"].iloc[0]
        first = outcomes.failure_cause(raw) or str(raw or "unknown")
    return SampleErrors(
        failed=len(failed.drop_duplicates(keys)),
        samples=len(results.drop_duplicates(keys)),
        first_cause=first,
    )


def role_call_failures(results: Any) -> list[str]:
    """Return one line per judging role and model whose calls failed, for the run's end.

    A judgement (a grader's verdict on a reply or question, a claim reader's reading of a
    section) whose call failed after its attempts is an ``unscored`` row with
    ``unscored_cause`` = ``call_failed``; the line gives the role, the model, how many of its
    judgements failed of how many it was asked, and the first cause. [] when none failed.
    """
    import json

    from clinbench.scoring import outcomes

    if results is None or len(results) == 0 or "score_metadata" not in results.columns:
        return []
    tally: dict[tuple[str, str], list[Any]] = {}  # (role, model) -> [failed, asked, cause]
    judged = results[results["judge"].fillna("").astype(str) != ""]
    call_failed = outcomes.judge_call_failed(judged["outcome"], judged["score_metadata"])
    read: dict[str, dict] = {}  # each distinct metadata text parsed once

    def details_of(raw: Any) -> dict:
        text = str(raw or "")
        if text not in read:
            try:
                parsed = json.loads(text) if text else {}
            except ValueError:
                parsed = {}
            read[text] = parsed if isinstance(parsed, dict) else {}
        return read[text]

    for judge, failed, raw in zip(judged["judge"], call_failed,
                                  judged["score_metadata"], strict=True):  # fmt: skip
        # every judgement's role (not only the failed ones'), so 'of N asked' counts them all
        details = details_of(raw)
        record = details.get("judge") if isinstance(details.get("judge"), dict) else {}
        role = str(record.get("role") or "judge")
        key = (role, str(judge))
        entry = tally.setdefault(key, [0, 0, ""])
        entry[1] += 1
        if failed:
            entry[0] += 1
            reading = details.get("claim_reader") or {}
            entry[2] = entry[2] or str(reading.get("cause") or details.get("reason") or "")
    return [
        f"{role} {model}: {failed} of {asked} judgements failed (the call failed; unscored, "
        f"never graded); first cause: {cause}"
        for (role, model), (failed, asked, cause) in tally.items()
        if failed
    ]


@dataclass(frozen=True)
class RunOutcome:
    """What a run gives back: whether every eval finished, Inspect's logs, the results table."""

    finished: bool
    logs: list[Any]
    results: Any  # pandas DataFrame, one row per model, task, item, epoch, condition, scorer
    stopped_by: int | None = None  # the signal (SIGINT, SIGTERM) that stopped the run

    def finished_samples(self) -> list[tuple[str, int, int]]:
        """Return (model, samples finished, samples in the eval) of each log of the run.

        Read from each log's sample summaries (not the results table, which a stopped run
        does not build): a sample stopped mid-call by a Ctrl-C (Inspect records it as
        cancelled) is not finished; one a baseline cannot answer is.
        """
        from inspect_ai.log import read_eval_log_sample_summaries

        from clinbench.results.export import _local_path
        from clinbench.scoring.outcomes import is_cannot_answer

        counts = []
        for log in self.logs:
            epochs = log.eval.config.epochs or 1
            # the samples the run asked for: with --limit, sample_ids lists those N, while
            # dataset.samples is the size of the whole dataset
            asked = log.eval.dataset.sample_ids
            total = (len(asked) if asked else log.eval.dataset.samples or 0) * epochs
            location = _local_path(str(log.location or ""))
            summaries = read_eval_log_sample_summaries(location) if location else []
            done = sum(1 for s in summaries if s.error is None or is_cannot_answer(s.error))
            counts.append((log.eval.model, done, total))
        return counts

    @property
    def errors(self) -> SampleErrors:
        """Return the samples that ended in ``error`` (a provider that failed after retries)."""
        return sample_errors(self.results)

    @property
    def role_failures(self) -> list[str]:
        """Return one line per judging role and model whose calls failed (see
        :func:`role_call_failures`)."""
        return role_call_failures(self.results)


def run_benchmark(
    target: list[str],
    models: list[str] | None = None,
    log_dir: str | Path = "logs",
    limits: CallLimits | None = None,
    *,
    task_args: dict[str, Any] | None = None,
    model_args: dict[str, Any] | None = None,
    graders: Sequence[str] | None = None,
    model_roles: Sequence[str] | None = None,
    grader_args: dict[str, Any] | None = None,
    media_roots: list[str | Path] | None = None,
    max_tasks: int | None = None,
    display: str = "none",
    new_run: bool = False,
    on_reuse: Callable[[str], None] | None = None,
    on_notice: Callable[[str], None] | None = None,
    refuse_dead_endpoints: bool = False,
    **eval_args: Any,
) -> RunOutcome:
    """Return the outcome (finished, logs, results table) of running item files or a suite task.

    ``target`` is item files or one suite task name (:func:`clinbench.item_tasks.resolve_task`);
    without ``models`` the target's offline default runs. ``graders`` (names, or comma lists:
    several make a judge panel), built with ``grader_args``, and ``model_roles``
    (Inspect's ``ROLE=MODEL[,MODEL]``) bind model roles
    (:func:`clinbench.scoring.panel.role_models`), each with the call limits. Every model
    and role is built before anything runs: one that cannot be raises
    :class:`RunInputError` (``model NAME: why`` / ``ROLE NAME: why``), as does a task that
    cannot be resolved. An eval ``log_dir`` already holds is continued or kept, and
    reported through ``on_reuse``; ``new_run`` runs it again (:func:`run_eval`).
    A baseline that cannot answer some of the items is named once, through ``on_notice``,
    before anything runs (:func:`cannot_answer_notices`); its samples are logged without a
    warning each and exported as ``cannot_answer``. So is a local model's address where
    nothing listens (:func:`clinbench.providers.local_server.endpoint_notices`); with
    ``refuse_dead_endpoints`` (``clinbench run``) a model or role whose endpoint is a loopback
    address where nothing listens raises :class:`RunInputError` naming it instead, before
    anything runs (:mod:`clinbench.providers.endpoints`).
    ``eval_args`` go to Inspect (epochs, limit, temperature, ...). A run stopped by Ctrl-C
    or SIGTERM (``stopped_by``) gives an empty results table: what finished is in its logs,
    which ``clinbench resume`` (:func:`resume`) continues.
    """
    from inspect_ai.model import get_model

    from clinbench.item_tasks import default_model, first_items, resolve_task
    from clinbench.items.loader import allowed_media_roots, let_go_held_items

    limits = limits if limits is not None else CallLimits()
    limit = eval_args.get("limit")
    try:  # with --limit N, item files give tasks of their first N items (a small log)
        with (
            allowed_media_roots(*(media_roots or [])),
            first_items(limit if isinstance(limit, int) else None),
        ):
            task = resolve_task(target, task_args or {})
    except (ValueError, FileNotFoundError) as err:
        raise RunInputError(str(err)) from err
    finally:
        let_go_held_items()  # items the run command checked and no task took
    models = list(models or [default_model(target)])
    model_args = model_args or {}
    built = []
    for name in models:  # a model that cannot be built is bad input, not a crash mid-run
        try:
            built.append((str(name), get_model(name, memoize=False, **model_args)))
        except Exception as err:  # noqa: BLE001 - providers raise many kinds; all are reported
            from clinbench.model_errors import explain_model_error

            raise RunInputError(f"model {name}: {explain_model_error(name, err)}") from err
    from clinbench.scoring.panel import role_models

    try:
        roles = role_models(graders, model_roles, grader_args or {}, limits.generate_config())
    except ValueError as err:
        raise RunInputError(str(err)) from err
    from clinbench.providers.local_server import endpoint_notices

    if refuse_dead_endpoints:
        _refuse_dead_endpoints(built, roles, endpoint_notices(models, refusing=True))
    notices = cannot_answer_notices(task, models, eval_args.get("limit"))
    changed = [] if new_run else changed_bank_notices(task, log_dir)
    new_run = new_run or bool(changed)
    for line in [*notices, *endpoint_notices(models), *changed]:
        if on_notice is not None:
            on_notice(line)
    # from here to the table and the metrics, the loaded heap is left out of collections
    with collector_spares_the_loaded():
        before = _log_task_ids(log_dir)
        from clinbench.structured_output import forget_working_modes

        forget_working_modes()  # this run probes its own structured-output mode
        with stop_signals() as stopped, _quiet_cannot_answer():
            try:
                finished, logs = run_eval(
                    task,
                    models,
                    log_dir,
                    limits,
                    max_tasks=max_tasks,
                    new_run=new_run,
                    on_reuse=on_reuse,
                    model_args=model_args,
                    model_roles=roles,
                    display=display,
                    fail_on_error=False,
                    **eval_args,
                )
            except KeyboardInterrupt:  # a Ctrl-C that Inspect did not turn into cancelled logs
                finished, logs = False, []
        if not logs or any(log.status == "cancelled" for log in logs):
            # Ctrl-C: Inspect cancels the evals and writes their logs as cancelled; an eval set
            # then returns no logs, so this run's logs are the ones the folder did not hold
            import signal

            stopped.setdefault("signal", signal.SIGINT)
            logs = logs or _new_logs(log_dir, before)
        logs = headers_only(logs)  # the table and the metrics read the files
        # a stopped run builds no results table (reading 1,000 samples back took 3 s on the shared
        # machine, and it grows with the run): its logs hold what finished, for `clinbench resume`
        results = None
        if logs and "signal" not in stopped:
            try:
                release_freed_memory()  # before the table's modules (pandas) and the table
                from clinbench.results.export import results_from_logs

                results = results_from_logs(logs, on_skip=lambda _message: None)
            except KeyboardInterrupt:  # Ctrl-C after the evals ended, while the table was read
                import signal

                stopped.setdefault("signal", signal.SIGINT)
        from clinbench.results.export import results_from_logs
        from clinbench.stats.log_metrics import write_every_reply_metrics

        if results is None:
            results = results_from_logs([])
        else:
            write_every_reply_metrics(
                logs, results
            )  # what Inspect's metrics cannot see, in the log
            release_freed_memory()  # what reading the logs freed, before the summary is built
        return RunOutcome(
            finished and "signal" not in stopped, logs, results, stopped.get("signal")
        )
