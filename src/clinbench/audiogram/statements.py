"""The pattern reader: a reply's statements, sentence by sentence and clause by clause, read
into claims.

:func:`read_statements` splits a section of a reply into sentences and clauses, carries the
ear a clause names to the clauses after it (through list items, headings and paragraphs),
and hands each clause to :func:`read_clause`, which runs every clause reader whose trigger
is in it (thresholds, averages, degree, type, configuration, gaps, laterality, and the
other tests). Reading never sees the case: it returns
claims (:class:`~clinbench.audiogram.claims.Claim`), one list per clause, which
:func:`~clinbench.audiogram.judge.judge_clauses` judges.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from clinbench.audiogram import lexicon as lx
from clinbench.audiogram import result_claims as rc
from clinbench.audiogram.affected_ears import affected_ear_claims
from clinbench.audiogram.alternation import led
from clinbench.audiogram.claims import (
    EAR_BY_ITS_HEARING,
    Claim,
    air_bone_gap_claims,
    average_claims,
    configuration_claims,
    laterality_claims,
)
from clinbench.audiogram.degree_claims import degree_claims
from clinbench.audiogram.guard_words import WordList
from clinbench.audiogram.interaural import difference_claims, size_of_a_comparison
from clinbench.audiogram.lexicon import (
    DESCRIPTOR,
    HEADING,
    LOSS_CONTEXT,
    SEGMENT_SPLIT,
    ears_in,
)
from clinbench.audiogram.notation import normalise
from clinbench.audiogram.result_claims import Topics
from clinbench.audiogram.threshold_claims import frequency_listed_claims, threshold_claims
from clinbench.audiogram.value_items import opens_with_a_value, words_of_a_value_item


def read_statements(part: str) -> Iterator[list[Claim]]:
    """Yield the claims of each clause of one section of a reply, clause by clause (a clause
    with no claim yields an empty list, so each clause keeps its number)."""
    carried = _Carried()
    previous = ""
    text = normalise(part)
    carried.table_rows = _table_rows(text) if "|" in text else frozenset()
    for sentence, line_start, joined in _sentences(text):
        before, previous = previous, sentence
        stripped = sentence.strip()
        if not stripped:
            carried.blank(line_start)
            continue
        if line_start is not None:
            carried.new_line(line_start)
        carried.opens(sentence)
        if len(stripped) < 40 and lx.HEADING.match(stripped):
            carried.context = None
            sentence = _finding_after_label(stripped)
            if not sentence:
                continue
        if lx.REPORT_PART.match(stripped) and not lx.ears_in(stripped[:40]):
            carried.context = None  # "### Action", "**Comment:** ...": no ear carried into it
        if line_start is not None and _opens_the_hearing_part(carried, stripped):
            carried.context = None
        if not joined or _conduction_said_of_its_ear(before, sentence):
            # A conduction named before a semicolon carries over it ("Bone normal in both
            # ears; the dip to 20 dB HL at 2 kHz ..."), as within a sentence.
            carried.sentence_conduction, carried.bone_aside = "air", False
        yield from _read_sentence(carried, sentence, line_start)


def _opens_the_hearing_part(carried: _Carried, line: str) -> bool:
    """Return whether a line opens the hearing part of a note with its label ("Hearing: left
    ear worse, noise notch, 65 dB at 4 kHz" after "Grip left 40 kg, right not tested."):
    a side named on a line before it, outside an ear heading, was another field's (the
    SOAP note's parts, Weed 1968; lexicon.HEARING_PART), and its own ears are the ones it
    names. (A word test first, for speed.)"""
    return (
        carried.context is not None
        and not carried.heading_context
        and lx.may_hold(line[:60], "hearing", "audio")
        and lx.HEARING_PART.match(line) is not None
    )


_OPENS_WITH_EAR = re.compile(r"[\s(*-]*(?:the\s+)?(?:right|left|rt|lt|r|l)\b", re.I)
_FIRST_EAR = re.compile(r"\b(?:right|left|rt|lt|r|l)\b")


def _conduction_said_of_its_ear(before: str, sentence: str) -> bool:
    """Return whether a part after a semicolon opens with an ear, where the part before gave
    an ear's levels and then named a conduction ("right 30/40/50 dB HL with masked bone
    25-55; left 15/20/25/40 (30 at 3 kHz)"): that conduction was said of the ear before, as
    an addition to its levels; the next ear's statement is read afresh, as air. A conduction
    named before the levels ("Bone: right 20 at 1 kHz; left 30 at 1 kHz", "right ear bone
    20; left 30") goes on over the semicolon."""
    if not _OPENS_WITH_EAR.match(sentence):
        return False
    low = before.lower()
    marks = lx.conduction_marks(low) if lx.last_conduction(low) else []
    ear = _FIRST_EAR.search(low)
    return (
        bool(marks)
        and ear is not None
        and lx.DIGIT.search(low, ear.end(), marks[-1][0]) is not None
    )


_FINDING_LABEL = re.compile(r"\W*(?:results?|diagnos\w*|impression)\s*:\s*(?=\S)", re.I)


def _finding_after_label(line: str) -> str:
    """Return what a short line says after its findings label ("Impression: Lt mild CHL" ->
    "Lt mild CHL"): a result or diagnosis written on its heading's line is read; "" for a
    heading alone or one of another part (a plan, a question number)."""
    m = _FINDING_LABEL.match(line)
    if m:
        return line[m.end() :]
    return words_of_a_value_item(line) or ""  # "1. 300 Hz (45 dB HL)": a list's entry


_GATE_WORDS = {
    # each gate's pattern (matched in the lower-cased clause, case kept) holds one of its
    # words in every match: a clause holding none skips the pattern (test_cheap_guards)
    "hedge": lx.HEDGE_WORDS,
    "degree": ("normal", "wnl", "loss", "slight", "mild", "mod", "sev", "prof", "complete",
               "total", "impair"),  # degree_claims._TRIGGER
    "type": rc.TYPE_TRIGGER_WORDS,
    "configuration": ("cookie", "trough", "shaped", "frequency", "notch", "precipit", "ski",
                      "rising", "reverse", "slop", "falling", "flat"),  # lexicon.CONFIG_TRIGGER
    "laterality": ("lateral", "unilat", "sided", "symmetr", "worse", "worst", "poorer", "weaker",
                   "greater", "better", "stronger", "superior", "deeper", "schwannoma", "sensitive",
                   "neuroma", "good ear", "good side", "bad ear", "bad side",
                   "more", "less", "higher", "lower", "larger", "smaller", "bigger"),
}  # fmt: skip
"""The words each clause reader's trigger needs: lexicon.HEDGE_WORD and rc.TYPE_TRIGGER are
exactly their words (no pattern is searched after them); the others' patterns are searched
where one of their words is found."""
_CLAUSE_WORDS = WordList(word for words in _GATE_WORDS.values() for word in words)
"""All the gates' words, found in a clause in one pass over its words (:func:`read_clause`
looks each gate up in that set, not each pattern in the clause)."""
_HEDGE, _DEGREE, _TYPE, _CONFIGURATION, _LATERALITY = (
    frozenset(_GATE_WORDS[gate])
    for gate in ("hedge", "degree", "type", "configuration", "laterality")
)


def read_clause(
    seg: str,
    ear: str | None,
    sent_low: str,
    topics: Topics,
    hedged_sentence: bool,
    explicit: bool = True,
    default_conduction: str = "air",
    low: str | None = None,
    frequency: int | None = None,
    from_an_earlier_line: bool = False,
    span: tuple[int, int] | None = None,
    bone_aside: bool = False,
) -> list[Claim]:
    """Return the claims of one clause (a segment of a sentence) tied to ``ear``, in the
    order the judges take them.

    Each clause reader runs only when its trigger (a superset of its patterns) is in the
    clause. ``sent_low`` is the clause's sentence (lower-cased; its context), ``topics`` the
    tests that sentence is about; ``explicit`` whether the clause names its ear itself (not
    carried over); ``default_conduction`` the conduction the sentence named last before
    this clause; ``low`` the clause lower-cased, when the caller has it; ``frequency`` the
    one the sentence opens with ("At 1 kHz the left ear ..."), for values that name none;
    ``from_an_earlier_line`` whether the ear was carried from a line before this clause's;
    ``bone_aside`` whether a bone ``default_conduction`` was named by an aside that gives
    no bone level above 4 kHz (:func:`_bone_aside`: "bone normal", "... with bone 20/25").
    """
    low = seg.lower() if low is None else low
    found = _CLAUSE_WORDS.found(low)
    hedged = hedged_sentence or bool(not found.isdisjoint(_HEDGE) and lx.HEDGES.search(low))
    if lx.may_hold(low, "no", "unavailable", "n't", "n\u2019t"):
        whole = low
        seg, low = _before_what_was_not_done(seg, low)
        if not low:
            return []
        if low is not whole:  # (words were cut or blanked: the gates see what is left)
            found = _CLAUSE_WORDS.found(low)
    claims: list[Claim] = []
    # "Acoustic reflexes, if not already done, would be expected to be absent": a
    # prediction names no result of the test (its audiogram claims are still read).
    tests = topics if not (topics.any() and _no_result_given(topics, sent_low)) else rc.NO_TOPICS
    if tests.tymp:
        claims += rc.tympanometry_claims(seg, low, ear, hedged)
    if tests is topics and rc.may_give_a_volume(low):
        claims += rc.canal_volume_claims(low, ear, hedged, sent_low)
    if tests.reflex and (not tests.tymp or rc.REFLEX_TOPIC.search(low)):
        claims += rc.outcome_claims("reflexes", low, ear, hedged, sent_low)
    if tests.oae:
        claims += rc.outcome_claims("oae", low, ear, hedged, sent_low)
    if tests.abr:
        claims += rc.outcome_claims("abr", low, ear, hedged, sent_low)
    claims += rc.untested_or_lay_results(low, ear, hedged, sent_low)
    if lx.DIGIT.search(low):
        claims += rc.speech_claims(low, ear, hedged, sent_low)
        averages, starts = average_claims(low, ear, hedged, sent_low)
        claims += averages
        claims += threshold_claims(
            low, ear, hedged, default_conduction, starts, frequency, span, bone_aside
        )
    if lx.may_name_a_gap(low):
        claims += air_bone_gap_claims(low, ear, hedged)
    if not topics.any() or lx.LOSS_CONTEXT.search(low):
        claims += _loss_claims(low, found, ear, hedged, sent_low, default_conduction,
                               from_an_earlier_line, not topics.tymp)  # fmt: skip
    claims += rc.praised_ear_claims(low, hedged)
    claims += affected_ear_claims(low, sent_low, hedged)
    claims += _claims_of_a_bare_clause(claims, low, ear, hedged, default_conduction)
    # 'Unilateral' is tied only to an ear named in the same clause, never a carried-over one.
    return claims + _ears_compared(low, found, ear if explicit else None, hedged, sent_low)


def _ears_compared(
    low: str, found: set[str], ear: str | None, hedged: bool, sent_low: str
) -> list[Claim]:
    """Return what a clause claims of the ears side by side: laterality, symmetry and the
    worse ear (``claims.laterality_claims``, where the clause holds its gate's words:
    ``found``), and the interaural differences (the size of a comparison, a difference
    between the ears: :mod:`~clinbench.audiogram.interaural`)."""
    claims: list[Claim] = []
    if not found.isdisjoint(_LATERALITY) and lx.LATERALITY_TRIGGER.search(low):
        claims += laterality_claims(low, ear, hedged, sent_low)
        claims += size_of_a_comparison(claims)
    if (
        lx.may_hold(low, "differ", "interaural", "than") or "compared" in (sent_low or "")
    ) and lx.DIGIT.search(low):
        claims += difference_claims(low, hedged, sent_low)
    return claims


def _loss_claims(
    low: str,
    found: set[str],
    ear: str | None,
    hedged: bool,
    sent_low: str,
    default_conduction: str,
    from_an_earlier_line: bool,
    configuration: bool,
) -> list[Claim]:
    """Return the degree, type and (``configuration``) configuration claims of a clause
    about a loss, each reader run only where the clause holds its gate's words (``found``;
    the other arguments as :func:`read_clause`'s)."""
    claims: list[Claim] = []
    if not found.isdisjoint(_DEGREE):
        claims += degree_claims(low, ear, hedged, sent_low, default_conduction)
    if not found.isdisjoint(_TYPE):
        claims += rc.type_claims(low, sent_low, _type_ear(low, ear, from_an_earlier_line),
                                 hedged)  # fmt: skip
    if configuration and not found.isdisjoint(_CONFIGURATION) and lx.CONFIG_TRIGGER.search(low):
        claims += configuration_claims(low, ear, hedged)
    return claims


def _claims_of_a_bare_clause(
    claims: list[Claim], low: str, ear: str | None, hedged: bool, default_conduction: str
) -> list[Claim]:
    """Return the claims read only where the clause's other readers gave none (``claims``):
    an ear said to have a loss (an ear's loss with a grade, type or value is read by those
    readers), else a frequency listed alone in an ear's row."""
    if claims:
        return []
    out = rc.loss_in_an_ear_claims(low, hedged)
    if not out and ear in ("right", "left") and "hz" in low:
        out = frequency_listed_claims(low, ear, hedged, default_conduction)
    return out


def _no_result_given(topics: Topics, sent_low: str) -> bool:
    """Return whether a sentence about another test gives none of its results: a prediction
    or a condition (:data:`result_claims.PREDICTION`), or a sentence about one test, naming
    no ear, that says it was not done ("Acoustic reflexes, often absent in otosclerosis,
    weren't included": what the test shows in general is no result of this patient's)."""
    if rc.PREDICTION.search(sent_low):
        return True
    one_test = sum((topics.tymp, topics.reflex, topics.oae, topics.abr)) == 1
    return bool(
        one_test
        and lx.NOT_DONE.search(sent_low)
        and not (lx.RIGHT.search(sent_low) or lx.LEFT.search(sent_low) or lx.BOTH.search(sent_low))
    )


def _before_what_was_not_done(seg: str, low: str) -> tuple[str, str]:
    """Return the clause up to a statement that a test was not done ("3 kHz was not tested"),
    which reports no result: nothing when the statement is in the clause's own sentence, the
    sentences before it when a number opens its sentence (:data:`lexicon.NUMBER_OPENS_SENTENCE`:
    "a mixed loss. 3 kHz was not tested" keeps "a mixed loss"). A conduction said not done
    ("bone not tested") is no such statement: the clause is read on. Nor is one inside a
    bracket that names what was not done ("..., 85 at 8 kHz (left 250 Hz not tested)"): an
    aside about its own subject, it voids the bracket alone (:func:`_bracket_of_its_own`)."""
    void = lx.NOT_DONE.search(low)
    while void is not None:
        if lx.conduction_not_done_at(low, void.start()):
            void = lx.NOT_DONE.search(low, void.end())  # a conduction left out: read on
            continue
        bracket = _bracket_of_its_own(low, void.start(), void.end())
        if bracket is None:
            break
        blank = " " * (bracket[1] - bracket[0])
        seg = seg[: bracket[0]] + blank + seg[bracket[1] :]
        low = low[: bracket[0]] + blank + low[bracket[1] :]
        void = lx.NOT_DONE.search(low, bracket[1])
    if void is None:
        return seg, low
    stops = [m.start() for m in lx.NUMBER_OPENS_SENTENCE.finditer(low, 0, void.start())]
    if not stops:
        return "", ""
    return seg[: stops[-1]], low[: stops[-1]]


def _bracket_of_its_own(low: str, start: int, end: int) -> tuple[int, int] | None:
    """Return the span of the round bracket around a not-done statement at ``start:end``
    when the bracket names its own subject before it ("(left 250 Hz not tested)",
    "(OAEs not done)"): the statement is about that subject only. None when no bracket
    closes around it in the clause, when the bracket opens with the statement ("(not
    tested)": a note on what stands before it, which it voids), or when it names an ear the
    clause outside it does not ("right: 15 dB ... (3 kHz not tested in either ear)": the
    clause's ear may have been taken from the aside)."""
    opened = low.rfind("(", 0, start)
    if opened < 0 or ")" in low[opened:start] or not low[opened + 1 : start].strip():
        return None
    closed = low.find(")", end)
    if closed < 0 or "(" in low[end:closed]:
        return None
    aside = lx.ears_in(low[opened:closed])
    if aside and not aside <= lx.ears_in(low[:opened] + " " + low[closed + 1 :]):
        return None
    return opened, closed + 1


def _type_ear(low: str, ear: str | None, from_an_earlier_line: bool) -> str | None:
    """Return the ear a clause's type words are about: none for an ear carried from an
    earlier line when the clause refers back to "the conductive part", "the inner-ear part
    of the loss" (the loss described, not the ear named last: lexicon.LOSS_REFERRED_BACK)
    and names its type in no other words ("... a scan of the hearing nerve" keeps it)."""
    if not from_an_earlier_line or ear not in ("right", "left") or "the " not in low:
        return ear
    rest, found = lx.LOSS_REFERRED_BACK.subn(" ", low)
    return None if found and not rc.TYPE_TRIGGER.search(rest) else ear


_ITEM_GOES_ON = re.compile(
    r"\s*(?:[-•+]|\d{1,2}[.)])\s+(?:it(?:'s|\s+is|\s+has|\s+was)\b|(?:this|that|the\s+same)\s+"
    r"(?:ear|side)\b)",
    re.I,
)
"""A list item that goes on about the ear the item before named ("- The loss is in your
left ear.\n- It has a mild loss ...", "- That ear hears normally from 1 kHz"): bullet points
that split prose, read as the next sentence (metamorphic tests, tests/audiogram/perturb.py)."""


@dataclass
class _Carried:
    """What one part of a reply carries from sentence to sentence while it is read."""

    context: str | None = None
    """The ear named last, carried to clauses that name none."""
    item_context: bool = False  # the carried ear was named in a list item
    in_item: bool = False
    sentence_conduction: str = "air"
    bone_aside: bool = False  # the bone carried was named by an aside (_bone_aside)
    heading_context: bool = False  # the carried ear was named by a heading line of its own
    label_context: bool = False  # the carried ear was named by an ear label opening its line
    on_this_line: bool = False  # the carried ear was named on the line being read
    normal_ear: str | None = None  # the ear named last, when its clause called it normal
    normal_now: bool = False  # the sentence being read called normal_ear normal
    table_rows: frozenset[str] = frozenset()  # the lines of the part's ruled tables
    record_line: bool = False  # the line being read is one record's fields apart by bars

    def blank(self, line_start: str | None) -> None:
        """A blank line ends a paragraph, and with it an ear named in its prose ("...,
        left ear normal.\n\nReasoning: air-bone gaps ..."); an ear heading ("### Right
        ear") still carries over its paragraphs."""
        if line_start is not None and not self.heading_context:
            self.context = None

    def new_line(self, line_start: str) -> None:
        """Start a line: a list ends, and with it the ear one of its items named."""
        self.on_this_line = False
        self.record_line = _record_line(line_start, self.table_rows)
        item = self.in_item = bool(lx.LIST_ITEM.match(line_start))
        indented = line_start[:1].isspace()
        if self.item_context and not indented and not _ITEM_GOES_ON.match(line_start):
            # A plain line after a list item whose ear label scoped it ("- Lt: normal.\n
            # Sudden SNHL - urgent review"): the list is over, and so is its ear. A new
            # item of a list ("3. Left ear: normal.\n4. ENT referral for the conductive
            # component."): an ear named in one item does not carry into the next; an ear
            # heading above the list still does.
            self.context = None
        self.item_context = self.item_context and (item or indented)
        if self.label_context and lx.FIELD_LABELLED_LINE.match(line_start):
            # "Right: 10 throughout, type A.\nDegree: a flat conductive loss ... mild.": the
            # ear label scoped its own line; a line with a label of its own is another field
            self.context = None
        self.label_context = False

    def opens(self, sentence: str) -> None:
        """Start a sentence: one opening with the other ear's bare letter ("L 4k 65, R 4k
        35\nL recovers to 30 @8k", "R 4FA 17.5. L 28.75, mild SNHL") is about that ear, not
        the ear carried from before, even where the letter is not read as an ear tag."""
        self.normal_now = False
        opening = lx.LINE_OPENING_EAR_LETTER.match(sentence) if self.context else None
        if opening:
            self.context = "right" if opening.group(1) == "R" else "left"

    def names(self, ears: set[str], seg: str, main: bool, alone: bool = False) -> None:
        """Note whether a main clause naming one ear calls that whole ear normal, or a
        sentence that is one word (``alone``: its only clause) calls the carried ear so."""
        if len(ears) == 1 and main:
            # (the word test first, for speed: _EAR_CALLED_NORMAL needs one of its words)
            normal = lx.may_hold(seg, *_NORMAL_WORDS) and _EAR_CALLED_NORMAL.match(seg)
            self.normal_ear = next(iter(ears)) if normal else None
            self.normal_now = bool(normal)
        elif alone and not ears and self.context in ("right", "left"):
            # "Left is flat at ten. Normal.": the carried ear called normal in a word
            if lx.may_hold(seg, *_NORMAL_WORDS) and _CALLED_NORMAL.match(seg):
                self.normal_ear, self.normal_now = self.context, True

    def from_an_earlier_line(self, ears: set[str]) -> bool:
        """Return True when a clause naming ``ears`` has its ear carried from an earlier line
        of prose (not from an ear heading, which scopes every line under it)."""
        return not ears and not self.on_this_line and not self.heading_context

    def name_ear(self, ear: str, line_start: str | None) -> None:
        """Carry ``ear``, named by a clause of the main sentence."""
        self.context = ear
        self.on_this_line = True
        self.item_context = self.in_item
        self.heading_context = bool(line_start is not None and lx.EAR_HEADING.match(line_start))
        self.label_context = bool(line_start is not None and lx.EAR_LABELLED_LINE.match(line_start))


def _sentence_segments(
    sentence: str, fields: bool = False
) -> tuple[list[str], int, list[str | None]]:
    """Return the clauses of a sentence (its main clauses, then each other-ear aside's), how
    many are main, and the ear of each (an aside's own ear, None for a main clause);
    ``fields``: the sentence is of a record line, whose bars end clauses (:func:`clauses`)."""
    main, asides = other_ear_asides(sentence)
    segments = clauses(main, fields)
    n_main = len(segments)  # the other-ear asides follow, each its own clause
    aside_ear: list[str | None] = [None] * n_main
    for aside in asides:
        pieces = clauses(aside)
        segments += pieces
        aside_ear += [next(iter(lx.ears_in(aside)))] * len(pieces)  # the aside's ear
    return segments, n_main, aside_ear


def _opening_span(sent_low: str) -> tuple[int, int] | None:
    """Return the two ends (Hz) of the span of frequencies a sentence opens with
    (:data:`lexicon.OPENING_FREQUENCY_RANGE`), else None."""
    if not sent_low.lstrip(" \t-\u2022+*")[:1].isalnum():
        return None
    m = lx.OPENING_FREQUENCY_RANGE.match(sent_low)
    if m is None:
        return None
    f1, f2 = lx.to_hz(m.group(1), m.group(2) or m.group(4)), lx.to_hz(m.group(3), m.group(4))
    return None if f1 is None or f2 is None or f1 >= f2 else (f1, f2)


def _clause_frequency(
    seg_low: str, index: int, sentence_freq: int | None, before: str = ""
) -> int | None:
    """Return the frequency a clause opens with ("..., at 4 kHz the left is 50"), or the one
    that ends the clause before a clause opening with a conduction label ("250 Hz, air
    conduction: 45 dB": lexicon.FREQUENCY_BEFORE_ITS_ROW), or the last one named before a
    clause that names none and refers back to it ("... 60 dB at 4 kHz and the left is 60 dB
    there": lexicon.FREQUENCY_REFERRED_BACK), else the sentence's."""
    if "at " in seg_low and (index or ": at " in seg_low):
        opens = lx.CLAUSE_OPENING_FREQUENCY.search(seg_low)
        if opens:
            return lx.to_hz(opens.group(1), opens.group(2))
    if index and "conduction" in seg_low and lx.CONDUCTION_ROW_OPENING.match(seg_low):
        heads = lx.FREQUENCY_BEFORE_ITS_ROW.search(before.lower())
        if heads:
            return lx.to_hz(heads.group(1), heads.group(2))
    if (
        index
        and lx.may_hold(seg_low, "there", " that ", " this ", " same ")
        and (lx.FREQUENCY_REFERRED_BACK.search(seg_low) and not _NAMES_HZ.search(seg_low))
    ):
        named = [(m.group(1), m.group(2)) for m in lx.LAST_FREQUENCY_NAMED.finditer(before.lower())]
        if named:
            return lx.to_hz(*named[-1])  # the last one named
    return sentence_freq


_NAMES_HZ = re.compile(r"\d\s*(?:khz|k\b|hz)")


def _read_sentence(carried: _Carried, sentence: str, line_start) -> Iterator[list[Claim]]:
    """Yield the claims of each clause of one sentence, each clause tied to its ear."""
    sent_low = sentence.lower()
    opening = lx.OPENING_FREQUENCY.match(sent_low)
    sentence_freq = lx.to_hz(opening.group(1), opening.group(2)) if opening else None
    sentence_span = _opening_span(sent_low) if opening is None else None
    hedged_sentence = bool(lx.HEDGED_SENTENCE.search(sent_low[:30]))
    topics = Topics.of(sent_low)
    segments, n_main, aside_ear = _sentence_segments(sentence, carried.record_line)
    windows = _ClauseWindows(sent_low)
    last_than = _last_than(segments) if "than" in sent_low else -1
    named: set[str] = set()  # the ears the main clauses of another test's sentence name
    asides = _WhereAsidesStood(sent_low, carried.sentence_conduction)
    for index, seg in enumerate(segments):
        seg_low = seg.lower()
        clause_context = windows.around(seg_low)
        secondary = lx.may_hold(seg_low, *lx.SECONDARY_WORDS) and lx.SECONDARY.search(seg_low)
        if secondary:
            # "... on a background of bilateral SNHL": the background is a secondary
            # description, not this clause's claim about the ear.
            seg, seg_low = seg[: secondary.start()], seg_low[: secondary.start()]
            if not seg.strip(" ,:;-"):
                continue
        following = segments[index + 1] if index + 1 < len(segments) else ""
        ears = _clause_ears(seg, segments[index + 1 : index + 3])  # (it reads two at most)
        carried.names(ears, seg, main=index < n_main, alone=len(segments) == 1)
        # the letter or the pair overrides an ear carried from before, which is another
        # statement's; a scope of both ears ("AU: ... PTA R 85, L 88") or no ear keeps its
        # recorded reading (test_verdicts)
        paired = not ears and carried.context in ("right", "left")
        seg_ear = (
            _ear_of_a_pair(seg, segments[index - 1] if index else "") if paired else None
        ) or _clause_ear(
            carried,
            seg,
            seg_low,
            ears,
            following,
            line_start,
            aside_ear[index],
            main=index < n_main,
            than_after=index < last_than,
        )
        if len(ears) == 1 and index < n_main and topics.any():
            named |= ears
        if seg_ear is not None and _loss_of_an_ear_called_normal(carried, seg_ear, seg_low, ears):
            seg_ear = None
        clause_freq = _clause_frequency(
            seg_low, index, sentence_freq, ",".join(segments[max(0, index - 2) : index])
        )
        yield read_clause(
            seg, seg_ear, clause_context, topics, hedged_sentence,
            explicit=bool(ears),
            default_conduction=asides.conduction(
                carried.sentence_conduction, index >= n_main, seg_low),
            low=seg_low,
            frequency=clause_freq, from_an_earlier_line=carried.from_an_earlier_line(ears),
            span=sentence_span, bone_aside=carried.bone_aside,
        )  # fmt: skip
        told = _conduction_carried(seg_low)
        if told:
            carried.sentence_conduction = told
            carried.bone_aside = told == "bone" and _bone_aside(seg_low)
    if {"right", "left"} <= named and not carried.heading_context:
        # "Tympanogram As on the right, A on the left.\nThe bone at 2k is raised ...": a
        # sentence giving another test's result for each ear in turn carries neither ear on
        # to the audiogram's findings after it
        carried.context = None


class _ClauseWindows:
    """A clause's sentence context: the sentence, or for a very long "sentence" (untrusted
    text with no full stops) a window of it around the clause, so reading stays linear."""

    def __init__(self, sent_low: str):
        self.sent_low = sent_low
        self.long = len(sent_low) > _SENTENCE_REACH
        self.found_at = 0

    def around(self, seg_low: str) -> str:
        """Return the context of the next clause, ``seg_low``."""
        if not self.long:
            return self.sent_low
        at = self.sent_low.find(seg_low, self.found_at)
        at = self.found_at if at < 0 else at
        self.found_at = at
        half = _SENTENCE_REACH // 2
        return self.sent_low[max(0, at - half) : at + len(seg_low) + half]


_EAR_LETTER_BEFORE_A_VALUE = re.compile(r"(?<![\w.'/-])([RL])[ \t]+(?=\d)")
"""A bare capital R or L right before a number inside a clause ("High notes worst: L 60 at
4k, R 40", "(L 65 @ 4k vs R 35)"): a note's tag of the value's ear."""
_VERSUS_OPENS = re.compile(r"\s*(?:vs\.?|versus)\s", re.I)
_DEPTH_COMPARED = re.compile(
    r"\b(?:deeper|shallower|greater|larger|bigger|more\s+(?:affected|impaired)|"
    r"less\s+(?:affected|impaired))\b",
    re.I,
)
"""One named ear compared with the other by its loss's depth or size ("asymmetric - left
deeper (65 vs 35 dB HL at 4 kHz)", "the right notch is larger (50 vs 30)", "left more
affected (70 vs 40)"): as with worse or poorer, the first value of the pair after it is the
named ear's and the second the other ear's (issue #26 batch 90, used as tuning data)."""


class _WhereAsidesStood:
    """The conduction each other-ear aside of a sentence is read with: the one in force where
    it stood in its sentence ("20/30/40 dB HL (55 at 3 kHz, 30 on the right), masked bone
    25-55": the aside's values are air, as the list it sits in is; the bone named after it,
    in the main clause read first, is not theirs). The sentence's conduction marks are found
    once, and each aside is looked for after the one before (linear in the sentence)."""

    def __init__(self, sent_low: str, opening: str):
        self.sent_low = sent_low
        self.opening = opening  # the conduction carried into the sentence
        self.marks: list[tuple[int, str]] | None = None
        self.found_at = 0

    def conduction(self, current: str, aside: bool, seg_low: str) -> str:
        """Return the conduction a clause is read with: ``current`` (the one named last
        before it), or for an aside the one named last before where it stood."""
        if not aside:
            return current
        at = self.sent_low.find(seg_low.strip(), self.found_at)
        if at < 0:
            return current
        self.found_at = at
        if self.marks is None:
            named = lx.last_conduction(self.sent_low)
            self.marks = lx.conduction_marks(self.sent_low) if named else []
        index = bisect.bisect_left(self.marks, (at, "")) - 1
        return self.marks[index][1] if index >= 0 else self.opening


_RESERVE_ENDS = re.compile(r"cochlear\s+reserve\W*$")
_BONE_VERDICT = re.compile(
    r"[\W]*(?:(?:the|and|with)\s+)?(?:(?:normal|masked)\s+)?(?:bone|bc)(?:[\s-]+conduction)?"
    r"(?:\s+(?:thresholds?|levels?))?\s+(?:(?:is|was|are|were)\s+)?(?:also\s+)?"
    r"(?:normal|within\s+normal\s+limits|wnl|fine)\W*"
)
"""A clause that is only a verdict on bone conduction ("bone normal", "masked bone within
normal limits"), with no level of its own."""


def _conduction_carried(seg_low: str) -> str | None:
    """Return the conduction a clause carries to the clauses after it: the one it names last,
    except a verdict on the cochlea that ends it ("... conductive loss with normal cochlear
    reserve, flat at 40-45 dB HL": the level after it is the loss's air, not bone)."""
    named = lx.last_conduction(seg_low)
    if named == "bone" and "reserve" in seg_low and _RESERVE_ENDS.search(seg_low):
        return "air"
    return named


_BONE_BESIDE_ENDS = re.compile(
    r"\bwith\s+(?:the\s+)?(?:(?:masked|unmasked)\s+)?(?:bone|bc)(?:[\s-]+conduction)?"
    r"(?:\s+(?:thresholds?|levels?))?\s+(?:(?:at|of)\s+)?-?\d(?:[\s/,-]*\d)*(?:\s*db(?:\s*hl)?)?"
    r"[\s.)]*$"
)
"""Bone levels given beside the air levels of their clause, ending it ("55, 50 and 40 dB at
250, 500 and 1000 Hz with masked bone 50/45/35"): an aside on the levels before it."""


def _bone_aside(seg_low: str) -> bool:
    """Return whether a clause names bone only in an aside that gives no bone level above 4
    kHz: a verdict on bone conduction alone (:data:`_BONE_VERDICT`), or bone levels given
    beside the clause's air levels at its end (:data:`_BONE_BESIDE_ENDS`). The bone it carries
    on does not reach a level the clauses after it give above 4 kHz, where bone is not
    tested: that level is air ("results normal, bone normal, except the right at 6 kHz which
    was 45 dB HL"; "40 dB at 250-1000 Hz with masked bone 30/35/35, and 50 dB at 8 kHz";
    threshold_claims.BONE_TESTED_UP_TO)."""
    if "n" in seg_low and _BONE_VERDICT.fullmatch(seg_low):
        return True
    beside = _BONE_BESIDE_ENDS.search(seg_low) if "with" in seg_low else None
    return bool(beside and lx.DIGIT.search(seg_low, 0, beside.start()))


_NORMAL_WORDS = ("normal", "wnl", "fine")
_CALLED = r"(?:normal|wnl|fine)(?:\s+hearing)?\s*(?:[.:;,(\u2014\u2013]|$)"
_EAR_CALLED_NORMAL = re.compile(
    r"[\W\d]*(?:the\s+)?(?:right|left|rt|lt)(?:['\u2019]s)?(?:\s+ear)?\s*"
    r"(?:[-\u2013:]\s*|is\s+)?" + _CALLED,
    re.I,
)
"""A clause that calls a whole ear normal and says no more of it ("Left normal.", "LEFT -
normal: air 10 dB HL ...", "left's normal,", "left ear fine."); not a part of its range
("left normal up to 2 kHz")."""
_CALLED_NORMAL = re.compile(r"[\W\d]*(?:normal|wnl|fine)(?:\s+hearing)?\s*[.!]?\s*$", re.I)
"""A clause that is only the word calling the carried ear normal ("Normal.", "Fine"); not
one that goes on ("normal, so the gaps are ..."), whose word may be of a measure."""


def _loss_of_an_ear_called_normal(carried: _Carried, seg_ear: str, seg_low: str,
                                  ears: set[str]) -> bool:  # fmt: skip
    """Return True when a clause names no ear, says a loss's type or its air-bone gap, and
    would take its ear from an earlier line that called that ear normal ("Left normal.\n
    Conductive - steroids not indicated.", "LEFT - normal: ...\nAir-bone gap at 0.5-2 kHz:
    35 / 30 / 15 dB"), or says a loss's type and would take its ear from an earlier sentence
    of its line that did ("Left's normal, ten throughout. Bone follows the air.
    Sensorineural."): the clause is about the loss described, not the normal ear; so is a
    loss's shape on a later line ("Left ear normal (10 dB).\nAssessment: fluctuating
    low-frequency loss": a normal ear has no loss to shape). (The sentence that calls the
    ear normal goes on about it: "left normal, no conductive component"; so does a later one
    of its line about bone: "Left normal. Bone 5 dB.")"""
    if seg_ear != carried.normal_ear or ears or carried.heading_context or "normal" in seg_low:
        return False
    if not carried.on_this_line:
        return bool(
            rc.TYPE_TRIGGER.search(seg_low)
            or lx.may_name_a_gap(seg_low)
            or ("loss" in seg_low and lx.CONFIG_TRIGGER.search(seg_low))
        )
    return not carried.normal_now and bool(rc.TYPE_TRIGGER.search(seg_low))


def _ear_of_a_pair(seg: str, before: str) -> str | None:
    """Return the ear a clause naming no ear in words gives its value: the ear its bare
    letter tags ("L 60 at 4k", "R 40"; one letter, before any number of the clause), or the
    other ear for the second value of "A vs B" after a comparison of one named ear ("the
    left is 15 dB poorer (50 vs 35 dB HL)": 35 is the right's); None otherwise (the carried
    ear decides)."""
    if "R " in seg or "L " in seg:
        tags = list(_EAR_LETTER_BEFORE_A_VALUE.finditer(seg))
        letters = {m.group(1) for m in tags}
        if len(letters) == 1 and not lx.DIGIT.search(seg, 0, tags[0].start()):
            # the letter opens the clause's numbers: what comes before it ("notch at 4k
            # (R 50") is said of the ear the clause had before
            return "right" if letters == {"R"} else "left"
    if (
        "v" in seg[:12]
        and _VERSUS_OPENS.match(seg)
        and (lx.COMPARATIVE.search(before) or _DEPTH_COMPARED.search(before))
    ):
        named = lx.ears_in(before)
        if named in ({"right"}, {"left"}):
            return "left" if named == {"right"} else "right"
    return None


def _clause_ears(seg: str, after: list[str]) -> set[str]:
    """Return the ears a clause names, or that a bare ear right after it names ("Sudden
    SNHL, left ear."), past a bare qualifier of laterality ("Conductive hearing loss,
    unilateral, left ear": the ICD-10 titles' order, loss then laterality then ear), or the
    other ear than one the clause after it only calls normal (:func:`_beside_a_normal_ear`)."""
    ears = lx.ears_in(seg)
    if ears and lx.may_hold(seg, "identical", "similar", "equal", "comparable", "same"):
        # "Left - air identical to the right": the ear compared with is not the clause's
        ears = lx.ears_in(lx.STANDARD_EAR.sub(" ", seg))
    if ears or not after:
        return ears
    following = after[1] if len(after) > 1 and _LATERALITY_ONLY.match(after[0]) else after[0]
    trailing = lx.EAR_ONLY.match(following)
    if trailing:
        return {trailing.group(1).lower()}
    other = _beside_a_normal_ear(seg, after[0])
    return {other} if other else ears


def _beside_a_normal_ear(seg: str, following: str) -> str | None:
    """Return the ear a loss naming none is of when the clause after it only calls one ear
    normal ("a mild one-sided loss with a normal left ear", "mild SNHL, normal hearing on the
    left"): the other ear. A loss set beside an ear called normal is the loss of the ear not
    so called (the hearing of two ears, one of them normal: a unilateral loss, BSA 2018);
    None otherwise."""
    if "normal" not in following.lower() or not lx.LOSS_CONTEXT.search(seg.lower()):
        return None
    m = lx.EAR_CALLED_NORMAL_ONLY.match(following)
    if m is None:
        return None
    named = (m.group(1) or m.group(2) or m.group(3)).lower()
    return "left" if named == "right" else "right"


_LATERALITY_ONLY = re.compile(r"^\s*(?:unilateral|one[\s-]sided|single[\s-]sided)\s*$", re.I)
"""A clause that is only the word for one ear's loss, with the ear named after it."""


def _ear_denied(seg: str, ear: str) -> bool:
    """Return True when a clause names ``ear`` only to deny it ("not the right")."""
    if not lx.may_hold(seg, "not", "rather", "instead"):
        return False
    low = seg.lower()
    denied = [m for m in lx.NEGATED_EAR.finditer(low) if m.group(1) == ear]
    return bool(denied) and len(
        lx.RIGHT.findall(low) if ear == "right" else lx.LEFT.findall(low)
    ) == len(denied)


def _compares(seg: str, seg_low: str, seg_ear: str, than_after: bool = False) -> bool:
    """Return True when a clause naming one ear compares it ("the left is worse", "better
    than on the right"), so its ear is not carried on to the clauses after it. An ear named
    worse "in" or "on" it ("worse in the left ear: left 50 dB HL ...") is named as the worse
    one, unless a later clause of the sentence goes on with "than" ("worse on the right (45
    dB HL, moderate) than on the left (10 dB HL, normal)": a comparison)."""
    comparative = lx.may_hold(seg, "worse", "poorer", "better", "than") and lx.COMPARATIVE.search(
        seg
    )
    if not comparative and than_after and lx.may_hold(seg, "worse", "poorer", "better"):
        return bool(_WORSE_IN_AN_EAR.search(seg_low))
    if not comparative or lx.WORSE_NAMED.search(seg_low):
        # "it is the left ear that is worse", "the right ear is the poorer one, with ...":
        # the ear named so is the clause's subject
        return False
    # "left worse ... than right (25 dB, mild)": the ear compared with opens a bracket of
    # its own values, which the clauses after the comma go on with (batch 169 UR16)
    opened = seg.rfind("(")
    if (
        opened > comparative.end()
        and ")" not in seg[opened:]
        and seg_ear in lx.ears_in(seg[comparative.end() : opened])
    ):
        return False
    # "the left is clearly worse (left PTA 28.75, mild": the ear is named again after its
    # comparison, with findings of its own, which it carries on
    return not (
        seg_ear in lx.ears_in(seg[comparative.end() :])
        and seg_ear in lx.ears_in(seg[: comparative.start()])
    )


_WORSE_IN_AN_EAR = re.compile(
    r"\b(?:worse|poorer|better)\s+(?:in|on)\s+(?:the\s+)?(?:right|left)\b"
)


def _names_the_other_ear(seg_low: str) -> bool:
    """Return True when a clause names "the other ear" (opposite, contralateral), not as
    the ear that was masked while the test ear was tested (lexicon.MASKED_OTHER_EAR)."""
    if not lx.may_hold(seg_low, "other", "opposite", "contralateral"):
        return False
    masked = (
        [(m.start(), m.end()) for m in lx.MASKED_OTHER_EAR.finditer(seg_low)]
        if "mask" in seg_low or "occlud" in seg_low
        else []
    )
    for m in lx.OTHER_EAR.finditer(seg_low):
        if not any(start <= m.start() < end for start, end in masked):
            return True
    return False


def _last_than(segments: list[str]) -> int:
    """Return the index of the last clause of a sentence that holds "than" (-1: none)."""
    last = -1
    for index, seg in enumerate(segments):
        if "than" in seg.lower():
            last = index
    return last


def _clause_ear(carried: _Carried, seg: str, seg_low: str, ears: set[str], following: str,
                line_start, aside_ear: str | None, main: bool,
                than_after: bool = False) -> str | None:  # fmt: skip
    """Return the ear a clause is about ("both", one ear, or None), carrying an ear named by
    a main clause to the clauses after it (``than_after``: a later clause of its sentence
    holds "than")."""
    if len(ears) == 1 and _ear_denied(seg, next(iter(ears))):
        ears = set()  # "..., not the right: a moderate loss": not about the right
    if len(ears) == 1:
        seg_ear = next(iter(ears))
        if main and not _compares(seg, seg_low, seg_ear, than_after):  # an aside carries none
            carried.name_ear(seg_ear, line_start)
        return seg_ear
    if len(ears) > 1:
        if {"right", "left"} <= ears:
            # two ears in one clause: its finding is the ear's its own phrase names ("her
            # left-sided loss means the earpiece should favour the right ear"), else none
            return lx.ear_of_the_finding(seg_low) if "both" not in ears else None
        return None if "both" not in ears else "both"
    if lx.COMPARED_WITH.match(following) and (compared := lx.ears_in(following)):
        # "PTA 45 dB HL against 25 dB HL on the left": the ear compared with is not this
        # clause's; the ear carried is, when it is the other one ("the left ear is worse,
        # not the right: PTA 45, against 25 on the right")
        other = {"right": "left", "left": "right"}.get(carried.context or "")
        return carried.context if compared == {other} else None
    if lx.may_hold(seg_low, "unilat", "sided", "symmetr", "sudden", "ssnhl") and (
        # (the words test first, for speed: each of the three patterns needs one of them)
        lx.LATERALITY_UNILATERAL.search(seg_low)
        or lx.SYMMETRY.search(seg_low)
        or lx.CASE_DIAGNOSIS.search(seg_low)
    ):
        # "Unilateral SNHL", "the asymmetry is conductive": about the lossy ear or both
        # ears, whichever ear was named last; "a sudden SNHL": the presentation's
        return None
    if carried.context in ("right", "left") and _names_the_other_ear(seg_low):
        # "... as the left ear (crosses).\nThe other ear is 5-15 dB HL": the right; it is
        # not carried on ("on the left, ... The other ear is normal. A 4FA of 37.5 makes it
        # a moderate loss": the loss is still the left's)
        return "left" if carried.context == "right" else "right"
    if _names_an_ear_by_its_hearing(seg_low):
        return None
    return aside_ear or carried.context


_EAR_BY_ITS_HEARING = re.compile(EAR_BY_ITS_HEARING)  # (claims' "better/poorer ear" row)


def _names_an_ear_by_its_hearing(seg_low: str) -> bool:
    """Return whether a clause names its ear by its hearing, not its side ("worse ear is
    mixed", "the better ear is normal"): it is about that ear (WHO 2021 grades a person by
    the better ear), not the side carried from before ("R05 type(left) = NORMAL ... # worse
    ear is mixed": the worse ear is the right), so it takes no carried ear; the claim reader
    judges it of the ear the audiogram makes better or poorer. (A word test first, for
    speed.)"""
    return (
        "ear" in seg_low
        and lx.may_hold(seg_low, "poorer", "worse", "better")
        and _EAR_BY_ITS_HEARING.search(seg_low) is not None
    )


_SENTENCE_REACH = 1000
"""Sentences longer than this (characters) give each clause a window of this size as its
sentence context (the longest sentence in the validation sets is under 400)."""


def _sentences(text: str):
    """Yield (sentence, its line when the sentence starts a line, else None, whether a
    semicolon joins it to the sentence before)."""
    for line in text.split("\n"):
        last, joined = 0, False
        for m in lx.SENTENCE_SPLIT.finditer(line):
            yield line[last : m.start()], (line if last == 0 else None), joined
            last, joined = m.end(), m.group(0).startswith(";")
        yield line[last:], (line if last == 0 else None), joined


# -- sections and clauses --------------------------------------------------------------


_LIST_PAST_THREE = re.compile(r"^\s*(?:[4-9]|[1-9]\d)[.)]\s", re.M)
"""A list item numbered 4 or more: the numbers of its list are items, not questions 1-3."""
_ITEM_NUMBER = re.compile(r"\d[.)]\s")
"""What every match of _LIST_PAST_THREE holds: a cheap, digit-led test before it (for speed:
a pattern opening with "^" is tried at every character)."""
_LEAD_IN = re.compile(
    r"\b(?:findings|results|observations|features|points)\b[^:\n]{0,60}:[ \t*_]*$", re.I
)
"""A line that introduces a list of findings in a sentence ("The three most important
findings on this audiogram are:", "Key results of the test:"): the numbered lines after it
are its items, as under a heading in words ("Findings"), not the case's questions 1-3 (issue
#26, batch 160: a real model's three findings, whose third was left unread)."""


def sections(reply: str) -> tuple[list[str], str]:
    """Return the parts of the reply to read (Q1 and Q2 when headed) and what was read.

    Lines numbered 1-3 are the case's three questions, unless the list runs past 3 ("4.",
    "5.") or a heading in words or a lead-in sentence (_LEAD_IN) comes before them: then they
    are items of one list (findings, a plan), all read."""
    lines = reply.splitlines()
    marks: list[tuple[int, str]] = []
    worded = False  # a heading in words ("Findings", "Plan:") came before
    listed = bool(_ITEM_NUMBER.search(reply) and _LIST_PAST_THREE.search(reply))
    for index, line in enumerate(lines):
        m = HEADING.match(line.strip())
        if not m:
            worded = worded or (":" in line and _LEAD_IN.search(line) is not None)
            continue
        if m.group(2) and (worded or listed):
            # "**Findings**\n1. ...\n2. ...\n3. ...": numbers under a heading in words
            # are that section's list items, not the questions 1-3 of the case.
            continue
        number = m.group(1) or m.group(2)
        if number == "3" and opens_with_a_value(line):
            continue  # "3. 8000 Hz: 96 dB": a list's third value, not the management
        word = (m.group(3) or m.group(4) or "").lower()
        worded = worded or bool(word)
        if number:
            q = number
        elif word.startswith(("result", "audiometric", "finding")):
            q = "1"
        elif word.startswith(("diagnos", "impression")):
            q = "2"
        else:
            q = "3"
        marks.append((index, q))
    if not marks or not any(q in ("1", "2") for _, q in marks):
        return [reply], "whole reply"
    parts = []
    if marks[0][0] > 0:
        parts.append("\n".join(lines[: marks[0][0]]))
    for (start, q), nxt in zip(marks, [*marks[1:], (len(lines), "")], strict=True):
        if q in ("1", "2"):
            parts.append("\n".join(lines[start : nxt[0]]))
    return parts, "Q1 and Q2 sections"


_DESCRIPTOR_END = led(re.compile(rf"\b{DESCRIPTOR}\s*$", re.I))
_DESCRIPTOR_LAST_LETTERS = frozenset("tdepgscl")
"""The letters DESCRIPTOR's words end with (slight, mild, severe, sloping, steep, ...)."""


def _ends_with_descriptor(text: str) -> bool:
    """Return whether ``text`` ends with a descriptor (:data:`_DESCRIPTOR_END`)."""
    last = text.rstrip()[-1:]  # rstrip() drops what \s* does
    if last.isascii() and last.lower() not in _DESCRIPTOR_LAST_LETTERS:
        return False  # (a cheap test for speed: the search tries every position)
    return bool(_DESCRIPTOR_END.search(text))


_SHARED_SUBJECT = re.compile(r"\s*(?:was|were)\s+(?:also\s+|found\s+)?(?:normal|within)\b")
_TESTED_END = re.compile(r"\b(?:tested|measured)\s*$", re.I)


def _shared_subject(before: str, rest: str) -> bool:
    """Return whether the words after "and" are a second predicate of the subject of a
    clause that ends "was tested" ("Bone conduction was also tested and was normal at 0-5
    dB"): its values are the subject's, so the clause goes on (issue #26, batch 35 VM24). A
    clause that names where it was tested ("tested only at 500 Hz and was normal") ends."""
    # (the anchored match first, for speed: the search tries every position of the clause)
    return bool(_SHARED_SUBJECT.match(rest) and _TESTED_END.search(before))


_BETWEEN_END = re.compile(
    r"\bbetween\s+(?:the\s+)?(?:air|ac|bone|bc|right|left)(?:[\s-]+(?:conduction|ear|side))?"
    r"(?:\s+(?:thresholds?|lines?|curves?|levels?))?\s*$",
    re.I,
)
"""A clause ending "between" one conduction or one ear: the "and" after it names the second
of the two compared ("the difference between air and bone (30 dB)"), not a new clause
("between the ears and no gap" names both ears before its "and")."""


def _and_goes_on(before: str, rest: str) -> bool:
    """Return whether an "and" joins within one clause: a second predicate of one subject
    (:func:`_shared_subject`) or the second of two things "between" which something lies."""
    window = before[-80:]
    # (the word test first, for speed: the search tries every position of the window)
    return _shared_subject(before, rest) or bool(
        lx.may_hold(window, "between") and _BETWEEN_END.search(window)
    )


_DESCRIPTOR_START = re.compile(rf"^\s*{DESCRIPTOR}\b", re.I)
_ADJECTIVES_LOSS = re.compile(
    r"(?:(?!(?:right|left|both|bilateral|each|on|in|at|but|with|not)\b)[a-z]+[ \t]+){1,3}?"
    r"(?:hearing[ \t]+)?(?:loss|snhl|deafness)\b",
    re.I,
)
"""After a comma that follows a grade word: up to three more adjectives and the loss they
and the grade describe ("a mild, even loss", "moderate, sensorineural hearing loss":
coordinate adjectives, set apart by a comma, before one noun; batch 172 UU22), no ear nor
preposition among them, so that "mild, right-sided loss" or "mild, with a loss ..." stays
as it was read."""
_WITH = re.compile(r"\s+with\s+", re.I)


_RULE_LINE = re.compile(r"[ \t|+:=-]*-{3,}[ \t|+:=-]*")
"""A table's rule under its header ("---|---", "-----+-----")."""
_FIELD_BAR = re.compile(r"[ \t]+\|[ \t]+")


def _table_rows(text: str) -> frozenset[str]:
    """Return the lines of each block of ``text`` (lines up to a blank one) that holds a
    table's rule with a bar or a plus (:data:`_RULE_LINE`): a table's rows, whose cells are
    read under its columns' heads."""
    rows: set[str] = set()
    block: list[str] = []
    ruled = False
    for line in [*text.split("\n"), ""]:
        if line.strip():
            block.append(line)
            ruled = ruled or (("|" in line or "+" in line) and bool(_RULE_LINE.fullmatch(line)))
            continue
        if ruled:
            rows.update(block)
        block, ruled = [], False
    return frozenset(rows)


def _record_line(line: str, table_rows: frozenset[str]) -> bool:
    """Return whether a line holds one record's fields apart by spaced bars ("Pt 32 | worse
    ear: RIGHT | 4FA R 45, L 25 | SNHL both ears"): two bars or more, not opening with one,
    in no ruled table (:func:`_table_rows`)."""
    return line.count("|") >= 2 and not line.lstrip().startswith("|") and line not in table_rows


def clauses(sentence: str, fields: bool = False) -> list[str]:
    """Return a sentence's clauses: split at commas and conjunctions (SEGMENT_SPLIT), except
    between two descriptors ("moderate and sloping on the right" is one claim about the
    right ear; "mild, flat SNHL" one claim about a loss), then at a colon or "with" where the
    two sides name different ears. ``fields``: the sentence is of a record line
    (:func:`_record_line`), and each spaced bar ends a clause first, so an ear named in one
    field does not reach the next; the fields stay one sentence, whose words give each its
    context (issue #26 batch 105)."""
    if fields:
        return [part for field in _FIELD_BAR.split(sentence) for part in _clauses(field)]
    return _clauses(sentence)


def _descriptors_join(word: str, before: str, rest: str) -> bool:
    """Return whether a comma or "and" joins two descriptors of one claim: "moderate and
    sloping on the right"; after a comma, a list of descriptors before one loss noun ("mild,
    flat sensorineural loss", "a mild, even loss": :data:`_ADJECTIVES_LOSS`), where "mild,
    moderate on the left" stays two claims."""
    if word not in ("and", ",") or not _ends_with_descriptor(before):
        return False
    if not (_DESCRIPTOR_START.match(rest) or (word == "," and _ADJECTIVES_LOSS.match(rest))):
        return False
    if word == "and":
        return True
    noun_after = LOSS_CONTEXT.search(SEGMENT_SPLIT.split(rest, 1)[0])
    return bool(noun_after) and not LOSS_CONTEXT.search(before.lower())


def _clauses(sentence: str) -> list[str]:
    """Return the clauses of a sentence or of one field of a record line (:func:`clauses`)."""
    pieces: list[str] = []
    joined = False
    last = 0
    bracketed = _bracket_spans(sentence) if "):" in sentence or ") :" in sentence else ()
    apposed_to = -1  # where a conduction set between commas ends (:func:`_conduction_apposed`)
    for m in SEGMENT_SPLIT.finditer(sentence):
        if bracketed and m.group(0)[0] == "," and _inside_a_bracket(bracketed, m.start()):
            continue  # "Expected (ISO 7029, men of 60): ...": a label's bracket is one clause
        text = sentence[last : m.start()]
        if joined:
            pieces[-1] += text
        else:
            pieces.append(text)
        rest = sentence[m.end() :]
        word = m.group(0).strip().lower()
        joined = _descriptors_join(word, pieces[-1], rest) or (
            word == "and" and _and_goes_on(pieces[-1], rest)
        )
        if word == "," and (m.start() < apposed_to or _conduction_apposed(rest)):
            # "The loss in the right ear, air conduction, is severe": one clause
            joined = True
            apposed_to = max(apposed_to, m.end() + _conduction_apposed(rest))
        if joined:
            pieces[-1] += m.group(0)
        last = m.end()
    if joined:
        pieces[-1] += sentence[last:]
    else:
        pieces.append(sentence[last:])
    return [part for x in pieces if x and x.strip() for part in colon_clauses(x)]


_CONDUCTION_APPOSITION = re.compile(
    r"(?:(?:by|in|on|for)[ \t]+)?(?:air|bone)[ \t-]+conduction[ \t]*,[ \t]*"
    r"(?=(?:is|was|are|were|has|had|shows?|showed|appears?|seems?|remains?|looks?)\b)",
    re.I,
)
"""A conduction named between commas before the verb ("The hearing loss in the right ear, air
conduction, is a severe condition"): an apposition that says which measure the subject is,
so the subject, the conduction and the predicate are one clause: the subject's ear is the
ear the predicate is said of (an appositive phrase is set off by commas and belongs to the
noun it follows: The Chicago Manual of Style, 17th ed., 6.28; issue #26 batch 152, the real
local model's "in the right ear, air conduction, is indeed the worst", as tuning data)."""
_APPOSED_REACH = 24
"""The longest conduction apposition (:data:`_CONDUCTION_APPOSITION`) up to its closing comma."""


def _conduction_apposed(rest: str) -> int:
    """Return the length of a conduction in apposition that opens the words after a comma, up
    to its closing comma (:data:`_CONDUCTION_APPOSITION`), else 0."""
    if "conduction" not in rest[:_APPOSED_REACH]:
        return 0  # (a cheap test for speed)
    m = _CONDUCTION_APPOSITION.match(rest)
    return m.end() if m else 0


def _bracket_spans(sentence: str) -> list[tuple[int, int]]:
    """Return the (opening, closing) positions of the sentence's outermost round brackets that
    close within it as a label's aside (:func:`_a_labels_aside`), part of the label (one pass;
    an unclosed bracket holds nothing). An aside elsewhere ("(right 30, the same as the left)")
    is read clause by clause, as its commas split it."""
    spans: list[tuple[int, int]] = []
    depth, opened = 0, 0
    for m in _BRACKET.finditer(sentence):
        if m.group(0) == "(":
            opened = m.start() if depth == 0 else opened
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0 and _a_labels_aside(sentence, opened, m.start()):
                spans.append((opened, m.start()))
    return spans


_BRACKET = re.compile(r"[()]")
_LABEL_END = re.compile(r"[ \t]*:")
"""What follows a label's bracket: the label's colon ("Expected (ISO 7029, men of 60): ...")."""


def _a_labels_aside(sentence: str, opened: int, closed: int) -> bool:
    """Return whether the bracket from ``opened`` to ``closed`` is a label's aside: a colon
    follows it and it names no one ear ("(one call for both ears, mean 24.95):" may; a bracket
    naming an ear, "(left worse, by 20 dB):", says something of that ear, read clause by
    clause)."""
    if not _LABEL_END.match(sentence, closed + 1):
        return False
    return lx.ears_in(sentence[opened:closed]) <= {"both"}


def _inside_a_bracket(spans: list[tuple[int, int]], at: int) -> bool:
    """Return whether position ``at`` lies inside one of the bracket ``spans``."""
    k = bisect.bisect_right(spans, (at, at)) - 1
    return k >= 0 and spans[k][0] < at < spans[k][1]


def colon_clauses(segment: str) -> list[str]:
    """Return the segment split at a colon (or a "with") when the two sides name different ears.

    "Bilateral conductive loss: moderate on the right" is two claims, one for both ears
    and one for the right; "Right ear: mild loss" stays one (nothing is named after it);
    "a severe loss in the right ear with normal hearing on the left" is two.
    """
    head, colon, tail = segment.partition(":")
    if colon and tail.strip():
        before = ears_in(head)  # (the tail's ears only where the head names some: for speed)
        if before and (after := ears_in(tail)) and before != after:
            return [*_with_clauses(head), *_with_clauses(tail)]
    return [part for piece in _dash_clauses(segment) for part in _with_clauses(piece)]


_DASH_BEFORE_AN_EAR = re.compile(r"\s[-\u2013\u2014]\s+(?=(?:the\s+)?(?:right|left)\b)", re.I)


def _dash_clauses(segment: str) -> list[str]:
    """Return the segment split at a spaced dash before an ear word when the two sides name
    different ears, as at a colon: "bilateral severe hearing loss - right sensorineural" is a
    claim about both ears, then one about the right."""
    if "-" not in segment and "\u2013" not in segment and "\u2014" not in segment:
        return _dash_before_both(segment) if "\u2192" in segment else [segment]
    # (the ear words the pattern's look-ahead needs, for speed)
    m = _DASH_BEFORE_AN_EAR.search(segment) if lx.may_hold(segment, "right", "left") else None
    if m is None:
        return _dash_before_both(segment)
    head, tail = segment[: m.start()], segment[m.end() :]
    before = ears_in(head)
    return [head, tail] if before and (after := ears_in(tail)) and before != after else [segment]


_SPACED_DASH = re.compile(r"\s(?:[-\u2013\u2014]|-+>|\u2192)\s+")
_GRADE_OF_BOTH = re.compile(
    r"[^,;\n]{0,40}?\b(?:mild|slight|moderate|severe|profound|normal|wnl|snhl|chl|mhl|loss|"
    r"sensorineural|conductive|mixed)[ \t]+(?:both(?:[ \t]+(?:ears|sides))?|"
    r"bilaterally)(?=[ \t]*(?:[.;,)]|$))",
    re.I,
)
"""A grade or type closed by both ears named ("moderate both", "sensorineural both ears",
"mild bilaterally"; not "moderate in both", read whole with the figure before it, as it was)."""


def _dash_before_both(segment: str) -> list[str]:
    """Return the segment split at a spaced dash or arrow when one ear's figures come before
    it and a grade or type of both ears after it ("L 45 (moderate) - sensorineural both
    ears", "Lt 38.75 dB HL -> moderate both"): the grade or type is both ears', the figure
    the one ear's (as :func:`_dash_clauses` splits before an ear word)."""
    if not lx.may_hold(segment, "both", "bilat"):
        return [segment]
    for m in _SPACED_DASH.finditer(segment):
        if _GRADE_OF_BOTH.match(segment, m.end()):
            head, tail = segment[: m.start()], segment[m.end() :]
            before = ears_in(head)
            if len(before) == 1 and "both" not in before:
                return [head, tail]
            break
    return [segment]


def _with_clauses(segment: str) -> list[str]:
    m = _WITH.search(segment) if lx.may_hold(segment, "with") else None
    if m is None:
        return [segment]
    head, tail = segment[: m.start()], segment[m.end() :]
    before = ears_in(head)
    if not before and _beside_a_normal_ear(head, tail):
        return [head, tail]  # "a mild loss with a normal left ear": the loss is the right's
    if len(before) != 1 or "both" in before:  # (the tail's ears are not needed: for speed)
        return [segment]
    after = ears_in(tail)
    if len(after) == 1 and before != after and "both" not in after:
        return [head, tail]
    return [segment]


_PAREN = re.compile(r"\(([^()]{1,80})\)")
_EAR_TAG = re.compile(
    r"\s*(?:(?:measured|tested|recorded|taken|obtained|found|seen)\s+)?"
    r"(?:(?:from|in|on|for|at|of)\s+)?(?:(?:the|their|his|her|your)\s+)?"
    r"(?:right|left)(?:\s+(?:ear|side))?\s*",
    re.I,
)
"""A parenthesis that only names an ear, with at most the word of its measuring ("3.4 ml
(left ear)", "(measured from the left ear)", "(on the right side)"): the ear of the value
before it, as a record tags a result with its side, not a comparison put aside for it."""


def other_ear_asides(sentence: str) -> tuple[str, list[str]]:
    """Return the sentence without its other-ear asides, and the asides.

    A parenthesis naming another ear than the one the sentence names outside its
    parentheses ("Left ear: moderate loss (worse than the right)", "Rt drops to 80 dB HL
    at 6-8k (Lt 35)") is a comparison put aside for that ear: it does not make the
    sentence about both ears, and its claims are that ear's. A parenthesis that only tags
    the value before it with its ear (:data:`_EAR_TAG`) is no aside: it names that value's
    ear.
    """
    if "(" not in sentence:
        return sentence, []
    outside = ears_in(_PAREN.sub(" ", sentence))  # the ear named outside every parenthesis
    if len(outside) != 1 or "both" in outside:
        return sentence, []
    asides: list[str] = []
    kept: list[str] = []
    last = 0
    for m in _PAREN.finditer(sentence):
        inside = ears_in(m.group(1))
        if (
            len(inside) == 1
            and "both" not in inside
            and outside != inside
            and not _EAR_TAG.fullmatch(m.group(1))
        ):
            kept.append(sentence[last : m.start()])
            asides.append(m.group(1))
            last = m.end()
    if not asides:
        return sentence, []
    kept.append(sentence[last:])
    return "".join(kept), asides
