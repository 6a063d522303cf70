"""Results stated where the audiogram has none: a level or a difference put at a frequency,
in any unit, and a level no audiometer presents.

A pure-tone audiogram holds results only at the frequencies and in the conductions tested
(air 250-8000 Hz, bone 250 or 500-4000 Hz: BSA 2018 recommended procedure for pure-tone
air- and bone-conduction audiometry; ISO 8253-1), and only at levels an audiometer
presents (IEC 60645-1: at most 120 dB HL for air, about 70 dB HL for bone; no audiometer
presents 140 dB HL). A reply that states a level or a difference at a frequency the ears
were not tested at ("At 20 MHz, the left ear is 15 dB HL", "approximately 320 Hz (5 dB
HL)", "At 60 Hz, the left ear is 9 dB less than the right ear", a bone value at 250 Hz in
a case whose bone was tested from 500 Hz) reports a result the audiogram does not hold: a
fabricated result, as a value at an untested frequency is (issue #26 batch 117's rule for
model text; batch 146, used as tuning data). So does a level of 140 dB HL or more, of
either ear or of none.

Reading only, never the case: :func:`results_at_frequencies` gives one claim per frequency
that is the frequency of a level or difference stated beside it in a sentence about an ear,
a conduction or a threshold; :func:`judges.judge_result_at_frequency` says whether the case
holds any result there. What is not read: a frequency with no dB value beside it ("At 200
Hz, the left ear is a complete opposite"), a span, bound or list of frequencies ("up to 20
kHz", "500-4000 Hz", "above 35 Hz"), a difference in Hz ("a frequency difference of 7.6
Hz"), a frequency said not tested, and sound in general (no ear, conduction or threshold
named).
"""

from __future__ import annotations

import re

from clinbench.audiogram import lexicon
from clinbench.audiogram.alternation import led
from clinbench.audiogram.claims import Claim, Qualifier

RESULT_AT_FREQUENCY = "a level or difference put at a frequency"
"""The rule (and claim kind ``result_at_frequency``) of a frequency, in any unit, given as
the frequency of a level or difference stated beside it."""
LEVEL_BEYOND_AUDIOMETER = "a level no audiometer presents"
"""The rule (and claim kind ``level_beyond_audiometer``) of a hearing level of 140 dB HL or
more stated of the ears."""

_FREQUENCY = re.compile(
    r"(?<![\w.,])(?<![\d.,][ \t])(\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?:\.\d+)?)[ \t]*"
    r"(ghz|gigahertz|mhz|megahertz|khz|kilohertz|hz|hertz)\b"
)
"""A frequency in any unit, matched lowered (MHz read as mega-, never milli-hertz), with
thousands marked ("2,000 Hz"); not the tail of a longer number ("200 50 Hz")."""
_FREQUENCY = led(_FREQUENCY)  # (its first characters looked for first, for speed)
_MULTIPLIER = {"hz": 1, "hertz": 1, "khz": 1000, "kilohertz": 1000, "mhz": 10**6,
               "megahertz": 10**6, "ghz": 10**9, "gigahertz": 10**9}  # fmt: skip
