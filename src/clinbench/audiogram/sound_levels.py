"""Levels on a printout that are no hearing levels: the room's noise in A- or C-weighted
decibels, a noise's octave-band levels, and the level of a masking noise.

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


OCTAVE_BAND_LEVELS = re.compile(
    r"(?:1/3[ \t-]*|third[ \t-]*|one[ \t-]third[ \t-]*)?octave[ \t-]*bands?[ \t]*"
    r"(?:(?:sound[ \t]+pressure[ \t]+)?levels?[ \t]*|analysis[ \t]*|spectrum[ \t]*)?"
    r"(?:\([^()\n]{0,30}\)[ \t]*)?:?"
    r"(?:[ \t]*[,;/]?[ \t]*(?:and[ \t]+)?\d+(?:\.\d+)?[ \t]*k?hz[ \t]*[:=]?[ \t]*"
    r"\d{1,3}(?:\.\d)?[ \t]*db\b(?:[ \t]*\([ \t]*[ac]?z?[ \t]*\)|[ \t]*spl\b)?)+"
)
"""A noise's octave-band levels ("octave bands 125 Hz 96 dB, 250 Hz 93 dB"): a sound-level
meter's analysis of a workplace's noise through octave-band filters (IEC 61260), used to
choose hearing protection by the octave-band method (EN 458; HSE L108 Controlling noise at
work), so each level is the noise's at that band's centre frequency, not a hearing level
(issue #26 batch 102, used as tuning data); matched lowered."""


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
        or "octave" in low
    )


def without_sound_levels(text: str) -> str:
    """Return ``text`` with each room-noise level and masking-noise level blanked (same
    length)."""
    low = lowered(text)
    spans = [m.span() for m in WEIGHTED_LEVEL.finditer(low)]
    spans += [m.span() for m in MASKER_LEVEL.finditer(low)]
    if "octave" in low:
        spans += [m.span() for m in OCTAVE_BAND_LEVELS.finditer(low)]
    return blanked(text, sorted(spans))
