"""The offline demo as a library call: every registered suite's demo runs, exported and reported.

:func:`run_demo` removes the old demo logs under ``out/logs``, evaluates the foundation's
runs (the bundled sample items) and each suite's ``SuiteSpec.demo_runs`` in batches, then
writes ``results.parquet``, ``results.csv`` and ``report.html`` under ``out``. No network:
the models are clinbench's offline providers.

With ``local_model``, a real model joins: SmolLM2 served on 127.0.0.1 by the ``local`` extra
(:mod:`clinbench.providers.local_server`; a running server is reused, one started here is
stopped at the end) answers the first LOCAL_ITEMS items of each distinct task of the demo
whose prompts are text only (the model reads no images or audio; SLP runs through its ASR
pipeline). Without the extra the demo runs offline and says in one line how to add it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench import suites
from clinbench.demo_spec import DemoRun
from clinbench.runner import CallLimits, bounded_roles, models_of_the_run

# Inspect evaluates up to this many tasks of one batch at a time.
MAX_TASKS = 4
LOCAL_ITEMS = 3  # items of each task the local model answers


@dataclass
class DemoProgress:
    """Callbacks run_demo calls as it goes (each may be left as None)."""

    started: Callable[[int, int, Path], None] | None = None  # (runs, batches, log dir)
    batch: Callable[[str], None] | None = None  # a batch starts: its label
    failed: Callable[[str, str, Any], None] | None = None  # (task, status, error) of a log
    advanced: Callable[[int], None] | None = None  # runs finished in the batch just done
    note: Callable[[str], None] | None = None  # a line about the local model


@dataclass
class DemoResult:
    """What a demo produced: the results table and where everything was written."""

    results: pd.DataFrame
    log_dir: Path
    results_path: Path
    csv_path: Path
    report_path: Path
    runs: int
    batches: int
    seconds: float
    failed: list[str] = field(default_factory=list)  # "task: status error" of unfinished logs
    cleared: dict[str, int] | None = None  # kind -> kept results removed first (None: kept)
    # kind ("speech transcripts", "noisy clips") -> (read back from the cache, made afresh)
    from_cache: dict[str, tuple[int, int]] = field(default_factory=dict)
    local_model: str = ""  # the local model's Inspect name when it ran
    local_runs: int = 0
    local_seconds: float | None = None  # time of the local model's runs (start included)
    local_note: str = ""  # why the local model did not run, with how to add it


def clear_demo_caches() -> dict[str, int]:
    """Return, per kind, how many kept results the demo reuses were removed from the user cache."""
    from clinbench.audio.asr.cache import KIND as TRANSCRIPTS
    from clinbench.audio.asr.cache import clear_transcript_cache
    from clinbench.audio.noisy_clips import KIND as NOISY_CLIPS
    from clinbench.audio.noisy_clips import clear_noisy_clip_cache

    return {TRANSCRIPTS: clear_transcript_cache(), NOISY_CLIPS: clear_noisy_clip_cache()}


def cache_use_since(before: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Return, per kind, (read back, made afresh) of kept results since the ``before`` tally."""
    from clinbench.io import cache_use

    since = {}
    for kind, (hits, misses) in cache_use().items():
        old_hits, old_misses = before.get(kind, (0, 0))
        if (hits - old_hits, misses - old_misses) != (0, 0):
            since[kind] = (hits - old_hits, misses - old_misses)
    return since


def foundation_demo_runs() -> list[DemoRun]:
    """Return the demo runs over the bundled sample items: chance baseline and a replay fixture."""
    from clinbench.item_tasks import SAMPLE_ITEMS, clinbench_items

    fixture = SAMPLE_ITEMS.parent / "replay_fixture.csv"
    return [
        DemoRun("sample items: chance baseline", clinbench_items(), ["clinbench/chance"]),
        DemoRun(
            "sample items: frozen replies (replay)",
            clinbench_items(),
            ["clinbench/replay/fixture-model"],
            model_args={"responses": str(fixture)},
        ),
    ]


def demo_runs(out: Path) -> list[DemoRun]:
    """Return every demo run: the foundation's, then each registered suite's (in out/SUITE)."""
    runs = foundation_demo_runs()
    for name, spec in suites.suites().items():
        if spec.demo_runs is not None:
            runs += suites.load(spec.demo_runs)(Path(out) / name)
    return runs


