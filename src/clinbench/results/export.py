"""Inspect logs -> the frozen results table, through Inspect's log API (no hand parsing).

One row per model × task × item × epoch × condition × scorer, and per question when a
scorer returns a dictionary of per-question scores (e.g. Q1/Q2/Q3 of a case). A sample
that failed (provider error after retries, or no frozen response) gets one row with the
``error`` outcome and no score: never a default answer or score.

A log file is read a few hundred samples at a time (Inspect's sample-level reading, without
the messages and events a row does not show), so memory stays bounded by the rows, not by
the logs; :func:`results_from_logs` builds the same table from logs already in memory (what
``inspect_ai.eval`` returned), without reading them again.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from clinbench.results.run_facts import eval_facts, sample_facts
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.results.table import typed
from clinbench.scoring import outcomes
from clinbench.scoring.panel import judge_column, per_judge_rows

if TYPE_CHECKING:  # Inspect is imported by the functions that read logs, so that reading a
    from inspect_ai.log import EvalLog, EvalSample  # results table never pays for it

CHUNK = 256  # samples held at once while a log is read
# What a results row does not read from a sample (the bulk of a log); left unread.
UNREAD_FIELDS = {"messages", "events", "attachments", "store", "events_data"}


def log_paths(sources: Sequence[str | Path] | str | Path) -> list[str]:
    """Return the Inspect log files in the given files and folders (sorted, de-duplicated)."""
    from inspect_ai.log import list_eval_logs

    if isinstance(sources, str | Path):
        sources = [sources]
    found: list[str] = []
    for source in sources:
        path = Path(_local_path(str(source)))  # also a location as Inspect gives it (file:...)
        if path.is_dir():
            found += [info.name for info in list_eval_logs(str(path), recursive=True)]
        elif path.exists():
            found.append(str(path))
        else:
            raise FileNotFoundError(f"{path}: no such log file or folder")
    cleaned = sorted({_local_path(f) for f in found})
    return cleaned


def _local_path(location: str) -> str:
    """Return a local log location without Inspect's ``file://`` or ``file:`` prefix."""
    return location.removeprefix("file://").removeprefix("file:")


def _read_header(path: str) -> tuple[EvalLog | None, str]:
    """Return (log header without its item table, '') or (None, why it cannot be used)."""
    from inspect_ai._util._async import run_coroutine

    return run_coroutine(_read_header_async(path))


async def _read_header_async(path: str) -> tuple[EvalLog | None, str]:
    # Read inside a coroutine of our own: asyncio's runner takes the repr of the result of
    # the coroutine it runs, which for a whole header (item table included) is slow.
    from inspect_ai.log import read_eval_log_async

    from clinbench.items.sample import ITEMS

    try:
        header = await read_eval_log_async(path, header_only=True)
    except Exception as err:  # noqa: BLE001 - a truncated or foreign file raises many kinds
        return None, f"unreadable ({type(err).__name__}: {err})"
    header.location = path
    for metadata in (header.eval.metadata, header.metadata):  # Inspect writes task metadata
        (metadata or {}).pop(ITEMS, None)  # twice; the item table is read with the samples
    return header, ""


def _recency(header: EvalLog) -> tuple[str, str]:
    """Return a sort key: later logs of the same eval sort after earlier ones."""
    stats = header.stats
    return (stats.completed_at or stats.started_at or header.eval.created or "", header.location)


# The eval metadata key under which every shard of one `run --workers` records that run's id
# (clinbench.sharded_run): each shard is an Inspect eval of its own, with its own run_id.
SHARDED_RUN = "clinbench_sharded_run"
# The sub-folder of the log folder each shard of such a run writes its logs to
SHARD_FOLDER = "worker-{number}-of-{workers}"
# The eval metadata key under which a shard records which it is ({"number", "workers",
# "limit"}: clinbench.shards.Shard), its task built from its samples only. Shard logs
# written before it select their samples with Inspect's sample_id instead.
SHARD = "clinbench_shard"


