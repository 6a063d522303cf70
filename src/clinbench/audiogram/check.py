"""Judge-free audiometric fact checking of a free-text case reply.

:func:`check_reply` reads what a Q1/Q2 reply claims (thresholds with frequency and
ear, PTA, degree, type, configuration, air-bone gap, laterality, asymmetry, and
results of tympanometry, acoustic reflexes, OAEs, ABR and speech audiometry),
compares each claim with the case's audiogram and its classification, and names
the critical errors the contradictions imply (``findings.CriticalError``).

Reading and judging are apart: :mod:`~clinbench.audiogram.statements` (with
:mod:`~clinbench.audiogram.lexicon`, :mod:`~clinbench.audiogram.notation` and the clause
readers) reads the reply into claims without seeing the case;
:mod:`~clinbench.audiogram.judges` says whether each claim is true of the case and
:mod:`~clinbench.audiogram.adjudication` turns that into findings and laterality swaps;
:mod:`~clinbench.audiogram.findings` holds the enums and result types. What is not
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
from dataclasses import replace
from typing import Any

from clinbench.audiogram.adjudication import Judge, judge_clauses
from clinbench.audiogram.ages import without_ages
from clinbench.audiogram.audiogram_model import EARS, Audiogram
from clinbench.audiogram.candidates import candidate_classes_blanked
from clinbench.audiogram.captions import captions_as_transcript
from clinbench.audiogram.changes import change_to_its_end, without_change_amounts
from clinbench.audiogram.claims import (
    SHORTHAND,
    Claim,
    Qualifier,
    may_hold_shorthand,
    read_claims,
    written_out,
)
from clinbench.audiogram.classify import (
    Criteria,
    asymmetry,
    classify,
    get_standard,
    pure_tone_average,
)
from clinbench.audiogram.denied_after import verdicts_after_put_first
from clinbench.audiogram.differentials import differential_patterns_blanked
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.ear_cells import ear_cells_divided
from clinbench.audiogram.findings import (
    CRITICAL_ERRORS,
    VERDICTS,
    CheckOutcome,
    CriticalError,
    FactCheck,
    Finding,
    FindingKind,
    Verdict,
)
from clinbench.audiogram.forms import unchosen_options_blanked
from clinbench.audiogram.generic_frames import generic_sentences_blanked
from clinbench.audiogram.headed_blocks import other_headings_blanked
from clinbench.audiogram.interface import interface_messages_written_out
from clinbench.audiogram.judges import JUDGES, CaseFacts, judge_claims
from clinbench.audiogram.lay_levels import lay_levels_written_out
from clinbench.audiogram.markup import markup_as_text
from clinbench.audiogram.notation import (
    export_fields_written_out,
    mail_wrap_mended,
    ocr_slips_mended,
    results_by_ear_written_out,
    translated_terms_mended,
)
from clinbench.audiogram.notebooks import program_output_read_as_said
from clinbench.audiogram.occasions import occasion_tables_read_as_this_test
from clinbench.audiogram.off_chart import levels_beyond_audiometer, results_at_frequencies
from clinbench.audiogram.rules_reply import case_audiogram
from clinbench.audiogram.screens import screen_verdicts_blanked
from clinbench.audiogram.spelling import typing_slips_mended
from clinbench.audiogram.statements import read_statements, sections
from clinbench.audiogram.voice import present_word_only

__all__ = [
    "CRITICAL_ERRORS",
    "VERDICTS",
    "CheckOutcome",
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


def pta_options(audiogram: Audiogram, ear: str, std) -> list[float]:
    """Return the PTAs a reply may quote: the standard's and the common alternatives."""
    air = audiogram.ear(ear).air
    options = []
    for freqs in (std.pta_frequencies, (500, 1000, 2000), (500, 1000, 2000, 4000),
                  (500, 1000, 2000, 3000), (1000, 2000, 4000)):  # fmt: skip
        value = pure_tone_average(air, freqs)
        if value is not None:
            options.append(value)
    return options


