"""This patient's entry of a document about several patients.

Clinic day lists, worklists, handover sheets, MDT lists, results released in batches and
spreadsheet extracts hold one entry per patient, each opened by its item, row, slot, bed,
case or referral number ("Item 2 | ...", "Bed 9: ...", "3) Mr P., 78 - ...", "| 3 | S.M. |
...", "Case 2, 30 F: ..."), and the document often names which entry it is about: "Please
summarise item 2", "For row 3, why no 3 kHz?", "Plan for B:", "Outcome (3):" (validation
batch 86, used as tuning data). The other entries are other patients' results, as another
person named beside the subject in a case series is (``discourse.OTHER_PERSON``): their
sides, grades and numbers are not this audiogram's.

The rule ``other_entries`` of :mod:`.voice` blanks (keeping the length) the lines of every
entry but the one the document names, when it has at least :data:`_ENTRIES_NEEDED` entries
numbered in turn and names exactly one of them outside the entries by a word of an entry
(:data:`ENTRY_REFERENCE`). A text without that marker (an ordinary reply, even a numbered
list) is returned as it is.

A list that names none of its entries is still about one audiogram, the one it was sent
with: the entry that reports an audiogram in full is that patient's, the others are short
summaries of other patients (validation batch 86, used as tuning data: "Cadet 1: H1. R 4FA
10 ... Cadet 4 (25 M): air 5-15 dB HL R, 5-20 dB HL L, 250 Hz-8 kHz; BC 5-10 ..."). Where
the entries are people's (:func:`_entries_of_people`: opened by a word for a person, "Cadet
3", "Child B", "Emp 0415"; or at least two of them opening with an age and a sex, an age in
brackets, or a title and name with the age, "33 M", "(64 M)", "Mrs D. Okafor, 55"; or table
rows under a column headed "Patient" or "Name") and one entry has at least
:data:`_FULLER_BY` times the words of every other and quotes hearing levels or frequencies
(:data:`_AUDIOGRAM_MARK`), that entry is kept and the others blanked. Where no entry stands
out so, or the document names two or more entries, nothing says which is this patient's and
the list is read as it is.
"""

from __future__ import annotations

import re

_ENTRY_WORD = (
    r"item|row|entry|slot|bed|card|case|ref(?:erral)?|req(?:uest)?|client|cadet|"
    r"patient|pt|participant|child|question|q|emp(?:loyee)?|op(?:erator)?|agenda\s+item"
)
"""The words that open or name one entry of a list of patients."""

ENTRY_OPENING = re.compile(
    r"^[ \t]*(?:[|\u2022*\u2013-]|\[[ xX]?\])?[ \t]*"  # a table cell, bullet or checkbox
    r"(?:(?P<word>" + _ENTRY_WORD + r")[ \t]*)?"
    r"(?:#[ \t]*)?\(?(?P<id>\d{1,4}[a-z]?|[A-Za-z])(?:st|nd|rd|th)?\)?"
    r"(?=[ \t]*(?:[.:|)/,\u2013\u2014-]|[ \t]\d{1,3}[ \t]*(?:[MF]|y|yo|yrs?|years?)\b|\())",
    re.I | re.M,
)
"""A line that opens an entry: its numbering word (optional), its number or letter and the
mark after it ("Item 2  |", "Bed 9:", "3)", "(2)", "#4 69 M", "| 3 |", "Case 2,", "C)",
"5a  52 F", "[ ] 1.", an ordinal's "1st \u2013"), or the patient's age in years after it
("#4  66 y", "7  81 yrs")."""

ENTRY_REFERENCE = re.compile(
    r"\b(?:(?P<word>" + _ENTRY_WORD + r")[ \t]*(?:=[ \t]*)?#?[ \t]*"
    r"(?P<id>\d{1,4}[a-z]?|(?-i:[A-Z]))\b|"
    r"\b(?:plan|outcome|decision|action|summary|answer)[ \t]+(?:for[ \t]+)?"
    r"\((?P<pid>\d{1,4}[a-z]?|[A-Za-z])\)|"
    r"\b(?:plan|outcome|decision|action|summary|answer)[ \t]+for[ \t]+"
    r"(?P<fid>\d{1,4}[a-z]?|(?-i:[A-Z]))\b)",
    re.I,
)
"""A mention naming one entry: "item 2", "row 3", "Ref 2", "slot 3", "Plan for B",
"Outcome (3)", "Decision (5a)", a key's "this patient = #5"."""

