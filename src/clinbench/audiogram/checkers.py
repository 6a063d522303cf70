"""Typed checkers, one per finding kind, and the judge that turns their claims into findings.

Each ``check_*`` function reads one kind of claim from a clause (see
:mod:`clinbench.audiogram.vocabulary`) and hands it to the :class:`Judge` with a function
that says, per ear, whether the claim is true of the case (:class:`CaseFacts`). The judge
gives the verdict, the critical error the kind implies (``findings.CRITICAL_ERROR_OF``),
and, at the end, the laterality swaps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

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
    STANDARDS,
    Criteria,
    pure_tone_average,
)
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
    degree_holds,
    no_loss_holds,
    tympanometry_holds,
    type_holds,
)
from clinbench.audiogram.threshold_claims import DEFERRED, threshold_claims


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
        # Claims judged after every clause was read (judge_deferred), with their clause.
        self.deferred: list[tuple[int, Any]] = []

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
        if {f.ear for f in per_ear} == set(EARS) and _both_not_sensorineural(self):
            for f in per_ear:
                f.verdict = Verdict.CONTRADICTION
                f.critical_error = CriticalError.TYPE
                f.note = (
                    "one ear or the other has a significant gap at "
                    f"{self.t.cls.shared_gap_frequencies} Hz (unmasked bone)"
                )

    def judge_or_defer(self, claims) -> None:
        """Judge each claim now, or after every clause was read when a rule of
        threshold_claims.DEFERRED read it (see judge_deferred)."""
        for claim in claims:
            if DEFERRED.isdisjoint(claim.rules):
                JUDGES[claim.kind](claim, self)
            else:
                self.deferred.append((self.clause, claim))

    def judge_deferred(self) -> None:
        """Judge the claims check_clause deferred (each under its own clause number): readings
        added after the verdict record, whose findings come after the recorded ones."""
        last = self.clause
        for clause, claim in self.deferred:
            self.clause = clause
            JUDGES[claim.kind](claim, self)
        self.clause, self.deferred = last, []

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


REACH = 200
"""How far (characters) a region phrase is looked for around a word: a fixed window, so a
clause with many degree or symmetry words is read in linear time."""
_TEST_OF = {"tympanometry": "tympanometry", "reflexes": "reflexes", "oae": "oae", "abr": "abr"}
"""The test a finding kind belongs to, beside pure-tone and speech audiometry."""


@dataclass(frozen=True)
class Topics:
    """Which non-audiogram tests a sentence talks about (read once per sentence)."""

    tymp: bool
    reflex: bool
    oae: bool
    abr: bool

    @classmethod
    def of(cls, sentence_low: str) -> Topics:
        """Return the topics of a lower-cased sentence."""
        if not v.TOPIC_TRIGGER.search(sentence_low):
            return _NO_TOPICS
        return cls(
            bool(v.TYMP_TOPIC.search(sentence_low)),
            bool(v.REFLEX_TOPIC.search(sentence_low)),
            bool(v.OAE_TOPIC.search(sentence_low)),
            bool(v.ABR_TOPIC.search(sentence_low)),
        )

    def any(self) -> bool:
        """Return True when the sentence is about another test."""
        return self.tymp or self.reflex or self.oae or self.abr


_NO_TOPICS = Topics(False, False, False, False)


def check_clause(
    j: Judge,
    seg: str,
    ear: str | None,
    sent_low: str,
    topics: Topics,
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
    tests = topics if not (topics.any() and v.PREDICTION.search(sent_low)) else _NO_TOPICS
    if tests.tymp:
        check_tympanometry(j, seg, low, ear, hedged)
    if tests is topics and v.VOLUME_TRIGGER.search(low):
        check_canal_volume(j, low, ear, hedged)
    if tests.reflex and (not tests.tymp or v.REFLEX_TOPIC.search(low)):
        check_test_result(j, "reflexes", low, ear, hedged, sent_low)
    if tests.oae:
        check_test_result(j, "oae", low, ear, hedged, sent_low)
    if tests.abr:
        check_test_result(j, "abr", low, ear, hedged, sent_low)
    if v.DIGIT.search(low):
        check_speech(j, low, ear, hedged, sent_low)
        averages, starts = average_claims(low, ear, hedged)
        _judge_each(j, averages)
        j.judge_or_defer(threshold_claims(low, ear, hedged, default_conduction, starts, frequency))
    if v.GAP_TRIGGER.search(low):
        _judge_each(j, air_bone_gap_claims(low, ear, hedged))
    if not topics.any() or v.LOSS_CONTEXT.search(low):
        if v.DEGREE_TRIGGER.search(low):
            check_degree(j, low, ear, hedged, sent_low, default_conduction)
        if v.TYPE_TRIGGER.search(low):
            check_type(j, low, sent_low, ear, hedged)
        if not topics.tymp and v.CONFIG_TRIGGER.search(low):
            _judge_each(j, configuration_claims(low, ear, hedged))
    # 'Unilateral' is tied only to an ear named in the same clause, never a carried-over one.
    if v.LATERALITY_TRIGGER.search(low):
        _judge_each(j, laterality_claims(low, ear if explicit else None, hedged, sent_low))


def _judge_each(j: Judge, claims) -> None:
    """Judge each claim read from the clause with its kind's judge, in reading order."""
    for claim in claims:
        JUDGES[claim.kind](claim, j)


