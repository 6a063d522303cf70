"""Items as Inspect samples and back: the sample's target, its metadata, the decline word.

A sample carries its item by reference: ``metadata["item_key"]`` is the hash of the item
as written (:func:`clinbench.items.digest.record_hash`, media named by their paths, so
that the entry names the files the sample is asked about), and the item itself sits once
in a table of this process (filled by :func:`to_sample`) while a sample made for it is alive
(a task's dataset holds its samples while it runs), so repeated runs in one process do not
pile items up. The log's header (the task's metadata) names the bank (its item files,
content hash, item count) and keeps, by item key, only the fields a results row shows of
each item (``items``: :data:`ROW_FIELDS`, from :func:`item_table`, packed into one string by
:func:`packed_item_table`, read back by :func:`log_item_table`): Inspect's log list loads
every header, and the question, options and key are in each sample already. A logged item is
read back whole from its bank file, found by its key
(``from_metadata(metadata, log_item_table(log.eval.metadata))``); logs written before held
the whole item there, and are read as they are.
Besides the key a sample carries only the item file (``item_file``, so media resolve as in
the file), its condition and what the caller adds (``extra_metadata``): what results rows
show of the item (suite, format, domain, ...) is read from the item, and every metadata key
costs Inspect work per sample (copies, summaries, the log).
Solvers, scorers and clinbench's offline providers get the item with :func:`from_state` or
:func:`from_metadata`; samples written before (the whole item in ``metadata["item"]``) are
read too. The prompt text is made by the caller (``clinbench.item_tasks`` applies the format's
prompt and the condition), so this module depends on the item model only.
"""

from __future__ import annotations

import json
import weakref
from pathlib import Path
from typing import Any

from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageUser, ContentAudio, ContentImage, ContentText
from inspect_ai.solver import TaskState

from clinbench.items.digest import record_hash
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
# An MCQ asked with its options as words, no letters (PubMedQA: yes / no / maybe): the item's
# ``metadata[ANSWER_FORM]`` is WORD_FORM, and its answer is read as the option's word.
ANSWER_FORM = "answer_form"
WORD_FORM = "word"
# How a true/false reply is read (``clinbench.scoring.extract.TF_READINGS``): an item whose
# ``metadata[TF_READING]`` is "first_occurrence" takes the first "true"/"false" word of the
# reply (AudiologyBench's published rule); clinbench's own reading otherwise.
TF_READING = "tf_reading"


def asks_for_word(item: Any) -> bool:
    """Return True for an MCQ asked with its options as words (answer read as the word)."""
    return isinstance(item, MCQItem) and item.metadata.get(ANSWER_FORM) == WORD_FORM


ITEM_KEY = "item_key"  # sample metadata: the record hash of the sample's item
# task (log) metadata: the item table, {item key: the item's ROW_FIELDS}, packed as one string
# (:func:`packed_item_table`); logs written before hold the whole items, or the table unpacked
ITEMS = "items"
# what a results row shows of an item (clinbench.results.export.log_rows reads these)
ROW_FIELDS = ("suite", "format", "domain", "source_pool", "difficulty", "tags", "metadata")
PACKED = "zlib+base64:"  # what a packed item table starts with
MAX_ITEM_TABLE = 1 << 30  # bytes a packed item table may unpack to (a damaged log fails)


class _Entry:
    """An item of the process's table with the resolved path of the file it came from."""

    __slots__ = ("item", "item_file", "__weakref__")

    def __init__(self, item: Item, item_file: str | None) -> None:
        self.item, self.item_file = item, item_file


def _hold(entry: _Entry) -> None:
    """Do nothing: a sample's finalizer holds its entry (the argument) while the sample lives."""


# The items of the live samples built in this process, by key (one entry per distinct
# item). Entries are held weakly here and strongly by each sample's finalizer
# (weakref.finalize keeps its arguments until the sample is freed), so an item leaves the
# table when the last sample made for it is gone.
_ITEMS: weakref.WeakValueDictionary[str, _Entry] = weakref.WeakValueDictionary()


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
    key = record_hash(item)
    entry = _ITEMS.get(key)
    if entry is None:
        entry = _ITEMS[key] = _Entry(item, item_file)
    metadata = {ITEM_KEY: key, "item_file": item_file, "condition": condition}
    metadata.update(extra_metadata or {})
    sample = Sample(id=item.id, input=sample_input, target=item_target(item), metadata=metadata)
    weakref.finalize(sample, _hold, entry).atexit = False  # the entry lives as the sample does
    return sample


def item_table(samples: list[Sample]) -> dict[str, dict[str, Any]]:
    """Return {item key: the item's ROW_FIELDS as JSON} of the items the samples refer to.

    This is what the log's header keeps of each item: the fields a results row shows, not
    the question, options or key (each sample holds its prompt and target).
    """
    table: dict[str, dict[str, Any]] = {}
    fields = set(ROW_FIELDS)
    for sample in samples:
        key = (sample.metadata or {}).get(ITEM_KEY)
        if key is not None and key not in table:
            table[key] = _ITEMS[key].item.model_dump(mode="json", include=fields)
    return table


