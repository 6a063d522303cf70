"""The majority-class baseline: always the key most common in the bank, for the floor.

For multiple-choice items the most common key letter, for true/false the more common
value, for exact items each choice field's most common value, counted over the item file
the sample came from (``metadata.item_file``), or, for items built in memory, over the
items the task was built from (registered by :func:`remember_bank`, named by the sample's
``metadata.item_set``), so the baseline knows the bank's key distribution and nothing
else. Ties go to the first in sorted order. An item whose options lack the bank's majority
letter gets the most common letter among its own options. Free-text formats have no
majority: the baseline declines.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
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


# Key counts of the banks built in memory in this process, by item-set hash (a few small
# counters each; kept for the process's life: a hash names one content, as a file's path, size
# and change time do for `key_counts`).
_BANKS: dict[str, dict[str, Counter]] = {}

ITEM_SET = "item_set"  # sample metadata: the item-set hash of a bank built in memory


def bank_counts(items: Iterable[Any]) -> dict[str, Counter]:
    """Return key counts of a bank: 'mcq', 'tf', and 'exact:<field>' -> Counter."""
    counts: dict[str, Counter] = {}
    for item in items:
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


def key_counts(item_file: str) -> dict[str, Counter]:
    """Return key counts of an item file: 'mcq', 'tf', and 'exact:<field>' -> Counter.

    Counted once per version of the file (its path, size and change time): a file edited
    between two runs in one process (a notebook) is counted again, never answered from the
    keys it held before.
    """
    stat = Path(item_file).stat()
    return _file_key_counts(item_file, stat.st_size, stat.st_mtime_ns)


@cache
def _file_key_counts(item_file: str, _size: int, _mtime_ns: int) -> dict[str, Counter]:
    from clinbench.items.loader import items_by_key_now  # one read per version of the file

    return bank_counts(items_by_key_now(item_file).values())


def remember_bank(items: Sequence[Any]) -> str:
    """Return the item-set hash of a bank built in memory, its key counts kept for the baseline."""
    from clinbench.items.digest import item_set_hash

    key = item_set_hash(items)
    if key not in _BANKS:
        _BANKS[key] = bank_counts(items)
    return key


def majority_reply(item: Any, item_file: str | None, item_set: str | None = None) -> str:
    """Return the majority-class reply to an item, from its bank's key counts.

    The bank is the item file when the item came from one, else the in-memory bank named by
    ``item_set`` (:func:`remember_bank`); with neither the baseline cannot know the bank.
    """
    if item_file:
        counts = key_counts(str(Path(item_file).resolve()))
    elif item_set in _BANKS:
        counts = _BANKS[item_set]
    else:
        raise ValueError(
            "clinbench/majority needs samples made from an item file or by "
            "clinbench.item_tasks.items_task (the bank whose key counts it answers from)"
        )
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
