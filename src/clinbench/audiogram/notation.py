"""Notations rewritten into prose before a reply is read: tables, ear pairs and value lists.

:func:`normalise` makes dashes, symbols and number formats uniform and writes each notation
the clause readers would otherwise need a rule of their own for as a plain sentence: pipe
and whitespace tables (ear rows or ear columns, :func:`tables_to_text`), ear-ordered value
pairs ("R/L 30/45", :func:`ear_pairs_to_text`), frequency-value lists ("250 Hz 30 dB, ..."),
values "at" a frequency list, grade spans ("mild->moderate", "mod-sev") and averages given
as an ear pair. Sources: the notations of audiogram forms and clinic letters as model
replies in the AudiologyBench validation sets use them (tuning set and batches 1-11, issue
#26). Hand-written, as no library reads audiometric notation; every rewrite is linear in
the length of the text.
"""

from __future__ import annotations

import re

from clinbench.audiogram.alternation import led
from clinbench.audiogram.audiogram_model import FREQUENCIES
from clinbench.audiogram.changes import CHANGE_WORD
from clinbench.audiogram.lexicon import (
    AVERAGE_NAME,
    AVERAGED_FREQUENCIES,
    BOTH,
    DIGIT,
    EAR_TAG,
    EAR_WORD,
    LEFT,
    LEFT_TAG,
    REFERENCE_HEAD,
    RESULT_HEAD,
    RIGHT,
    RIGHT_TAG,
    freqs_of,
    labelled_otherwise,
    may_hold,
    may_name_ears,
    to_hz,
)

_STAR_BULLET = re.compile(r"^(\s*)\*(?=\s)", re.M)


EAR_PAIR = re.compile(
    rf"\b(?:{RIGHT_TAG}|right)\s*(?:and|&|/|\+)\s*(?:{LEFT_TAG}|left)\b|"
    rf"\b(?:{LEFT_TAG}|left)\s*(?:and|&|/|\+)\s*(?:{RIGHT_TAG}|right)\b",
    re.I,
)
"""Both ears named as a pair ("Rt and Lt", "right and left"): read as 'both ears', so the
clause is not split at the 'and'."""
_EAR_PAIR_JOINT = re.compile(r"[tTREDLS]\s*(?:[aA][nN][dD]|[&/+])")
"""What every EAR_PAIR match holds: the last letter of its first ear's word or tag (right,
left, Rt, LT, R, RE, AD, L, LE, AS), then the word or sign that joins the pair. A cheap test
before it (for speed: it opens with a class, so the search jumps between those letters)."""


_SYMBOLS = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2248": "~", "*": " ", "≥": ">=", "≤": "<="}
)
_THOUSANDS = re.compile(r"(\d)(?<!\w\d),(\d00)\b")
"""A thousands separator ("4,000"): the digit first, then a look back for the word boundary
before it (the same matches as a word boundary first), so the search jumps from digit to
digit."""
_AT_SIGN = re.compile(r"\s*@\s*")
_AUDIOMETRIC_HZ = r"(?:250|500|750|1000|1500|2000|3000|4000|6000|8000)"
_FV_PAIR = re.compile(
    rf"(\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+(-?\d{{1,3}})(?![\d.])", re.I
)
_FREQ_VALUE_LIST = re.compile(
    rf"(?<![\w.])((?:\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+-?\d{{1,3}}"
    rf"(?:\s*,\s*(?:\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+-?\d{{1,3}}){{1,11}})"
    r"\s*db(?:\s*hl)?\b",
    re.I,
)
"""A list of frequency-value pairs with one dB unit at its end ("500 15, 1k 20, 2k 25,
3k 30 dBHL"): each value is the threshold at the frequency before it."""
_FREQ_VALUE_LIST = led(_FREQ_VALUE_LIST)  # (its first characters looked for first, for speed)


def _freq_value_list(m: re.Match) -> str:
    def pair(p: re.Match) -> str:
        freq = p.group(1) + (" Hz" if p.group(1).isdigit() else "")
        return f"{freq} {p.group(2)} dB HL"

    return _FV_PAIR.sub(pair, m.group(1))


_DBHL = re.compile(r"\bdBHL\b", re.I)


_PAIR_EAR = f"({EAR_TAG})"
_PAIR_DB = r"\s*(?:db(?:\s*hl)?)?"
_FREQ_THEN_PAIR = re.compile(
    # (opens with a digit, then looks back past it, so the search jumps from digit to digit)
    rf"(\d(?<![\d.]\d)\d*(?:\.\d+)?)\s*(khz|k|hz)\s*:\s*{_PAIR_EAR}(?:\s+ear)?\s*[:=]?\s*(-?\d{{1,3}})"
    rf"{_PAIR_DB}\s*[,/;]?\s*(?:and\s+)?{_PAIR_EAR}(?:\s+ear)?\s*[:=]?\s*(-?\d{{1,3}})"
    r"(?:\s*db(?:\s*hl)?|(?![\d.])(?=[ \t]*(?:[;.]?[ \t]*$|[;.]?[ \t]*\n)))",
    re.I | re.M,
)
"""Two ears' values at one frequency: "3 kHz: R 30, L 55 dB HL", or without the unit when the
pair ends its line ("4 kHz: R 50, L 55"): at a named frequency, a value tagged by ear is
its threshold."""
_PAIR_AFTER_FREQ = re.compile(
    rf"(-?\d{{1,3}}){_PAIR_DB}\s+(?:on|in|for)\s+the\s+(right|left)(?:\s+ear)?\s*,?\s*"
    rf"(?:and|vs\.?|versus)?\s*(-?\d{{1,3}}){_PAIR_DB}\s+(?:on|in|for)\s+the\s+(right|left)\b",
    re.I,
)
"""Two ears' values after their frequency: "a 4 kHz notch: 50 dB HL on the right and 75 on the
left" (the frequency is the one named just before, in the same sentence)."""
_VALUE_FOR_AN_EAR = re.compile(rf"\d{_PAIR_DB}\s+(?:on|in|for)\s+the\s+(?:right|left)", re.I)
"""What every _PAIR_AFTER_FREQ match holds from its first value's last digit on: a cheap test
before it (for speed: digit-led, so the search jumps from digit to digit)."""
_BRACKETED_PAIR = re.compile(
    rf"(\d{{1,3}}{_PAIR_DB})\s*\((right|left)(?:\s+ear)?\)(\s*,?\s*(?:and|vs\.?|versus)\s*)"
    rf"(\d{{1,3}}{_PAIR_DB})\s*\((right|left)(?:\s+ear)?\)",
    re.I,
)
"""Two ears' values each followed by its ear in brackets ("70 dB HL (right) and 75 dB HL
(left) at 8 kHz"): written as _PAIR_AFTER_FREQ reads them ("70 dB HL on the right and ...")."""


def _bracketed_pair_written_out(m: re.Match) -> str:
    """Return a bracketed pair written as _PAIR_AFTER_FREQ reads it, only when its own
    frequency follows it (_FREQ_AFTER); otherwise unchanged (an average, "four-frequency
    averages are 36 dB HL (right) and 38 dB HL (left)", names none)."""
    if not _FREQ_AFTER.match(m.string, m.end()):
        return m.group(0)
    return f"{m.group(1)} on the {m.group(2)}{m.group(3)}{m.group(4)} on the {m.group(5)}"


_FREQ_BEFORE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k\b|hz)[^.\d]{0,30}$", re.I)
_FREQ_AFTER = re.compile(
    r"(?:\s+ear)?\s*,?\s+at\s+(\d+(?:\.\d+)?)\s*(khz|k\b|hz)\b(?!\s*(?:-|–|to\b|and\b|,\s*\d))",
    re.I,
)
"""Or the one named right after the pair ("50 dB in the right ear and 20 dB in the left at
4 kHz")."""
_SPAN_START = re.compile(r"\d\s*(?:khz|k|hz)?\s*(?:-|–|to|through)\s*$", re.I)
"""Before a frequency: the start of a span ("500 Hz to 4 kHz", "0.5-4 kHz"); the span's end
is no one frequency that values after it are at (an average's span, a region)."""


_DB_WORD = re.compile(r"db", re.I)


def _pair_sentence(freq: int | None, pairs: list[tuple[str, str]]) -> str:
    at = "" if freq is None else f" at {freq} Hz"
    parts = [f"{EAR_WORD.get(ear.lower(), ear.lower())} ear {value} dB HL{at}"
             for ear, value in pairs]  # fmt: skip
    return " and ".join(parts)


_EAR_ORDER = re.compile(
    r"\b(?:(right|(?-i:R|Rt|RT|AD))\s*/\s*(?:left|(?-i:L|Lt|LT|AS))|"
    r"(left|(?-i:L|Lt|LT|AS))\s*/\s*(?:right|(?-i:R|Rt|RT|AD)))\b",
    re.I,
)
"""A declared ear order for slash pairs: "(R/L)", "right/left"."""
_SLASH_PAIR = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)\s*[:=-]?\s*(-?\d{1,3})\s*/\s*(-?\d{1,3})"
    r"(?![\d/.])(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""A frequency and a slash pair of values: "500 Hz: 30/15", "1 kHz 40/20 dB"."""
_LINE_PAIR = re.compile(
    r"^(\s*(?:-\s*)?)(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*[:=]\s*(-?\d{1,3})\s*/\s*(-?\d{1,3})"
    r"(?![\d/.])(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""A line of a list under a declared ear order that starts with its frequency, the unit
left out ("250: 55/10", "1k: 35/10"): the head ("freq: R/L") says what the numbers are."""


def _unit_less(line: str) -> re.Match | None:
    """Return a list line's frequency-first pair when the number is a test frequency."""
    m = _LINE_PAIR.match(line)
    if m is None:
        return None
    hz = to_hz(m.group(2), m.group(3) or ("k" if float(m.group(2)) < 20 else "hz"))
    return m if hz in FREQUENCIES else None


def ear_order_pairs_to_text(text: str) -> str:
    """Return ``text`` with slash pairs under a declared ear order written out per ear.

    "Thresholds (R/L): 500 Hz 30/15, 1 kHz 40/20" becomes "right ear 30 dB HL at 500 Hz and
    left ear 15 dB HL at 500 Hz, ...". The order holds on its line and on the lines right
    under it that hold pairs (a list under its head), up to a blank line or a line without
    one. A pair with no declared order is left as it is (never guessed), and so are the
    pairs under an order declared in the label of another measure ("Attenuation (L/R, dB):
    1k 28/26", lexicon.labelled_otherwise): they are no thresholds.
    """
    if "/" not in text:
        return text
    lines = text.split("\n")
    order: tuple[str, str] | None = None
    for index, line in enumerate(lines):
        declared = _EAR_ORDER.search(line)
        if declared and labelled_otherwise(line.lower(), declared.start()):
            order = None  # "Band attenuation (L/R, dB): ...": another measure's pairs
        elif declared:
            order = ("right", "left") if declared.group(1) else ("left", "right")
        elif not line.strip() or not (_SLASH_PAIR.search(line) or _unit_less(line)):
            order = None
        if order is None or "/" not in line:
            continue

        def pair(m: re.Match, order=order) -> str:
            freq = to_hz(m.group(1), m.group(2))
            if freq is None:
                return m.group(0)
            return _pair_sentence(freq, [(order[0], m.group(3)), (order[1], m.group(4))])

        written = _SLASH_PAIR.sub(pair, line)
        bare = None if declared else _unit_less(written)
        if bare:
            written = (
                bare.group(1)
                + _pair_sentence(
                    to_hz(bare.group(2), bare.group(3) or "hz") or 0,
                    [(order[0], bare.group(4)), (order[1], bare.group(5))],
                )
                + written[bare.end() :]
            )
        if declared and written != line:  # the pairs now name their ears; drop the key
            written = written[: declared.start()] + written[declared.end() :]
        lines[index] = written
    return "\n".join(lines)


_EAR_SLASH = (
    rf"({RIGHT_TAG}|{LEFT_TAG}|right|left)(?:\s+ear)?\s*[:=]?\s*(\d{{1,3}})\s*/\s*(\d{{1,3}})"
)
_SPAN_THEN_PAIRS = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:-|\u2013|to)\s*(\d+(?:\.\d+)?)\s*(khz|k\b|hz)"
    rf"\s*:\s*{_EAR_SLASH}(?:\s*db(?:\s*hl)?)?\s*[,;]\s*(?:and\s+)?{_EAR_SLASH}(?![\d/])"
    r"(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""A span of two frequencies, then each ear's two values, one per end of the span ("trough
1-2k: R 45/50, L 50/80"): clinic shorthand for the levels at the two frequencies."""