def bank_files(samples: list[Sample]) -> list[str]:
    """Return the item files the samples' items come from (resolved paths, sorted)."""
    return sorted({f for s in samples if (f := (s.metadata or {}).get("item_file"))})


def packed_item_table(table: dict[str, dict[str, Any]]) -> str:
    """Return an item table as one string for the log: its JSON, zlib-compressed, base64.

    The log's header carries the task metadata whole, and Inspect holds and copies it
    several times while it finishes a log (the eval spec, the header, the log list): one
    string of about a tenth of the JSON is shared by every copy, where the table as dicts
    is copied as thousands of objects. Nothing is left out: :func:`log_item_table` gives
    the same table back.
    """
    import base64
    import zlib

    text = json.dumps(table, separators=(",", ":"), ensure_ascii=False).encode()
    return PACKED + base64.b64encode(zlib.compress(text, 6)).decode("ascii")


def log_item_table(metadata: dict[str, Any] | None) -> dict[str, Any]:
    """Return the item table a log's task metadata holds ({} when none), packed or not.

    A packed table (:func:`packed_item_table`) is unpacked; a log written before packing
    holds the table as a dict, returned as it is. A damaged packed table raises ValueError
    (also one that would unpack to more than ``MAX_ITEM_TABLE`` bytes).
    """
    value = (metadata or {}).get(ITEMS)
    if isinstance(value, dict):
        return value
    if not isinstance(value, str) or not value.startswith(PACKED):
        return {}
    import base64
    import binascii
    import zlib

    try:
        unpacker = zlib.decompressobj()
        text = unpacker.decompress(base64.b64decode(value[len(PACKED) :]), MAX_ITEM_TABLE)
        if unpacker.unconsumed_tail:
            raise ValueError(f"unpacks to more than {MAX_ITEM_TABLE} bytes")
        table = json.loads(text)
    except (binascii.Error, zlib.error, ValueError) as err:
        raise ValueError(f"the log's item table cannot be read: {err}") from err
    if not isinstance(table, dict):
        raise ValueError("the log's item table cannot be read: not a JSON object")
    return table


def item_json(metadata: dict[str, Any], table: dict[str, Any] | None) -> dict[str, Any]:
    """Return a logged sample's item as JSON: from the log's item table, or the old layout.

    ``table`` is the log's item table (:func:`log_item_table`); a sample written before items moved
    there holds its whole item in ``metadata["item"]``. Empty when the sample holds neither.
    """
    if isinstance(metadata.get("item"), dict):
        return metadata["item"]
    return (table or {}).get(metadata.get(ITEM_KEY), {})


def from_metadata(metadata: dict[str, Any], table: dict[str, Any] | None = None) -> Item:
    """Return the item a sample's metadata refers to (media resolve as in its file).

    The item comes from the process's table while a sample made for it is alive (a task
    that is running), else from ``table``, a log's ``eval.metadata["items"]`` (a logged
    sample read after its task is gone). The returned item is shared by every sample of
    it: read it, do not change it. ``table`` is the log's item table (:func:`log_item_table`).
    """
    metadata = metadata or {}
    source = metadata.get("item_file")
    if "item" in metadata:  # a sample of the old layout (the whole item in its metadata)
        item = ITEM_ADAPTER.validate_python(metadata["item"])
        if source:
            item._source_file = Path(source)
        return item
    key = metadata.get(ITEM_KEY)
    entry = _ITEMS.get(key) if key is not None else None
    if entry is not None:
        item, registered_file = entry.item, entry.item_file
    elif key is not None and table and key in table:
        if "id" not in table[key]:  # the row fields only: the item is in its bank file
            return _item_in_file(key, source)
        item = ITEM_ADAPTER.validate_python(table[key])  # a log that held the whole item
        item._source_file = Path(source) if source else None
        return item
    elif key is not None:
        raise ValueError(
            f"item {key[:12]}... is neither among the items of this process's live tasks nor "
            "in the table given; build the task (clinbench.item_tasks) before running its samples, "
            "or pass the log's item table (log_item_table(log.eval.metadata))"
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


def _item_in_file(key: str, source: str | None) -> Item:
    """Return the item of an item file whose record hash is ``key`` (ValueError if none)."""
    if not source:
        raise ValueError(
            f"item {key[:12]}...: the log keeps only the fields its results rows show, and the "
            "sample names no item file to read the item from"
        )
    from clinbench.items.loader import items_by_key_now

    try:
        item = items_by_key_now(source).get(key)
    except OSError as err:
        raise ValueError(f"item {key[:12]}...: its item file cannot be read: {err}") from err
    if item is None:
        raise ValueError(
            f"{source} no longer holds item {key[:12]}... as it was asked (the file changed "
            "since the run, or the task built the item anew from it); the log keeps only the "
            "fields its results rows show"
        )
    return item


def from_state(state: TaskState) -> Item:
    """Return the item of the sample a TaskState is running."""
    return from_metadata(state.metadata)
