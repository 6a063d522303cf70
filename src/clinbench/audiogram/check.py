"""Judge-free audiometric fact checking of a free-text case reply.

:func:`check_reply` reads what a Q1/Q2 reply claims (thresholds with frequency and
ear, PTA, degree, type, configuration, air-bone gap, laterality, asymmetry, and
results of tympanometry, acoustic reflexes, OAEs, ABR and speech audiometry),
compares each claim with the case's audiogram and its classification, and names
the critical errors the contradictions imply (``findings.CriticalError``).

The work is split by responsibility: :mod:`~clinbench.audiogram.vocabulary` parses the
wording, :mod:`~clinbench.audiogram.checkers` holds one checker per finding kind and the
judge, :mod:`~clinbench.audiogram.findings` the enums and result types. What is not
understood is left out, never guessed, and a claim that cannot be tied to one ear or
compared with the truth is ``unverifiable``. Only the Q1 and Q2 sections are read when the
reply has section headings. Hedged claims ("likely", "possibly") count as claims and are
marked ``hedged``; ruled-out or negated mentions ("no conductive component", "rule out
retrocochlear pathology") are not claims.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from clinbench.audiogram import vocabulary as v
from clinbench.audiogram.audiogram_model import EARS
from clinbench.audiogram.checkers import CaseFacts, Judge, check_clause, pta_options
from clinbench.audiogram.claims import (
    SHORTHAND,
    Claim,
    Qualifier,
    may_hold_shorthand,
    read_claims,
    written_out,
)
from clinbench.audiogram.classify import Criteria, asymmetry, classify, get_standard
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.findings import (
    CRITICAL_ERRORS,
    VERDICTS,
    CriticalError,
    FactCheck,
    Finding,
    FindingKind,
    Verdict,
)
from clinbench.audiogram.judges import JUDGES, judge_claims
from clinbench.audiogram.result_claims import Topics
from clinbench.audiogram.rules_reply import case_audiogram

__all__ = [
    "CRITICAL_ERRORS",
    "VERDICTS",
    "CriticalError",
    "FactCheck",
    "Finding",
    "FindingKind",
    "Verdict",
    "check_claims",
    "check_reply",
    "critical_error_scores",
]


_FACTS: OrderedDict[tuple, tuple[Any, CaseFacts]] = OrderedDict()
_FACTS_SIZE = 512


def case_facts(
    case: Any,
    standard: str = "who2021",
    tolerance_db: int = 10,
    wrs_tolerance: int = 10,
    criteria: Criteria | None = None,
) -> CaseFacts:
    """Return what replies to ``case`` are checked against, classified once per case object.

    The facts of the last 512 case objects are kept (keyed by the object itself, which
    the cache holds, so its identity cannot be reused), so checking many replies to one
    case classifies it once. A case is taken as unchanged between checks.
    """
    key = (id(case), standard, tolerance_db, wrs_tolerance, criteria)
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is case:
        _FACTS.move_to_end(key)
        return hit[1]
    audiogram = case_audiogram(case)
    std = get_standard(standard)
    cls = classify(audiogram, std, criteria=criteria)
    base = criteria or Criteria()
    any_asym = any(
        asymmetry(audiogram, Criteria(**{**base.__dict__, "asymmetry": name})).asymmetric
        for name in ("contiguous", "pta", "rule3000")
    )
    facts = CaseFacts(
        audiogram=audiogram,
        cls=cls,
        standard=std,
        tolerance_db=tolerance_db,
        wrs_tolerance=wrs_tolerance,
        any_asymmetric=any_asym,
        ptas={e: pta_options(audiogram, e, std) for e in EARS},
        by_standard={std.name: cls},
        criteria=criteria,
    )
    _FACTS[key] = (case, facts)
    if len(_FACTS) > _FACTS_SIZE:
        _FACTS.popitem(last=False)
    return facts


def check_reply(
    reply_text: str,
    case_or_audiogram: Any,
    *,
    standard: str = "who2021",
    tolerance_db: int = 10,
    wrs_tolerance: int = 10,
    criteria: Criteria | None = None,
    bone_masking: str | None = None,
) -> FactCheck:
    """Return the FactCheck of a free-text reply against a case (item, dict or Audiogram).

    Thresholds, PTAs and SRTs match within ``tolerance_db`` (the AudiologyBench
    adjudicator's 10 dB by default); word recognition within ``wrs_tolerance``
    percentage points; degree and type under ``standard``. ``bone_masking`` ("strict" or
    "as-recorded", the default) overrides ``criteria``'s reading of bone values whose
    masking was not recorded.
    """
    if bone_masking is not None:
        criteria = replace(criteria or Criteria(), bone_masking=bone_masking)
    std = get_standard(standard)
    truth = case_facts(case_or_audiogram, std.name, tolerance_db, wrs_tolerance, criteria)
    checker = Judge(truth)
    parts, read = v.sections(written_out(without_unclaimed(reply_text)))
    for part in parts:
        _read_part(checker, part)
    checker.judge_deferred()
    claims = [c for part in parts if may_hold_shorthand(part) for c in read_claims(part)]
    checker.withdraw(_superseded(claims))
    judge_claims(unread_claims(claims, checker.findings), checker)
    checker.finalise()
    errors = sorted({str(f.critical_error) for f in checker.findings if f.critical_error})
    return FactCheck(
        findings=checker.findings,
        critical_errors=errors,
        standard=std.name,
        tolerance_db=tolerance_db,
        sections_read=read,
    )


@dataclass
class _Carried:
    """What one part of a reply carries from sentence to sentence while it is read."""

    context: str | None = None
    """The ear named last, carried to clauses that name none."""
    item_context: bool = False  # the carried ear was named in a list item
    in_item: bool = False
    sentence_conduction: str = "air"
    heading_context: bool = False  # the carried ear was named by a heading line of its own

    def blank(self, line_start: str | None) -> None:
        """A blank line ends a paragraph, and with it an ear named in its prose ("...,
        left ear normal.\n\nReasoning: air-bone gaps ..."); an ear heading ("### Right
        ear") still carries over its paragraphs."""
        if line_start is not None and not self.heading_context:
            self.context = None

    def new_line(self, line_start: str) -> None:
        """Start a line: a list ends, and with it the ear one of its items named."""
        item = self.in_item = bool(v.LIST_ITEM.match(line_start))
        indented = line_start[:1].isspace()
        if self.item_context and not indented:
            # A plain line after a list item whose ear label scoped it ("- Lt: normal.\n
            # Sudden SNHL - urgent review"): the list is over, and so is its ear. A new
            # item of a list ("3. Left ear: normal.\n4. ENT referral for the conductive
            # component."): an ear named in one item does not carry into the next; an ear
            # heading above the list still does.
            self.context = None
        self.item_context = self.item_context and (item or indented)

    def name_ear(self, ear: str, line_start: str | None) -> None:
        """Carry ``ear``, named by a clause of the main sentence."""
        self.context = ear
        self.item_context = self.in_item
        self.heading_context = bool(line_start is not None and v.EAR_HEADING.match(line_start))


def _read_part(checker: Judge, part: str) -> None:
    """Read one section of a reply sentence by sentence, clause by clause, into ``checker``."""
    carried = _Carried()
    for sentence, line_start, joined in _sentences(v.normalise(part)):
        stripped = sentence.strip()
        if not stripped:
            carried.blank(line_start)
            continue
        if line_start is not None:
            carried.new_line(line_start)
        if len(stripped) < 40 and v.HEADING.match(stripped):
            carried.context = None
            continue
        if v.REPORT_PART.match(stripped) and not v.ears_in(stripped[:40]):
            carried.context = None  # "### Action", "**Comment:** ...": no ear carried into it
        if not joined:
            # A conduction named before a semicolon carries over it ("Bone normal in both
            # ears; the dip to 20 dB HL at 2 kHz ..."), as within a sentence.
            carried.sentence_conduction = "air"
        _read_sentence(checker, carried, sentence, line_start)


def _sentence_segments(sentence: str) -> tuple[list[str], int, list[str | None]]:
    """Return the clauses of a sentence (its main clauses, then each other-ear aside's), how
    many are main, and the ear of each (an aside's own ear, None for a main clause)."""
    main, asides = v.other_ear_asides(sentence)
    segments = v.clauses(main)
    n_main = len(segments)  # the other-ear asides follow, each its own clause
    aside_ear: list[str | None] = [None] * n_main
    for aside in asides:
        pieces = v.clauses(aside)
        segments += pieces
        aside_ear += [next(iter(v.ears_in(aside)))] * len(pieces)  # the aside's ear
    return segments, n_main, aside_ear


def _read_sentence(checker: Judge, carried: _Carried, sentence: str, line_start) -> None:
    """Read the clauses of one sentence, each tied to its ear, into ``checker``."""
    sent_low = sentence.lower()
    opening = v.OPENING_FREQUENCY.match(sent_low)
    sentence_freq = v.to_hz(opening.group(1), opening.group(2)) if opening else None
    hedged_sentence = bool(v.HEDGED_SENTENCE.search(sent_low[:30]))
    topics = Topics.of(sent_low)
    segments, n_main, aside_ear = _sentence_segments(sentence)
    windows = _ClauseWindows(sent_low)
    for index, seg in enumerate(segments):
        seg_low = seg.lower()
        clause_context = windows.around(seg_low)
        secondary = v.SECONDARY.search(seg_low)
        if secondary:
            # "... on a background of bilateral SNHL": the background is a secondary
            # description, not this clause's claim about the ear.
            seg, seg_low = seg[: secondary.start()], seg_low[: secondary.start()]
            if not seg.strip(" ,:;-"):
                continue
        following = segments[index + 1] if index + 1 < len(segments) else ""
        ears = _clause_ears(seg, following)
        seg_ear = _clause_ear(carried, seg, seg_low, ears, following, line_start,
                              aside_ear[index], main=index < n_main)  # fmt: skip
        clause_freq = sentence_freq
        if "at " in seg_low and (index or ": at " in seg_low):
            opens = v.CLAUSE_OPENING_FREQUENCY.search(seg_low)
            if opens:
                clause_freq = v.to_hz(opens.group(1), opens.group(2))
        check_clause(
            checker, seg, seg_ear, clause_context, topics, hedged_sentence,
            explicit=bool(ears),
            default_conduction=carried.sentence_conduction, low=seg_low,
            frequency=clause_freq,
        )  # fmt: skip
        carried.sentence_conduction = v.last_conduction(seg_low) or carried.sentence_conduction


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


def _clause_ears(seg: str, following: str) -> set[str]:
    """Return the ears a clause names, or that a bare ear right after it names ("Sudden
    SNHL, left ear.")."""
    ears = v.ears_in(seg)
    trailing = v.EAR_ONLY.match(following)
    if not ears and trailing:
        ears = {trailing.group(1).lower()}
    return ears


_CASE_DIAGNOSIS = re.compile(
    r"\bsudden\b[^.;]{0,30}?\b(?:snhl|sensorineural|hearing loss)|\bssnhl\b"
)
"""A sudden (sensorineural) hearing loss named without an ear: the diagnosis of the case's
presentation (the ear it presented with), not of the ear the sentence before described
(NICE CKS sudden sensorineural hearing loss; a viva's summary line)."""


def _clause_ear(carried: _Carried, seg: str, seg_low: str, ears: set[str], following: str,
                line_start, aside_ear: str | None, main: bool) -> str | None:  # fmt: skip
    """Return the ear a clause is about ("both", one ear, or None), carrying an ear named by
    a main clause to the clauses after it."""
    if len(ears) == 1:
        seg_ear = next(iter(ears))
        if main and not v.COMPARATIVE.search(seg):  # an aside carries no ear on
            carried.name_ear(seg_ear, line_start)
        return seg_ear
    if len(ears) > 1:
        return None if {"right", "left"} <= ears or "both" not in ears else "both"
    if v.COMPARED_WITH.match(following) and v.ears_in(following):
        return None  # "PTA 45 dB HL against 25 dB HL on the left"
    if (
        v.LATERALITY_UNILATERAL.search(seg_low)
        or v.SYMMETRY.search(seg_low)
        or _CASE_DIAGNOSIS.search(seg_low)
    ):
        # "Unilateral SNHL", "the asymmetry is conductive": about the lossy ear or both
        # ears, whichever ear was named last; "a sudden SNHL": the presentation's
        return None
    return aside_ear or carried.context


def check_claims(
    claims: list[Claim],
    case_or_audiogram: Any,
    *,
    standard: str = "who2021",
    tolerance_db: int = 10,
    criteria: Criteria | None = None,
) -> FactCheck:
    """Return the FactCheck of claims read elsewhere (e.g. by a claim-reading model, see
    ``claims.claims_from_json``), judged by the same judges and laterality-swap pass."""
    std = get_standard(standard)
    checker = Judge(case_facts(case_or_audiogram, std.name, tolerance_db, 10, criteria))
    judge_claims(claims, checker)
    checker.finalise()
    errors = sorted({str(f.critical_error) for f in checker.findings if f.critical_error})
    return FactCheck(
        findings=checker.findings,
        critical_errors=errors,
        standard=std.name,
        tolerance_db=tolerance_db,
        sections_read="claims read by a claim reader",
    )


def _superseded(claims: list[Claim]):
    """Return a test of whether a finding judged a claim the reply itself superseded.

    The claims that can supersede (withdrawn ones, and "respectively" pairings) are
    indexed once per reply by kind, so a reply with many findings and many claims is not
    read finding x claim (a long reply made that quadratic).
    """
    withdrawn: dict[tuple, list[str]] = {}
    distributed: dict[Any, list[str]] = {}
    for c in claims:
        if c.qualifier == Qualifier.WITHDRAWN:
            for ear in c.ears:
                withdrawn.setdefault((c.kind, ear), []).append(c.text.lower())
        if "respectively" in c.rules:
            distributed.setdefault(c.kind, []).append(c.text.lower())

    def superseded(finding: Finding) -> bool:
        if not withdrawn and not distributed:
            return False
        text = finding.text.lower()
        # the last word stands: a withdrawn claim of the same kind and ear whose words the
        # finding's text shares
        if any(w in text for w in withdrawn.get((finding.kind, finding.ear), ())):
            return True
        # a finding about both ears (or none) that judged a value a "respectively"
        # construction gives to one ear: the claim reader's pairing supersedes it
        return finding.ear in ("both", None) and any(
            d in text for d in distributed.get(finding.kind, ())
        )

    return superseded


def unread_claims(claims: list[Claim], findings: list[Finding]) -> list[Claim]:
    """Return the claims read by a shorthand rule (``claims.SHORTHAND``) that the pattern
    reader gave no finding for.

    A claim is covered when a finding of its kind (for a threshold: its kind and
    frequency) is about one of its ears, both ears, or no ear named (unless that finding
    could not be judged: an unverifiable reading with no ear covers nothing).
    """
    covered = set()
    for f in findings:
        if f.ear is None and f.verdict == "unverifiable":
            continue  # a reading the pattern reader could not tie to an ear covers nothing
        kind = "threshold" if f.kind == "bone_threshold" else str(f.kind)
        ears = ("right", "left") if f.ear in ("both", None) else (f.ear,)
        covered.update((kind, e, f.frequency) for e in ears)
    out = []
    for claim in claims:
        if claim.kind not in JUDGES or not SHORTHAND.intersection(claim.rules):
            continue
        freq = claim.frequencies[0] if claim.frequencies else None
        ears = claim.ears if claim.ears and claim.ears[0] in EARS else EARS
        if not any((claim.kind, e, freq) in covered for e in ears):
            out.append(claim)
    return out


_SENTENCE_REACH = 1000
"""Sentences longer than this (characters) give each clause a window of this size as its
sentence context (the longest sentence in the validation sets is under 400)."""


def _sentences(text: str):
    """Yield (sentence, its line when the sentence starts a line, else None, whether a
    semicolon joins it to the sentence before)."""
    for line in text.split("\n"):
        last, joined = 0, False
        for m in v.SENTENCE_SPLIT.finditer(line):
            yield line[last : m.start()], (line if last == 0 else None), joined
            last, joined = m.end(), m.group(0).startswith(";")
        yield line[last:], (line if last == 0 else None), joined


def critical_error_scores(replies: list[dict[str, Any]], cases: dict[str, Any]) -> dict[str, Any]:
    """Return precision, recall and counts of critical-error detection on labelled replies.

    Each reply is a dict with ``reply``, ``case`` (a key of ``cases``) and
    ``critical_errors`` (the human label). ``precision``/``recall`` are micro-averaged over
    (reply, error category) decisions; ``reply_precision``/``reply_recall`` decide per
    reply whether it has any critical error. A precision or recall with nothing to divide
    by (no error flagged, or none labelled) is undefined: None, never 0.
    """
    from sklearn.metrics import precision_score, recall_score
    from sklearn.preprocessing import MultiLabelBinarizer

    truth, found = [], []
    for row in replies:
        truth.append(row["critical_errors"])
        found.append(check_reply(row["reply"], cases[row["case"]]).critical_errors)
    binarise = MultiLabelBinarizer(classes=list(CRITICAL_ERRORS))
    y_true, y_pred = binarise.fit_transform(truth), binarise.transform(found)
    any_true = [bool(t) for t in truth]
    any_found = [bool(f) for f in found]

    def defined(value: float) -> float | None:
        return None if math.isnan(value) else float(value)

    nan = float("nan")
    return {
        "precision": defined(precision_score(y_true, y_pred, average="micro", zero_division=nan)),
        "recall": defined(recall_score(y_true, y_pred, average="micro", zero_division=nan)),
        "reply_precision": defined(precision_score(any_true, any_found, zero_division=nan)),
        "reply_recall": defined(recall_score(any_true, any_found, zero_division=nan)),
        "labelled_errors": int(y_true.sum()),
        "detected_errors": int(y_pred.sum()),
        "replies_with_errors": sum(any_true),
        "replies_flagged": sum(any_found),
        "replies": len(replies),
        "misses": [
            {"id": row.get("id"), "label": row["critical_errors"], "found": f}
            for row, f in zip(replies, found, strict=True)
            if sorted(f) != sorted(row["critical_errors"])
        ],
    }
