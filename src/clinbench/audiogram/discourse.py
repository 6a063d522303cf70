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

from clinbench.audiogram import lexicon

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

QUOTED = re.compile(r'"[^"\n]{1,300}"|\u201c[^\u201d\n]{1,300}\u201d|^[ \t]*>[^\n]{1,300}', re.M)
"""A colleague's words the writer quotes: a span in quotation marks, or a ">" quoted line
(markdown block quote). Whether it is the writer's claim depends on what the writer says of it."""

REPORTED = re.compile(
    r"\b(?:the\s+)?(?:colleague|report|referrer|letter|original)\s+(?:called|calls|said|says|"
    r"stated|states|described|describes|wrote|labelled|labels)\s+(?:it|this|them|the\s+\w+)\s+"
    r"(?:as\s+)?(?!(?:correctly|rightly|accurately)\b)[^\"\u201c;.\n]{1,120}",
    re.I,
)
"""A colleague's statement reported without quotation marks ("the colleague called it
sensorineural"), up to the end of the clause."""

ACCEPTED = re.compile(
    r"[ \t]*[-\u2013:,.;]?[ \t]*(?:(?:i|we)\s+)?(?:agree|agreed|ok|okay|correct|fine|endorsed|"
    r"as stated|all correct)\b(?![ \t]+(?:with\s+the|except|in\s+part)|,?\s*but\b)",
    re.I,
)
"""The writer accepts the quoted words outright, straight after them ("- agreed", ": OK")."""

REJECTED = re.compile(
    r"\b(?:disagree\w*|not\s+correct|incorrect|wrong|should\s+(?:read|go|be|say)|rather|"
    r"in\s+fact|actually|misses|missed|understates?|overstates?|half\s+right|"
    r"part(?:ly|ially)\s+(?:agree|right)|not\s+quite|the\s+other\s+way|"
    r"(?:i|we)\s+(?:read|class|call)\s+(?:it|this|them|the\s+\w+)\s+(?:as|the)|my\s+reading)\b|"
    r",\s*not\b|\b(?:is|are|was)\s+not\b|\b(?:isn't|aren't)\b|\bno\s*[:;,.]|\bno\b(?=[ \t]*$)",
    re.I | re.M,
)
"""What the writer says when rejecting or correcting quoted words: "I disagree", "this is
not correct", "should read", "rather", "in fact", "a MIXED loss, not sensorineural"."""

REPORTED_HINT = re.compile(r"\b(?:colleague|report|referrer|letter|original)\b", re.I)


def _reported(text: str) -> bool:
    """Return whether ``text`` names a report or a colleague (REPORTED_HINT), after a cheap
    test of its words."""
    words = ("colleague", "report", "referrer", "letter", "original")
    return lexicon.may_hold(text, *words) and bool(REPORTED_HINT.search(text))


_VERDICT_REACH = 250
"""How far after quoted words the writer's verdict on them is looked for (characters); the
next quotation or a blank line ends it sooner."""

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
    "rejected quotation": (
        QUOTED,
        "reported speech in peer review and second opinions: a colleague's words the reviewer "
        "quotes and then rejects or corrects are not the reviewer's claim; words accepted "
        '("agreed", "correct") are',
    ),
    "rejected report": (
        REPORTED,
        'reported speech without quotation marks ("the colleague called it ..."), rejected '
        "as a quotation is",
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


def _rejected(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Return the quoted spans the writer rejects: not accepted straight after, and a
    rejection in the same line before them or in the verdict that follows (up to the next
    quotation, a blank line or :data:`_VERDICT_REACH` characters)."""
    out = []
    for i, (start, end) in enumerate(spans):
        if ACCEPTED.match(text, end, min(len(text), end + 40)):
            continue
        stop = min(len(text), end + _VERDICT_REACH)
        if i + 1 < len(spans):
            stop = min(stop, spans[i + 1][0])
        blank_line = text.find("\n\n", end, stop)
        if blank_line >= 0:
            stop = blank_line
        line_start = text.rfind("\n", 0, start) + 1
        begin = max(line_start, spans[i - 1][1] if i else 0, start - _VERDICT_REACH)
        if REJECTED.search(text, end, stop) or REJECTED.search(text, begin, start):
            out.append((start, end))
    return out


def _without_rejected_quotes(text: str) -> str:
    """Return ``text`` with the colleague's words the writer rejects blanked (same length)."""
    if text.lstrip()[:1] in "{[":  # a JSON reply: its quotation marks delimit fields
        return text
    spans = [m.span() for m in QUOTED.finditer(text)]
    spans += [m.span() for m in REPORTED.finditer(text)]
    spans.sort()
    rejected = _rejected(text, spans)
    if not rejected:
        return text
    parts, last = [], 0
    for start, end in rejected:
        start = max(start, last)
        parts += [text[last:start], " " * (end - start)]
        last = max(last, end)
    parts.append(text[last:])
    return "".join(parts)


def without_unclaimed(text: str) -> str:
    """Return ``text`` with unticked options, questions, examiner lines, first impressions
    set aside and a colleague's words the writer rejects blanked (same length)."""
    if "[" in text:
        text = UNTICKED_OPTION.sub(_blank, text)
    if "?" in text:
        text = QUESTION.sub(_blank, text)
    if ":" in text:
        text = EXAMINER_LINE.sub(_examiner_line, text)
    if "irst" in text or "nitial" in text or "IRST" in text or "NITIAL" in text:
        text = SET_ASIDE.sub(_blank, text)
    if '"' in text or ">" in text or "\u201c" in text or _reported(text):
        text = _without_rejected_quotes(text)
    return text
