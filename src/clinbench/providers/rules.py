"""The rule-based baselines: deterministic domain answers from an item's structured data."""

from __future__ import annotations

import importlib
from typing import Any

# Format -> "module:function" answering that format from the item (and the prompt text).
RULE_BASELINES = {
    "case": "clinbench.audiogram.baseline:rules_case_reply",
    "audio": "clinbench.suites.slp.baseline:transcript_match_reply",
}


class NoRuleBaseline(ValueError):
    """Raised for an item format that has no rule-based baseline."""


def rules_reply(item: Any, prompt_text: str) -> str:
    """Return the rule-based baseline's reply to an item."""
    target = RULE_BASELINES.get(item.format)
    if target is None:
        raise NoRuleBaseline(
            f"clinbench/rules has no rule-based baseline for {item.format!r} items "
            f"(it answers: {', '.join(sorted(RULE_BASELINES))}); use clinbench/chance or replay"
        )
    module_name, attr = target.split(":")
    function = getattr(importlib.import_module(module_name), attr)
    if item.format == "case":
        return function(item)
    return function(item, prompt_text)