def _span_pairs(m: re.Match) -> str:
    """Each ear's two values at the span's two ends, written out ('right ear 45 dB HL at 1000
    Hz and right ear 50 dB HL at 2000 Hz and left ear ...'); the match unchanged when the span's
    ends are not two test frequencies an octave or less apart (two values over "1-8k" are no
    pair of ends), or the ears are not the two ears."""
    unit = m.group(4)
    low, high = to_hz(m.group(1), m.group(2) or unit), to_hz(m.group(3), unit)
    ears = [EAR_WORD.get(m.group(i).lower(), m.group(i).lower()) for i in (5, 8)]
    if (
        low is None
        or high is None
        or not low < high <= 2 * low
        or sorted(ears)
        != [
            "left",
            "right",
        ]
    ):
        return m.group(0)
    pairs = [
        _pair_sentence(freq, [(ears[k], m.group(6 + 3 * k + j))])
        for k in (0, 1)
        for j, freq in enumerate((low, high))
    ]
    return " and ".join(pairs)


_SENTENCE_END_BEFORE = re.compile(r"[.!?]\s+$")


def ear_pairs_to_text(text: str) -> str:
    """Return ``text`` with two ears' values at one named frequency written out per ear.

    "3 kHz: R 30, L 55 dB HL" and "a 4 kHz notch: 50 dB HL on the right and 75 dB HL on
    the left" become "right ear 30 dB HL at 3000 Hz and left ear 55 dB HL at 3000 Hz", so
    each value is checked for its ear at that frequency. Both ears must be named, once each.
    """

    def freq_first(m: re.Match) -> str:
        freq = to_hz(m.group(1), m.group(2))
        ears = {EAR_WORD.get(m.group(3).lower(), m.group(3).lower()),
                EAR_WORD.get(m.group(5).lower(), m.group(5).lower())}  # fmt: skip
        if freq is None or ears != {"right", "left"}:
            return m.group(0)
        pair = _pair_sentence(freq, [(m.group(3), m.group(4)), (m.group(5), m.group(6))])
        # a frequency that opened a sentence ("Bone 5-20 dB HL both ears. 3 kHz: right 35,
        # left 40 dB HL") opens it still, so what the sentence before said of bone or of an
        # ear does not carry over its full stop
        opens = _SENTENCE_END_BEFORE.search(m.string, max(0, m.start() - 3), m.start())
        return pair[:1].upper() + pair[1:] if opens or m.start() == 0 else pair

    # (the colon and the word test first, for speed: the case-ignoring search tries every
    # character)
    if ":" not in text and not (may_hold(text, "db") and _DB_WORD.search(text)):
        return text
    if "(" in text:
        text = _BRACKETED_PAIR.sub(_bracketed_pair_written_out, text)
    if ":" in text:  # _FREQ_THEN_PAIR needs its colon
        text = _FREQ_THEN_PAIR.sub(freq_first, text)
        if "/" in text:
            text = _SPAN_THEN_PAIRS.sub(_span_pairs, text)
    right, left, _ = may_name_ears(text, both=False)
    if not (right and left) or not _VALUE_FOR_AN_EAR.search(text):
        return text  # _PAIR_AFTER_FREQ rewrites only a pair that names both ears
    out, last = [], 0
    for m in _PAIR_AFTER_FREQ.finditer(text):
        if {m.group(2).lower(), m.group(4).lower()} != {"right", "left"}:
            continue
        # the frequency named right after the pair is its own ("a dip to 50 on the right and
        # 55 on the left at 4k"), before one named earlier ("normal through 2k, then ...")
        after = _FREQ_AFTER.match(text, m.end())
        before = None if after else _FREQ_BEFORE.search(text, max(0, m.start() - 45), m.start())
        if before and _SPAN_START.search(text, max(0, before.start() - 16), before.start()):
            # "averaged over 500 Hz to 4 kHz, 36 dB on the right and 38 on the left": a span's
            # end is no frequency of the values; each is still its ear's
            out.append(text[last : m.start()])
            out.append(_pair_sentence(None, [(m.group(2), m.group(1)), (m.group(4), m.group(3))]))
            last = m.end()
            continue
        named = after or before
        freq = to_hz(named.group(1), named.group(2)) if named else None
        if freq is None:
            continue
        out.append(text[last : m.start()])
        out.append(_pair_sentence(freq, [(m.group(2), m.group(1)), (m.group(4), m.group(3))]))
        last = after.end() if after else m.end()
    out.append(text[last:])
    return "".join(out)


_TRAJECTORY_TO = (
    r",?\s*(?:then\s+)?(?:(?:(?:climbing|rising|falling|dropping|sloping|improving|worsening|"
    r"descending|increasing|decreasing|reaching|widening|narrowing|going|deepening|"
    r"recovering|returning|steepening)\s+)?(?:up\s+|down\s+|back\s+)?to|"
    # a point passed on the way ("from 20 dB at 500 Hz through 50 at 3 kHz to 55 at 4 kHz")
    r"(?:passing\s+)?(?:through|via))\s+"
    # a hedge before the value ("falling to ~85 at 4 kHz", "sloping to about 90 at 8 kHz")
    r"(?:(?:about|around|approximately|roughly|~)\s*)?"
)
"""The link of a trajectory ("..., climbing to", "falling to", "to"): the value after it is
the threshold at the frequency named with it ("20 dB at 3 kHz climbing to 60 at 4 kHz")."""
_VALUE_AT_LIST = re.compile(
    r"(\d{1,3}\s*db(?:\s*hl)?\s+at\s+\d[\d.]*(?:\s*(?:and|,)\s*\d[\d.]*)?\s*(?:khz|k|hz)\b)"
    rf"((?:\s*(?:(?:,|;|\band\b)\s*(?:and\s+)?|{_TRAJECTORY_TO})"
    r"\d{1,3}\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b)+)",
    re.I,
)
_BARE_AT = re.compile(r"(\d{1,3})(\s+at\s+)")
_BARE_LEVEL_AT = re.compile(r"\d\s+at\s+\d", re.I)
"""A level with no unit at its frequency ("20 at 1 kHz"), as every later value of a
:data:`_VALUE_AT_LIST` match gives it: a cheap, digit-led test before that pattern, which
tries its first value's unit and every trajectory word at each number."""
_BARE_TRAJECTORY = re.compile(
    r"(\bfrom\s+\d{1,3})(\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b"
    rf"(?:\s+(?:[a-z]+\s+){{0,2}}?|{_TRAJECTORY_TO})?to\s+\d{{1,3}})"
    r"(\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b)",
    re.I,
)
"""A trajectory with no unit ("sloping from 20 at 500 Hz to 70 at 4 kHz"): each end is a
threshold in dB HL at its frequency."""


def _value_at_list(m: re.Match) -> str:
    """'15 dB HL at 500 Hz, 20 at 1 kHz and 30 at 2 kHz': the unit of the list's first value
    is that of the values after it, each at its own frequency (also along a trajectory:
    '20 dB at 3 kHz climbing to 60 at 4 kHz')."""
    return m.group(1) + _BARE_AT.sub(r"\1 dB HL\2", m.group(2))


def _bare_trajectory(m: re.Match) -> str:
    return m.group(1) + " dB HL" + m.group(2) + " dB HL" + m.group(3)


_GAP_BETWEEN = re.compile(
    r"\b(gaps?)\s+between\s+(?:the\s+)?air\s+and\s+(?:the\s+)?bone(?:[\s-]+conduction)?"
    r"(?:\s+(?:thresholds|results|curves|lines))?\b",
    re.I,
)
"""The gap named in words ("the gap between air and bone"): the air-bone gap."""


_AVG_FREQS = AVERAGED_FREQUENCIES + r"\s*(?:khz|k\b|hz)"
_AVG_EAR = rf"(?:the\s+)?({EAR_TAG})(?:\s+ear)?\s*[:=]?\s*"
_AVG_HEDGE = r"((?:about|around|approximately|approx\.?|roughly|~)\s*)?"
_CHANGE_ASIDE = (
    rf"[ \t]*,(?=[^,;\n\d]{{0,50}}?{CHANGE_WORD})"
    rf"(?:(?!\b(?:{EAR_TAG}|ears?|both|bilateral\w*)\b)[^,;\n\d]){{1,60}}"
)
"""A change clause set after one ear's average, with no number and no ear of its own (", down
since March", ", worse than in May": the change's amount is blanked by then, changes.py): a note
on that ear's value, which leaves the average's name carried to the other ear's value."""
_AVERAGE_EAR_PAIR = re.compile(
    r"\b(" + AVERAGE_NAME + r"|"
    r"(?:(?:high|low|mid)[\s-]*frequency\s+)?(?:averages?|means?)(?:\s+thresholds?)?)"
    rf"\s*(?:\(\s*(?:at|over|across|of)?\s*({_AVG_FREQS})\s*\)?|\s+(?:at|over|across|of)\s+"
    rf"({_AVG_FREQS}))?\s*[:=]?\s*\(?\s*{_AVG_EAR}{_AVG_HEDGE}(\d{{1,3}}(?:\.\d+)?)"
    rf"(?:\s*db(?:\s*hl)?)?([ \t]*\([^()\n\d]{{1,40}}\)|{_CHANGE_ASIDE})?"
    r"(\s*(?:,|;|\band\b|/)\s*|[ \t]{2,})"
    rf"{_AVG_EAR}{_AVG_HEDGE}(\d{{1,3}}(?:\.\d+)?)(?!\d|\.\d)(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""An average named with its frequencies, then one value per ear ("PTA (0.5/1/2/4 kHz): right
25, left 45 dB HL", "high-frequency average (2/3/4 kHz): right about 60, left about 62",
"Averages: right 10 dB HL, left 37.5 dB HL"); a note in brackets after the first ear's value
(its grade: "4FA L 45 (moderate), R 25 (mild)") stays that ear's and does not end the pair; a
printout's columns may part the two ears by a gap alone ("4FA  R 25.0 (mild)   L 45.0")."""
_AVERAGE_EAR_PAIR = led(_AVERAGE_EAR_PAIR)  # (its first characters looked for first, for speed)


def _average_ear_pair(m: re.Match) -> str:
    """Each ear's value of an average with the average's name and frequencies before it:
    'right PTA (0.5/1/2/4 kHz) 25 dB HL, left PTA (0.5/1/2/4 kHz) 45 dB HL'."""
    freqs = m.group(2) or m.group(3)
    name = f"{m.group(1)} ({freqs})" if freqs else m.group(1)
    aside = m.group(7) or ""
    first = f"{_ear_named(m.group(4))} {name} {m.group(5) or ''}{m.group(6)} dB HL{aside}"
    second = f"{_ear_named(m.group(9))} {name} {m.group(10) or ''}{m.group(11)} dB HL"
    return first + _apart(m.group(8)) + second


def _apart(between: str) -> str:
    """The words between two ears' averages, a slash or a printout's gap as a comma ("R 45 /
    L 30"): the two ears' averages are two items of a list, as "R 45, L 30" writes them."""
    return ", " if between.strip() in ("/", "") else between


def _ear_named(tag: str) -> str:
    """The ear a tag before an average names, as a word ("R" -> "Right", "lt" -> "left"),
    so the reader binds the average to it as it binds "right PTA 25"; a capital stays one (a
    sentence may open with the tag: "... 500 Hz. PTA R 85, L 88")."""
    word = _TAG_EAR.get(tag.lower(), tag)
    return word.capitalize() if tag[:1].isupper() else word


_TAG_EAR = {"r": "right", "rt": "right", "re": "right", "ad": "right",
            "l": "left", "lt": "left", "le": "left", "as": "left"}  # fmt: skip


_AVG_NAME = (
    r"\b(" + AVERAGE_NAME + r"|(?:(?:high|low|mid)[\s-]*frequency\s+)?(?:averages?|means?)"
    r"(?:\s+thresholds?)?)"
)
_AVG_ORDER = (
    r"\(?\s*(?:(right|(?-i:R|Rt|RT|AD))\s*/\s*(?:left|(?-i:L|Lt|LT|AS))|"
    r"(left|(?-i:L|Lt|LT|AS))\s*/\s*(?:right|(?-i:R|Rt|RT|AD)))\b\s*\)?"
)
_AVG_SLASH_VALUES = (
    r"(\d{1,3}(?:\.\d+)?)\s*/\s*(\d{1,3}(?:\.\d+)?)(?![\d/]|\.\d)(?:\s*db(?:\s*hl)?)?"
)
_AVERAGE_SLASH_PAIR = re.compile(
    _AVG_NAME + rf"[ \t]*(?:{_AVG_ORDER}[ \t]*[:=]?[ \t]*{_AVG_SLASH_VALUES}|[:=]?[ \t]*"
    rf"{_AVG_SLASH_VALUES}[ \t]*{_AVG_ORDER})",
    re.I,
)
"""An average's name, a declared ear order and a slash pair of values, the order before the
values or after them ("4FA R/L 30/45", "PTA (R/L): 30/45 dB HL", "averages 30/45 (R/L)"):
the first value is the first ear's average, as a form's "R/L" column head declares (the same
order :func:`ear_order_pairs_to_text` reads thresholds by)."""
_AVERAGE_SLASH_PAIR = led(_AVERAGE_SLASH_PAIR)  # (its first characters looked for first, for speed)


