"""A one-line record with a cell per ear: "Type  R SNHL | L CONDUCTIVE", "R: normal hearing
L: moderately severe conductive loss" (columns apart by a run of spaces).

A device printout or a rule engine's summary line writes each ear's result in its own cell,
the cells apart by a pipe or by a column gap (two or more spaces, or a tab) rather than by a
word: a cell boundary ends what the cell before it says as a semicolon would, so the second
ear's words are not read with the first ear's (nor the two types as one "mixed" loss).
:func:`ear_cells_divided` writes a semicolon at each boundary that opens the other ear's
cell, on a line whose earlier cell already names an ear.
"""

from __future__ import annotations

import re

_EAR_TAG = r"(?:r|l|rt|lt|re|le|right|left)(?:[ \t]+ear)?"

EAR_CELL = re.compile(
    r"(?:[ \t]*\|[ \t]*|[ \t]{2,}|\t)(?=" + _EAR_TAG + r"(?:[ \t]*:[ \t]*|[ \t]+)"
    r"(?!(?:ac|bc|a/c|b/c|air|bone|masked|unmasked|db|hz|khz|pta|4fa|srt|wrs)\b)[a-z])",
    re.I,
)
"""A pipe or a column gap that opens a cell led by an ear tag and a word (not a number:
"R MODERATE", "L: normal hearing"), not a table's column head ("Right AC", "Left bone")."""

_EAR_TAG_AT = re.compile(r"(?<![\w/-])" + _EAR_TAG + r"(?![\w/-])", re.I)


def may_hold_ear_cells(text: str) -> bool:
    """Whether ``text`` may hold a cell boundary :data:`EAR_CELL` finds (a pipe, two spaces
    or a tab)."""
    return "|" in text or "  " in text or "\t" in text


def _divided_line(line: str) -> str:
    if line.count("|") >= 2:
        return line  # a pipe table's row: its cells are read as a table
    first = _EAR_TAG_AT.search(line)
    if first is None:
        return line
    out, last = [], 0
    for m in EAR_CELL.finditer(line, first.end()):
        gap = m.group(0)
        at = gap.find("|") if "|" in gap else 0
        out += [line[last : m.start()], gap[:at], ";", gap[at + 1 :]]
        last = m.end()
    if not out:
        return line
    out.append(line[last:])
    return "".join(out)


def ear_cells_divided(text: str) -> str:
    """Return ``text`` with a semicolon written over the pipe (else the first space) of each
    boundary that opens another ear's cell (same length)."""
    if not may_hold_ear_cells(text):
        return text
    return "\n".join(_divided_line(line) for line in text.split("\n"))
