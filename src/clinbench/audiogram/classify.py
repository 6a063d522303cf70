"""Classify an audiogram under a named standard: degree, type, configuration, asymmetry, red flags.

Every rule is written once, here, with its source. The defaults are listed in
this folder's README.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from statistics import fmean, linear_regression
from typing import Any, Literal

from clinbench.audiogram.audiogram_model import (
    EARS,
    OCTAVE_FREQUENCIES,
    Audiogram,
    EarThresholds,
    Threshold,
)

HEARING_TYPES = ("normal", "conductive", "sensorineural", "mixed", "undetermined")
CONFIGURATIONS = ("flat", "sloping", "rising", "cookie-bite", "noise-notch", "precipitous")
ASYMMETRY_CRITERIA = ("contiguous", "pta", "rule3000")
TYPE_FREQUENCIES = (250, 500, 750, 1000, 1500, 2000, 3000, 4000)
"""Frequencies at which air-bone gaps and bone conduction decide the type (bone is not
tested above 4 kHz)."""
BONE_MASKING = ("as-recorded", "strict")
"""How bone values without a recorded masking are read (see ``Criteria.bone_masking``)."""
NOT_SENSORINEURAL_LOSS = ("conductive", "mixed", "undetermined")
ASYMMETRY_FREQUENCIES: dict[str, tuple[int, ...]] = {
    "contiguous": (500, 1000, 2000, 4000),
    "pta": (500, 1000, 2000, 3000),
    "rule3000": (3000,),
}
"""The frequencies each asymmetry rule needs in both ears before it may answer 'symmetric'."""
LARGE_CANAL_VOLUME_ML = 2.0
"""An ear-canal volume above this with a type B tympanogram means a perforation or patent
grommet, not effusion (adult ear canals measure about 0.6-1.5 ml)."""


@dataclass(frozen=True)
class Standard:
    """A published classification of hearing-loss degree from the pure-tone average."""

    name: str
    citation: str
    pta_frequencies: tuple[int, ...]
    degrees: tuple[str, ...]
    edges: tuple[float, ...]
    edge_belongs_above: bool
    """True when a PTA equal to an edge falls in the band above it (WHO: mild is 20 to < 35)."""

    def degree_of(self, pta: float) -> str:
        """Return the degree word for a pure-tone average (or single threshold) in dB HL."""
        if self.edge_belongs_above:
            index = sum(1 for edge in self.edges if pta >= edge)
        else:
            index = sum(1 for edge in self.edges if pta > edge)
        return self.degrees[index]

    def is_normal(self, level: float) -> bool:
        """Return True when a level in dB HL is within this standard's normal band."""
        return self.degree_of(level) == "normal"

    def bands(self) -> list[tuple[str, str]]:
        """Return (degree, range as published) for every band, in order."""
        out = []
        lows: list[float | None] = [None, *self.edges]
        highs: list[float | None] = [*self.edges, None]
        for degree, low, high in zip(self.degrees, lows, highs, strict=True):
            if self.edge_belongs_above:
                text = (
                    f"< {high:g}"
                    if low is None
                    else (f">= {low:g}" if high is None else f"{low:g} to < {high:g}")
                )
            else:
                text = (
                    f"<= {high:g}"
                    if low is None
                    else (f"> {low:g}" if high is None else f"{low + 1:g} to {high:g}")
                )
            out.append((degree, text))
        return out


STANDARDS: dict[str, Standard] = {
    # WHO (2021) World report on hearing, grades of hearing loss: PTA over 0.5, 1, 2 and 4 kHz;
    # normal < 20, mild 20 to < 35, moderate 35 to < 50, moderately severe 50 to < 65,
    # severe 65 to < 80, profound 80 to < 95, complete or total >= 95 dB HL.
    "who2021": Standard(
        name="who2021",
        citation="WHO (2021). World report on hearing (grades of hearing loss).",
        pta_frequencies=(500, 1000, 2000, 4000),
        degrees=(
            "normal",
            "mild",
            "moderate",
            "moderately severe",
            "severe",
            "profound",
            "complete",
        ),
        edges=(20, 35, 50, 65, 80, 95),
        edge_belongs_above=True,
    ),
    # Clark JG (1981). Uses and abuses of hearing loss classification. Asha 23(7):493-500;
    # the ASHA scale: PTA over 0.5, 1, 2 kHz; normal -10 to 15, slight 16-25, mild 26-40,
    # moderate 41-55, moderately severe 56-70, severe 71-90, profound 91+ dB HL.
    "asha": Standard(
        name="asha",
        citation="Clark JG (1981). Uses and abuses of hearing loss classification. Asha 23:493-500",
        pta_frequencies=(500, 1000, 2000),
        degrees=(
            "normal",
            "slight",
            "mild",
            "moderate",
            "moderately severe",
            "severe",
            "profound",
        ),
        edges=(15, 25, 40, 55, 70, 90),
        edge_belongs_above=False,
    ),
    # Goodman A (1965). Reference zero levels for pure-tone audiometer. Asha 7:262-263;
    # PTA over 0.5, 1, 2 kHz; normal -10 to 25, mild 26-40, moderate 41-55,
    # moderately severe 56-70, severe 71-90, profound > 90 dB HL.
    "goodman": Standard(
        name="goodman",
        citation="Goodman A (1965). Reference zero levels for pure-tone audiometer. Asha 7:262-3",
        pta_frequencies=(500, 1000, 2000),
        degrees=("normal", "mild", "moderate", "moderately severe", "severe", "profound"),
        edges=(25, 40, 55, 70, 90),
        edge_belongs_above=False,
    ),
}