def _average_slash_pair(m: re.Match) -> str:
    """Each ear's average of a slash pair in its declared order: 'right 4FA 30 dB HL, left
    4FA 45 dB HL'."""
    if m.group(4) is not None:  # the order before the values
        first_right, values = m.group(2) is not None, (m.group(4), m.group(5))
    else:
        first_right, values = m.group(8) is not None, (m.group(6), m.group(7))
    ears = ("right", "left") if first_right else ("left", "right")
    name = m.group(1)
    first = _opening(m, ears[0])
    return f"{first} {name} {values[0]} dB HL, {ears[1]} {name} {values[1]} dB HL"


_SENTENCE_ENDED = re.compile(r"(?:^|[.!?:\n])[ \t*_>-]*$")


def _opening(m: re.Match, word: str) -> str:
    """Return an ear's word that now opens what ``m`` matched, capitalised where a sentence
    opens there (the reader splits sentences before a capital: "... sensorineural. 4FA 13.75
    right / 15 left" must stay a sentence of its own)."""
    start = m.start()
    before = m.string[max(0, start - 8) : start]
    # (a window that does not reach the text's start opens nothing unless a stop is in it)
    if _SENTENCE_ENDED.search(before) and (start < 8 or before.strip(" \t*_>-")):
        return word.capitalize()
    return word


_AVERAGE_EAR_TAG = re.compile(
    r"\b(" + AVERAGE_NAME + r")[ \t]*[:=]?[ \t]*(?-i:(RT|LT|Rt|Lt|R|L))[ \t]*[:=]?[ \t]*"
    r"(?=\d{1,3}(?:\.\d+)?(?![\d/]|\.\d|[ \t]*(?:hz|khz|k\b|%)))",
    re.I,
)
"""An average's name, then one ear's letter and its value ("4FA L 45 (moderate)", "PTA R:
25"): the letter between the name and the value names the value's ear, as "PTA left 45" does
(the pairs of two ears are read first, by :data:`_AVERAGE_EAR_PAIR`)."""
_AVERAGE_EAR_TAG = led(_AVERAGE_EAR_TAG)  # (its first characters looked for first, for speed)


def _average_ear_tag(m: re.Match) -> str:
    """The average with its ear's word before it ("4FA L 45" -> "Left 4FA 45"; a capital, as
    the tag's, keeps a stop before it a sentence's end)."""
    return f"{_ear_named(m.group(2))} {m.group(1)} "


_AVG_VALUE_EAR = (
    rf"{_AVG_HEDGE}(\d{{1,3}}(?:\.\d+)?)(?!\d|\.\d)(?:\s*db(?:\s*hl)?)?(?:\s+(?:on|in|for)\s+"
    r"(?:the\s+)?|\s*\(\s*(?=(?:right|left|(?-i:[RL]))(?:\s+ear)?\s*\))|[ \t]+(?=(?-i:[RL])\b|"
    r"(?:right|left)\b))"
    r"(right|left|(?-i:R|L))(?:\s+(?:ear|side))?\)?"
)
_AVERAGE_VALUE_EAR_PAIR = re.compile(
    r"\b(" + AVERAGE_NAME + r"|"
    r"(?:(?:high|low|mid)[\s-]*frequency\s+)?(?:averages?|means?)(?:\s+thresholds?)?)"
    rf"\s*(?:\(\s*(?:at|over|across|of)?\s*({_AVG_FREQS})\s*\)|\s+(?:at|over|across|of|for)\s+"
    rf"(?:the\s+)?({_AVG_FREQS}))?\s*(?:(?:are|were|is|was|of)\s+|[:=]\s*)?"
    rf"{_AVG_VALUE_EAR}(\s*(?:,\s*(?:and\s+)?|\band\s+|;\s*|/\s*)){_AVG_VALUE_EAR}",
    re.I,
)
"""An average named with its frequencies, then each value followed by its ear ("The averages
over 0.5, 1, 2 and 4 kHz are 40 dB on the right and 42.5 on the left", "mean of 1, 2 and
3 kHz: 55 dB HL in the left ear, 30 in the right", "4FA 52.5 R / 53.75 L": a form's capital
letter after the value, "averages 88.75 right / 86.25 left": the ear's word after it, in a
slash pair; "PTA 40 dB HL right, 35 dB HL left" is left as it was read before): the
frequencies are the ones averaged, not a threshold's, and each value is its ear's average,
as :data:`_AVERAGE_EAR_PAIR` reads them with the ear first."""
_AVERAGE_VALUE_EAR_PAIR = led(_AVERAGE_VALUE_EAR_PAIR)  # (for speed, as the others)


_PLURAL_END = re.compile(r"(?i)(?<=[a-z]{4})s$")


_UNIT_ONLY = re.compile(r"\s*(?:db(?:\s*hl)?)?\s*", re.I)


def _average_value_ear_pair(m: re.Match) -> str:
    """Each ear's value of an average named before them, the ear first: 'right average
    (0.5, 1, 2 and 4 kHz) 40 dB HL and left average (0.5, 1, 2 and 4 kHz) 42.5 dB HL'."""
    if m.group(6).lower() == m.group(10).lower():
        return m.group(0)
    if (
        len(m.group(6)) > 1
        and _UNIT_ONLY.fullmatch(m.string, m.end(5), m.start(6))
        and (m.group(7).strip() != "/")
    ):
        return m.group(0)  # an ear's word right after its value: only in a slash pair
    freqs = m.group(2) or m.group(3)
    name = _PLURAL_END.sub("", m.group(1))  # one ear's average: "averages" -> "average"
    name = f"{name} ({freqs})" if freqs else name
    first = f"{_opening(m, _ear_named(m.group(6)))} {name} {m.group(4) or ''}{m.group(5)} dB HL"
    second = f"{_ear_named(m.group(10))} {name} {m.group(8) or ''}{m.group(9)} dB HL"
    return first + _apart(m.group(7)) + second


_COMPARED_EARS_PAIR = re.compile(
    r"\b(right|left)((?:\s+ear)?\s+(?:is|was|lies|sits|hears)\s+(?:\d{1,2}(?:\s*(?:-|\u2013|to)\s*"
    r"\d{1,2})?\s*db\s+)?(?:worse|poorer|better)\s+than\s+(?:the\s+|that\s+of\s+the\s+)?)"
    r"(right|left)((?:\s+ear)?[^()\n.;]{0,20}?\(\s*(?:(?:for\s+example|e\.g\.)[,\s]*)?)"
    r"(\d{1,3})\s+(?:against|versus|vs\.?|compared\s+with)\s+(\d{1,3})(?![\d.])"
    r"((?:\s*db(?:\s*hl)?)?)",
    re.I,
)
"""Two ears compared, then their two levels in a bracket joined by "against", "versus" or
"vs" ("the left ear is 15 dB worse than the right (50 against 35 dB HL)", "the right hears
10 dB better than the left (e.g. 20 vs 30 dB at 1 kHz)"): the levels are the two ears' in
the order the comparison names them, the first ear's then the one compared with."""


def _compared_ears_pair(m: re.Match) -> str:
    """The bracket's two levels written out with their ears: '... (left 50 dB HL, right 35
    dB HL)'."""
    first, second = m.group(1), m.group(3)
    if first.lower() == second.lower():
        return m.group(0)
    unit = m.group(7) or " dB"
    return (
        f"{first}{m.group(2)}{second}{m.group(4)}{first.lower()} {m.group(5)}{unit}, "
        f"{second.lower()} {m.group(6)}{unit}"
    )


_INNER_EAR_PART = re.compile(
    r"\b(an?|the)\s+(?:inner[\s-]ear|cochlear)\s+(component|element|part|contribution|share)\b",
    re.I,
)
"""A lay name of a loss's sensorineural part ("an inner-ear component"): the sensorineural
component (it names the part, not bone conduction's values)."""


def _sensorineural_part(m: re.Match) -> str:
    """Return "the (a) sensorineural part" for "the (an) inner-ear part", the article's capital
    kept: a sentence it opens still opens with a capital, where sentences are split."""
    article = "the" if m.group(1).lower() == "the" else "a"
    article = article.capitalize() if m.group(1)[0].isupper() else article
    return f"{article} sensorineural {m.group(2)}"


_MASKING_MARK = re.compile(r"(?<=\d)\s*\((?:m|nm|um|masked|unmasked)\)", re.I)
"""A masking mark after a level ("40 (m)"): an annotation of that level on audiogram forms
(BSA 2018 masked symbols), not a break in the list it stands in."""


EIGHT_LEVEL_ROW = re.compile(
    r"(?<![\w.])(R|L|[Rr]ight|[Ll]eft|RIGHT|LEFT)"
    r"((?:[ \t]+(?i:ear|ac|air))?[ \t]*[:=]?[*_]*[ \t]+)"
    r"(-?\d{1,3}(?:[ \t]*[, \t][ \t]*-?\d{1,3}){7}|-?\d{1,3}(?:[ \t]*/[ \t]*-?\d{1,3}){7}"
    r"(?![^\n]{0,200}?\b(?:at|@)[ \t]*\d[\d.]*[ \t]*(?:k|khz|hz)?[ \t]*/))"
    r"(?![ \t]*[,/]?[ \t]*-?\d)"
    r"((?i:[ \t]*db(?:[ \t]*hl)?(?=[ \t]*\([ \t]*(?:250|0?\.25)[ \t]*(?:hz)?[ \t]*"
    r"(?:-|\u2013|to|\u2192)[ \t]*(?:8000[ \t]*hz|8[ \t]*k))))?"
    r"(?![ \t]*(?i:db|hz|khz|k\b|%|\.\d))"
)
"""An ear's row of exactly eight bare levels with no frequency ("R 10 10 10 10 15 25 70 20"):
or of eight levels joined by slashes ("R 25/30/35/45/50/55/60/65"): a technician's shorthand
for the standard frequencies in order, 250, 500, 1000, 2000, 3000,
4000, 6000 and 8000 Hz (BSA 2018 pure-tone audiometry: the octaves 250-8000 Hz with 3 and
6 kHz). Read only with exactly eight values; a row of another length (3 or 6 kHz left out?)
is left as written, since its frequencies cannot be told. A unit after the row is allowed
only when the row names those frequencies' span ("... 45 dB HL (250-8000 Hz, 3 kHz
included)", "(250\u21928k)", "(0.25-8k)"); a slashed row whose line names its frequencies
("... at 250/500/750/1k ...") is read by them instead."""
_STANDARD_EIGHT = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
_EIGHT_NUMBERS = re.compile(r"\d\d{0,2}(?:[ \t,/]+\d{1,3}){6}[ \t,/]+\d")
"""Eight numbers in a row: a cheap test before EIGHT_LEVEL_ROW (a digit-led scan is faster:
one digit, then up to two more, which the engine sees opening with a digit; a repeat of one
to three digits it does not)."""
_SLIP_CORRECTED = re.compile(
    r"\b(?:typo|(?:finger|hand|pen|thumb|key)s?\s+slipped|slip\s+of\s+the\s+\w+|sorry|"
    r"correction|mistyped|misread|scratch that|i mean|erratum)\b",
    re.I,
)
"""A reply that corrects a slip somewhere ("typo, L 8k is 75", "*30 at 1k, finger slipped"):
which value of a bare row the correction replaces is not certain, so its rows are left as
written rather than read with a value the writer withdrew. Only the writer's own slip is one
(a finger, a pen); a thing that slipped ("the headband slipped", batch 108) corrects nothing."""


_FREQUENCIES_OF_A_ROW = re.compile(
    r"\b(?:at|@)[ \t]*((?:\d[\d.]*[ \t]*(?:k|khz|hz)?[ \t]*/[ \t]*){7}\d[\d.]*[ \t]*(?:k|khz|hz)?)"
    r"[ \t]*$",
    re.I,
)
"""The end of a row of levels that names its eight frequencies ("R: 20 / 20 / ... at 250 /
500 / 750 / 1k / 1.5k / 2k / 3k / 4k"): the frequencies of the bare row under it too."""


def _frequencies_above(m: re.Match) -> tuple[int, ...]:
    """Return the eight frequencies the line above a bare row names at its end (a two-row
    listing gives them once, on its first row), else the standard eight."""
    start = m.string.rfind("\n", 0, m.start())
    if start <= 0:
        return _STANDARD_EIGHT
    above = m.string[m.string.rfind("\n", 0, start) + 1 : start]
    named = _FREQUENCIES_OF_A_ROW.search(above) if "/" in above else None
    freqs = tuple(freqs_of(named.group(1), "")) if named else ()
    return freqs if len(freqs) == 8 else _STANDARD_EIGHT


