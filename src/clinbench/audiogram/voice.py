"""Whose word is this, and is it the writer's last word about this audiogram?

One reading step, :func:`present_word_only`, answers that question for the shapes of text
in which the reply's words are not all the writer's present statement about this patient:

============================  ==============================================================
rule (:data:`RULES`, in order) what is not the present word (module of its patterns)
============================  ==============================================================
``tracked_changes``           deleted text, rejected suggestions, a comparison's original
                              side, reviewers' comments (:mod:`.revisions`)
``superseded_values``         the old side of a correction or data query, a value a query
                              raised that its answer corrected (:mod:`.revisions`)
``query_tables``              a query table's column of the values as entered, beside its
                              final values (:mod:`.revisions`)
``final_part``                what comes before a text's marked final part after its cues:
                              an agent's trace, a panel's deliberation, a report's account
                              of a mistaken record before the verified result
                              (:mod:`.stages`)
``other_entries``             the other patients' entries of a list naming one
                              (:mod:`.entries`)
``remembered_cases``          other patients the writer remembers from another time
                              (:mod:`.remembered`)
``withdrawn_readings``        a reading the writer says they made and then withdrew, or only
                              would have made (:mod:`.withdrawn`)
``asker_turns``               the asker's turns of a dialogue (a chat's user, counsel's
                              questions) that the answerer does not adopt (:mod:`.dialogue`)
``cited_sources``             the entries of the sources an answer quotes and cites, other
                              than this audiogram's (:mod:`.sources`)
============================  ==============================================================

Each rule is a cheap test (:class:`View`: the text, lowered once and shared by every rule's
test) and its markers: functions that return the :data:`Mark` s of the spans that are not
the writer's present word (blanked, keeping the length and the lines) or that stand as other
words once a change is applied (a correction's new value). The runner applies a marker's
marks in one linear pass; a rule whose test fails costs that test only, and the text is
lowered again only after a rule changed it (rarely). Each marker is linear.

Older shapes of the same question (quoted and reported words, second thoughts, examiners'
lines, other people's results) are :func:`.discourse.without_unclaimed`, which runs later,
on the text with its markup read as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from clinbench.audiogram import (
    dialogue,
    entries,
    remembered,
    revisions,
    sources,
    stages,
    withdrawn,
)
from clinbench.audiogram.guard_words import REPLY_WORDS

Mark = tuple[int, int, "str | None"]
"""(start, end, the words that stand there instead, or None: blanked keeping the lines)."""

Marker = Callable[[str], Sequence[Mark]]


_GUARD_WORDS = REPLY_WORDS.extend(
    (
        *revisions.GUARD_WORDS,
        *stages.GUARD_WORDS,
        *remembered.GUARD_WORDS,
        *withdrawn.GUARD_WORDS,
        *sources.GUARD_WORDS,
    )
)
"""The words the rules' cheap tests look for, found in a text in one pass (:attr:`View.found`;
in the list without_unclaimed's guard words are in too: guard_words.REPLY_WORDS)."""


class View:
    """A text as every rule's cheap test sees it: the text, and (computed once, when first
    asked for) its lower-cased form and the words of :data:`_GUARD_WORDS` that form holds."""

    __slots__ = ("_found", "_low", "text")

    def __init__(self, text: str):
        self.text = text
        self._low: str | None = None
        self._found: set[str] | None = None

    @property
    def low(self) -> str:
        if self._low is None:
            self._low = self.text.lower()
        return self._low

    @property
    def found(self) -> set[str]:
        """The words of :data:`_GUARD_WORDS` that :attr:`low` holds (``word in found`` is
        ``word in low`` for each of them)."""
        if self._found is None:
            self._found = _GUARD_WORDS.found(self.low)
        return self._found


class Rule(NamedTuple):
    """One shape of words that are not the writer's present word."""

    name: str
    may: Callable[[View], bool]
    """Whether the text may hold the shape (False only where it surely does not)."""
    markers: tuple[Marker, ...]
    """Applied in turn, each to the text the one before left."""


