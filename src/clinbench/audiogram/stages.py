"""The final part after cues stands: the last word of a text written in stages, or of a
report that corrects a mistaken record.

Two kinds of text mark a part as their final statement and tell, before it, the way to it:

- A tool-using agent's trace (ReAct ``Thought / Action / Observation``, tool-call JSON, tool
  results, scratch reasoning, retries) and a panel of agents deliberating (proposals,
  objections, withdrawals, votes) end in a part headed as the text's last word: "Final
  answer:", "FINAL", "Answer to the nurse:", "Consensus (3/3):", "JUDGE — RULING", "Joint
  statement", ``<consensus>``, ``finish[...]`` (issue #26, validation batches 77 and 78, used
  as tuning data). What the tools returned (an earlier test, another patient's record, a
  value a fill tool made up), the scratch reasoning and the positions the panel dropped are
  the way to it. The same holds of a reasoning model's visible thinking before its answer
  and of an e-mail thread above its last message. The cues: at least three words of stages
  (tool calls and results, steps, rounds, the turns of agents: :data:`STAGE_CUE`) before
  the last such heading.
- An incident report, a learning review, a significant-event analysis or a data-quality
  note tells what was first recorded wrongly (a value keyed as "24.5" with "severe",
  another patient's speech scores, a "conductive dip" in a template, another pilot's file)
  and then gives the result as verified: "Correct result (checked by two staff):",
  "Verified results for this patient:" (validation batch 91, used as tuning data). The cue:
  words telling of a mistaken record (:data:`MISTAKE`) before the first such heading; words
  that judge a reading ("it would be wrong to call it conductive") or a measurement ("an
  error of 5 dB") are no such cue, so a reply's own statement before a "Confirmed:" line
  stands.

The rule ``final_part`` of :mod:`.voice` blanks (keeping the lines) everything before the
final part, when its cues come before it: what a text marks as its final statement
supersedes the account before it, as a correction's new value its old one
(:mod:`.revisions`). A text with no marked final part, or none after its cues (a report with
an "Answer" line and no stages, a result "checked" by a second audiologist with no mistake
told), is returned as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import NamedTuple

FINAL_HEAD = re.compile(
    r"^[^\w\n]{0,12}"  # markup, arrows, tree lines, brackets, emoji opening the line
    r"(?:[\w.\"'\u2019-]+(?:[ \t]+[\w.\"'\u2019-]+){0,3}[ \t]*"  # a speaker or step label ...
    r"(?:[^\w\s\n]{1,3}|\([^)\n]{0,40}\))[ \t]*)??"  # ... and its separator
    r"(?:(?:the|our)[ \t]+)?"
    r"(?:(?:panel|group|majority|unanimous|jointly|unanimously)[ \t]+)?"
    r"(?P<word>final(?:[ \t]+(?:answer|ruling|consensus(?:[ \t]+answer)?|decision|verdict|"
    r"summary|reply|response|output|statement|reading|report))?|"
    r"consensus(?:[ \t]+(?:statement|output|answer|reading))?|ruling|verdict|decision|answer|"
    r"(?:joint|agreed|merged)[ \t]+(?:statement|text|reading|answer|wording)|agreed|"
    r"(?:judge|moderator|chair|aggregator|adjudicator|arbiter)(?:'?s)?[ \t]+"
    r"(?:summary|ruling|decision|verdict|statement|answer)|"
    r"(?:reply|response)(?=[ \t]+to\b))"
    r"(?:[ \t]+(?:to|for|of|from)[ \t]+(?:the[ \t]+)?[\w. ]{1,30}?)?"  # "Answer to the nurse"
    r"(?=[ \t]*(?:[:\]>=(*\u2014\u2013\u2192\u2500\[-]|\*\*|$)|[ \t]+[\w-]+=)",
    re.I | re.M,
)
"""A line that opens a text's final part: "Final answer:", "**Final answer**", "FINAL",
"agent> FINAL:", "Answer to the nurse:", "[R3] JUDGE — RULING", "CONSENSUS (3/3):",
">> consensus:", "ROUND 3 — joint statement", "Closing — agreed text for the GP",
"<consensus votes=...>", "=== ANSWER ===", "step 5 ▸ answer:". At most a short label of a
speaker or a step (four words) and its mark come before the final word; a sentence does not
(its words run on past a label)."""

INLINE_FINAL = re.compile(
    r"\bfinish\[|\"(?:type|role)\"[ \t]*:[ \t]*\"(?:final|consensus|final_answer|answer)\""
    r"[^\n]{0,60}?\"(?:text|content|output)\"[ \t]*:[ \t]*\"",
    re.I,
)
"""A final part opened within a line of a trace's own format: a ReAct ``finish[`` action,
a JSON step of type "final" or role "consensus" (its text field is the final part)."""


FINAL_LABEL = re.compile(
    r"^[^\w\n]{0,12}[\w.\"'\u2019 -]{1,30}\([ \t]*(?:final|consensus|ruling|verdict|decision)\b"
    r"[^)\n]{0,40}\)[ \t]*(?:[:\u2014\u2013\u203a>-]|\*\*)",
    re.I | re.M,
)
"""A speaker's label that names their words the final ones: "JUDGE (final, binding):",
"AGGREGATOR (final answer, 4/4):", "Moderator (ruling):"."""

STAGE_CUE = re.compile(
    r"\b(?:tool(?:_call|_result|_use)?s?|observation|obs[ \t]*\d|action(?:[ \t]+input)?|"
    r"act[ \t]*\d|"
    r"thought|thinking|scratch(?:pad)?|function|invoking|calling|call|result|agent(?:_\w+)?|"
    r"round|r\d|turn|step|proposer|critic|judge|debater?|panel(?:ist)?|vote[sd]?|moderator|"
    r"aggregator|planner|solver|reviewer|sample|position|rebuttal|pro|con|concede[sd]?|"
    r"withdrawn?|abstain|objection|dissent(?:s|ing)?)\b|"
    r"\b[a-z]\w*[._]\w+\(|[\u2190\u2192\u27f5\u27f6\u25b7\u25c1]",
    re.I,
)
"""A word of a trace's or a deliberation's stages: a tool call and its result, a step or a
round, an agent's role, a vote; a function called by its dotted or snake-case name
("occ_health.audiogram(", "detect_notch("); an arrow that marks a call or its result
(counted in the text before the final part)."""

_FINAL_WORDS = (
    "final", "consensus", "answer", "ruling", "verdict", "decision", "statement", "agreed",
    "reply", "response", "finish", "summary",
)  # fmt: skip
"""Words one of which a final part's opening holds (a cheap test before the patterns)."""

