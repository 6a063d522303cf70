"""A number that measures a change is no hearing level.

Serial comparisons, monitoring notes and follow-up letters give how far a result moved
beside what it is now: "the left 4FA is 17.5 dB better than at presentation", "the PTA has
dropped by 25 dB since March", "word recognition down by 4%", "a recovery of 35 dB",
"4 kHz up 15 dB on last time". The amount is a difference of two results, not a result;
a reader that takes it for the average or the threshold it follows invents one (issue #26,
validation batch 95, serial-audiogram comparisons, as tuning data: XV28, XV50).
:func:`without_change_amounts` blanks the amount and its unit (only them, so the words
around are still read, and a level after "to" or "now" stays), a reading step of
check.READING_STEPS after ages.without_ages. The forms:

- a verb of change, then "by" and the amount ("dropped by 25 dB"), or the amount with its
  unit straight after the verb ("fell 20 dB", "down 15 dB");
- the amount with its unit, then a noun of change ("a 35 dB recovery") or a comparative
  with the earlier occasion ("10 dB worse than in 2022"; one with the other ear is the
  worse-ear reader's);
- a noun of change, then "of" and the amount ("an improvement of 30 dB"; not "a loss of",
  which names a level).

Not an amount after "by" that a frequency follows ("poorer by 20 dB at 1 kHz, 25 dB at 2
kHz"), a list of differences the threshold reader reads as such, nor a part of a range
("15-25 dB worse"), which it reads as a range of differences. Hand-written from the wording
of clinic letters: no library reads clinical change statements.

A number written with a plus sign is a signed difference, never a hearing level: a change
("Change: R +5 at every frequency", "Shift: left +40 at 6 kHz"), a shift column, a z-score,
a gain or a boost ("+14 dB at 2-4 kHz"). A threshold is written bare, or with a minus sign
below 0 dB HL (the audiometric scale runs from -10 dB HL, BSA Recommended Procedure 2018); a
plus sign marks a difference from a reference. :data:`SIGNED_AMOUNT` blanks it with its unit,
unless a number or a closing bracket stands before the sign (a sum, "(35 + 35 + 30 + 35) /
4") or a frequency's unit follows ("click + 4 kHz tone-burst"). Issue #26, validation batch
95 (serial comparisons, XV14, XV18) as tuning data; every "+N" of batches 1-117 is a change,
a gain, a z-score or a loading.
"""

from __future__ import annotations

import re

from clinbench.audiogram.alternation import led
from clinbench.audiogram.lexicon import DIGIT, may_hold
from clinbench.audiogram.offsets import blanked, lowered

_ABOUT = (
    r"(?:(?:about|around|approximately|roughly|some|nearly|almost|only|just|over|under|"
    r"a[ \t]+further|another|~)[ \t]*)?"
)
_UNIT = r"(?:db(?:[ \t]*hl)?|%|percentage[ \t]+points?|points?)"
_NUMBER = r"\d{1,3}(?:\.\d+)?(?![\d.])(?![ \t]*(?:-|–|to)[ \t]*\d)"
"""An amount's number, not the first of a range ("15-25 dB", "15 to 25")."""
_AMOUNT = rf"{_ABOUT}({_NUMBER}(?:[ \t]*{_UNIT})?)(?![ \t]*{_UNIT})"
_AMOUNT_WITH_UNIT = rf"{_ABOUT}({_NUMBER}[ \t]*{_UNIT})"
_CHANGE_VERB = (
    r"(?:dropped|drops?|fell|falls?|fallen|improved|improves?|worsened|worsens?|deteriorated|"
    r"deteriorates?|recovered|recovers?|rose|rises?|risen|increased|increases?|decreased|"
    r"decreases?|changed|changes?|shifted|shifts?|declined|declines?|gained|gains?)"
)
_COMPARATIVE = r"(?:better|worse|poorer|higher|lower|up|down)"
_CHANGE_NOUN = (
    r"(?:drop|fall|rise|improvement|deterioration|shift|change|recovery|decline|worsening|"
    r"increase|decrease|reduction|gain)"
)
_SINCE = (
    r"(?:than[ \t]+(?:at|on|in|before|previously|last|it|they|baseline|presentation|admission|"
    r"(?:the|her|his|their)[ \t]+(?:last|previous|prior|earlier|first|baseline|initial)|\d)|"
    r"since|on[ \t]+(?:the[ \t]+)?last|compared[ \t]+with[ \t]+(?:the[ \t]+)?"
    r"(?:last|previous|prior|earlier|baseline))\b"
)
"""After a comparative: an earlier occasion it compares with ("than at presentation", "than
in 2022", "since March", "on last time"); a comparison with the other ear is the worse-ear
reader's."""
CHANGE_AMOUNT = re.compile(
    rf"\b(?:{_CHANGE_VERB}|{_COMPARATIVE})[ \t]+by[ \t]+{_AMOUNT}(?![ \t]*(?:at|@)[ \t]*\d)"
    rf"|\b{_CHANGE_VERB}[ \t]+{_AMOUNT_WITH_UNIT}(?![\w.])"
    rf"|\b(?:up|down)[ \t]+{_AMOUNT_WITH_UNIT}(?![\w.])"
    rf"|(?<![\w.])(?<!-)(?<!–)(?<!- )(?<!– )(?<!to )({_NUMBER}[ \t]*{_UNIT})"
    rf"(?:[ \t]+{_CHANGE_NOUN}\b|[ \t]+{_COMPARATIVE}[ \t]+{_SINCE})"
    rf"|\b{_CHANGE_NOUN}[ \t]+of[ \t]+(?:up[ \t]+to[ \t]+)?{_AMOUNT}"
)
"""A change and its amount, in lower case (see the module); the amount and its unit are the
one group that matched."""
CHANGE_WORD = rf"\b(?:{_CHANGE_VERB}|{_COMPARATIVE}|{_CHANGE_NOUN}|since|unchanged|stable)\b"
"""A word that states a change or its absence since an earlier occasion, as a fragment of the
patterns that read a change clause set beside a value (notation's average pairs)."""
CHANGE_AMOUNT = led(CHANGE_AMOUNT)  # (its first characters looked for first, for speed)

