"""The verified result of a report that corrects a mistaken record.

An incident report, a learning review, a significant-event analysis or a data-quality note
tells what was first recorded wrongly (a value keyed as "24.5" with "severe", another
patient's speech scores, a "conductive dip" in a template, another pilot's file) and then
gives the result as verified: "Correct result (checked by two staff):", "Verified results
for this patient:", "Correct coding, verified from the audiogram:" (validation batch 91,
used as tuning data). The verified result supersedes the account before it, as a marked
final part supersedes the stages before it (:mod:`.stages`) and a correction's new value
its old one (:mod:`.revisions`): only it is the writer's last word about this audiogram.

The rule ``verified_results`` of :mod:`.voice` blanks (keeping the lines) everything before
the first line that opens a verified result (:data:`VERIFIED_HEAD`), when the text before it
tells of a mistaken record (:data:`MISTAKE`). A text that verifies a result with no mistake
told before it (a report "checked" by a second audiologist) is returned as it is.
"""

from __future__ import annotations

import re

VERIFIED_HEAD = re.compile(
    r"^[^\w\n]{0,6}(?:the[ \t]+)?(?:verified|correct(?:ed)?|confirmed|amended)\b"
    r"[^\n:.]{0,60}:",
    re.I | re.M,
)
"""A line opening the result as verified or corrected: "Verified audiogram:", "Correct
result (checked by two staff):", "• Corrected reading for her:", "Confirmed findings, lead
audiologist:", "– Verified:"."""

MISTAKE = re.compile(
    r"\b(?:wrong(?:ly)?|errors?|erroneous(?:ly)?|incorrect(?:ly)?|mistak\w*|"
    r"in[ \t]+error|misread|mis-?(?:keyed|typed|recorded|entered|filed|labell?ed)|"
    r"transcription|mix-?up|(?:another|other|previous|different)[ \t]+"
    r"(?:patient|applicant|person|pilot|client|resident|child))\b",
    re.I,
)
"""Words telling of a mistaken record: "entered in error", "wrongly keyed", "a
transcription error", "another patient's results", "mis-filed"."""

_HEADS = ("verified", "correct", "confirmed", "amended")
_MISTAKE_WORDS = (
    "wrong", "error", "erroneous", "incorrect", "mistak", "misread", "mis", "transcription",
    "mix", "another", "other", "previous", "different",
)  # fmt: skip


def may_verify(low: str) -> bool:
    """Whether the lowered text may hold a verified result after a mistake (a cheap test:
    False only where it surely does not)."""
    return any(word in low for word in _HEADS) and any(word in low for word in _MISTAKE_WORDS)


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the span before the first verified result of ``text`` (to blank), when the
    text before it tells of a mistaken record; otherwise nothing."""
    m = VERIFIED_HEAD.search(text)
    if m is None or MISTAKE.search(text, 0, m.start()) is None:
        return []
    return [(0, m.start(), None)]
