"""Items as Inspect samples and back: the sample's target, its metadata, the decline word.

Each sample carries its whole item in ``metadata["item"]`` (and the item file in
``metadata["item_file"]``, so media paths resolve as in the file); solvers, scorers and
clinbench's offline providers rebuild the item with :func:`from_state` or
:func:`from_metadata`. The prompt text is made by the caller (``clinbench.tasks`` applies
the format's prompt and the condition), so this module depends on the item model only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageUser, ContentAudio, ContentImage, ContentText
from inspect_ai.solver import TaskState

from clinbench.items.model import (
    ITEM_ADAPTER,
    AudioItem,
    CaseItem,
    ExactItem,
    Item,
    MCQItem,
    TFItem,
)

# The single word a model replies with to decline an item; prompts ask for it and
# extraction recognises it, so it is written here once.
DECLINE_WORD = "DECLINE"


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


def audio_format(path: Path) -> str:
    """Return the audio format name Inspect's ``ContentAudio`` takes for a file ("wav"/"mp3")."""
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in ("wav", "mp3"):
        raise ValueError(f"{path}: audio must be .wav or .mp3 for Inspect's ContentAudio")
    return suffix


def to_sample(
    item: Item,
    text: str,
    condition: str = "default",
    extra_metadata: dict[str, Any] | None = None,
    media: bool = True,
) -> Sample:
    """Return the Inspect sample asking ``text`` about an item (under a condition's name).

    Case images go as ``ContentImage`` and audio as ``ContentAudio`` unless ``media`` is
    False (e.g. an ASR pipeline sends text only).
    """
    content: list[Any] = []
    if media and isinstance(item, CaseItem):
        content += [ContentImage(image=str(item.resolve(p))) for p in item.images]
    if media and isinstance(item, AudioItem):
        audio = item.resolve(item.audio)
        content.append(ContentAudio(audio=str(audio), format=audio_format(audio)))
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


def from_metadata(metadata: dict[str, Any]) -> Item:
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


def from_state(state: TaskState) -> Item:
    """Return the item of the sample a TaskState is running."""
    return from_metadata(state.metadata)