_WORDS = (" by", "\tby", "up", "down", "better", "wors", "poorer", "higher", "lower", "drop",
          "fall", "fell", "improv", "deterior", "recover", "rose", "rise", "risen", "increas",
          "decreas", "chang", "shift", "declin", "gain", "reduc")  # fmt: skip
"""Words one of which a text holds where :data:`CHANGE_AMOUNT` may match: each form's verb,
comparative or noun of change, and "by" after the space or tab the pattern puts before it
(not "by" in "presbycusis", nor "low" in "follow-up" or "high" in "high-frequency": the
comparatives are whole words there)."""


SIGNED_AMOUNT = re.compile(
    r"(?<![\w.+])\+[ \t]?\d{1,3}(?:\.\d+)?(?![\d.])(?![ \t]*(?:k?hz|k)\b)"
    r"(?:[ \t]*db(?:[ \t]*hl)?\b)?"
)
"""A number written with a plus sign, and its unit, in lower case ("+5", "+40 dB", "+ 7.5"):
a signed difference (see the module)."""


EARLIER_RESULT_BESIDE = re.compile(
    rf"\b{_COMPARATIVE}[ \t]+(?:{_SINCE}|than[ \t]+(?:the|her|his|their)[ \t]+(?:19|20)\d\d\b)"
    rf"(?:[ \t]+(?!(?:today|now|currently|and|but|while|whereas)\b)[\w'-]+){{0,3}}?"
    rf"[ \t]*(\((?![ \t]*(?:today|now|currently)\b)[^()\n]{{1,60}}\))"
)
"""A comparison with an earlier occasion and the bracket right after it, in lower case ("one
grade worse than in 2019 (moderately severe)", "10 dB poorer than at presentation (PTA 45)",
"better than the last test (mild)"): the bracket names what was found on that occasion, the
comparison's other term, not today's result. Its one group is the bracket, blanked by
:func:`without_change_amounts`; the comparison itself ("worse than in 2019") stays read. A
bracket after a comparison with the other ear ("worse than the left (70 dB)") is not
matched: the other ear's value is the worse-ear reader's; nor one that opens by naming today
("(today moderate)"), nor one after words that turn to today ("than in 2019 and today
(moderate)"). Serial audiograms are compared
with the earlier test (BSA 2018 pure-tone audiometry: a result is recorded with its date);
issue #26, validation batch 95 (serial comparisons, XV10) as tuning data."""


def _holds(low: str, words: tuple[str, ...]) -> bool:
    """Return whether ``low`` holds one of ``words``: the patterns here are searched in the
    lowered text itself, case kept, so the test is exact for any text (ASCII or not)."""
    for word in words:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def may_state_a_change(low: str) -> bool:
    """Return whether lowered text ``low`` may state a change's amount (a cheap exact test)."""
    return "+" in low or _holds(low, _WORDS)


def change_amount_spans(low: str) -> list[tuple[int, int]]:
    """Return the spans of the change amounts (number and unit) in lowered text ``low``,
    sorted by start (a signed amount's may hold another's)."""
    spans = []
    if may_hold(low, *_WORDS):
        for m in CHANGE_AMOUNT.finditer(low):
            group = next(i for i in range(1, 6) if m.group(i) is not None)
            spans.append(m.span(group))
    if "+" in low:
        spans += [m.span() for m in SIGNED_AMOUNT.finditer(low) if _signed(low, m.start())]
    if "(" in low and may_hold(low, "than", "since", "compared"):
        spans += [m.span(1) for m in EARLIER_RESULT_BESIDE.finditer(low)]
    spans.sort()
    return spans


def _signed(low: str, sign: int) -> bool:
    """Whether the plus sign at ``sign`` signs its number: no number or closing bracket
    stands before it (past spaces), as in a sum ("35 + 35", "(35 + 40) + 45")."""
    before = low[max(0, sign - 8) : sign].rstrip(" \t")
    return not before or not (before[-1].isdigit() or before[-1] in ")]")