_SPAN_BEFORE = re.compile(
    r"(?:[-\u2013]|\b(?:to|from|through|up|above|below|over|under|beyond|than|by|within|past|"
    r"until|till|except)\b|\bbetween[ \t]+[\d.]+[ \t]*(?:k?hz)?[ \t]*and)[ \t]*$"
)
"""Before a frequency: it ends a span or bound ("500-4000 Hz", "between 250 and 8000 Hz",
"up to 20 kHz", "above 35 Hz", "differ by 5 Hz"): no one result's frequency. (The last of a
list, "at 250 and 380 Hz", is one.)"""
_SPAN_AFTER = re.compile(r"[ \t]*(?:[-\u2013]|(?:to|through)\b)")
"""After a frequency: it opens a span ("20 Hz to 20 kHz", "250-500 Hz")."""
_NOT_A_PLACE = re.compile(
    r"\b(?:differ\w*|shift\w*|chang\w*|apart|spacing|interval|bandwidth|resolution|steps?|"
    r"increments?|range|spectrum|sampl\w*|rate|hum|mains|vibrat\w*|clock|refresh)\b[^.;:\d]{0,60}$"
)
"""Before a frequency: a quantity in Hz that is no place on the audiogram (a difference or
shift of frequency, a range or band, a rate, the mains hum)."""
_NOT_TESTED = re.compile(
    r"\b(?:not|never|n't)[ \t]+(?:\w+[ \t]+){0,2}(?:tested|measured|done|recorded|assessed|"
    r"obtained|performed|available|plotted|charted|included)\b|\buntested\b|"
    r"\b(?:skipped|omitted|missing|not[ \t]+(?:been[ \t]+)?tested)\b|"
    r"\bno[ \t]+(?:[\d.]+[ \t]*k?hz[ \t]+)?(?:response|data|results?|measurements?|thresholds?|"
    r"readings?|values?)\b|\bnr\b|"
    # a frequency that would have been tested: "had 3 kHz been tested"
    r"\bhad\b[^.;]{0,30}\bbeen\b"
)
"""A sentence that says a frequency was not tested or gave no response: no level stated there."""
_OF_THE_EARS = r"\b(?:right|left|ears?|air|bone|conduction|thresholds?|hearing[ \t]+levels?)\b"
_ABOUT_THE_EARS = re.compile(_OF_THE_EARS)
"""A sentence that names an ear, a conduction or a threshold."""
_ABOUT_THE_TEST = re.compile(_OF_THE_EARS + r"|\d[ \t]*db[ \t]*hl\b")
"""A sentence about this test names an ear, a conduction or a threshold, or gives a level in dB
HL, the unit of hearing thresholds (ANSI S3.6 reference zero); sound in general ("hearing
goes up to 20 kHz", "speech sits at 500-4000 Hz", "a 60 Hz hum at 40 dB") does none."""
_DB = re.compile(
    r"(?<![\w.])-?\d+(?:\.\d+)?[ \t]*(?:db|decibels?)\b"
    r"(?![ \t]*(?:\([ \t]*[ac][ \t]*\)|[ac]\b|spl\b|sl\b|nhl\b|peak\b))"
)
"""A level or difference in dB (HL or unnamed; not SPL, SL, nHL or a weighted level)."""
_CONDUCTION = re.compile(
    r"\b(?:(?:air|ac)[ \t]*(?:-|/|&|and|or|\+)?[ \t]*(?:bone|bc)|(?:bone|bc)[ \t]*(?:/|&|and|or|\+)"
    r"[ \t]*(?:air|ac)|(bone|bc)|(air|ac))\b"
)
"""A conduction named (an air-bone gap, or "air and bone", names neither)."""
_NAMED_AFTER = re.compile(r"[^,;()\[\]]{0,40}?\b(?:(bone|bc)|(air|ac))\b")
"""A conduction named right after a frequency, in its own phrase ("250 Hz sound with their
bone conduction equipment"), not past a comma or bracket ("at 8 kHz; bone follows air")."""
_LEVEL_HL = re.compile(r"(?<![\w.])(\d{3,})(?:\.\d+)?[ \t]*db[ \t]*hl\b")
"""A level in dB HL of three digits or more (those of 140 or more no audiometer presents)."""
_NO_AUDIOMETER = 140
"""No audiometer presents 140 dB HL or more (IEC 60645-1; lexicon's hearing-level limit)."""
_BEFORE, _AFTER = 60, 80
"""How far before and after a frequency its level may stand, within its sentence."""
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def _sentence(low: str, start: int, end: int) -> tuple[int, int]:
    """Return the bounds of the sentence around ``low[start:end]``, looked for at most 200
    characters either side (so each frequency costs a bounded look)."""
    left = max(0, start - 200)
    head = 0
    for m in _SENTENCE_END.finditer(low, left, start):
        head = m.end()
    head = max(head, left)
    m = _SENTENCE_END.search(low, end, min(len(low), end + 200))
    return head, (m.start() if m else min(len(low), end + 200))


def _hz(number: str, unit: str) -> int:
    value = float(number.replace(",", ""))
    if unit in ("hz", "hertz") and value < 20:
        value *= 1000  # "4 Hz" written for 4 kHz (lexicon.to_hz)
    return int(round(value * _MULTIPLIER[unit]))


