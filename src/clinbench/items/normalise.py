"""Text normalisation applied before exact matching, only as an item declares it."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable

_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "‑": "-"})
_PUNCTUATION = str.maketrans("", "", string.punctuation)


def normalise_text(text: str, rules: Iterable[str]) -> str:
    """Return ``text`` normalised by the named rules: case, whitespace, punctuation.

    Unicode compatibility forms, typographic quotes and dashes are always folded, since
    they never change an answer's meaning.
    """
    rules = set(rules)
    value = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    if "case" in rules:
        value = value.casefold()
    if "punctuation" in rules:
        value = value.translate(_PUNCTUATION)
    if "whitespace" in rules or "punctuation" in rules:
        value = re.sub(r"\s+", " ", value).strip()
    return value


def matches_key(answer: str, keys: Iterable[str], rules: Iterable[str]) -> bool:
    """Return True when the answer equals any key after the declared normalisation."""
    rules = list(rules)
    target = normalise_text(answer, rules)
    return any(normalise_text(key, rules) == target for key in keys)