_STAGES_NEEDED = 3
"""How many stage words the text before a final part must hold to read as stages."""


def _final_opening(text: str) -> int | None:
    """Return where the last final part of ``text`` opens (after its heading), or None."""
    opening = None
    for m in FINAL_HEAD.finditer(text):
        if text[m.start() : m.start() + 2] != "</":  # a closing tag ends, not opens
            opening = m.end()
    for m in FINAL_LABEL.finditer(text):
        if opening is None or m.end() > opening:
            opening = m.end()
    for m in INLINE_FINAL.finditer(text):
        if opening is None or m.end() > opening:
            opening = m.end()
    return opening


VERIFIED_HEAD = re.compile(
    r"^[^\w\n]{0,6}(?:the[ \t]+)?(?:(?:verified|correct(?:ed)?|confirmed|amended)\b|"
    r"(?:final|resolved|locked)[ \t]+(?:record|values?|entr(?:y|ies)|data)\b|"
    r"record[ \t]+(?:after|following)[ \t]+(?:the[ \t]+)?(?:change|correction|resolution|"
    r"quer(?:y|ies))\b)"
    r"[^\n:.]{0,60}:",
    re.I | re.M,
)
"""A line opening the result as verified or corrected: "Verified audiogram:", "Correct
result (checked by two staff):", "• Corrected reading for her:", "Confirmed findings, lead
audiologist:", "– Verified:"; a database's record as resolved after its queries: "Record
after change:", "Resolved record (locked):", "Final values (post-DCF):"."""

_RECORD = (
    r"(?:patient|person|applicant|pilot|client|resident|child|ear|side|site|record|file|"
    r"chart|notes?|letter|result|entry|figure|value|interpretation|listing|coding|"
    r"audiogram|template|form|report|label)s?"
)
_RECORDED = (
    r"(?:keyed|typed|entered|recorded|filed|coded|labell?ed|transcribed|attached|uploaded|"
    r"scanned|listed|reported|printed|issued|sent|gave|given)"
)