def run_of(header: EvalLog) -> str:
    """Return the id of the run a log belongs to: the sharded run's, else Inspect's run_id.

    A shard of a run split over worker processes records the id of the whole run
    (:data:`SHARDED_RUN`), which a resume keeps (Inspect's ``eval_retry`` carries the eval
    metadata over), so the shards of one command are one run in the results table. A shard
    log written before shards recorded it is given an id made of what the shards of one run
    share (:func:`shared_shard_id`), which its resumed logs share too.
    """
    recorded = (header.eval.metadata or {}).get(SHARDED_RUN)
    if recorded:
        return str(recorded)
    return shared_shard_id(header) or str(header.eval.run_id)


def shared_shard_id(header: EvalLog) -> str | None:
    """Return the run id of a shard log that records none (None: the log is no shard).

    A shard is an eval of some samples (``sample_id``) in a ``worker-N-of-M`` folder
    (:data:`SHARD_FOLDER`). Its id is a hash of what every shard of one
    run shares and a resume keeps: the log folder above the shard folders, the number of
    shards, and Inspect's task identifier (task, arguments, model, settings; not the samples).
    Two runs of the same command in one folder before shards recorded their id are one run.
    """
    import hashlib
    import re

    if getattr(header.eval.config, "sample_id", None) is None or not header.location:
        return None
    shard_folder = re.compile(re.escape(SHARD_FOLDER).replace(r"\{number\}", r"\d+")
                              .replace(r"\{workers\}", r"(\d+)"))  # fmt: skip
    folder = Path(_local_path(str(header.location))).parent
    found = shard_folder.fullmatch(folder.name)
    if found is None:
        return None
    from inspect_ai import task_identifier

    shared = f"{folder.parent.resolve()}\n{found.group(1)}\n{task_identifier(header, None)}"
    return hashlib.sha256(shared.encode()).hexdigest()[:32]


def eval_identity(header: EvalLog) -> str:
    """Return what makes two logs runs of the same eval: Inspect's eval-set task identifier.

    That identifier (task, its arguments, model, model arguments and roles, generation
    settings, task version and limits) is what ``eval_set`` uses to find an eval a log
    folder already holds; logs of one eval (a resumed one, a re-run of the same command)
    share it (``inspect_ai.task_identifier``, public; no stand-in is guessed where it fails).
    A log of some samples only (one shard of a run split over worker processes,
    :mod:`clinbench.sharded_run`) is its own eval, told apart by the samples it selects: the
    samples its dataset was cut to (:data:`SHARD` in its metadata), or, in a shard log
    written before shards recorded that, its ``sample_id``; both give one shard's logs the
    same identity, so an old shard log and a newer one of the same shard are one eval.
    """
    from inspect_ai import task_identifier

    identity = str(task_identifier(header, None))
    selected = getattr(header.eval.config, "sample_id", None)
    if selected is None and (header.eval.metadata or {}).get(SHARD):
        selected = list(header.eval.dataset.sample_ids or [])
    if selected is not None:
        import hashlib

        prefix = f"{header.eval.task}:"  # a retried log names its ids with the task's name
        ids = sorted(
            str(i).removeprefix(prefix)
            for i in (selected if isinstance(selected, list) else [selected])
        )
        identity += " samples:" + hashlib.sha256("\n".join(ids).encode()).hexdigest()[:16]
    return identity