DEGREES: dict[str, tuple[str, ...]] = {name: std.degrees for name, std in STANDARDS.items()}
"""Each standard's degree vocabulary, mildest first."""


def get_standard(standard: str | Standard) -> Standard:
    """Return the Standard named ``standard`` (one of STANDARDS)."""
    if isinstance(standard, Standard):
        return standard
    try:
        return STANDARDS[standard]
    except KeyError:
        raise ValueError(
            f"unknown standard {standard!r}; choose one of {', '.join(STANDARDS)}"
        ) from None


@dataclass(frozen=True)
class Criteria:
    """Thresholds of the type, configuration and asymmetry rules (defaults in the README).

    ``normal_limit`` is the one limit of normal hearing for air and bone conduction used by
    the type rule; it does not depend on the degree standard.

    ``bone_masking`` says how a bone value whose masking was not recorded (a bare number)
    is read: ``"as-recorded"`` takes it as the ear's own threshold (with a note where
    masking would have been needed), ``"strict"`` as tested unmasked (see
    :func:`unattributed_bone`). A value recorded ``masked: false`` is unmasked either way.
    """

    normal_limit: int = 20
    bone_masking: Literal["as-recorded", "strict"] = "as-recorded"
    bone_masking_gap: int = 10
    abg_threshold: int = 15
    abg_frequencies: tuple[int, ...] = TYPE_FREQUENCIES
    abg_min_count: int = 2
    flat_spread: float = 15.0
    shape_difference: float = 15.0
    flat_slope: float = 5.0
    precipitous_step: float = 25.0
    notch_depth: float = 15.0
    notch_recovery: float = 10.0
    cookie_bite_depth: float = 15.0
    asymmetry: Literal["contiguous", "pta", "rule3000"] = "contiguous"
    asymmetry_db: int = 15
    asymmetry_count: int = 2
    adult_age: int = 18


@dataclass
class EarClassification:
    """One ear's pure-tone average, degree, type and configuration.

    ``degree`` depends on the standard; ``type`` and ``configuration`` never do.
    """

    ear: str
    pta: float | None
    degree: str | None
    type: str | None
    configuration: str | None
    air_bone_gap: dict[int, int] = field(default_factory=dict)
    significant_air_bone_gap: bool | None = None
    bone_pta: float | None = None
    threshold_degrees: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class Asymmetry:
    """Whether the ears differ by the chosen criterion, and which ear is worse."""

    asymmetric: bool
    """True only when the rule found a difference (a determined asymmetry)."""
    criterion: str
    worse_ear: str | None
    frequencies: list[int] = field(default_factory=list)
    pta_difference: float | None = None
    status: Literal["asymmetric", "symmetric", "undetermined"] = "symmetric"
    missing: list[int] = field(default_factory=list)
    """Frequencies the rule needs that were not tested in both ears (when undetermined)."""
    note: str = ""


@dataclass
class RedFlag:
    """A finding that calls for medical referral."""

    code: str
    ear: str | None
    message: str


@dataclass
class Classification:
    """Return value of :func:`classify`: per-ear results, asymmetry and red flags."""

    standard: str
    right: EarClassification
    left: EarClassification
    asymmetry: Asymmetry
    red_flags: list[RedFlag]
    laterality: str
    better_ear_pta: float | None
    better_ear_degree: str | None
    shared_gap_frequencies: list[int] = field(default_factory=list)
    """Frequencies where one ear or the other (not known which) has a significant air-bone
    gap (see :func:`shared_gap_frequencies`)."""

    def ear(self, ear: str) -> EarClassification:
        """Return the classification of ``ear``."""
        return self.right if ear == "right" else self.left

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        out = asdict(self)
        for ear in EARS:
            out[ear]["air_bone_gap"] = {str(k): v for k, v in out[ear]["air_bone_gap"].items()}
            out[ear]["threshold_degrees"] = {
                str(k): v for k, v in out[ear]["threshold_degrees"].items()
            }
        return out


def pure_tone_average(thresholds: dict, frequencies: tuple[int, ...]) -> float | None:
    """Return the mean threshold over ``frequencies``, or None when one was not tested.

    A no-response threshold counts at the maximum level presented (a lower bound).
    """
    values = []
    for freq in frequencies:
        if freq not in thresholds:
            return None
        values.append(thresholds[freq].value)
    return float(fmean(values))


