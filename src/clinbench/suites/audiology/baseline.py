"""The audiology case tier's rule-based baseline, as ``clinbench/rules`` calls it."""

from __future__ import annotations

from typing import Any

from clinbench.audiogram.rules_reply import rules_case_reply


def case_reply(item: Any, prompt_text: str) -> str:
    """Return the rule-based audiogram interpreter's reply to a case (the prompt is not read)."""
    return rules_case_reply(item)
