"""Other patients the writer remembers from another time.

Reflective entries, teaching notes and letters compare this patient with someone the writer
saw before: "The week before, a man with a left otosclerosis had bone at 10 ...", "In my
first year I saw a woman with this picture on the right, a 4FA of about 60", "The last
sudden loss I saw (a woman in April, right ear, around 80 dB) ..." (validation batch 83,
used as tuning data). That person's sides, values and types are theirs, not this
audiogram's, as another person of a series named beside the subject is
(``discourse.OTHER_PERSON``).

The rule ``remembered_cases`` of :mod:`.voice` blanks (keeping the length), from the earlier
of its two cues to the end of its sentence, each sentence that introduces an indefinite
person ("a man", "another patient", :data:`OTHER_ONE`) at another time (:data:`OTHER_TIME`),
when this patient's results (a level in dB or at a frequency) come before it in the text: a
text that opens with "Last week a 45-year-old man presented ..." introduces its patient.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from clinbench.audiogram.alternation import led

OTHER_ONE = re.compile(
    r"\b(?:a|an|another|one)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:man|woman|boy|girl|child|patient|lady|gentleman|teenager|toddler|baby|person|"
    r"player|musician|worker|pilot|soldier|student|case)\b",
    re.I,
)
"""An indefinite person ("a man", "a 70-year-old woman", "another patient", "a case")."""

_MONTH = r"january|february|march|april|may|june|july|august|september|october|november|december"
OTHER_TIME = re.compile(
    r"\b(?:the\s+(?:week|month|day|year|clinic|shift|night|session)\s+before|"
    r"last\s+(?:week|month|year|time|winter|summer|spring|autumn|rotation|job)|"
    r"earlier\s+(?:this|that|in\s+the)\s+(?:week|month|year|rotation|job|post)|"
    r"in\s+my\s+(?:[\w-]+\s+){1,3}?(?:year|job|post|rotation|placement|block)|"
    r"\d+\s+(?:years?|months?|weeks?)\s+ago|years\s+ago|once|previously|"
    r"in\s+(?:" + _MONTH + r")|"
    r"the\s+(?:last|previous|first)\s+(?:[\w-]+\s+){0,4}?(?:i|we)\s+(?:saw|had|met|treated|"
    r"assessed|tested|looked\s+after|cared\s+for))\b",
    re.I,
)
"""Another time than this patient's test: "the week before", "last year", "in my first
registrar year", "two years ago", "once", "in April", "the last sudden loss I saw"."""
OTHER_TIME = led(OTHER_TIME)  # (its first characters looked for first, for speed)

_RESULT = re.compile(r"\d\s*(?:db|k?hz|k\b)", re.I)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+(?=\s|$)|\n|$)")
"""A sentence: up to a full stop (not a decimal point), a question mark or a line's end."""


def _remembered_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Return the span of the sentence text[start:end] that tells of another person at
    another time, or None."""
    person = OTHER_ONE.search(text, start, end)
    when = OTHER_TIME.search(text, start, end)
    if person is None or when is None:
        return None
    return min(person.start(), when.start()), end


_PERSON_WORDS = ("man", "boy", "girl", "child", "patient", "lady", "teenager", "toddler",
                 "baby", "person", "player", "musician", "worker", "pilot", "soldier", "student",
                 "case")  # fmt: skip
"""Words one of which OTHER_ONE needs ("man" in "woman" and "gentleman")."""
_TIME_WORDS = ("before", "last", "earlier", "my", "ago", "once", "previous", "first",
               *_MONTH.split("|"))  # fmt: skip
"""Words one of which OTHER_TIME needs ("previous" also in "previously")."""


def _holds(low: str | AbstractSet[str], words: tuple[str, ...]) -> bool:
    for word in words:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


GUARD_WORDS = (*_PERSON_WORDS, *_TIME_WORDS)
"""The words :func:`may_remember` looks for (a found-set of them may stand for ``low``)."""


def may_remember(text: str, low: str | AbstractSet[str]) -> bool:
    """Whether ``text`` may tell of another person at another time (``low``: ``text``
    lower-cased, or the set of :data:`GUARD_WORDS` it holds). The words each pattern needs
    are looked for first in ASCII text, where the case-ignoring patterns find only what the
    lower-cased text holds."""
    if text.isascii() and not (_holds(low, _PERSON_WORDS) and _holds(low, _TIME_WORDS)):
        return False
    return OTHER_TIME.search(text) is not None and OTHER_ONE.search(text) is not None


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans that tell of other patients remembered from another time (to
    blank); see the module's docstring."""
    out = []
    for m in _SENTENCE.finditer(text):
        span = _remembered_span(text, m.start(), m.end())
        if span is None or not _RESULT.search(text, 0, span[0]):
            continue
        out.append((*span, None))
    return out