def air_bone_gaps(ear: EarThresholds) -> dict[int, int]:
    """Return air minus bone threshold at each frequency where both were measured.

    Frequencies where either gave no response are left out: the gap there is only
    bounded (see :func:`hearing_type`).
    """
    gaps = {}
    for freq, bone in ear.bone.items():
        air = ear.air.get(freq)
        if air is None or bone.no_response or air.no_response:
            continue
        gaps[freq] = air.value - bone.value
    return gaps


@dataclass
class TypeResult:
    """Return value of :func:`hearing_type`: the type of one ear and the evidence for it."""

    type: str | None
    significant_air_bone_gap: bool | None
    gap_frequencies: list[int]
    abnormal_bone: list[int]
    gaps: dict[int, int]
    note: str = ""


def _abnormal(threshold, limit: int) -> bool:
    # A no-response value is a lower bound: the threshold lies above the level presented.
    return threshold.value > limit or (threshold.no_response and threshold.value >= limit)


def bone_masking_needed(
    ear: EarThresholds, other: EarThresholds | None, criteria: Criteria | None = None
) -> list[int]:
    """Return the frequencies where this ear's bone conduction needed masking but was not masked.

    The rule, written once (BSA (2011, 2018) Recommended Procedure: pure-tone air- and
    bone-conduction threshold audiometry with and without masking, masking rule 2; ASHA
    (2005) Guidelines for manual pure-tone threshold audiometry): interaural attenuation
    for bone conduction is about 0 dB, so an unmasked bone threshold is the response of
    the better cochlea, and masking is needed wherever the test ear's air threshold is
    ``bone_masking_gap`` (10) dB or more worse than it. Here: this ear's air threshold is
    >= 10 dB worse than the better of its unmasked, responding bone value ``b`` and the
    other ear's bone threshold (its air threshold where its bone was not tested, bone
    being no worse than air; an unknown other ear may be better) — an air-bone gap in the
    test ear, or the other ear's bone or air better. A no-response air threshold always
    needs it; so does a no-response bone value (the level presented) that meets this.
    """
    criteria = criteria or Criteria()
    out = []
    for freq, bone in ear.bone.items():
        air = ear.air.get(freq)
        if bone.masked or air is None:
            continue
        ref = None if other is None else other.bone.get(freq)
        if ref is None and other is not None:
            ref = other.air.get(freq)
        better = bone.value if ref is None or ref.no_response else min(bone.value, ref.value)
        if air.no_response or air.value - better >= criteria.bone_masking_gap:
            out.append(freq)
    return out


def unattributed_bone(
    ear: EarThresholds, other: EarThresholds | None, criteria: Criteria | None = None
) -> list[int]:
    """Return the frequencies where this ear's unmasked bone threshold cannot be its own.

    Where masking was needed and not done (:func:`bone_masking_needed`) the value may be
    the other cochlea's, unless the other ear's bone shows that cochlea at least
    ``bone_masking_gap`` dB worse than the value (then only this cochlea can have
    responded). Either way an unmasked value ``b`` bounds this ear's bone threshold: no
    better than ``b`` (the better cochlea responded at ``b``) and no worse than the ear's
    air threshold. An unmasked no-response value is left out: neither cochlea responded,
    so it is a lower bound for this ear's threshold whichever cochlea was tested. A value
    whose masking was not recorded counts as unmasked only under
    ``criteria.bone_masking == "strict"``.
    """
    criteria = criteria or Criteria()
    out = []
    for freq in bone_masking_needed(ear, other, criteria):
        bone = ear.bone[freq]
        if bone.no_response or (bone.masked is None and criteria.bone_masking != "strict"):
            continue  # no response, or masking not recorded and taken as the ear's own
        shown = None if other is None else other.bone.get(freq)
        if shown is not None and shown.value >= ear.bone[freq].value + criteria.bone_masking_gap:
            continue  # the other cochlea is worse: the response is this ear's
        out.append(freq)
    return out


def unrecorded_masking(
    ear: EarThresholds, other: EarThresholds | None, criteria: Criteria | None = None
) -> list[int]:
    """Return the frequencies where masking was needed and whether it was done is not recorded.

    Under ``bone_masking="as-recorded"`` these bone values are taken as the ear's own;
    the classification notes it, since masked bone conduction would be needed to know.
    """
    criteria = criteria or Criteria()
    if criteria.bone_masking == "strict":
        return []
    return [
        f
        for f in bone_masking_needed(ear, other, criteria)
        if ear.bone[f].masked is None and not ear.bone[f].no_response
    ]