def _text_only(task: Any, n: int = LOCAL_ITEMS) -> bool:
    """Return True when the first ``n`` samples of a task carry no image or audio."""
    for sample in list(task.dataset)[:n]:
        content = sample.input if isinstance(sample.input, list) else []
        for message in content:
            parts = message.content if isinstance(message.content, list) else []
            if any(getattr(part, "type", "text") in ("image", "audio") for part in parts):
                return False
    return True


def local_model_runs(runs: list[DemoRun], model: str) -> tuple[list[DemoRun], list[str]]:
    """Return (runs for the local model, tasks left out): the first run of each distinct task.

    Only tasks whose first LOCAL_ITEMS prompts are text only are kept (the model is
    text-only); the others are named in the second list.
    """
    chosen: list[DemoRun] = []
    seen: set[str] = set()
    left_out: list[str] = []
    for demo_run in runs:
        name = demo_run.task.name
        if name in seen:
            continue
        seen.add(name)
        if not _text_only(demo_run.task):
            left_out.append(name)
            continue
        chosen.append(DemoRun(f"{demo_run.label} [local model]", demo_run.task, [model],
                              model_roles=dict(demo_run.model_roles), epochs=1))  # fmt: skip
    return chosen, left_out


def batches(runs: list[DemoRun]) -> list[list[DemoRun]]:
    """Return the demo runs grouped by identical models, arguments, roles and epochs.

    Inspect evaluates each group's tasks in one call (several tasks at a time), which
    saves its per-eval start-up cost; the order of first appearance is kept.
    """
    groups: dict[str, list[DemoRun]] = {}
    for demo_run in runs:
        key = json.dumps(
            [demo_run.models, demo_run.model_args, demo_run.model_roles, demo_run.epochs],
            sort_keys=True,
            default=str,
        )
        groups.setdefault(key, []).append(demo_run)
    return list(groups.values())


def run_demo(
    out: str | Path = "clinbench-demo",
    progress: DemoProgress | None = None,
    limits: CallLimits | None = None,
    clear_cache: bool = False,
    local_model: bool = False,
    **eval_options: Any,
) -> DemoResult:
    """Run the offline demo into ``out`` and return its results table and output paths.

    Speech clips are decoded once, and their noisy copies mixed once, and both are kept in
    the user cache (:func:`clinbench.audio.asr.cache.transcript_cache_dir`,
    :func:`clinbench.audio.noisy_clips.noisy_clip_cache_dir`, keyed on content), so a later
    demo reuses them; ``clear_cache`` empties both first (a cold run). Every evaluation runs
    each time: no model reply or score is kept. ``DemoResult.from_cache`` says how many of
    each were read back.

    ``limits`` (retries, timeouts, connections) bound every model call, the roles' included;
    ``eval_options`` go to every ``inspect_ai.eval`` call unchanged and override the demo's
    own settings (e.g. ``limit``, ``max_tasks``). ``local_model`` adds the bundled local
    model's runs (see the module docstring), or a note saying how to install it.
    """
    from inspect_ai import eval as inspect_eval

    from clinbench.report import write_report
    from clinbench.results import write_results
    from clinbench.results.export import results_from_logs

    progress = progress or DemoProgress()
    started = time.perf_counter()
    from clinbench.io import cache_use

    cleared = clear_demo_caches() if clear_cache else None
    tally = cache_use()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    log_dir = out / "logs"
    for old in log_dir.glob("*.eval"):  # the demo's results describe this run only
        old.unlink()
    runs = demo_runs(out)
    grouped = batches(runs)
    if progress.started:
        progress.started(len(runs), len(grouped), log_dir)
    failed: list[str] = []
    every_log: list[Any] = []
    for batch in grouped:
        first = batch[0]
        if progress.batch:
            more = f" (+{len(batch) - 1} more)" if len(batch) > 1 else ""
            progress.batch(f"{first.label}{more}")
        settings: dict[str, Any] = {
            "model": first.models,
            "model_args": first.model_args,
            "model_roles": (
                bounded_roles(first.model_roles, limits) if limits else first.model_roles or None
            ),
            "epochs": first.epochs,
            "log_dir": str(log_dir),
            "display": "none",
            # Inspect's realtime sample buffer (a SQLite copy of every event, for watching a
            # run live) is left out: the offline runs take seconds, and it took 12% of a warm
            # demo's py-spy samples (issue 32 item 6). `inspect view` reads the finished logs.
            "log_realtime": False,
            "fail_on_error": False,
            "max_tasks": MAX_TASKS,
            **(limits.eval_kwargs() if limits else {}),
        }
        settings = settings | eval_options
        settings["model"] = models_of_the_run(settings["model"], settings)
        logs = inspect_eval([demo_run.task for demo_run in batch], **settings)
        every_log += logs
        for log in logs:
            if log.status != "success":
                failed.append(f"{log.eval.task}: {log.status} {log.error}")
                if progress.failed:
                    progress.failed(log.eval.task, log.status, log.error)
        if progress.advanced:
            progress.advanced(len(batch))
    local = _local_model_runs(runs, log_dir, progress, limits, eval_options) if local_model else {}
    every_log += local.pop("logs", [])
    failed += local.pop("failed", [])
    if progress.batch:  # the bar's last line is left on screen: no run's code name in it
        progress.batch("every run finished")
    frame = results_from_logs(every_log)  # the logs Inspect returned: none is read again
    from clinbench.stats.log_metrics import write_every_reply_metrics

    write_every_reply_metrics(every_log, frame)  # what Inspect's metrics cannot see, in the log
    results_path = write_results(frame, out / "results.parquet")
    csv_path = write_results(frame, out / "results.csv")
    report_path = write_report(frame, out / "report.html")
    return DemoResult(
        results=frame,
        log_dir=log_dir,
        results_path=results_path,
        csv_path=csv_path,
        report_path=report_path,
        runs=len(runs),
        batches=len(grouped),
        seconds=time.perf_counter() - started,
        failed=failed,
        cleared=cleared,
        from_cache=cache_use_since(tally),
        **local,
    )


