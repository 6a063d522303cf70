"""A type of loss denied by a verdict after it: "conductive component (gap >= 15 dB at two
frequencies): not present", "Mixed element - absent", "sensorineural part: none".

A checklist, a rule engine's trace or a structured report names the finding first and gives
its verdict after it, so the negation that prose puts before the finding ("no conductive
component") comes last. :func:`verdicts_after_put_first` writes such a denial as the prose
one, "no" before the finding and the verdict blanked, so the finding is read as denied, not
asserted.
"""

from __future__ import annotations

import re

DENIED_AFTER = re.compile(
    r"\b((?:conductive|sensorineural|mixed|middle[ \t-]*ear)[ \t-]+(?:components?|elements?|"
    r"parts?|losses|loss|hearing[ \t]+loss))"
    r"([ \t]*\([^()\n]{0,80}\))?"
    r"([ \t]*(?:[:=]|->|→|=>|-|–|—)?[ \t]*(?:(?:is|was|were|are)[ \t]+)?"
    r"(?:not[ \t]+(?:present|seen|found|met|shown|identified)|absent|none)\b)",
    re.I,
)
"""A type of loss, an aside on it in brackets, then a verdict that denies it."""


def may_deny_after(text: str) -> bool:
    """Whether ``text`` may hold a denial :data:`DENIED_AFTER` finds."""
    low = text.lower()
    return ("not" in low or "absent" in low or "none" in low) and (
        "conductive" in low or "sensorineural" in low or "mixed" in low or "middle" in low
    )


def _put_first(m: re.Match[str]) -> str:
    return "no " + m.group(1) + (m.group(2) or "") + " " * len(m.group(3))


def verdicts_after_put_first(text: str) -> str:
    """Return ``text`` with each type of loss denied after it written as denied before it
    ("conductive component: not present" -> "no conductive component")."""
    if not may_deny_after(text):
        return text
    return DENIED_AFTER.sub(_put_first, text)
