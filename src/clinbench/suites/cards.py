"""Suite cards: what each reference suite is, which sample it ships, and its published numbers.

A card is ``suites/<suite>/suite.yaml``: name, version, title, what it measures, its tasks,
each shipped sample file with the loader that reads it, the item count and the item-set
hash (``clinbench.items.digest``), the published reference results with their source, and
the human baseline where one exists. :func:`check_card` recomputes count and hash from the
shipped file, so a card cannot drift from the data.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from clinbench.suites import SUITES_DIR, read_cards, suite_version  # noqa: F401 (re-exported)


def _loader(spec: str):
    module, attr = spec.split(":")
    return getattr(importlib.import_module(module), attr)


def check_card(card: dict[str, Any]) -> list[str]:
    """Return the problems of a card against its shipped samples (empty when it matches)."""
    from clinbench.items.digest import item_set_hash

    problems = []
    for sample in card.get("samples") or []:
        path = Path(card["_dir"]) / sample["file"]
        items = _loader(sample["loader"])(str(path))
        digest = item_set_hash(items)
        if len(items) != sample["items"]:
            problems.append(f"{card['name']}: {sample['file']}: card says {sample['items']} "
                            f"items, the file has {len(items)}")  # fmt: skip
        if digest != sample["item_set_sha256"]:
            fix = "update the card and bump its version if the items changed"
            problems.append(
                f"{card['name']}: {sample['file']}: item_set_sha256 is {digest} ({fix})"
            )
    return problems