def _eight_level_row(m: re.Match) -> str:
    """Return an eight-level row written as its ear's levels at their frequencies ("right
    ear: 10 dB at 250 Hz, ...;"): the standard eight, or those the row above names."""
    levels = re.findall(r"-?\d{1,3}", m.group(3))
    if not all(-10 <= int(level) <= 130 for level in levels):
        return m.group(0)
    pairs = ", ".join(
        f"{level} dB at {freq} Hz"
        for level, freq in zip(levels, _frequencies_above(m), strict=True)
    )
    ear = "right" if m.group(1)[0] in "Rr" else "left"
    if m.group(1)[0].isupper():  # a capital that opens a sentence still opens it
        ear = ear.capitalize()
    return f"{ear} ear air conduction: {pairs};"


def normalise(text: str) -> str:
    """Return the text with dashes, symbols and number formats made uniform, tables as text."""
    text = _rows_and_ear_pairs_to_text(tables_to_text(text))
    text = _symbols_made_uniform(text)
    if "/" in text and "(" in text:
        text = _LEVELS_THEN_FREQUENCIES.sub(_levels_then_frequencies, text)
    return _wording_made_uniform(text)


def _rows_and_ear_pairs_to_text(text: str) -> str:
    """Return the text with dictated eight-level rows, averages given ear by ear and two
    ears' values ("R/L: 30/15") written out per ear, and "right and left" as "both ears"
    (the first steps of normalise, in their order)."""
    if _EIGHT_NUMBERS.search(text) and not _SLIP_CORRECTED.search(text):
        text = EIGHT_LEVEL_ROW.sub(_eight_level_row, text)
    if may_hold(text, "pta", "average", "mean", "4fa", "3fa"):  # what the average pairs need
        if "/" in text:
            text = _AVERAGE_SLASH_PAIR.sub(_average_slash_pair, text)  # before "R/L" is both ears
        text = _AVERAGE_EAR_PAIR.sub(_average_ear_pair, text)  # before the ear pairs read it
        text = _AVERAGE_VALUE_EAR_PAIR.sub(_average_value_ear_pair, text)
        text = _AVERAGE_EAR_TAG.sub(_average_ear_tag, text)
    if may_hold(text, "against", "vs", "versus", "compared with"):
        text = _COMPARED_EARS_PAIR.sub(_compared_ears_pair, text)
    text = ear_order_pairs_to_text(text)
    text = ear_pairs_to_text(text)
    right, left, _ = may_name_ears(text, both=False)
    if right and left and _EAR_PAIR_JOINT.search(text):
        text = EAR_PAIR.sub("both ears", text)
    return text


_NOT_TESTED_MARK = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?[ \t]*(?i:khz|hz|k))[ \t]*:?[ \t]*(?:NT|N/T|DNT)(?![\w/])"
)
"""A frequency marked NT ("3k NT", "250 Hz: N/T"): audiogram forms' mark for a frequency not
tested (as a whitespace table's NT cell is read, :data:`_WS_VALUE`), written out so the
frequency is read as not tested, not as one more frequency of the level before it ("25 @2k,
3k NT" is no 25 at 3 kHz)."""


_FREQUENCY_SEMICOLON_LEVEL = re.compile(
    r"(?<=[:;][ \t])(\d+(?:\.\d+)?[ \t]*(?i:khz|hz|k))[ \t]*;"
    r"(?=[ \t]*-?\d{1,3}(?:\.\d+)?[ \t]*(?i:db)\b(?:[ \t]*(?i:hl)\b)?[ \t]*"
    r"(?:\([^()\n]{0,20}\)[ \t]*)?(?:[;,]|\.(?!\d)|$))",
    re.M,
)
"""A frequency alone as a list item, a semicolon, then a level alone as the next item
("Right ear, air conduction: 250 Hz; 60 dB HL; 1000 Hz; ..."): the level is that frequency's,
its colon typed as the list's semicolon (a copy of the "250 Hz: 60 dB HL; 500 Hz: ..." form;
issue #26 batch 117, a small local model's replies). The semicolon is written as the colon
(same length). Not a level with a frequency of its own after it ("2 kHz; 45 dB HL at 3
kHz"), nor a frequency that is no item of its own ("... at 2 kHz; 40 dB HL"). The level
may carry its own mark in brackets and end its sentence ("6000 Hz; 45 dB (masked)."; batch
140, the same model)."""


def _symbols_made_uniform(text: str) -> str:
    """Return the text with bullets, symbols, "@", masking marks, frequency-value lists and
    thousands separators written one way (the middle steps of normalise, in their order)."""
    if "*" in text:
        text = _STAR_BULLET.sub(r"\1-", text)  # "* item" -> "- item"; "**bold**" stays
    if "*" in text or not text.isascii():  # "*" is the only ASCII key (a test for speed)
        text = text.translate(_SYMBOLS)
    if "NT" in text or "N/T" in text:
        text = _NOT_TESTED_MARK.sub(r"\1 not tested", text)  # "3k NT": "3k not tested"
    if "@" in text:
        text = _AT_SIGN.sub(" at ", text)  # "80 dB @ 6-8k": "at"
    if "(" in text:
        text = _MASKING_MARK.sub("", text)  # "40 (m) / 45 (m)": the list goes on
        text = _LEVEL_THEN_BRACKETED_FREQUENCY.sub(_level_at_its_frequency, text)
    if "db" in text or "dB" in text or "DB" in text:
        text = _FREQ_VALUE_LIST.sub(_freq_value_list, text)
    if "," in text:
        text = _THOUSANDS.sub(r"\1\2", text)  # 4,000 Hz -> 4000 Hz
    if ";" in text:
        text = _FREQUENCY_SEMICOLON_LEVEL.sub(r"\1:", text)  # "250 Hz; 60 dB HL": its level
    return text


_LEVEL_THEN_BRACKETED_FREQUENCY = re.compile(
    r"(?<![\w.])(-?\d{1,3})(?![\d.])([ \t]*(?:db(?:[ \t]*hl)?)?)[ \t]*\([ \t]*"
    rf"(?:({_AUDIOMETRIC_HZ})(?:[ \t]*hz)?|((?:0?\.(?:25|5|75)|1(?:\.5)?|[234568])[ \t]*k(?:hz)?))"
    r"[ \t]*\)",
    re.I,
)
"""A level with its frequency in brackets after it, as notes list thresholds ("R 20 (250), 20
(500), 25 (750), 65 (1.5k)", "40 dB (500 Hz)"): the threshold at that frequency (an
audiometric frequency, BSA 2018), written "20 at 250 Hz" as every reader reads it. Not a
range of frequencies ("45-50 (6-8k)"), nor a number that is part of a word or a decimal
("H2 (4k)", "38.75 (...)")."""


_LEVEL_THEN_BRACKETED_FREQUENCY = led(_LEVEL_THEN_BRACKETED_FREQUENCY)  # (for speed)


def _level_at_its_frequency(m: re.Match) -> str:
    hz = f"{m.group(3)} Hz" if m.group(3) else m.group(4)
    return f"{m.group(1)}{m.group(2).rstrip()} at {hz}"


_BARE_TEST_FREQUENCY = re.compile(
    # (the look-ahead for the frequencies' first digits first, for speed: the look-behinds
    # are then tried only before a digit)
    r"(?=[1-8])(?:(?<=\b[aA][tT] )|(?<=\b[bB][yY] )|(?<=\b[tT][hH][eE] ))"
    r"((?:250|500|750|1000|1500|2000|3000|4000|6000|8000)"
    r"(?:\s*(?:-|\u2013|to|and)\s*(?:500|750|1000|1500|2000|3000|4000|6000|8000))?)"
    r"(?![\d/%$\u00a3]|[.,:]\d|\s*(?:[-\u2013,/&]|(?i:to|and|or|through)\b)\s*\.?\d"
    r"(?!\d*\s*(?i:db\b|at\b|@|above\b|below\b|beyond\b|higher\b|lower\b|up\b|"
    r"thereafter\b|elsewhere\b|throughout\b|everywhere\b))|"
    r"\s*(?i:hz|khz|k\b|ft\b|feet|foot|m\b|metres?|meters?|mg|mcg|ml|km|kg|"
    r"g\b|lb|miles?|rpm|hours?|hrs?|mins?|minutes?|steps|words|people|patients|units?|iu\b|"
    r"kcal|calories|mm\b|cm\b|bc\b|ad\b|s\b|'?s\b|years?))"
)
"""A test frequency written with no unit after the word that places a level at it, as
patients and terse notes write it ("my left at 4000 was 45", "80 by 4000", "the 3000 one on
the left", "50 at 1000-2000"): only the audiometric frequencies (BSA
2018), and not before a unit of something else ("at 8000 ft", "500 mg") nor a year's
words; written with "Hz" so every reader reads it as a frequency. A number after a comma,
"and" or a dash goes on a list of frequencies ("at 250, 500 and 1000"), unless it is the next
item's level, placed by "at", "@" or "dB" or over the rest of the range ("above",
"thereafter"): "85 dB at 250, 50 at 500, 40 at 1k", "5 @ 250, 10 @ 500, 10 above" place
each level at its own frequency."""


_EXTREME_FREQUENCY = re.compile(
    r"(?i)\bthe\s+(lowest|highest|top|bottom)\s+(?:test(?:ed)?\s+)?(?:pitch|frequency|tone|note)"
    r"(?:\s+tested)?\b(?!\s*\()"
)
"""The lowest or highest test frequency named in words, as patients write it ("my right ear at
the lowest pitch was 75", "85 dB at the top frequency"): the ends of the standard
air-conduction range, 250 and 8000 Hz (BSA 2018 pure-tone audiometry), written as such so
the level given there is read at it. Not the plural ("the lowest pitches": a band), nor a
frequency given in a parenthesis after it."""


def _extreme_frequency(m: re.Match) -> str:
    return "250 Hz" if m.group(1).lower() in ("lowest", "bottom") else "8000 Hz"


_FREQUENCY_COPULA = re.compile(
    r"\d\s*(?:[kK](?:[hH][zZ])?|[hH][zZ])\s+(?:\w+\s+){0,5}?(?:was|is|were|came|measured)\s"
)
"""A frequency and a copula within a few words: what _FREQUENCY_THEN_LEVEL needs (a cheap
test, opening with a digit, before the full pattern)."""
_FREQUENCY_THEN_LEVEL = re.compile(
    r"(?i:(?:\bat\s+(\d+(?:\.\d+)?\s*(?:khz|k|hz))|\bthe\s+"
    r"(\d+(?:\.\d+)?\s*(?:khz|k|hz))\s+one)"
    r"((?:\s+(?:on|in|for)\s+(?:the|my|his|her|your)\s+(?:left|right)(?:\s+(?:ear|side))?)?)"
    r"\s+(?:was|is|were|came\s+out\s+at|measured)\s+(?:(?:only|about|around|just|roughly)\s+)?)"
    r"(-?\d{1,3})(?![\d%]|\.\d|\s*(?:[-\u2013/]|,\s*-?\d|(?i:to\b|and\b|db|dB|percent|years?|months?|"
    r"weeks?|days?|worse|better|poorer|lower|higher|more|less)))"
)
"""A frequency, then a copula and its level ("my left at 4000 Hz was 45", "the 3000 Hz one on
the left was 55", as patients write it): written as a level at the frequency, with the
ear named between them after it ("45 dB HL at 4000 Hz", "55 dB HL at 3000 Hz on the left").
Not a frequency that a level before it owns ("80 dB HL at 4 kHz is only 10 dB worse") or
that ends a list ("500, 1k, 2k and 4k is 40, 20, ..."), nor a value with a unit, a range or
a list after it: only the bare level a patient gives."""


def _frequency_then_level(m: re.Match) -> str:
    if _OWNED_AT.search(m.string, max(0, m.start() - 24), m.start()):
        return m.group(0)  # "80 dB HL at 4 kHz is ...": the frequency is the level's before it
    return f"{m.group(4)} dB HL at {m.group(1) or m.group(2)}{m.group(3)}"


_OWNED_AT = re.compile(r"(?i)(?:\d\s*(?:db(?:\s*hl)?)?|\band)\s*$")


def _frequencies_in_words_written_out(text: str) -> str:
    """Return the text with test frequencies written without a unit or in words given "Hz",
    and a level after its frequency ("at 4000 Hz was 45") written as a level at it."""
    if "00" in text or "750" in text or "250" in text:
        text = _BARE_TEST_FREQUENCY.sub(r"\g<0> Hz", text)
    if "est " in text or "top " in text or "bottom " in text:
        text = _EXTREME_FREQUENCY.sub(_extreme_frequency, text)
    if _FREQUENCY_COPULA.search(text):
        text = _FREQUENCY_THEN_LEVEL.sub(_frequency_then_level, text)
    return text


