"""Measures of a hearing-aid fitting, which are not results of the audiogram.

A fitting note restates the audiogram and then gives what the aid was set to and measured to
give: real-ear gains and responses against a prescription's targets, the aid's output limit,
its feedback margin, the speech intelligibility index, thresholds measured through the device
(in situ) and the aided sound-field thresholds and word scores. A level beside or under such
a measure's name is that measure's, not an unaided threshold of the ear, however it is
written ("REIG 1k 9/10, 2k 18/20", "14 dB REIG at 4k", "Aided sound-field: 20/20/25 dB HL").
Sources: BSA 2018 practice guidance, guidance on the verification of hearing devices using
probe microphone measurements (REIG, REAR, REUR, RECD, MPO); ANSI S3.22 (OSPL90, HFA-FOG);
ANSI S3.5-1997 (the speech intelligibility index); BSA 2011 recommended procedure for aided
sound-field testing.

:func:`without_fitting_measures` blanks each measure's name and what follows it on its line
(to a sentence's stop, or to the words "unaided" or "audiogram", which name the audiogram
again), the level just before the name, and the rows of a table that go on under it: a line
labelled only as measured, target or deviation below a measure's line ("Measured: R 2k 20, 3k
25"), or the rows under a measure's name that heads them ("REIG (NAL-NL2):" then "  R 1k 9/10").
"""

from __future__ import annotations

import re

from clinbench.audiogram.offsets import blanked

FITTING_MEASURE = re.compile(
    r"\b(?:re[iauo][gr]s?|recds?|redds?|real[ \t-]+ear[ \t-]+(?:insertion|aided|unaided|occluded|"
    r"saturation|to[ \t-]+coupler)[ \t-]+(?:gains?|responses?|differences?)|"
    r"(?:insertion|functional|coupler|prescribed|full[ \t-]+on)[ \t-]+gains?|gains?|mpo|"
    r"maximum[ \t-]+(?:power[ \t-]+)?output|ospl[ \t-]?90|hfa[ \t-]+fog|sii|"
    r"speech[ \t-]+intelligibility[ \t-]+index|"
    r"feedback[ \t-]+(?:margin|manager|test|analy[sz]er|check|path|cancell\w*)|in[ \t-]+situ|"
    r"(?<!not[ \t])(?<!un)(?<!un-)aided(?=[ \t-]+(?:[\w-]+[ \t]+){0,2}?(?:thresholds?|responses?|"
    r"levels?|scores?|wrs|sii|speech|sound[ \t-]*field|free[ \t-]*field|word|soundfield)\b))\b"
)
"""The name of a measure of a hearing-aid fitting, in lower case: a real-ear measure (REIG,
REAR, REUG, RECD ...), a gain, the maximum power output (MPO, OSPL90), the speech
intelligibility index (SII), a feedback margin, in-situ thresholds, or an aided threshold
or score ("aided sound-field thresholds", "Aided WRS"); "unaided" and "not aided" are not
one."""

_REST_OF_LINE = re.compile(
    r"(?:(?!\b(?:unaided|un-aided|audiogram)\b)(?:[^.!?\n]|[.!?](?=\S))){0,400}"
)
"""What follows a measure's name on its line: to the line end, a sentence's stop (a point
inside a number or a word is none), or the words that name the unaided audiogram."""

_REST_OF_CLAUSE = re.compile(
    r"(?:(?!\b(?:unaided|un-aided|audiogram)\b)(?:[^.;!?\n]|[.!?](?=\S))){0,400}"
)
"""What follows the bare word "gain", a word of plain prose too ("fit with the gain shaped
to the mid frequencies; ..."): as :data:`_REST_OF_LINE`, and also to a semicolon."""

_LEVEL_BEFORE = re.compile(r"\b\d{1,3}(?:\.\d+)?[ \t]?(?:db[ \t]*)?\Z")
"""A level written just before a measure's name ("14 dB REIG at 4k")."""

_ROW_LABEL = re.compile(
    r"[ \t*>|-]*(?:measured|achieved|actual|targets?|deviations?|differences?|diff|error|"
    r"prescribed|fit[ \t-]+to[ \t-]+target)\b[^\n]*"
)
"""A row of a fitting's table labelled only by what it holds, below a measure's row
("Measured: R 2k 20, 3k 25", "Deviation -1 -1 +1")."""

_ROW_UNDER_A_HEADING = re.compile(
    r"(?:[ \t]+|[ \t]*(?:[-*\u2022>|]|r\b|l\b|rt\b|lt\b|right\b|left\b|\d))"
    r"(?![^\n]*\b(?:unaided|un-aided|audiogram)\b)[^\n]+"
)
"""A row under a measure's name written as a heading (its line ends with a colon: "REIG
65 NAL-NL2:" then "  L 500 10/11 \u00b7 1k 16/18"): a line indented, or opening with a
bullet, an ear or a number, that does not name the unaided audiogram; a blank line or any
other line ends the table."""

_WORDS = (
    "gain", "reig", "reir", "reag", "rear", "reug", "reur", "reog", "reor", "recd", "redd",
    "real", "mpo", "output", "ospl", "hfa", "sii", "intelligibility", "feedback", "situ",
    "aided",
)  # fmt: skip
"""Words one of which a text holds where :data:`FITTING_MEASURE` may match."""


def may_name_a_fitting_measure(low: str) -> bool:
    """Return whether lowered text ``low`` may name a fitting measure (a cheap test)."""
    for word in _WORDS:
        if word in low:
            return True
    return False


def fitting_measure_spans(low: str) -> list[tuple[int, int]]:
    """Return the spans of lowered text ``low`` that hold a fitting measure's values."""
    spans: list[tuple[int, int]] = []
    for m in FITTING_MEASURE.finditer(low):
        if spans and m.start() < spans[-1][1]:
            continue
        start = m.start()
        before = _LEVEL_BEFORE.search(low, max(0, start - 12), start)
        if before:
            start = before.start()
        rest = _REST_OF_CLAUSE if m.group(0) in ("gain", "gains") else _REST_OF_LINE
        end = rest.match(low, m.end()).end()
        spans.append((start, end))
        if end == len(low) or low[end] == "\n":
            heading = low[m.end() : end].rstrip().endswith(":")
            spans.extend(_rows_below(low, end, _ROW_UNDER_A_HEADING if heading else _ROW_LABEL))
    spans.sort()
    return spans


def _rows_below(low: str, end: int, row_pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    """Return the spans of the rows (``row_pattern``) that go on under a measure's line
    ending at ``end``."""
    rows = []
    while end < len(low):
        row = row_pattern.match(low, end + 1)
        if row is None:
            break
        rows.append(row.span())
        end = row.end()
    return rows


def without_fitting_measures(text: str) -> str:
    """Return ``text`` with each fitting measure's values blanked, keeping its length."""
    low = text.lower()
    if len(low) != len(text):
        return text
    spans = fitting_measure_spans(low)
    if not spans:
        return text
    return blanked(text, spans)
