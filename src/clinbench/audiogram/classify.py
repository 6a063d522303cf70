"""Classify an audiogram under a named standard: degree, type, configuration, asymmetry, red flags.

Every rule is written once, here, with its source. The defaults are listed in
this folder's README.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from statistics import fmean, linear_regression
from typing import Any, Literal

from clinbench.audiogram.model import EARS, OCTAVE_FREQUENCIES, Audiogram, EarThresholds

HEARING_TYPES = ("normal", "conductive", "sensorineural", "mixed")
CONFIGURATIONS = ("flat", "sloping", "rising", "cookie-bite", "noise-notch", "precipitous")
ASYMMETRY_CRITERIA = ("contiguous", "pta", "rule3000")


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
    """Thresholds of the type, configuration and asymmetry rules (defaults in the README)."""

    abg_threshold: int = 15
    abg_frequencies: tuple[int, ...] = (500, 1000, 2000, 4000)
    abg_min_count: int = 2
    flat_slope: float = 5.0
    precipitous_step: float = 25.0
    notch_depth: float = 10.0
    cookie_bite_depth: float = 20.0
    asymmetry: Literal["contiguous", "pta", "rule3000"] = "contiguous"
    asymmetry_db: int = 15
    asymmetry_count: int = 2
    adult_age: int = 18


@dataclass
class EarClassification:
    """One ear's pure-tone average, degree, type and configuration."""

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
    criterion: str
    worse_ear: str | None
    frequencies: list[int] = field(default_factory=list)
    pta_difference: float | None = None


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

    Frequencies where bone conduction gave no response are left out: the gap there
    is unknown (only bounded above).
    """
    gaps = {}
    for freq, bone in ear.bone.items():
        air = ear.air.get(freq)
        if air is None or bone.no_response:
            continue
        gaps[freq] = air.value - bone.value
    return gaps


def hearing_type(ear: EarThresholds, standard: Standard, criteria: Criteria) -> tuple:
    """Return (type, significant_air_bone_gap, bone_pta, gaps) for one ear.

    Type from the air-bone gap and bone conduction: a gap >= ``abg_threshold`` at
    ``abg_min_count`` or more of ``abg_frequencies`` is significant; with a
    significant gap the loss is conductive when the bone-conduction PTA is within
    the standard's normal band and mixed otherwise; without one it is
    sensorineural. An ear is normal when every air threshold is within the
    standard's normal band. Without bone conduction the type is undetermined (None).
    """
    gaps = air_bone_gaps(ear)
    bone_pta = None
    bone_measured = [f for f in standard.pta_frequencies if f in ear.bone]
    if bone_measured:
        bone_pta = float(fmean([ear.bone[f].value for f in bone_measured]))
    abnormal = any(not standard.is_normal(t.value) for t in ear.air.values())
    if not ear.air:
        return None, None, bone_pta, gaps
    if not abnormal:
        significant = None
        if gaps:
            significant = _significant_gap(gaps, criteria)
        return "normal", significant, bone_pta, gaps
    if not gaps:
        if ear.bone and all(t.no_response for t in ear.bone.values()):
            # Bone conduction absent at the audiometer's limits: no air-bone gap can be shown,
            # and bone hearing is itself impaired, so the loss is classed sensorineural.
            return "sensorineural", False, bone_pta, gaps
        return None, None, bone_pta, gaps
    significant = _significant_gap(gaps, criteria)
    if not significant:
        return "sensorineural", False, bone_pta, gaps
    if bone_pta is not None and standard.is_normal(bone_pta):
        return "conductive", True, bone_pta, gaps
    return "mixed", True, bone_pta, gaps


def _significant_gap(gaps: dict[int, int], criteria: Criteria) -> bool:
    count = sum(
        1 for f in criteria.abg_frequencies if f in gaps and gaps[f] >= criteria.abg_threshold
    )
    return count >= criteria.abg_min_count


def configuration(ear: EarThresholds, criteria: Criteria) -> str | None:
    """Return the configuration of one ear's air-conduction thresholds.

    After Lloyd LL & Kaplan H (1978), Audiometric interpretation (University Park
    Press), with the noise notch of Coles RRA, Lutman ME & Buffin JT (2000), Clin
    Otolaryngol 25:264-273. Checked in this order:

    - cookie-bite: mean of 1 and 2 kHz at least ``cookie_bite_depth`` dB worse than
      both the mean of 250/500 Hz and the mean of 4/8 kHz;
    - noise-notch: a threshold at 3, 4 or 6 kHz at least ``notch_depth`` dB worse than
      at 1 or 2 kHz and than at 6 or 8 kHz (a higher frequency);
    - precipitous: thresholds worsen by ``precipitous_step`` dB or more within one
      octave from 1 kHz upwards;
    - rising / sloping / flat: least-squares slope over the octave frequencies of
      <= -``flat_slope``, >= ``flat_slope``, or in between (dB per octave).

    Returns None when fewer than three octave frequencies were tested.
    """
    air = {f: t.value for f, t in ear.air.items()}
    octaves = [f for f in OCTAVE_FREQUENCIES if f in air]
    if len(octaves) < 3:
        return None

    def mean_of(freqs: tuple[int, ...]) -> float | None:
        vals = [air[f] for f in freqs if f in air]
        return float(fmean(vals)) if vals else None

    mid, low, high = mean_of((1000, 2000)), mean_of((250, 500)), mean_of((4000, 8000))
    if mid is not None and low is not None and high is not None:
        if mid - low >= criteria.cookie_bite_depth and mid - high >= criteria.cookie_bite_depth:
            return "cookie-bite"
    below = [air[f] for f in (1000, 2000) if f in air]
    for notch in (3000, 4000, 6000):
        if notch not in air or not below:
            continue
        above = [air[f] for f in (6000, 8000) if f in air and f > notch]
        if not above:
            continue
        if (
            air[notch] - min(below) >= criteria.notch_depth
            and air[notch] - min(above) >= criteria.notch_depth
        ):
            return "noise-notch"
    for lower, upper in zip(octaves, octaves[1:], strict=False):
        if lower < 1000:
            continue
        span = math.log2(upper / lower)
        if air[upper] - air[lower] >= criteria.precipitous_step * span:
            return "precipitous"
    slope = linear_regression([math.log2(f) for f in octaves], [air[f] for f in octaves]).slope
    if slope <= -criteria.flat_slope:
        return "rising"
    if slope >= criteria.flat_slope:
        return "sloping"
    return "flat"


def asymmetry(audiogram: Audiogram, criteria: Criteria) -> Asymmetry:
    """Return whether the ears' air-conduction thresholds are asymmetric.

    Criteria (``criteria.asymmetry``):

    - ``contiguous`` (default): an interaural difference >= ``asymmetry_db`` at
      ``asymmetry_count`` or more adjacent test frequencies, a common screening rule
      for retrocochlear referral;
    - ``pta``: the 0.5/1/2/3 kHz averages differ by >= ``asymmetry_db`` (the
      frequencies of the AAO-HNS (1995) hearing-reporting guideline);
    - ``rule3000``: a difference >= 15 dB at 3 kHz, Saliba I et al (2009), Otol
      Neurotol 30:515-521.
    """
    right, left = audiogram.right.air, audiogram.left.air
    common = sorted(set(right) & set(left))
    diffs = {f: left[f].value - right[f].value for f in common}
    pta_r = pure_tone_average(right, (500, 1000, 2000, 3000))
    pta_l = pure_tone_average(left, (500, 1000, 2000, 3000))
    if pta_r is None or pta_l is None:
        pta_r = float(fmean([right[f].value for f in common])) if common else None
        pta_l = float(fmean([left[f].value for f in common])) if common else None
    pta_diff = None if pta_r is None or pta_l is None else pta_l - pta_r
    worse_votes = 0.0
    hits: list[int] = []
    if criteria.asymmetry == "contiguous":
        run: list[int] = []
        best: list[int] = []
        sign = 0
        for freq in common:
            d = diffs[freq]
            s = 1 if d >= criteria.asymmetry_db else (-1 if d <= -criteria.asymmetry_db else 0)
            if s != 0 and s == sign:
                run.append(freq)
            else:
                run = [freq] if s != 0 else []
                sign = s
            if len(run) > len(best):
                best = list(run)
        asymmetric = len(best) >= criteria.asymmetry_count
        hits = best if asymmetric else []
        worse_votes = sum(diffs[f] for f in hits)
    elif criteria.asymmetry == "pta":
        asymmetric = pta_diff is not None and abs(pta_diff) >= criteria.asymmetry_db
        worse_votes = pta_diff or 0.0
    elif criteria.asymmetry == "rule3000":
        asymmetric = 3000 in diffs and abs(diffs[3000]) >= 15
        hits = [3000] if asymmetric else []
        worse_votes = diffs.get(3000, 0)
    else:
        raise ValueError(f"asymmetry criterion must be one of {ASYMMETRY_CRITERIA}")
    worse = None
    if asymmetric:
        worse = "left" if worse_votes > 0 else "right"
    return Asymmetry(
        asymmetric=asymmetric,
        criterion=criteria.asymmetry,
        worse_ear=worse,
        frequencies=hits,
        pta_difference=None if pta_diff is None else round(pta_diff, 1),
    )


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

    - asymmetric or unilateral sensorineural (or mixed) loss: retrocochlear
      investigation (MRI), the screening purpose of the asymmetry criteria above;
    - conductive or mixed loss with a type B tympanogram in an adult (>= ``adult_age``):
      ENT examination, including the postnasal space when one-sided (not when the
      ear-canal volume is large, which means a perforation rather than effusion);
    - sudden sensorineural loss (history): urgent ENT referral, Chandrasekhar SS et al
      (2019) Clinical practice guideline: sudden hearing loss (update), Otolaryngol
      Head Neck Surg 161(1S):S1-S45.
    """
    flags: list[RedFlag] = []
    if asym.asymmetric and asym.worse_ear is not None:
        worse = ears[asym.worse_ear]
        better = ears["left" if asym.worse_ear == "right" else "right"]
        bone_gap = None
        if worse.bone_pta is not None and better.bone_pta is not None:
            bone_gap = worse.bone_pta - better.bone_pta
        # A mixed loss counts only when its bone conduction is itself asymmetric.
        if worse.type == "sensorineural" or (
            worse.type == "mixed" and bone_gap is not None and bone_gap >= criteria.asymmetry_db
        ):
            code = (
                "unilateral_sensorineural_loss"
                if better.type == "normal"
                else "asymmetric_sensorineural_loss"
            )
            kind = "unilateral" if better.type == "normal" else "asymmetric"
            flags.append(
                RedFlag(
                    code,
                    asym.worse_ear,
                    f"{kind.capitalize()} {worse.type} hearing loss in the {asym.worse_ear} "
                    "ear: refer to ENT for retrocochlear investigation (MRI).",
                )
            )
    if age is not None and age >= criteria.adult_age and audiogram.tympanometry:
        for ear in EARS:
            tymp = audiogram.tympanometry.get(ear)
            if tymp is None or tymp.type != "B" or ears[ear].type not in ("conductive", "mixed"):
                continue
            # A large ear-canal volume (> 2.0 ml) means a perforation or patent tube, not effusion.
            if tymp.ear_canal_volume_ml is None or tymp.ear_canal_volume_ml <= 2.0:
                flags.append(
                    RedFlag(
                        "adult_conductive_type_b",
                        ear,
                        f"{ears[ear].type.capitalize()} loss with a type B tympanogram in the "
                        f"{ear} ear of an adult: refer to ENT (examine the postnasal space).",
                    )
                )
    if sudden:
        for ear in EARS:
            if ears[ear].type in ("sensorineural", "mixed"):
                flags.append(
                    RedFlag(
                        "sudden_sensorineural_loss",
                        ear,
                        f"Sudden {ears[ear].type} hearing loss in the {ear} ear: urgent same-day "
                        "ENT referral; steroid treatment is time-critical.",
                    )
                )
    return flags


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
) -> Classification:
    """Return the Classification of an audiogram under ``standard``.

    ``criteria`` overrides the keyword thresholds when given. ``age`` and ``sudden``
    default to the audiogram's ``age_years`` and ``onset == "sudden"``.
    """
    std = get_standard(standard)
    if criteria is None:
        criteria = Criteria(
            abg_threshold=abg_threshold,
            abg_min_count=abg_min_count,
            asymmetry=asymmetry_criterion,
            asymmetry_db=asymmetry_db,
        )
    ears: dict[str, EarClassification] = {}
    for ear in EARS:
        thresholds = audiogram.ear(ear)
        pta = pure_tone_average(thresholds.air, std.pta_frequencies)
        notes = []
        if pta is None and thresholds.air:
            missing = [f for f in std.pta_frequencies if f not in thresholds.air]
            notes.append(f"PTA undetermined: {missing} Hz not tested")
        if any(thresholds.air[f].no_response for f in std.pta_frequencies if f in thresholds.air):
            notes.append("PTA includes no-response thresholds (a lower bound)")
        kind, significant, bone_pta, gaps = hearing_type(thresholds, std, criteria)
        if kind is None and thresholds.air:
            notes.append("type undetermined: no bone conduction where air is abnormal")
        config = configuration(thresholds, criteria) if kind not in (None, "normal") else None
        ears[ear] = EarClassification(
            ear=ear,
            pta=None if pta is None else round(pta, 1),
            degree=None if pta is None else std.degree_of(pta),
            type=kind,
            configuration=config,
            air_bone_gap=gaps,
            significant_air_bone_gap=significant,
            bone_pta=None if bone_pta is None else round(bone_pta, 1),
            threshold_degrees={f: std.degree_of(t.value) for f, t in thresholds.air.items()},
            notes=notes,
        )
    asym = asymmetry(audiogram, criteria)
    age = audiogram.age_years if age is None else age
    if sudden is None:
        sudden = audiogram.onset == "sudden"
    flags = red_flags(audiogram, ears, asym, criteria, age=age, sudden=sudden)
    abnormal = [e for e in EARS if ears[e].type not in (None, "normal")]
    if len(abnormal) == 2:
        laterality = "bilateral"
    elif len(abnormal) == 1:
        laterality = f"unilateral {abnormal[0]}"
    elif all(ears[e].type == "normal" for e in EARS):
        laterality = "none"
    else:
        laterality = "undetermined"
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
    )
