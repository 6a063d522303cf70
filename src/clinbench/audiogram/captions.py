"""A subtitle file (SubRip or WebVTT) read as the transcript it holds.

Recorded consultations are kept as caption files (issue #26, validation batch 73): cue
numbers, timestamps (``00:03:12,480 --> 00:03:15,900``), a ``WEBVTT`` header with its
``Kind:`` / ``Language:`` lines and ``NOTE`` / ``STYLE`` blocks, voice tags
(``<v Audiologist>``), and sentences broken for display across a cue's lines and across
cues ("the right ear is down in the low pitches, / fifty-five at 250, ...").

The cue numbers and timestamps are not the text, and a cue is not a sentence: a sentence
runs on from one cue into the next while the same voice goes on speaking and it has not
ended. :func:`captions_as_transcript` writes the file as one line per speaker's turn
(``AUDIOLOGIST: ...``), the cues' lines joined where the sentence runs on. One pass over the
lines; text that is not a caption file is returned as it is.
"""

from __future__ import annotations

import re

_TIMING = re.compile(
    r"^[ \t]*(?:\d{1,3}:)?\d{1,2}:\d{2}(?:[,.]\d{1,3})?[ \t]*-->[ \t]*"
    r"(?:\d{1,3}:)?\d{1,2}:\d{2}(?:[,.]\d{1,3})?[^\n]{0,200}$",
    re.M,
)
"""A cue's timing line (SubRip commas or WebVTT points; hours optional; cue settings after)."""
_CUE_NUMBER = re.compile(r"^[ \t]*\d{1,6}[ \t]*$")
_HEADER = re.compile(r"^(?:WEBVTT\b|Kind:|Language:|X-TIMESTAMP-MAP)", re.I)
_BLOCK = re.compile(r"^(?:NOTE|STYLE|REGION)\b")
_VOICE = re.compile(r"<v(?:\.[\w.-]{1,40})?[ \t]+([^<>\n]{1,60})>", re.I)
"""A WebVTT voice tag: written as the speaker label ``NAME:`` a transcript line opens with."""
_TAG = re.compile(r"</?(?:v|c|i|b|u|lang|ruby|rt)\b[^<>\n]{0,60}>|<\d{1,2}:\d{2}[^<>\n]{0,12}>")
_SPEAKER = re.compile(
    r"^[ \t]*(?:>>[ \t]*|-[ \t]+)?(?:\[([A-Z][^\]\n]{0,40})\]|([A-Z][A-Za-z.' ]{0,30}?)[ \t]*:)"
)
"""A cue's speaker label: ``NAME:``, ``[NAME]``, ``>> NAME:``, or a dialogue dash before one."""
_ENDED = re.compile(r"[.!?…][\"'\u201d\)\]]?[ \t]*$")


def _speaker(text: str) -> tuple[str, str]:
    """Return a cue's speaker label (empty where none) and its text after the label."""
    m = _SPEAKER.match(text)
    if not m:
        return "", text.strip()
    return (m.group(1) or m.group(2)).strip().upper(), text[m.end() :].strip()


def _cues(lines: list[str]) -> list[str]:
    """Return each cue's text, its lines joined (a cue's lines are one run of speech)."""
    cues: list[str] = []
    current: list[str] | None = None
    skipping = False
    for line in lines:
        if _TIMING.match(line):
            current = []
            cues.append("")
            skipping = False
            continue
        if not line.strip():
            if current is not None:
                cues[-1] = " ".join(current)
            current = None
            skipping = False
            continue
        if current is None:  # outside a cue: header, block or cue number
            skipping = skipping or bool(_BLOCK.match(line))
            if not (skipping or _HEADER.match(line) or _CUE_NUMBER.match(line)):
                cues.append(line.strip())  # a line of text outside any cue is kept
            continue
        current.append(_TAG.sub("", _VOICE.sub(r"\1: ", line)).strip())
    if current is not None:
        cues[-1] = " ".join(current)
    return cues


def captions_as_transcript(text: str) -> str:
    """Return a SubRip or WebVTT file as its transcript: one line per speaker's turn, a
    sentence broken across cues joined (see the module's docstring); any other text is
    returned as it is."""
    if text.count("-->", 0, 200_000) < 2:  # (each timing holds its arrow: a cheap exact test)
        return text
    timings = _TIMING.findall(text, 0, 200_000)
    if len(timings) < 2:
        return text
    out: list[str] = []
    last_speaker = ""
    for cue in _cues(text.splitlines()):
        speaker, words = _speaker(cue)
        if not words:
            continue
        runs_on = out and not _ENDED.search(out[-1]) and speaker in ("", last_speaker)
        if runs_on:
            out[-1] += " " + words
        else:
            out.append(f"{speaker}: {words}" if speaker else words)
        last_speaker = speaker or last_speaker
    return "\n".join(out)