SELF_MARK = re.compile(
    r"(?:<-+|\u2190|<=+)[ \t]*(?:(?:this|our|the)[ \t]+)?(?:index[ \t]+)?"
    r"(?:patient|case|child|client|person|one)\b|"
    r"\((?:this|our)[ \t]+(?:patient|case|child|client)\)",
    re.I,
)
"""A mark on an entry's own line that says it is this patient's: an arrow pointing back at it
("<- index case", "<- this patient", "\u2190 this one") or "(this patient)" beside it."""

_ENTRIES_NEEDED = 3
_CONTINUATION = re.compile(r"^[ \t]+\S")


def _entries(text: str) -> list[tuple[str, int, int]]:
    """Return each entry as (its id, lowered; start; end): from its opening line through the
    indented lines after it, for the numbering most entries share."""
    return _entries_and_word(text)[0]


def _entries_and_word(text: str) -> tuple[list[tuple[str, int, int]], str]:
    """Return :func:`_entries` and the numbering word they share (lowered; "" if none)."""
    lines = text.splitlines(keepends=True)
    opened: list[tuple[str, str, int, int]] = []  # (word, id, start, end)
    pos = 0
    for line in lines:
        m = ENTRY_OPENING.match(line)
        if m and line[m.end() :].strip():
            word = (m.group("word") or "").lower()
            opened.append((word, m.group("id").lower(), pos, pos + len(line)))
        elif opened and opened[-1][3] == pos and _CONTINUATION.match(line):
            word, ident, start, _ = opened[-1]
            opened[-1] = (word, ident, start, pos + len(line))
        pos += len(line)
    words = [word for word, *_ in opened]
    if not words:
        return [], ""
    common = max(set(words), key=words.count)
    return [(ident, start, end) for word, ident, start, end in opened if word == common], common


def _order(ident: str) -> int:
    """Return an entry id's place in its numbering: its number, or its (last) letter's."""
    return int(ident) if ident.isdigit() else ord(ident[-1])


def _numbered_in_turn(entries: list[tuple[str, int, int]]) -> bool:
    """Whether at least :data:`_ENTRIES_NEEDED` entries are numbered one after another
    ("1, 2, 3", "b, c, d", "5a, 5b, 5c", "118, 119, 120"): a list, not letters that open
    the parts of one note ("S:", "O:", "A:", "P:")."""
    places = sorted({_order(ident) for ident, *_ in entries})
    run = best = 1
    for before, after in zip(places, places[1:], strict=False):
        run = run + 1 if after == before + 1 else 1
        best = max(best, run)
    return best >= _ENTRIES_NEEDED


def _named_ids(text: str, entries: list[tuple[str, int, int]]) -> set[str]:
    """Return the entry ids the text names outside the entries themselves."""
    ids = {ident for ident, *_ in entries}
    named = set()
    for m in ENTRY_REFERENCE.finditer(text):
        ident = (m.group("id") or m.group("pid") or m.group("fid")).lower()
        if ident in ids and not any(start <= m.start() < end for _, start, end in entries):
            named.add(ident)
    for m in SELF_MARK.finditer(text):  # "#5 ... <- index case": the entry it stands on
        named.update(ident for ident, start, end in entries if start <= m.start() < end)
    return named


_OTHER_LINE_BREAK = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
"""A line break other than "\n" (str.splitlines ends a line there; ``^`` does not)."""


