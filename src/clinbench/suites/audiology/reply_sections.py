"""Split a case reply into its labelled sections (Q1 results, Q2 diagnosis, Q3 recommendations).

The case prompt asks for three sections headed ``Q1 Results:``, ``Q2 Diagnosis:`` and
``Q3 Recommendations:``, each at most 150 words. A heading is a line that starts (after
Markdown marks such as ``#`` or ``**``) with the question label; only in a reply that uses
no Q label at all, a line starting with the section's name ("Recommendations:") is one.
Text before the first heading belongs to no section.
Missing sections and over-length sections are recorded, never repaired.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from clinbench.items.model import CaseItem

WORD_LIMIT = 150

# Section names a reply may use in place of (or after) the Q label.
SECTION_NAMES = {
    "Q1": ("results", "audiometric results", "audiometric findings", "findings", "test results"),
    "Q2": ("diagnosis", "diagnostic impression", "impression", "differential diagnosis"),
    "Q3": ("recommendations", "recommendation", "management", "plan", "management plan"),
}

_MARKS = r"[\s#>*_\-]*"
_LABEL = re.compile(rf"^{_MARKS}(?:question\s*)?q\s*(\d+)\b[\s.:)\-–—*_]*(.*)$", re.IGNORECASE)


def _named_heading(line: str) -> tuple[str, str] | None:
    text = re.sub(rf"^{_MARKS}", "", line).strip()
    lowered = text.lower()
    for question, names in SECTION_NAMES.items():
        for name in sorted(names, key=len, reverse=True):
            if lowered.startswith(name):
                rest = text[len(name) :]
                match = re.match(r"^[\s*_]*[:\-–—][\s*_]*(.*)$", rest)
                if match or not rest.strip(" *_#"):
                    return question, (match.group(1) if match else "").strip()
    return None


def _heading(line: str, labels: set[str], names: bool = True) -> tuple[str, str] | None:
    """Return (question id, text after the heading) when a line is a section heading.

    With ``names`` False only Q-labelled headings count (used when the reply has any).
    """
    if not line or line.isspace():
        return None
    match = _LABEL.match(line)
    if match:
        question = f"Q{match.group(1)}"
        if question in labels:
            rest = match.group(2).strip()
            named = _named_heading(rest) if rest else None
            if named is not None:
                return question, named[1]
            return question, rest.lstrip(":").strip()
    named = _named_heading(line) if names else None
    if named is not None and named[0] in labels:
        return named
    return None


def word_count(text: str) -> int:
    """Return the number of whitespace-separated words (Markdown marks stripped)."""
    return len([w for w in re.sub(r"[#*_>]", " ", text).split() if any(c.isalnum() for c in w)])


def split_sections(item: CaseItem, reply: str, word_limit: int = WORD_LIMIT) -> dict[str, Any]:
    """Return the reply's sections and what is wrong with their form.

    Keys: ``sections`` ({question id: text}), ``word_counts``, ``missing_sections`` (labels
    with no heading), ``over_length`` (labels above ``word_limit`` words), ``repeated_sections``
    (labels headed more than once: their texts are joined) and ``preamble_words``.
    """
    labels = [q.id for q in item.questions]
    wanted = set(labels)
    parts: dict[str, list[str]] = {}
    seen: list[str] = []
    current: str | None = None
    preamble: list[str] = []
    lines = (reply or "").splitlines()
    # When the reply uses Q labels, a line such as "Plan: ..." inside a section is text.
    labelled = any(_heading(line, wanted, names=False) for line in lines)
    for line in lines:
        heading = _heading(line, wanted, names=not labelled)
        if heading is not None:
            current, rest = heading
            seen.append(current)
            parts.setdefault(current, [])
            if rest:
                parts[current].append(rest)
            continue
        if current is None:
            preamble.append(line)
        else:
            parts[current].append(line)
    sections = {q: "\n".join(parts[q]).strip() for q in labels if q in parts}
    counts = {q: word_count(text) for q, text in sections.items()}
    return {
        "sections": sections,
        "word_counts": counts,
        "missing_sections": [q for q in labels if q not in sections or not sections[q]],
        "over_length": [q for q, n in counts.items() if n > word_limit],
        "repeated_sections": sorted(q for q, n in Counter(seen).items() if n > 1),
        "preamble_words": word_count("\n".join(preamble)),
        "word_limit": word_limit,
    }
