"""Conditions: named rewrites of an item's prompt (closed-book, rule supplied, framing ...).

A condition is a plain function ``(item, prompt) -> prompt``, asked for by name (an item
file's ``condition`` task option); ``default`` leaves the prompt unchanged, and code built on
clinbench may register its own. A suite keeps its conditions to itself (ausclin's blind, rule
and retrieval rewrite its prompts in the suite), so importing a suite never changes the
conditions another task may be asked under. The condition's name is recorded on every
sample so results can be split by it.
"""

from __future__ import annotations

from collections.abc import Callable

from clinbench.items.model import Item

Condition = Callable[[Item, str], str]

_CONDITIONS: dict[str, Condition] = {"default": lambda item, prompt: prompt}


def register_condition(name: str, condition: Condition) -> None:
    """Register (or replace) a named condition."""
    _CONDITIONS[name] = condition


def apply_condition(name: str, item: Item, prompt: str) -> str:
    """Return the prompt rewritten by the named condition; ValueError naming the known ones."""
    try:
        condition = _CONDITIONS[name]
    except KeyError:
        known = ", ".join(sorted(_CONDITIONS))
        raise ValueError(f"unknown condition {name!r}; known conditions: {known}") from None
    return condition(item, prompt)


def conditions() -> list[str]:
    """Return the names of the registered conditions."""
    return sorted(_CONDITIONS)
