"""Typing slips of the grade and type words read as the words meant.

A patient or a relative passing the result on by text message types fast, on a phone, and
voice-to-text splits long words ("moderatly severe", "sensory neural", issue #26, validation
batch 67). :func:`typing_slips_mended` writes a word one slip away from a grade or type word
(a letter dropped, added, changed, or two neighbours swapped: the Damerau-Levenshtein
distance of 1, the single-error model of spelling correction, Damerau 1964) as that word,
and "sensorineural" split into its two stems as one word. Only long words are mended
(a slip of a short word is as likely another word), only where the first letter is right,
and never a real word that lies one slip away ("conducive", "moderated").
"""

from __future__ import annotations

import re

_WORDS = ("moderate", "moderately", "profound", "sensorineural", "conductive")
"""The grade and type words long enough that a word one slip away is this word."""
_REAL_NEIGHBOURS = frozenset(
    {"conducive", "conductivity", "moderated", "moderates", "moderator", "moderato",
     "profounder", "profoundly"}
)  # fmt: skip
"""English words one slip away from a word of :data:`_WORDS`: kept as written."""
_CANDIDATE = re.compile(r"([mpscMPSC\u017f])(?<!\w.)([a-zA-Z\u0130\u0131\u017f\u212a]{6,14})\b")
"""A word of 7 to 15 letters opening with m, p, s or c: ``\\b([mpsc])([a-z]{6,14})\\b`` with
case ignored, written to open with its first letter's class (so the search jumps between
those letters, for speed) and with the letters case-ignoring matching adds spelled out (the
capitals, and the 'ſ', 'İ', 'ı' and Kelvin sign it folds to s, i and k)."""
_SPLIT = re.compile(r"\b(sensor)[iy]?(?:[ \t]+|[ \t]*-[ \t]*)(neural)\b", re.I)
"""'sensorineural' in two (voice-to-text, a hyphen): 'sensory neural', 'sensori-neural', and
the captioner's 'sensor neural' (automatic captions split the word at its stems; batch 73)."""


def _one_slip(word: str, target: str) -> bool:
    """Return whether ``word`` is one insertion, deletion, substitution or transposition of
    two neighbouring letters away from ``target`` (``word`` != ``target``)."""
    if abs(len(word) - len(target)) > 1 or word == target:
        return False
    i = 0
    while i < min(len(word), len(target)) and word[i] == target[i]:
        i += 1
    if len(word) == len(target):
        swapped = word[i + 2 :] == target[i + 2 :] and word[i : i + 2] == target[i : i + 2][::-1]
        return swapped or word[i + 1 :] == target[i + 1 :]
    if len(word) > len(target):
        return word[i + 1 :] == target[i:]
    return word[i:] == target[i + 1 :]


def _mend(m: re.Match[str]) -> str:
    word = m.group(0)
    low = word.lower()
    if low in _WORDS or low in _REAL_NEIGHBOURS:
        return word
    for target in _WORDS:
        if target[0] == low[0] and _one_slip(low, target):
            return target.upper() if word.isupper() else target
    return word


def _joined(m: re.Match[str]) -> str:
    """Return a split 'sensorineural' as one word, in the case it was written in."""
    return m.group(1) + ("I" if m.group(2).isupper() else "i") + m.group(2)


def _may_be_split(text: str) -> bool:
    """Return False where ``text`` surely holds no _SPLIT: its "neural" follows a space, a
    tab or a hyphen (a cheap test, for speed: every "sensorineural" holds "neural")."""
    low = text.lower()
    return " neural" in low or "\tneural" in low or "-neural" in low


def typing_slips_mended(text: str) -> str:
    """Return ``text`` with the grade and type words typed one slip wrong, or split in two,
    written right (see the module's docstring); other text unchanged. Linear: one pass."""
    if _may_be_split(text):
        text = _SPLIT.sub(_joined, text)
    return _CANDIDATE.sub(_mend, text)
