"""A cognitive, mood or sleep screen's verdict is no verdict on the hearing.

Memory-clinic, old-age psychiatry and developmental letters weigh the audiogram beside the
screens they score ("ACE-III 92/100 (memory 23/26). Within normal limits.", "MoCA 28/30,
normal", "PHQ-9 4: normal range"): the "normal" that follows a screen's name on its line is
that screen's verdict, not a grade of the ears, until a word of the hearing test comes
between (issue #26 batch 106, memory-clinic letters, used as tuning data).
:func:`screen_verdicts_blanked` blanks the verdict words (only them, keeping the length), a
reading step of check.READING_STEPS after ages.without_ages. Screens named: the Montreal
Cognitive Assessment (MoCA, Nasreddine 2005), the Mini-Mental State Examination (MMSE,
Folstein 1975), Addenbrooke's Cognitive Examination (ACE-III, Hsieh 2013), the Mini-Cog, the
GPCOG, the 6CIT and the 4AT delirium test; PHQ-9, GAD-7, GDS, HADS, EPDS and AUDIT-C for mood,
anxiety and alcohol; the Epworth and STOP-BANG sleep scales.
"""

from __future__ import annotations

import re

from clinbench.audiogram.offsets import blanked, lowered

_SCREEN = (
    r"\b(?:moca|mmse|mini[ \t-]*mental|ace[ \t-]*(?:iii|3|r)|addenbrooke\w*|mini[ \t-]*cog|"
    r"gpcog|6[ \t-]*cit|4at|phq[ \t-]*\d{1,2}|gad[ \t-]*\d{1,2}|gds(?:[ \t-]*\d{1,2})?|hads|"
    r"epds|audit[ \t-]*c|epworth|stop[ \t-]*bang)\b"
)
_HEARING_WORD = (
    r"hearing|audio\w*|\bears?\b|\bdb\b|\bhz\b|khz|thresh\w*|\bpta\b|\b[34]fa\b|\bloss\b|deaf\w*|"
    r"\bbone\b|\bair\b|\bright\b|\bleft\b|tymp\w*|sensorineural|conductive|\bmixed\b|\bhl\b"
)
SCREEN_VERDICT = re.compile(
    _SCREEN + r"(?:(?!" + _HEARING_WORD + r")[^\n]){0,160}?"
    r"\b(within[ \t]+normal[ \t]+limits|normal(?:[ \t]+range)?|wnl)\b"
)
"""A screen's name, then on its line, before any word of the hearing test, its verdict
("within normal limits", "normal", "normal range", "WNL"; group 1), in lower case."""

_WORDS = ("moca", "mmse", "mental", "ace", "addenbrooke", "cog", "cit", "4at", "phq", "gad",
          "gds", "hads", "epds", "audit", "epworth", "bang")  # fmt: skip
"""Words one of which a text holds where :data:`SCREEN_VERDICT` may match."""


def may_name_a_screen(low: str) -> bool:
    """Return whether lowered text ``low`` may name a screen and a verdict (a cheap test)."""
    if "normal" not in low and "wnl" not in low:
        return False
    for word in _WORDS:
        if word in low:
            return True
    return False


def screen_verdicts_blanked(text: str) -> str:
    """Return ``text`` with each screen's verdict words blanked, keeping its length."""
    low = lowered(text)
    if not may_name_a_screen(low):
        return text
    return blanked(text, [m.span(1) for m in SCREEN_VERDICT.finditer(low)])
