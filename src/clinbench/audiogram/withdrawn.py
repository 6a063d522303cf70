"""Readings the writer reports having made and then withdraws.

A reflective entry, a teaching note or a self-audit tells of the writer's first reading
before the corrected one: 'I said "conductive" straight away ... My "conductive" was
wrong', 'I had it down as "mild presbycusis" ... that is moderate, not mild' (validation
batch 83, used as tuning data). The first reading is withdrawn, not stated: like someone
else's words the writer rejects (``discourse.REJECTED``), it is not a claim about this
audiogram. A reading the writer only would have made ('I would have written "symmetrical
loss"') was never made at all.

The rule ``withdrawn_readings`` of :mod:`.voice` blanks (keeping the length) the quoted
words of each reading the writer reports as their own (:data:`OWN_READING`), when it is one
they would only have made, or when the text after it rejects one of its words ("not mild",
'my "conductive" was wrong', :func:`_rejected_later`). A reading the writer reports and
keeps ('I wrote "moderate conductive loss" in the letter') stays a claim.

A reading reported unquoted is withdrawn the same way when its own sentence goes on to call
it a slip: 'I said conductive for the right in my summary and that was a typo', 'we wrote
mild on the form, which was wrong' (a witness's evidence, validation batch 88, used as
tuning data): :data:`CALLED_A_SLIP` blanks the words between the verb and the verdict.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

OWN_READING = re.compile(
    r"\b(?:i|we)\s+(?P<would>would\s+have\s+|'d\s+have\s+)?"
    r"(?:had\s+|'d\s+)?(?:first\s+|initially\s+|originally\s+|even\s+)?"
    r"(?:said|wrote|written|called\s+(?:it|this|him|her|them)|put|labell?ed|graded|thought|"
    r"typed|documented|told\s+(?:him|her|them)|"
    r"had\s+(?:it|him|her|this|them)\s+(?:down|filed)\s+as)\b"
    r"[^\"\u201c\n]{0,40}?[\"\u201c](?P<words>[^\"\u201c\u201d\n]{1,80})[\"\u201d]",
    re.I,
)
"""The writer's own reading reported with its words quoted: 'I said "conductive"', 'I had
written "mild" in my notes', 'we had it down as "glue ear"', 'I would have written
"symmetrical mild SNHL"'."""

CALLED_A_SLIP = re.compile(
    r"\b(?:i|we)\s+(?:had\s+|'d\s+)?(?:first\s+|initially\s+|originally\s+|mistakenly\s+|"
    r"wrongly\s+)?(?:said|wrote|written|put|typed|labell?ed|graded|documented|recorded|"
    r"called\s+(?:it|this|him|her|them))\b"
    r"(?P<words>[^\"\u201c\u201d\n.;:!?]{1,100}?)"
    r",?\s*(?:(?:and|but)\s+)?(?:that|this|it|which)\s+(?:was|is)\s+(?:simply\s+|just\s+)?"
    r"(?:a\s+|an\s+|my\s+)?(?:typo|typing\s+error|slip|mistake|error|wrong|incorrect)\b",
    re.I,
)
"""The writer's own reading reported unquoted and called a slip in the same sentence: "I
said conductive for the right and that was a typo", "we put mild, which was wrong"."""

_SLIP_WORDS = ("typo", "slip", "mistake", "error", "wrong", "incorrect")


GUARD_WORDS = _SLIP_WORDS
"""The words :func:`may_withdraw` looks for (a found-set of them may stand for ``low``)."""


def may_withdraw(text: str, low: str | AbstractSet[str]) -> bool:
    """Whether a text may report a reading it withdraws (a cheap test: False only where it
    surely does not): a quote, or a word calling a reading a slip (``low``: ``text``
    lower-cased, or the set of :data:`GUARD_WORDS` it holds)."""
    if '"' in text or "\u201c" in text:
        return True
    for word in _SLIP_WORDS:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def slip_marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans of the words of each unquoted reading the writer calls a slip."""
    return [(*m.span("words"), None) for m in CALLED_A_SLIP.finditer(text)]


_WORD = re.compile(r"[a-z]{4,}")


def _rejected_later(low: str, end: int, words: str) -> bool:
    """Whether the text after a reported reading rejects one of its words: "not mild",
    'mild was wrong', '"conductive" was wrong'."""
    for word in set(_WORD.findall(words.lower())):
        w = re.escape(word)
        if re.search(
            r"\bnot\s+(?:a\s+|an\s+)?[\"\u201c]?"
            + w
            + r"\b|\b"
            + w
            + r"[\"\u201d]?\s+(?:was|is|were)\s+(?:wrong|incorrect|not\s+right)\b",
            low[end:],
        ):
            return True
    return False


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans of the words of each reading the writer withdraws (to blank); see
    the module's docstring."""
    if '"' not in text and "\u201c" not in text:
        return []  # (the rule's test also passes a text with a word calling a slip)
    low = text.lower()
    out = []
    for m in OWN_READING.finditer(text):
        if m.group("would") or _rejected_later(low, m.end(), m.group("words")):
            out.append((*m.span("words"), None))
    return out
