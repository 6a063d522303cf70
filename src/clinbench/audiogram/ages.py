"""A number that names a person's age is no hearing level.

Notes that read an audiogram against age norms name ages beside frequencies and levels ("the
median for a woman of 78 at 4 kHz is about 45 dB HL", "a man aged 68", "for a 60-year-old"):
the age is in years, and a reader that takes "78 at 4 kHz" for a threshold invents one.
:func:`without_ages` blanks the age's digits (only them, so the words around are still read),
a reading step of check.READING_STEPS after discourse.without_unclaimed (an age is the writer's
own word, not one the writer does not claim).
"""

from __future__ import annotations

import re

from clinbench.audiogram.offsets import blanked

_NOT_A_LEVEL = r"(?![ \t]*(?:db|hz|khz|k\b|%|\.\d))"

AGE = re.compile(
    r"(?<![a-z])(?:(of)[ \t]+|aged?[ \t]*:?[ \t]*)(?:about[ \t]+|around[ \t]+|roughly[ \t]+)?"
    r"(\d{1,3})\b" + _NOT_A_LEVEL
)
"""An age after "age", "aged" ("age 60", "aged: 52", "men aged 60"), or after "of" where a
person is named before it (:data:`_PERSON_BEFORE`: "a woman of 78"), in lower case; the age
is group 2."""

_PERSON_BEFORE = re.compile(
    r"\b(?:(?:wo)?m[ae]n|person|people|patients?|adults?|child(?:ren)?|boys?|girls?|lad(?:y|ies)|"
    r"gentlem[ae]n|someone|listeners?|individuals?|peers?)[ \t]+\Z"
)
"""A person named just before "of" ("a woman of 78")."""

YEARS = re.compile(
    r"\b(\d{1,3})(?:[ \t-]*(?:years?|yrs?)[ \t-]*old\b|[ \t]*(?:y/?o|yrs?)\b|"
    r"[ \t]?y\b(?![/.]?o\b))"
)
"""An age before "years old", "yo", "y/o" or "yrs" ("a 70-year-old", "52 yo"), or a bare "y",
the clinic note's shorthand for years ("Immittance/PTA, 55 y.", "(22 y, call centre)", "Child
3 (4 y)"; 441 in batches 1-117, every one an age: issue #26 batch 100 YA37 as tuning data)."""

_WORDS = ("age", "year", "yo", "y/o", "yr", "of")
"""Words one of which a text holds where :data:`AGE` or :data:`YEARS` may match."""
_BARE_Y = re.compile(r"\d[ \t]?y\b")
"""What a bare "y" age needs (:data:`YEARS`): a cheap test where none of :data:`_WORDS` is."""


def may_name_an_age(low: str) -> bool:
    """Return whether lowered text ``low`` may name an age (a cheap test)."""
    for word in _WORDS:
        if word in low:
            return True
    return "y" in low and _BARE_Y.search(low) is not None


def age_spans(low: str) -> list[tuple[int, int]]:
    """Return the spans of the ages' digits in lowered text ``low``."""
    spans = []
    for m in AGE.finditer(low):
        if m.group(1) is None or _PERSON_BEFORE.search(low, max(0, m.start() - 16), m.start()):
            spans.append(m.span(2))
    if "y" in low:
        spans.extend(m.span(1) for m in YEARS.finditer(low))
    return sorted(spans)


def without_ages(text: str) -> str:
    """Return ``text`` with the digits of each age it names blanked, keeping its length."""
    low = text.lower()
    if len(low) != len(text) or not may_name_an_age(low):
        return text
    spans = age_spans(low)
    if not spans:
        return text
    return blanked(text, spans)
