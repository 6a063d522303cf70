"""Tables whose columns are occasions, read as the column of this test alone.

A serial comparison sets this test beside earlier ones in a table: columns headed by years,
dates, day or week numbers, "Previous" and "Current", "R baseline" and "R today", often with
a column of change. Only the column of this test states this audiogram: the others are
earlier results and a change column is a difference (issue #26, batch 95, serial-audiogram
comparison reports; the same layout is used by ototoxicity and sudden-loss monitoring
forms). The column of this test is the one marked as today's ("today", "current", "now",
"this test", "latest"; also "Day 14 (today)"); with none marked, the latest dated column
(the highest year, date, or day, week or visit number); with neither (a "Baseline" and a
"Follow-up" column, say), no column is read: the rows are dropped, never guessed. A column
of an ear ("R today", "L baseline") is chosen ear by ear. Hand-written, as no library reads
clinical tables; every line is split once, so the pass is linear in the length of the text.
"""

from __future__ import annotations

import re

from clinbench.audiogram.lexicon import DIGIT, LEFT, RIGHT

_OCCASION = re.compile(
    r"""(?ix)^
    (?:(?P<ear>r|l|rt|lt|re|le|right|left)(?:\s+ear)?[\s:,-]+)?
    (?:
        (?P<mark>today|current|now|this\s+(?:test|visit|audiogram)|latest|present)
      | (?P<year>(?:19|20)\d\d)
      | (?P<iso>(?:19|20)\d\d-\d\d(?:-\d\d)?)
      | (?P<month>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s+
            (?:\d{1,2},?\s+)?(?P<month_y>(?:19|20)\d\d)
      | (?P<dmy>\d{1,2})[/.](?P<dmy_m>\d{1,2})[/.](?P<dmy_y>\d{2}|\d{4})
      | (?P<count_of>day|d|week|wk|month|visit|test|session)\s*-?(?P<count>\d{1,3})
      | (?P<earlier>baseline|initial|first|previous|prev\.?|prior|pre-?op(?:erative)?|
            presentation|admission|old|earlier|last)
      | (?P<later>follow-?up|repeat|review|post-?op(?:erative)?|new|retest)
    )
    (?:\s*\(\s*(?P<inner>[^()]{1,30})\s*\))?
    (?:\s+(?:audiogram|test|result|results|db\s*hl))?
    \s*\*?$""",
)
"""A column head naming an occasion, with an ear before it where the columns are an ear's
("R today") and a parenthesis after it ("Day 14 (today)", "Previous (2023)")."""
_CHANGE = re.compile(r"(?i)^(?:change|shift|diff(?:erence)?|Δ|delta|Δ\s*\w.*|change\s+\w.*|sts)$")
"""A column of the change between occasions ("Change", "Δ vs 2023", "Shift")."""
_UNIT_LABEL = re.compile(r"(?i)^(?:hz|khz|freq(?:uency)?\.?(?:\s*\(k?hz\))?|frequency\s*\(k?hz\))$")
"""A label column naming frequencies ("Hz", "Freq", "Frequency (Hz)")."""
_BARE_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_NOT_TESTED = re.compile(r"(?i)-|–|—|n/?t|dnt|not tested")
_SEPARATOR_ROW = re.compile(r"^[\s|:\-–—=+]*$")
_MAX_ROWS = 14


def _cells(line: str) -> list[str]:
    """Return a line's cells: between '|' in a pipe table, else between runs of two spaces."""
    if line.count("|") >= 2:
        return [c.strip() for c in line.strip().strip("|").split("|")]
    return [c for c in re.split(r"\t|\s{2,}", line.strip()) if c]


def _date_key(m: re.Match) -> tuple[int, ...] | None:
    """Return the order of an occasion head among the others (None: no date or number)."""
    if m.group("year"):
        return (int(m.group("year")),)
    if m.group("iso"):
        return tuple(int(p) for p in m.group("iso").split("-"))
    if m.group("dmy"):
        year = int(m.group("dmy_y"))
        year += 2000 if year < 100 else 0
        return (year, int(m.group("dmy_m")), int(m.group("dmy")))
    if m.group("month"):
        month = "jan feb mar apr may jun jul aug sep oct nov dec".split().index(
            m.group("month").lower()
        )
        return (int(m.group("month_y")), month + 1)
    if m.group("count"):
        return (int(m.group("count")),)
    inner = m.group("inner") or ""
    year = re.fullmatch(r"(?:19|20)\d\d", inner.strip())
    return (int(year.group()),) if year else None