def hearing_type(
    ear: EarThresholds, criteria: Criteria | None = None, other: EarThresholds | None = None
) -> TypeResult:
    """Return the type of loss of one ear from air and bone conduction (never from degree).

    The clinical definition, written once (after the BSA Recommended Procedure for
    pure-tone air- and bone-conduction audiometry with and without masking (2018) and
    ASHA's Guidelines for manual pure-tone threshold audiometry (2005)):

    - a threshold is within normal limits at <= ``normal_limit`` dB HL (default 20, the
      BSA descriptor of normal hearing), the same limit for air and bone, whatever
      standard grades the degree;
    - an ear with every air threshold within normal limits is ``normal``;
    - at each of ``abg_frequencies`` (250-4000 Hz) where bone was tested, the air-bone gap
      is significant at >= ``abg_threshold`` dB; a conductive component needs
      significant gaps at ``abg_min_count`` or more frequencies;
    - a sensorineural component is bone conduction outside normal limits at any of those
      frequencies;
    - conductive = a conductive component with normal bone; mixed = both components;
      sensorineural = no conductive component, with abnormal bone, or with abnormal air at
      a frequency where bone was tested and no significant gap (bone follows air there);
    - no bone conduction, or abnormal air only where bone was not tested (or only where a
      single gap falls short of a conductive component), is ``undetermined``: never a
      guess.

    Masked thresholds are taken as ear-specific; an unmasked bone value that
    :func:`unattributed_bone` (given ``other``, the opposite ear) cannot attribute to this
    ear is known only to lie between itself and the ear's air threshold: the type is the
    one both ends of that range give, else ``undetermined`` (the ear needs masked bone
    conduction). A no-response value is a lower bound:
    bone no-response at or above the limit is abnormal; a gap with a no-response bone
    value is only bounded above and cannot show a conductive component; a gap with a
    no-response air value is bounded below and shows one when that bound is significant.
    """
    criteria = criteria or Criteria()
    typed = _type_of(ear, criteria)
    unattributed = unattributed_bone(ear, other, criteria)
    if not unattributed or typed.type in (None, "normal"):
        return typed
    # The other end of the range: this ear's cochlea as poor as its air threshold there.
    worst = dict(ear.bone)
    for freq in unattributed:
        air = ear.air[freq]
        worst[freq] = Threshold(value=air.value, no_response=air.no_response)
    other_end = _type_of(EarThresholds(air=ear.air, bone=worst), criteria)
    if other_end.type == typed.type:
        return typed
    significant = (
        typed.significant_air_bone_gap
        if typed.significant_air_bone_gap == other_end.significant_air_bone_gap
        else None
    )
    note = (
        f"unmasked bone conduction at {unattributed} Hz may be the other cochlea's "
        f"(masking needed): {typed.type} or {other_end.type}"
    )
    return TypeResult(
        "undetermined", significant, typed.gap_frequencies, typed.abnormal_bone, typed.gaps, note
    )


def _type_of(ear: EarThresholds, criteria: Criteria) -> TypeResult:
    """Return the type of one ear taking every bone threshold as its own (see hearing_type)."""
    limit = criteria.normal_limit
    if not ear.air:
        return TypeResult(None, None, [], [], {}, "no air conduction")
    gaps = air_bone_gaps(ear)
    bone = {f: t for f, t in ear.bone.items() if f in criteria.abg_frequencies}
    abnormal_air = [f for f, t in ear.air.items() if _abnormal(t, limit)]
    gap_freqs = []
    for freq, b in bone.items():
        a = ear.air.get(freq)
        if a is None or b.no_response:
            continue
        if a.value - b.value >= criteria.abg_threshold:  # exact, or a lower bound if air NR
            gap_freqs.append(freq)
    abnormal_bone = [f for f, t in bone.items() if _abnormal(t, limit)]
    return _typed(ear, criteria, bone, abnormal_air, gap_freqs, abnormal_bone, gaps)


def _typed(ear, criteria, bone, abnormal_air, gap_freqs, abnormal_bone, gaps) -> TypeResult:
    """Return the type from the gaps and abnormal thresholds found by _type_of."""
    significant = None if not bone else len(gap_freqs) >= criteria.abg_min_count
    if not abnormal_air:
        return TypeResult("normal", significant, gap_freqs, abnormal_bone, gaps)
    if not bone:
        return TypeResult("undetermined", None, [], [], gaps, "no bone conduction")
    # Abnormal air where bone was tested and follows it (no significant gap there).
    follows = [f for f in abnormal_air if f in bone and f not in gap_freqs]
    if significant and abnormal_bone:
        kind = "mixed"
    elif significant:
        kind = "conductive"
    elif abnormal_bone or follows:
        kind = "sensorineural"
    else:
        untested = [f for f in abnormal_air if f not in bone]
        note = (
            f"air abnormal at {untested} Hz where bone was not tested"
            if untested
            else "air abnormal with bone within normal limits and no significant gap"
        )
        return TypeResult("undetermined", significant, gap_freqs, abnormal_bone, gaps, note)
    return TypeResult(kind, significant, gap_freqs, abnormal_bone, gaps)