def _loss_head(low: str, sent_low: str) -> bool:
    """Return True when a clause's degree grades a loss its sentence named before it: a list
    item under a head that names the loss ("Bilateral SNHL: right moderately severe, left
    mild"), or a bare descriptor after the loss ("mixed loss, moderately severe")."""
    colon = sent_low.find(":")
    if colon >= 0 and v.LOSS_CONTEXT.search(sent_low, 0, colon):
        return sent_low.find(low.strip(), colon) > colon
    if not v.BARE_DESCRIPTOR.match(low):
        return False
    at = sent_low.find(low.strip())
    return at > 0 and bool(v.LOSS_CONTEXT.search(sent_low, 0, at))


def check_degree(
    j: Judge, low: str, ear, hedged, sent_low: str = "", default_conduction: str = "air"
) -> None:
    """Degree claims: an overall degree must match the PTA-based degree; a degree scoped to
    a frequency region ("mild in the low frequencies", "a mild dip to 30 dB at 6 kHz",
    "normal hearing through 2 kHz") is judged on that region's thresholds only. The loss a
    degree word grades is named in its clause or in the head of its sentence's list."""
    _normal_phrases(j, low, ear, hedged, sent_low, default_conduction)
    if v.LOSS_CONTEXT.search(low) or _loss_head(low, sent_low):
        _degree_words(j, low, ear, hedged)


def _normal_phrases(j: Judge, low: str, ear, hedged, sent_low: str, default_conduction: str):
    """'Normal hearing', 'within normal limits', 'no hearing loss' (and 'normal to mild'):
    a degree claim, and, said without exception where an ear has a loss the average hides,
    a 'no loss' type claim."""
    std = j.t.standard
    found: dict[bool, bool] = {}

    def limited(denial: bool) -> bool:
        """Whether the sentence limits a 'normal' claim (searched once per kind of claim)."""
        if denial not in found:
            pattern = v.NO_LOSS_EXCEPTION if denial else v.NORMAL_QUALIFIED
            found[denial] = bool(pattern.search(sent_low or low))
        return found[denial]

    for m in v.NORMAL_PHRASES.finditer(low):
        # A phrase with "hearing" in it ("no hearing loss", "normal hearing") names its own
        # subject: a test or conduction named before it does not make it a claim about that.
        denial = bool(v.NO_LOSS.fullmatch(m.group(0)))
        if not _about_hearing(low, m, denial, default_conduction):
            continue
        upto = v.NORMAL_TO.match(low[m.end() :])
        hi = v.canon_degree(upto.group(1)) if upto else "normal"
        if hi not in std.degrees:
            hi = "normal"
        after = m.end() + (upto.end() if upto else 0)
        region = v.region_before_paren(low[max(0, m.start() - REACH) : m.start()]) or v.region_of(
            low[after : after + REACH]
        )
        if v.EXCEPTION_AFTER.match(low, m.end()):
            region = None  # "normal apart from a dip at 6 kHz": 6 kHz is the exception
        claimed = "normal" if hi == "normal" else f"normal to {hi}"
        span = (0, std.degrees.index(hi))
        j.add("degree", ear, None, _scoped(claimed, region), m.group(0), hedged,
              lambda e, span=span, region=region: degree_holds(j.t, e, span, region, std,
                                                            every=True))  # fmt: skip
        _region_error(j, region)
        if (
            region is None and hi == "normal" and j.t.hidden_loss
            and not limited(denial)
            and not v.NORMAL_HEDGE.search(low[max(0, m.start() - 25) : m.end() + 25])
        ):  # fmt: skip
            # "Hearing is within normal limits in both ears", said without exception, says
            # no threshold is beyond normal limits: an ear with a loss at two or more
            # frequencies (a notch, a high-frequency loss) has a type of loss, not none.
            j.add("type", ear, None, "normal", m.group(0), hedged,
                  lambda e: no_loss_holds(j.t, e))  # fmt: skip


