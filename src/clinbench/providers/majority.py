"""The majority-class baseline: always the key most common in the bank, for the floor.

For multiple-choice items the most common key letter, for true/false the more common
value, for exact items each choice field's most common value, counted over the item file
the sample came from (``metadata.item_file``), so the baseline knows the bank's key
distribution and nothing else. Ties go to the first in sorted order. An item whose
options lack the bank's majority letter gets the most common letter among its own options.
Free-text formats have no majority: the baseline declines.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from clinbench.items.model import ExactItem, MCQItem, TFItem
from clinbench.items.sample import DECLINE_WORD, asks_for_word


def _most_common(counts: Counter, allowed: list[str] | None = None) -> str | None:
    pool = [(k, n) for k, n in counts.items() if allowed is None or k in allowed]
    if not pool:
        return None
    top = max(n for _, n in pool)
    return sorted(k for k, n in pool if n == top)[0]


@cache
def key_counts(item_file: str) -> dict[str, Counter]:
    """Return key counts of an item file: 'mcq', 'tf', and 'exact:<field>' -> Counter."""
    from clinbench.items.loader import load_items

    counts: dict[str, Counter] = {}
    for item in load_items(Path(item_file)):
        if isinstance(item, MCQItem):
            counts.setdefault("mcq", Counter())[item.answer] += 1
        elif isinstance(item, TFItem):
            counts.setdefault("tf", Counter())["true" if item.answer else "false"] += 1
        elif isinstance(item, ExactItem):
            for field in item.fields:
                if field.kind == "choice":
                    key = f"exact:{field.name}"
                    counts.setdefault(key, Counter())[item.answer[field.name]] += 1
    return counts


def majority_reply(item: Any, item_file: str | None) -> str:
    """Return the majority-class reply to an item, from its file's key counts."""
    if not item_file:
        raise ValueError("clinbench/majority needs samples made from an item file")
    counts = key_counts(str(Path(item_file).resolve()))
    if isinstance(item, MCQItem):
        letters = sorted(item.options)
        choice = _most_common(counts.get("mcq", Counter()), letters) or letters[0]
        return f"ANSWER: {item.options[choice] if asks_for_word(item) else choice}"
    if isinstance(item, TFItem):
        return f"ANSWER: {_most_common(counts.get('tf', Counter())) or 'true'}"
    if isinstance(item, ExactItem) and all(f.kind == "choice" for f in item.fields):
        reply = {
            f.name: _most_common(counts.get(f"exact:{f.name}", Counter()), f.options)
            or (f.options or [""])[0]
            for f in item.fields
        }
        return json.dumps(reply | {"decline": False})
    return DECLINE_WORD
