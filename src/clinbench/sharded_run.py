"""One run split over worker processes: the items in shards, one Inspect eval per shard.

One Python event loop spends about 20 ms of CPU on each sample (Inspect's eval loop, the
model call, the log writer), so with slow replies and many connections a single process
tops out near 50 samples a second however many connections it may open. Here the items of
the task are dealt round-robin into ``workers`` shards and each shard runs in its own
process, through the ordinary run path (:func:`clinbench.runner.run_benchmark`, Inspect's
``eval_set``, the task built from the shard's items only:
:func:`one_shard`; a task that cannot be is given Inspect's
``sample_id`` filter instead), into its own sub-folder of the log folder
(``worker-1-of-4/`` ...). The connections asked for are shared among the workers (each
gets ``ceil(max_connections / workers)``) and runs twice as many samples at once
(``max_samples``: one set up while another's reply is awaited), started over the first
second rather than all at once (:func:`ramped_sample_starts`). The workers run without
Inspect's realtime sample buffer (``log_realtime=False``), which costs CPU on every event: a worker
that is killed loses the samples finished since its log was last written, and ``clinbench
resume`` asks them again. On Linux the workers are forked once this process has loaded
the run path and Inspect's model database (:func:`can_fork`), so they start querying at
once instead of importing everything again; elsewhere they are spawned.

The shards are ordinary logs of one eval each, so everything downstream treats them as one
run: the export reads the log folder recursively and tells the shards apart by their
samples (:func:`clinbench.results.export.eval_identity`), so each shard's newest log counts
and each sample once; ``clinbench resume`` continues every shard that did not finish, its
task built from the same shard (:func:`clinbench.shards.dealt_shard`, recorded in the eval
metadata); running the same command again continues each shard in its own sub-folder. Each
shard records the run's one id in its eval metadata, which the export gives as the run_id
of every row (:func:`clinbench.results.export.run_of`).
"""

from __future__ import annotations

import dataclasses
import gc
import math
import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from clinbench.shards import Shard, one_shard

# What every worker's eval imports before its first sample, loaded once before the workers
# are forked: the run path, and Inspect's control-channel and ACP servers, which each eval
# starts or imports (about 0.4 s of CPU each per worker, measured in the worker).
WARM_MODULES = (
    "clinbench.runner",
    "clinbench.results.export",
    "inspect_ai._control.server",
    "inspect_ai.agent._acp.server",
)


# samples each worker runs at once, per connection it may open (Inspect's max_samples)
SAMPLES_PER_CONNECTION = 2


def shard_ids(task: Any, workers: int, limit: int | None = None) -> list[list[str | int]]:
    """Return the sample ids of an Inspect task dealt into `workers` shards (none empty).

    Round-robin, in dataset order, so that each shard gets items from the whole bank. With
    `limit`, only the first `limit` samples are dealt.
    """
    samples = list(task.dataset)[:limit] if limit else list(task.dataset)
    ids = [sample.id for sample in samples]
    shards = [ids[k::workers] for k in range(workers)]
    return [shard for shard in shards if shard]


