"""Levels on a printout that are no hearing levels: the room's noise in A- or C-weighted
decibels, and the level of a masking noise.

An automated audiometer's printout (and a clinician's note of masking) names levels that
are not thresholds. A sound level in dB(A) or dB(C) is a sound-level meter's reading of the
room ("Noise during test: 28-33 dB(A)"; IEC 61672 frequency weightings; ISO 8253-1 sets the
ambient limits), and a masking noise's level ("60-80 dB NBN", "50 dB effective masking")
is the noise put into the non-test ear (BSA 2019 masking guidance; narrowband noise, NBN,
is the pure-tone masker). :func:`without_sound_levels` blanks both, so neither is read as
a threshold.
"""

from __future__ import annotations

import re

from clinbench.audiogram.alternation import led
from clinbench.audiogram.offsets import blanked, lowered

_LEVEL = r"(?<![\d.])-?\d{1,3}(?:\.\d)?(?:[ \t]*(?:-|–|to)[ \t]*\d{1,3}(?:\.\d)?)?[ \t]*"

WEIGHTED_LEVEL = led(re.compile(_LEVEL + r"db(?:[ \t]*\([ \t]*[ac][ \t]*\)|[ac](?![a-z]))"))
"""A level in A- or C-weighted decibels ("28-33 dB(A)", "45 dBA"); matched lowered."""

MASKER_LEVEL = re.compile(
    _LEVEL + r"(?:db[ \t]*(?:hl[ \t]*)?)?"
    r"(?:nbn\b|narrow[ \t-]*band(?:[ \t]+(?:noise|masking|masker))?|masking[ \t]+noise|"
    r"effective[ \t]+masking|white[ \t]+noise|(?<=db)[ \t]*em\b)"
)
"""A masking noise's level ("60-80 dB NBN", "55 dB narrowband noise", "40 dB EM",
"50 dB effective masking"); matched lowered."""
MASKER_LEVEL = led(MASKER_LEVEL)  # (its first characters looked for first, for speed)


def may_hold_sound_level(low: str) -> bool:
    """Whether ``low`` (the text lowered) may hold a level these patterns find."""
    return "db" in low and (
        "(a" in low
        or "( a" in low
        or "(c" in low
        or "( c" in low
        or "dba" in low
        or "dbc" in low
        or "nbn" in low
        or "narrow" in low
        or "noise" in low
        or "masking" in low
        or "em" in low
    )


def without_sound_levels(text: str) -> str:
    """Return ``text`` with each room-noise level and masking-noise level blanked (same
    length)."""
    low = lowered(text)
    spans = [m.span() for m in WEIGHTED_LEVEL.finditer(low)]
    spans += [m.span() for m in MASKER_LEVEL.finditer(low)]
    return blanked(text, sorted(spans))
