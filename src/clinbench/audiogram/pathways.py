"""Decision pathways and rule engines: the branches a trace says were not taken, and the
conditions of its IF ... THEN rules, which state nothing about the patient.

A clinical decision pathway (a flowchart, a rule engine's log, a branch trace) writes its
rules beside its results. A branch marked "not taken", "not applicable" or "hypothetical"
is a road the patient did not go down ("the MIXED branch needs abnormal bone: not taken"),
and an "IF x THEN y" rule names the condition under which y would follow, not a finding
(clinical decision support rules are written as condition-action pairs, HL7 Arden Syntax
and CDS Hooks; the evaluation of the rule against the patient is written after it, "->
TRUE"). :func:`without_untaken_branches` and :func:`without_rule_conditions` blank them.
"""

from __future__ import annotations

import re

from clinbench.audiogram.offsets import blanked, lowered

UNTAKEN = re.compile(
    r"\bnot[ \t]+(?:taken|applicable|entered|followed|triggered)\b|\bhypothetical(?:ly)?\b"
)
"""A branch or condition the trace marks as not the patient's ("not taken", "not
applicable", "hypothetical"); matched in the lowered text."""

_MARK_ONLY = re.compile(
    r"[\s\-–—:;,.!'\"]*(?:(?:this|the|that)[ \t]+)?(?:branch|path|route|node|step|rule)?"
    r"[ \t]*(?:not[ \t]+(?:taken|applicable|entered|followed|triggered)|hypothetical(?:ly)?)"
    r"[\s\-–—:;,.!'\"]*"
)
"""A bracket that holds the mark alone ("(not taken)", "(branch not taken)"): it marks its
whole sentence, not itself."""

_SENTENCE_END = re.compile(r"[.;!](?=\s)|\n")

IF_THEN = re.compile(r"\bif[ \t]+[^\n]{0,200}?[ \t]then\b[^\n]{0,200}?(?=->|→|=>|[.;](?=\s)|\n|$)")
"""An IF ... THEN rule, to the end of its action (up to the arrow that gives its verdict,
or the sentence's end); matched in the lowered text, on one line."""


def _bracket(low: str, at: int) -> tuple[int, int] | None:
    """Return the span inside the round bracket on ``at``'s line that holds ``at``, or None."""
    line_start = low.rfind("\n", 0, at) + 1
    depth = 0
    for i in range(at - 1, line_start - 1, -1):
        if low[i] == ")":
            depth += 1
        elif low[i] == "(":
            if depth == 0:
                close = low.find(")", at)
                newline = low.find("\n", at)
                if close < 0 or 0 <= newline < close:
                    return None
                return i + 1, close
            depth -= 1
    return None


def _sentence(low: str, start: int, end: int) -> tuple[int, int]:
    """Return the span of the sentence (or line, or clause after a semicolon) holding
    ``start``..``end``."""
    begin = 0
    for m in _SENTENCE_END.finditer(low, max(0, start - 400), start):
        begin = m.end()
    after = _SENTENCE_END.search(low, end)
    return begin, after.start() if after else len(low)


def _untaken_span(low: str, start: int, end: int) -> tuple[int, int]:
    inner = _bracket(low, start)
    if inner is not None and _MARK_ONLY.fullmatch(low, inner[0], inner[1]) is None:
        return inner
    return _sentence(low, start, end)


def without_untaken_branches(text: str) -> str:
    """Return ``text`` with each branch marked not taken, not applicable or hypothetical
    blanked (same length): the bracket that holds the mark with the branch's words, or
    else the sentence (the trace's line) that holds it."""
    low = lowered(text)
    spans = [_untaken_span(low, m.start(), m.end()) for m in UNTAKEN.finditer(low)]
    return blanked(text, spans)


def without_rule_conditions(text: str) -> str:
    """Return ``text`` with each IF ... THEN rule blanked (same length), up to the arrow
    that gives its verdict for the patient."""
    low = lowered(text)
    return blanked(text, [m.span() for m in IF_THEN.finditer(low)])


UNDETERMINED = re.compile(
    r"\b(?:undetermined|indeterminate|not[ \t]+assessable|(?:cannot|could[ \t]+not)[ \t]+be[ \t]+"
    r"(?:evaluated|assessed|determined))\b"
)
"""A verdict that gives none ("Asymmetry: undetermined", "3 kHz rule cannot be evaluated"):
the finding it is given for is not claimed either way; matched lowered."""

_CLAUSE_START = re.compile(r"[,;.!?\n]|//|#")


def without_undetermined(text: str) -> str:
    """Return ``text`` with each clause whose verdict is undetermined blanked (same length),
    from the clause's start (a comma, semicolon, sentence end or line start, at most 120
    characters back) to the verdict."""
    low = lowered(text)
    spans = []
    for m in UNDETERMINED.finditer(low):
        begin = max(0, m.start() - 120)
        for stop in _CLAUSE_START.finditer(low, begin, m.start()):
            begin = stop.end()
        spans.append((begin, m.end()))
    return blanked(text, spans)


def may_be_undetermined(low: str) -> bool:
    """Whether ``low`` may hold a verdict :data:`UNDETERMINED` finds."""
    return "determin" in low or "assess" in low or "evaluat" in low


def may_mark_untaken(low: str) -> bool:
    """Whether ``low`` (the text lowered) may hold a mark :data:`UNTAKEN` finds."""
    return (
        "not" in low
        and (
            "taken" in low
            or "appli" in low
            or "enter" in low
            or "follow" in low
            or "trigger" in low
        )
        or "hypothetic" in low
    )


def may_hold_rule(low: str) -> bool:
    """Whether ``low`` may hold an IF ... THEN rule."""
    return "if" in low and "then" in low
