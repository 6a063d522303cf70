"""Content hashes of items and item sets: what was run, as a fingerprint.

An item's hash is the SHA-256 of its canonical JSON (keys sorted, no spaces, defaults left
out, UTF-8) with each media file it names (``media``, ``images``, ``audio``) given by the
SHA-256 of the file's bytes instead of its path, so the same item hashes the same whichever
file, folder or order it came from, and a changed image or clip changes it. An item set's
hash is the SHA-256 of its items' hashes, sorted and one per line: it does not depend on
file order, and it can be recomputed from the item hashes alone (which is how a split
manifest lets a reader check a public sample without seeing the private items).

:func:`record_hash` is the hash of the item as written (media named by path): it tells
apart two records of one item whose media sit in different places, which is what a run
needs to find each sample's files (``clinbench.items.sample`` keys its table with it).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from clinbench.items.model import Item, media_fields

MISSING = "missing:"  # how a media file that does not exist is named in the hashed JSON


def canonical_item_json(item: Item) -> str:
    """Return the canonical JSON text of an item (sorted keys, compact, defaults omitted)."""
    row: dict[str, Any] = {
        "format": item.format,
        **item.model_dump(mode="json", exclude_defaults=True),
    }
    return json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(item: Item) -> str:
    """Return the SHA-256 (hex) of an item's canonical JSON (media named by their paths)."""
    return hashlib.sha256(canonical_item_json(item).encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)
def _file_sha256(path: str, size: int, mtime_ns: int) -> str:
    """Return the SHA-256 (hex) of a file's bytes (cached per path, size and change time)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def media_sha256(path: Path) -> str:
    """Return ``sha256:HEX`` of a media file's bytes, or ``missing:PATH`` when it is absent.

    A missing file is named, not guessed at: the hash then differs from that of the item
    with its file, and the run that needs the file reports it.
    """
    try:
        stat = os.stat(path)
    except OSError:
        return f"{MISSING}{path}"
    return "sha256:" + _file_sha256(os.path.realpath(path), stat.st_size, stat.st_mtime_ns)


def content_item_json(item: Item) -> str:
    """Return an item's canonical JSON with each media path replaced by its file's hash."""
    fields = media_fields(item)
    if not fields:
        return canonical_item_json(item)
    row: dict[str, Any] = json.loads(canonical_item_json(item))
    for field, path in fields:
        name, _, index = field.partition(".")
        digest = media_sha256(item.resolve(path))
        if index:
            row[name][int(index)] = digest
        else:
            row[name] = digest
    return json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def item_hash(item: Item) -> str:
    """Return the SHA-256 (hex) of an item's content: its canonical JSON, media by their bytes."""
    return hashlib.sha256(content_item_json(item).encode("utf-8")).hexdigest()


def hash_set(hashes: Iterable[str]) -> str:
    """Return the SHA-256 (hex) of item hashes, sorted and joined one per line."""
    text = "\n".join(sorted(hashes))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def item_set_hash(items: Iterable[Item]) -> str:
    """Return the content hash of an item set (independent of item order)."""
    return hash_set(item_hash(i) for i in items)
