"""Content hashes of items and item sets: what was run, as a fingerprint.

An item's hash is the SHA-256 of its canonical JSON (keys sorted, no spaces, defaults left
out, UTF-8), so the same item hashes the same whichever file or order it came from. An
item set's hash is the SHA-256 of its items' hashes, sorted and one per line: it does not
depend on file order, and it can be recomputed from the item hashes alone (which is how a
split manifest lets a reader check a public sample without seeing the private items).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from clinbench.items.model import Item


def canonical_item_json(item: Item) -> str:
    """Return the canonical JSON text of an item (sorted keys, compact, defaults omitted)."""
    row: dict[str, Any] = {
        "format": item.format,
        **item.model_dump(mode="json", exclude_defaults=True),
    }
    return json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def item_hash(item: Item) -> str:
    """Return the SHA-256 (hex) of an item's canonical JSON."""
    return hashlib.sha256(canonical_item_json(item).encode("utf-8")).hexdigest()


def hash_set(hashes: Iterable[str]) -> str:
    """Return the SHA-256 (hex) of item hashes, sorted and joined one per line."""
    text = "\n".join(sorted(hashes))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def item_set_hash(items: Iterable[Item]) -> str:
    """Return the content hash of an item set (independent of item order)."""
    return hash_set(item_hash(i) for i in items)