def _local_model_runs(
    runs: list[DemoRun],
    log_dir: Path,
    progress: DemoProgress,
    limits: CallLimits | None,
    eval_options: dict[str, Any],
) -> dict[str, Any]:
    """Return the local model's logs, failures, runs, time and note (DemoResult fields)."""
    from inspect_ai import eval as inspect_eval

    from clinbench.providers import local_server

    started = time.perf_counter()
    try:
        server, started_here = local_server.start_server()
    except (local_server.LocalModelUnavailable, local_server.LocalServerError) as err:
        missing = isinstance(err, local_server.LocalModelUnavailable)
        note = f"{'Add a real model to the demo' if missing else 'No local model run'}: {err}"
        if progress.note:
            progress.note(note)
        return {"local_note": note}
    chosen, left_out = local_model_runs(runs, server.model)
    if progress.note:
        text_only = f"; left out (images or audio): {', '.join(left_out)}" if left_out else ""
        progress.note(f"local model {server.model} at {server.base_url}: {len(chosen)} tasks, "
                      f"{LOCAL_ITEMS} items each{text_only}")  # fmt: skip
    if progress.batch:
        progress.batch(f"local model: {len(chosen)} tasks")
    connections = local_server.MAX_CONNECTIONS  # the server answers one request at a time
    bound = CallLimits(
        **((limits.eval_kwargs() if limits else {}) | {"max_connections": connections})
    )
    logs: list[Any] = []
    failed: list[str] = []
    try:
        with local_server.environment(server):
            for demo_run in chosen:
                settings = {
                    "model": demo_run.models, "model_roles":
                    bounded_roles(demo_run.model_roles, bound), "log_dir": str(log_dir),
                    "display": "none", "fail_on_error": False, "limit": LOCAL_ITEMS,
                    **bound.eval_kwargs(),
                }  # fmt: skip
                settings = settings | eval_options
                settings["model"] = models_of_the_run(settings["model"], settings)
                for log in inspect_eval(demo_run.task, **settings):
                    logs.append(log)
                    if log.status != "success":
                        failed.append(f"{log.eval.task}: {log.status} {log.error}")
                        if progress.failed:
                            progress.failed(log.eval.task, log.status, log.error)
    finally:
        if started_here:
            local_server.stop_server()
    return {"logs": logs, "failed": failed, "local_model": server.model,
            "local_runs": len(chosen), "local_seconds": time.perf_counter() - started}  # fmt: skip


def suite_demo_tables(results: pd.DataFrame) -> list[tuple[str, pd.DataFrame, list[str]]]:
    """Return (title, table, notes) of the tables only the demo prints, from every suite."""
    out: list[tuple[str, pd.DataFrame, list[str]]] = []
    for spec in suites.suites().values():
        if spec.demo_tables is not None:
            out += suites.load(spec.demo_tables)(results)
    return out
