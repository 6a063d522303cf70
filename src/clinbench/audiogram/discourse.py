"""Return a reply with the words that are not its writer's claims blanked out.

Some words of a reply say nothing about the patient even though they name findings: the
options of a form that were left unticked ("[ ] Mixed"), a question ("Why isn't this a
mixed loss?"), a first impression the writer sets aside ("my first thought was
conductive - but ..."), and, in a transcript of an examination, the examiner's lines ("Examiner:
Sudden right hearing loss."), which set the task the candidate's answer is judged on.
:func:`without_unclaimed` blanks them before the reply is read, so no reader has to know
about them. Each rule cites its source once, in :data:`RULES`.

Every pattern is linear in the text: each alternative is bounded or stops at a line end.
"""

from __future__ import annotations

import re

UNTICKED_OPTION = re.compile(r"\[\s?\]\s*[^\[\]\n]{0,80}")
"""An option of a tick-box form left unticked: "[ ] Sensorineural", up to the next box or
the line end; a ticked one ("[x] Conductive") is the writer's answer."""

QUESTION = re.compile(
    r"(?:^|(?<=[.!?:\n]))[ \t]*(?:why|what|how|which|where|when|is|isn't|are|aren't|"
    r"does|doesn't|do|don't|would|could|can|should|shouldn't|did|didn't|was|wasn't)\b"
    r"[^.!?\n]{0,200}\?",
    re.I,
)
"""A sentence asked, opening with a question word and closed by "?": a question puts no
finding ("Is the loss conductive?"). A query mark written before a word ("?otosclerosis")
or after a finding ("mixed?") is a hedge, read as one, not a question."""

EXAMINER_LINE = re.compile(
    r"^[ \t]*(?:\*\*)?(?:examiner|interviewer|e|q)(?:\*\*)?[ \t]*:[^\n]*", re.I | re.M
)
"""A line an examiner speaks in a transcript of a viva or an oral exam ("Examiner: ...",
"E: ..."): it sets the task; the candidate's lines are the answer."""

SET_ASIDE = re.compile(
    r"\b(?:(?:my|the)\s+)?(?:first|initial)\s+(?:thought|impression|instinct|guess|reading)\s+"
    r"(?:was|would be|had been)\b[^.;\n]{0,120}?(?=\s*[-–,;:]?\s*(?:but|however)\b)|"
    r"\bat first\s+(?:i|we)\s+(?:thought|read|called)\b[^.;\n]{0,120}?"
    r"(?=\s*[-–,;:]?\s*(?:but|however)\b)",
    re.I,
)
"""A first impression the writer sets aside with "but" ("My first thought was a conductive
loss, but the bone ..."): withdrawn, so the last word stands."""

RULES: dict[str, tuple[re.Pattern[str], str]] = {
    "unticked option": (
        UNTICKED_OPTION,
        "tick-box referral and triage pro formas (NHS e-Referral Service forms): only the "
        "ticked box is the referrer's answer",
    ),
    "question": (QUESTION, "English grammar: an interrogative sentence asserts nothing"),
    "set aside": (
        SET_ASIDE,
        "self-correction in clinical reasoning: a first impression revised by what follows "
        "is not the conclusion (the last word stands, as in issue #26's withdrawn claims)",
    ),
    "examiner line": (
        EXAMINER_LINE,
        "viva and OSCE transcripts (examiner and candidate turns): the examiner sets the "
        "question, the candidate answers it",
    ),
}


_EAR_WORD = re.compile(r"\b(right|left|both|each|bilateral\w*)\b", re.I)


def _examiner_line(m: re.Match[str]) -> str:
    """Return an examiner's line blanked, or, where it names one ear ("Examiner: Right ear
    please."), that ear's heading: the answer that follows is about that ear."""
    named = {w.lower() for w in _EAR_WORD.findall(m.group(0))}
    if named not in ({"right"}, {"left"}):
        return _blank(m)
    heading = "Right ear:" if named == {"right"} else "Left ear:"
    return heading + " " * (len(m.group(0)) - len(heading))


def _blank(m: re.Match[str]) -> str:
    """Return spaces as long as the match, so offsets after it do not move."""
    return " " * len(m.group(0))


def without_unclaimed(text: str) -> str:
    """Return ``text`` with unticked options, questions, examiner lines and first impressions
    set aside blanked (same length)."""
    if "[" in text:
        text = UNTICKED_OPTION.sub(_blank, text)
    if "?" in text:
        text = QUESTION.sub(_blank, text)
    if ":" in text:
        text = EXAMINER_LINE.sub(_examiner_line, text)
    if "irst" in text or "nitial" in text or "IRST" in text or "NITIAL" in text:
        text = SET_ASIDE.sub(_blank, text)
    return text
