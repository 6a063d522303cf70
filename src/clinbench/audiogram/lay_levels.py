"""Pure-tone results told in lay words, written as a report writes them.

See :func:`lay_levels_written_out`.

A reply to a patient, a carer or a relative tells a threshold as the sound the patient was
played and the level they heard it at ("At the 3000 beep your left ear heard it at 55",
"he turned to one sound at 90 dB in his left ear at 500"), leaving out the units a report
gives. This step writes those units in ("the 3000 Hz beep", "heard it at 55 dB", "at 500
Hz"), so that the threshold reader reads the level at its frequency as it reads "55 dB at
3000 Hz". Nothing else changes. Each pattern is in :mod:`clinbench.audiogram.lexicon`
(``STIMULUS_FREQUENCY``, ``RESPONSE_LEVEL``, ``LEVEL_THEN_TEST_FREQUENCY``) with its source.
"""

from __future__ import annotations

import bisect
import re

from clinbench.audiogram import lexicon

_STIMULI = ("beep", "tone", "sound", "pitch", "whistle", "noise")
"""A word for the sound played, one of which a sound named by its frequency needs."""
_RESPONSES = ("heard", "hear", "respond", "react", "turn", "picked")
"""A word for the patient's response, one of which a level heard needs (or a sound's word)."""
_TEST_FREQUENCY_DIGITS = ("250", "500", "750", "000")
"""Digits every test frequency written out holds (lexicon.TEST_FREQUENCY: 250, 500, 750,
1000, 1500, 2000, ...)."""
_DIGIT = re.compile(r"\d")
_SOUND_THEN_AT = re.compile(
    r"(?:beeps?|tones?|sounds?|pitch(?:es)?|whistles?|noises?)" + lexicon._S + "at"
)
"""A sound's word and "at" after it, which a level heard after a sound's frequency needs."""


def _holds(low: str, words: tuple[str, ...]) -> bool:
    for word in words:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def _lowered(text: str) -> str | None:
    """Return ``text`` lower-cased where its ASCII words are where ignoring case finds them
    (:func:`lexicon.words_lower_exactly`: each pattern here needs ASCII words only), else
    None."""
    return text.lower() if lexicon.words_lower_exactly(text) else None


def _needs(low: str | None) -> tuple[bool, bool, bool]:
    """Return whether each pattern of this step may match (cheap exact tests on the
    lower-cased text, ``low``, of :func:`_lowered`; None lets every pattern run): a sound
    named by its frequency needs a sound's word and a test frequency's digits; a level heard
    needs "at", a digit, and a response's word (as a word: "hear" in "hearing" is none) or a
    sound's word then "at"; a level then a test
    frequency needs "db" or "decibels", "at" and a test frequency's digits."""
    if low is None:
        return True, True, True
    sound = _holds(low, _STIMULI)
    frequency = _holds(low, _TEST_FREQUENCY_DIGITS)
    at = "at" in low and _DIGIT.search(low) is not None
    heard = at and (
        _holds(low.replace("hearing", "") if "hearing" in low else low, _RESPONSES)
        or (sound and _SOUND_THEN_AT.search(low) is not None)
    )
    return (
        sound and frequency,
        heard,
        at and frequency and ("db" in low or "decibel" in low),
    )


def lay_levels_written_out(text: str) -> str:
    """Return ``text`` with the units of a lay account of pure-tone results written in: a
    test frequency named as the pitch of a sound ("the 3000 beep", "a beep at 500") in Hz,
    the level a sound was heard or responded to at ("heard it at 55") in dB, and a test
    frequency after a level in dB ("90 dB in his left ear at 500") in Hz. Linear: three
    passes, none backtracking across sentences, each run only where its words are."""
    sound, heard, level = _needs(_lowered(text))
    if sound:
        text = _unit_after(lexicon.STIMULUS_FREQUENCY, text, lambda m, end: " Hz")
    if heard:
        heard_at = _Heard(text)
        written = _unit_after(lexicon.RESPONSE_LEVEL, text, lambda m, end: heard_at.level(end))
        if written != text:  # " dB" written in: the last pattern may now match
            level = _needs(_lowered(written))[2]
        text = written
    if level:
        text = _unit_after(lexicon.LEVEL_THEN_TEST_FREQUENCY, text, lambda m, end: " Hz")
    return text