def _about_hearing(low: str, m: re.Match, denial: bool, default_conduction: str) -> bool:
    """Return True when a 'normal' phrase is said of the ear's hearing: not negated, not of
    another test, not of bone conduction ("BC WNL AU": the cochlea, not the ear's degree)."""
    own = denial or m.group(0) == "normal hearing"
    other = v.NOT_HEARING_CONTEXT.search(low[max(0, m.start() - 60) : m.start()])
    if v.negated(low, m.start()) or (other and not (own and other.group(1))):
        return False
    bone = v.conduction(low, m.start(), default_conduction) == "bone"
    bone = bone and "hearing" not in m.group(0)
    # "the bone dip at 2 kHz (20 dB HL, still within normal limits)": normal bone conduction
    return not bone or bool(
        v.HEARING_SUBJECT.search(low, v.last_mark_end(low, m.start()), m.start())
    )


def _degree_words(j: Judge, low: str, ear, hedged) -> None:
    """Degree words and ranges of a loss ("moderate", "mild to moderately severe"), with
    their hedges ("just below mild", "borderline") and frequency regions."""
    std = j.t.standard
    for m in v.DEGREE_RANGE.finditer(low):
        lo, hi = m.group(1), m.group(2) or m.group(1)
        if "normal" in (lo, hi) and m.group(2) is None:
            continue  # a lone 'normal' is handled by the phrases above
        if not _grades_a_loss(low, m, lo, hi):
            continue
        lo, hi = (v.canon_degree(x) for x in (lo, hi))
        graded = _degree_span(std, lo, hi, low[max(0, m.start() - 30) : m.start()])
        if graded is None:
            continue
        use, (a, b), claimed, note = graded
        region = v.region_before_paren(low[max(0, m.start() - REACH) : m.start()]) or v.region_of(
            low[m.end() : m.end() + REACH]
        )
        j.add("degree", ear, None, _scoped(claimed, region), m.group(0), hedged,
              lambda e, span=(a, b), region=region, use=use:
                  degree_holds(j.t, e, span, region, use),
              note)  # fmt: skip


def _grades_a_loss(low: str, m: re.Match, lo: str, hi: str) -> bool:
    """Return True when a degree word grades a hearing loss (not a noun of something else,
    not negated, not a side named by its finding, 'complete' only of a loss)."""
    if v.NON_HEARING_NOUN.match(low[m.end() :]) or v.negated(low, m.start()):
        return False
    if v.SIDE_BY_FINDING.match(low, m.end()) and v.THE_BEFORE.search(low, 0, m.start()):
        return False  # "aids for the moderate side": an ear named by a finding
    complete = lo in ("complete", "total") or hi in ("complete", "total")
    return not complete or bool(v.LOSS_FOLLOWS.match(low[m.end() :]))


def _degree_span(std, lo: str, hi: str, before: str):
    """Return (standard, (first, last) grade index, claimed wording, note) of a degree claim,
    or None when no standard has its words."""
    claimed = lo if lo == hi else f"{lo} to {hi}"
    use, note = std, ""
    if lo not in std.degrees or hi not in std.degrees:
        # A word the chosen standard lacks (e.g. ASHA's 'slight' under WHO 2021) is
        # judged under the first standard whose vocabulary has it.
        use = next((x for x in STANDARDS.values() if lo in x.degrees and hi in x.degrees), None)
        if use is None:
            return None
        note = f"term not in the {std.name} vocabulary; judged under {use.name}"
    a, b = sorted((use.degrees.index(lo), use.degrees.index(hi)))
    if any(x.degrees[-1] == use.degrees[b] for x in STANDARDS.values()):
        # The top grade of a standard ("profound" in ASHA and Goodman: any average past
        # 90 dB HL) names every worse grade another standard splits off (WHO 2021's
        # "complete", >= 95 dB HL): "profound" for a complete loss is not a grade off.
        b = len(use.degrees) - 1
    below = v.HEDGE_BELOW.search(before)
    if below and a == b and a > 0:
        # "just below mild": the grade below; "below moderate": any grade below it.
        a, b = (a - 1 if below.group(1) else 0), a - 1
        claimed = f"below {claimed}"
    elif v.HEDGE_BORDERLINE.search(before):
        a, b = max(0, a - 1), min(len(use.degrees) - 1, b + 1)
        claimed = f"borderline {claimed}"
    return use, (a, b), claimed, note