def shared_gap_frequencies(audiogram: Audiogram, criteria: Criteria | None = None) -> list[int]:
    """Return the frequencies where at least one ear has a significant air-bone gap.

    An unmasked bone value ``b`` of one ear is the better cochlea's response (see
    :func:`unattributed_bone`): either that ear's cochlea is at ``b`` or the other ear's
    is no worse than ``b``. So where both ears' air thresholds are ``abg_threshold`` dB or
    more worse than ``b``, one of the two ears has a significant gap there, even when
    neither ear's type can be told. (An ear's own bone value with a significant gap
    counts too.) With ``2 * abg_min_count - 1`` such frequencies, one ear has a conductive
    component: the two ears cannot both be sensorineural.
    """
    criteria = criteria or Criteria()
    out = set()
    for ear, other in (("right", "left"), ("left", "right")):
        mine, theirs = audiogram.ear(ear), audiogram.ear(other)
        unattributed = set(unattributed_bone(mine, theirs, criteria))
        for freq, bone in mine.bone.items():
            air = mine.air.get(freq)
            if freq not in criteria.abg_frequencies or air is None or bone.no_response:
                continue
            if air.value - bone.value < criteria.abg_threshold:
                continue
            other_air = theirs.air.get(freq)
            if freq not in unattributed or (
                other_air is not None and other_air.value - bone.value >= criteria.abg_threshold
            ):
                out.add(freq)
    return sorted(out)


def _mean(values: list[float]) -> float | None:
    return float(fmean(values)) if values else None


def configuration(ear: EarThresholds, criteria: Criteria | None = None) -> str | None:
    """Return the configuration of one ear from its air-conduction thresholds alone.

    Descriptors after Lloyd LL & Kaplan H (1978), Audiometric interpretation (University
    Park Press) and Pittman AL & Stelmachowicz PG (2003), Ear Hear 24:198-205; the noise
    notch after Coles RRA, Lutman ME & Buffin JT (2000), Clin Otolaryngol 25:264-273.
    With L = mean of 250/500 Hz, M = mean of 1/2 kHz and H = mean of 4/8 kHz (those
    tested), the first that applies, so that each shape needs a minimum size:

    1. flat: all thresholds within ``flat_spread`` (15) dB of each other;
    2. cookie-bite: M at least ``cookie_bite_depth`` (15) dB worse than both L and H;
    3. noise-notch: 3, 4 or 6 kHz at least ``notch_depth`` (15) dB worse than the better
       of 1/2 kHz, with at least ``notch_recovery`` (10) dB recovery at a higher 6/8 kHz;
    4. rising: L at least ``shape_difference`` (15) dB worse than H, and not better than M;
    5. precipitous: a fall of ``precipitous_step`` (25) dB or more within one octave,
       every threshold above it that much worse than every threshold below it (one step
       at 8 kHz on a rising loss is not precipitous: rising comes first);
    6. sloping: H at least ``shape_difference`` dB worse than L;
    7. otherwise by the least-squares slope over the octaves: rising (<= -``flat_slope``
       dB/octave), sloping (>= ``flat_slope``) or flat.

    A no-response value counts at the level presented. Returns None when fewer than three
    octave frequencies were tested.
    """
    criteria = criteria or Criteria()
    air = {f: float(t.value) for f, t in ear.air.items()}
    octaves = [f for f in OCTAVE_FREQUENCIES if f in air]
    if len(octaves) < 3:
        return None
    values = list(air.values())
    if max(values) - min(values) <= criteria.flat_spread:
        return "flat"
    low = _mean([air[f] for f in (250, 500) if f in air])
    mid = _mean([air[f] for f in (1000, 2000) if f in air])
    high = _mean([air[f] for f in (4000, 8000) if f in air])
    shape = (
        _cookie_bite(low, mid, high, criteria)
        or _noise_notch(air, criteria)
        or _rising(low, mid, high, criteria)
        or _precipitous(air, criteria)
    )
    if shape:
        return shape
    if low is not None and high is not None and high - low >= criteria.shape_difference:
        return "sloping"
    slope = linear_regression([math.log2(f) for f in octaves], [air[f] for f in octaves]).slope
    if slope <= -criteria.flat_slope:
        return "rising"
    if slope >= criteria.flat_slope:
        return "sloping"
    return "flat"


def _cookie_bite(low, mid, high, criteria: Criteria) -> str | None:
    depth = criteria.cookie_bite_depth
    if None not in (low, mid, high) and mid - low >= depth and mid - high >= depth:
        return "cookie-bite"
    return None


def _noise_notch(air: dict[int, float], criteria: Criteria) -> str | None:
    below = [air[f] for f in (1000, 2000) if f in air]
    for notch in (3000, 4000, 6000):
        above = [air[f] for f in (6000, 8000) if f in air and f > notch]
        if notch not in air or not below or not above:
            continue
        if (
            air[notch] - min(below) >= criteria.notch_depth
            and air[notch] - min(above) >= criteria.notch_recovery
        ):
            return "noise-notch"
    return None


def _rising(low, mid, high, criteria: Criteria) -> str | None:
    if low is not None and high is not None and mid is not None:
        if low - high >= criteria.shape_difference and low >= mid:
            return "rising"
    return None