_SOUND_AT = re.compile(
    r"(?i)\b(\d+(?:\.\d+)?[ \t]*(?:khz|k|hz))\b(?:\*\*)?[ \t]+(?:beeps?|tones?|sounds?|"
    r"pitch(?:es)?|whistles?|noises?)\b|"
    r"\b(?:beeps?|tones?|sounds?|pitch(?:es)?|whistles?|noises?)[ \t]+at[ \t]+"
    r"(?:the[ \t]+)?(\d+(?:\.\d+)?[ \t]*(?:khz|k|hz))\b"
)
"""A sound named with its frequency ("the 2000 Hz tone", "a beep at 3000 Hz")."""
_FREQUENCY_AFTER = re.compile(r"(?i)[^.;!?\n]{0,80}?\d[ \t]*(?:khz|k|hz)\b")
"""A frequency named after a level, in its sentence."""
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n\s*\n")
"""A sentence's end, or a paragraph's."""
_REACH = 200
"""How far back (characters) a level heard may take the frequency of the sound before it."""
_FREQUENCY = re.compile(r"(?i)\d[ \t]*(?:khz|k|hz)\b")
"""Another frequency named between a sound and a level: the level is not the sound's."""


class _Heard:
    """The sounds of a text named with their frequency, and the frequency a level heard is at."""

    def __init__(self, text: str):
        self.text = text
        self._anchors: list[tuple[int, str]] | None = None
        self.last: tuple[int, str] | None = None
        """Where the last level given a sound's frequency ends, and that frequency."""

    @property
    def anchors(self) -> list[tuple[int, str]]:
        """Where each sound named with its frequency ends, and that frequency, in text order
        (found when a level heard first asks)."""
        if self._anchors is None:
            self._anchors = [
                (m.end(), m.group(1) or m.group(2)) for m in _SOUND_AT.finditer(self.text)
            ]
        return self._anchors

    def level(self, end: int) -> str:
        """Return what is written after a level heard, ending at ``end``: its unit, and the
        frequency of the sound it was heard at when its own sentence names none after it and
        the sound was named just before: in its sentence or the one before, or heard at a
        level in the sentence before ("We played a beep at 3000 Hz. Your right ear heard it
        at 45. Your left ear heard it at 50")."""
        text = self.text
        if _FREQUENCY_AFTER.match(text, end):
            return " dB"
        k = bisect.bisect_right(self.anchors, end, key=lambda a: a[0])
        anchor = self.anchors[k - 1] if k else None
        if self.last is not None and (anchor is None or self.last[0] > anchor[0]):
            anchor = self.last  # a level heard at that sound since: "... heard it at 45"
        if anchor is None or end - anchor[0] > _REACH:
            return " dB"
        at, frequency = anchor
        between = text[at:end]
        if len(_SENTENCE_END.findall(between)) > 1 or _FREQUENCY.search(between):
            return " dB"
        self.last = (end, frequency)
        return f" dB at {frequency}"


def _unit_after(pattern: re.Pattern[str], text: str, unit) -> str:
    """Return ``text`` with what ``unit(match, end)`` gives written after the group each
    match of ``pattern`` holds (``end`` where that group ends)."""
    out: list[str] = []
    last = 0
    for m in pattern.finditer(text):
        group = next((g for g in range(1, (pattern.groups or 0) + 1) if m.group(g)), None)
        if group is None:
            continue
        out += [text[last : m.end(group)], unit(m, m.end(group))]
        last = m.end(group)
    out.append(text[last:])
    return "".join(out)