def _marked(m: re.Match) -> bool:
    inner = (m.group("inner") or "").lower()
    return bool(m.group("mark")) or bool(
        re.fullmatch(r"today|current|now|this\s+(?:test|visit)|latest|index", inner.strip())
    )


def _ear_of(m: re.Match) -> str:
    ear = (m.group("ear") or "").lower()
    return "" if not ear else ("right" if ear[0] == "r" else "left")


def _header(cells: list[str]) -> tuple[str, dict[int, tuple[str, re.Match]]] | None:
    """Return (label, {column: (ear, occasion match)}) if the cells head occasion columns."""
    label = ""
    columns: dict[int, tuple[str, re.Match]] = {}
    for index, cell in enumerate(cells):
        m = _OCCASION.match(cell)
        if m:
            columns[index] = (_ear_of(m), m)
        elif index == 0 and not DIGIT.search(cell):
            label = cell
        elif not (_CHANGE.match(cell) or not cell):
            return None  # another measure beside the occasions: not a serial table
    if len(columns) < 2:
        return None
    return label, columns


def _column_of_this_test(columns: dict[int, tuple[str, re.Match]]) -> dict[str, int]:
    """Return, for each ear of the columns ('' where they name none), the column of this
    test: the one marked, else the latest dated; an ear with neither is left out."""
    chosen: dict[str, int] = {}
    for ear in {ear for ear, _ in columns.values()}:
        own = {i: m for i, (e, m) in columns.items() if e == ear}
        marked = [i for i, m in own.items() if _marked(m)]
        if len(marked) == 1:
            chosen[ear] = marked[0]
            continue
        keys = {i: _date_key(m) for i, m in own.items()}
        dated = [i for i, key in keys.items() if key is not None]
        if not marked and len(dated) == len(own) >= 2:
            latest = max(dated, key=lambda i: keys[i])
            if sum(keys[i] == keys[latest] for i in dated) == 1:
                chosen[ear] = latest
    return chosen


def _row_text(label: str, unit: str, ear: str, value: str) -> str:
    if unit and _BARE_NUMBER.match(label):
        label += f" {unit}"
    return f"{ear + ' ' if ear else ''}{label}: {value}"


def _occasion_table(lines: list[str], start: int) -> tuple[list[str], int] | None:
    """Return (the rows as this test's statements, lines used) for an occasion table that
    starts at ``start``, or None."""
    header = _header(_cells(lines[start]))
    if header is None:
        return None
    label, columns = header
    width = len(_cells(lines[start]))
    offset = 0 if label or 0 not in columns else 1  # a head of spaces over the row labels
    unit = ("kHz" if "khz" in label.lower() else "Hz") if _UNIT_LABEL.match(label) else ""
    label_ear = "right ear" if RIGHT.search(label) else "left ear" if LEFT.search(label) else ""
    chosen = _column_of_this_test(columns)
    out: list[str] = []
    index = start + 1
    while index < len(lines) and index - start <= _MAX_ROWS:
        line = lines[index]
        if _SEPARATOR_ROW.match(line) and "-" in line:
            index += 1
            continue
        cells = _cells(line)
        if len(cells) != width + offset or not DIGIT.search(line):
            break
        row_label = cells[0]
        for ear, column in sorted(chosen.items(), key=lambda pair: pair[1]):
            value = cells[column + offset]
            if value and not _NOT_TESTED.fullmatch(value):
                out.append(_row_text(row_label, unit, ear or label_ear, value))
        index += 1
    if index == start + 1:
        return None
    return out, index - start


def occasion_tables_read_as_this_test(text: str) -> str:
    """Return ``text`` with each table of occasion columns written as the statements of its
    column of this test, one line a row ("250 Hz: 50"; nothing where no column is this
    test's)."""
    if "\n" not in text or not ("  " in text or "\t" in text or "|" in text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        table = None
        if ("|" in line or "  " in line.strip() or "\t" in line) and index + 1 < len(lines):
            table = _occasion_table(lines, index)
        if table is None:
            out.append(line)
            index += 1
            continue
        rows, used = table
        out.extend(rows)
        index += used
    return "\n".join(out)
