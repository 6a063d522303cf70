"""Edits of a reply's text that keep every character's offset: its lowered form, and the
text with spans blanked.

The reading passes find spans in the lowered text and blank them in the text itself, so
both must keep the offsets of the original; every pass takes these two from here.
"""

from __future__ import annotations

import string

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def lowered(text: str) -> str:
    """Return ``text`` in lower case with every offset kept (a text holding a letter whose
    lower case is longer, as Turkish 'İ', is lowered in its ASCII letters only)."""
    low = text.lower()
    return low if len(low) == len(text) else text.translate(_ASCII_LOWER)


def blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """Return ``text`` with the spans (sorted by start; they may overlap) replaced by
    spaces, keeping its length."""
    if not spans:
        return text
    parts, last = [], 0
    for start, end in spans:
        start = max(start, last)
        parts += [text[last:start], " " * max(0, end - start)]
        last = max(last, end)
    parts.append(text[last:])
    return "".join(parts)