_FREQ_NUMBER_SLASHED = r"(?:\d+(?:\.\d+)?|\.\d+)"
_LEVELS_THEN_FREQUENCIES = re.compile(
    r"(?<![\d/.])(\d{1,3}(?:/\d{1,3}){1,7})[ \t]*\([ \t]*"
    rf"({_FREQ_NUMBER_SLASHED}(?:/{_FREQ_NUMBER_SLASHED}){{1,7}})[ \t]*(khz|k|hz)[ \t]*\)",
    re.I,
)
"""Slashed levels then, in brackets, their slashed frequencies with one unit ("AC
45/40/40/35/65 (.25/.5/1/2/4k)", "BC 10/15/20 (0.5/1/2 kHz)"): each level at the frequency
in its place, a leading point a fraction of a kHz (".25" is 0.25 kHz). Source: clinic and
ward notes list an ear's thresholds in the order of the frequencies given after them."""


def _levels_then_frequencies(m: re.Match) -> str:
    levels, freqs = m.group(1).split("/"), m.group(2).split("/")
    if len(levels) != len(freqs):
        return m.group(0)
    freqs = ["0" + f if f.startswith(".") else f for f in freqs]
    return f"{'/'.join(levels)} dB HL at {'/'.join(freqs)} {m.group(3)}"


def _wording_made_uniform(text: str) -> str:
    """Return the text with gaps, inner-ear wording, level lists, trajectories, grade
    shorthand and "dBHL" written one way (the last steps of normalise, in their order)."""
    if "between" in text:
        text = _GAP_BETWEEN.sub(r"air-bone \1", text)
    text = _terms_made_uniform(text)
    if "inner" in text or "ochlear" in text:
        text = _INNER_EAR_PART.sub(_sensorineural_part, text)
    text = _frequencies_in_words_written_out(text)
    if " at " in text:
        if _BARE_LEVEL_AT.search(text):  # (what the list's later values need: a cheap test)
            text = _VALUE_AT_LIST.sub(_value_at_list, text)
        if "from" in text or "From" in text:
            text = _BARE_TRAJECTORY.sub(_bare_trajectory, text)
    if ("mod" in text or "Mod" in text) and may_hold(text, "sev"):  # (it needs "sev" too)
        text = _MOD_SEVERE.sub("moderate to severe", text)
    if "->" in text or "→" in text or "mild-" in text.lower() or "mild–" in text.lower():
        text = _GRADE_SPAN.sub(_grade_span, text)
    if "ly " in text and (
        "mpaired" in text
        or "educed" in text
        or "eaf" in text
        or "iminished" in text
        or "ecreased" in text
        or "ffected" in text
        or "mpacted" in text
    ):
        text = _GRADE_ADVERB.sub(r"\1\2 hearing loss (\3)", text)
    return _DBHL.sub("dB HL", text) if may_hold(text, "dbhl") else text


def _terms_made_uniform(text: str) -> str:
    """Return the text with "right" after a count written "correct", a mixed loss named in
    full written "mixed", each test's procedure code written with its test's name, and an
    emphasizer after a copula left out."""
    if " of " in text and "ight" in text:
        text = _COUNT_RIGHT.sub(r"\1correct", text)
    if "ixed" in text or "IXED" in text:
        text = _MIXED_NAMED_IN_FULL.sub(r"\1", text)
    if "onductive" in text.lower() and "ensori" in text.lower():
        text = _MIXED_BY_ITS_PARTS.sub(_mixed_of_one_ear, text)
    if "925" in text or "926" in text:
        text = _PROCEDURE_CODE.sub(_procedure_code_named, text)
    low = text.lower()
    if any(word in low for word in _STRESS) or "in fact" in low:  # (a cheap test)
        text = _STRESS_AFTER_COPULA.sub(r"\1 ", text)
    return text


_STRESS = ("indeed", "actually", "certainly", "definitely", "really", "truly", "clearly")
_STRESS_AFTER_COPULA = re.compile(
    r"(?i)\b(is|are|was|were|remains?|seems?|appears?)[ \t]+(?:" + "|".join(_STRESS)
    + r"|in[ \t]+fact)[ \t]+(?=\w)"
)  # fmt: skip
"""An emphasizer between a copula and what it says ("your left ear is indeed normal", "both
ears are actually within normal limits", "the right was clearly the worse"): the statement
without it, so every reader that knows "is normal" reads "is indeed normal". The word stresses
the predicate; it neither hedges nor negates it. Source: Quirk et al. (1985), A Comprehensive
Grammar of the English Language, the subjuncts called emphasizers (actually, certainly,
clearly, definitely, indeed, really)."""


_PROCEDURE_TEST = {
    "92550": "tympanometry and acoustic reflexes", "92567": "tympanometry",
    "92568": "acoustic reflexes", "92555": "speech audiometry", "92556": "speech audiometry",
    "92587": "otoacoustic emissions", "92588": "otoacoustic emissions",
    "92651": "ABR", "92652": "ABR", "92653": "ABR",
}  # fmt: skip
"""The CPT codes of audiology tests other than pure-tone audiometry, and the test each bills
(AMA CPT, audiologic function tests 92550-92588 and auditory evoked potentials 92651-92653)."""
_PROCEDURE_CODE = re.compile(
    r"(?<![\w.-])(" + "|".join(_PROCEDURE_TEST) + r")(?![\w.-])"
    r"(?![^\n;]{0,40}?(?i:tymp|reflex|speech|word|emission|oae|abr|brainstem))"
)
"""A procedure code, not followed by its test's name: written with it, so a result beside the
code ("92567 x1 (Type A, both)") is read as that test's (coding summaries, issue #26 batch
64, used as tuning data)."""


def _procedure_code_named(m: re.Match) -> str:
    return f"{m.group(1)} {_PROCEDURE_TEST[m.group(1)]}"


_MIXED_NAMED_IN_FULL = re.compile(
    r"(?i)\b(mixed)[ \t]+\(?[ \t]*(?:conductive[ \t]*(?:and|&|/|\+|-)[ \t]*sensori-?neural|"
    r"sensori-?neural[ \t]*(?:and|&|/|\+|-)[ \t]*conductive)\b(?:[ \t]*\))?"
)
"""A mixed loss named in full ("Mixed conductive and sensorineural hearing loss", the ICD-10
H90.6-H90.8 titles; "mixed (sensorineural/conductive) loss"): one type, mixed, not a
conductive and a sensorineural claim (ICD-10-CM H90.6; BSA 2018). Written "mixed" so no
reader splits the pair at its "and"."""
_MIXED_BY_ITS_PARTS = re.compile(
    r"(?i)\b(?:conductive[ \t]+(?:and|&|\+)[ \t]+sensori-?neural|"
    r"sensori-?neural[ \t]+(?:and|&|\+)[ \t]+conductive)(?=[ \t]+(?:hearing[ \t]+)?loss(?:es)?\b)"
)
"""Both parts of a mixed loss named together before the loss, with no "mixed" ("a conductive
and sensorineural hearing loss", "conductive and sensorineural hearing losses"): one loss with
both components, a mixed loss (ASHA: a mixed hearing loss is a conductive loss together with a
sensorineural one; ICD-10 H90.6-H90.8 "mixed conductive and sensorineural"); written "mixed"
so no reader judges each part as the whole loss's type (issue #26 batch 146, ZU24, used as
tuning data). Not where the parts go to two ears (:func:`_mixed_of_one_ear`)."""
_TWO_EARS_NEAR = re.compile(
    r"(?i)\b(?:respectively|opposite|each|both|bilateral\w*|other)\b|\b(?:right|left)\b[^.]*\b(?:right|left)\b"
)
"""Words near the pair that give its parts to two ears ("right and left ... respectively",
"in opposite ears", "each ear")."""


def _mixed_of_one_ear(m: re.Match) -> str:
    """Return "mixed" for the pair unless its sentence's words near it name two ears."""
    text = m.string
    head = max(text.rfind(".", max(0, m.start() - 100), m.start()), m.start() - 100, 0)
    tail = text.find(".", m.end(), m.end() + 100)
    window = text[head : tail if tail >= 0 else m.end() + 100]
    return m.group(0) if _TWO_EARS_NEAR.search(window) else "mixed"


_COUNT_RIGHT = re.compile(
    r"(\b\d{1,3}\s+(?:out\s+of|of)\s+(?:the\s+)?\d{1,3}(?:\s+(?:words?|items?))?\s+)"
    r"(?i:right)\b(?!\s+(?:ear|side)s?\b)"
)
"""'Right' after a count out of a total ("you got 46 out of 50 right", "18 of the 20 words
right"): the sense "correct", not the right ear (Oxford English Dictionary, right adj.
'correct'); written "correct" so no reader gives the clause to the right ear ("Left ear: you
got 92 out of 100 right" is about the left ear)."""
_GRADE_ADVERB = re.compile(
    r"\b((?:ears?|hearing|sides?)[ \t]*(?:[:,\u2013-][ \t]*|[ \t](?:(?:is|are|was|were|seems?|"
    r"appears?|remains?)[ \t]+)?(?:(?:now|still|also|only)[ \t]+)?))(mild|moderate|severe|profound)"
    r"ly[ \t]+(impaired|reduced|deaf(?:ened)?|diminished|decreased|affected|impacted)\b"
    # (what the by-phrase names: the conduction route the hearing was tested by still
    # leaves the grade on the hearing; anything else may be what is graded)
    r"(?![ \t]+(?:with|from|by(?![ \t]+(?:the[ \t]+)?(?:air|bone)[ \t-]+conduction))\b)",
    re.I,
)
"""A grade said by its adverb of an ear's hearing ("the right ear is moderately impaired",
"hearing is mildly reduced on the left"): read as that grade of loss ("moderate hearing loss
(impaired)"), as WHO 2021 grades an ear. Only with the ear or the hearing as its subject:
"quality of life is severely impaired", "speech understanding is moderately reduced" and
"severely affected by tinnitus" grade something else (scope8's leftover). "Impacted" is
"affected" in other words, and a by-phrase that names only the route the hearing was tested
by ("severely impacted by bone conduction", "severely affected by air conduction": a small
model's way of saying which test showed it) keeps the grade on the hearing (issue #26,
batches 135 and 143, real-model replies)."""
_GRADE_SPAN = re.compile(
    r"\b(mild|mod|moderate|sev|severe)\s*(?:->|→|-|–)\s*(mod|moderate|sev|severe|prof|profound)"
    r"(?![a-z])",
    re.I,
)
"""A span of grades in chart shorthand ("mild->sev", "mild-mod"): read as "mild to severe"."""
_GRADE_WORD = {"mod": "moderate", "sev": "severe", "prof": "profound"}


def _grade_span(m: re.Match) -> str:
    abbreviated = any(g.lower() in _GRADE_WORD for g in m.groups())
    if not abbreviated and ">" not in m.group(0) and "→" not in m.group(0):
        return m.group(0)  # "mild-moderate" is read as a span already, with its own text
    low, high = (_GRADE_WORD.get(g.lower(), g) for g in m.groups())
    return f"{low} to {high}"


_MOD_SEVERE = re.compile(r"\bmod\.?[\s-]*sev(?:ere|\.)?(?![a-z])", re.I)
"""Shorthand "mod-severe"/"mod-sev": read as the span moderate to severe, which holds under
either reading (moderately severe, or moderate-to-severe), so neither is guessed."""


# ------------------------------------------------------------------ tables

_TABLE_SEPARATOR = re.compile(r"^:?-{2,}:?$")
_CELL_VALUE = re.compile(r"^\s*(-?\d{1,3})\s*(?:db(?:\s*hl)?)?\s*(\*|m|masked)?\s*$", re.I)
_CELL_NO_RESPONSE = re.compile(r"^\s*(?:nr|no response|no resp\.?|x)\b", re.I)
_CELL_FREQUENCY = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*(khz|k|hz)?\s*$", re.I)
"""A frequency as a table's column head: "500", "1k", "2 kHz", or kHz with no leading zero
(".25", ".5": chart shorthand for 0.25 and 0.5 kHz)."""


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


_BARE_R = re.compile(r"\s*(?-i:R)\s*(?:ac|bc|air|bone)?\s*", re.I)
_BARE_L = re.compile(r"\s*(?-i:L)\s*(?:ac|bc|air|bone)?\s*", re.I)
_BONE_CELL = re.compile(r"\b(bone|bc)\b", re.I)
_NOT_TESTED_CELL = re.compile(r"-|–|—|n/?t", re.I)


def _ear_label(cell: str) -> tuple[str, str] | None:
    """Return (ear, conduction) named by a table cell ("R", "Left", "AD", "Right BC")."""
    both = BOTH.search(cell)
    ear = "both" if both else ("right" if RIGHT.search(cell) else None)
    if ear is None:
        if LEFT.search(cell):
            ear = "left"
        elif _BARE_R.fullmatch(cell):
            ear = "right"
        elif _BARE_L.fullmatch(cell):
            ear = "left"
    if ear is None:
        return None
    bone = _BONE_CELL.search(cell)
    return ear, "bone" if bone else "air"


def _frequency(cell: str) -> int | None:
    m = _CELL_FREQUENCY.match(cell)
    return to_hz(m.group(1), m.group(2)) if m else None