def latest_logs(
    paths: Sequence[str],
    include_partial: bool = False,
    any_status: bool = False,
    on_skip: Callable[[str], None] | None = None,
    all_runs: bool = False,
) -> list[EvalLog]:
    """Return the header of the one log that stands for each eval among ``paths``.

    Headers are held without the log's item table (``eval.metadata["items"]``), which the
    export reads again with each log's samples, so that many large logs are never all held.

    A resumed or retried eval writes a new log with the same task id (Inspect's id of one
    task run on one model), and running the same command again (``run --new-run``, or two
    runs at once) writes another log of the same eval (:func:`eval_identity`), so one eval
    can have several logs. The latest complete one (any status but ``started``) wins; an
    eval with only partial (``started``) logs is skipped unless ``include_partial``, which
    takes its latest partial log. ``any_status`` takes the latest log whatever its status.
    ``all_runs`` keeps one log per run of an eval (per task id) instead of one per eval,
    for a table that labels runs by ``run_id``. Every log that is left out is reported
    through ``on_skip`` (default: a Python warning), with why: unreadable, superseded by a
    newer log of the same eval, or partial.
    """
    if on_skip is None:
        on_skip = _warn
    by_eval: dict[str, list[EvalLog]] = {}
    for path in paths:
        header, problem = _read_header(path)
        if header is None:
            on_skip(f"{path}: skipped, {problem}")
            continue
        key = f"{header.eval.task_id} {header.eval.model}" if all_runs else eval_identity(header)
        by_eval.setdefault(key, []).append(header)
    chosen: list[EvalLog] = []
    for headers in by_eval.values():
        headers.sort(key=_recency)
        complete = [h for h in headers if h.status != "started"]
        if any_status:
            winner = headers[-1]
        elif complete:
            winner = complete[-1]
        elif include_partial:
            winner = headers[-1]
        else:
            for h in headers:
                on_skip(
                    f"{h.location}: skipped, the eval did not finish (status started); "
                    "continue it with `clinbench resume`, or include partial logs"
                )
            continue
        for h in headers:
            if h is not winner:
                on_skip(
                    f"{h.location}: skipped, superseded by {winner.location} (same eval; "
                    "export every run, labelled by run_id, with --all-runs)"
                )
        chosen.append(winner)
    return sorted(chosen, key=lambda h: h.location)


def _warn(message: str) -> None:
    import warnings

    warnings.warn(message, stacklevel=3)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str) if value else ""


def _usage(sample: EvalSample, model: str) -> tuple[int | None, int | None]:
    usage = (sample.model_usage or {}).get(model)
    if usage is None:
        return None, None
    return usage.input_tokens, usage.output_tokens


