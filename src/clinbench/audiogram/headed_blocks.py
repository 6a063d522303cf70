"""Lines under a heading that names something other than this test's results, left unread.

A heading on a line of its own ("Cohort means (n = 212):", "Booth noise, octave bands:",
"Expected for his age:") labels the lines under it, up to a blank line or the next heading,
as a heading labels the values after its colon on its own line
(:func:`lexicon.labelled_otherwise`, issue #26 round 15): a line whose first value only
placing words precede (frequencies, units, list words: ``LABEL_COORDINATE_WORDS``) names
no measure of its own, so the heading's words are its label. Where the heading holds a word
outside the vocabulary of pure-tone threshold reports (``THRESHOLD_LABEL_WORDS``, a
whitelist: the frame words of an unseen family need no listing) and names no ear, the line
is another measure's or another person's, and is blanked with its values and words. A line
that names an ear, or whose words before its first value name a measure, has a label of its
own and is read as before. A row of frequencies alone (a table's column heads, "| | 250 | 500 |
1k | 2k |") measures nothing: it names the columns of the rows under it, which keep or lose
their values by their own labels, so it is never blanked (blanked alone, the ear rows under
it lost their frequencies and were read as other numbers). Hand-written, as no library
reads clinical notes; every line is looked at once, so the pass is linear in the length of the text.
"""

from __future__ import annotations

import re

from clinbench.audiogram.audiogram_model import FREQUENCIES
from clinbench.audiogram.lexicon import (
    LABEL_COORDINATE_WORDS,
    LABEL_EAR_WORDS,
    THRESHOLD_LABEL_WORDS,
    to_hz,
)

_VOCABULARY = frozenset(THRESHOLD_LABEL_WORDS.split())
_COORDINATES = frozenset(LABEL_COORDINATE_WORDS.split())
_EARS = frozenset(LABEL_EAR_WORDS.split())
_HEADING = re.compile(r"[ \t>#*_-]*([^:\n]{1,60}?)[ \t]*:[ \t*_]*$")
"""A line that is a heading: at most 60 characters before a colon that ends the line."""
_BRACKETED = re.compile(r"\([^()\n]*\)|\[[^\[\]\n]*\]")
_WORD = re.compile(r"[a-z]+")
_FIRST_VALUE = re.compile(r"\d")
_ENUMERATOR = re.compile(r"[ \t>*\u2022-]*\(?\d{1,2}[.)](?=\s)")
"""A list item's number ("1.", "2)"): it numbers the line, it is no value of it."""
_COLUMN_HEAD = re.compile(r"(\d+(?:\.\d+)?|\.\d+)[ \t]*(khz|k|hz)?")
_HEAD_SEPARATORS = re.compile(r"[ \t|]+")
_AUDIOGRAM_FREQUENCIES = frozenset(FREQUENCIES)


def _column_heads(line: str) -> bool:
    """Return True when ``line`` (lowered) is a table's row of frequency column heads: at
    least three cells, each a frequency of the audiogram ("250", "1k", "2 kHz", "hz"
    alone), rising."""
    freqs = []
    for cell in _HEAD_SEPARATORS.split(line.strip(" \t|")):
        if cell in ("hz", "khz", "(hz)", "(khz)"):
            continue
        m = _COLUMN_HEAD.fullmatch(cell)
        hz = to_hz(m.group(1), m.group(2)) if m else None
        if hz not in _AUDIOGRAM_FREQUENCIES or (freqs and hz <= freqs[-1]):
            return False
        freqs.append(hz)
    return len(freqs) >= 3


def _heading(line: str) -> re.Match[str] | None:
    """Return the heading a lowered ``line`` is (:data:`_HEADING`), else None; the colon that
    ends the line is looked at first (a cheap exact test before the pattern)."""
    if not line.rstrip(" \t*_").endswith(":"):
        return None
    return _HEADING.fullmatch(line)


def _other_heading(m: re.Match[str]) -> bool:
    """Return True when a heading (``m``, of :func:`_heading`) names, outside brackets, a
    word outside the threshold vocabulary and no ear."""
    words = _WORD.findall(_BRACKETED.sub(" ", m.group(1)))
    if any(w in _EARS for w in words):
        return False
    return any(w not in _VOCABULARY for w in words)


def _labelled_by_heading(line: str) -> bool:
    """Return True when ``line`` (lowered) holds a value that only placing words precede
    and names no ear outside brackets: the heading above it is its label."""
    item = _ENUMERATOR.match(line)
    first = _FIRST_VALUE.search(line, item.end() if item else 0)
    if first is None:
        return False
    if any(w not in _COORDINATES for w in _WORD.findall(line, 0, first.start())):
        return False
    return not any(w in _EARS for w in _WORD.findall(_BRACKETED.sub(" ", line)))


def other_headings_blanked(text: str) -> str:
    """Return ``text`` with each line that a heading naming something other than this
    test's results labels (see the module) blanked, every offset kept."""
    if ":\n" not in text and ": \n" not in text:
        return text
    lines = text.split("\n")
    under = False
    for index, line in enumerate(lines):
        low = line.lower()
        if not low.strip():
            under = False
        elif heading := _heading(low):
            under = _other_heading(heading)
        elif under and _labelled_by_heading(low) and not _column_heads(low):
            lines[index] = " " * len(line)
    return "\n".join(lines)
