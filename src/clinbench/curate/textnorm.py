"""Canonical text for comparing items: casefolded, quotes unified, punctuation dropped.

Also the file helpers every curation step shares: atomic writes and CSV rows read with
their line numbers, so that a bad cell is reported as ``file:line: field: message``.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pandas as pd

from clinbench.io import original_text, write_csv
from clinbench.items.model import ItemBase

# Typographic quotes and primes mapped to their ASCII forms.
QUOTE_MAP = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u00ab": '"', "\u00bb": '"', "\u2039": "'", "\u203a": "'", "`": "'",
    }
)  # fmt: skip
_NON_WORD = re.compile(r"[^\w%]+")


def canonical_text(text: str) -> str:
    """Return text folded for comparison: NFKC, quotes unified, casefolded, punctuation dropped."""
    text = unicodedata.normalize("NFKC", text).translate(QUOTE_MAP).casefold()
    return " ".join(_NON_WORD.sub(" ", text).split())


def comparison_text(item: ItemBase) -> str:
    """Return the canonical stem plus option texts (sorted, so option order does not matter)."""
    parts = [item.stem]
    options = getattr(item, "options", None)
    if isinstance(options, dict):
        parts += sorted(canonical_text(v) for v in options.values())
    return canonical_text(" ".join(parts))


def word_shingles(text: str, size: int = 3) -> set[str]:
    """Return the set of ``size``-word shingles of canonical text (the whole text if shorter)."""
    words = text.split()
    if len(words) <= size:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


def answer_key_text(item: ItemBase) -> str:
    """Return the item's key as canonical text (MCQ: the correct option's text)."""
    answer = getattr(item, "answer", None)
    options = getattr(item, "options", None)
    if isinstance(options, dict) and isinstance(answer, str):
        return canonical_text(options.get(answer, answer))
    if isinstance(answer, bool):
        return "true" if answer else "false"
    if answer is None:
        return ""
    return canonical_text(str(answer))


def atomic_write_csv(frame: pd.DataFrame, path: str | Path) -> Path:
    """Write a DataFrame as CSV (UTF-8, no index, spreadsheet-safe) atomically; return the path."""
    write_csv(frame, path)
    return Path(path)


def csv_rows(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """Yield (first line number, row) for each CSV row; cells are strings ('' when empty)."""
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        _ = reader.fieldnames  # reads the header, so line_num counts from it
        start = reader.line_num + 1
        for row in reader:
            # the text as it was before write_csv made it spreadsheet-safe
            yield (
                start,
                {original_text(k): original_text(v or "") for k, v in row.items() if k is not None},
            )
            start = reader.line_num + 1
