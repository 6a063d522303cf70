"""Text a reply quotes as a cited source's.

An answer built on retrieved passages shows its sources: a "Sources" / "References" /
"Retrieved passages" list, markdown footnotes ("[^2]: ..."), numbered or lettered
references ("[3] ...", "¹ ...", "① ...", "(d) ..." under a heading), "Source:" lines and
"Not used:" / "Also retrieved:" notes (validation batch 87, used as tuning data). A source's
entry states that source's facts (a leaflet's fitting range, a population median, a
textbook's example, another patient's published case, an earlier note), not this
patient's results; the answer's own sentences say what it adopts. A citation inside the
answer's own sentence ("moderate (WHO 2021) [2]") is the answer's, and stays.

The rule ``cited_sources`` of :mod:`.voice` blanks (keeping the lines) each source entry:
a line that opens with a citation mark or a source label (:data:`ENTRY`), and each line
of the block under a sources heading (:data:`HEADING`, up to the first blank line after
its entries), unless the entry cites this audiogram itself (:data:`THIS_TEST`: "Audiogram,
this visit", "Source: this audiogram"), whose entry is the answer's own reading.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

_MARKUP = r"[ \t>*_#\u2022\u00b7-]*"

ENTRY = re.compile(
    r"^" + _MARKUP + r"(?:\[\^[^\]\n]{1,12}\]:"
    r"|(?P<mark>\[(?:[a-z]|s?\d{1,3}|#\d{1,3}|chunk\s+\d{1,4})\]"
    r"|[\u00b9\u00b2\u00b3\u2070-\u2079]+|[\u2460-\u2473])[*_]*\s"
    r"|sources?(?:\s+\d{1,2})?[*_]*\s*[:\u2014\u2013]"
    r"|(?:not\s+used|also\s+retrieved|retrieved(?:\s+but\s+not\s+[a-z]+)?|"
    r"other\s+passages\s+retrieved)[*_]*\s*[:\u2014\u2013])",
    re.I | re.M,
)
"""A line opening with a citation mark ("[^2]:", "[3] ", "[S3] ", "[chunk 12] ",
"¹ ", "① ") or a source's label ("Source:", "Source 2 —", "Not used:", "Also retrieved:",
"Retrieved:")."""

HEADING = re.compile(
    r"^" + _MARKUP + r"(?P<words>[\w \t'\u2019(),/&-]{0,60}?\b(?:sources?|references?|"
    r"citations?|bibliography|footnotes?|retrieved|passages|snippets|chunks)\b"
    r"[\w \t'\u2019(),/&-]{0,60}?)"
    r"[*_ \t]*:?[*_ \t]*$",
    re.I | re.M,
)
"""A heading line naming the sources ("Sources", "### Sources consulted", "References the
answer draws on", "**Retrieved for this answer**", "Retrieved passages (top 3 of 11)",
"Guidance retrieved:"): words alone, with no full stop, no label before a colon and no
code."""

_ANSWER_HEADING = re.compile(
    r"^(?:answer|interpretation|summary|here|based\s+on)\b|\baudiogram|"
    r"[\w-]+(?:grounded|based|sourced)\s+answer\b",
    re.I,
)
"""A heading that heads the answer itself ("Answer with citations", "Interpretation
against the retrieved criteria", "Source-grounded answer"), not its sources ("Retrieved for
this answer")."""

THIS_TEST = re.compile(
    r"\b(?:this|today'?s?|current)\s+(?:audiogram|visit|encounter|appointment|test|"
    r"assessment)|\b(?:audiogram|audiometry|tympanometry)\b(?:\s+(?:report|and\s+\w+))?"
    r"[,\s\u2014\u2013-]+(?:this|today)\b|^\W*(?:the\s+)?audiogram\W*$",
    re.I,
)
"""An entry that cites this patient's own test ("Audiogram, this visit", "[12] Audiogram
report, this encounter", "Source: this audiogram")."""

_EARLIER = re.compile(r"\b(?:earlier|previous|prior|old|last|another|other|(?:19|20)\d\d)\b", re.I)

_HEAD_CHARS = 80
"""How much of an entry names its source."""


def _cites_this_test(line: str) -> bool:
    head = line[:_HEAD_CHARS]
    return THIS_TEST.search(head) is not None and _EARLIER.search(head) is None


def _block_end(text: str, start: int) -> int:
    """Return where the block of lines from ``start`` ends: the first blank line after a
    line with words (blank lines straight after the heading are skipped)."""
    seen = False
    pos = start
    while pos < len(text):
        nl = text.find("\n", pos)
        end = len(text) if nl < 0 else nl
        if text[pos:end].strip():
            seen = True
        elif seen:
            return pos
        pos = end + 1
    return len(text)


def _line_marks(text: str, start: int, end: int, out: list[tuple[int, int, None]]) -> None:
    """Append the mark of each line in ``text[start:end]`` that does not cite this test."""
    pos = start
    while pos < end:
        nl = text.find("\n", pos, end)
        stop = end if nl < 0 else nl
        line = text[pos:stop]
        if line.strip() and not _cites_this_test(line):
            out.append((pos, stop, None))
        pos = stop + 1


def _cited_entry(text: str, m: re.Match[str], stop: int) -> bool:
    """Whether a line opening with a bare mark ("[2] ", "³ ") is a source's entry: the
    answer cites its mark in a line before it, or the entry says it was retrieved. (A
    notebook's "[2]" cells are cited, if at all, after them.)"""
    mark = m.group("mark")
    if mark is None:
        return True
    return _cited_before(text, mark, m.start()) or "retriev" in text[m.end() : stop].lower()


def _cited_before(text: str, mark: str, end: int) -> bool:
    """Whether ``mark`` is cited inside a line of ``text`` before ``end`` (a list of
    references defines the marks the answer cited; a notebook's "[2]" opens its lines)."""
    pos = text.find(mark, 0, end)
    while pos >= 0:
        line_start = text.rfind("\n", 0, pos) + 1
        if text[line_start:pos].strip(" \t>*_#\u2022\u00b7-"):
            return True
        pos = text.find(mark, pos + 1, end)
    return False


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans of the source entries (to blank); see the module's docstring."""
    out: list[tuple[int, int, None]] = []
    done = 0
    for m in HEADING.finditer(text):
        if m.start() < done or _ANSWER_HEADING.search(m.group("words")):
            continue
        done = _block_end(text, m.end() + 1)
        _line_marks(text, m.end() + 1, done, out)
    for m in ENTRY.finditer(text):
        stop = text.find("\n", m.start())
        stop = len(text) if stop < 0 else stop
        if any(start <= m.start() < end for start, end, _ in out):
            continue
        if _cited_entry(text, m, stop) and not _cites_this_test(text[m.end() : stop]):
            out.append((m.start(), stop, None))
    return sorted(out)


_CUES = ("source", "referen", "citation", "retriev", "[", "footnote", "bibliograph", "not used")
_MARK_CHARS = re.compile(r"[\u00b9\u00b2\u00b3\u2070-\u2079\u2460-\u2473]")


GUARD_WORDS = _CUES
"""The words :func:`may_cite` looks for (a found-set of them may stand in for ``low``)."""


def may_cite(low: str, held: str | AbstractSet[str] | None = None) -> bool:
    """Whether the lowered text may hold a source entry (False only where it surely
    does not; ``held``: ``low``, or the set of :data:`GUARD_WORDS` it holds)."""
    if held is None:
        held = low
    for cue in _CUES:  # a loop, not any(): no generator on the hot path
        if cue in held:
            return True
    return _MARK_CHARS.search(low) is not None