def _precipitous(air: dict[int, float], criteria: Criteria) -> str | None:
    freqs = sorted(air)
    for i, lower in enumerate(freqs):
        for upper in freqs[i + 1 :]:
            if upper > 2 * lower:
                break
            worst_below = max(air[f] for f in freqs if f <= lower)
            best_above = min(air[f] for f in freqs if f >= upper)
            if best_above - worst_below >= criteria.precipitous_step:
                return "precipitous"
    return None


def _difference(right, left) -> int | None:
    """Return left minus right at one frequency, None when no-response values hide it."""
    if right.no_response and left.no_response:
        return None
    d = left.value - right.value
    # A no-response value is a lower bound: only a difference in its favour is shown.
    if (d > 0 and right.no_response) or (d < 0 and left.no_response):
        return None
    return d


def asymmetry(audiogram: Audiogram, criteria: Criteria) -> Asymmetry:
    """Return whether the ears' air-conduction thresholds are asymmetric, by one rule.

    Each rule needs the frequencies in ``ASYMMETRY_FREQUENCIES``; when one of them was
    not tested in both ears and no difference was found, the answer is
    ``undetermined`` and names the frequency (never a silent change of frequencies):

    - ``contiguous`` (default): an interaural difference >= ``asymmetry_db`` at
      ``asymmetry_count`` or more adjacent frequencies tested in both ears, a common
      screening rule for retrocochlear referral; 'symmetric' needs 0.5, 1, 2 and 4 kHz;
    - ``pta``: the 0.5/1/2/3 kHz averages differ by >= ``asymmetry_db`` (the frequencies
      of the AAO-HNS (1995) hearing-reporting guideline);
    - ``rule3000``: a difference >= 15 dB at 3 kHz, Saliba I et al (2009), Otol Neurotol
      30:515-521.
    """
    if criteria.asymmetry not in ASYMMETRY_CRITERIA:
        raise ValueError(f"asymmetry criterion must be one of {ASYMMETRY_CRITERIA}")
    right, left = audiogram.right.air, audiogram.left.air
    common = sorted(set(right) & set(left))
    diffs = {f: _difference(right[f], left[f]) for f in common}
    needed = ASYMMETRY_FREQUENCIES[criteria.asymmetry]
    missing = [f for f in needed if f not in right or f not in left]
    pta_r = pure_tone_average(right, ASYMMETRY_FREQUENCIES["pta"])
    pta_l = pure_tone_average(left, ASYMMETRY_FREQUENCIES["pta"])
    pta_diff = None if pta_r is None or pta_l is None else pta_l - pta_r
    db = criteria.asymmetry_db
    if criteria.asymmetry == "contiguous":
        hits, worse_votes = _contiguous_runs(common, diffs, db, criteria.asymmetry_count)
    elif criteria.asymmetry == "pta":
        ok = pta_diff is not None and abs(pta_diff) >= db
        hits, worse_votes = (list(needed), pta_diff) if ok else ([], 0.0)
    else:
        d = diffs.get(3000)
        ok = d is not None and abs(d) >= db
        hits, worse_votes = ([3000], float(d)) if ok else ([], 0.0)
    if hits:
        status = "asymmetric"
    elif missing:
        status = "undetermined"
    else:
        status = "symmetric"
    note = ""
    if status == "undetermined":
        note = f"{criteria.asymmetry} rule undetermined: {missing} Hz not tested in both ears"
    return Asymmetry(
        asymmetric=status == "asymmetric",
        criterion=criteria.asymmetry,
        worse_ear=None if not hits else ("left" if worse_votes > 0 else "right"),
        frequencies=hits,
        pta_difference=None if pta_diff is None else round(pta_diff, 1),
        status=status,
        missing=missing if status == "undetermined" else [],
        note=note,
    )


def _contiguous_runs(common, diffs, db: int, count: int) -> tuple[list[int], float]:
    """Return the frequencies in runs of ``count`` or more adjacent frequencies with the same
    ear worse by >= ``db``, and the summed difference (> 0: left worse); the ear worse over
    most of them (by the summed difference) is the worse ear."""
    runs: list[list[int]] = []
    sign = 0
    for freq in common:
        d = diffs[freq]
        s = 0 if d is None else (1 if d >= db else (-1 if d <= -db else 0))
        if s != 0 and s == sign:
            runs[-1].append(freq)
        elif s != 0:
            runs.append([freq])
        sign = s
    runs = [r for r in runs if len(r) >= count]
    total = float(sum(diffs[f] or 0 for r in runs for f in r))
    return [f for r in runs for f in r if (diffs[f] or 0) * total > 0], total


def _bone_worse_at(audiogram: Audiogram, worse: str, criteria: Criteria) -> list[int]:
    """Return the frequencies where the worse ear's bone is >= asymmetry_db worse than the other's.

    The other ear's bone threshold is compared where it was tested, else its air
    threshold (bone cannot be worse than air there, so the difference is a lower bound).
    """
    mine = audiogram.ear(worse)
    other = audiogram.ear("left" if worse == "right" else "right")
    out = []
    for freq, bone in mine.bone.items():
        ref = other.bone.get(freq)
        if ref is None or ref.no_response:
            ref = other.air.get(freq)
        if ref is None or ref.no_response:
            continue
        if bone.value - ref.value >= criteria.asymmetry_db:
            out.append(freq)
    return out


