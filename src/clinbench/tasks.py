"""Inspect tasks from item files: items become samples, with the answering step and scorer.

Each sample carries its whole item in ``metadata["item"]``, so solvers, scorers and
clinbench's offline providers can rebuild it with :func:`item_from_state`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessageUser,
    ContentAudio,
    ContentImage,
    ContentText,
    GenerateConfig,
)
from inspect_ai.scorer import Scorer
from inspect_ai.solver import Solver, TaskState

from clinbench.items.digest import item_set_hash
from clinbench.items.loader import load_items
from clinbench.items.model import (
    ITEM_ADAPTER,
    AudioItem,
    CaseItem,
    ExactItem,
    Item,
    MCQItem,
    TFItem,
)
from clinbench.solvers.conditions import apply_condition
from clinbench.solvers.prompts import item_prompt

SAMPLE_ITEMS = Path(__file__).parent / "data" / "sample_items.jsonl"

DEFAULT_TEMPERATURE = 0.0
DEFAULT_SEED = 0
DEFAULT_MAX_TOKENS = 1024


def item_target(item: Item) -> str:
    """Return the key of an item as text (the sample's target)."""
    if isinstance(item, MCQItem):
        return item.answer
    if isinstance(item, TFItem):
        return "true" if item.answer else "false"
    if isinstance(item, ExactItem):
        return json.dumps(item.answer, sort_keys=True)
    if isinstance(item, CaseItem):
        return json.dumps({q.id: q.reference for q in item.questions})
    if isinstance(item, AudioItem):
        return item.answer or item.transcript or ""
    return str(item.answer)


def _audio_format(path: Path) -> str:
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in ("wav", "mp3"):
        raise ValueError(f"{path}: audio must be .wav or .mp3 for Inspect's ContentAudio")
    return suffix


def item_sample(
    item: Item,
    condition: str = "default",
    prompt: str | None = None,
    extra_metadata: dict[str, Any] | None = None,
    media: bool = True,
) -> Sample:
    """Return the Inspect sample for an item under a condition.

    ``prompt`` replaces the default prompt text (suites with their own wording pass it);
    the condition then rewrites it. Case images go as ``ContentImage`` and audio as
    ``ContentAudio`` unless ``media`` is False (e.g. an ASR pipeline sends text only).
    """
    text = apply_condition(condition, item, prompt if prompt is not None else item_prompt(item))
    content: list[Any] = []
    if media and isinstance(item, CaseItem):
        content += [ContentImage(image=str(item.resolve(p))) for p in item.images]
    if media and isinstance(item, AudioItem):
        audio = item.resolve(item.audio)
        content.append(ContentAudio(audio=str(audio), format=_audio_format(audio)))
    sample_input: str | list[ChatMessageUser] = text
    if content:
        sample_input = [ChatMessageUser(content=[ContentText(text=text), *content])]
    source = item._source_file
    metadata = {
        "item": item.model_dump(mode="json"),
        "item_file": str(source.resolve()) if source else None,
        "suite": item.suite,
        "format": item.format,
        "condition": condition,
        "domain": item.domain,
        "source_pool": item.source_pool,
        "difficulty": item.difficulty,
        "answer_set": item.answer_set,
        **(extra_metadata or {}),
    }
    return Sample(id=item.id, input=sample_input, target=item_target(item), metadata=metadata)


def item_from_metadata(metadata: dict[str, Any]) -> Item:
    """Return the item stored in a sample's metadata (media resolve as in its file)."""
    if "item" not in (metadata or {}):
        raise ValueError(
            "this sample holds no clinbench item; clinbench/chance and clinbench/rules answer "
            "clinbench items only (clinbench/replay answers any sample by its id)"
        )
    item = ITEM_ADAPTER.validate_python(metadata["item"])
    if metadata.get("item_file"):
        item._source_file = Path(metadata["item_file"])
    return item


def item_from_state(state: TaskState) -> Item:
    """Return the item of the sample a TaskState is running."""
    return item_from_metadata(state.metadata)


def items_task(
    items: Sequence[Item],
    *,
    name: str = "clinbench_items",
    condition: str = "default",
    solver: Solver | list[Solver] | None = None,
    scorer: Scorer | list[Scorer] | None = None,
    temperature: float = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    epochs: int = 1,
    samples: Sequence[Sample] | None = None,
    metadata: dict[str, Any] | None = None,
    version: int | str = 1,
) -> Task:
    """Return an Inspect Task over items: samples, the answering solver and the item scorer.

    Temperature, seed and max tokens are explicit settings, recorded in the log both as
    the task's generation config and in its metadata, with the item set's content hash
    and item count (``clinbench.items.digest``) and the task version.
    """
    from clinbench.scoring.exact import item_scorer
    from clinbench.solvers.answer import answer_item

    if not items and not samples:
        raise ValueError("no items to build a task from")
    dataset = MemoryDataset(
        list(samples) if samples is not None else [item_sample(i, condition) for i in items],
        name=name,
    )
    settings = {"temperature": temperature, "seed": seed, "max_tokens": max_tokens}
    item_set = {"item_set_sha256": item_set_hash(items), "n_items": len(items)} if items else {}
    return Task(
        dataset=dataset,
        solver=solver if solver is not None else answer_item(),
        scorer=scorer if scorer is not None else item_scorer(),
        config=GenerateConfig(**settings),
        epochs=epochs,
        name=name,
        version=version,
        metadata={"condition": condition, **settings, **item_set, **(metadata or {})},
    )


@task
def clinbench_items(
    items: str | list[str] = str(SAMPLE_ITEMS),
    condition: str = "default",
    temperature: float = DEFAULT_TEMPERATURE,
    seed: int = DEFAULT_SEED,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    formats: str | None = None,
    decline: bool | None = None,
    instruction: str | None = None,
    shuffle: bool | None = None,
    shuffle_seed: int | None = None,
    fewshot: str | None = None,
    fewshot_n: int | None = None,
) -> Task:
    """Return a task over item files (JSONL/CSV), scored by exact match with every outcome kept.

    Args:
        items: One path or a list of paths (or a comma-separated string) of item files.
        condition: A registered condition name.
        temperature: Sampling temperature sent to the model.
        seed: Seed sent to the model (and used by clinbench's chance baseline).
        max_tokens: Maximum tokens per reply.
        formats: Optional comma-separated formats to keep (e.g. "mcq,tf").
        decline, instruction, shuffle, shuffle_seed, fewshot, fewshot_n: the prompt
            protocol (``clinbench.solvers.protocol``); unset options come from the
            protocol the items carry (an imported map's), else clinbench's default.
    """
    from clinbench.solvers.protocol import bank_protocol, protocol_samples

    paths = items.split(",") if isinstance(items, str) else list(items)
    loaded = load_items(paths)
    if formats:
        keep = {f.strip() for f in formats.split(",")}
        loaded = [i for i in loaded if i.format in keep]
    given = {"decline": decline, "instruction": instruction, "shuffle": shuffle,
             "shuffle_seed": shuffle_seed, "fewshot": fewshot, "fewshot_n": fewshot_n}  # fmt: skip
    protocol = bank_protocol(loaded, given)
    return items_task(
        loaded,
        name="clinbench_items",
        condition=condition,
        temperature=temperature,
        seed=seed,
        max_tokens=max_tokens,
        samples=protocol_samples(loaded, protocol, condition) if loaded else None,
        metadata={"protocol": protocol.to_dict()},
    )
