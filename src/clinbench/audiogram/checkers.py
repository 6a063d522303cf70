"""Typed checkers, one per finding kind, and the judge that turns their claims into findings.

Each ``check_*`` function reads one kind of claim from a clause (see
:mod:`clinbench.audiogram.vocabulary`) and hands it to the :class:`Judge` with a function
that says, per ear, whether the claim is true of the case (:class:`CaseFacts`). The judge
gives the verdict, the critical error the kind implies (``findings.CRITICAL_ERROR_OF``),
and, at the end, the laterality swaps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from clinbench.audiogram import result_claims as rc
from clinbench.audiogram import vocabulary as v
from clinbench.audiogram.audiogram_model import EARS, Audiogram
from clinbench.audiogram.claims import (
    air_bone_gap_claims,
    average_claims,
    configuration_claims,
    laterality_claims,
)
from clinbench.audiogram.classify import (
    LARGE_CANAL_VOLUME_ML,
    pure_tone_average,
)
from clinbench.audiogram.degree_claims import degree_claims
from clinbench.audiogram.findings import (
    CRITICAL_ERROR_OF,
    CriticalError,
    Finding,
    FindingKind,
    Verdict,
)
from clinbench.audiogram.judges import (
    JUDGES,
    CaseFacts,
    both_not_sensorineural,
    judge_pta,
    threshold_holds,
)


class Judge:
    """Turns claims into findings: verdicts, critical errors and laterality swaps."""

    def __init__(self, truth: CaseFacts):
        self.t = truth
        self.findings: list[Finding] = []
        self.swapped: list[tuple[Finding, bool]] = []
        # Matched one-ear claims with their judge, to ask later (only when a swap is in
        # question) whether they fit the other ear too.
        self.matched: list[tuple[Finding, Any]] = []
        # The clause each finding came from (check_clause numbers the clauses).
        self.clause = 0
        self.clause_of: dict[int, int] = {}

    # -- verdicts -----------------------------------------------------------------------

    def add(self, kind, ear, freq, claimed, text, hedged, per_ear, note=""):
        """Judge a claim; ``per_ear(ear) -> (verdict_bool_or_None, truth)``."""
        ears = ["right", "left"] if ear in ("both", None) else [ear]
        results = {e: per_ear(e) for e in ears}  # the other ear only if needed, below
        truth = {e: results[e][1] for e in ears} if len(ears) > 1 else results[ears[0]][1]
        oks = [results[e][0] for e in ears]
        error = CRITICAL_ERROR_OF[FindingKind(kind)]
        verdict, critical, swapped, other_truth = "unverifiable", None, False, None
        bound = False
        if all(ok is True for ok in oks):
            verdict = "match"
            bound = ear in ("right", "left")
        elif ear in ("right", "left"):
            if oks[0] is False:
                verdict, critical = "contradiction", error
                swapped, other_truth, note = self._other_ear(kind, ear, claimed, results,
                                                             per_ear, note)  # fmt: skip
        elif ear == "both":
            if any(ok is False for ok in oks):
                verdict = "contradiction"
                critical, note = self._both_ears_error(kind, ears, oks, error, note)
        elif all(ok is False for ok in oks):  # no ear named
            verdict, critical = "contradiction", error
        elif any(ok is False for ok in oks):
            note = (note + "; " if note else "") + "true of one ear only; no ear named"
        finding = Finding(
            kind, ear, freq, claimed, truth, verdict, critical, hedged, text.strip(), note
        )
        if verdict == "match" and bound:
            self.matched.append((finding, per_ear))
        if swapped:
            abnormal = self._abnormal(kind, claimed)
            if isinstance(other_truth, int | float) and not isinstance(claimed, str):
                # A value near the other ear's value is a swap only if that value is abnormal.
                abnormal = abnormal and self._abnormal(kind, other_truth)
            self.swapped.append((finding, abnormal))
        self.clause_of[id(finding)] = self.clause
        self.findings.append(finding)

    def _other_ear(self, kind, ear, claimed, results, per_ear, note):
        """Return (swapped, the other ear's truth, note) for a claim false of its ear: a
        swap when the claim is true of the other ear."""
        other = "left" if ear == "right" else "right"
        if kind in ("laterality", "asymmetry"):
            return False, None, note
        results[other] = per_ear(other)
        if (
            results[other][0] is True
            and not (kind == "pta" and results[ear][1] is None)
            and not (kind == "type" and str(claimed).startswith(("not ", "no ")))
        ):  # an average this ear cannot have (an untested frequency) is no swap,
            # nor a denial ("not conductive" is true of most ears)
            note = (note + "; " if note else "") + f"true of the {other} ear"
            return True, results[other][1], note
        return False, None, note

    def _both_ears_error(self, kind, ears, oks, error, note):
        """Return (critical error, note) of a two-ear claim false of one or both ears: a
        laterality confusion when one ear is normal and the claim is of a loss."""
        failing = [e for e, ok in zip(ears, oks, strict=True) if ok is False]
        if (
            len(failing) == 1
            and kind in ("degree", "type", "configuration")
            and self.t.cls.ear(failing[0]).type == "normal"
        ):
            note = (note + "; " if note else "") + f"the {failing[0]} ear is normal"
            return "laterality_confusion", note
        return error, note

    def _binding_index(self) -> tuple[dict, dict, dict]:
        """Index the claims that can bind a contradicted claim to its ear (built once, so
        checking every swapped claim is linear in the number of claims, not quadratic).

        Returns: (ear, test) -> kinds of matched claims that do not fit the other ear;
        (ear, kind, frequency) -> up to two distinct values of such claims; (kind, ear) ->
        up to two distinct frequencies of matched thresholds that do not fit the other ear.
        """
        kinds: dict[tuple, set] = {}
        values: dict[tuple, list] = {}
        for f, per_ear in self.matched:
            other = "left" if f.ear == "right" else "right"
            if per_ear(other)[0] is not False:
                continue
            kinds.setdefault((f.ear, _TEST_OF.get(f.kind, "audiometry")), set()).add(f.kind)
            seen = values.setdefault((f.ear, f.kind, f.frequency), [])
            if len(seen) < 2 and all(c != f.claimed for c in seen):
                seen.append(f.claimed)
        freqs: dict[tuple, list] = {}
        for f in self.findings:
            if (
                f.kind not in ("threshold", "bone_threshold") or f.ear not in EARS
                or f.verdict != "match" or not isinstance(f.claimed, int | float)
            ):  # fmt: skip
                continue
            conduction = "bone" if f.kind == "bone_threshold" else "air"
            other = getattr(self.t.audiogram.ear("left" if f.ear == "right" else "right"),
                            conduction)  # fmt: skip
            there = other.get(f.frequency)
            if there is None or abs(there.value - f.claimed) > self.t.tolerance_db:
                seen = freqs.setdefault((f.kind, f.ear), [])
                if len(seen) < 2 and f.frequency not in seen:
                    seen.append(f.frequency)
        return kinds, values, freqs

    def _claims_bind_ear(self, finding: Finding, index: tuple[dict, dict, dict]) -> bool:
        """Return True when the reply's other claims about a contradicted claim's ear fit
        that ear and not the other (a PTA, a degree, a threshold true of this ear only), or
        the reply gave the other ear's own, different value of the same kind correctly (a
        value that fits that ear only).

        Such claims show the reply describes this ear, so a claim of it that happens to
        fit the other ear is a wrong finding for this ear, not an ear swap ("L mild (PTA
        33.75) with air-bone gaps" when only the right ear has gaps: a type error).
        Only claims of the same test bind: the audiogram described right says nothing of
        which ear a tympanogram came from. ``index`` is :meth:`_binding_index`'s.
        """
        if finding.ear not in EARS:
            return False
        kinds, values, freqs = index
        other = "left" if finding.ear == "right" else "right"
        test = _TEST_OF.get(finding.kind, "audiometry")
        if any(k != finding.kind for k in kinds.get((finding.ear, test), ())):
            return True
        # The other ear's own value, given correctly and different ("right PTA 45 ... left
        # PTA 60" when 60 is near a right-ear average): nothing was moved across.
        if any(
            c != finding.claimed for c in values.get((other, finding.kind, finding.frequency), ())
        ):
            return True
        # Other quoted thresholds of this ear, same conduction, that fit it and not the other.
        return finding.kind in ("threshold", "bone_threshold") and any(
            fr != finding.frequency for fr in freqs.get((finding.kind, finding.ear), ())
        )

    def _abnormal(self, kind: str, claimed: Any) -> bool:
        """Return True when a claim describes an abnormal finding (a loss, an abnormal test)."""
        std = self.t.standard
        if kind in ("type", "configuration"):
            return claimed != "normal"  # "normal hearing" read as a type claim: no loss
        if kind == "degree":  # "normal at 250-8000 Hz" is as normal as "normal"
            return claimed.split(" at ")[0].split(" (")[0] != "normal"
        if kind == "air_bone_gap":
            return claimed == "present"
        if kind == "tympanometry" and str(claimed).startswith("ECV"):
            return float(str(claimed).split()[1]) > LARGE_CANAL_VOLUME_ML
        if kind == "tympanometry":
            return claimed != "type A"
        if kind in ("reflexes", "oae", "abr"):
            return claimed not in ("present", "normal")
        if kind in ("threshold", "bone_threshold", "srt", "pta"):
            return claimed == "no response" or not std.is_normal(float(claimed))
        if kind == "wrs":
            return claimed < 90
        return True

    def finalise(self) -> None:
        """Name laterality confusion where a contradicted claim is true of the other ear.

        A claim of an abnormal finding that fits the other ear is a laterality
        confusion. A claim of a normal finding that fits the other ear (e.g. 'normal
        hearing on the right' when only the left is normal) counts as one only when
        the reply also swapped an abnormal finding; otherwise it keeps its own error.
        """
        swapped, wrong_side = self._swaps()
        swap_evidence = any(abnormal for _, abnormal in swapped) or bool(wrong_side)
        for finding, abnormal in swapped:
            if abnormal or swap_evidence:
                finding.critical_error = CriticalError.LATERALITY
        self._both_sensorineural()

    def _swaps(self) -> tuple[list[tuple[Finding, bool]], list[Finding]]:
        """Return the contradicted claims that are ear swaps (with whether each is of an
        abnormal finding), and the unilateral losses put on the wrong side."""
        # A claim the reply also makes, correctly, about the other ear ("right ear: mixed;
        # left ear: mixed" when only the right is mixed) misdescribes this ear; it is not a
        # swap, unless this ear is normal (then, as for "bilateral", it is one).
        matched = {
            (f.kind, f.ear, f.frequency, str(f.claimed))
            for f in self.findings
            if f.verdict == "match"
        }
        swapped = [
            (finding, abnormal)
            for finding, abnormal in self.swapped
            if (
                finding.kind,
                "left" if finding.ear == "right" else "right",
                finding.frequency,
                str(finding.claimed),
            )
            not in matched
            or self.t.cls.ear(finding.ear).type == "normal"
        ]
        # One value that happens to fit the other ear, among values of this ear that fit
        # only this ear, is a wrong value (fabricated), not an ear swap: the other values
        # bind the claims to this ear.
        # A unilateral loss put on the wrong side ("single-sided deafness, left" when the
        # right ear is the dead one) is an ear swap in itself, as an abnormal claim is.
        wrong_side = [
            f for f in self.findings
            if f.kind == "laterality" and f.verdict == "contradiction" and f.ear in EARS
            and f.truth == f"unilateral {'left' if f.ear == 'right' else 'right'}"
        ]  # fmt: skip
        # The claims of the clause that put it there ("the right-sided sensorineural loss
        # is unilateral" when only the left has one) describe the other ear's loss: a side
        # named wrongly, however well the reply's other claims describe this ear.
        sided = {self.clause_of.get(id(f)) for f in wrong_side}
        index = self._binding_index() if swapped else ({}, {}, {})
        # Both ears' values of one kind, each true of the other ear ("PTA: right 25, left 45"
        # when the right is 45 and the left 25), were exchanged: a swap however well other
        # claims describe each ear.
        crossed = {(f.kind, f.ear, f.frequency) for f, _ in swapped}
        swapped = [
            (f, a) for f, a in swapped
            if self.clause_of.get(id(f)) in sided or not self._claims_bind_ear(f, index)
            or (f.kind, "left" if f.ear == "right" else "right", f.frequency) in crossed
        ]  # fmt: skip
        return swapped, wrong_side

    def _both_sensorineural(self) -> None:
        """Contradict per-ear 'sensorineural' claims of both ears where the unmasked bone
        shows a gap in one ear or the other."""
        # "R: SNHL ... L: SNHL" claims both ears sensorineural, as "bilateral SNHL" does.
        per_ear = [
            f
            for f in self.findings
            if f.kind == "type" and f.claimed == "sensorineural" and f.ear in EARS
            and f.verdict == "unverifiable"
        ]  # fmt: skip
        if {f.ear for f in per_ear} == set(EARS) and both_not_sensorineural(self.t):
            for f in per_ear:
                f.verdict = Verdict.CONTRADICTION
                f.critical_error = CriticalError.TYPE
                f.note = (
                    "one ear or the other has a significant gap at "
                    f"{self.t.cls.shared_gap_frequencies} Hz (unmasked bone)"
                )

    def withdraw(self, withdrawn) -> None:
        """Drop the findings of claims the reply withdrew; ``withdrawn(finding) -> bool``."""
        self.findings = [f for f in self.findings if not withdrawn(f)]
        self.swapped = [(f, a) for f, a in self.swapped if not withdrawn(f)]
        self.matched = [(f, p) for f, p in self.matched if not withdrawn(f)]

    def fabricated(self, kind, ear, freq, claimed, text, hedged, test):
        self.findings.append(
            Finding(kind, ear, freq, claimed, None, "contradiction", "fabricated_result", hedged,
                    text.strip(), f"the case contains no {test}")
        )  # fmt: skip

    # -- extractors ---------------------------------------------------------------------

    def judged(self, kind, ear, claimed, truth, ok, text, hedged, freq=None, note=""):
        if ok is None:
            verdict, critical = "unverifiable", None
        elif ok:
            verdict, critical = "match", None
        else:
            verdict, critical = "contradiction", CRITICAL_ERROR_OF[FindingKind(kind)]
        finding = Finding(
            kind, ear, freq, claimed, truth, verdict, critical, hedged, text.strip(), note
        )
        self.clause_of[id(finding)] = self.clause
        self.findings.append(finding)


_TEST_OF = {"tympanometry": "tympanometry", "reflexes": "reflexes", "oae": "oae", "abr": "abr"}
"""The test a finding kind belongs to, beside pure-tone and speech audiometry."""


def check_clause(
    j: Judge,
    seg: str,
    ear: str | None,
    sent_low: str,
    topics: rc.Topics,
    hedged_sentence: bool,
    explicit: bool = True,
    default_conduction: str = "air",
    low: str | None = None,
    frequency: int | None = None,
) -> None:
    """Run every checker on one clause (a segment of a sentence) tied to ``ear``.

    Each checker runs only when its trigger (a superset of its patterns) is in the clause.
    ``default_conduction`` is the conduction the sentence named last before this clause;
    ``low`` the clause lower-cased, when the caller has it; ``frequency`` the one the
    sentence opens with ("At 1 kHz the left ear ..."), for values that name none.
    """
    low = seg.lower() if low is None else low
    j.clause += 1
    hedged = hedged_sentence or bool(v.HEDGES.search(low))
    if v.NOT_DONE.search(low):
        return
    # "Acoustic reflexes, if not already done, would be expected to be absent": a
    # prediction names no result of the test (its audiogram claims are still read).
    tests = topics if not (topics.any() and rc.PREDICTION.search(sent_low)) else rc.NO_TOPICS
    if tests.tymp:
        _judge_each(j, rc.tympanometry_claims(seg, low, ear, hedged))
    if tests is topics and rc.VOLUME_TRIGGER.search(low):
        _judge_each(j, rc.canal_volume_claims(low, ear, hedged))
    if tests.reflex and (not tests.tymp or rc.REFLEX_TOPIC.search(low)):
        _judge_each(j, rc.outcome_claims("reflexes", low, ear, hedged, sent_low))
    if tests.oae:
        _judge_each(j, rc.outcome_claims("oae", low, ear, hedged, sent_low))
    if tests.abr:
        _judge_each(j, rc.outcome_claims("abr", low, ear, hedged, sent_low))
    if v.DIGIT.search(low):
        _judge_each(j, rc.speech_claims(low, ear, hedged, sent_low))
        averages = judge_averages(j, low, ear, hedged)
        check_thresholds(j, low, ear, hedged, default_conduction, averages, frequency)
    if v.GAP_TRIGGER.search(low):
        _judge_each(j, air_bone_gap_claims(low, ear, hedged))
    if not topics.any() or v.LOSS_CONTEXT.search(low):
        _judge_each(j, degree_claims(low, ear, hedged, sent_low, default_conduction))
        if rc.TYPE_TRIGGER.search(low):
            _judge_each(j, rc.type_claims(low, sent_low, ear, hedged))
        if not topics.tymp and v.CONFIG_TRIGGER.search(low):
            _judge_each(j, configuration_claims(low, ear, hedged))
    # 'Unilateral' is tied only to an ear named in the same clause, never a carried-over one.
    if v.LATERALITY_TRIGGER.search(low):
        _judge_each(j, laterality_claims(low, ear if explicit else None, hedged, sent_low))


def _judge_each(j: Judge, claims) -> None:
    """Judge each claim read from the clause with its kind's judge, in reading order."""
    for claim in claims:
        JUDGES[claim.kind](claim, j)


def check_thresholds(
    j: Judge,
    low,
    ear,
    hedged,
    default_conduction: str = "air",
    averages: set[int] = frozenset(),
    frequency: int | None = None,
) -> None:
    """Threshold claims: ranges and lists of dB values with their frequencies, and no
    responses ("NR at 8 kHz", "NR above 500 Hz"). A value's conduction is the one named
    last before it (bone/BC, air/AC), else ``default_conduction`` (the sentence's). A single
    value with no frequency of its own is at ``frequency``, the one its sentence opens with
    ("At 1 kHz the left ear's air threshold is 30 dB"), when there is one."""
    values = _Values(low, v.conduction_marks(low), default_conduction, averages)
    _threshold_ranges(j, values, ear, hedged)
    _threshold_lists(j, values, ear, hedged, frequency)
    _no_responses(j, values, ear, hedged)


@dataclass
class _Values:
    """A clause being read for thresholds: its text, conduction marks, and the spans used."""

    low: str
    marks: Any
    default_conduction: str
    averages: set[int]
    used: list[tuple[int, int]] = field(default_factory=list)

    @property
    def carried(self) -> bool:
        """True when the sentence's conduction is a gap ("air-bone gap ...; 30 dB at ...")."""
        return self.default_conduction == "gap"

    def conduction_at(self, position: int) -> str:
        """Return the conduction named last before ``position`` (else the sentence's)."""
        return v.conduction_before(self.marks, position, self.default_conduction)


def judge_averages(j: Judge, low: str, ear, hedged) -> set[int]:
    """Judge the clause's pure-tone averages; returns where their values start (not
    thresholds, for check_thresholds)."""
    claims, starts = average_claims(low, ear, hedged)
    for claim in claims:
        judge_pta(claim, j)
    return starts


def _threshold_ranges(j: Judge, c: _Values, ear, hedged) -> None:
    """Ranges: "20-30 dB HL at 250-1000 Hz", one value over a range of frequencies, a gap's
    size over a range."""
    low, marks, averages, used = c.low, c.marks, c.averages, c.used
    carried, conduction_at = c.carried, c.conduction_at
    for m in v.DB_RANGE.finditer(low):
        gap = conduction_at(m.start()) == "gap"
        if m.start() in averages or _not_a_threshold(low, m, gap) or gap:
            used.append(m.span())  # "worse by 15-25 dB": neither end is a threshold either
            if not gap or m.start() in averages or _not_a_threshold(low, m, gap):
                continue
        after = low[m.end() : m.end() + 40]
        f = v.FREQ_RANGE.match(after.lstrip(" ,").removeprefix("at ").removeprefix("across ")
                              .removeprefix("from ").removeprefix("between "))  # fmt: skip
        if gap:
            # "air-bone gaps of 30-40 dB at 250-1000 Hz": the gap's size at each frequency
            if (
                f
                and v.gap_size_bound(marks, low, m.start(), m.end(), carried)
                and (f1 := v.to_hz(f.group(1), f.group(2) or f.group(4)))
                and (f2 := v.to_hz(f.group(3), f.group(4)))
            ):
                _gap_size(j, ear, (f1, f2), sorted((int(m.group(1)), int(m.group(2)))),
                          m.group(0) + " " + f.group(0), hedged)  # fmt: skip
            continue
        if not f:
            if _bone_without_bone(j, low, m, ear, hedged):
                used.append(m.span())
            elif ear in EARS and not v.FREQ_MENTION.search(low):
                used.append(m.span())
                _overall_range(j, ear, conduction_at(m.start()), m, hedged)
            continue
        used.append(m.span())
        lo_db, hi_db = sorted((int(m.group(1)), int(m.group(2))))
        f1 = v.to_hz(f.group(1), f.group(2) or f.group(4))
        f2 = v.to_hz(f.group(3), f.group(4))
        if f1 is None or f2 is None:
            continue
        conduction = conduction_at(m.start())
        j.add("threshold_range", ear, None, f"{lo_db}-{hi_db} dB HL at {f1}-{f2} Hz",
                 m.group(0) + " " + f.group(0), hedged,
                 lambda e, c=conduction, a=lo_db, b=hi_db, x=f1, y=f2:
                 _range_ok(j, e, c, a, b, x, y))  # fmt: skip


def _threshold_lists(j: Judge, c: _Values, ear, hedged, frequency: int | None) -> None:
    """Lists of values with their frequencies ("25, 30 and 45 dB HL at 0.5, 1 and 2 kHz")."""
    low = c.low
    freq_lists = [(fm.start(), fm.end(), fm) for fm in v.FREQ_LIST.finditer(low)]
    for m in v.DB_LIST.finditer(low):
        if any(s <= m.start() < e for s, e in c.used):
            continue
        gap = c.conduction_at(m.start()) == "gap"
        values = _list_values(c, m, gap)
        if values is None:
            continue
        over = v.FREQ_RANGE.match(low, m.end() + len(v.AT_WORD.match(low, m.end()).group(0)))
        if len(values) == 1 and over and _value_over_range(j, c, m, values[0], over, gap,
                                                           ear, hedged):  # fmt: skip
            continue
        freqs = v.pair_frequencies(low, m, freq_lists)
        if not freqs and frequency is not None and len(values) == 1:
            freqs = [frequency]
        if not freqs:
            if not gap:
                _bone_without_bone(j, low, m, ear, hedged)
            continue
        if len(values) == 1:
            values = values * len(freqs)
        if len(values) == len(freqs):
            _list_claims(j, c, m, values, freqs, gap, ear, hedged)


def _list_values(c: _Values, m: re.Match, gap: bool) -> list[int] | None:
    """Return the threshold values of a list of dB values, None when none is a threshold."""
    values = [int(x) for x in v.INTEGER.findall(m.group(1))]
    if (
        m.start() in c.averages
        and len(values) > 1
        and not v.NUMBER_AFTER_SKIP.match(c.low, m.end())
    ):
        return values[1:]  # "PTA 45, 20 dB at 3 kHz": the average, then a threshold
    if m.start() in c.averages or _not_a_threshold(c.low, m, gap):
        return None
    return values


def _value_over_range(j: Judge, c: _Values, m, value: int, over, gap: bool, ear, hedged) -> bool:
    """Judge one value over a range of frequencies ("65 dB HL at 6-8 kHz", or a gap's size
    there); return True when it was one (or a gap bound to no size)."""
    f1 = v.to_hz(over.group(1), over.group(2) or over.group(4))
    f2 = v.to_hz(over.group(3), over.group(4))
    if f1 is None or f2 is None:
        return False
    text = m.group(0) + " " + over.group(0)
    if gap:
        if v.gap_size_bound(c.marks, c.low, m.start(), m.end(), c.carried):
            _gap_size(j, ear, (f1, f2), (value, value), text, hedged)
        return True
    conduction = c.conduction_at(m.start())
    j.add("threshold_range", ear, None, f"{value} dB HL at {f1}-{f2} Hz", text, hedged,
          lambda e: _range_ok(j, e, conduction, value, value, f1, f2))  # fmt: skip
    return True


def _list_claims(j: Judge, c: _Values, m, values, freqs, gap: bool, ear, hedged) -> None:
    """Judge each value of a list at its frequency (a threshold, or a gap's size there)."""
    conduction = c.conduction_at(m.start())
    named_by = v.CONDUCTION_BY.match(c.low, m.end()) if len(values) == 1 else None
    if named_by and not gap:  # "10 dB by bone": the conduction named after the value
        conduction = "bone" if named_by.group(1) else "air"
    for value, freq in zip(values, freqs, strict=True):
        if gap:  # "an air-bone gap of about 10 dB at 250 Hz": its size there
            if v.gap_size_bound(c.marks, c.low, m.start(), m.end(), c.carried):
                _gap_size(j, ear, (freq, freq), (value, value), m.group(0), hedged)
        else:
            _threshold(j, ear, conduction, freq, value, m.group(0), hedged, j.t.tolerance_db)


def _no_responses(j: Judge, c: _Values, ear, hedged) -> None:
    """No responses: "NR at 8 kHz", "no response above 500 Hz"."""
    low, conduction_at, tol = c.low, c.conduction_at, j.t.tolerance_db
    for m in v.NO_RESPONSE.finditer(low):
        level = v.NR_LEVEL.match(low, m.end())  # "no response at 65 dB HL at 4 kHz"
        start = level.end() if level and v.DB_WORD_AT.search(level.group(0)) else m.end()
        after = low[start : start + 50]
        fm = v.FREQ_LIST.search(after)
        if not fm or fm.start() > 12:
            continue
        conduction = conduction_at(m.start())
        named_after = v.CONDUCTION_AFTER.match(after, fm.end())
        if named_after:  # "NR at 4 kHz BC"
            conduction = "bone" if named_after.group(1) else "air"
        if conduction == "gap":  # a gap statement names no threshold
            continue
        freqs = v.freqs_of(fm.group(1), fm.group(2))
        direction = v.NR_DIRECTION.search(after[: fm.start()])
        if direction and len(freqs) == 1:
            # "NR above 500 Hz": every frequency tested beyond it (in the ears named).
            ears = ["right", "left"] if ear in ("both", None) else [ear]
            tested = sorted({f for e in ears for f in getattr(j.t.audiogram.ear(e), conduction)})
            edge = freqs[0]
            if direction.group(1):
                freqs = [
                    f for f in tested if f > edge or (f == edge and direction.group(1) == "from")
                ]
            else:
                freqs = [
                    f for f in tested if f < edge or (f == edge and "to" in direction.group(2))
                ]
        for freq in freqs:
            text = m.group(0) + " " + fm.group(0)
            _threshold(j, ear, conduction, freq, "no response", text, hedged, tol)


def _overall_range(j: Judge, ear: str, conduction: str, m: re.Match, hedged) -> None:
    """Judge a dB range given for one ear with no frequency or region anywhere in its
    clause ("masked bone 30-40 dB HL"): a summary of that ear's thresholds of that
    conduction, so it must at least overlap them (within the tolerance); a range that
    misses every one of them is an erroneous result."""
    lo, hi = sorted((int(m.group(1)), int(m.group(2))))
    tol = j.t.tolerance_db

    def ok(e):
        points = getattr(j.t.audiogram.ear(e), conduction)
        values = [t.value for t in points.values() if not t.no_response]
        if not values:
            return None, None
        return any(lo - tol <= x <= hi + tol for x in values), (min(values), max(values))

    j.add("threshold_range", ear, None, f"{lo}-{hi} dB HL ({conduction}, no frequency named)",
          m.group(0), hedged, ok)  # fmt: skip


def _not_a_threshold(low: str, m: re.Match, gap: bool = False) -> bool:
    """Return True when a dB value is an average, a speech level, a gap, a difference or the
    level of a no response (words before it), or a difference or dip (words after it).
    With ``gap`` (the value is in a gap's reach), the gap named before it is no reason: the
    value is that gap's size."""
    if v.NUMBER_AFTER_SKIP.match(low, m.end()):
        return True
    window = low[max(0, m.start() - 30) : m.start()]
    skip = v.NUMBER_CONTEXT_SKIP.search(window)
    if skip is None or (gap and skip.group(1) in ("gap", "abg")):
        return False
    given = v.VALUE_GIVEN.match(window, skip.end(1)) if skip.group(1) else None
    # "PTA 45, 20 dB at 3 kHz": the average's own value ends its reach; the value after it
    # is a threshold again.
    return not (given and not v.DIGIT.search(window, given.end()))


def _bone_without_bone(j: Judge, low: str, m: re.Match, ear, hedged) -> bool:
    """Record a bone-conduction value claimed without a frequency when the case has no bone
    conduction at all ("masked BC 5-10 dB HL"): a fabricated result. Returns True if so."""
    if any(j.t.audiogram.ear(e).bone for e in EARS):
        return False
    window = low[max(0, m.start() - 25) : m.start()]
    named = list(v.CONDUCTION.finditer(window))[-1:]
    if not named or not named[0].group(1):
        return False
    if v.negated(low, max(0, m.start() - 25) + named[0].start()):
        return False
    j.fabricated("bone_threshold", ear, None, m.group(0), m.group(0), hedged,
                 "bone conduction")  # fmt: skip
    return True


def _threshold(j: Judge, ear, conduction, freq, value, text, hedged, tol):
    kind = "bone_threshold" if conduction == "bone" else "threshold"
    ears = ["right", "left"] if ear in ("both", None) else [ear]
    tested = [e for e in ears if freq in getattr(j.t.audiogram.ear(e), conduction)]
    if not tested:
        j.fabricated(kind, ear, freq, value, text, hedged,
                        f"{conduction}-conduction threshold at {freq} Hz")  # fmt: skip
        return

    j.add(kind, ear, freq, value, text, hedged,
          lambda e: threshold_holds(j.t, e, conduction, freq, value, tol))  # fmt: skip


def _gap_size(j: Judge, ear, freqs: tuple[int, int], size: tuple[int, int], text, hedged):
    """Judge an air-bone gap's size quoted at a frequency (or over a range of them): air
    minus bone there, within the dB tolerance. Where bone was not measured at a frequency
    (or gave no response) the gap there is unknown, and a claim only about such
    frequencies is unverifiable."""
    lo, hi = min(freqs), max(freqs)
    low_db, high_db = size
    tol = j.t.tolerance_db

    def ok(e):
        if lo == hi and lo not in j.t.audiogram.ear(e).bone:
            # A gap quoted at one frequency where this ear's bone was not tested reports a
            # bone threshold the audiogram does not have, as a threshold quoted at an
            # untested frequency does (bone tested there with no response stays unknown).
            return False, f"bone not tested at {lo} Hz"
        gaps = {f: g for f, g in j.t.cls.ear(e).air_bone_gap.items() if lo <= f <= hi}
        if not gaps:
            return None, None
        return all(low_db - tol <= g <= high_db + tol for g in gaps.values()), gaps

    where = f"{lo} Hz" if lo == hi else f"{lo}-{hi} Hz"
    claimed = f"{low_db} dB" if low_db == high_db else f"{low_db}-{high_db} dB"
    j.add("air_bone_gap_size", ear, lo if lo == hi else None, f"{claimed} at {where}", text,
          hedged, ok)  # fmt: skip


def _range_ok(j: Judge, ear, conduction, lo, hi, f1, f2):
    points = getattr(j.t.audiogram.ear(ear), conduction)
    inside = {f: t.value for f, t in points.items() if min(f1, f2) <= f <= max(f1, f2)}
    if not inside:
        return None, None
    tol = j.t.tolerance_db
    ok = all(lo - tol <= v <= hi + tol for v in inside.values())
    return ok, inside


def _within(result, attr, value, tol):
    if result is None or getattr(result, attr) is None:
        return False, None
    truth = getattr(result, attr)
    return abs(truth - value) <= tol, truth


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
