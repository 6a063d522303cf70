"""A differential diagnosis written as a list: under a heading that names a differential
("Differential:", "DDx (left):", "A: Ddx for a conductive loss —"), each item names a
candidate condition and then what that condition typically shows ("1. Otosclerosis —
conductive, Carhart notch, As tympanogram; no bone dip here"). The words after the
condition's name, to the end of their clause, describe the condition, not this patient's
audiogram: they are blanked, unless they speak of this patient ("here", "today", "this
loss", "fits") without a word of what is usual or would be ("typically", "would").

A differential lists candidate diagnoses with the features that tell them apart (Bickley,
Bates' Guide to Physical Examination, ch. 1 "clinical reasoning"; an ENT note's "DDx").

The same holds in prose where a condition is set aside against this loss and then described
in a relative clause: "an otosclerosis pattern, not aminoglycoside ototoxicity, which is
sensorineural and high-frequency first" ("unlike ...", "rather than ...", "as opposed to
..."): the "which" clause says what the condition set aside shows, not what this ear has
(:func:`set_aside_descriptions_blanked`). Only where the condition is named without a type,
a grade or an ear ("not conductive, which ..." denies a type of this loss and is read as
before)."""

from __future__ import annotations

import re

from clinbench.audiogram.lexicon import may_hold_words
from clinbench.audiogram.offsets import blanked

CUE = re.compile(r"differential|\bddx\b|\bd/dx\b", re.I)
"""The cheap test: a reply with none of these words has no differential list."""

_HEADING = re.compile(r"^[^\n]{0,40}?\b(?:differentials?|ddx|d/dx)\b[^\n]{0,80}$", re.I | re.M)
"""A line that opens a differential (its items follow on the lines below)."""

_ITEM = re.compile(
    r"[ \t]*(?:[-\u2013\u2014\u2022\u2023\u25e6*+\u2713\u2714\u2717\u00d7?]|\(?(?:\d{1,2}|[a-h]|"
    r"[ivx]{1,4})[.)])[ \t]+",
    re.I,
)
"""A list item's marker: a bullet, a dash, a tick, cross or '?' (a weighed candidate), or a
number, letter or roman numeral ("1.", "b)", "(iii)")."""

_NAME_END = re.compile(r"[^\n]{2,80}?(?:[ \t][-\u2013\u2014][ \t]|:[ \t])")
"""The candidate's name and the separator after it ("Otosclerosis — ", "ETD: ")."""

_DESCRIPTION_END = re.compile(r"[;\n]|\.(?!\d)|\u2192|->|\s\u2014\s|\s\u2013\s")
"""Where a candidate's description ends: its clause's end or an arrow to the verdict on it."""

_GENERIC = re.compile(
    r"\b(?:typical(?:ly)?|usual(?:ly)?|classic(?:al(?:ly)?)?|characteristic(?:ally)?|often|"
    r"commonly|may|can|would|expected?|tends?\s+to|generally)\b"
)
"""Words of what a condition usually does or would show."""

_THIS_PATIENT = re.compile(
    r"\b(?:here|today|this|these|our|she|he|her|his|patient|pt|fits?|fitting|matches|"
    r"right|left|r|l)\b"
)
"""Words that point to this patient, which keep a description read (unless it is generic)."""


_SET_ASIDE = re.compile(
    r"\b(?:not|unlike|rather[ \t]+than|as[ \t]+opposed[ \t]+to|instead[ \t]+of)[ \t]+"
    r"(?P<name>[a-z][\w'-]*(?:[ \t]+[a-z][\w'-]*){0,3}),[ \t]*"
    r"(?P<said>which[ \t]+(?:is|are|would[ \t]+be|tends?[ \t]+to|typically|usually|classically|"
    r"causes?|gives?|produces?|affects?)\b[^.;:\n()]{0,160})"
)
"""A condition set aside ("not X", "unlike X", "rather than X") and then described in a
"which" clause (lowered text)."""
_NAME_OF_THIS_LOSS = re.compile(
    r"\b(?:sensori\w*|snhl|conductive|chl|mixed|mhl|slight|mild|moderate\w*|severe|profound|"
    r"normal|right|left|r|l|both|bilateral\w*|ears?|here|this|it|that)\b"
)
"""Words that make the thing set aside a property of this loss or ear, not a condition."""


def set_aside_descriptions_blanked(text: str) -> str:
    """Return ``text`` with the "which" clause after a condition set aside blanked (see the
    module; same length)."""
    if ", which" not in text:
        return text
    low = text.lower()
    spans = [
        m.span("said")
        for m in _SET_ASIDE.finditer(low)
        if not _NAME_OF_THIS_LOSS.search(m.group("name"))
    ]
    return blanked(text, spans) if spans else text


def differential_patterns_blanked(text: str) -> str:
    """Return ``text`` with the description of each candidate of a differential list blanked
    (same length), and the description of a condition set aside in prose
    (:func:`set_aside_descriptions_blanked`); a text with neither is returned as it is."""
    text = set_aside_descriptions_blanked(text)
    if not may_hold_words(text, "differential", "ddx", "d/dx") or not CUE.search(text):
        return text  # (the words first: a cheap exact test, for speed)
    spans: list[tuple[int, int]] = []
    for head in _HEADING.finditer(text):
        spans += _item_descriptions(text, head.end())
    return blanked(text, sorted(spans)) if spans else text


def _item_descriptions(text: str, pos: int) -> list[tuple[int, int]]:
    """Return the spans of the candidates' descriptions in the list that starts on the line
    after ``pos``: consecutive item lines (a blank line right after the heading allowed)."""
    spans = []
    pos += 1
    while pos < len(text) and text[pos] == "\n":
        pos += 1
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        item = _ITEM.match(text, pos, end)
        if item is None:
            break
        span = _description(text, item.end(), end)
        if span is not None:
            spans.append(span)
        pos = end + 1
    return spans


def _description(text: str, start: int, line_end: int) -> tuple[int, int] | None:
    """Return the span of what one item says its candidate shows, or None when the item
    has no "name — description" shape or its description is about this patient."""
    name = _NAME_END.match(text, start, line_end)
    if name is None:
        return None
    stop = _DESCRIPTION_END.search(text, name.end(), line_end)
    end = stop.start() if stop else line_end
    low = text[name.end() : end].lower()
    if _THIS_PATIENT.search(low) and not _GENERIC.search(low):
        return None
    return name.end(), end