MISTAKE = re.compile(
    r"\b(?:(?:wrong(?:ly)?|incorrect(?:ly)?|erroneous(?:ly)?|mistaken(?:ly)?)[ \t-]+"
    r"(?:(?:[\w'\u2019]+[ \t]+)?" + _RECORD + r"|" + _RECORDED + r")|"
    r"(?:transcription|coding|keying|key|data[ \t-]entry|entry|filing|clerical|typing|"
    r"typographical|recording|labell?ing|documentation|administrative|booking|reporting|"
    r"scanning|upload|input)[ \t]+errors?|"
    r"in[ \t]+error|misread|mis-?(?:keyed|typed|recorded|entered|filed|labell?ed|coded)|"
    r"transposed|(?:ears|sides)[ \t]+(?:were[ \t]+|had[ \t]+been[ \t]+)?(?:swapped|reversed)|"
    r"mix-?up|(?:another|other|previous|different)[ \t]+"
    r"(?:patient|applicant|person|pilot|client|resident|child))\b",
    re.I,
)
"""Words telling of a mistaken record: "entered in error", "wrongly keyed", "a
transcription error", "the wrong patient's audiogram", "a wrong-site near miss", "another
patient's results", "mis-filed"; not words judging a reading or a measurement ("it would
be wrong to call", "an error of 5 dB")."""

_VERIFIED_WORDS = (
    "verified", "correct", "confirmed", "amended", "final", "resolved", "locked", "record",
)  # fmt: skip
_MISTAKE_WORDS = (
    "wrong", "error", "erroneous", "incorrect", "mistak", "misread", "mis", "mix", "another",
    "other", "previous", "different", "transposed", "swapped", "reversed",
)  # fmt: skip


def _verified_opening(text: str) -> int | None:
    """Return where the first verified result of ``text`` opens (before its heading)."""
    m = VERIFIED_HEAD.search(text)
    return None if m is None else m.start()


class FinalPart(NamedTuple):
    """One kind of final part: where it opens, and the cues the text before it must hold."""

    may: Callable[[str], bool]
    """Whether the lowered text may hold this kind (a cheap test: False only where not)."""
    opening: Callable[[str], int | None]
    """Where the final part opens (the end of the span to blank), or None."""
    cue: re.Pattern[str]
    needed: int
    """How many cues the text before the opening must hold."""


def _holds_any(low: str | AbstractSet[str], words: tuple[str, ...]) -> bool:
    for word in words:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def _may_be_staged(low: str | AbstractSet[str]) -> bool:
    return _holds_any(low, _FINAL_WORDS)


def _may_be_verified(low: str | AbstractSet[str]) -> bool:
    return _holds_any(low, _VERIFIED_WORDS) and _holds_any(low, _MISTAKE_WORDS)


KINDS = (
    FinalPart(_may_be_staged, _final_opening, STAGE_CUE, _STAGES_NEEDED),
    FinalPart(_may_be_verified, _verified_opening, MISTAKE, 1),
)
"""A marked final part after stages; a verified result after a mistaken record."""


GUARD_WORDS = (*_FINAL_WORDS, *_VERIFIED_WORDS, *_MISTAKE_WORDS)
"""The words :func:`may_have_final_part` looks for (a found-set of them may stand for ``low``)."""


def may_have_final_part(low: str | AbstractSet[str]) -> bool:
    """Whether the lowered text holds a word a final part's opening needs (a cheap test;
    ``low`` may be the set of :data:`GUARD_WORDS` it holds)."""
    return _may_be_staged(low) or _may_be_verified(low)


def _cued(kind: FinalPart, text: str, opening: int) -> bool:
    count = 0
    for _ in kind.cue.finditer(text, 0, opening):
        count += 1
        if count >= kind.needed:
            return True
    return False


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the span before the final part of ``text`` (to blank), when it has a final
    part after its cues (see the module's docstring); otherwise nothing."""
    low = text.lower()
    end = 0
    for kind in KINDS:
        if not kind.may(low):
            continue
        opening = kind.opening(text)
        if opening and opening > end and _cued(kind, text, opening):
            end = opening
    return [(0, end, None)] if end else []