def _ear_sentence(ear: str, conduction: str, pairs: list[tuple[int, str]]) -> str | None:
    parts = []
    for freq, cell in pairs:
        value = _CELL_VALUE.match(cell)
        if value:
            parts.append(f"{value.group(1)} dB HL at {freq} Hz")
        elif _CELL_NO_RESPONSE.match(cell):
            parts.append(f"no response at {freq} Hz")
    if not parts:
        return None
    name = "Both ears" if ear == "both" else f"{ear.capitalize()} ear"
    kind = "bone conduction" if conduction == "bone" else "air conduction"
    return f"{name} {kind}: {', '.join(parts)}."


def _labelled_cell(ear: str, conduction: str, head: str, cell: str) -> str | None:
    """Return a cell of a table with named columns (or rows) as a sentence about its ear:
    "| Right | ... | Masked BC: 40-65 dB HL |" -> "Right ear Masked BC: 40-65 dB HL." (the
    head says what the cell is: its conduction, a PTA, a type)."""
    head, cell = head.strip(), cell.strip().rstrip(".;")
    if not head or not cell or _NOT_TESTED_CELL.fullmatch(cell) or _ear_label(head):
        return None
    if REFERENCE_HEAD.fullmatch(head):
        return None  # the population's range printed beside the value, not the ear's
    name = "Both ears" if ear == "both" else f"{ear.capitalize()} ear"
    if conduction == "bone" and not _BONE_CELL.search(head):
        name += " bone conduction"
    return f"{name} {head}: {cell}."


def _table_sentences(rows: list[list[str]]) -> list[str] | None:
    """Return sentences per ear for a table of an audiogram: thresholds (ear rows and
    frequency columns, or ear columns and frequency rows), and cells under a named column
    or row ("PTA", "Masked BC", "Type"), each as a sentence naming its ear and its head.
    Returns None when no row or column is an ear's, and when the first row is an ear's own
    record, not a header (lines that each open with an ear's letter, with no frequency
    columns: each line is read as it is; batch 108 YI04)."""
    if len(rows) < 2:
        return None
    header, body = rows[0], rows[1:]
    freqs = [_frequency(c) for c in header[1:]]
    labels = [_ear_label(c) for c in header[1:]]
    if (
        sum(f is not None for f in freqs) < 2
        and _ear_label(header[0])
        and body[0]
        and _ear_label(body[0][0])
    ):
        return None  # "R air 40-45 | bone 20 / L air 15 | bone 15": each line an ear's record
    if sum(f is not None for f in freqs) >= 2 or not any(labels):  # ear rows
        return _ear_row_sentences(header, body, freqs) or None
    return _ear_column_sentences(body, labels) or None


def _ear_row_sentences(header: list[str], body: list[list[str]], freqs) -> list[str]:
    """Sentences of a table with ear rows and frequency (or named) columns."""
    out = []
    for row in body:
        label = _ear_label(row[0]) if row else None
        if label is None:
            continue
        pairs = [(f, c) for f, c in zip(freqs, row[1:], strict=False) if f is not None]
        sentence = _ear_sentence(*label, pairs)
        if sentence:
            out.append(sentence)
        for head, f, cell in zip(header[1:], freqs, row[1:], strict=False):
            named = _labelled_cell(*label, head, cell) if f is None else None
            if named and RESULT_HEAD.fullmatch(head) and _measure_of_row(row[0]):
                named = f"{row[0].strip()}: {cell.strip().rstrip('.;')}."
            if named:
                out.append(named)
    return out


_EAR_NAMES = re.compile(rf"{BOTH.pattern}|{RIGHT.pattern}|{LEFT.pattern}|\bears?\b", re.I)


def _measure_of_row(label: str) -> str:
    """Return what a row's label says its cells measure, less its ear ("Hearing - Right ear
    average" -> "Hearing - average"); "" when the label is only an ear ("R", "Left ear").
    Under a head that names no measure ("Your value", "Result") the cell is the row's
    measure: "| Hearing - Right ear average | 22.5 dB HL |" -> "Hearing - Right ear average:
    22.5 dB HL." """
    rest = " ".join(_EAR_NAMES.sub(" ", label).split())
    return rest if re.search(r"[a-z]{2}", rest, re.I) else ""


def _ear_column_sentences(body: list[list[str]], labels) -> list[str]:
    """Sentences of a table with ear columns and frequency (or named) rows."""
    out = []
    for column, label in enumerate(labels, start=1):
        if label is None:
            continue
        pairs, named = [], []
        for row in body:
            if not row or column >= len(row):
                continue
            freq = _frequency(row[0])
            if freq is not None:
                pairs.append((freq, row[column]))
            else:
                named.append(_labelled_cell(*label, row[0], row[column]))
        sentence = _ear_sentence(*label, pairs)
        out += [x for x in (sentence, *named) if x]
    return out


_EAR_HEAD_MAX = 12
"""The longest column head of a side-by-side table that is only an ear's name ("R",
"Left ear")."""


def _side_by_side_ears(lines: list[str], index: int) -> tuple[list[str], int]:
    """Return the sentences of two ears' findings written side by side, one "|" a line under
    a head naming the two ears ("R | L", then "sloping SNHL | flat CHL"): each cell becomes
    a sentence about its column's ear ("Right ear: sloping SNHL."), and how many lines were
    used. No such head: ([], 0)."""
    if lines[index].count("|") != 1:
        return [], 0
    heads = _cells(lines[index])
    labels = [_ear_label(h) if len(h) <= _EAR_HEAD_MAX else None for h in heads]
    if None in labels or {label[0] for label in labels} != {"right", "left"}:
        return [], 0
    names = [f"{label[0].capitalize()} ear" for label in labels]
    out, used = [], 1
    while index + used < len(lines) and lines[index + used].count("|") == 1:
        cells = _cells(lines[index + used])
        out += [
            f"{name}: {cell.rstrip('.;')}."
            for name, cell in zip(names, cells, strict=False)
            if cell
        ]
        used += 1
    return (out, used) if out else ([], 0)


def tables_to_text(text: str) -> str:
    """Return ``text`` with tables of thresholds rewritten as one sentence per ear.

    A pipe table is a run of lines with at least two '|'; a whitespace table (columns
    aligned with spaces or tabs) is a header line and the value lines right under it (see
    :func:`_whitespace_table`). The first row names frequencies (ears in the rows) or ears
    (frequencies in the rows). A table that is not of thresholds is left as it is. Each
    line is split once: linear in the length of the text.
    """
    if "\n" not in text and "|" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        if lines[index].count("|") >= 2:
            block = []
            while index < len(lines) and lines[index].count("|") >= 2:
                block.append(lines[index])
                index += 1
            rows = [
                cells
                for cells in (_cells(line) for line in block)
                if not all(_TABLE_SEPARATOR.match(c) or not c for c in cells)
            ]
            sentences = _table_sentences(rows)
            out.extend(sentences if sentences else block)
            continue
        sentences, used = _side_by_side_ears(lines, index)
        if sentences:
            out.extend(sentences)
            index += used
            continue
        rows, used = _whitespace_table(lines, index)
        if rows is None and _gapped(lines[index]):
            rows, used = _gapped_table(lines, index)
        sentences = _table_sentences(rows) if rows else None
        if sentences:
            out.extend(sentences)
            index += used
            continue
        out.append(lines[index])
        index += 1
    return "\n".join(out)


_WS_VALUE = re.compile(r"^(?:-?\d{1,3}(?:\*|m)?|nr|x|-|–|—|n/?t)$", re.I)
"""A whitespace-table cell: a threshold (masked mark allowed), no response (NR, x) or not
tested (-, NT)."""
_WS_UNIT = re.compile(r"^\(?(?:db|dbhl|db\s*hl|hl|hz|khz)\)?:?$", re.I)
_WS_EAR_WORD = re.compile(r"(?i:ac|bc|air|bone|ear|masked|unmasked|conduction)")
"""Words that may follow an ear in a column head ("Right AC", "Left ear")."""
_WS_MAX_ROWS = 8
"""At most this many value lines under one header (two ears, air and bone, masked)."""


def _ws_tokens(line: str) -> list[str]:
    return [t for t in line.split() if not _WS_UNIT.match(t)]


def _ws_frequency_header(tokens: list[str]) -> list[str] | None:
    """Return header cells (label, frequencies...) if the line lists >= 2 rising frequencies."""
    first = 0
    while first < len(tokens) and first < 3 and _frequency(tokens[first]) is None:
        first += 1
    freqs = [_frequency(t) for t in tokens[first:]]
    if len(freqs) < 2 or None in freqs or freqs != sorted(set(freqs)):
        return None
    label = " ".join(tokens[:first])
    if label and _ear_label(label):
        return None
    return [label, *tokens[first:]]


def _ws_ear_header(tokens: list[str]) -> list[str] | None:
    """Return header cells (label, ear labels...) if the line names ears as column heads."""
    cells: list[str] = []
    label: list[str] = []
    for token in tokens:
        if _ear_label(token) and not _WS_EAR_WORD.fullmatch(token):
            cells.append(token)
        elif cells and _WS_EAR_WORD.fullmatch(token):
            cells[-1] += " " + token  # "Right AC", "Left bone"
        elif cells:
            return None  # prose after an ear word, not a column head
        else:
            label.append(token)
    if not cells or len(label) > 2 or any(_frequency(t) is not None for t in label):
        return None
    return [" ".join(label), *cells]


_GAP = re.compile(r"\S(?:[ ]{2,}|\t)[ \t]*\S")
"""Two cells of an aligned row: text, a gap of two spaces or a tab, text."""


def _gapped(line: str) -> bool:
    """Return whether ``line`` holds two cells apart by a gap (:data:`_GAP`); the gap's two
    spaces or tab are looked for first (a cheap exact test: the pattern, led by any
    character but a space, is tried at nearly every character of a line with neither)."""
    return ("  " in line or "\t" in line) and _GAP.search(line) is not None


_GAP_SPLIT = re.compile(r"[ ]{2,}|\t[ \t]*")
_GAP_EAR = re.compile(r"(?i)(?:r|l|right|left|rt|lt|ad|as)(?:\s+ear)?$")
"""A column head that is an ear and nothing else."""
_GAP_ROW = re.compile(
    r"(?i)(?:type|trace|peak|ecv|volume|canal|compliance|admittance|pressure|mep|"
    r"gradient|width|tymp\w*)\b"
)
"""A row that names a tympanometry measure (BSA 2013 tympanometry: type, peak pressure,
compliance, ear-canal volume, gradient)."""


def _gapped_table(lines: list[str], start: int) -> tuple[list[list[str]] | None, int]:
    """Return (rows as cells, lines used) for a tympanometry table whose cells are aligned
    by gaps of two spaces or more ("Tympanometry   R        L\nType           B (flat) A"),
    the cells a pipe table would hold: a header of a label and two ears, then the lines
    right under it that name a tympanometry measure (:data:`_GAP_ROW`) in three cells."""
    header = _GAP_SPLIT.split(lines[start].rstrip())
    if len(header) != 3 or not all(_GAP_EAR.match(cell) for cell in header[1:]):
        return None, 0
    rows = [header]
    index = start + 1
    while index < len(lines) and len(rows) <= _WS_MAX_ROWS:
        cells = _GAP_SPLIT.split(lines[index].rstrip())
        if len(cells) != len(header) or not _GAP_ROW.match(cells[0]):
            break
        rows.append(cells)
        index += 1
    return (rows, index - start) if len(rows) > 1 else (None, 0)


def _whitespace_table(lines: list[str], start: int) -> tuple[list[list[str]] | None, int]:
    """Return (rows as cells, lines used) for a whitespace table starting at ``start``.

    Ear rows: a header of >= 2 rising frequencies, then lines of an ear label ("Right",
    "L", "AD", "Left BC") and exactly one value per frequency. Ear columns: a header of
    ear labels, then lines of a frequency and exactly one value per ear. A line that does
    not fit ends the table; a table needs one value line.
    """
    line = lines[start].rstrip()
    if (
        start + 1 >= len(lines)
        or not DIGIT.search(lines[start + 1])
        or "|" in line
        or ". " in line
        or line.endswith((".", ",", ";"))
    ):
        return None, 0  # a header is not a sentence and has a value line under it
    tokens = _ws_tokens(lines[start])
    if len(tokens) < 2:
        return None, 0
    header = _ws_frequency_header(tokens)
    ear_columns = header is None
    if ear_columns:
        header = _ws_ear_header(tokens)
        if header is None:
            return None, 0
    width = len(header) - 1
    rows = [header]
    index = start + 1
    while index < len(lines) and len(rows) <= _WS_MAX_ROWS:
        tokens = _ws_tokens(lines[index])
        first = 0
        while first < len(tokens) and not _WS_VALUE.match(tokens[first]):
            first += 1
        if ear_columns:
            ok = len(tokens) == width + 1 and _frequency(tokens[0]) is not None
            ok = ok and all(_WS_VALUE.match(t) for t in tokens[1:])
            row = tokens
        else:
            label = " ".join(tokens[:first])
            ok = (
                bool(label)
                and len(tokens) - first == width
                and all(_WS_VALUE.match(t) for t in tokens[first:])
                and _ear_label(label) is not None
            )
            row = [label, *tokens[first:]]
        if not ok:
            break
        rows.append([c if not _NOT_TESTED_CELL.fullmatch(c) else "" for c in row])
        index += 1
    if len(rows) < 2:
        return None, 0
    return rows, index - start