def _region_error(j: Judge, region) -> None:
    """'Normal' scoped to a named frequency region ("normal through 2 kHz") says every
    threshold there is within normal limits, not what the ear's PTA-based degree is: when
    it is wrong, the thresholds of that region are misreported (a fabricated result), not
    the ear's severity. (A graded word keeps severity: "moderately severe SNHL (R/L at
    4 kHz: 100/105)" grades the loss, and the region read after it may be a quoted value's.)
    """
    last = j.findings[-1] if j.findings else None
    if (
        isinstance(region, tuple) and region[2] and last is not None
        and last.critical_error == CriticalError.SEVERITY
    ):  # fmt: skip
        last.critical_error = CriticalError.FABRICATED
        last.note = (last.note + "; " if last.note else "") + "a region's thresholds"


def _scoped(claimed: str, region) -> str:
    if region is None:
        return claimed
    if region == "unknown":
        return f"{claimed} (in a frequency region)"
    return f"{claimed} at {region[0]}-{region[1]} Hz"


def check_type(j: Judge, low, sent_low, ear, hedged) -> None:
    """Type claims: the type words of a clause (one claim per clause; two types make a mixed
    claim), a component, a denied type, and the type of the asymmetry."""
    claims = _type_words(j, low, ear, hedged)
    if not claims:
        return
    worse = _worse_ear(j) if ear is None else None
    if worse and v.ASYMMETRY_SUBJECT.search(low, 0, claims[0][0]):
        # "The asymmetry is sensorineural": the type of the worse ear's loss. The reply named
        # no ear, so a type true of the other ear is no swap: the type is wrong.
        _, kind, text = claims[0]
        ok, truth = type_holds(j.t, worse, kind)
        j.judged("type", worse, kind, truth, ok, text, hedged,
                 note="the asymmetry: the worse ear's loss")  # fmt: skip
        return
    component = v.COMPONENT.search(sent_low)
    if component and v.negated(sent_low, component.start()):
        component = None  # "no conductive component, sensorineural": one type, not two
    both = {"sensorineural", "conductive"} <= {k for _, k, _ in claims} or (
        component and v.TYPE_NAME.search(sent_low.replace(component.group(0), ""))
    )
    if both or any(k == "mixed" for _, k, _ in claims):
        j.add("type", ear, None, "mixed", claims[0][2], hedged,
                 lambda e: type_holds(j.t, e, "mixed"))  # fmt: skip
        return
    for _, kind, text in claims[:1]:
        comp = v.COMPONENT.search(low)
        if comp:
            j.add("type", ear, None, f"{kind} component", text, hedged,
                     lambda e, k=kind: type_holds(j.t, e, k, component=True))  # fmt: skip
        elif kind == "sensorineural" and ear in ("both", None) and _both_not_sensorineural(j):
            j.judged("type", ear, kind, "a conductive component in one ear or the other",
                     False, text, hedged,
                     note="unmasked bone shows a significant gap in one ear or the other at "
                          f"{j.t.cls.shared_gap_frequencies} Hz")  # fmt: skip
        else:
            j.add("type", ear, None, kind, text, hedged,
                     lambda e, k=kind: type_holds(j.t, e, k))  # fmt: skip


def _type_words(j: Judge, low, ear, hedged) -> list[tuple[int, str, str]]:
    """Return (position, type, words) of each type word claimed in a clause; a denied type
    ("not sensorineural") is judged here."""
    claims = []
    for pattern, kind in v.TYPE_WORDS:
        for m in pattern.finditer(low):
            if v.negated(low, m.start()):
                if v.TYPE_DENIED.search(low, max(0, m.start() - 45), m.start()):
                    _type_denied(j, low, m, kind, ear, hedged)
                continue
            if v.COCHLEA_NORMAL.match(low, m.start()):
                continue
            if v.SIDE_BY_FINDING.match(low, m.end()) and v.THE_BEFORE.search(low, 0, m.start()):
                continue  # "ENT for the conductive side": names an ear by a finding, claims none
            if kind == "mixed" and not v.LOSS_CONTEXT.search(low):
                continue
            claims.append((m.start(), kind, m.group(0)))
    return claims


