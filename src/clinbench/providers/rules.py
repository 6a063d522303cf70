"""The rule-based baselines: deterministic domain answers from an item's structured data.

Each suite declares the formats it answers (``SuiteSpec.rules_baseline``); this provider
looks the item's format up in the suite registry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from clinbench import suites
from clinbench.scoring.outcomes import CannotAnswer

MODEL = "clinbench/rules"


class NoRuleBaseline(CannotAnswer):
    """Raised for an item format that has no rule-based baseline (outcome cannot_answer)."""


def rules_reply(item: Any, prompt_text: str) -> str:
    """Return the rule-based baseline's reply to an item."""
    baselines = suites.rules_baselines()
    target = baselines.get(item.format)
    if target is None:
        raise NoRuleBaseline(
            f"{MODEL} has no rule-based baseline for {item.format!r} items "
            f"(it answers: {', '.join(sorted(baselines))}); use clinbench/chance or replay"
        )
    return suites.load(target)(item, prompt_text)


def cannot_answer_line(model: str, formats: Iterable[str]) -> str | None:
    """Return the one line naming the items ``model`` cannot answer (None: it answers all).

    ``formats`` holds each item's format once per item. Only ``clinbench/rules`` leaves
    formats unanswered: those with no rule-based baseline in any suite.
    """
    if model != MODEL:
        return None
    answered = suites.rules_baselines()
    counts = Counter(f for f in formats if f not in answered)
    if not counts:
        return None
    n = sum(counts.values())
    each = ", ".join(f"{k} {f}" for f, k in sorted(counts.items()))
    return (
        f"{MODEL} cannot answer {n} {'/'.join(sorted(counts))} item{'s' * (n != 1)} ({each}): "
        f"it has rules for {', '.join(sorted(answered))} only; they are shown as "
        "'cannot answer', never scored"
    )
