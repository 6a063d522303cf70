"""The rule-based baselines: deterministic domain answers from an item's structured data.

Each suite declares the formats it answers (``SuiteSpec.rules_baseline``); this provider
looks the item's format up in the suite registry.
"""

from __future__ import annotations

from typing import Any

from clinbench import suites


class NoRuleBaseline(ValueError):
    """Raised for an item format that has no rule-based baseline."""


def rules_reply(item: Any, prompt_text: str) -> str:
    """Return the rule-based baseline's reply to an item."""
    baselines = suites.rules_baselines()
    target = baselines.get(item.format)
    if target is None:
        raise NoRuleBaseline(
            f"clinbench/rules has no rule-based baseline for {item.format!r} items "
            f"(it answers: {', '.join(sorted(baselines))}); use clinbench/chance or replay"
        )
    return suites.load(target)(item, prompt_text)