def _blank(span: str) -> str:
    return re.sub(r"[^\n]", " ", span)


def applied(text: str, marks: Sequence[Mark]) -> str:
    """Return ``text`` with ``marks`` (in text order, not overlapping) applied."""
    out: list[str] = []
    last = 0
    for start, end, words in marks:
        out += [text[last:start], _blank(text[start:end]) if words is None else words]
        last = end
    out.append(text[last:])
    return "".join(out)


def substitution(pattern: re.Pattern[str], repl: str | Callable[[re.Match[str]], str]) -> Marker:
    """Return the marker that marks what ``pattern.sub(repl, text)`` would replace."""
    if callable(repl):
        return lambda text: [(m.start(), m.end(), repl(m)) for m in pattern.finditer(text)]
    return lambda text: [(m.start(), m.end(), m.expand(repl)) for m in pattern.finditer(text)]


def _may_be_reviewed(view: View) -> bool:
    text = view.text
    return (
        len(text) <= revisions.MAX_CHARS
        and revisions.may_be_reviewed(text, view.found)
        and revisions.REVIEW_SIGN.search(text) is not None
    )


def _may_be_superseded(view: View) -> bool:
    text = view.text
    return len(text) <= revisions.MAX_CHARS and revisions.may_be_superseded(text, view.found)


RULES: tuple[Rule, ...] = (
    Rule(
        "tracked_changes",
        _may_be_reviewed,
        tuple(substitution(pattern, repl) for pattern, repl in revisions.CHANGES),
    ),
    Rule(
        "superseded_values",
        _may_be_superseded,
        (
            revisions.queried_value_marks,
            *(substitution(pattern, repl) for pattern, repl in revisions.SUPERSEDED),
        ),
    ),
    Rule(
        "query_tables",
        lambda view: "\n" in view.text and revisions.may_have_query_table(view.found),
        (revisions.query_table_marks,),
    ),
    Rule("final_part", lambda view: stages.may_have_final_part(view.found), (stages.marks,)),
    Rule("other_entries", lambda view: entries.may_name_an_entry(view.text), (entries.marks,)),
    Rule(
        "remembered_cases",
        lambda view: remembered.may_remember(view.text, view.found),
        (remembered.marks,),
    ),
    Rule(
        "withdrawn_readings",
        lambda view: withdrawn.may_withdraw(view.text, view.found),
        (withdrawn.marks, withdrawn.slip_marks),
    ),
    Rule("asker_turns", lambda view: dialogue.may_be_dialogue(view.text), (dialogue.marks,)),
    Rule("cited_sources", lambda view: sources.may_cite(view.low, view.found), (sources.marks,)),
)
"""The shapes, in the order their rules run."""


def _run(text: str, rules: Sequence[Rule]) -> str:
    view = View(text)
    for rule in rules:
        if not rule.may(view):
            continue
        for marker in rule.markers:
            marks = marker(view.text)
            if marks:
                view = View(applied(view.text, marks))
    return view.text


def present_word_only(text: str) -> str:
    """Return ``text`` with what is not the writer's present word about this audiogram
    blanked (or, for a change, standing as its new words): see the module's docstring."""
    return _run(text, RULES)


def only(name: str) -> Callable[[str], str]:
    """Return the step that applies the one rule called ``name`` (for its tests)."""
    rules = [rule for rule in RULES if rule.name == name]
    assert rules, name
    return lambda text: _run(text, rules)


changes_applied = only("tracked_changes")
superseded_values_dropped = only("superseded_values")
query_tables_read_as_final = only("query_tables")
final_part_only = only("final_part")
named_entry_only = only("other_entries")
remembered_cases_blanked = only("remembered_cases")
withdrawn_readings_blanked = only("withdrawn_readings")
asker_turns_blanked = only("asker_turns")
cited_sources_blanked = only("cited_sources")