def without_change_amounts(text: str) -> str:
    """Return ``text`` with each change's amount and its unit blanked, keeping its length."""
    low = lowered(text)
    if not may_state_a_change(low) or not (DIGIT.search(text) or "(" in text):
        return text
    return blanked(text, change_amount_spans(low))


# ---- a change written with both ends: its end is today's result (issue #26, round 16)

_ARROW = r"(?:-->|->|=>|→|⟶|➔|➝|➞)"
_LEVEL_UNIT = r"(?:db(?:[ \t]*hl)?|decibels|%)"
_END = rf"(-?\d{{1,3}})(?!\d|\.\d)(?:[ \t]*({_LEVEL_UNIT}|k?hz\b|k\b))?"
_FROM_VERB = (
    r"(?:dropped|drops?|fell|falls?|fallen|improved|improves?|worsened|worsens?|deteriorated|"
    r"deteriorates?|recovered|recovers?|rose|rises?|risen|increased|increases?|decreased|"
    r"decreases?|changed|changes?|shifted|shifts?|declined|declines?|went|gone|moved|"
    r"progressed|progresses?)"
)
CHANGE_ENDS = re.compile(
    rf"\b{_FROM_VERB}[ \t]+((?:[a-z]+ly[ \t]+)?from[ \t]+(?:about[ \t]+|around[ \t]+)?"
    rf"(-?\d{{1,3}})(?!\d|\.\d)(?:[ \t]*({_LEVEL_UNIT}))?[ \t]+to[ \t]+){_END}"
    rf"|(?<![\w.\-/])((-?\d{{1,3}})(?!\d|\.\d)(?:[ \t]*({_LEVEL_UNIT}))?[ \t]*{_ARROW}[ \t]*){_END}"
)
"""A change written with both its ends, in lower case: after a verb of change, "from" the
start "to" the end ("fell from 60 to 85 dB HL", "deteriorated from 40 to 70"), or the two
joined by an arrow ("60 → 85 dB", "(60 -> 85)"). Groups: the start's words, the start, its
unit, the end, its unit (then the same five for the arrow)."""
CHANGE_ENDS = led(CHANGE_ENDS)  # (its first characters looked for first, for speed)
_LEVEL_CONTEXT = re.compile(
    r"\d[ \t]*(?:khz|hz|k)\b|\b(?:threshold|thresholds|pta|4fa|average|db|decibels)\b"
)
"""Before a change with no unit on either end: what makes its numbers levels in dB (a
frequency, a threshold or an average named, or a level in dB in the same clause)."""
_NOT_LEVEL_CONTEXT = re.compile(
    r"%|\b(?:wrs|sds|srt|words?|speech|scores?|discrimination|recognition|percent|age|aged|"
    r"years?|ml|mmho|dapa|compliance|volume)\b"
)
_CONTEXT_REACH = 80


def _unit_of_unitless(low: str, at: int) -> str:
    """Return " db" where the clause before ``at`` (to its stop, semicolon or line start,
    :data:`_CONTEXT_REACH` characters at most) makes a unitless change's numbers levels in
    dB, else ""."""
    start = max(0, at - _CONTEXT_REACH)
    for stop in ".;!?\n":
        k = low.rfind(stop, start, at)
        if k >= 0 and not (stop == "." and k + 1 < at and low[k + 1].isdigit()):
            start = max(start, k + 1)
    before = low[start:at]
    if _NOT_LEVEL_CONTEXT.search(before) or not _LEVEL_CONTEXT.search(before):
        return ""
    return " db"


def change_to_its_end(text: str) -> str:
    """Return ``text`` with each change written with both its ends (:data:`CHANGE_ENDS`)
    standing as "to" its end, the start (an earlier result, not read) left out: "fell from
    60 to 85 dB HL" as "fell to 85 dB HL", "(60 → 85)" after a frequency as "(to 85 db)".
    The end takes the start's unit where it has none; where neither has one, " db" when the
    clause before names a frequency, a threshold or an average and no other measure
    (:func:`_unit_of_unitless`), else the change is left as it is. Not a pair of
    frequencies ("2 → 4 kHz"). Hand-written from the wording of monitoring letters (issue
    #26, validation batch 95, serial audiograms, as tuning data)."""
    low = lowered(text)
    if not _holds(low, END_WORDS) or not DIGIT.search(text):
        return text
    out, last = [], 0
    for m in CHANGE_ENDS.finditer(low):
        g = 1 if m.group(1) is not None else 6
        start_unit, end_unit = m.group(g + 2), m.group(g + 4)
        if end_unit and end_unit[-1] in "kz":  # a frequency's, not a level's
            continue
        unit = ""
        if not end_unit:
            unit = " " + text[m.start(g + 2) : m.end(g + 2)] if start_unit else ""
            unit = unit or _unit_of_unitless(low, m.start(g))
            if not unit:
                continue
        out += [text[last : m.start(g)], "to ", text[m.start(g + 3) : m.end()], unit]
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


END_WORDS = ("from", "->", "=>", "→", "⟶", "➔", "➝", "➞")
"""Strings one of which a text holds where :data:`CHANGE_ENDS` may match."""
