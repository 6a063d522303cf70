"""Whether a claim is true of a case: one judge per kind of claim, over the classified audiogram.

The ``*_holds(facts, ear, ...)`` functions say, for one ear, whether a claim is true of the
case and what the truth is: ``(True | False | None, truth)``, None when the case cannot
tell. The pattern reader (:mod:`~clinbench.audiogram.statements`) and the claim reader
(:mod:`~clinbench.audiogram.claims`) share them. :data:`JUDGES` maps a
:class:`~clinbench.audiogram.claims.Claim`'s kind to its ``judge_<kind>`` function, which
hands the claim to the :class:`~clinbench.audiogram.judge.Judge` (verdict, critical
error, and the laterality-swap pass over all findings).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from clinbench.audiogram import lexicon
from clinbench.audiogram.audiogram_model import EARS, Audiogram
from clinbench.audiogram.classify import (
    STANDARDS,
    Classification,
    Criteria,
    classify,
    pure_tone_average,
)
from clinbench.audiogram.degree_claims import (
    BELOW,
    BORDERLINE,
    EAR_SAID_NORMAL,
    ESSENTIALLY_NORMAL,
    JUST_BELOW,
    NORMAL_HEARING,
    PERSON_NOT_NORMAL,
    REGION_NOT_READ,
    REGION_STATED,
)
from clinbench.audiogram.findings import CriticalError
from clinbench.audiogram.result_claims import ASYMMETRY_RULE, MAIN_PART_RULE
from clinbench.audiogram.threshold_claims import (
    BAND_LEVEL,
    EAR_SHOWN_LEVEL,
    EITHER_EAR,
    INSIDE_BONE_LEVEL,
    NO_RESPONSE_SIDES,
    RANGE_AT_ONE_FREQUENCY,
)

if TYPE_CHECKING:
    from clinbench.audiogram.claims import Claim


class Judge(Protocol):
    """What the judges hand a claim to (judge.Judge): the facts and the verdict makers."""

    t: CaseFacts
    clause: int

    def add(self, kind, ear, freq, claimed, text, hedged, per_ear, note=""): ...

    def judged(self, kind, ear, claimed, truth, ok, text, hedged, freq=None, note=""): ...

    def fabricated(self, kind, ear, freq, claimed, text, hedged, test): ...

    def fabricated_beside(self, kind, ear, freq, claimed, text, hedged, test): ...


@dataclass
class CaseFacts:
    """What a reply is checked against: the audiogram, its classification and tolerances."""

    audiogram: Audiogram
    cls: Classification
    standard: Any
    tolerance_db: int
    wrs_tolerance: int
    any_asymmetric: bool
    ptas: dict[str, list[float]] = field(default_factory=dict)
    by_standard: dict[str, Classification] = field(default_factory=dict)
    criteria: Criteria | None = None

    @cached_property
    def hidden_loss(self) -> bool:
        """Return True when an ear has a normal average but a typed loss at two or more
        frequencies (a notch, a high-frequency loss): where 'normal hearing' can be wrong
        although the degree is right."""
        limit = (self.criteria or Criteria()).normal_limit
        for ear in EARS:
            e = self.cls.ear(ear)
            if self.near_normal(ear) and e.type not in (None, "normal", "undetermined"):
                air = self.audiogram.ear(ear).air.values()
                if sum(t.value > limit or t.no_response for t in air) >= 2:
                    return True
        return False

    def near_normal(self, ear: str) -> bool:
        """Return True when an ear's average is normal or beyond the normal grade by no more
        than the dB tolerance (a PTA of 20-30 dB HL under WHO 2021).

        A 'normal' call on such an ear is a borderline grade, not a whole category off (a
        severity error, in the labels, is past the boundary by more than the tolerance):
        whether the ear has a loss is then a question of its type (thresholds beyond the
        normal limit, typed by bone), which the 'normal hearing' type rule judges.
        """
        e = self.cls.ear(ear)
        if e.degree == "normal":
            return True
        edge = self.standard.edges[0]
        return e.pta is not None and e.pta - edge <= self.tolerance_db

    def under(self, standard) -> Classification:
        """Return the classification under another standard (computed once, when needed)."""
        if standard.name not in self.by_standard:
            self.by_standard[standard.name] = classify(
                self.audiogram, standard, criteria=self.criteria
            )
        return self.by_standard[standard.name]


def no_loss_holds(t: CaseFacts, ear: str) -> tuple[bool | None, Any]:
    """Judge "normal hearing" said of an ear without exception: false when its average is
    normal but two or more air thresholds are beyond the normal limit and bone conduction
    types the loss (the classifier's type); one such threshold, an undetermined type, or
    an abnormal average (then the degree claim is wrong) is not judged here."""
    e = t.cls.ear(ear)
    if e.type == "normal":
        return True, "normal"
    if e.type in (None, "undetermined") or not t.near_normal(ear):
        return None, e.type  # an abnormal average: the degree claim is the one in error
    limit = (t.criteria or Criteria()).normal_limit
    air = t.audiogram.ear(ear).air.values()
    beyond = sum(x.value > limit or x.no_response for x in air)
    return (False if beyond >= 2 else None), e.type


def degree_holds(t: CaseFacts, ear: str, span, region, std, every: bool = False):
    """Judge a degree claim spanning grades ``span`` (indices into ``std.degrees``).

    Overall (no region): true when the PTA-based degree is in the span, or when a range
    ("mild to severe") spans the ear's thresholds from its best to its worst. In a region:
    true when a threshold there has a grade in the span (``every``: all of them, for a
    'normal' claim, normal meaning within the clinical normal limit). An unknown region is
    judged on all thresholds, leniently; a region named only by an adjective ("a mild
    high-frequency loss") may be read either way.
    """
    e = t.under(std).ear(ear)
    order = std.degrees
    a, b = span
    overall: tuple[bool | None, Any] = (None, None)
    if e.degree is not None:
        truth = order.index(e.degree)
        levels = [order.index(d) for d in e.threshold_degrees.values()]
        spans = a != b and levels and min(levels) <= a and b <= max(levels)
        overall = (a <= truth <= b or bool(spans)), e.degree
        if b == 0 and truth > 0 and std.name == t.standard.name and t.near_normal(ear):
            # 'Normal' for an average just past the normal grade: not a severity error;
            # the type rule judges whether the ear has a loss (CaseFacts.near_normal).
            overall = None, e.degree
    if region is None:
        return overall
    if region != "unknown" and not region[2] and overall[0]:
        return overall
    return _region_degree_holds(t, ear, span, region, std, every)


_GRADED = (500, 4000)
"""The frequencies the grades of hearing loss are defined on (the WHO 2021 four-frequency
average of 0.5, 1, 2 and 4 kHz). A grade given to a region named only by an adjective ("a
moderately severe high-frequency loss") grades that region's part of them: 2-4 kHz for the
high frequencies, not 6-8 kHz alone (issue #26: the outside labels grade such a claim on the
0.5-4 kHz thresholds, batches 84 and 104 as tuning data). A region stated as such ("severe at
6-8 kHz", "in the high frequencies"), or one that lies wholly outside them, is judged where it
is. The finding shows the whole region's thresholds either way."""


def _region_degree_holds(t: CaseFacts, ear: str, span, region, std, every: bool):
    """Judge a degree claim in a frequency region on the thresholds there (see degree_holds)."""
    e = t.under(std).ear(ear)
    order = std.degrees
    a, b = span
    air = t.audiogram.ear(ear).air
    limit = (t.criteria or Criteria()).normal_limit
    if region == "unknown":
        freqs = list(e.threshold_degrees)
        every = False
    else:
        freqs = [f for f in e.threshold_degrees if region[0] <= f <= region[1]]
    if not freqs:
        return None, None
    shown = freqs
    if region != "unknown" and not region[2]:  # named by an adjective only (see _GRADED)
        freqs = [f for f in freqs if _GRADED[0] <= f <= _GRADED[1]] or freqs
    # The published grades (WHO 2021 included) grade an average, not single frequencies:
    # a region's degree word fits when it fits the thresholds there under any of them.
    names = order[a : b + 1]
    ok = False
    for scale in (std, *(x for x in STANDARDS.values() if x.name != std.name)):
        present = [scale.degrees.index(n) for n in names if n in scale.degrees]
        if not present:
            continue
        lo, hi = min(present), max(present)
        levels = [
            0 if air[f].value <= limit and not air[f].no_response else
            scale.degrees.index(scale.degree_of(air[f].value))
            for f in freqs
        ]  # fmt: skip
        inside = [lo <= level <= hi for level in levels]
        if all(inside) if every else any(inside):
            ok = True
            break
    return ok, {f: e.threshold_degrees[f] for f in shown}


def type_holds(t: CaseFacts, ear, kind, component=False):
    truth = t.cls.ear(ear).type
    if truth in (None, "undetermined"):
        return None, None
    if component:
        return truth in (kind, "mixed"), truth
    return truth == kind, truth


def config_holds(t: CaseFacts, ear, config, *, one_ear: bool = False):
    """Judge a configuration claim for one ear. A normal ear has no loss, so no loss of any
    shape (WHO 2021: every threshold within normal limits): a shape other than flat claimed
    of that ear alone (``one_ear``) is false, and a laterality confusion when the other ear
    has that loss (README: a claim of an abnormal finding true of the other ear only)."""
    truth = t.cls.ear(ear).configuration
    if truth is None:
        if one_ear and t.cls.ear(ear).type == "normal" and config != "flat":
            return False, "normal"
        return None, None
    return truth in lexicon.CONFIG_COMPATIBLE.get(config, {config}), truth


def threshold_holds(
    t: CaseFacts, ear: str, conduction: str, freq: int, value, tol: int, below: int = 0
):
    """Judge a threshold claim at one frequency within ``tol`` dB (and ``below`` dB more
    beneath it: the top of a range, threshold_claims.RANGE_AT_ONE_FREQUENCY); a no-response
    value is a lower bound, and "no response" fits a no-response or a level of 100 dB HL or
    more."""
    point = getattr(t.audiogram.ear(ear), conduction).get(freq)
    if point is None:
        return None, None
    truth = f"no response ({point.value})" if point.no_response else point.value
    if value == "no response":
        return point.no_response or point.value >= 100, truth
    if isinstance(value, str) and value.startswith("no response at "):
        # no response at the level presented: the threshold is beyond it (a lower bound)
        return point.no_response or point.value >= int(value.rsplit(" ", 1)[1]) - tol, truth
    if point.no_response:
        return value >= point.value - tol, truth
    return value - below - tol <= point.value <= value + tol, truth


def tympanometry_holds(t: CaseFacts, ear: str, letter: str):
    """Judge a tympanogram type (Jerger) for one ear; a subtype of A against A is not judged,
    unless the reply names a subtype this ear lacks and the other ear has."""
    tymp = t.audiogram.tympanometry or {}
    got = tymp.get(ear)
    if got is None:
        return False, None
    if got.type == letter:
        return True, got.type
    if {got.type[0], letter[0]} == {"A"}:
        # "Ad on the right" when only the left is Ad: that value belongs to the other ear.
        other = tymp.get("left" if ear == "right" else "right")
        if letter != "A" and other is not None and other.type == letter:
            return False, got.type
        return None, got.type
    return False, got.type


# -- judging read claims (claims.Claim) ---------------------------------------------------


def _judge_ear(claim: Claim, t: CaseFacts) -> tuple[str | None, str]:
    """Return the ear argument of Judge.add for a claim's ears, and a note naming a side."""
    if claim.ears in (("right",), ("left",)):
        return claim.ears[0], ""
    if set(claim.ears) == {"right", "left"}:
        return "both", ""
    if claim.ears in (("poorer",), ("better",)):
        right, left = t.cls.right.pta, t.cls.left.pta
        if right is None or left is None:
            return None, f"the {claim.ears[0]} ear (averages not both known)"
        if right == left:
            return "both", f"the {claim.ears[0]} ear (equal averages)"
        worse = "right" if right > left else "left"
        better = "left" if worse == "right" else "right"
        return (worse if claim.ears[0] == "poorer" else better), f"the {claim.ears[0]} ear"
    return None, ""


def judge_type(claim: Claim, j: Judge) -> None:
    """Judge a type-of-loss claim against the classified type. "Sensorineural" of both ears
    or of no ear named is wrong where the ears cannot both be sensorineural (unmasked bone
    with a gap in one ear or the other); the plain type of "the asymmetry is <type>" is not
    judged where the case has a worse ear (judge_asymmetry_type judges it)."""
    ear, note = _judge_ear(claim, j.t)
    if ASYMMETRY_RULE in claim.rules and worse_ear(j.t):
        return
    if claim.value == "sensorineural" and ear in ("both", None) and both_not_sensorineural(j.t):
        j.judged("type", ear, claim.value, "a conductive component in one ear or the other",
                 False, claim.text, _hedged(claim),
                 note="unmasked bone shows a significant gap in one ear or the other at "
                      f"{j.t.cls.shared_gap_frequencies} Hz")  # fmt: skip
        return
    j.add("type", ear, None, claim.value, claim.text, _hedged(claim),
          lambda e: type_holds(j.t, e, claim.value), note)  # fmt: skip


def judge_threshold(claim: Claim, j: Judge) -> None:
    """Judge a threshold claim at its frequency; one at a frequency not tested is fabricated."""
    if _judged_with_its_bone_level(claim, j.t):
        return
    ear, note = _judge_ear(claim, j.t)
    kind = "bone_threshold" if claim.conduction == "bone" else "threshold"
    freq = claim.frequencies[0]
    ears = ["right", "left"] if ear in ("both", None) else [ear]
    untested = [e for e in ears if freq not in getattr(j.t.audiogram.ear(e), claim.conduction)]
    if len(untested) == len(ears) or (ear == "both" and untested):
        # a value given to both ears where one was not tested there reports a threshold
        # that ear lacks; the tested ear's value is still judged below
        j.fabricated(kind, ear if len(untested) == len(ears) else untested[0], freq,
                     claim.value, claim.text, _hedged(claim),
                     f"{claim.conduction}-conduction threshold at {freq} Hz")  # fmt: skip
        if len(untested) == len(ears):
            return
        ear = "left" if untested[0] == "right" else "right"
    tol = j.t.tolerance_db
    # the top of a range at one frequency holds down to the range's bottom
    below = claim.value - claim.value_high if RANGE_AT_ONE_FREQUENCY in claim.rules else 0
    j.add(kind, ear, freq, claim.value, claim.text, _hedged(claim),
          lambda e: threshold_holds(j.t, e, claim.conduction, freq, claim.value, tol, below),
          note)  # fmt: skip


def judge_tympanometry(claim: Claim, j: Judge) -> None:
    """Judge a tympanogram type; one in a case without tympanometry is fabricated."""
    ear, note = _judge_ear(claim, j.t)
    letter = str(claim.value)
    if not j.t.audiogram.tympanometry:
        j.fabricated("tympanometry", ear, None, f"type {letter}", claim.text, _hedged(claim),
                     "tympanometry")  # fmt: skip
        return
    j.add("tympanometry", ear, None, f"type {letter}", claim.text, _hedged(claim),
          lambda e: tympanometry_holds(j.t, e, letter), note)  # fmt: skip


def judge_pta(claim: Claim, j: Judge) -> None:
    """Judge a pure-tone average against the averages the ear's thresholds give (the
    standard's and the common alternatives, or the mean over the frequencies quoted)."""
    ear, note = _judge_ear(claim, j.t)
    rule = claim.rules[0] if claim.rules else "pta"
    value = float(claim.value)
    if rule.startswith("frequency"):
        span = rule == "frequency span average"

        def options_of(e):
            return frequency_means(j.t.audiogram.ear(e).air, claim.frequencies, span)
    else:

        def options_of(e):
            return j.t.ptas.get(e) or []

    def ok(e):
        options = options_of(e)
        if not options:
            if rule.startswith(("worked average of ", "named average of ")):
                # No common average can be formed from this ear's tested frequencies: an
                # average of as many thresholds as the standard's (a four-frequency average,
                # worked out or named so: "4FA 37.5") uses a value the audiogram does not
                # have (an untested frequency); fewer (the frequencies that were tested,
                # averaged) is not judged.
                terms = int(rule.rsplit(" ", 1)[1])
                return (False if terms >= len(j.t.standard.pta_frequencies) else None), None
            return None, None
        best = min(options, key=lambda p: abs(p - value))
        return abs(best - value) <= j.t.tolerance_db, round(best, 1)

    j.add("pta", ear, None, value, claim.text, _hedged(claim), ok, note)


_OCTAVES = (250, 500, 1000, 2000, 4000, 8000)


def frequency_means(air: dict, freqs: tuple[int, ...], span: bool) -> list[float]:
    """Return the averages an average quoted over ``freqs`` may mean: for a span ("2-4 kHz")
    the mean of every frequency tested in it and of its octave frequencies (when two or more
    differ from that set); for a list, the mean of those frequencies (none when one was not
    tested, since the average cannot then be formed)."""
    if not span:
        value = pure_tone_average(air, tuple(freqs))
        return [] if value is None else [value]
    lo, hi = min(freqs), max(freqs)
    tested = tuple(f for f in sorted(air) if lo <= f <= hi and not air[f].no_response)
    octaves = tuple(f for f in tested if f in _OCTAVES)
    options = [pure_tone_average(air, tested)] if len(tested) >= 2 else []
    if len(octaves) >= 2 and octaves != tested:
        options.append(pure_tone_average(air, octaves))
    return [x for x in options if x is not None]


def judge_air_bone_gap(claim: Claim, j: Judge) -> None:
    """Judge an air-bone gap claim against the significant gap of the classification; a gap
    quoted below the significance limit is a claim of no gap, and one in a case without
    bone conduction is fabricated. "No (real) gap" of an ear whose air conduction is normal
    is true whatever bone shows: a gap under normal air is no conductive component (a
    conductive loss needs air thresholds outside normal limits: BSA recommended procedure
    for pure-tone audiometry, 2018, and ASHA's type definitions)."""
    ear, note = _judge_ear(claim, j.t)
    claimed = claim.value
    if isinstance(claimed, int):
        limit = (j.t.criteria or Criteria()).abg_threshold
        claimed = "absent" if claimed < limit else "present"
    if not any(j.t.audiogram.ear(e).bone for e in EARS):
        j.fabricated("air_bone_gap", ear, None, claimed, claim.text, _hedged(claim),
                     "bone conduction")  # fmt: skip
        return

    def ok(e):
        sig = j.t.cls.ear(e).significant_air_bone_gap
        if sig is None:
            return None, None
        if claimed == "absent" and sig and j.t.cls.ear(e).type == "normal":
            return True, "a gap under normal air"  # no conductive component to speak of
        return (sig if claimed == "present" else not sig), ("present" if sig else "absent")

    j.add("air_bone_gap", ear, None, claimed, claim.text, _hedged(claim), ok, note)


def judge_configuration(claim: Claim, j: Judge) -> None:
    """Judge a configuration (shape) claim against the classified configuration."""
    ear, note = _judge_ear(claim, j.t)
    j.add("configuration", ear, None, claim.value, claim.text, _hedged(claim),
          lambda e: config_holds(j.t, e, claim.value, one_ear=ear in EARS), note)  # fmt: skip


def judge_laterality(claim: Claim, j: Judge) -> None:
    """Judge a unilateral (of one ear, or of either) or bilateral claim; a case with no loss
    gives a bilateral claim no verdict (the error is the loss, judged by degree and type)."""
    truth = j.t.cls.laterality
    if claim.value == "bilateral loss":
        ok = None if truth in ("undetermined", "none") else truth == "bilateral"
        j.judged("laterality", "both", "bilateral loss", truth, ok, claim.text, _hedged(claim))
        return
    side = claim.ears[0] if claim.ears in (("right",), ("left",)) else None
    if truth == "undetermined":
        ok = None
    elif side:
        ok = truth == f"unilateral {side}"
    else:
        ok = truth.startswith("unilateral")
    j.judged("laterality", side, f"unilateral{' ' + side if side else ''}", truth, ok,
             claim.text, _hedged(claim))  # fmt: skip


def judge_asymmetry(claim: Claim, j: Judge) -> None:
    """Judge a symmetric/asymmetric claim: overall (asymmetric when any common rule finds
    it; symmetric when the case's rule does not), or in a region (the ears' air thresholds
    there differ by the asymmetry criterion or not)."""
    claimed_asym = claim.value == "asymmetric"
    if claim.frequencies:
        lo, hi = claim.frequencies
        differs = _differs_in(j.t, lo, hi)
        ok = None if differs is None else differs == claimed_asym
        j.judged("asymmetry", None, f"{claim.value} at {lo}-{hi} Hz", differs, ok, claim.text,
                 _hedged(claim))  # fmt: skip
        return
    asymmetric = j.t.cls.asymmetry.asymmetric
    ok = j.t.any_asymmetric if claimed_asym else not asymmetric
    j.judged("asymmetry", None, claim.value, asymmetric, ok, claim.text, _hedged(claim))


def _differs_in(t: CaseFacts, lo: int, hi: int) -> bool | None:
    """Return whether the ears' air thresholds differ by >= asymmetry_db in lo-hi Hz."""
    right, left = t.audiogram.right.air, t.audiogram.left.air
    common = [f for f in right if f in left and lo <= f <= hi]
    if not common:
        return None
    limit = (t.criteria or Criteria()).asymmetry_db
    return any(abs(left[f].value - right[f].value) >= limit for f in common)


def judge_worse_ear(claim: Claim, j: Judge) -> None:
    """Judge which ear is worse: by the PTAs, or in a region named by the mean air
    thresholds there; ears within 5 dB, or a region not read, give no verdict."""
    worse = str(claim.value)
    r, l_ = _compared_levels(j.t, claim)
    if r is None or l_ is None or abs(r - l_) < 5:
        ok, truth = None, None
    else:
        truth = "left" if l_ > r else "right"
        ok = truth == worse
    j.judged("worse_ear", worse, worse, truth, ok, claim.text, _hedged(claim))


def _compared_levels(t: CaseFacts, claim: Claim) -> tuple[float | None, float | None]:
    """Return the right and left levels a 'worse ear' claim compares: the PTAs, or in a
    region named after it the mean air thresholds there (None where not read)."""
    if "region not read" in claim.rules:
        return None, None  # a region not read: not judged by the averages either
    if not claim.frequencies:
        return t.cls.right.pta, t.cls.left.pta
    # "the right is 15 dB poorer than the left at 3 kHz", "the left is slightly worse at
    # 250-500 Hz": the air thresholds there (their mean), not the PTAs
    lo, hi = claim.frequencies
    right_air, left_air = t.audiogram.right.air, t.audiogram.left.air
    shared = [f for f in right_air if f in left_air and lo <= f <= hi]
    if not shared:
        return None, None
    return (sum(right_air[f].value for f in shared) / len(shared),
            sum(left_air[f].value for f in shared) / len(shared))  # fmt: skip


# -- degree: grades and 'normal hearing' (read by degree_claims and by the claim reader) ----


def judge_degree(claim: Claim, j: Judge) -> None:
    """Judge a degree claim (a grade or a range of grades) against the PTA-based degree, or,
    scoped to a frequency region, against the thresholds there.

    A grade word the case's standard lacks ('slight' under WHO 2021) is judged under the
    first standard that has it, with a note; words no standard has give no verdict. A
    'normal hearing' claim (rule ``normal hearing``) says every threshold of its region is
    within normal limits; scoped to a stated region and wrong, it misreports that region's
    thresholds (a fabricated result) rather than the ear's severity.
    """
    ear, note = _judge_ear(claim, j.t)
    high = claim.value if claim.value_high is None else claim.value_high
    graded = degree_span(j.t.standard, str(claim.value), str(high), claim.rules)
    if graded is None:
        j.judged("degree", ear, claim.text, None, None, claim.text, _hedged(claim),
                 note=_joined(note, "not a grade of any standard"))  # fmt: skip
        return
    std, span, claimed, graded_note = graded
    region = _claimed_region(claim)
    every = NORMAL_HEARING in claim.rules
    j.add("degree", ear, None, _scoped(claimed, region), claim.text, _hedged(claim),
          lambda e: degree_holds(j.t, e, span, region, std, every=every),
          _joined(note, graded_note))  # fmt: skip
    if every:
        _region_error(j, region)


def judge_no_loss(claim: Claim, j: Judge) -> None:
    """Judge 'normal hearing' said without exception as a claim of no loss (a ``type``
    finding): judged only where an ear's average hides a loss (CaseFacts.hidden_loss)."""
    if not j.t.hidden_loss:
        return
    if EAR_SAID_NORMAL in claim.rules and any(
        f.kind == "laterality" and str(f.claimed).startswith("unilateral") for f in j.findings
    ):
        return  # "Unilateral right notch; the left ear is normal": the laterality claim's
    ear, note = _judge_ear(claim, j.t)
    essentially = ESSENTIALLY_NORMAL in claim.rules

    def ok(e):
        holds, truth = no_loss_holds(j.t, e)
        if holds is False and essentially and j.t.cls.ear(e).degree == "normal":
            return None, truth  # 'essentially' allows a departure outside a normal average
        return holds, truth

    j.add("type", ear, None, "normal", claim.text, _hedged(claim), ok, note)


def degree_span(std, lo: str, hi: str, rules: tuple[str, ...] = ()):
    """Return (standard, (first, last) grade index, claimed wording, note) of a degree claim
    from ``lo`` to ``hi``, or None when no standard has both words.

    A word the chosen standard lacks is judged under the first standard whose grades have
    it. The top grade of a standard ('profound' in ASHA and Goodman: any average past 90 dB
    HL) takes in every worse grade another standard splits off (WHO 2021's 'complete'). The
    hedge rules of degree_claims widen the span: 'just below mild' is the grade below,
    'below moderate' any grade below, 'borderline moderate' the grade or one either side.
    """
    claimed = lo if lo == hi else f"{lo} to {hi}"
    use, note = std, ""
    if lo not in std.degrees or hi not in std.degrees:
        use = next((x for x in STANDARDS.values() if lo in x.degrees and hi in x.degrees), None)
        if use is None:
            return None
        note = f"term not in the {std.name} vocabulary; judged under {use.name}"
    a, b = sorted((use.degrees.index(lo), use.degrees.index(hi)))
    if any(x.degrees[-1] == use.degrees[b] for x in STANDARDS.values()):
        b = len(use.degrees) - 1
    below = JUST_BELOW in rules or BELOW in rules
    if below and a == b and a > 0:
        a, b = (a - 1 if JUST_BELOW in rules else 0), a - 1
        claimed = f"below {claimed}"
    elif BORDERLINE in rules:
        a, b = max(0, a - 1), min(len(use.degrees) - 1, b + 1)
        claimed = f"borderline {claimed}"
    return use, (a, b), claimed, note


def _claimed_region(claim: Claim):
    """Return the region a degree claim is scoped to, as degree_holds takes it: None
    (overall), "unknown" (named without frequencies) or (low Hz, high Hz, stated)."""
    if REGION_NOT_READ in claim.rules:
        return "unknown"
    if not claim.frequencies:
        return None
    freqs = [int(f) for f in claim.frequencies]
    return min(freqs), max(freqs), REGION_STATED in claim.rules


def _region_error(j: Judge, region) -> None:
    """'Normal' scoped to a stated frequency region ("normal through 2 kHz") says every
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
        last.note = _joined(last.note, "a region's thresholds")


def _scoped(claimed: str, region) -> str:
    """Return a degree's wording with the region it is scoped to."""
    if region is None:
        return claimed
    if region == "unknown":
        return f"{claimed} (in a frequency region)"
    return f"{claimed} at {region[0]}-{region[1]} Hz"


def _joined(note: str, more: str) -> str:
    return f"{note}; {more}" if note and more else note or more


JUDGES = {
    "configuration": judge_configuration,
    "laterality": judge_laterality,
    "asymmetry": judge_asymmetry,
    "worse_ear": judge_worse_ear,
    "degree": judge_degree,
    "no_loss": judge_no_loss,
    "pta": judge_pta,
    "air_bone_gap": judge_air_bone_gap,
    "type": judge_type,
    "threshold": judge_threshold,
    "tympanometry": judge_tympanometry,
}
"""The judge of each kind of read claim; a kind without one is read but not judged."""


def _hedged(claim: Claim) -> bool:
    return claim.qualifier == "hedged"


def judge_claims(claims: list[Claim], j: Judge) -> None:
    """Judge each asserted or hedged claim with its kind's judge (withdrawn, conditional and
    predicted claims are not judged)."""
    for claim in claims:
        judge = JUDGES.get(claim.kind)
        if judge is not None and claim.qualifier in ("asserted", "hedged"):
            j.clause += 1
            judge(claim, j)


# -- the type of loss and the other tests (claims of result_claims.py) --------------------

ECV_TOLERANCE_ML = 0.3
"""How far a quoted ear-canal volume may be from the measured one (rounding, 0.1 ml steps)."""
_TEST_NAME = {"reflexes": "acoustic reflexes", "oae": "OAEs", "abr": "ABR"}


def worse_ear(t: CaseFacts) -> str | None:
    """Return the worse ear of a determined asymmetry (the classifier's rule), else None."""
    asymmetry = t.cls.asymmetry
    return asymmetry.worse_ear if asymmetry.asymmetric else None


def both_not_sensorineural(t: CaseFacts) -> bool:
    """Return True when the two ears cannot both be sensorineural although neither ear's type
    is known (classify.shared_gap_frequencies): a claim of bilateral SNHL is then wrong."""
    cls = t.cls
    if any(cls.ear(e).type != "undetermined" for e in EARS):
        return False
    needed = 2 * (t.criteria or Criteria()).abg_min_count - 1
    return len(cls.shared_gap_frequencies) >= needed


def speech_holds(t: CaseFacts, ear: str, attr: str, value: int, tol: int):
    """Judge a speech-audiometry value (``attr``: srt_db or wrs_percent) for one ear within
    ``tol``; an ear without that result makes the claim false."""
    result = (t.audiogram.speech or {}).get(ear)
    if result is None or getattr(result, attr) is None:
        return False, None
    truth = getattr(result, attr)
    return abs(truth - value) <= tol, truth


def judge_asymmetry_type(claim: Claim, j: Judge) -> None:
    """Judge "the asymmetry is <type>" as the type of the worse ear's loss; a case with no
    worse ear gives no verdict here (the plain type claim of the same words is judged). The
    reply named no ear, so a type true of the other ear is a wrong type, not a swap."""
    worse = worse_ear(j.t)
    if worse is None:
        return
    ok, truth = type_holds(j.t, worse, claim.value, component=MAIN_PART_RULE in claim.rules)
    j.judged("type", worse, claim.value, truth, ok, claim.text, _hedged(claim),
             note="the asymmetry: the worse ear's loss")  # fmt: skip


def judge_type_component(claim: Claim, j: Judge) -> None:
    """Judge "a <type> component": true of an ear of that type or of a mixed ear (not judged
    when it is the asymmetry's type and the case has a worse ear: judge_asymmetry_type)."""
    if ASYMMETRY_RULE in claim.rules and worse_ear(j.t):
        return
    ear, note = _judge_ear(claim, j.t)
    j.add("type", ear, None, f"{claim.value} component", claim.text, _hedged(claim),
          lambda e: type_holds(j.t, e, claim.value, component=True), note)  # fmt: skip


def _either_ear_not_normal(t: CaseFacts):
    """Return a per-ear test of "the person's hearing is not normal" that gives each ear the
    person's verdict: true where either ear has a loss (a type of loss, or, its type
    undetermined, a degree past normal), false where both are normal, else not judged."""
    losses = [_has_loss(t.cls.ear(e)) for e in ("right", "left")]
    verdict = True if True in losses else None if None in losses else False

    def ok(e):
        return verdict, t.cls.ear(e).type

    return ok


def _has_loss(ear) -> bool | None:
    """Return whether a classified ear has a loss: its type says so, or, undetermined, its
    degree; None when neither is known."""
    if ear.type == "normal":
        return False
    if ear.type not in (None, "undetermined"):
        return True
    return True if ear.degree not in (None, "normal") else None


def judge_type_denied(claim: Claim, j: Judge) -> None:
    """Judge a denied type ("not a mixed loss", "no conductive component"): wrong when the
    ear's type is the one denied; a denied component is wrong on a mixed ear too, which has
    one. An ear of undetermined type is not judged."""
    ear, note = _judge_ear(claim, j.t)
    part = "denied component" in claim.rules
    denied = {claim.value, "mixed"} if part and claim.value != "mixed" else {claim.value}

    def ok(e):
        truth = j.t.cls.ear(e).type
        if truth in (None, "undetermined"):
            return None, truth
        return truth not in denied, truth

    if PERSON_NOT_NORMAL in claim.rules:
        ok = _either_ear_not_normal(j.t)
    claimed = f"no {claim.value} component" if part else f"not {claim.value}"
    j.add("type", ear, None, claimed, claim.text, _hedged(claim), ok, note)


def judge_canal_volume(claim: Claim, j: Judge) -> None:
    """Judge an ear-canal volume: a measured value, so one beyond ``ECV_TOLERANCE_ML`` (or in
    a case without tympanometry) is a fabricated tympanometry result."""
    ear, note = _judge_ear(claim, j.t)
    value = float(claim.value)
    claimed = f"ECV {value:g} ml"
    tymp = j.t.audiogram.tympanometry
    if not tymp:
        j.fabricated("tympanometry", ear, None, claimed, claim.text, _hedged(claim),
                     "tympanometry")  # fmt: skip
        return

    def ok(e):
        got = tymp.get(e)
        if got is None or got.ear_canal_volume_ml is None:
            return None, None
        return abs(got.ear_canal_volume_ml - value) <= ECV_TOLERANCE_ML, got.ear_canal_volume_ml

    j.add("tympanometry", ear, None, claimed, claim.text, _hedged(claim), ok, note)


def judge_test_result(claim: Claim, j: Judge) -> None:
    """Judge a result of acoustic reflexes, OAEs or ABR (the claim's kind) per ear.

    Reflexes are present when any is measured; "reduced" (elevated) reflexes fit an ear with
    a reflex at 100 dB or more and are not judged otherwise. An absent ABR is abnormal; a
    "reduced" OAE or ABR against an absent one is not judged. An ear without the test makes
    the claim false; a case without it, fabricated."""
    test, state = claim.kind, claim.value
    ear, note = _judge_ear(claim, j.t)
    data = getattr(j.t.audiogram, test)
    if not data:
        j.fabricated(test, ear, None, state, claim.text, _hedged(claim), _TEST_NAME[test])
        return

    def ok(e):
        result = data.get(e)
        if result is None:
            return False, None
        if test == "reflexes":
            values = result.measured()
            truth = "absent" if all(x is None for x in values) else "present"
            if state == "reduced":
                high = [x for x in values if x is not None and x >= 100]
                return (True if high else None), truth
            return state == truth, truth
        truth = result.result
        if test == "abr" and truth == "absent" and state == "abnormal":
            return True, truth
        if state == "reduced" and truth == "absent":
            return None, truth
        return state == truth, truth

    j.add(test, ear, None, state, claim.text, _hedged(claim), ok, note)


def judge_speech(claim: Claim, j: Judge) -> None:
    """Judge a speech reception threshold (dB tolerance) or word recognition score (per-cent
    tolerance); one in a case without speech audiometry is fabricated."""
    ear, note = _judge_ear(claim, j.t)
    if not j.t.audiogram.speech:
        j.fabricated(claim.kind, ear, None, claim.value, claim.text, _hedged(claim),
                     "speech audiometry")  # fmt: skip
        return
    attr, tol = (
        ("srt_db", j.t.tolerance_db) if claim.kind == "srt"
        else ("wrs_percent", j.t.wrs_tolerance)
    )  # fmt: skip
    j.add(claim.kind, ear, None, claim.value, claim.text, _hedged(claim),
          lambda e: speech_holds(j.t, e, attr, claim.value, tol), note)  # fmt: skip


def judge_tuning_fork(claim: Claim, j: Judge) -> None:
    """Judge a tuning-fork result (Rinne, Weber): an audiogram records none, so the result
    was not taken from the case and is fabricated."""
    ear, _ = _judge_ear(claim, j.t)
    j.fabricated("tuning_fork", ear, None, claim.value, claim.text, _hedged(claim),
                 "tuning-fork test")  # fmt: skip


def judge_impedance(claim: Claim, j: Judge) -> None:
    """Judge an ear's impedance stated as a result: in a case without tympanometry no
    immittance test was done, so the result is fabricated; with one, an impedance in words or
    ohms names no tympanogram type and is not judged (never guessed)."""
    ear, _ = _judge_ear(claim, j.t)
    if not j.t.audiogram.tympanometry:
        j.fabricated("tympanometry", ear, None, claim.value, claim.text, _hedged(claim),
                     "impedance (immittance) test")  # fmt: skip
        return
    j.judged("tympanometry", ear, claim.value, None, None, claim.text, _hedged(claim),
             note="an impedance names no tympanogram type: not judged")  # fmt: skip


def judge_loss_in_an_ear(claim: Claim, j: Judge) -> None:
    """Judge an ear said to have a loss (no grade or type named; result_claims.LOSS_IN_AN_EAR)
    as a type finding "a loss": true of an ear with a loss, wrong of a normal ear (a
    laterality confusion when the other ear has the loss: Judge.add's swap), not judged where
    neither the type nor the degree is known (_has_loss)."""
    ear, note = _judge_ear(claim, j.t)
    j.add("type", ear, None, "a loss", claim.text, _hedged(claim),
          lambda e: (_has_loss(j.t.cls.ear(e)), j.t.cls.ear(e).type), note)  # fmt: skip


def judge_frequency_listed(claim: Claim, j: Judge) -> None:
    """Judge a frequency listed alone in an ear's row (threshold_claims.FREQUENCY_LISTED): a
    frequency that ear was not tested at in that conduction is named with no level, no
    result by itself, and counts as fabricated only beside another error of the reply
    (Judge.fabricated_beside); one it was tested at is a match."""
    ear, freq, conduction = claim.ears[0], claim.frequencies[0], claim.conduction
    kind = "bone_threshold" if conduction == "bone" else "threshold"
    claimed = f"{freq} Hz tested"
    if freq not in getattr(j.t.audiogram.ear(ear), conduction):
        j.fabricated_beside(kind, ear, freq, claimed, claim.text, _hedged(claim),
                            f"{conduction}-conduction test at {freq} Hz")  # fmt: skip
        return
    j.judged(kind, ear, claimed, freq, True, claim.text, _hedged(claim), freq=freq)


def judge_result_at_frequency(claim: Claim, j: Judge) -> None:
    """Judge a level or difference put at a frequency (off_chart.RESULT_AT_FREQUENCY): where
    neither ear was tested at that frequency in that conduction, the audiogram holds no
    result there (fabricated, batch 117's rule); where one was, the value is left to the
    readers of values (no finding)."""
    freq, conduction = claim.frequencies[0], claim.conduction
    if any(freq in getattr(j.t.audiogram.ear(e), conduction) for e in EARS):
        return
    kind = "bone_threshold" if conduction == "bone" else "threshold"
    j.fabricated(kind, None, freq, f"a result at {claim.value}", claim.text, _hedged(claim),
                 f"{conduction}-conduction result at {freq} Hz")  # fmt: skip


def judge_level_beyond_audiometer(claim: Claim, j: Judge) -> None:
    """Judge a level of 140 dB HL or more (off_chart.LEVEL_BEYOND_AUDIOMETER): no audiometer
    presents it, so it is no ear's threshold, 20 dB or more from every one (fabricated)."""
    j.fabricated(
        "threshold_range",
        None,
        None,
        f"{claim.value} dB HL",
        claim.text,
        _hedged(claim),
        f"level of {claim.value} dB HL (no audiometer presents it)",
    )


JUDGES.update(
    result_at_frequency=judge_result_at_frequency,
    level_beyond_audiometer=judge_level_beyond_audiometer,
)


_FOUR_FREQUENCY = (500, 1000, 2000, 4000)


def _interaural_differences(
    t: CaseFacts, region: tuple[int, ...], bone: bool
) -> list[tuple[float, bool]]:
    """Return the ears' differences a reply may quote, each with whether it is a lower bound
    (a no-response threshold in the worse ear). In a ``region`` (a frequency, or low and high
    Hz): the air differences at the frequencies tested in both ears there, and their mean
    over it. Else the four-frequency averages' (0.5, 1, 2, 4 kHz) and the difference at every
    frequency tested in both ears by air, and by bone where the reply names bone (``bone``).
    Where both ears gave no response the size is unknown (left out)."""
    right, left = t.audiogram.right, t.audiogram.left
    out = []
    if not region:
        r4, l4 = (pure_tone_average(e.air, _FOUR_FREQUENCY) for e in (right, left))
        if r4 is not None and l4 is not None:
            out.append((abs(r4 - l4), False))
    pairs = [(right.air, left.air)] + ([(right.bone, left.bone)] if bone and not region else [])
    for r_side, l_side in pairs:
        for f in r_side:
            r, l_ = r_side[f], l_side.get(f)
            if region and not region[0] <= f <= region[-1]:
                continue
            if l_ is None or (r.no_response and l_.no_response):
                continue
            worse = r if r.value >= l_.value else l_
            out.append((abs(r.value - l_.value), worse.no_response))
    if region and len(out) > 1:
        out.append((sum(d for d, _ in out) / len(out), any(b for _, b in out)))
    return out


def judge_difference_between_ears(claim: Claim, j: Judge) -> None:
    """Judge a claimed interaural difference (``interaural.difference_claims``): a size with no
    frequency is true within the dB tolerance of the four-frequency averages' difference or of
    the difference at any frequency tested in both ears (by air: the ears' hearing; by bone
    too where the reply names bone), a size at a frequency is judged there (a frequency not
    tested in both ears is a result the audiogram does not hold: fabricated), in a region
    (low, high Hz) at its frequencies or their mean, and a lower bound ("15 dB or more") is
    true where any difference reaches it. A size beyond every difference is an erroneous
    result (fabricated); a lower bound no difference reaches says the ears are asymmetric,
    which the asymmetry judge owns, so it is not judged here."""
    region = claim.frequencies
    size = float(claim.value)
    one = region[0] if region and region[0] == region[-1] else None
    where = f" at {one} Hz" if one else f" at {region[0]}-{region[-1]} Hz" if region else ""
    claimed = f"{claim.value} dB between the ears{where}"
    differences = _interaural_differences(j.t, region, claim.conduction == "bone")
    if one and not differences:
        test = f"air-conduction test at {one} Hz in both ears"
        j.fabricated("interaural_difference", "both", one, claimed, claim.text,
                     _hedged(claim), test)  # fmt: skip
        return
    tol = j.t.tolerance_db
    truth = sorted({round(d, 1) for d, _ in differences}) or None
    if "at least" in claim.rules:
        ok = True if any(d >= size or bound for d, bound in differences) else None
    elif not differences:
        ok = None
    else:
        ok = any(size >= d - tol if bound else abs(size - d) <= tol for d, bound in differences)
    j.judged("interaural_difference", "both", claimed, truth, ok, claim.text, _hedged(claim),
             freq=one)  # fmt: skip


JUDGES.update(
    {
        "difference_between_ears": judge_difference_between_ears,
        "frequency_listed": judge_frequency_listed,
        "loss_in_an_ear": judge_loss_in_an_ear,
        "impedance": judge_impedance,
        "asymmetry_type": judge_asymmetry_type,
        "tuning_fork": judge_tuning_fork,
        "type_component": judge_type_component,
        "type_denied": judge_type_denied,
        "canal_volume": judge_canal_volume,
        "reflexes": judge_test_result,
        "oae": judge_test_result,
        "abr": judge_test_result,
        "srt": judge_speech,
        "wrs": judge_speech,
    }
)


# -- threshold claims (threshold_claims.py): ranges, gap sizes, bone levels, no responses ---


def threshold_range_holds(t: CaseFacts, ear: str, conduction: str, levels, freqs):
    """Judge a range of levels (``levels``: low, high dB HL) over a range of frequencies:
    true when every threshold of that conduction tested there is in it, within the dB
    tolerance, a no-response value counting as a lower bound (the threshold lies at or above
    it, as :func:`threshold_holds` judges one frequency); None when none was tested there."""
    lo, hi = levels
    points = getattr(t.audiogram.ear(ear), conduction)
    inside = {f: x for f, x in points.items() if min(freqs) <= f <= max(freqs)}
    if not inside:
        return None, None
    tol = t.tolerance_db
    holds = all(
        x.value <= hi + tol if x.no_response else lo - tol <= x.value <= hi + tol
        for x in inside.values()
    )
    return holds, {f: x.value for f, x in inside.items()}


def whole_ear_range_holds(t: CaseFacts, ear: str, conduction: str, levels, band=None):
    """Judge a range given for a whole ear (no frequency named), or for a named ``band`` of
    it (threshold_claims.BAND_LEVEL: lo, hi Hz): a summary of its thresholds of that
    conduction there, so it must overlap them within the dB tolerance, a no-response value
    counting as a lower bound (the threshold lies at or above it); a range that misses every
    one is wrong. None when the ear has no measured threshold of that conduction there."""
    lo, hi = levels
    tol = t.tolerance_db
    points = getattr(t.audiogram.ear(ear), conduction)
    if band is not None:
        points = {f: x for f, x in points.items() if band[0] <= f <= band[1]}
    values = [x.value for x in points.values() if not x.no_response]
    if not values:
        return None, None
    bounds = [x.value for x in points.values() if x.no_response]
    ok = any(lo - tol <= x <= hi + tol for x in values) or any(x <= hi + tol for x in bounds)
    return ok, (min(values), max(values))


def either_conduction_holds(t: CaseFacts, ear: str, levels):
    """Judge a level an ear shows with no conduction and no frequency named
    (threshold_claims.EAR_SHOWN_LEVEL) against every threshold of the ear, air and bone: a
    summary of some of them, true where either conduction's whole-ear range holds it, wrong
    where neither does; None where neither was measured."""
    air, air_truth = whole_ear_range_holds(t, ear, "air", levels)
    if air:
        return air, air_truth
    bone, bone_truth = whole_ear_range_holds(t, ear, "bone", levels)
    if bone is None:
        return air, air_truth
    return bone, {"air": air_truth, "bone": bone_truth} if air is not None else bone_truth


def gap_size_holds(t: CaseFacts, ear: str, freqs, size):
    """Judge an air-bone gap's size (``size``: low, high dB) at a frequency or over a range:
    air minus bone there, within the dB tolerance. A gap quoted at one frequency where bone
    was not tested reports a bone threshold the audiogram lacks (false); where bone gave no
    response, or no gap is known in the range, the claim is not judged."""
    lo, hi = min(freqs), max(freqs)
    low_db, high_db = size
    tol = t.tolerance_db
    if lo == hi and lo not in t.audiogram.ear(ear).bone:
        return False, f"bone not tested at {lo} Hz"
    gaps = {f: g for f, g in t.cls.ear(ear).air_bone_gap.items() if lo <= f <= hi}
    if not gaps:
        return None, None
    return all(low_db - tol <= g <= high_db + tol for g in gaps.values()), gaps


def _judged_with_its_bone_level(claim: Claim, t: CaseFacts) -> bool:
    """Return True for a value read inside a bone range with no frequency in a case with no
    bone conduction at all: the range was judged fabricated, the value is not judged again."""
    return INSIDE_BONE_LEVEL in claim.rules and not any(t.audiogram.ear(e).bone for e in EARS)


def judge_threshold_range(claim: Claim, j: Judge) -> None:
    """Judge a range of levels over a range of frequencies, or over a whole ear (rule
    "whole-ear range", no frequencies). A bone range in a case without bone conduction is
    fabricated, as a bone level with no frequency is (:func:`judge_bone_level`)."""
    if _judged_with_its_bone_level(claim, j.t):
        return
    ear, note = _judge_ear(claim, j.t)
    if claim.conduction == "bone" and not any(j.t.audiogram.ear(e).bone for e in EARS):
        j.fabricated("bone_threshold", ear, None, claim.text, claim.text, _hedged(claim),
                     "bone conduction")  # fmt: skip
        return
    levels = (int(claim.value), int(claim.value_high if claim.value_high is not None
                                      else claim.value))  # fmt: skip
    conduction = claim.conduction
    if EITHER_EAR in claim.rules:
        note = _joined(note, "no ear named: judged against either ear")
    if not claim.frequencies:
        level = f"{levels[0]}" if levels[0] == levels[1] else f"{levels[0]}-{levels[1]}"
        if EAR_SHOWN_LEVEL in claim.rules:
            j.add("threshold_range", ear, None, f"{level} dB HL (no conduction or frequency "
                  "named)", claim.text, _hedged(claim),
                  lambda e: either_conduction_holds(j.t, e, levels), note)  # fmt: skip
            return
        j.add("threshold_range", ear, None,
              f"{level} dB HL ({conduction}, no frequency named)", claim.text,
              _hedged(claim), lambda e: whole_ear_range_holds(j.t, e, conduction, levels),
              note)  # fmt: skip
        return
    f1, f2 = claim.frequencies
    if BAND_LEVEL in claim.rules:
        level = f"{levels[0]}" if levels[0] == levels[1] else f"{levels[0]}-{levels[1]}"
        j.add("threshold_range", ear, None, f"{level} dB HL ({conduction}, in the {f1}-{f2} Hz "
              "band)", claim.text, _hedged(claim),
              lambda e: whole_ear_range_holds(j.t, e, conduction, levels, (f1, f2)),
              note)  # fmt: skip
        return
    level = f"{levels[0]}" if "level over a frequency range" in claim.rules else \
        f"{levels[0]}-{levels[1]}"  # fmt: skip
    j.add("threshold_range", ear, None, f"{level} dB HL at {f1}-{f2} Hz", claim.text,
          _hedged(claim), lambda e: threshold_range_holds(j.t, e, conduction, levels, (f1, f2)),
          note)  # fmt: skip


def judge_air_bone_gap_size(claim: Claim, j: Judge) -> None:
    """Judge an air-bone gap's size quoted at a frequency or over a range of them."""
    if _judged_with_its_bone_level(claim, j.t):
        return
    ear, note = _judge_ear(claim, j.t)
    lo, hi = min(claim.frequencies), max(claim.frequencies)
    size = (int(claim.value), int(claim.value_high if claim.value_high is not None
                                  else claim.value))  # fmt: skip
    where = f"{lo} Hz" if lo == hi else f"{lo}-{hi} Hz"
    claimed = f"{size[0]} dB" if size[0] == size[1] else f"{size[0]}-{size[1]} dB"
    j.add("air_bone_gap_size", ear, lo if lo == hi else None, f"{claimed} at {where}",
          claim.text, _hedged(claim), lambda e: gap_size_holds(j.t, e, (lo, hi), size),
          note)  # fmt: skip


def judge_bone_level(claim: Claim, j: Judge) -> None:
    """Judge a bone-conduction level quoted with no frequency: fabricated in a case without
    bone conduction; otherwise judged only as a whole-ear range when it is one."""
    ear, _ = _judge_ear(claim, j.t)
    if not any(j.t.audiogram.ear(e).bone for e in EARS):
        j.fabricated("bone_threshold", ear, None, claim.text, claim.text, _hedged(claim),
                     "bone conduction")  # fmt: skip
    elif "whole-ear range" in claim.rules:
        judge_threshold_range(claim, j)


def judge_no_response_beyond(claim: Claim, j: Judge) -> None:
    """Judge "no response above (from, below, up to) F Hz" as a no response at every
    frequency tested on that side of F, in the ears named."""
    ear, _ = _judge_ear(claim, j.t)
    upward, included = NO_RESPONSE_SIDES[claim.rules[0]]
    edge = claim.frequencies[0]
    ears = ["right", "left"] if ear in ("both", None) else [ear]
    tested = sorted({f for e in ears for f in getattr(j.t.audiogram.ear(e), claim.conduction)})
    for freq in tested:
        if (freq > edge if upward else freq < edge) or (included and freq == edge):
            judge_threshold(replace(claim, kind="threshold", frequencies=(freq,)), j)


JUDGES.update(
    threshold_range=judge_threshold_range,
    air_bone_gap_size=judge_air_bone_gap_size,
    bone_level=judge_bone_level,
    no_response_beyond=judge_no_response_beyond,
)