def may_name_an_entry(text: str) -> bool:
    """Whether ``text`` may be a list of entries naming one or listing people: its entries
    are at least :data:`_ENTRIES_NEEDED` lines, and a mention names one, or a mark of a
    person or a table column of people is there (a word for a person opens the entries, an
    :data:`ENTRY_REFERENCE` too)."""
    if len(text.splitlines()) < _ENTRIES_NEEDED:
        return False
    if not _OTHER_LINE_BREAK.search(text):  # lines end at "\n" only: count the openings
        openings = 0
        for _ in ENTRY_OPENING.finditer(text):
            openings += 1
            if openings == _ENTRIES_NEEDED:
                break
        else:
            return False
    return (
        ENTRY_REFERENCE.search(text) is not None
        or SELF_MARK.search(text) is not None
        or PERSON_MARK.search(text) is not None
        or _PEOPLE_HEADER.search(text) is not None
    )


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans of every entry but this patient's (to blank), when ``text`` is a
    list of several patients' entries naming one of them, or naming none but reporting one
    audiogram in full (see the module's docstring)."""
    entries, word = _entries_and_word(text)
    if len(entries) < _ENTRIES_NEEDED:
        return []
    in_turn = _numbered_in_turn(entries)
    named = _named_ids(text, entries) if in_turn else set()
    if len(named) == 1:
        kept = named.pop()
    elif named or not (in_turn or word in _PERSON_WORDS):
        return []
    elif not _entries_of_people(text, entries, word) or (kept := _fullest(text, entries)) is None:
        return []
    return [(start, end, None) for ident, start, end in entries if ident != kept]


_PERSON_WORDS = frozenset(
    ("cadet", "emp", "employee", "child", "patient", "pt", "participant", "client", "op",
     "operator", "bed", "card", "ref", "referral", "req", "request", "case", "slot")
)  # fmt: skip
"""The numbering words of :data:`_ENTRY_WORD` that number people (or their beds and
referrals), not items or questions."""

PERSON_MARK = re.compile(
    r"\b\d{1,3}[ \t]*(?:y|yo|yrs?|years?)?[ \t]*[,/]?[ \t]*(?-i:[MF])\b|"
    r"\(\d{1,3}(?:[ \t]*(?:y|yo|yrs?|years?|m|mo|months?))?[),]|"
    r"(?-i:\b(?:Mr|Mrs|Ms|Miss|Mx|Master|Baby)\b\.?[ \t]+[A-Z][\w.' \t-]{0,30}?,[ \t]*\d{1,3}\b)",
    re.I,
)
"""A mark of a person on an entry's line: an age with a sex ("33 M", "30/M", "45 y F"), an
age in brackets ("(9)", "(3 y,", "(18 m)") or a title and name with the age after a comma
("Mrs D. Okafor, 55"; not a title alone, which a narrative's numbered paragraphs repeat)."""

_PEOPLE_HEADER = re.compile(
    r"^[ \t]*\|?[ \t]*(?:patient|pt|name|initials|participant|client|mrn)\b[^\n]*\|",
    re.I | re.M,
)
"""A table's header whose first column names people ("Patient | Age | Ears | ...")."""

_AUDIOGRAM_MARK = re.compile(r"\d[ \t]*(?:k|khz|hz)\b|@[ \t]*\.?\d|\bdb[ \t]*hl\b|\bfrequenc", re.I)
"""A frequency or a hearing level ("250 Hz", "2k", "@500", "25 dB HL", "at every frequency"):
an entry that reports an audiogram."""

_FULLER_BY = 2
"""How many times the words of every other entry this patient's entry holds."""


def _entries_of_people(text: str, entries: list[tuple[str, int, int]], word: str) -> bool:
    """Whether the entries are people's: opened by a word for a person, two or more of them
    opening with :data:`PERSON_MARK`, or rows under a column headed by people."""
    if word in _PERSON_WORDS:
        return True
    marked = sum(
        1
        for _, start, end in entries
        if PERSON_MARK.search(text, start, min(end, start + _OPENING_CHARS))
    )
    if marked >= 2:
        return True
    head_end = entries[0][1]
    lines = [line for line in text[:head_end].splitlines() if not _RULE_ROW.match(line)]
    return bool(lines) and _PEOPLE_HEADER.match(lines[-1]) is not None


_RULE_ROW = re.compile(r"^[ \t]*\|?[ \t:|-]*$")
"""A table's rule row ("|---|---|") or an empty line."""

_OPENING_CHARS = 40
"""How far into an entry's line a person's mark identifies whom the entry is about ("1. 63 M,",
"[ ] 2. Mrs D. Okafor", "Q1 (64 M):"); a title further on names someone the entry speaks
of (a judgment's numbered paragraphs naming its witnesses)."""


def _fullest(text: str, entries: list[tuple[str, int, int]]) -> str | None:
    """Return the id of the entry with :data:`_FULLER_BY` times the words of every other
    that quotes hearing levels or frequencies, else None."""
    sizes = sorted(
        ((len(text[start:end].split()), ident, start, end) for ident, start, end in entries),
        reverse=True,
    )
    (most, ident, start, end), (second, *_) = sizes[0], sizes[1]
    if most < _FULLER_BY * second or not _AUDIOGRAM_MARK.search(text, start, end):
        return None
    return ident