def _conduction(sentence: str, at: int, end: int) -> str:
    """The conduction named last before ``at`` in its clause (past no comma or semicolon:
    "bone 5-10, but a 45 dB dip at 6 kHz" is air), else right after the frequency (ending
    at ``end``) in its phrase; else air."""
    clause = max(sentence.rfind(";", 0, at), sentence.rfind(",", 0, at), 0)
    before = [m for m in _CONDUCTION.finditer(sentence, clause, at) if m.group(1) or m.group(2)]
    m = before[-1] if before else _NAMED_AFTER.match(sentence, end)
    return "bone" if m and m.group(1) else "air"


_CONTRAST = re.compile(r"\b(?:but|however|whereas|although|though)\b")
"""A conjunction of contrast: the clause after it asserts what the clause before denies
("Bone is not tested yet, but it can be confirmed as 300 Hz: 15 dB HL")."""


def _said_not_tested(sentence: str, at: int) -> bool:
    """Return whether the clause of the frequency at ``at`` says it was not tested or gave no
    response (:data:`_NOT_TESTED`). A denial reaches to the ends of its clause, not over a
    conjunction of contrast (:data:`_CONTRAST`): the clause across it asserts on its own
    (Quirk et al., A Comprehensive Grammar of the English Language (1985), 13.41: "but"
    coordinates two clauses in contrast; issue #26, batch 152, the real local model's "is not
    tested yet but it can be confirmed as 300Hz: 15 dB HL", as tuning data)."""
    if not _NOT_TESTED.search(sentence):
        return False  # (the sentence first: most say nothing of the kind)
    head, tail = 0, len(sentence)
    for m in _CONTRAST.finditer(sentence):
        if m.end() <= at:
            head = m.end()
        elif m.start() > at:
            tail = m.start()
            break
    return _NOT_TESTED.search(sentence, head, tail) is not None


def may_hold_result_off_chart(low: str) -> bool:
    """Whether the lowered text may hold what these readers read (speed only)."""
    return "db" in low or "decibel" in low


def results_at_frequencies(text: str) -> list[Claim]:
    """Return a claim for each frequency (any unit) given as the frequency of a level or
    difference in dB stated beside it, in a sentence naming an ear, a conduction or a
    threshold (rule RESULT_AT_FREQUENCY; kind ``result_at_frequency``, no ear: the judge
    asks whether either ear was tested there)."""
    low = text.lower()
    if not may_hold_result_off_chart(low) or "h" not in low:
        return []
    claims = []
    for f in _FREQUENCY.finditer(low):
        start, end = f.span()
        if _SPAN_BEFORE.search(low, max(0, start - 12), start) or _SPAN_AFTER.match(low, end):
            continue
        head, tail = _sentence(low, start, end)
        sentence = low[head:tail]
        at = start - head
        if (
            _NOT_A_PLACE.search(sentence, max(0, at - 80), at)
            or not _DB.search(sentence, max(0, at - _BEFORE), min(len(sentence), at + _AFTER))
            or not _ABOUT_THE_TEST.search(sentence)
            or _said_not_tested(sentence, at)
            or lexicon.conditioned(sentence, at)
        ):
            continue
        hedged = lexicon.HEDGES.search(sentence)
        claims.append(
            Claim("result_at_frequency", (), text[start:end],
                  Qualifier.HEDGED if hedged else Qualifier.ASSERTED,
                  _conduction(sentence, at, end - head), (_hz(f.group(1), f.group(2)),),
                  text=text[start:end], span=(start, end), rules=(RESULT_AT_FREQUENCY,))
        )  # fmt: skip
    return claims


def levels_beyond_audiometer(text: str) -> list[Claim]:
    """Return a claim for each level of 140 dB HL or more stated in a sentence naming an ear,
    a conduction or a threshold (rule LEVEL_BEYOND_AUDIOMETER; kind
    ``level_beyond_audiometer``): no audiometer presents it, so no ear's result is it."""
    low = text.lower()
    if "hl" not in low:
        return []
    claims = []
    for m in _LEVEL_HL.finditer(low):
        if int(m.group(1)) < _NO_AUDIOMETER:
            continue
        head, tail = _sentence(low, *m.span())
        sentence = low[head:tail]
        if not _ABOUT_THE_EARS.search(sentence) or lexicon.conditioned(sentence, m.start() - head):
            continue
        claims.append(
            Claim("level_beyond_audiometer", (), int(m.group(1)), text=text[m.start():m.end()],
                  span=m.span(), rules=(LEVEL_BEYOND_AUDIOMETER,))
        )  # fmt: skip
    return claims