READING_STEPS = (
    interface_messages_written_out,
    candidate_classes_blanked,
    program_output_read_as_said,
    captions_as_transcript,
    present_word_only,
    markup_as_text,
    occasion_tables_read_as_this_test,
    other_headings_blanked,
    unchosen_options_blanked,
    typing_slips_mended,
    mail_wrap_mended,
    ocr_slips_mended,
    translated_terms_mended,
    export_fields_written_out,
    results_by_ear_written_out,
    ear_cells_divided,
    verdicts_after_put_first,
    without_unclaimed,
    differential_patterns_blanked,
    generic_sentences_blanked,
    without_ages,
    screen_verdicts_blanked,
    without_change_amounts,
    change_to_its_end,
    written_out,
    lay_levels_written_out,
)
"""What a reply goes through before its statements are read, in this order: each step is
linear, returns text, and leaves a text with nothing of its kind as it is."""


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
    text = reply_text
    for step in READING_STEPS:
        text = step(text)
    parts, read = sections(text)
    judge_clauses((claims for part in parts for claims in read_statements(part)), checker)
    claims = [c for part in parts if may_hold_shorthand(part) for c in read_claims(part)]
    if claims:  # (most replies hold no shorthand: nothing to withdraw or judge; for speed)
        checker.withdraw(_superseded(claims))
        judge_claims(unread_claims(claims, checker.findings), checker)
    judge_claims(off_chart_claims(parts, checker.findings), checker)
    checker.finalise()
    errors = sorted({str(f.critical_error) for f in checker.findings if f.critical_error})
    return FactCheck(
        findings=checker.findings,
        critical_errors=errors,
        standard=std.name,
        tolerance_db=tolerance_db,
        sections_read=read,
    )


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
            # taken back with no ear named: of whichever ear; of both ears: their finding too
            both = ("both",) if set(c.ears) == {"right", "left"} else ()
            for ear in (*c.ears, *both) or ("any",):
                withdrawn.setdefault((c.kind, ear), []).append(c.text.lower())
        if "respectively" in c.rules:
            distributed.setdefault(c.kind, []).append(c.text.lower())

    def superseded(finding: Finding) -> bool:
        if not withdrawn and not distributed:
            return False
        text = finding.text.lower()
        # the last word stands: a withdrawn claim of the same kind and ear whose words the
        # finding's text shares
        said = withdrawn.get((finding.kind, finding.ear), []) + withdrawn.get(
            (finding.kind, "any"), []
        )
        if any(_has_words(text, w) for w in said):
            return True
        # a finding about both ears (or none) that judged a value a "respectively"
        # construction gives to one ear: the claim reader's pairing supersedes it
        return finding.ear in ("both", None) and any(
            d in text for d in distributed.get(finding.kind, ())
        )

    return superseded


