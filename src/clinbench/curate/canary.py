"""Canary GUIDs: a per-bank marker that shows when a bank's items leaked into training data.

A canary is a random GUID stamped into every item's metadata (``metadata.canary``) and
written as the first line of every file clinbench exports for publication. A crawler that
honours the notice skips the file; a model that can recite the GUID has seen the file. The
practice follows the BIG-bench canary string; the notice below is clinbench's own wording.

A public JSONL file starts with one JSON object holding the notice (``CANARY_KEY``); the
item loader skips that first line, and any JSON reader can parse it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from clinbench.items.header import CANARY_KEY, is_canary_header  # noqa: F401 (re-exported)
from clinbench.items.loader import write_items
from clinbench.items.model import Item

CANARY_PREFIX = "clinbench-canary:"


def canary_notice(guid: str) -> str:
    """Return the notice line that accompanies a canary GUID in every public file."""
    return (
        "CLINBENCH EVALUATION ITEMS - KEEP OUT OF ALL TRAINING, FINE-TUNING AND WEB-CRAWL "
        f"CORPORA. canary GUID {CANARY_PREFIX}{guid}"
    )


def new_canary() -> str:
    """Return a fresh random canary GUID (uuid4, as text)."""
    return str(uuid.uuid4())


def bank_canary(items: Sequence[Item]) -> str | None:
    """Return the canary the items already carry (None if none); ValueError if they differ."""
    found = {str(i.metadata["canary"]) for i in items if "canary" in i.metadata}
    if len(found) > 1:
        raise ValueError(f"items carry {len(found)} different canaries: {sorted(found)}")
    if found and any("canary" not in i.metadata for i in items):
        raise ValueError("some items carry a canary and some do not; stamp the whole bank")
    return found.pop() if found else None


def stamp_canary(items: Sequence[Item], guid: str | None = None) -> tuple[list[Item], str]:
    """Return (copies of the items with ``metadata.canary`` set, the GUID used).

    A bank already stamped keeps its GUID (stamping is idempotent); a GUID given that
    differs from the one the bank carries is refused.
    """
    existing = bank_canary(items)
    if guid is not None:
        guid = str(uuid.UUID(guid))  # ValueError for text that is not a GUID
    if existing and guid and existing != guid:
        raise ValueError(f"the bank already carries canary {existing}; refusing to replace it")
    guid = existing or guid or new_canary()
    stamped = []
    for item in items:
        copy = item.model_copy(deep=True, update={"metadata": {**item.metadata, "canary": guid}})
        copy._source_file, copy._source_line = item._source_file, item._source_line
        stamped.append(copy)
    return stamped, guid


def canary_header(guid: str, bank: str) -> dict[str, Any]:
    """Return the JSON object written as the first line of a public JSONL file."""
    return {CANARY_KEY: guid, "bank": bank, "notice": canary_notice(guid)}


def write_public_items(items: Iterable[Item], path: str | Path, guid: str, bank: str) -> Path:
    """Write items as JSONL with the canary header first (atomically); return the path."""
    return write_items(items, path, header=canary_header(guid, bank))