def red_flags(
    audiogram: Audiogram,
    ears: dict[str, EarClassification],
    asym: Asymmetry,
    criteria: Criteria,
    *,
    age: int | None,
    sudden: bool,
) -> list[RedFlag]:
    """Return findings that call for medical referral.

    - retrocochlear investigation (MRI) for a determined asymmetry whose difference is
      sensorineural: the worse ear's loss is sensorineural (where its bone was tested at
      the asymmetric frequencies it must show the difference), or mixed with its bone
      >= ``asymmetry_db`` worse than the other ear's at ``asymmetry_count`` frequencies;
      with the asymmetry undetermined, a unilateral sensorineural (or mixed) loss whose
      bone shows it the same way. Never for a conductive or undetermined loss;
    - a type B tympanogram in an adult (>= ``adult_age``) with a loss in that ear that is
      not sensorineural (conductive, mixed or undetermined): ENT examination, including
      the postnasal space (not when the ear-canal volume is > 2.0 ml, a perforation);
    - sudden sensorineural loss (history), or a sudden loss of undetermined type (treated
      as sensorineural until bone conduction shows otherwise): urgent ENT referral,
      Chandrasekhar SS et al (2019) Clinical practice guideline: sudden hearing loss
      (update), Otolaryngol Head Neck Surg 161(1S):S1-S45.
    """
    return (
        _retrocochlear_flags(audiogram, ears, asym, criteria)
        + _type_b_flags(audiogram, ears, criteria, age)
        + (_sudden_flags(ears) if sudden else [])
    )


def _retrocochlear_flags(audiogram, ears, asym: Asymmetry, criteria: Criteria) -> list[RedFlag]:
    """The retrocochlear red flag (see red_flags)."""
    flags: list[RedFlag] = []
    worse_ear = asym.worse_ear if asym.status == "asymmetric" else None
    if asym.status == "undetermined":
        lossy = [e for e in EARS if ears[e].type not in (None, "normal")]
        others = [e for e in EARS if ears[e].type == "normal"]
        if len(lossy) == 1 and others and ears[lossy[0]].type in ("sensorineural", "mixed"):
            shown = _bone_worse_at(audiogram, lossy[0], criteria)
            if len(shown) >= criteria.asymmetry_count:
                worse_ear = lossy[0]
    if worse_ear is not None:
        worse = ears[worse_ear]
        better = ears["left" if worse_ear == "right" else "right"]
        shown = _bone_worse_at(audiogram, worse_ear, criteria)
        if worse.type == "sensorineural":
            tested = [f for f in asym.frequencies if f in audiogram.ear(worse_ear).bone]
            sensorineural_difference = not tested or any(f in shown for f in tested)
        elif worse.type == "mixed":
            sensorineural_difference = len(shown) >= criteria.asymmetry_count
        else:
            sensorineural_difference = False
        if sensorineural_difference:
            kind = "unilateral" if better.type == "normal" else "asymmetric"
            flags.append(
                RedFlag(
                    f"{kind}_sensorineural_loss",
                    worse_ear,
                    f"{kind.capitalize()} {worse.type} hearing loss in the {worse_ear} "
                    "ear: refer to ENT for retrocochlear investigation (MRI).",
                )
            )
    return flags


def _type_b_flags(audiogram, ears, criteria: Criteria, age: int | None) -> list[RedFlag]:
    """The adult type B tympanogram red flag (see red_flags)."""
    flags: list[RedFlag] = []
    if age is not None and age >= criteria.adult_age and audiogram.tympanometry:
        for ear in EARS:
            tymp = audiogram.tympanometry.get(ear)
            kind = ears[ear].type
            if tymp is None or tymp.type != "B" or kind not in NOT_SENSORINEURAL_LOSS:
                continue
            # A large ear-canal volume (> 2.0 ml) means a perforation or patent tube, not effusion.
            volume = tymp.ear_canal_volume_ml
            if volume is None or volume <= LARGE_CANAL_VOLUME_ML:
                described = "Hearing" if kind == "undetermined" else kind.capitalize()
                flags.append(
                    RedFlag(
                        "adult_conductive_type_b",
                        ear,
                        f"{described} loss with a type B tympanogram in the {ear} ear of an "
                        "adult: refer to ENT (examine the postnasal space).",
                    )
                )
    return flags


def _sudden_flags(ears) -> list[RedFlag]:
    """The sudden-loss red flag (see red_flags)."""
    flags: list[RedFlag] = []
    for ear in EARS:
        kind = ears[ear].type
        if kind in ("sensorineural", "mixed", "undetermined"):
            described = "undetermined-type" if kind == "undetermined" else kind
            flags.append(
                RedFlag(
                    "sudden_sensorineural_loss",
                    ear,
                    f"Sudden {described} hearing loss in the {ear} ear: urgent same-day "
                    "ENT referral; steroid treatment is time-critical.",
                )
            )
    return flags