def _worker(connection: Any, arguments: dict[str, Any], forked: bool = False) -> None:
    """Run one shard (in a worker process) and send back what the parent needs.

    A forked worker ends with ``os._exit``, which runs no exit handlers: those registered
    during its run (Inspect compresses its trace log in one) are run here at the end instead,
    and only those (the ones inherited from the parent are the parent's to run).
    """
    if not forked:
        _run_shard(connection, arguments)
        return
    import atexit

    registered: list[tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = []

    def register(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[..., Any]:
        registered.append((func, args, kwargs))
        return func

    atexit.register = register  # type: ignore[assignment] # this worker process only
    try:
        _run_shard(connection, arguments)
    finally:
        for func, args, kwargs in reversed(registered):
            try:
                func(*args, **kwargs)
            except Exception:  # noqa: BLE001, S110 - as at interpreter exit: one failing is no crash
                pass


def _run_shard(connection: Any, arguments: dict[str, Any]) -> None:
    """Run one shard's items through the ordinary run path and send its outcome back.

    With ``shard`` in ``arguments``, the task is built from that shard's samples only
    (:func:`one_shard`); else ``sample_id`` selects them.
    """
    from clinbench.runner import RunInputError, run_benchmark

    shard = arguments.pop("shard", None)
    try:
        with one_shard(Shard(**shard) if shard else None), ramped_sample_starts():
            outcome = run_benchmark(**arguments)
    except RunInputError as err:
        connection.send(("input", str(err)))
        return
    except BaseException as err:  # noqa: BLE001 - reported by the parent, with its kind
        connection.send(("crash", f"{type(err).__name__}: {err}"))
        return
    headers = [log.model_copy(update={"samples": None}) for log in outcome.logs]
    connection.send(("done", (outcome.finished, headers, outcome.results, outcome.stopped_by)))


# a worker's samples start over this many seconds, not all at once (ramped_sample_starts)
RAMP_SECONDS = 1.2
RAMP_STEPS = 8


@contextmanager
def ramped_sample_starts(
    seconds: float = RAMP_SECONDS, steps: int = RAMP_STEPS
) -> Iterator[list[Any]]:
    """Within, each eval's sample limit starts low and rises to its full value over `seconds`.

    With every sample started at once, a worker's first requests all leave together and
    their replies all come back together, about 1 s later; the worker then has all of them
    to score and log, and the next samples to set up, at about 10 ms of CPU each, before
    the next requests leave, and so on for every round: the connections sit idle for a
    third of each second (the samples' start, model call and end times in the logs of 512
    items at 1 s latency: four bursts). Starting the samples over the first second spreads
    the requests, so each reply is handled while others are still out. The limit is
    Inspect's sample limiter (``max_samples``, a ``ResizableLimiter`` registered per task);
    its value is set lower at registration and raised in ``steps`` on the event loop.
    Nothing a sample records changes but its times. Hand-written: Inspect offers no public
    way to do it; where its limiter is not found, nothing is changed. Yields the limiters
    ramped (for tests).
    """
    try:
        from inspect_ai.util import _concurrency
    except ImportError:  # another Inspect version: samples start as Inspect starts them
        yield []
        return
    register = getattr(_concurrency, "register_task_sample_semaphore", None)
    resizable = getattr(_concurrency, "ResizableLimiter", None)
    if register is None or resizable is None:
        yield []
        return
    ramped: list[Any] = []

    def ramping(task_id: Any, semaphore: Any) -> Any:
        # only a fixed limit (max_samples, or as many as connections) is ramped: an adaptive
        # one (no --max-connections) follows its model's connection controller; and only on
        # an asyncio loop (not trio)
        import asyncio

        full = semaphore.limit if isinstance(semaphore, resizable) else None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            full = None
        if isinstance(full, int) and full > steps:
            semaphore.limit = max(1, full // steps)
            for step in range(1, steps + 1):
                value = max(1, full * step // steps)
                loop.call_later(seconds * step / steps, setattr, semaphore, "limit", value)
            ramped.append(semaphore)
        return register(task_id, semaphore)

    _concurrency.register_task_sample_semaphore = ramping
    try:
        yield ramped
    finally:
        _concurrency.register_task_sample_semaphore = register


def run_sharded(
    target: list[str],
    models: list[str] | None = None,
    log_dir: str | Path = "logs",
    limits: Any = None,
    *,
    workers: int,
    task_args: dict[str, Any] | None = None,
    media_roots: Sequence[str | Path] | None = None,
    on_started: Callable[[int, int], None] | None = None,
    on_notice: Callable[[str], None] | None = None,
    on_reuse: Callable[[str], None] | None = None,
    **run_args: Any,
) -> Any:
    """Return the outcome of one run whose items are split over `workers` processes.

    The same :class:`clinbench.runner.RunOutcome` as ``run_benchmark``: finished when every
    shard finished, the logs of every shard, one results table (each shard's rows; the
    shards hold disjoint items), and the signal that stopped a shard, if any. ``run_args``
    are ``run_benchmark``'s (models' arguments, graders, epochs, ``new_run`` ...);
    ``limit`` keeps the first items before dealing. A worker that dies (killed, crashed)
    leaves its shard unfinished and is named through ``on_notice``; the outcome is then
    not finished and ``clinbench resume`` continues it. Bad input raises
    :class:`clinbench.runner.RunInputError`: a task that cannot be resolved before any
    worker starts, a model that cannot be built once the workers have tried it.
    ``on_started(workers, items)`` is told how the items were dealt; ``on_notice`` gets the
    baselines' "cannot answer" notices, once for the run; ``on_reuse`` is not called (each
    worker keeps or continues its own shard silently). The workers show no progress
    display (several would share one terminal). Ctrl-C reaches every worker (one process
    group): each stops as an unsharded run does and the parent waits for them; a SIGTERM
    to the parent is passed on.
    """
    import pandas as pd

    from clinbench.item_tasks import first_items, resolve_task
    from clinbench.items.loader import allowed_media_roots
    from clinbench.runner import CallLimits, RunInputError, RunOutcome

    if workers < 1:
        raise RunInputError(f"--workers must be at least 1, got {workers}")
    limits = limits if limits is not None else CallLimits()
    limit = run_args.pop("limit", None)
    try:  # built as one whole shard: whether the task can be built from a shard's samples
        with (
            allowed_media_roots(*(media_roots or [])),
            first_items(limit),
            one_shard(Shard(1, 1, limit)) as whole,
        ):
            task = resolve_task(target, task_args or {})
    except (ValueError, FileNotFoundError) as err:
        raise RunInputError(str(err)) from err
    if isinstance(task, list):  # a bank of mixed formats: one task per format
        raise RunInputError(
            f"--workers runs one task; these items make {len(task)} (one per kind of "
            "scoring): run each format's items apart, or leave out --workers"
        )
    shards = shard_ids(task, workers, limit)
    from clinbench.item_tasks import default_model
    from clinbench.results.export import SHARD, SHARD_FOLDER, SHARDED_RUN
    from clinbench.runner import cannot_answer_notices

    # one run id for every shard (each is an Inspect eval with its own run_id): see run_of
    run_id = _run_id(log_dir, len(shards), bool(run_args.get("new_run")))
    run_args["metadata"] = {**(run_args.get("metadata") or {}), SHARDED_RUN: run_id}
    for line in cannot_answer_notices(task, list(models or [default_model(target)]), limit):
        if on_notice is not None:
            on_notice(line)
    run_args["display"] = "none"
    # Inspect's realtime sample buffer (a SQLite copy of every event, for live viewing and
    # crash recovery) was about a quarter of each sample's CPU (benchmarks/throughput.py
    # --cpu-per-sample --no-realtime: 15.2 ms plain, 11.1 ms without it); the workers show no
    # progress, and a killed worker only costs the samples since its log's last flush, which
    # `clinbench resume` asks again (nothing lost or counted twice). A caller may pass True.
    run_args.setdefault("log_realtime", False)
    if on_started is not None:
        on_started(len(shards), sum(len(s) for s in shards))
    if limits.max_connections is not None:  # the connections asked for, shared out
        share = math.ceil(limits.max_connections / max(1, len(shards)))
        limits = dataclasses.replace(limits, max_connections=share)
        # Inspect runs as many samples at once as connections by default, so a connection
        # waits while its sample is scored and logged and the next sample is set up; with
        # more samples in flight, a sample already set up takes the connection as soon as a
        # reply frees it (benchmarks/throughput.py --workers 2,4 --repeats 4, interleaved
        # with the tree before, load 4-7: medians 0.48 -> 0.52 and 0.50 -> 0.57 of
        # connections / latency). A caller's max_samples is kept.
        run_args.setdefault("max_samples", SAMPLES_PER_CONNECTION * share)
    # Each worker builds the task from its shard's samples only (one_shard),
    # and records which shard it is in its eval metadata (SHARD), not as a sample filter:
    # Inspect's `sample_id` filter checks every id against a list of the dataset's ids
    # (quadratic: about a minute per worker before its first request at 20,000 items). The
    # eval metadata is where the log header keeps it: Inspect's eval_retry carries it over to
    # the resumed log, which `clinbench resume` builds from the same shard
    # (clinbench.runner.resume), and it is no part of Inspect's task identifier, so running
    # the command again still finds each shard's eval in its folder. Task arguments would be
    # part of the identifier and are passed to the task function (which takes none such);
    # tags are bare strings. The export tells the shards apart by the samples each log's
    # dataset holds, as it told old shard logs by their sample_id (eval_identity).
    forking = can_fork()
    if forking:
        _warm_up(list(models or [default_model(target)]))
        forking = can_fork()  # the warm-up started no thread (checked again all the same)
    context = multiprocessing.get_context("fork" if forking else "spawn")
    if forking:
        sys.stdout.flush()  # a forked worker would write this process's unflushed output again
        sys.stderr.flush()
        # what exists now is left out of the workers' garbage collections: a collection
        # that walked it would write to every inherited page (copy-on-write); the end of a
        # worker's run (release_freed_memory) took 0.44 s of CPU with it, 0.10 s without
        gc.freeze()
    running = []
    for number, ids in enumerate(shards, start=1):
        folder = Path(log_dir) / SHARD_FOLDER.format(number=number, workers=len(shards))
        arguments = {"target": target, "models": models, "log_dir": folder, "limits": limits,
                     "task_args": task_args, "media_roots": list(media_roots or []),
                     **run_args}  # fmt: skip
        if whole.dealt:  # the worker builds its task from its share: see the note above
            shard = Shard(number, len(shards), limit).to_dict()
            metadata = {**run_args["metadata"], SHARD: shard}
            arguments |= {"shard": shard, "metadata": metadata}
        else:  # a task built otherwise keeps all its samples: Inspect selects the shard's
            arguments["sample_id"] = ids
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_worker, args=(send, arguments, forking), daemon=False)
        process.start()
        send.close()
        running.append((number, process, receive))
    previous = signal.signal(signal.SIGTERM, _pass_on([p for _, p, _ in running]))
    try:
        answers = [(number, _answer(receive, process)) for number, process, receive in running]
    finally:
        signal.signal(signal.SIGTERM, previous)
        if forking:
            gc.unfreeze()  # this process collects as before
    for _, (kind, payload) in answers:
        if kind == "input":
            raise RunInputError(payload)
    finished, logs, frames, stopped_by = True, [], [], None
    for number, (kind, payload) in answers:
        if kind != "done":  # killed or crashed: its shard is unfinished, its log resumable
            finished = False
            if on_notice is not None:
                on_notice(f"worker {number} of {len(shards)} stopped: {payload}; continue "
                          f"the run with: clinbench resume {log_dir}")  # fmt: skip
            continue
        done, headers, results, stopped = payload
        finished = finished and done
        logs += headers
        frames.append(results)
        stopped_by = stopped_by if stopped_by is not None else stopped
    frames = [f for f in frames if len(f)] or frames[:1]
    if not frames:  # no worker reported
        from clinbench.results.export import results_from_logs

        frames = [results_from_logs([])]
    results = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    return RunOutcome(finished and stopped_by is None, logs, results, stopped_by)


def _run_id(log_dir: str | Path, workers: int, new_run: bool) -> str:
    """Return this sharded run's id: the one its shard folders' newest log stands for (the
    same command run again continues those shards; a log written before shards recorded an
    id stands for the id its shards share, :func:`clinbench.results.export.run_of`), else a
    new one (always with ``new_run``)."""
    import uuid

    from clinbench.results.export import SHARD_FOLDER, latest_logs, log_paths, run_of

    folders = sorted(Path(log_dir).glob(SHARD_FOLDER.format(number="*", workers=workers)))
    if folders and not new_run:
        headers = latest_logs(log_paths(folders), any_status=True, on_skip=lambda _: None)
        if headers:
            return run_of(max(headers, key=lambda h: h.eval.created or ""))
    return uuid.uuid4().hex


def can_fork() -> bool:
    """Return whether the workers can be forked from this process (else they are spawned).

    A forked worker begins with what this process has loaded (Inspect, the task's modules,
    pandas, the model database: :func:`_warm_up`), so its first requests leave at once; a
    spawned one first imports and loads all of it again, about 3 s of CPU per worker
    (benchmarks/throughput.py --breakdown). Fork is used on Linux only (elsewhere it is
    unsafe or absent), and only while this process runs a single thread: a lock held by
    another thread would be copied held into the worker.
    """
    return (
        sys.platform == "linux"
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _warm_up(models: list[str]) -> None:
    """Load, once and before the workers are forked, what each would load at its first sample.

    The run path's modules, and Inspect's model database (a YAML file read at the first
    model call: about 0.3 s of CPU, during which no request leaves). A model it does not
    know is no error here: the workers build the models and report what is wrong.
    """
    import importlib

    from inspect_ai.model import get_model_info

    for module in WARM_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:  # another Inspect version: the worker imports what it needs
            continue
    for name in models:
        try:
            get_model_info(name)
        except Exception:  # noqa: BLE001, S112 - a cache warm-up only; the worker reports errors
            continue


def _answer(receive: Any, process: Any) -> tuple[str, Any]:
    """Return a worker's message, waiting through Ctrl-C (the worker stops on its own)."""
    while True:
        try:
            if receive.poll(0.5):
                answer = receive.recv()
                process.join()
                return answer
            if not process.is_alive():
                if receive.poll(0):  # it reported just before it ended
                    return receive.recv()
                return "crash", f"exited with code {process.exitcode} before reporting"
        except KeyboardInterrupt:  # the workers got the same Ctrl-C: wait for their logs
            continue
        except EOFError:
            process.join()
            return "crash", f"exited with code {process.exitcode} before reporting"


def _pass_on(processes: list[Any]) -> Callable[[int, Any], None]:
    def handler(signum: int, _frame: Any) -> None:
        for process in processes:
            if process.is_alive():
                process.terminate()  # SIGTERM: the worker stops as a run does on SIGTERM

    return handler
