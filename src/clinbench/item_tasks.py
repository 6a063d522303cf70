"""Inspect tasks from item files: items become samples, with the answering step and scorer.

How an item becomes a sample and back lives in :mod:`clinbench.items.sample`; this module
adds the format's prompt and the condition, and builds the task.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Scorer
from inspect_ai.solver import Solver

from clinbench import suites
from clinbench.items.digest import item_set_hash
from clinbench.items.loader import load_items
from clinbench.items.model import Item
from clinbench.items.sample import ITEMS, bank_files, item_table, packed_item_table, to_sample
from clinbench.providers.majority import ITEM_SET, remember_bank
from clinbench.scoring.exact import item_scorer
from clinbench.shards import shard_in_force
from clinbench.solvers.answer import answer_item
from clinbench.solvers.conditions import apply_condition
from clinbench.solvers.prompts import item_prompt
from clinbench.solvers.provider_errors import plain_provider_errors

SAMPLE_ITEMS = Path(__file__).parent / "data" / "sample_items.jsonl"

# How many items of an item file a run asks (its --limit): the tasks built here from item
# files hold, prompt and log only those (every item is still checked). None: all.
_FIRST_ITEMS: ContextVar[int | None] = ContextVar("clinbench_first_items", default=None)


@contextmanager
def first_items(n: int | None) -> Iterator[None]:
    """Build the item-file tasks made inside this block from the first ``n`` items only."""
    token = _FIRST_ITEMS.set(n)
    try:
        yield
    finally:
        _FIRST_ITEMS.reset(token)


DEFAULT_TEMPERATURE = 0.0
DEFAULT_SEED = 0
DEFAULT_MAX_TOKENS = 1024


def item_sample(
    item: Item,
    condition: str = "default",
    prompt: str | None = None,
    extra_metadata: dict[str, Any] | None = None,
    media: bool = True,
) -> Sample:
    """Return the Inspect sample for an item under a condition.

    ``prompt`` replaces the default prompt text (suites with their own wording pass it);
    the condition then rewrites it. Media and metadata: :func:`clinbench.items.sample.to_sample`.
    """
    text = apply_condition(condition, item, prompt if prompt is not None else item_prompt(item))
    return to_sample(item, text, condition, extra_metadata=extra_metadata, media=media)


def takes_options(options: Callable[..., dict[str, Any]]) -> Callable[[Any], Any]:
    """Return a decorator giving a task function the options declared by ``options``.

    Tasks that take the same options declare them once, as the signature of ``options`` (a
    function returning its arguments by name); each task function takes ``**options``. Inspect
    reads a task's options, and the defaults it records in the log, from the signature, so the
    decorated function carries that of ``options``; a call is checked against it as before.
    """
    signature = inspect.signature(options).replace(return_annotation="Task")

    def decorate(task_function: Any) -> Any:
        @functools.wraps(task_function)
        def with_options(*args: Any, **kwargs: Any) -> Task:
            return task_function(**options(*args, **kwargs))

        with_options.__signature__ = signature  # type: ignore[attr-defined]
        return with_options

    return decorate


def items_task(
    items: Sequence[Item],
    *,
    name: str = "clinbench_items",
    condition: str = "default",
    solver: Solver | list[Solver] | None = None,
    scorer: Scorer | list[Scorer] | None = None,
    temperature: float | None = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    epochs: int = 1,
    samples: Sequence[Sample] | None = None,
    metadata: dict[str, Any] | None = None,
    version: int | str = 1,
) -> Task:
    """Return an Inspect Task over items: samples, the answering solver and the item scorer.

    Temperature, seed and max tokens are explicit settings, recorded in the log both as
    the task's generation config and in its metadata (temperature None: none is sent, the
    provider's default applies, as some papers ran), with the item set's content hash
    and item count (``clinbench.items.digest``), its item files, the task version and the suite
    card version.
    """
    if not items and not samples:
        raise ValueError("no items to build a task from")
    samples = list(samples) if samples is not None else [item_sample(i, condition) for i in items]
    if (shard := shard_in_force()) is not None:  # a worker's share (the bank's hash stays whole)
        samples = shard.of(samples)
    in_memory = [s for s in samples if s.metadata is not None and not s.metadata.get("item_file")]
    if items and in_memory:  # no item file to count keys over: the bank is these items
        bank = remember_bank(items)
        for sample in in_memory:
            sample.metadata[ITEM_SET] = bank
    dataset = MemoryDataset(samples, name=name)
    settings = {"temperature": temperature, "seed": seed, "max_tokens": max_tokens}
    item_set = {"item_set_sha256": item_set_hash(items), "n_items": len(items)} if items else {}
    if files := bank_files(samples):
        item_set["item_files"] = files
    # the version in the card (suite.yaml) of the suite the task belongs to; none for own banks
    card = {"suite_version": v} if (v := suites.suite_version(name)) else {}
    return Task(
        dataset=dataset,
        setup=plain_provider_errors(),
        solver=solver if solver is not None else answer_item(),
        scorer=scorer if scorer is not None else item_scorer(),
        config=GenerateConfig(**settings),
        epochs=epochs,
        name=name,
        version=version,
        metadata={
            "condition": condition,
            **settings,
            **item_set,
            **card,
            # each item's row fields once (samples refer by key; the item is in its file)
            ITEMS: packed_item_table(item_table(samples)),
            **(metadata or {}),
        },
    )


@task
def clinbench_items(
    items: str | list[str] = str(SAMPLE_ITEMS),
    condition: str = "default",
    temperature: float | str | None = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    formats: str | None = None,
    decline: bool | None = None,
    instruction: str | None = None,
    shuffle: bool | None = None,
    shuffle_seed: int | None = None,
    fewshot: str | None = None,
    fewshot_n: int | None = None,
    tf_reading: str | None = None,
) -> Task:
    """Return a task over item files (JSONL/CSV), scored by exact match with every outcome kept.

    Args:
        items: One path or a list of paths (or a comma-separated string) of item files.
        condition: A registered condition name.
        temperature: Sampling temperature sent to the model; ``provider_default`` (or
            null) sends none.
        seed: Seed sent to the model (and used by clinbench's chance baseline).
        max_tokens: Maximum tokens per reply.
        formats: Optional comma-separated formats to keep (e.g. "mcq,tf").
        decline, instruction, shuffle, shuffle_seed, fewshot, fewshot_n, tf_reading: the prompt
            protocol (``clinbench.solvers.protocol``); unset options come from the
            protocol the items carry (an imported map's), else clinbench's default.
    """
    from clinbench.solvers.protocol import bank_protocol, protocol_samples, sent_temperature

    paths = items.split(",") if isinstance(items, str) else list(items)
    keep = {f.strip() for f in formats.split(",")} if formats else None
    loaded = load_items(paths, keep=(lambda i: i.format in keep) if keep else None,
                        first=_FIRST_ITEMS.get())  # fmt: skip
    given = {"decline": decline, "instruction": instruction, "shuffle": shuffle,
             "shuffle_seed": shuffle_seed, "fewshot": fewshot, "fewshot_n": fewshot_n,
             "tf_reading": tf_reading}  # fmt: skip
    protocol = bank_protocol(loaded, given)
    return items_task(
        loaded,
        name="clinbench_items",
        condition=condition,
        temperature=sent_temperature(temperature),
        seed=seed,
        max_tokens=max_tokens,
        samples=protocol_samples(loaded, protocol, condition) if loaded else None,
        metadata={"protocol": protocol.to_dict()},
    )


def default_model(target: Sequence[str]) -> str:
    """Return the offline model a run of ``target`` uses when no model is given.

    A suite task gets the model its suite declares (``SuiteSpec.offline_model``); item files
    get the seeded chance baseline.
    """
    if len(target) == 1 and target[0] in suites.tasks():
        return suites.task_suite(target[0]).default_model(target[0])
    return suites.DEFAULT_OFFLINE_MODEL


def resolve_task(
    target: Sequence[str], task_args: dict[str, Any] | None = None
) -> Task | list[Task]:
    """Return the Inspect task for item files or one suite task name, built with its task args.

    Item files whose formats need different scoring give one task per kind
    (:func:`_bank_tasks`): a mixed bank runs each format with its own scorer.

    Raises ValueError naming what is wrong: a target that is neither an existing item file
    nor a registered suite task (the known tasks are listed), or a task argument the task
    does not take (its arguments are listed). Item files are loaded and checked here, so
    a bad file raises before anything runs.
    """
    task_args = dict(task_args or {})
    known = {**suites.tasks(), **suites.SHARED_TASKS}
    if len(target) == 1 and target[0] in suites.SHARED_TASKS:
        name, function = target[0], suites.load(suites.SHARED_TASKS[target[0]])
    elif len(target) == 1 and target[0] in known:
        name, function = target[0], suites.task_function(target[0])
    else:
        missing = [t for t in target if not Path(t).exists()]
        if missing:
            raise ValueError(
                f"{', '.join(missing)}: neither an item file nor a suite task "
                f"({', '.join(sorted(known))})"
            )
        return _bank_tasks([str(Path(t)) for t in target], task_args)
    return _built(name, function, task_args)


# Formats clinbench_items scores by exact match; the others are scored by a suite's own task.
CLOSED_FORMATS = ("mcq", "tf", "fib", "sa", "exact")


def _built(name: str, function: Any, task_args: dict[str, Any]) -> Task:
    """Return ``function(**task_args)``; ValueError naming any argument it does not take."""
    parameters = inspect.signature(function).parameters
    takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
    unknown = [] if takes_any else sorted(set(task_args) - set(parameters))
    if unknown:
        accepted = ", ".join(parameters)
        raise ValueError(f"task {name} has no argument {', '.join(unknown)} (it takes {accepted})")
    return function(**task_args)


def _bank_tasks(paths: list[str], task_args: dict[str, Any]) -> Task | list[Task]:
    """Return the task(s) scoring item files: one per kind of scoring the bank's formats need.

    Closed formats run in ``clinbench_items`` (exact match); a format a suite scores from
    item files (``SuiteSpec.format_tasks``, e.g. cases with the rubric adjudicator) runs in
    that suite's task over the same files. A format no task scores from item files raises
    ValueError before any model is called, naming how it is scored (``format_hints``).
    Task arguments go to each task that takes them; one no task takes is an error.
    """
    from clinbench.items.loader import format_counts

    counts = format_counts(paths)  # not read again where the run command's check read them
    routed = suites.format_tasks()
    others = sorted(f for f in counts if f not in CLOSED_FORMATS)
    unscored = [f for f in others if f not in routed]
    if unscored:
        hints = suites.format_hints()
        raise ValueError(
            "; ".join(
                f"{counts[f]} {f} item{'s' if counts[f] != 1 else ''} in {', '.join(paths)}: "
                "clinbench run scores closed formats (mcq, tf, fib, sa, exact) and formats a "
                f"suite scores from item files ({', '.join(sorted(routed)) or 'none'}); "
                + hints.get(f, f"no suite scores {f} items")
                for f in unscored
            )
        )
    plan: list[tuple[str, Any, dict[str, Any]]] = []
    if any(f in CLOSED_FORMATS for f in counts):
        closed = ",".join(f for f in CLOSED_FORMATS if f in counts)
        plan.append(("clinbench_items", clinbench_items, {"items": paths, "formats": closed}))
    for fmt in others:
        plan.append((routed[fmt], suites.task_function(routed[fmt]), {"items": paths}))
    if len(plan) == 1:
        name, function, args = plan[0]
        if name == "clinbench_items" and "formats" not in task_args:
            args = {"items": paths}  # the bank as it is: nothing to leave out
        return _built(name, function, {**args, **task_args})
    accepted = {name: set(inspect.signature(f).parameters) for name, f, _ in plan}
    unknown = sorted(set(task_args) - set().union(*accepted.values()))
    if unknown:
        raise ValueError(
            f"no task of this bank has the argument {', '.join(unknown)} ("
            + "; ".join(f"{n} takes {', '.join(sorted(a))}" for n, a in accepted.items())
            + ")"
        )
    return [
        _built(name, function, {**args, **{k: v for k, v in task_args.items()
                                            if k in accepted[name]}})
        for name, function, args in plan
    ]  # fmt: skip