def _worse_ear(j: Judge) -> str | None:
    """Return the worse ear of a determined asymmetry (the classifier's rule), else None."""
    asymmetry = j.t.cls.asymmetry
    return asymmetry.worse_ear if asymmetry.asymmetric else None


def _type_denied(j: Judge, low: str, m: re.Match, kind: str, ear, hedged) -> None:
    """Judge a denied type ("no conductive component", "not a mixed loss"): wrong when the
    ear's type is the one denied; a denied component ("no conductive component") is wrong
    on a mixed ear too, which has one. An ear of undetermined type is not judged."""
    part = bool(v.COMPONENT.match(low, m.start()))
    denied = {kind, "mixed"} if part and kind != "mixed" else {kind}

    def ok(e):
        truth = j.t.cls.ear(e).type
        if truth in (None, "undetermined"):
            return None, truth
        return truth not in denied, truth

    claimed = f"no {kind} component" if part else f"not {kind}"
    j.add("type", ear, None, claimed, m.group(0), hedged, ok)


def _both_not_sensorineural(j: Judge) -> bool:
    """Return True when the two ears cannot both be sensorineural although neither ear's type
    is known (classify.shared_gap_frequencies): a claim of bilateral SNHL is then wrong."""
    cls = j.t.cls
    if any(cls.ear(e).type != "undetermined" for e in EARS):
        return False
    needed = 2 * (j.t.criteria or Criteria()).abg_min_count - 1
    return len(cls.shared_gap_frequencies) >= needed


def check_tympanometry(j: Judge, seg, low, ear, hedged) -> None:
    claims = []
    for m in v.TYMP_TYPE.finditer(seg):
        letter = m.group(1) or m.group(2)
        letter = letter[0].upper() + letter[1:].lower()
        claims.append((letter, m.group(0)))
    if not claims:
        for pattern, letter in v.TYMP_WORDS:
            m = pattern.search(low)
            if m and not v.negated(low, m.start()):
                claims.append((letter, m.group(0)))
                break
    tymp = j.t.audiogram.tympanometry
    for letter, text in claims:
        if not tymp:
            j.fabricated("tympanometry", ear, None, f"type {letter}", text, hedged,
                            "tympanometry")  # fmt: skip
            continue

        j.add("tympanometry", ear, None, f"type {letter}", text, hedged,
              lambda e, letter=letter: tympanometry_holds(j.t, e, letter))  # fmt: skip


def check_canal_volume(j: Judge, low, ear, hedged) -> None:
    """Ear-canal volume values ("ECV 0.9 ml"): a measured value, so a wrong one (beyond
    ``ECV_TOLERANCE_ML``) is a fabricated tympanometry result."""
    tymp = j.t.audiogram.tympanometry
    for m in v.CANAL_VOLUME.finditer(low):
        value = float(m.group(1))
        if not tymp:
            j.fabricated("tympanometry", ear, None, f"ECV {value:g} ml", m.group(0), hedged,
                         "tympanometry")  # fmt: skip
            continue

        def ok(e, value=value):
            t = tymp.get(e)
            if t is None or t.ear_canal_volume_ml is None:
                return None, None
            return abs(t.ear_canal_volume_ml - value) <= ECV_TOLERANCE_ML, t.ear_canal_volume_ml

        j.add("tympanometry", ear, None, f"ECV {value:g} ml", m.group(0), hedged, ok)


ECV_TOLERANCE_ML = 0.3
"""How far a quoted ear-canal volume may be from the measured one (rounding, 0.1 ml steps)."""


def _test_state(test: str, low: str) -> str | None:
    if v.ABSENT_WORDS.search(low):
        return "absent"
    if v.REDUCED_WORDS.search(low):
        return "abnormal" if test == "abr" else "reduced"
    if v.PRESENT_WORDS.search(low):
        return "normal" if test == "abr" else "present"
    return None


