"""The final word of a text written in stages: an agent's trace or a panel's deliberation.

A tool-using agent's trace (ReAct ``Thought / Action / Observation``, tool-call JSON, tool
results, scratch reasoning, retries) and a panel of agents deliberating (proposals,
objections, withdrawals, votes) end in a part headed as the text's last word: "Final
answer:", "FINAL", "Answer to the nurse:", "Consensus (3/3):", "JUDGE — RULING", "Joint
statement", ``<consensus>``, ``finish[...]`` (issue #26, validation batches 77 and 78, used as
tuning data). Only that part is the writer's statement to the reader: what the tools
returned (an earlier test, another patient's record, a value a fill tool made up), the
scratch reasoning and the positions the panel dropped are the way to it, and the final part
says what of them the writer adopts. The same holds of a reasoning model's visible thinking
before its answer and of an e-mail thread above its last message: what a text marks as its
final statement supersedes the stages before it.

The rule ``earlier_stages`` of :mod:`.voice` blanks (keeping the length) everything before
the opening of the last such part, when the text before it reads as stages: tool calls and
results, steps, rounds or the turns of agents (:data:`STAGE_CUE`). A text with no marked
final part, or whose earlier part shows no stages (a report with an "Answer" line), is
returned as it is.
"""

from __future__ import annotations

import re

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


def may_have_final_part(low: str) -> bool:
    """Whether the lowered text holds a word a final part's opening needs (a cheap test)."""
    for word in _FINAL_WORDS:  # a loop, not any(): no generator on the hot path
        if word in low:
            return True
    return False


def marks(text: str) -> list[tuple[int, int, None]]:
    """Return the span before the final part of ``text`` (to blank), when it has a final
    part after stages (see the module's docstring); otherwise nothing."""
    opening = _final_opening(text)
    if not opening:
        return []
    if len(STAGE_CUE.findall(text, 0, opening)) < _STAGES_NEEDED:
        return []
    return [(0, opening, None)]