def _as_float(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return math.nan


CHAINED = (
    "The above exception was the direct cause of the following exception:",
    "During handling of the above exception, another exception occurred:",
)


def _error_cause(error: Any) -> str:
    """Return the first line of the innermost exception in a sample error's traceback.

    Inspect's message for an error after retries is tenacity's ``RetryError(<Future ...>)``,
    which hides the cause; the traceback's first chained exception names it (e.g. the HTTP
    status and the provider's message). '' when there is no traceback.
    """
    text = getattr(error, "traceback", "") or ""
    for marker in CHAINED:  # the first section holds the exception that started the chain
        text = text.split(marker, 1)[0]
    lines = [line for line in text.splitlines() if line.strip()]
    # frames are indented; the exception ("module.Error: message", perhaps over several
    # lines, up to any frame the message quotes) starts at the first line that is not
    start = next(
        (i for i, line in enumerate(lines)
         if not line[:1].isspace() and not line.startswith("Traceback (")),
        None,
    )  # fmt: skip
    if start is None:
        return ""
    message = []
    for line in lines[start:]:
        if line.lstrip().startswith("File "):
            break
        message.append(line.strip())
    return " ".join(message)[:300]


def _unscored_outcome(error_message: str | None) -> str:
    """Return the outcome of a sample with no score: cannot_answer, cancelled or error.

    A sample the run was stopped in (Ctrl-C, SIGTERM) carries the cancellation Inspect
    recorded, which Inspect's own rule recognises (its sample listing and retries read it the
    same way): ``cancelled``, not a failed call. Anything else unscored is an ``error``.
    """
    if outcomes.is_cannot_answer(error_message):
        return outcomes.CANNOT_ANSWER
    from inspect_ai._util.error import is_cancellation_message

    if is_cancellation_message(error_message):
        return outcomes.CANCELLED
    return outcomes.ERROR


def _task_name(log: EvalLog) -> str:
    return log.eval.task.split("/")[-1]


def _score_rows(base: dict[str, Any], scorer_name: str, score: Any) -> list[dict[str, Any]]:
    metadata = score.metadata or {}
    if isinstance(score.value, dict):
        rows = []
        per_question = metadata.get("questions", {})
        for question, value in score.value.items():
            details = per_question.get(question, {})
            outcome = details.get("outcome") or (
                outcomes.GRADED if not math.isnan(_as_float(value)) else outcomes.UNSCORED
            )
            errors = details.get("critical_errors") or []
            rows.append(
                base
                | {
                    "scorer": scorer_name,
                    "judge": judge_column(details),
                    "question": question,
                    "extracted_answer": details.get("answer"),
                    "outcome": outcome,
                    "score": _as_float(value) if outcome not in outcomes.EXCLUDED else math.nan,
                    "grade": details.get("grade"),
                    "critical_errors": ";".join(errors),
                    "score_metadata": _json(details),
                }
            )
            rows.extend(per_judge_rows(rows[-1], details, _json))
        return rows
    outcome = metadata.get("outcome")
    value = _as_float(score.value)
    if metadata.get("gold_label") is not None:  # classification: the label, not the letter
        base = base | {"target": str(metadata["gold_label"])}
    if outcome is None:
        outcome = outcomes.UNSCORED if math.isnan(value) else outcomes.GRADED
    errors = metadata.get("critical_errors") or []
    rows = [
        base
        | {
            "scorer": scorer_name,
            "judge": judge_column(metadata),
            "question": metadata.get("question", ""),
            "extracted_answer": score.answer,
            "outcome": outcome,
            "score": value if outcome not in outcomes.EXCLUDED else math.nan,
            "grade": metadata.get("grade"),
            "critical_errors": ";".join(errors) if isinstance(errors, list) else str(errors),
            "score_metadata": _json(metadata),
        }
    ]
    return rows + per_judge_rows(rows[0], metadata, _json)


def _scorers_of_failed_samples(log: EvalLog) -> list[str]:
    """Return the scorers a sample that ended in error gets a row under: those that scored a
    sample of the eval (the log header's scored-sample counts, so every chunk of the log
    reads the same), or every scorer of the task when none did (or the log has no results).

    A scorer that scored nothing while others did skipped every sample on purpose (an LLM
    judge with no grader bound, the rules grader beside one), and an error under it would
    name a judge that never ran.
    """
    names = [scorer.name for scorer in (log.eval.scorers or [])] or [""]
    scores = log.results.scores if log.results is not None else []
    scored = {score.name for score in scores if (score.scored_samples or 0) > 0}
    return [name for name in names if name in scored] or names


def log_rows(
    log: EvalLog, log_file: str = "", samples: Iterable[EvalSample] | None = None
) -> list[dict[str, Any]]:
    """Return the results rows of one Inspect log (of ``samples`` when given, e.g. streamed).

    Each sample's item comes from the log's item table (``items.sample.log_item_table``), or
    from the sample itself in logs written before that table existed. Suite, format,
    domain, source pool and difficulty are the sample's metadata where it sets them (a
    suite's own samples, logs written before), else the item's.
    """
    from clinbench.items.sample import item_json, log_item_table

    model = log.eval.model
    table = log_item_table(log.eval.metadata)
    scorer_names = _scorers_of_failed_samples(log)
    rows: list[dict[str, Any]] = []
    for sample in (log.samples or []) if samples is None else samples:
        metadata = sample.metadata or {}
        item = item_json(metadata, table)
        input_tokens, output_tokens = _usage(sample, model)
        base = {
            "suite": metadata.get("suite") or item.get("suite", ""),
            "task": _task_name(log),
            "model": model,
            "item_id": str(sample.id),
            "format": metadata.get("format") or item.get("format", ""),
            "condition": metadata.get("condition")
            or (log.eval.metadata or {}).get("condition", "default"),
            "epoch": sample.epoch,
            "question": "",
            "target": sample.target if isinstance(sample.target, str) else ";".join(sample.target),
            "response": sample.output.completion if sample.output else "",
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "domain": metadata.get("domain", item.get("domain")),
            "source_pool": metadata.get("source_pool", item.get("source_pool")),
            "difficulty": metadata.get("difficulty", item.get("difficulty")),
            "tags": ";".join(item.get("tags") or []),
            "item_metadata": _json(item.get("metadata")),
            "run_id": run_of(log),
            "log_file": log_file,
            **sample_facts(sample, model),
            **eval_facts(log),
        }
        if sample.error is not None or not sample.scores:
            message = sample.error.message if sample.error is not None else "sample was not scored"
            cause = _error_cause(sample.error)
            outcome = _unscored_outcome(message if sample.error is not None else None)
            # one row under each scorer that scored the eval, so each one's counts show it
            for scorer_name in scorer_names:
                rows.append(
                    base
                    | {
                        "scorer": scorer_name,
                        "judge": "",
                        "extracted_answer": None,
                        "outcome": outcome,
                        "score": math.nan,
                        "grade": None,
                        "critical_errors": "",
                        "score_metadata": _json({"error": message, "cause": cause}),
                    }
                )
            continue
        for scorer_name, score in sample.scores.items():
            rows.extend(_score_rows(base, scorer_name, score))
    return rows


def with_epoch_counts(frame: pd.DataFrame) -> pd.DataFrame:
    """Return the table with `epochs`: the number of epochs of each item in its run."""
    run = ["model", "task", "condition", "item_id"]
    frame["epochs"] = frame.groupby(run, dropna=False)["epoch"].transform("nunique")
    return frame


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Return rows as a results frame (columns held compactly: far smaller than the dicts)."""
    return pd.DataFrame(rows, columns=RESULT_COLUMNS)


def _table(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Return the typed, sorted results table of frames of rows; empties `frames`.

    The frames are let go once joined, so that the whole table is not held twice over.
    """
    parts = [f for f in frames if len(f)] or [_frame([])]
    frames.clear()
    joined = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    del parts
    frame = typed(with_epoch_counts(joined))
    del joined
    sort = ["suite", "task", "model", "condition", "item_id", "epoch", "scorer", "question"]
    return frame.sort_values(sort, kind="stable").reset_index(drop=True)


def _sample_reader(path: str, archives: ExitStack) -> Callable[[list[tuple[Any, int]]], Any]:
    """Return an async function that reads the given (id, epoch) samples of a ``.eval`` log.

    It reads each sample's JSON from the log's zip file, opened once (in ``archives``, which
    closes it) with Python's own ``zipfile`` (Inspect registers its zstd compression there,
    and reads logs the same way), and validates it as Inspect's ``EvalSample`` without the
    fields a row does not read. Reading a member in the calling thread costs a tenth of
    what a hop through Inspect's async file system does per sample. Where Inspect's
    internals it needs are missing, or the log is no local file, Inspect's public
    ``read_eval_log_samples_by_id_async`` reads them (the same samples, about ten times
    slower: it skips the unread fields with a JSON parser written in Python).
    """
    from inspect_ai.log import EvalSample, read_eval_log_samples_by_id_async

    async def read_public(keys: list[tuple[Any, int]]) -> list[EvalSample]:
        return await read_eval_log_samples_by_id_async(path, keys, exclude_fields=UNREAD_FIELDS)

    member = _member_names()
    if member is None or not Path(path).is_file():
        return read_public
    import zipfile

    from inspect_ai._util.constants import get_deserializing_context

    archive = archives.enter_context(zipfile.ZipFile(path))
    context = get_deserializing_context()

    async def read(keys: list[tuple[Any, int]]) -> list[EvalSample]:
        samples = []
        for sample_id, epoch in keys:
            data = sample_json(archive.read(member(sample_id, epoch)))
            for field in UNREAD_FIELDS:
                data.pop(field, None)
            samples.append(EvalSample.model_validate(data, context=context))
        return samples

    return read


def sample_json(raw: bytes) -> Any:
    """Return the JSON of a logged sample as ``json.loads`` reads it, in about half the time.

    pydantic's parser (Rust) gives the same values (NaN and infinities, big integers, floats
    to the last bit, the last of repeated keys); text it refuses that Python's parser reads
    (a lone surrogate escape, ``"\\ud800"``) is read by ``json.loads``.
    """
    from pydantic_core import from_json

    try:
        return from_json(raw)
    except ValueError:
        return json.loads(raw)


def _member_names() -> Callable[[Any, int], str] | None:
    """Return Inspect's rule for a sample's file name in a ``.eval`` zip (None: it moved)."""
    try:
        from inspect_ai.log._recorders.eval import _sample_filename
    except ImportError:  # Inspect's internals moved: the public reader (tested)
        return None
    return _sample_filename


def streamed_rows(path: str, log_file: str = "", header: EvalLog | None = None) -> pd.DataFrame:
    """Return the results rows (a frame) of a finished ``.eval`` log, CHUNK samples at a time.

    A log that succeeded holds every sample id of its dataset in every epoch (what Inspect's
    ``read_eval_log_samples`` relies on); of any other, the samples its summaries list.
    ``header`` is the log's header where the caller holds it with its item table (what a
    run's eval returned): the file's header is then not read again.
    """
    from inspect_ai._util._async import run_coroutine
    from inspect_ai.log import read_eval_log_async, read_eval_log_sample_summaries_async

    from clinbench.items.sample import ITEMS, log_item_table

    frames: list[pd.DataFrame] = []
    given = header if header is not None and ITEMS in (header.eval.metadata or {}) else None

    async def read() -> None:  # one coroutine, which returns nothing: see _read_header_async
        if given is None:
            header = await read_eval_log_async(path, header_only=True)  # with the item table
        else:  # a copy: the caller's header keeps its packed table
            header = given.model_copy(update={"eval": given.eval.model_copy()})
        if header.eval.metadata:  # unpacked once, not for each chunk (log_rows reads it)
            table = log_item_table(header.eval.metadata)
            header.eval.metadata = {**header.eval.metadata, ITEMS: table}
        ids, epochs = header.eval.dataset.sample_ids, header.eval.config.epochs or 1
        if header.status == "success" and ids is not None:
            keys = [(i, epoch) for i in ids for epoch in range(1, epochs + 1)]
        else:  # summaries are slower to read (Inspect thins each one's metadata)
            keys = [(s.id, s.epoch) for s in await read_eval_log_sample_summaries_async(path)]
        with ExitStack() as archives:
            read_samples = _sample_reader(path, archives)
            for start in range(0, len(keys), CHUNK):
                samples = await read_samples(keys[start : start + CHUNK])
                # typed at once: its text held as compact string arrays, not Python objects
                frames.append(typed(_frame(log_rows(header, log_file, samples))))

    run_coroutine(read())
    if len(frames) > 1:
        return pd.concat(frames, ignore_index=True)
    return frames[0] if frames else _frame([])


def _log_file_rows(header: EvalLog, on_skip: Callable[[str], None]) -> pd.DataFrame:
    """Return the rows of the log a header stands for (reported through on_skip if none)."""
    from inspect_ai.log import read_eval_log

    path = header.location
    name = Path(path).name
    try:
        if header.status != "started" and path.endswith(".eval"):
            frame = streamed_rows(path, name, header)
            if len(frame):
                return frame
            on_skip(f"{path}: skipped, no samples (status {header.status})")
            return _frame([])
        log = read_eval_log(path)  # a partial or .json log: read whole
    except Exception as err:  # noqa: BLE001 - a header can be readable and samples not
        on_skip(f"{path}: skipped, samples unreadable ({type(err).__name__}: {err})")
        return _frame([])
    if not log.samples:
        on_skip(f"{path}: skipped, no samples (status {log.status})")
        return _frame([])
    if log.status == "started":
        on_skip(f"{path}: partial log included ({len(log.samples)} samples so far)")
    return _frame(log_rows(log, log_file=name))


SAMPLE_KEY = ["task", "model", "item_id", "epoch", "condition"]  # one result each


def _drop_seen(frame: pd.DataFrame, seen: set[tuple[Any, ...]]) -> tuple[pd.DataFrame, int]:
    """Return (the rows whose SAMPLE_KEY is not in ``seen``, how many samples were dropped).

    ``seen`` then holds this frame's keys too.
    """
    if frame.empty:
        return frame, 0
    keys = list(frame[SAMPLE_KEY].itertuples(index=False, name=None))
    mask = [k not in seen for k in keys]
    dropped = len({k for k, keep in zip(keys, mask, strict=True) if not keep})
    seen.update(keys)
    return (frame if all(mask) else frame[mask].reset_index(drop=True)), dropped


def results_table(
    sources: Sequence[str | Path] | str | Path,
    include_partial: bool = False,
    on_skip: Callable[[str], None] | None = None,
    all_runs: bool = False,
) -> pd.DataFrame:
    """Return the results table of the Inspect logs in the given files and folders.

    One log stands for each eval (see :func:`latest_logs`), so a resumed or repeated run is
    counted once: one result per task, model, item, epoch and condition (its rows: one per
    scorer and question). Where logs of different evals still hold the same sample, the
    latest complete log wins and the others' rows of it are dropped, with a warning.
    ``all_runs`` keeps every run of an eval instead, each labelled by its ``run_id``. Logs
    left out, and logs with no samples, are reported through ``on_skip`` (default: a
    Python warning).
    """
    if on_skip is None:
        on_skip = _warn
    headers = latest_logs(log_paths(sources), include_partial, on_skip=on_skip, all_runs=all_runs)
    headers.sort(key=_recency, reverse=True)  # the newest first: its samples win
    frames = []
    seen: set[tuple[Any, ...]] = set()
    for i, header in enumerate(headers):
        # typed at once (text columns become compact str arrays), and the header let go
        frame = typed(_log_file_rows(header, on_skip))
        if not all_runs:
            frame, dropped = _drop_seen(frame, seen)
            if dropped:
                on_skip(
                    f"{header.location}: {dropped} samples left out, a newer log holds "
                    "the same task, model, item, epoch and condition"
                )
        frames.append(frame)
        headers[i] = None
    return _table(frames)


def results_from_logs(
    logs: Sequence[EvalLog], on_skip: Callable[[str], None] | None = None
) -> pd.DataFrame:
    """Return the results table of logs as ``inspect_ai.eval`` returns them, reading no file.

    The same table :func:`results_table` gives from the log files. A log returned without
    its samples (``eval_set`` returns headers only) is read from its file, streamed; a log
    without samples is reported through ``on_skip`` (default: a Python warning).
    """
    if on_skip is None:
        on_skip = _warn
    frames = []
    for log in logs:
        location = _local_path(log.location or "")
        if log.samples is None and location:  # a header only: read its file
            frames.append(_log_file_rows(log.model_copy(update={"location": location}), on_skip))
        elif not log.samples:
            on_skip(f"{location}: skipped, no samples (status {log.status})")
        else:
            frames.append(_frame(log_rows(log, log_file=Path(location).name)))
    return _table(frames)