def _classify_ear(audiogram: Audiogram, ear: str, std: Standard, criteria: Criteria):
    """Return one ear's EarClassification (PTA, degree, type, configuration, notes)."""
    thresholds = audiogram.ear(ear)
    pta = pure_tone_average(thresholds.air, std.pta_frequencies)
    notes = []
    if pta is None and thresholds.air:
        missing = [f for f in std.pta_frequencies if f not in thresholds.air]
        notes.append(f"PTA undetermined: {missing} Hz not tested")
    if any(thresholds.air[f].no_response for f in std.pta_frequencies if f in thresholds.air):
        notes.append("PTA includes no-response thresholds (a lower bound)")
    other = audiogram.ear("left" if ear == "right" else "right")
    typed = hearing_type(thresholds, criteria, other)
    if typed.type == "undetermined":
        notes.append(f"type undetermined: {typed.note}")
    unrecorded = unrecorded_masking(thresholds, other, criteria)
    if unrecorded and typed.type not in (None, "normal"):
        notes.append(
            f"bone conduction masking not recorded at {unrecorded} Hz where masking was "
            "needed: taken as this ear's threshold (bone_masking='strict' reads it as "
            "unmasked)"
        )
    bone_pta = pure_tone_average(thresholds.bone, std.pta_frequencies)
    config = configuration(thresholds, criteria) if typed.type not in (None, "normal") else None
    return EarClassification(
        ear=ear,
        pta=None if pta is None else round(pta, 1),
        degree=None if pta is None else std.degree_of(pta),
        type=typed.type,
        configuration=config,
        air_bone_gap=typed.gaps,
        significant_air_bone_gap=typed.significant_air_bone_gap,
        bone_pta=None if bone_pta is None else round(bone_pta, 1),
        threshold_degrees={f: std.degree_of(t.value) for f, t in thresholds.air.items()},
        notes=notes,
    )


def _laterality(ears: dict[str, EarClassification]) -> str:
    """Return 'bilateral', 'unilateral <ear>', 'none' or 'undetermined' from the ears' types."""
    abnormal = [e for e in EARS if ears[e].type not in (None, "normal")]
    if len(abnormal) == 2:
        return "bilateral"
    elif len(abnormal) == 1:
        return f"unilateral {abnormal[0]}"
    elif all(ears[e].type == "normal" for e in EARS):
        return "none"
    return "undetermined"


def classify(
    audiogram: Audiogram,
    standard: str | Standard = "who2021",
    *,
    abg_threshold: int = 15,
    abg_min_count: int = 2,
    asymmetry_criterion: Literal["contiguous", "pta", "rule3000"] = "contiguous",
    asymmetry_db: int = 15,
    criteria: Criteria | None = None,
    age: int | None = None,
    sudden: bool | None = None,
    bone_masking: Literal["as-recorded", "strict"] | None = None,
) -> Classification:
    """Return the Classification of an audiogram under ``standard``.

    ``criteria`` overrides the keyword thresholds when given. ``age`` and ``sudden``
    default to the audiogram's ``age_years`` and ``onset == "sudden"``. ``bone_masking``
    (``"as-recorded"`` by default, or ``"strict"``) says how bone values without a
    recorded masking are read (see :class:`Criteria`); given, it overrides ``criteria``'s.
    """
    std = get_standard(standard)
    if criteria is None:
        criteria = Criteria(
            abg_threshold=abg_threshold,
            abg_min_count=abg_min_count,
            asymmetry=asymmetry_criterion,
            asymmetry_db=asymmetry_db,
        )
    if bone_masking is not None:
        criteria = replace(criteria, bone_masking=bone_masking)
    if criteria.bone_masking not in BONE_MASKING:
        raise ValueError(
            f"bone_masking must be one of {', '.join(BONE_MASKING)}, got {criteria.bone_masking!r}"
        )
    ears = {ear: _classify_ear(audiogram, ear, std, criteria) for ear in EARS}
    asym = asymmetry(audiogram, criteria)
    age = audiogram.age_years if age is None else age
    if sudden is None:
        sudden = audiogram.onset == "sudden"
    flags = red_flags(audiogram, ears, asym, criteria, age=age, sudden=sudden)
    laterality = _laterality(ears)
    ptas = [ears[e].pta for e in EARS if ears[e].pta is not None]
    better = min(ptas) if len(ptas) == 2 else None
    return Classification(
        standard=std.name,
        right=ears["right"],
        left=ears["left"],
        asymmetry=asym,
        red_flags=flags,
        laterality=laterality,
        better_ear_pta=better,
        better_ear_degree=None if better is None else std.degree_of(better),
        shared_gap_frequencies=shared_gap_frequencies(audiogram, criteria),
    )