def _has_words(text: str, words: str) -> bool:
    """Return whether ``words`` occur in ``text`` as whole words ("moderate" is not in
    "moderately severe")."""
    at = text.find(words)
    while at >= 0:
        end = at + len(words)
        if (not at or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        at = text.find(words, at + 1)
    return False


_NO_RESPONSE_GRADE = re.compile(r"profound|complete|total")


def unread_claims(claims: list[Claim], findings: list[Finding]) -> list[Claim]:
    """Return the claims read by a shorthand rule (``claims.SHORTHAND``) that the pattern
    reader gave no finding for.

    A claim is covered when a finding of its kind (for a threshold: its kind and
    frequency) is about one of its ears, both ears, or no ear named (unless that finding
    could not be judged: an unverifiable reading with no ear covers only a claim that names
    no ear either, which would be the same reading again). An ear said to be dead or to
    hear nothing (the "dead ear" rule, words the pattern reader does not read) is covered
    only by a degree finding of that ear at profound or complete: a grade read from other
    words ("left ear normal ... she hears nothing on the left") is another statement.
    """
    covered, earless = set(), set()
    for f in findings:
        kind = "threshold" if f.kind == "bone_threshold" else str(f.kind)
        if f.ear is None and f.verdict == "unverifiable":
            earless.add((kind, f.frequency))  # covers no ear: the shorthand may name one
            continue
        ears = ("right", "left") if f.ear in ("both", None) else (f.ear,)
        covered.update((kind, e, f.frequency) for e in ears)
        if kind == "degree" and _NO_RESPONSE_GRADE.search(str(f.claimed)):
            covered.update(("dead ear", e, None) for e in ears)
    out = []
    for claim in claims:
        if claim.kind not in JUDGES or not SHORTHAND.intersection(claim.rules):
            continue
        freq = claim.frequencies[0] if claim.frequencies else None
        named = bool(claim.ears) and claim.ears[0] in EARS
        if not named and (claim.kind, freq) in earless:
            continue  # read already, with no ear, by the pattern reader
        ears = claim.ears if named else EARS
        kind = "dead ear" if named and "dead ear" in claim.rules else claim.kind
        if not any((kind, e, freq) in covered for e in ears):
            out.append(claim)
    return out


def off_chart_claims(parts: list[str], findings: list[Finding]) -> list[Claim]:
    """Return the results stated where the audiogram has none (:mod:`off_chart`: a level or
    difference put at a frequency, a level no audiometer presents) that no finding judged
    already: none at a frequency a finding is at, none whose level a finding's text holds."""
    claims = [c for part in parts for c in results_at_frequencies(part)]
    claims += [c for part in parts for c in levels_beyond_audiometer(part)]
    if not claims:
        return claims
    at = {f.frequency for f in findings}
    said = " ".join(f.text.lower() for f in findings)
    return [
        c for c in claims
        if (c.kind == "result_at_frequency" and c.frequencies[0] not in at)
        or (c.kind == "level_beyond_audiometer" and str(c.value) not in said)
    ]  # fmt: skip


def critical_error_scores(replies: list[dict[str, Any]], cases: dict[str, Any]) -> dict[str, Any]:
    """Return precision, recall and counts of critical-error detection on labelled replies.

    Each reply is a dict with ``reply``, ``case`` (a key of ``cases``) and
    ``critical_errors`` (the human label). ``precision``/``recall`` are micro-averaged over
    (reply, error category) decisions; ``reply_precision``/``reply_recall`` decide per
    reply whether it has any critical error. A precision or recall with nothing to divide
    by (no error flagged, or none labelled) is undefined: None, never 0.

    A reply in which no claim was read (``CheckOutcome.NO_CLAIM_READ``) flags nothing, so it
    is no detection: a labelled error in it is a miss, as it would be for a reply that was
    read. Such replies are counted apart (``replies_no_claim_read``, and of those
    ``replies_no_claim_read_with_errors``) and listed by id in ``no_claim_read``; their
    misses say ``"no_claim_read": true``.
    """
    from sklearn.metrics import precision_score, recall_score
    from sklearn.preprocessing import MultiLabelBinarizer

    truth, found, unread = [], [], []
    for row in replies:
        truth.append(row["critical_errors"])
        check = check_reply(row["reply"], cases[row["case"]])
        found.append(check.critical_errors)
        unread.append(check.outcome == CheckOutcome.NO_CLAIM_READ)
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
        "replies_no_claim_read": sum(unread),
        "replies_no_claim_read_with_errors": sum(
            t and u for t, u in zip(any_true, unread, strict=True)
        ),
        "no_claim_read": [row.get("id") for row, u in zip(replies, unread, strict=True) if u],
        "misses": [
            {"id": row.get("id"), "label": row["critical_errors"], "found": f}
            | ({"no_claim_read": True} if u else {})
            for row, f, u in zip(replies, found, unread, strict=True)
            if sorted(f) != sorted(row["critical_errors"])
        ],
    }