def check_test_result(j: Judge, test: str, low: str, ear, hedged, sent_low: str = "") -> None:
    """Results of reflexes, OAEs and ABR. A clause naming the test without a result word
    ("absent ipsilateral and contralateral reflexes", split at the 'and') takes the
    sentence's result word when the sentence has only one kind."""
    state = _test_state(test, low)
    if state is None and sent_low:
        kinds = {
            kind
            for kind, pattern in (("absent", v.ABSENT_WORDS), ("reduced", v.REDUCED_WORDS),
                                  ("present", v.PRESENT_WORDS))
            if pattern.search(sent_low)
        }  # fmt: skip
        if len(kinds) == 1:
            state = _test_state(test, sent_low)
    if state is None:
        return
    data = getattr(j.t.audiogram, test)
    name = {"reflexes": "acoustic reflexes", "oae": "OAEs", "abr": "ABR"}[test]
    if not data:
        j.fabricated(test, ear, None, state, low, hedged, name)
        return

    def ok(e):
        result = data.get(e)
        if result is None:
            return False, None
        if test == "reflexes":
            values = result.measured()
            truth = "absent" if all(v is None for v in values) else "present"
            if state == "reduced":
                high = [v for v in values if v is not None and v >= 100]
                return (True if high else None), truth
            return state == truth, truth
        truth = result.result
        if test == "abr" and truth == "absent" and state == "abnormal":
            return True, truth
        if state == "reduced" and truth == "absent":
            return None, truth
        return state == truth, truth

    j.add(test, ear, None, state, low, hedged, ok)


def _ear_tagged(j: Judge, low: str, start: int, unit: str) -> list[tuple[str, int, str]]:
    """Return (ear, value, text) for ear-tagged values after ``start`` (one test's list)."""
    tail = low[start:]
    out = []
    for m in v.VALUE_THEN_EAR.finditer(tail):
        if (m.group(2) == "%") == (unit == "%"):
            out.append((v.EAR_WORD.get(m.group(3), m.group(3)), int(m.group(1)), m.group(0)))
    if not out:
        for m in v.EAR_THEN_VALUE.finditer(tail):
            if (m.group(3) == "%") == (unit == "%"):
                ear = v.EAR_WORD.get(m.group(1), m.group(1))
                out.append((ear, int(m.group(2)), m.group(0)))
    if len(out) == 1 and sum((u == "%") == (unit == "%") for u in v.VALUE_UNIT.findall(tail)) > 1:
        return []  # "poor on the right at 44%, 80% on the left": not every value is tagged
    return out if len({e for e, _, _ in out}) == len(out) in (1, 2) else []


def check_speech(j: Judge, low, ear, hedged, sent_low: str = "") -> None:
    speech = j.t.audiogram.speech
    tol = j.t.tolerance_db
    tagged = []
    srt = v.SRT.search(low)
    if srt:
        tagged += [("srt", e, v, t) for e, v, t in _ear_tagged(j, low, srt.start(), "db")]
    wrs = v.WRS.search(low)
    if wrs:
        tagged += [("wrs", e, v, t) for e, v, t in _ear_tagged(j, low, wrs.start(), "%")]
    elif not srt and "%" in low and v.WRS_NAME.search(sent_low[: sent_low.find(low[:12])]):
        # "WRS R 84%, L 52%": the list, split at its comma, goes on naming word scores.
        tagged += [("wrs", e, v, t) for e, v, t in _ear_tagged(j, low, 0, "%")]
    if tagged:
        for kind, tagged_ear, value, text in tagged:
            if not speech:
                j.fabricated(kind, tagged_ear, None, value, text, hedged, "speech audiometry")
                continue
            attr, limit = ("srt_db", tol) if kind == "srt" else ("wrs_percent", j.t.wrs_tolerance)

            def ok(e, v=value, a=attr, t=limit):
                return _within(speech.get(e), a, v, t)

            j.add(kind, tagged_ear, None, value, text, hedged, ok)
        return
    for m in v.SRT.finditer(low):
        value = int(m.group(2))
        if not speech:
            j.fabricated("srt", ear, None, value, m.group(0), hedged, "speech audiometry")
            continue
        j.add("srt", ear, None, value, m.group(0), hedged,
                 lambda e, v=value: _within(speech.get(e), "srt_db", v, tol))  # fmt: skip
    for m in v.WRS.finditer(low):
        value = int(m.group(2) or m.group(3))
        if not speech:
            j.fabricated("wrs", ear, None, value, m.group(0), hedged, "speech audiometry")
            continue
        j.add("wrs", ear, None, value, m.group(0), hedged,
                 lambda e, v=value: _within(speech.get(e), "wrs_percent", v,
                                            j.t.wrs_tolerance))  # fmt: skip


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
