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
_FLAG_WORDS = ("out of", "outside", "plausible", "invalid", "impossible")
"""Words one of which a value flagged by a query needs (_FLAGGED_VALUE)."""
_TABLE_ENTERED_WORDS = ("entered", "value found", "old value", "original value")
_TABLE_FINAL_WORDS = ("final", "new value", "resolved", "corrected", "locked")
"""Words of a query table's heads: one of each it needs (:func:`may_have_query_table`)."""


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
    if ("=" in low and (_holds(low, _CHANGE_STEMS) or "transpos" in low)) or _holds(
        low, _FLAG_WORDS
    ):
        return True  # (queried_value_marks)
    return (":" in low or "=" in low) and (
        _holds(low, _OLD_WORDS) or ("old" in low and _OLD.search(text.lower()) is not None)
    )


GUARD_WORDS = (
    "suggest", *_LINE_LABELS, "entered", "keyed", *_ASCII_ARROWS, "to", *_CHANGE_STEMS, "_",
    ":", "=", *_OLD_WORDS, "old", "transpos", *_FLAG_WORDS, *_TABLE_ENTERED_WORDS,
    *_TABLE_FINAL_WORDS,
)  # fmt: skip
"""The words :func:`may_be_reviewed` and :func:`may_be_superseded` look for in the
lower-cased text (a found-set of them may stand for it)."""


