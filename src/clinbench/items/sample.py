"""Items as Inspect samples and back: the sample's target, its metadata, the decline word.

A sample carries its item by reference: ``metadata["item_key"]`` is the item's content hash
(:func:`clinbench.items.digest.item_hash`), and the item itself sits once in a table of
this process (filled by :func:`to_sample`) and once in the log, in the task's metadata
(``items``: key -> item, from :func:`item_table`), so that a results export from the log
file alone sees every item. The sample also carries the item file (``item_file``, so media
resolve as in the file) and the fields results rows show (suite, format, domain, ...).
Solvers, scorers and clinbench's offline providers get the item with :func:`from_state` or
:func:`from_metadata`; samples written before (the whole item in ``metadata["item"]``) are
read too. The prompt text is made by the caller (``clinbench.tasks`` applies the format's
prompt and the condition), so this module depends on the item model only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageUser, ContentAudio, ContentImage, ContentText
from inspect_ai.solver import TaskState

from clinbench.items.digest import item_hash
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

ITEM_KEY = "item_key"  # sample metadata: the content hash of the sample's item
ITEMS = "items"  # task (log) metadata: {item key: item as JSON}

# The items of the samples built in this process, by key (one entry per distinct item),
# with the resolved path of the file each came from.
_ITEMS: dict[str, tuple[Item, str | None]] = {}


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
    item_file = str(source.resolve()) if source else None
    key = item_hash(item)
    _ITEMS.setdefault(key, (item, item_file))
    metadata = {
        ITEM_KEY: key,
        "item_file": item_file,
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


def item_table(samples: list[Sample]) -> dict[str, dict[str, Any]]:
    """Return {item key: item as JSON} of the items the samples refer to (for the log)."""
    table: dict[str, dict[str, Any]] = {}
    for sample in samples:
        key = (sample.metadata or {}).get(ITEM_KEY)
        if key is not None and key not in table:
            table[key] = _ITEMS[key][0].model_dump(mode="json")
    return table


def item_json(metadata: dict[str, Any], table: dict[str, Any] | None) -> dict[str, Any]:
    """Return a logged sample's item as JSON: from the log's item table, or the old layout.

    ``table`` is the log's ``eval.metadata["items"]``; a sample written before items moved
    there holds its whole item in ``metadata["item"]``. Empty when the sample holds neither.
    """
    if isinstance(metadata.get("item"), dict):
        return metadata["item"]
    return (table or {}).get(metadata.get(ITEM_KEY), {})


def from_metadata(metadata: dict[str, Any]) -> Item:
    """Return the item a sample's metadata refers to (media resolve as in its file).

    The returned item is shared by every sample of it: read it, do not change it.
    """
    metadata = metadata or {}
    source = metadata.get("item_file")
    if "item" in metadata:  # a sample of the old layout (the whole item in its metadata)
        item = ITEM_ADAPTER.validate_python(metadata["item"])
        if source:
            item._source_file = Path(source)
        return item
    if metadata.get(ITEM_KEY) in _ITEMS:
        item, registered_file = _ITEMS[metadata[ITEM_KEY]]
    elif ITEM_KEY in metadata:
        raise ValueError(
            f"item {metadata[ITEM_KEY][:12]}... is not among the items of this process's "
            "tasks; build the task (clinbench.tasks) before running its samples"
        )
    else:
        raise ValueError(
            "this sample holds no clinbench item; clinbench/chance and clinbench/rules answer "
            "clinbench items only (clinbench/replay answers any sample by its id)"
        )
    if source and source != registered_file:  # the same item, from another file
        item = item.model_copy()
        item._source_file = Path(source)
    return item


def from_state(state: TaskState) -> Item:
    """Return the item of the sample a TaskState is running."""
    return from_metadata(state.metadata)
