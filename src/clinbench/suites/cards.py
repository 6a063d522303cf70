"""Suite cards: what each reference suite is, which sample it ships, and its published numbers.

A card is ``suites/<suite>/suite.yaml``: name, version, title, what it measures, its tasks,
each shipped sample file with the loader that reads it, the item count and the item-set
hash (``clinbench.items.digest``), the published reference results with their source, and
the human baseline where one exists. :func:`check_card` recomputes count and hash from the
shipped file, so a card cannot drift from the data.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import Any

SUITES_DIR = Path(__file__).parent


def read_cards() -> list[dict[str, Any]]:
    """Return every suite card, sorted by suite name (each with its folder under ``_dir``)."""
    import yaml

    cards = []
    for path in sorted(SUITES_DIR.glob("*/suite.yaml")):
        card = yaml.safe_load(path.read_text(encoding="utf-8"))
        card["_dir"] = str(path.parent)
        cards.append(card)
    return cards


@functools.cache
def _versions_by_task() -> dict[str, str]:
    return {task: str(card["version"]) for card in read_cards() for task in card.get("tasks") or []}


def suite_version(task: str) -> str | None:
    """Return the card version of the suite that runs ``task`` (None for a task no card lists)."""
    return _versions_by_task().get(task)


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
