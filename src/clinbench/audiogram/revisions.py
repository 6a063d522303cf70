"""A document under review read as it stands once the changes shown as made are applied.

Reports are shared while they are reviewed, and exported with their tracked changes
showing (issue #26, validation batch 74): Word's simple markup (``[deleted: moderate]
[inserted: mild]``), markdown ``~~struck~~ ++added++``, CriticMarkup (``{--old--}``,
``{++new++}``, ``{~~old~>new~~}``, ``{>>comment<<}``, ``{==highlight==}``), HTML ``<del>`` /
``<ins>`` and ``<!-- notes -->``, suggestions marked accepted or rejected, a compare
output's ``Original:`` / ``Revised:`` lines, a change list (``Deleted: "mixed"  Inserted:
"sensorineural"``) and margin comments (``Comment [SM1]: ...``, ``[IS1] ...``).

The document says what stands once its changes are applied: deleted text, a rejected or
pending suggestion and the original side of a comparison are not said; inserted text, the
new side of a substitution and the revised side are. A reviewer's comment is a remark about
the report, not the report, and a change list records edits already shown in the body.
``voice.RULES`` applies :data:`CHANGES` to write the text that stands; every step is one
bounded regular expression pass, and text with no sign of review is returned as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet

from clinbench.audiogram.alternation import led

_SPAN = r"{0,2000}?"
"""How far a marked change may run (it may cross lines): bounded, so each pass is linear."""

_INLINE: tuple[tuple[re.Pattern[str], str], ...] = (
    # Word simple markup: the deletion goes, the insertion stays
    (re.compile(r"\[deleted:[^\]\n]{0,400}\]", re.I), ""),
    (re.compile(r"\[inserted:[ \t]?([^\]\n]{0,400})\]", re.I), r"\1"),
    # CriticMarkup (criticmarkup.com): deletion, addition, substitution, comment, highlight
    (re.compile(r"\{--.{0,2000}?--\}", re.S), ""),
    (re.compile(r"\{\+\+(.{0,2000}?)\+\+\}", re.S), r"\1"),
    (re.compile(r"\{~~.{0,2000}?~>(.{0,2000}?)~~\}", re.S), r"\1"),
    (re.compile(r"\{>>.{0,2000}?<<\}", re.S), ""),
    (re.compile(r"\{==(.{0,2000}?)==\}", re.S), r"\1"),
    # HTML: <del>/<s>/<strike> content goes, <ins> tags go, comments are a reviewer's notes
    (re.compile(r"<(del|s|strike)\b[^<>]{0,200}>.{0,2000}?</\1\s*>", re.S | re.I), ""),
    (re.compile(r"</?ins\b[^<>]{0,200}>", re.I), ""),
    (re.compile(r"<!--.{0,2000}?-->", re.S), ""),
    # markdown: ~~struck~~ goes, ++added++ stays
    (re.compile(r"~~[^~\n]{1,400}~~"), ""),
    (re.compile(r"\+\+([^+\n]{1,400})\+\+"), r"\1"),
)

_SUGGESTION = re.compile(r"\[(?:suggest(?:ion|ed)[^\]\n:]{0,80}):[^\]\n]{0,400}\]", re.I)
"""An inline suggestion ("[suggestion by J. P: "severe" — rejected]"): said only as the
text it reads once accepted (after an arrow), never as the suggested words themselves."""
_ACCEPTED_AS = re.compile(
    r"\baccepted\b[^\]\n→]{0,40}(?:→|->)\s*[\"\u201c]?([^\"\u201d\]\n]{0,300})", re.I
)

_WORDS = r"[\"\u201c\u201d'][^\]\n\"\u201c\u201d]{0,200}[\"\u201c\u201d']"
"""Quoted words inside an edit mark (straight, curly or single quotes)."""
_EDIT_MARK = re.compile(
    r"\[[^\]\n\"\u201c]{0,40}?\b(?:edit(?:ed|s)?|amend(?:ed|ment)?|correct(?:ed|ion)"
    r"|change[sd]?|revised)\b[^\]\n\"\u201c]{0,20}?(?:"
    + _WORDS
    + r"\s*(?:→|->|=>|⇒|⟶)\s*(?P<new>"
    + _WORDS
    + r")|"
    + _WORDS
    + r"\s*(?:deleted|removed)\W{0,4}(?P<ins>"
    + _WORDS
    + r")\s*(?:inserted|added))[^\]\n]{0,40}\]",
    re.I,
)
"""A clinician's edit mark in a generated draft ('[edited: "mixed" -> "conductive"]',
'[nurse edit - "severe" deleted, "moderate" inserted]'): it says only the new words, and
where the note already goes on with them (the edit applied in the body) it says nothing
more; the old words are not said."""

_REMARK_LINE = re.compile(
    r"^[ \t>*\-—–•⤷]*(?:"
    r"comment\s*\[[^\]\n]{1,20}\]"  # a margin comment: Comment [SM1]: ...
    r"|\[[A-Z]{2,4}\d{1,3}\]"  # a comment by its initials and number: [IS1] ...
    r"|original\s*:"  # the original side of a comparison
    r"|(?:deleted|inserted|formatted|moved)\s*:"  # a change list's entry ...
    r"|[^\n]{0,80}?\b(?:deleted|inserted)\s*:\s*[\"\u201c]"  # ... after its place
    r"|\(?(?:suggest|rejected\b|accepted\b)[^\n]{0,40}suggest"
    r"|suggest(?:ed|ion)\b[^\n]{0,200}\b(?:rejected|accepted|pending)\b"
    r")[^\n]*(?:\n|$)",
    re.I | re.M,
)
"""A line that is not the report: a reviewer's margin comment, the original side of a
comparison, an entry of a change list (its edits are already shown in the body), or a
suggestion line (rejected ones are not said; accepted ones are in the text they changed)."""
_REVISED = re.compile(r"^([ \t]*)revised\s*:[ \t]*", re.I | re.M)
"""The revised side of a comparison: its label goes, its words are the report."""

REVIEW_SIGN = re.compile(
    r"\[(?:deleted|inserted|suggest)|\[[^\]\n]{0,40}?\b(?:edit|amend|correct|change|revised)|\{(?:--|\+\+|~~|>>|==)|<(?:del|ins|s|strike)\b|<!--|~~|\+\+"
    r"|comment\s*\[|^[ \t]*(?:original|revised|deleted|inserted|formatted)\s*:|suggest"
    r"|^[ \t>*\-—–•]*\[[A-Z]{2,4}\d{1,3}\]",
    re.I | re.M,
)
"""Any sign of a document under review (the passes run only where one is)."""

MAX_CHARS = 200_000

_LINE_LABELS = ("original", "revised", "deleted", "inserted", "formatted")


def may_be_reviewed(text: str, held: AbstractSet[str] | None = None) -> bool:
    """Return False where ``text`` surely holds no REVIEW_SIGN (a cheap test, for speed:
    every alternative needs a bracket, a brace, "<", "~~", "++", "suggest", or a line
    label before a colon, and in ASCII text case-ignoring words are the lower-cased ones;
    ``held``, where given: the set of :data:`GUARD_WORDS` that ``text`` lower-cased holds)."""
    if not text.isascii():
        return True
    if "[" in text or "{" in text or "<" in text or "~~" in text or "++" in text:
        return True
    low = text.lower() if held is None else held
    if "suggest" in low:
        return True
    if ":" not in text:
        return False
    for label in _LINE_LABELS:
        if label in low:
            return True
    return False


def _suggestion_applied(m: re.Match[str]) -> str:
    accepted = _ACCEPTED_AS.search(m.group(0))
    return accepted.group(1).strip() if accepted else ""


def _edit_applied(m: re.Match[str]) -> str:
    new = (m.group("new") if m.group("new") is not None else m.group("ins"))[1:-1].strip()
    after = m.string[m.end() : m.end() + len(new) + 8].lstrip(" \t:")
    return "" if after.lower().startswith(new.lower()) else new


CHANGES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    *_INLINE,
    (_SUGGESTION, _suggestion_applied),
    (_EDIT_MARK, _edit_applied),
    (_REMARK_LINE, ""),
    (_REVISED, r"\1"),
)
"""What applies a document's tracked changes and sets its reviewer's remarks aside: each
pattern with what stands where it matches, applied in turn (``voice.RULES``); a text with
no sign of review (:func:`may_be_reviewed`, :data:`REVIEW_SIGN`) is left as it is."""


_OLD_VALUE = (
    r"(?:[<>]=?\s?)?\d{1,3}(?:\.\d{1,2})?(?:\s?(?:dB(?:\s?HL)?|ml|%))?"
    r"|[\"\u201c'][^\"\u201c\u201d'\n]{1,60}[\"\u201d']"
    r"|\*{1,2}[^*\n]{1,40}\*{1,2}"
)
"""A recorded value written apart: a number (with its unit), or quoted or starred words."""
_VALUE = _OLD_VALUE + r"|[A-Za-z][A-Za-z-]{0,20}\b"
"""A recorded value, or one bare word where a label ("as", ":") says a value follows."""
_CHANGE_VERB = r"(?:chang|correct|updat|amend|revis|alter|edit|reset)(?:ed|e)?"
_CHANGED_FROM = re.compile(
    r"\b(" + _CHANGE_VERB + r"(?:\s+(?:it|this|the\s+value|the\s+entry))?)\s+"
    r"(?:from\s+(?:" + _VALUE + r")\s*(?:\bto\b|->|→|=>|⇒)"
    r"|(?:" + _OLD_VALUE + r")\s*(?:->|→|=>|⇒|\bto\b))(?=\s*\S)",
    re.I,
)
"""A correction that names its old value ("changed from 'mixed' to 'sensorineural'",
"corrected 90 -> 50", "updated 47.5 => 37.5", "corrected 56 to 65"): it says only the new
value, so the old one and its arrow go and "to" is left before the new one."""
_ENTERED_AS = re.compile(
    r"(?<!value )(?<!values )\b(entered|keyed)"
    r"(?:(\s*(?:\bas\b|:|=)\s*)(?:" + _VALUE + r")|(\s+)(?:" + _OLD_VALUE + r"))",
    re.I,
)
"""The value an entry was first keyed as, which a data query questions ("entered as 50",
"Entered: 'conductive'", "had been entered as 16"): the entry under query is not the
finding, its resolution is, so the entered value is not said ("Value entered: left",
the value a query's answer put in, is)."""
_OLD_FIELD = re.compile(
    r"([\"']?\b(?:(?:old|before|previous|prior|original)(?:[_ ]?value)?"
    r"|values?\s+(?:at|before)\s+(?:the\s+)?(?:query|review|correction|resolution))"
    r"[\"']?\s*[:=]\s*)"
    r"(?:" + _VALUE + r"|\[[^\]\n]{0,80}\])",
    re.I,
)
"""An old-value field of a change record ("old": 34 beside "new": 3.4, "Value at query:
mixed" above "Value after resolution: sensorineural"): not said."""
_CODED_CHANGE = re.compile(
    r"(\b[A-Za-z][A-Za-z0-9]{0,15}_[A-Za-z0-9_]{1,30}\s*[:=]?\s+)(?:" + _VALUE + r")"
    r"\s*(?:->|→|=>|⇒)\s*(?=\S)"
)
"""A coded field followed by two values and an arrow ("HL_TYPE_R mixed -> normal",
"AC_L_500 10 -> 50"), a change list's entry: the field now holds the new value only."""
SUPERSEDED_SIGN = re.compile(
    r"entered|keyed|chang|correct|updat|amend|revis|alter|edit|reset"
    r"|\bold|before|previous|prior|original|value|->|→|=>|⇒",
    re.I,
)
SUPERSEDED_SIGN = led(SUPERSEDED_SIGN)  # (its first characters looked for first, for speed)


_CHANGE_STEMS = ("chang", "correct", "updat", "amend", "revis", "alter", "edit", "reset")
"""The stems of _CHANGE_VERB, one of which a correction naming its old value needs."""
_OLD_WORDS = ("before", "previous", "prior", "original", "value")
"""Words one of which an old-value field's label needs (_OLD_FIELD), or "old" as a word's
start (:data:`_OLD`: not the end of "threshold")."""
_OLD = re.compile(r"\bold")
_ASCII_ARROWS = ("->", "=>")


def _holds(low: str | AbstractSet[str], words: tuple[str, ...]) -> bool:
    for word in words:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def may_be_superseded(text: str, held: AbstractSet[str] | None = None) -> bool:
    """Return False where no pattern of :data:`SUPERSEDED` can match (a cheap exact test, for
    speed): in ASCII text the case-ignoring patterns find only what the lower-cased text
    holds, and each needs its words: a change verb and "to" or an arrow (_CHANGED_FROM),
    "entered" or "keyed" (_ENTERED_AS), an underscore and an arrow (_CODED_CHANGE), a label
    of an old value and ":" or "=" (_OLD_FIELD). Where it answers True, _SUPERSEDED_SIGN
    holds too, so that pattern need not be searched; other text is searched for it (the
    arrows '→' and '⇒' are not ASCII). ``held``, where given: the set of :data:`GUARD_WORDS`
    that ``text`` lower-cased holds."""
    if not text.isascii():
        return SUPERSEDED_SIGN.search(text) is not None
    low = text.lower() if held is None else held
    if "entered" in low or "keyed" in low:
        return True
    arrow = _holds(low, _ASCII_ARROWS)
    if (arrow or "to" in low) and _holds(low, _CHANGE_STEMS):
        return True
    if arrow and "_" in low:
        return True
    return (":" in low or "=" in low) and (
        _holds(low, _OLD_WORDS) or ("old" in low and _OLD.search(text.lower()) is not None)
    )


GUARD_WORDS = (
    "suggest", *_LINE_LABELS, "entered", "keyed", *_ASCII_ARROWS, "to", *_CHANGE_STEMS, "_",
    ":", "=", *_OLD_WORDS, "old",
)  # fmt: skip
"""The words :func:`may_be_reviewed` and :func:`may_be_superseded` look for in the
lower-cased text (a found-set of them may stand for it)."""


SUPERSEDED: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (_CHANGED_FROM, r"\1 to"),
    (_ENTERED_AS, lambda m: m.group(1) + (m.group(2) or m.group(3))),
    (_CODED_CHANGE, r"\1"),
    (_OLD_FIELD, r"\1null"),
)
"""What drops the superseded values of a text's corrections and data queries: the old side
of a change ("changed from X to Y", "corrected X -> Y", an "old": field) and the value an
entry was first keyed as ("entered as X"); the new value stays. Each pattern with what
stands where it matches, applied in turn (``voice.RULES``), where the text may hold one
(:func:`may_be_superseded`, :data:`SUPERSEDED_SIGN`)."""
