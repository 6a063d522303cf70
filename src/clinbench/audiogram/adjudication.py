"""The Judge: turns claims into findings (verdicts, critical errors, laterality swaps).

The readers (:mod:`~clinbench.audiogram.statements` clause by clause, and
:mod:`~clinbench.audiogram.claims`) return claims (:class:`~clinbench.audiogram.claims.Claim`)
and never see the case. :func:`judge_clauses` hands each claim to its kind's judge
(:data:`~clinbench.audiogram.judges.JUDGES`), which asks the :class:`Judge` for a verdict;
:meth:`Judge.finalise` then names the laterality swaps over all findings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from clinbench.audiogram.audiogram_model import EARS
from clinbench.audiogram.classify import DEGREES, LARGE_CANAL_VOLUME_ML, pure_tone_average
from clinbench.audiogram.findings import (
    CRITICAL_ERROR_OF,
    CriticalError,
    Finding,
    FindingKind,
    Verdict,
)
from clinbench.audiogram.judges import JUDGES, CaseFacts, both_not_sensorineural
from clinbench.audiogram.threshold_claims import DEFERRED

if TYPE_CHECKING:
    from clinbench.audiogram.claims import Claim


class Judge:
    """Turns claims into findings: verdicts, critical errors and laterality swaps."""

    def __init__(self, truth: CaseFacts):
        self.t = truth
        self.findings: list[Finding] = []
        self.swapped: list[tuple[Finding, bool]] = []
        # Matched one-ear claims with their judge, to ask later (only when a swap is in
        # question) whether they fit the other ear too.
        self.matched: list[tuple[Finding, Any]] = []
        # The clause each finding came from (judge_clauses numbers the clauses).
        self.clause = 0
        self.clause_of: dict[int, int] = {}
        # Fabricated findings that count only beside another error (:meth:`fabricated_beside`).
        self.only_beside: list[Finding] = []

    # -- verdicts -----------------------------------------------------------------------

    def add(self, kind, ear, freq, claimed, text, hedged, per_ear, note=""):
        """Judge a claim; ``per_ear(ear) -> (verdict_bool_or_None, truth)``."""
        ears = ["right", "left"] if ear in ("both", None) else [ear]
        results = {e: per_ear(e) for e in ears}  # the other ear only if needed, below
        truth = {e: results[e][1] for e in ears} if len(ears) > 1 else results[ears[0]][1]
        oks = [results[e][0] for e in ears]
        error = _error_of(kind)
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
            named = "" if "no ear named" in note else "; no ear named"  # (said once)
            note = (note + "; " if note else "") + "true of one ear only" + named
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
            if not self._said_normal(f):
                # an ear said normal does not bind a loss claimed of it ("Left ear: normal
                # ... steroids for the left sudden SNHL" when the right has it): the reply
                # contradicts itself, and the loss fits the other ear, so it was moved; nor
                # does the span of its levels that says so ("Left ear normal (5-15 dB) ...
                # she hears nothing on the left": batch 172 UU16)
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
            _differs(c, finding.claimed)
            for c in values.get((other, finding.kind, finding.frequency), ())
        ):
            return True
        # Other quoted thresholds of this ear, same conduction, that fit it and not the other.
        return finding.kind in ("threshold", "bone_threshold") and any(
            fr != finding.frequency for fr in freqs.get((finding.kind, finding.ear), ())
        )

    def _said_normal(self, f: Finding) -> bool:
        """Return True when a claim says its ear is normal: a degree or type of normal, or
        a span of the whole ear's levels within the standard's normal band ("5-15 dB")."""
        if f.kind in ("degree", "type"):
            return not self._abnormal(f.kind, f.claimed)
        if f.kind != "threshold_range" or "no frequency named" not in str(f.claimed):
            return False
        top = _RANGE_TOP.match(str(f.claimed))
        return bool(top) and self.t.standard.is_normal(float(top.group(1)))

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
        # a worse ear named wrongly swaps the abnormal ear in itself (batch 96 XW30)
        swap_evidence = (
            any(abnormal for _, abnormal in swapped)
            or bool(wrong_side)
            or any(f.kind == "worse_ear" and f.critical_error for f in self.findings)
        )
        for finding, abnormal in swapped:
            if abnormal or swap_evidence:
                finding.critical_error = CriticalError.LATERALITY
        self._moved_run()
        self._moved_with_its_list()
        self._crossed_averages()
        self._both_sensorineural()
        self._alone_unjudged()

    def _crossed_averages(self) -> None:
        """Name laterality confusion where the two ears' averages were exchanged: the
        reply's right average is the left ear's standard average to the quarter decibel it
        is worked to, and its left average the right's, each off its own ear's by 2.5 dB or
        more ("4FA R 28.75, L 17.5" when the right is 17.5 and the left 28.75). Each is
        within the tolerance of some average of its own ear, so each was judged a match;
        but a worked average is exact, and the pair fits the ears only crossed."""
        ptas = {f.ear: f for f in self.findings if f.kind == "pta" and f.ear in EARS}
        if len(ptas) < 2 or any(f.verdict != "match" for f in ptas.values()):
            return
        own = {e: pure_tone_average(self.t.audiogram.ear(e).air, self.t.standard.pta_frequencies)
               for e in EARS}  # fmt: skip
        if None in own.values():
            return
        right, left = float(ptas["right"].claimed), float(ptas["left"].claimed)
        if (
            abs(right - own["left"]) <= 0.5 and abs(left - own["right"]) <= 0.5
            and abs(right - own["right"]) >= 2.5 and abs(left - own["left"]) >= 2.5
        ):  # fmt: skip
            for f in ptas.values():
                f.verdict = Verdict.CONTRADICTION
                f.critical_error = CriticalError.LATERALITY
                f.note = (f.note + "; " if f.note else "") + "the other ear's average, exchanged"

    def _moved_run(self) -> None:
        """Name laterality confusion for a run of thresholds given to one ear (two or more
        frequencies, one conduction, in one clause or in clauses that follow each other),
        each false of that ear and true of the other: the other ear's row was copied under
        this ear's name, so the run is moved whether its values are normal or not, and
        however well a value beside it fits.

        "Right: 10, 10, 10 dB at 1, 2, 4 kHz" when the right is 35-45 there and the left is
        10: the normal ear's hearing given to the ear with the loss. One such value alone
        keeps the older rule (``finalise``): it may be a wrong value, not a moved one, and
        so does a value at a point whose own, true value the reply also gives (two values
        for one point: a misplaced row of another test, not this ear's row copied)."""
        if not self.swapped:
            return
        known = {
            (f.kind, f.ear, f.frequency) for f in self.findings
            if f.verdict == "match" and f.kind in ("threshold", "bone_threshold")
        }  # fmt: skip
        rows: dict[tuple, list] = {}
        for f, _ in self.swapped:
            if (
                f.kind in ("threshold", "bone_threshold") and f.ear in EARS
                and (f.kind, f.ear, f.frequency) not in known
            ):  # fmt: skip
                rows.setdefault((f.kind, f.ear), []).append((self.clause_of.get(id(f), 0), f))
        for row in rows.values():
            row.sort(key=lambda cf: cf[0])
            run: list = []
            for clause, f in row:
                if run and clause - run[-1][0] > 1:
                    self._name_run(run)
                    run = []
                run.append((clause, f))
            self._name_run(run)

    @staticmethod
    def _name_run(run: list) -> None:
        """Mark a run of ear-swapped values (``_moved_run``) when it spans two frequencies."""
        if len({f.frequency for _, f in run}) < 2:
            return
        for _, f in run:
            if f.critical_error == CriticalError.FABRICATED:
                f.critical_error = CriticalError.LATERALITY
                f.note += "; one of a run of the other ear's values"

    def _moved_with_its_list(self) -> None:
        """Name laterality confusion for a value at a frequency its ear was not tested at,
        equal to the other ear's value there, when the other values the same clause gives
        that ear, of the same conduction, are ear swaps, or fit both ears alike in a reply
        that moves other findings to that ear.

        "Left: masked BC 45/45/35 at 250/500/1k" when those are the right ear's values and
        the left was not tested at 250 Hz: the whole list was moved to the wrong ear, and
        the 250 Hz value came along with it (one laterality confusion, not a fabricated
        result as well). A value filled in among the ear's own, true values stays
        fabricated (nothing was moved; validation batch 7 K33)."""
        swapped = [
            f for f in self.findings
            if f.critical_error == CriticalError.LATERALITY and f.ear in EARS
        ]  # fmt: skip
        if not swapped:
            return
        moved = {
            (f.kind, f.ear, self.clause_of.get(id(f)))
            for f in swapped
            if f.kind in ("threshold", "bone_threshold")
        }
        swapped_ears = {f.ear for f in swapped}
        for f in self.findings:
            if (
                f.critical_error != CriticalError.FABRICATED or f.truth is not None
                or f.ear not in swapped_ears or not isinstance(f.claimed, int | float)
            ):  # fmt: skip
                continue
            key = (f.kind, f.ear, self.clause_of.get(id(f)))
            if key not in moved and not self._list_fits_both_ears(f, key):
                continue
            there = self._other_value(f, f.frequency)
            if there is not None and there == f.claimed:
                f.critical_error = CriticalError.LATERALITY
                f.note += f"; the {'left' if f.ear == 'right' else 'right'} ear's value, "
                f.note += "moved with the rest of its list"

    def _other_value(self, f: Finding, frequency: int | None) -> int | None:
        """Return the other ear's level at ``frequency`` in ``f``'s conduction (None when not
        tested or no response)."""
        other = "left" if f.ear == "right" else "right"
        conduction = "bone" if f.kind == "bone_threshold" else "air"
        there = getattr(self.t.audiogram.ear(other), conduction).get(frequency)
        return None if there is None or there.no_response else there.value

    def _list_fits_both_ears(self, f: Finding, key: tuple) -> bool:
        """Return True when the other values of ``f``'s clause for its ear (same conduction)
        are true of both ears alike, so they bind the list to neither ear."""
        siblings = [
            g for g in self.findings
            if g is not f and (g.kind, g.ear, self.clause_of.get(id(g))) == key
            and isinstance(g.claimed, int | float)
        ]  # fmt: skip
        return bool(siblings) and all(
            g.verdict == "match"
            and (there := self._other_value(g, g.frequency)) is not None
            and abs(there - g.claimed) <= self.t.tolerance_db
            for g in siblings
        )

    def _swaps(self) -> tuple[list[tuple[Finding, bool]], list[Finding]]:
        """Return the contradicted claims that are ear swaps (with whether each is of an
        abnormal finding), and the unilateral losses put on the wrong side."""
        # A claim the reply also makes, correctly, about the other ear ("right ear: mixed;
        # left ear: mixed" when only the right is mixed) misdescribes this ear; it is not a
        # swap, unless this ear is normal (then, as for "bilateral", it is one).
        matched: set[tuple] = set()
        if self.swapped:  # (only swaps are looked up in it: a reply with none skips it)
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
        finding = Finding(kind, ear, freq, claimed, None, "contradiction", "fabricated_result",
                          hedged, text.strip(), f"the case contains no {test}")  # fmt: skip
        self.clause_of[id(finding)] = self.clause
        self.findings.append(finding)

    def fabricated_beside(self, kind, ear, freq, claimed, text, hedged, test):
        """A result the case does not hold that is no result by itself (a frequency named with
        no level): fabricated where the reply makes another critical error, else left
        unjudged by :meth:`finalise`."""
        self.fabricated(kind, ear, freq, claimed, text, hedged, test)
        self.only_beside.append(self.findings[-1])

    def _alone_unjudged(self) -> None:
        """Leave unjudged the findings of :meth:`fabricated_beside` when no other finding of
        the reply is a critical error (README "Label conventions": a frequency the audiogram
        lacks, named with no level, is no result by itself and counts beside another error)."""
        if not self.only_beside:
            return
        beside = {id(f) for f in self.only_beside}
        if any(f.critical_error and id(f) not in beside for f in self.findings):
            return
        for f in self.only_beside:
            f.verdict, f.critical_error = Verdict.UNVERIFIABLE, None
            f.note += "; named with no level: no result by itself"

    # -- extractors ---------------------------------------------------------------------

    def judged(self, kind, ear, claimed, truth, ok, text, hedged, freq=None, note=""):
        if ok is None:
            verdict, critical = "unverifiable", None
        elif ok:
            verdict, critical = "match", None
        else:
            verdict, critical = "contradiction", _error_of(kind)
        finding = Finding(
            kind, ear, freq, claimed, truth, verdict, critical, hedged, text.strip(), note
        )
        self.clause_of[id(finding)] = self.clause
        self.findings.append(finding)


_ERROR_OF_VALUE = {str(kind): error for kind, error in CRITICAL_ERROR_OF.items()}
"""CRITICAL_ERROR_OF keyed by each kind's value (a FindingKind hashes as its value)."""


def _error_of(kind) -> CriticalError | None:
    """Return CRITICAL_ERROR_OF[FindingKind(kind)]: a dict look-up first, for speed (every
    claim judged asks), then the enum, which rejects an unknown kind as before."""
    try:
        return _ERROR_OF_VALUE[kind]
    except KeyError:
        return CRITICAL_ERROR_OF[FindingKind(kind)]


def _differs(given: Any, claimed: Any) -> bool:
    """Return whether a value given of one ear differs from a claim made of the other: an
    ear said to have "a loss" (affected) claims what any type of loss given of the other ear
    does ("right sensorineural ... the left, the affected ear": the right's loss moved)."""
    if claimed == "a loss":
        return given == "normal"
    if isinstance(claimed, str) and " to " in claimed and isinstance(given, str):
        return not _within_span(given, claimed)
    return given != claimed


def _within_span(given: str, span: str) -> bool:
    """Return whether a degree lies within a span of degrees ("profound to complete" holds
    "complete"): mildest to worst in the order of a standard that names all three."""
    lo, _, hi = span.partition(" to ")
    for order in DEGREES.values():
        if {lo, hi, given} <= set(order):
            return order.index(lo) <= order.index(given) <= order.index(hi)
    return False


_RANGE_TOP = re.compile(r"(?:\d+-)?(\d+) dB HL")
"""The top of a range finding's levels ("5-15 dB HL (air, no frequency named)": 15)."""
_TEST_OF = {"tympanometry": "tympanometry", "reflexes": "reflexes", "oae": "oae", "abr": "abr"}
"""The test a finding kind belongs to, beside pure-tone and speech audiometry."""


def judge_clauses(clauses: Iterable[list[Claim]], j: Judge) -> None:
    """Judge the claims read clause by clause, each clause numbered in turn, with its kind's
    judge in reading order; the claims of the deferred rules (``threshold_claims.DEFERRED``:
    readings added after the verdict record) are judged after every clause, each under its
    own clause's number, so that their findings come after the recorded ones."""
    deferred: list[tuple[int, Claim]] = []
    for claims in clauses:
        j.clause += 1
        for claim in claims:
            if DEFERRED.isdisjoint(claim.rules):
                JUDGES[claim.kind](claim, j)
            else:
                deferred.append((j.clause, claim))
    last = j.clause
    for clause, claim in deferred:
        j.clause = clause
        JUDGES[claim.kind](claim, j)
    j.clause = last