# OCR letter slips (issue #26, batch 32: handwritten notes as a scanner's OCR typed them). A
# scanner reads "m" as "rn", "o" as "0" and confuses "l", "I", "i" and "1"; digits stay digits
# wherever they carry a value, so a digit counts as a letter only between two letters. A word
# is mended only when its slip-blind spelling is exactly one of these clinical words, so a word
# of everyday English is never rewritten into one (tests/audiogram/test_ocr_slips.py checks
# that no two of them share a spelling, and near misses). Hand-written: no library mends OCR
# slips against a clinical word list.
OCR_WORDS = (
    "mild", "mildly", "moderate", "moderately", "mod", "severe", "sev", "profound", "normal",
    "normally", "mixed", "conductive", "sensorineural", "sloping", "masked", "unmasked",
    "tymp", "tymps", "tympanogram", "tympanograms", "tympanometry", "impression", "imp",
    "bilat", "bilateral", "bilaterally", "asym", "asymmetric", "asymmetrical", "symmetric",
    "symmetrical", "unilateral", "hypercompliant", "compliant", "otosclerosis", "flat",
    "left", "right", "loss", "hearing", "audiology", "notch", "cookie", "presbycusis",
    "meniere", "reflexes", "component", "retrocochlear", "mri", "iam",
)  # fmt: skip


def _ocr_key(word: str) -> str:
    """Return a word's spelling blind to OCR slips: rn = m, 0 = o, and l = I = i = 1."""
    return word.lower().replace("rn", "m").translate(_OCR_BLIND)


_OCR_BLIND = str.maketrans({"0": "o", "1": "|", "i": "|", "l": "|"})
_OCR_MENDED = {_ocr_key(word): word for word in OCR_WORDS}
# The signs of a slip, each tried alone so that the engine can skip to its first character
# (one alternation would test every character: ~5x slower): "rn" (tested as a substring), a
# capital I after a small letter ("normaI"), a 0 or 1 between letters ("n0rmal"), and a small
# l after a capital ("MlXED") or opening a word before m ("lmp").
_OCR_SLIP_I = re.compile(r"I(?<=[a-z]I)")
_OCR_SLIP_DIGIT = re.compile(r"[01](?=[A-Za-z])(?<=[A-Za-z][01])")
_OCR_SLIP_L = re.compile(r"l(?:(?<=[A-Z]l)(?![a-z])|(?<![A-Za-z]l)(?=m))")
_OCR_RN = re.compile("rn|RN")
_OCR_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z01]*[A-Za-z](?![A-Za-z0-9])")


def _ocr_mend(m: re.Match) -> str:
    word = m.group(0)
    mended = _OCR_MENDED.get(_ocr_key(word))
    if mended is None or mended == word.lower():
        return word
    return mended.upper() if word.isupper() or word[1:].upper() == word[1:] else mended


def ocr_slips_mended(text: str) -> str:
    """Return ``text`` with the clinical words an OCR misread ("rnild", "C0NDUCTIVE",
    "normaI", "lmpressi0n") spelt right; any other text unchanged. Linear: one pass."""
    if _OCR_SLIP_I.search(text) or _OCR_SLIP_DIGIT.search(text) or _OCR_SLIP_L.search(text):
        return _OCR_WORD.sub(_ocr_mend, text)
    if "rn" in text or "RN" in text:
        return _rn_words_mended(text)  # everyday words hold "rn" ("pattern"): mend only those
    return text


_OCR_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz01")


def _rn_words_mended(text: str) -> str:
    """Return ``text`` with the words holding "rn" mended, the rest untouched (each
    character is looked at once: a word is skipped past once mended)."""
    out: list[str] = []
    last = 0
    for m in _OCR_RN.finditer(text):
        if m.start() < last:
            continue  # inside the word mended last
        start, end = m.start(), m.end()
        while start > last and text[start - 1] in _OCR_LETTERS:
            start -= 1
        while end < len(text) and text[end] in _OCR_LETTERS:
            end += 1
        word = None if text[end : end + 1].isdigit() else _OCR_WORD.fullmatch(text, start, end)
        out.append(text[last:start])
        out.append(_ocr_mend(word) if word else text[start:end])
        last = end
    out.append(text[last:])
    return "".join(out)


# Reports written in a European clinic and machine-translated into English (issue #26,
# batch 36): the source's number notation and its degree words, written as English
# audiology writes them. Hand-written: no library knows these translations' slips.
_TRANSLATED = re.compile(
    # a decimal comma in a quarter-decibel average or a half-kilohertz ("38,75 dB",
    # "0,5-1-2-4 kHz"), not a list of values ("20,25,30", "45,50")
    r"(?<![\d,.])(?P<whole>\d{1,3}),(?P<part>5|25|75)(?![\d,])|"
    # a dot between the thousands of a frequency ("4.000 Hz")
    r"(?<![\d.,])(?P<thousands>\d{1,2})\.000(?=\s*hz\b)|"
    # the degree words of German, Italian, French and Spanish scales: medium (moderate),
    # medium-severe (moderately severe), high-grade (severe), low-grade or light (mild)
    r"\b(?P<span>medium-?\s*to\s*high[\s-]*grade)\b|"
    r"\b(?P<medium_severe>medium[\s-]+severe)\b|"
    r"\b(?P<medium>medium)(?=[\s-]+(?:grade|degree)\b)|"
    r"\b(?P<high>high[\s-]*grade)\b|"
    r"\b(?P<low>low[\s-]*grade)\b|"
    r"\b(?P<light>light)(?=[\s-]+(?:grade|degree|hypoacusis|hearing|deafness|perceptive|"
    r"transmission|conducti\w*|neurosensorial|sensorineural|mixed)\b)|"
    # the noun before its qualifier, as Romance languages order them ("gap air-bone")
    r"\b(?P<gap>gap)\s+(?P<between>air[\s-]*bone)\b",
    re.I,
)
_TRANSLATED = led(_TRANSLATED)  # (its first characters looked for first, for speed)
_TRANSLATED_GRADE = {
    "span": "moderate to severe",
    "medium_severe": "moderately severe",
    "medium": "moderate",
    "high": "severe",
    "low": "mild",
    "light": "mild",
}


def _translated_term(m: re.Match) -> str:
    if m.group("whole"):
        return f"{m.group('whole')}.{m.group('part')}"
    if m.group("thousands"):
        return f"{m.group('thousands')}000"
    if m.group("gap"):
        return f"{m.group('between')} gap"
    return _TRANSLATED_GRADE[str(m.lastgroup)]


def translated_terms_mended(text: str) -> str:
    """Return ``text`` with a translated report's decimal commas ("38,75 dB"), dotted
    thousands ("4.000 Hz"), a noun before its qualifier ("gap air-bone") and degree words
    ("medium grade", "medium-severe", "high-grade", "low-grade", "light hypoacusis")
    written as English audiology writes them; any other text unchanged. Linear: one pass
    of one pattern, tried only where a quarter-step decimal comma, a dotted thousand or one
    of the words may be."""
    low = text.lower()
    if not (
        "medium" in low
        or "grade" in low
        or "light" in low
        or ".000" in text
        or "gap air" in low
        or (
            # (the comma and its digits first: a cheap exact test before the pattern)
            (",5" in text or ",25" in text or ",75" in text) and _DIGIT_COMMA.search(text)
        )
    ):
        return text
    return _TRANSLATED.sub(_translated_term, text)


_DIGIT_COMMA = re.compile(r"\d,(?:5|25|75)(?![\d,])")


# Records of machine-structured output (issue #26, batch 31: JSON, key=value exports) whose
# ear sits in a field of the record or in a field's name, written as the ear tags the clause
# readers know. Hand-written: the exports follow no one schema a library could read.
_EAR_FIELD = re.compile(
    r"""(?<![\w"'])["']?ear["']?\s*[:=]\s*["']?(R|L|RE|LE|AD|AS|right|left)\b["']?\s*[;,]?""",
    re.I,
)
_EAR_FIELD_NEED = re.compile(r"""ear["']?\s*[:=]\s*["']?[rlad]""")
"""What an ear field needs, searched in the lower-cased text: opening with a literal, the
engine skips from one "ear" to the next."""
_RANKED_BEFORE = re.compile(
    r"\b(?:better|worse|poorer|best|worst|good|bad)(?:[ \t-]+hearing)?[ \t-]+$", re.I
)
"""A word that ranks the ear before an ear field's key ("better-hearing ear = RIGHT", "Worse
ear: L", "Good ear = left"): the field names which ear is better or worse, a claim about
the ears side by side (read as the worse ear), not the ear a record's values belong to."""


def _ear_field(text: str, m: re.Match) -> str:
    """Return a record's ear field ("ear=L;") as the ear's tag ("L:"), but a field whose key
    ranks the ear (:data:`_RANKED_BEFORE`) with its ear written out ("Poorer ear: L" ->
    "Poorer ear: left"), a field the worse-ear reader reads."""
    if _RANKED_BEFORE.search(text, max(0, m.start() - 24), m.start()):
        ear = "right" if m.group(1).lower() in ("r", "re", "ad", "right") else "left"
        return text[m.start() : m.start(1)] + ear + text[m.end(1) : m.end()]
    return m.group(1) + ":"


_HZ_FIELD_NEED = re.compile(r"""hz["']?\s*[:=]\s*\d""")
_FREQ_FIELD_NEED = re.compile(r"""freq\w*["']?\s*[:=]\s*\d""")
_HZ_DB_FIELDS = re.compile(
    r"""["']?(?:hz|freq\w*)["']?\s*[:=]\s*(\d{3,4})\s*[;,]\s*["']?(?:db\w*|level)["']?\s*[:=]\s*"""
    r"""(-?\d{1,3})\b""",
    re.I,
)
_EAR_OBJECT = re.compile(
    r"""(?<![\w"'])["']?(?:(right|left)(?:[_ -]?ear)?|(?-i:(RE|LE|AD|AS|R|L)))["']?\s*:\s*(?=\{)""",
    re.I,
)
_EAR_OF_TAG = {"re": "right", "ad": "right", "r": "right", "le": "left", "as": "left", "l": "left"}
_PERCENT_FIELD = re.compile(r"""["']?([A-Za-z]\w{0,40}?)_(?:pct|percent)["']?\s*:\s*(\d{1,3})\b""")


_FHIR_OBSERVATION = re.compile(
    r""""code"\s*:\s*\{\s*"text"\s*:\s*"([^"\n]{1,80})"\s*\}\s*,\s*"""
    r""""bodySite"\s*:\s*\{\s*"text"\s*:\s*"([^"\n]{1,30})"\s*\}\s*,\s*"""
    r""""value(?:Quantity|String)"\s*:\s*(?:\{\s*"value"\s*:\s*(-?\d{1,3}(?:\.\d{1,2})?)\s*"""
    r"""(?:,\s*"unit"\s*:\s*"([^"\n]{0,12})"\s*)?\}|"([^"\n]{1,60})")"""
)
"""A FHIR Observation's test, body site and value, in that order: the site names the ear of
the value (HL7 FHIR R4 Observation: code, bodySite, value[x])."""


def _fhir_observation(m: re.Match) -> str:
    test, site, number, unit, words = m.groups()
    value = f"{number} {unit or ''}".strip() if number is not None else words
    return f"{site}: {test}: {value}"


def _ear_object(m: re.Match) -> str:
    ear = (m.group(1) or _EAR_OF_TAG[m.group(2).lower()]).lower()
    return f"{ear} ear: "


def _percent_field(m: re.Match) -> str:
    return f"{m.group(1).replace('_', ' ')}: {m.group(2)}%"


_EAR_SUFFIXED_FIELD = re.compile(
    r"\b([A-Za-z][A-Za-z0-9]{1,11}(?:_[A-Za-z][A-Za-z0-9]{0,11}){0,2})[_.](R|L)\s*=\s*([^\s;,]+)"
)
"""A field named for its ear, its name one word or several joined by underscores ("TYMP_R=A",
"HL_TYPE_R = sensorineural", "WHO_GRADE_L = mild": registry exports, batch 82), with its
value: written as that ear's tag and the field ("R: HL_TYPE=sensorineural;")."""
_CONDUCTION_LIST_FIELD = re.compile(
    r"(?<![\w])((?i:ac|bc))_((?i:r|l))[ \t]+(\d{1,4}(?:\.\d)?k?(?:/\d{1,4}(?:\.\d)?k?){1,11})"
    r"(?:[ \t]*(?i:hz))?[ \t]*=[ \t]*(?=-?\d)"
)
"""A conduction's field named for its ear with the frequencies of its values, then "=" and
the levels in the same order ("BC_R 500/1k/2k/4k = 5/5/10/10": a hearing database's field,
as a data query quotes it; batch 82 XI24): written as that ear's conduction with its
frequencies and a colon ("right bone 500/1k/2k/4k: 5/5/10/10"), read as levels listed after
their frequencies are."""