_QUERIED_FIELD = re.compile(
    r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+[ \t]*=[ \t]*"
    r"([\"\u201c][^\"\u201c\u201d\n]{1,40}[\"\u201d])"
)
"""A coded field given its value in quotation marks ('WHO_GRADE_R = "severe"', 'HL_TYPE =
"conductive"'): the value of a record's field as a query quotes it; its quoted value is the
first group."""
_FIELD_VALUE = re.compile(
    r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+[ \t]*=[ \t]*(-?\d{1,3}(?:\.\d{1,2})?(?![\d.])|"
    r"[\"\u201c][^\"\u201c\u201d\n]{1,40}[\"\u201d])"
)
"""A coded field with its value, quoted or a number ('AC_R_3000 = 30'); the value is the first
group."""
_ENTERED_IN_ITS_SENTENCE = re.compile(
    r"[^.;\n]{0,160}?\b(?:was|were|had[ \t]+been|have[ \t]+been)[ \t]+entered\b"
    r"(?![ \t]+(?:correctly|and[ \t]+(?:confirmed|verified)))",
    re.I,
)
"""After a field's value, in its sentence: the values named are the ones entered, which the
query questions ("AC_R_3000 = 30 and AC_L_3000 = 55 were entered, but the source has no
3 kHz"), as "entered as 30" is (_ENTERED_AS); not "entered correctly"."""
_FLAGGED_VALUE = re.compile(
    r"(?<![\w.])(\d{1,3}(?:\.\d{1,2})?(?:[ \t]*(?:ml|db(?:[ \t]*hl)?|%))?)[ \t]+"
    r"(?:is|was|looks|seems)[ \t]+(?:out[ \t]+of[ \t]+(?:the[ \t]+)?(?:expected[ \t]+)?range|"
    r"outside[ \t]+(?:the[ \t]+)?(?:expected[ \t]+|plausible[ \t]+)?(?:range|limits)|"
    r"implausible|invalid|impossible|not[ \t]+plausible)\b",
    re.I,
)
_FLAGGED_VALUE = led(_FLAGGED_VALUE)  # (its first characters looked for first, for speed)
"""A value a query flags as out of range or implausible ("ECV 34 ml is out of range
(0.2-5.0)"): the entry under query, its value the first group."""
_CORRECTED_AFTER = re.compile(
    r"\b(?:corrected|changed|amended|updated|transposed)\b(?![ \t]+from\b)|"
    r"(?<!confirmed )(?<!retained )(?<!kept )(?<!correct )\bas[ \t]+entered\b",
    re.I,
)
"""After a quoted field value, in its query's paragraph: the query was answered by a
correction ("Site: moderately severe. Corrected.", "Changed to sensorineural.", "Types look
transposed"), or the value is named as the entry ('"sensorineural" as entered'); not
"corrected from", which names the old value after it, nor "confirmed as entered"."""
_QUERY_REACH = 250
"""How far after a quoted field value its query's answer is looked for (its paragraph)."""


def queried_value_marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans (to blank) of the values a data query raised and its answer
    replaced: a coded field's quoted value ('WHO_GRADE_R = "severe"') with a correction
    after it in the same paragraph (:data:`_CORRECTED_AFTER`, within :data:`_QUERY_REACH`
    characters), a field's value said in its sentence to have been entered
    (:data:`_ENTERED_IN_ITS_SENTENCE`), and a value the query flags as out of range
    (:data:`_FLAGGED_VALUE`).

    A query quotes the entry it questions; once the site answers with a correction, the
    record holds the answer, not the entry (the data-clarification cycle of ICH E6(R3)
    good clinical practice: the audit trail keeps the original entry beside the correction,
    the record is the corrected value). A value confirmed or retained, or a field the
    answer does not correct, is said. Issue #26, validation batch 82 (registry data-quality
    queries) as tuning data."""
    marks: list[tuple[int, int, None]] = []
    if "=" in text:
        for m in _QUERIED_FIELD.finditer(text):
            end = min(len(text), m.end() + _QUERY_REACH)
            blank = text.find("\n\n", m.end(), end)
            if _CORRECTED_AFTER.search(text, m.end(), blank if blank >= 0 else end):
                marks.append((m.start(1), m.end(1), None))
        if "entered" in text.lower():
            marks += [
                (m.start(1), m.end(1), None)
                for m in _FIELD_VALUE.finditer(text)
                if _ENTERED_IN_ITS_SENTENCE.match(text, m.end())
            ]
    for m in _FLAGGED_VALUE.finditer(text):
        if not _BESIDE_ANOTHER.search(text, max(0, m.start() - 24), m.start()):
            marks.append((m.start(1), m.end(1), None))
    return sorted(marks)


_BESIDE_ANOTHER = re.compile(r"\b(?:with|and|against|vs\.?|versus|given)\s+[^\d\n]{0,16}$", re.I)
"""Before a flagged value: another measure it is set beside ("WRS 8% with SRT 40 dB HL is
implausible"): the combination is flagged, the entry under query is the first measure."""


_ENTERED_HEAD = re.compile(
    r"(?i)(?:entered(?:[ \t]+value)?|value[ \t]+(?:found|entered)|old[ \t]+value|"
    r"original[ \t]+value|as[ \t]+entered)"
)
"""The head of a query table's column of the values as entered ("ENTERED", "Value found",
"Old value")."""
_FINAL_HEAD = re.compile(r"(?i)(?:final|resolved|corrected|locked)(?:[ \t]+value)?|new[ \t]+value")
"""The head of its column of the values the queries left ("FINAL", "Final value", "New
value")."""
_TABLE_ROWS = 40
"""How many rows under its head a query table is read for (bounded: linear)."""
_PIPE_CELL = re.compile(r"[^|\n]+")
_SPACED_CELL = re.compile(r"\S+(?:[ ]\S+)*")


def may_have_query_table(held: AbstractSet[str] | str) -> bool:
    """Return False where no query table can be (a cheap exact test): its heads need a word
    of an entered value's column and one of a final value's."""
    return _holds(held, _TABLE_ENTERED_WORDS) and _holds(held, _TABLE_FINAL_WORDS)


def _heads(line: str) -> list[tuple[int, int]]:
    """Return the spans of a table line's cells: between pipes, else runs of words set apart
    by two spaces or more (a fixed-width listing)."""
    if line.count("|") >= 2:
        return [(m.start(), m.end()) for m in _PIPE_CELL.finditer(line) if m.group().strip()]
    return [(m.start(), m.end()) for m in _SPACED_CELL.finditer(line.expandtabs(1))]


def _entered_column(line: str) -> int | None:
    """Return the index of a head line's entered-value column where it also heads a
    final-value column (a query table), else None."""
    cells = [line[a:b].strip() for a, b in _heads(line)]
    if len(cells) < 3:
        return None
    entered = [i for i, c in enumerate(cells) if _ENTERED_HEAD.fullmatch(c)]
    final = [i for i, c in enumerate(cells) if _FINAL_HEAD.fullmatch(c)]
    return entered[0] if len(entered) == 1 and len(final) == 1 else None


def query_table_marks(text: str) -> list[tuple[int, int, None]]:
    """Return the spans (to blank) of the cells of a query table's entered-value column.

    A data-query log set out as a table ("QID  FIELD  ENTERED  QUERY  RESPONSE  FINAL",
    "| Field | Value found | Action | Final value |") keeps each queried value beside the
    value the query left: the final column is the record (ICH E6(R3): the audit trail keeps
    the original entry beside the correction), the entered column is not said. Pipe tables
    are cut at their pipes, fixed-width listings at the head's column starts (a row's cell
    must line up with its head). Issue #26, validation batch 82 as tuning data."""
    marks: list[tuple[int, int, None]] = []
    lines = text.split("\n")
    offsets, at = [], 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    index = 0
    while index < len(lines):
        column = (
            _entered_column(lines[index]) if "  " in lines[index] or "|" in lines[index] else None
        )
        if column is None:
            index += 1
            continue
        head = lines[index]
        spans = _heads(head)
        pipe = head.count("|") >= 2
        start, end = spans[column][0], spans[column + 1][0] if column + 1 < len(spans) else None
        row = index + 1
        while row < len(lines) and row - index <= _TABLE_ROWS and lines[row].strip():
            line = lines[row]
            if pipe:
                cells = _heads(line)
                if len(cells) == len(spans) and not set(
                    line[cells[column][0] : cells[column][1]]
                ) <= set(" :-"):
                    a, b = cells[column]
                    marks.append((offsets[row] + a, offsets[row] + b, None))
            elif (
                len(line) > start
                and (start == 0 or line[start - 1] == " ")
                and (end is None or len(line) < end or line[end - 1] == " ")
            ):
                marks.append(
                    (offsets[row] + start, offsets[row] + min(len(line), end or len(line)), None)
                )
            row += 1
        index = row
    return marks


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