def _conduction_list_field(m: re.Match) -> str:
    ear = "right" if m.group(2).lower() == "r" else "left"
    conduction = "air" if m.group(1).lower() == "ac" else "bone"
    return f"{ear} {conduction} {m.group(3)}: "


_CAPITAL_FIELD = re.compile(
    r"(?<![\w\"'])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w\"'])[ \t]+(?=[A-Za-z0-9-])"
)
"""A record's field named in capitals joined by underscores, then its value after a space
("WORSE_EAR left", "HL_TYPE_R sensorineural", "PTA4_R 36.25"): the name is its words and the
value is the field's, as after a colon (registry and trial exports, issue #26 batch 82)."""


def _capital_field(m: re.Match) -> str:
    return m.group(1).replace("_", " ") + ": "


_THRESHOLD_FIELD = re.compile(
    r"(?<![\"'\w])(?i:(AC|BC))_?(?i:(R|RE|RT|RIGHT|L|LE|LT|LEFT))_?"
    rf"({_AUDIOMETRIC_HZ})\b[ \t]*[=:][ \t]*(-?\d{{1,3}})(?!\d|\.\d)"
)
"""A record's threshold field named for its conduction, ear and frequency, with its value
("AC_R_6000 = 80", "BC_L_4000: 55"; the CRF field names of registries and trials, issue #26
batch 82): the threshold of that ear and conduction at that frequency, written so every
reader reads it ("right air 80 dB HL at 6000 Hz"). Only where the value follows the field's
"=" or ":" (a field named in a query's prose, "AC_L_2000 had been entered as 16", is left to
the query rules), and not a quoted key (a JSON record's, left to its readers as the other
quoted fields are)."""


def _threshold_field(m: re.Match) -> str:
    conduction, ear, hz, value = m.groups()
    side = "right" if ear[0] in "Rr" else "left"
    return f"{side} {'air' if conduction[0] in 'Aa' else 'bone'} {value} dB HL at {hz} Hz"


def export_fields_written_out(text: str) -> str:
    """Return ``text`` with a record's ear field ("ear=L;", ``"ear": "R",``) written as the
    ear's tag ("L:"), a record's frequency and level fields (``"hz": 3000, "db": 80``) as
    "3000 Hz 80 dB", an object under an ear's key (``"right_ear": {``, ``"LE": {``) as "right
    ear: {", a FHIR Observation's code, bodySite and value as "left ear: <code>: 80 dB HL",
    a percentage field (``"word_recognition_pct": 88``) as "word recognition: 88%",
    a threshold field with its value ("AC_R_6000 = 80") as "right air 80 dB HL at 6000 Hz",
    a conduction's field with its frequencies ("BC_R 500/1k/2k/4k = 5/5/10/10") as "right
    bone 500/1k/2k/4k: 5/5/10/10",
    a field named in capitals before its value ("WORSE_EAR left") as "WORSE EAR: left",
    a field named for its ear ("TYMP_R=A") as "R: TYMP=A;", and an ear's key with a quoted
    value of several items (``left="conductive; tymp Ad"``) as "left: conductive; left tymp
    Ad;" (:data:`_EAR_QUOTED_FIELD`); any other
    text unchanged. Linear: one pass per rewrite, each tried only where its key is."""
    if "_" in text:
        text = _THRESHOLD_FIELD.sub(_threshold_field, text)
        if "=" in text:
            text = _CONDUCTION_LIST_FIELD.sub(_conduction_list_field, text)
        text = _CAPITAL_FIELD.sub(_capital_field, text)
    low = text.lower()
    if _EAR_FIELD_NEED.search(low):
        text = _EAR_FIELD.sub(lambda m: _ear_field(text, m), text)
    if "db" in low and (_HZ_FIELD_NEED.search(low) or _FREQ_FIELD_NEED.search(low)):
        text = _HZ_DB_FIELDS.sub(r"\1 Hz \2 dB", text)
    if "{" in text:
        text = _EAR_OBJECT.sub(_ear_object, text)
        if '"bodysite"' in low:
            text = _FHIR_OBSERVATION.sub(_fhir_observation, text)
    if "_" in text and ("_pct" in low or "_percent" in low):
        text = _PERCENT_FIELD.sub(_percent_field, text)
    if "=" in text and ("_r" in low or "_l" in low or ".r" in low or ".l" in low):
        text = _EAR_SUFFIXED_FIELD.sub(r"\2: \1=\3;", text)
    if '="' in text:
        text = _EAR_QUOTED_FIELD.sub(_ear_quoted_field, text)
    return text


_EAR_QUOTED_FIELD = re.compile(r'\b((?i:right|left))="([^"\n]{1,200})"')
"""An ear's key with a quoted value of several items (a log's snapshot: ``left="conductive;
moderately severe; tymp Ad" right="normal; tymp A"``): every item of the value is the key's
ear's, the semicolons inside the quotes separating the field's items, not the record's
fields."""


def _ear_quoted_field(m: re.Match) -> str:
    """The ear's key before each item of its quoted value ("left: conductive; left moderately
    severe; left tymp Ad;"), so no item is read with the next key's ear."""
    ear = m.group(1)
    items = [item.strip() for item in m.group(2).split(";")]
    return (
        "; ".join(f"{ear} {item}" if i else f"{ear}: {item}" for i, item in enumerate(items)) + ";"
    )


# A test's name, then its value for each ear on one line ("WRS R 84% L 48%", "PTA R 25 (mild)
# L 45 (mod)", "tymp: Rt A | Lt B"): each value is its ear's result of that test. Seen in
# handwritten notes (issue #26, batch 32); hand-written, as notation.py's other rewrites.
_EAR_VALUE = r"[ \t]*:?[ \t]*([^\s|;,]{1,8}(?:[ \t]*\([^()\n]{0,20}\))?)"
_EAR_LETTERS = r"(?-i:(Rt|RE|R|Lt|LE|L))"  # the longer tag first: "Lt" is not "L" then "t"
_TEST_EAR_VALUES = re.compile(
    r"\b((?i:wrs|srt|pta|tymps?|tympanograms?|reflexes|oaes?))[ \t]*:?[ \t]*"
    rf"{_EAR_LETTERS}\b{_EAR_VALUE}[ \t]*[|;,/]?[ \t]*{_EAR_LETTERS}\b{_EAR_VALUE}"
)


_LONE_EAR_LETTER = re.compile(r"[RL](?<=[ \t:][RL])(?:t|E)?\b")
"""What a test's ear values need: an ear tag standing alone after a space or colon (opening
with the letters, the engine skips from one capital R or L to the next)."""


def _test_ear_values(m: re.Match) -> str:
    test, ear, value, other, other_value = m.groups()
    if ear[0] == other[0]:
        return m.group(0)  # one ear twice: no pair
    if test.lower() in ("pta", "srt") and "(" not in value + other_value:
        return m.group(0)  # bare average pairs: ear_pairs_to_text reads them
    return f"{ear}: {test} {value}; {other}: {test} {other_value}"


def results_by_ear_written_out(text: str) -> str:
    """Return ``text`` with a test's two ear values on one line ("WRS R 84% L 48%") written
    as one clause per ear ("R: WRS 84%; L: WRS 48%"); any other text unchanged. Linear."""
    if not _LONE_EAR_LETTER.search(text):
        return text
    text = _TEST_EAR_VALUES.sub(_test_ear_values, text)
    return _TYMP_ONE_EAR.sub(r"\2: \1 \3", text) if "ymp" in text else text


_TYMP_ONE_EAR = re.compile(
    r"\b((?i:tymps?|tympanograms?))[ \t]*:?[ \t]*(?-i:(Rt|RE|R|Lt|LE|L))[ \t]+"
    r"((?i:type[ \t]+)?(?-i:A[ds]?|B|C))(?=[ \t]*(?:[,.;]|$))"
)
"""One ear's tympanogram type after the test's name, closed by a comma or a stop ("Tymp R A,
ECV 1.1"): that ear's result, written as "R: Tymp A" (handwritten notes and chart shorthand,
issue #26 batch 13). A type with more words after it ("Tymp R B normal vol") is left as
written: the words after it may be its own (a volume) and no ear's grade."""


# A mail client breaks a long line at the last space before its width (60-80 characters),
# so a sentence runs on over the break (issue #26, metamorphic tests: tests/audiogram/
# perturb.py). Such a break is mended (joined by a space) only where the sentence cannot
# end: the line is long enough to have been wrapped (it and the next line's first word pass
# 60 characters), it ends with no stop, colon or semicolon, neither line is data (a table
# row, aligned columns, JSON) or a heading, the next line opens no list item, quote,
# heading or key=value field ("ear=R; pta=10"), and either the line ends on a word that
# never ends a sentence (an article, preposition or conjunction) or an open bracket, comma,
# sign or arrow (not a dash: a table's empty cell), or the next line goes on in small
# letters, with a unit ("dB", "Hz", "kHz", "HL") or a level and its unit ("40-60 dB HL"), and
# opens no label ("Left ear:", "left:").
_WRAP_WIDTH = 60
_WRAP_DATA = re.compile(r'[|{}]|^\s*"|\S {3}')  # tables (pipes, aligned columns) and JSON
_WRAP_NEXT_GOES_ON = re.compile(
    r"\s*(?:[a-z(]|(?:dB|Hz|kHz|HL|SPL|%)(?![A-Za-z])|\d[\d.,/-]*\s?(?:dB|Hz|kHz|%)(?![A-Za-z]))"
)
_WRAP_OPEN_END = re.compile(
    r"(?:[,(=+/&]|->|\b(?:a|an|the|of|at|in|on|to|and|or|but|with|from|by|for|is|are|was|"
    r"were|be|between|than|over|across|both|its|his|her|their|this|that|which|who|whose|as|"
    r"into|under|above|below|within|has|have|had|not|no|very|more|less|about|around))$"
)  # small letters only: "L A" ends on a tympanogram type, not the article
_WRAP_NEXT_ITEM = re.compile(r"\s*(?:[-•*+>#|\[]\s|[>#|]|\d{1,2}[.)]\s|\*\*|[A-Za-z_][\w.]*=|$)")
_WRAP_NEXT_LABEL = re.compile(
    r"\s*(?:[A-Z][\w /()'-]{0,24}|(?:right|left|rt|lt|r|l)(?:\s+ear)?):\s"
)  # a label opens with a capital ("Left ear:", "PTA:") or is an ear's ("left:")

_WRAP_NEXT_EAR = re.compile(r"\s*(?:right|left)\s+ears?\b", re.I)
_WRAP_NEXT_TURN = re.compile(r"\s*(?:\[?\d{1,2}(?::\d{2}){1,2}\]?\s|speaker\s*\d{1,2}\b)", re.I)
"""A transcript's next turn: a timestamp or a numbered speaker ("speaker 2 yes speaking",
"[00:01:02] ..."). Each turn is a line of its own, however the one before it ended."""


def _wrapped(line: str, following: str) -> bool:
    stripped = line.rstrip()
    if stripped.endswith((".", "!", "?", ":", ";")) or stripped.lstrip().startswith("#"):
        return False
    first_word = following.split(None, 1)[0] if following.strip() else ""
    if len(stripped) + 1 + len(first_word) <= _WRAP_WIDTH or _WRAP_NEXT_ITEM.match(following):
        return False
    if _WRAP_DATA.search(line) or _WRAP_DATA.search(following):
        return False
    if _WRAP_OPEN_END.search(stripped[-12:]):
        return True  # "... gaps of\n15 dB": no sentence ends on "of", so no label follows
    if _WRAP_NEXT_EAR.match(following) or _WRAP_NEXT_TURN.match(following):
        return False  # "... sloping to severe\nleft ear normal": the next ear's line
    return bool(_WRAP_NEXT_GOES_ON.match(following)) and not _WRAP_NEXT_LABEL.match(following)


def mail_wrap_mended(text: str) -> str:
    """Return ``text`` with the line breaks a mail client put inside sentences joined by a
    space (a reader of mail reads a wrapped sentence as one); every other line break kept.

    Linear: each line is looked at once, with the next line's start.
    """
    if "\n" not in text:
        return text
    lines = text.split("\n")
    if max(map(len, lines)) + 8 <= _WRAP_WIDTH:
        return text
    out = [lines[0]]
    for previous, line in zip(lines, lines[1:], strict=False):
        if _wrapped(previous, line):
            out[-1] = out[-1].rstrip() + " " + line.lstrip()
        else:
            out.append(line)
    return "\n".join(out)
