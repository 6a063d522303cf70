"""Generate fresh audiology case items from clinical profiles, with exact reference answers.

Each profile draws a realistic audiogram (thresholds jittered and rounded to 5 dB),
the tests that go with it, a case history, and reference answers for Q1 (results),
Q2 (diagnosis) and Q3 (recommendations). Q1's reference is computed from the
classification, so it is exact by construction. The same ``seed`` gives
byte-identical ``cases.jsonl`` and PNG files.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from clinbench.audiogram.audiogram_model import Audiogram, EarThresholds
from clinbench.audiogram.classify import Classification, bone_masking_needed, classify
from clinbench.items.model import CaseItem, SubQuestion

GENERATOR_VERSION = "1"
AIR_FREQUENCIES = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
BONE_FREQUENCIES = (500, 1000, 2000, 4000)
AIR_LIMIT = {250: 105, 500: 120, 1000: 120, 2000: 120, 3000: 120, 4000: 120, 6000: 110, 8000: 105}
BONE_LIMIT = {500: 65, 1000: 70, 2000: 70, 4000: 65}
STANDARD = "who2021"

Q1_PROMPT = (
    "Describe the audiometric results for each ear: thresholds, the degree of any hearing "
    "loss (WHO 2021 grades), its type and configuration, and the other test results given."
)
Q2_PROMPT = "Give your diagnostic impression and the findings that support it."
Q3_PROMPT = "What management and referrals do you recommend?"


@dataclass(frozen=True)
class Profile:
    """A clinical presentation the generator can draw."""

    name: str
    draw: Callable[[np.random.Generator], dict[str, Any]]
    accept: Callable[[Classification, dict[str, Any]], bool]


# ---------------------------------------------------------------- drawing helpers


def _round5(x: float) -> int:
    return int(5 * round(x / 5))


def _jitter(rng: np.random.Generator, shape: dict[int, float]) -> dict[int, int]:
    """Return thresholds: the profile's shape plus -5/0/+5 dB jitter, rounded to 5 dB."""
    return {f: _round5(v + rng.choice([-5, 0, 0, 5])) for f, v in shape.items()}


def _interp(points: dict[int, float]) -> dict[int, float]:
    """Return a shape over AIR_FREQUENCIES, interpolated on log frequency between points."""
    xs = np.log2(sorted(points))
    ys = [points[f] for f in sorted(points)]
    return {f: float(np.interp(np.log2(f), xs, ys)) for f in AIR_FREQUENCIES}


def _ear(air: dict[int, int], bone: dict[int, int] | None) -> dict[str, Any]:
    """Return one ear's JSON: values clipped to limits, no-response where beyond them."""
    out: dict[str, Any] = {"air": {}, "bone": {}}
    for f, v in air.items():
        v = max(-10, v)
        if v > AIR_LIMIT[f]:
            out["air"][str(f)] = {"value": AIR_LIMIT[f], "no_response": True}
        else:
            out["air"][str(f)] = v
    for f, v in (bone or {}).items():
        v = max(-10, min(v, air[f]))
        if v > BONE_LIMIT[f]:
            out["bone"][str(f)] = {"value": BONE_LIMIT[f], "no_response": True}
        else:
            out["bone"][str(f)] = v
    return out


def _value(t: Any) -> int:
    return t["value"] if isinstance(t, dict) else t


def _mark_masking(audiogram: dict[str, Any]) -> None:
    """Mark thresholds that clinical masking rules would have masked.

    Air: the test ear's threshold exceeds the other ear's bone threshold by 40 dB or
    more (interaural attenuation of supra-aural earphones). Bone: wherever
    :func:`~clinbench.audiogram.classify.bone_masking_needed` says masking was needed (the
    generated values are each ear's own, as if masked); every other bone value is written
    ``"masked": false``, so a case never leaves bone masking unrecorded.
    """
    ears = {e: EarThresholds.model_validate(audiogram[e]) for e in ("right", "left")}
    bone_masked = {
        "right": bone_masking_needed(ears["right"], ears["left"]),
        "left": bone_masking_needed(ears["left"], ears["right"]),
    }
    for ear, other in (("right", "left"), ("left", "right")):
        mine, theirs = audiogram[ear], audiogram[other]
        for f, t in mine["air"].items():
            other_bone = theirs["bone"].get(f, theirs["air"].get(f))
            if other_bone is None:
                continue
            if _value(t) - _value(other_bone) >= 40:
                mine["air"][f] = {**(t if isinstance(t, dict) else {"value": t}), "masked": True}
        for f, t in mine["bone"].items():  # masking written either way (issue #26)
            masked = int(f) in bone_masked[ear]
            mine["bone"][f] = {**(t if isinstance(t, dict) else {"value": t}), "masked": masked}


def _snhl_bone(rng: np.random.Generator, air: dict[int, int]) -> dict[int, int]:
    return {f: air[f] - int(rng.choice([0, 0, 5, 5, 10])) for f in BONE_FREQUENCIES}


def _normal_ear(rng: np.random.Generator) -> dict[int, int]:
    base = {f: float(rng.choice([0, 5, 5, 10])) for f in AIR_FREQUENCIES}
    return {f: min(15, max(-5, v)) for f, v in _jitter(rng, base).items()}


def _other(ear: str) -> str:
    return "left" if ear == "right" else "right"


def _tymp(kind: str, rng: np.random.Generator, *, large_volume: bool = False) -> dict[str, Any]:
    pressure = {
        "A": rng.integers(-50, 25),
        "As": rng.integers(-40, 10),
        "Ad": rng.integers(-40, 15),
        "B": None,
        "C": rng.integers(-300, -150),
    }[kind]
    compliance = {"A": (0.4, 1.4), "As": (0.1, 0.25), "Ad": (1.9, 3.0), "B": (0.0, 0.1)}.get(
        kind, (0.3, 0.9)
    )
    volume = (2.6, 4.0) if large_volume else (0.7, 1.5)
    out: dict[str, Any] = {"type": kind}
    if pressure is not None:
        out["peak_pressure_dapa"] = int(5 * round(int(pressure) / 5))
    out["compliance_ml"] = round(float(rng.uniform(*compliance)), 1)
    out["ear_canal_volume_ml"] = round(float(rng.uniform(*volume)), 1)
    return out


def _speech(rng: np.random.Generator, pta: float, wrs: tuple[int, int]) -> dict[str, Any]:
    srt = _round5(pta + rng.choice([-5, 0, 5]))
    return {
        "srt_db": int(max(-5, srt)),
        "wrs_percent": int(4 * (rng.integers(wrs[0], wrs[1] + 1) // 4)),
        "wrs_level_db": int(min(100, max(40, srt + 40))),
    }


def _pta4(air: dict[int, int]) -> float:
    return float(np.mean([min(air[f], AIR_LIMIT[f]) for f in (500, 1000, 2000, 4000)]))


def _reflexes(present: bool, rng: np.random.Generator) -> dict[str, Any]:
    values = {
        str(f): (int(_round5(rng.integers(80, 96))) if present else None) for f in (500, 1000, 2000)
    }
    return {"ipsilateral": values}


# ---------------------------------------------------------------- profiles


def _draw_normal(rng):
    age = int(rng.integers(18, 41))
    ears = {e: _normal_ear(rng) for e in ("right", "left")}
    a = {e: _ear(ears[e], {f: ears[e][f] - int(rng.choice([0, 5])) for f in BONE_FREQUENCIES})
         for e in ears}  # fmt: skip
    a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    a["reflexes"] = {e: _reflexes(True, rng) for e in ("right", "left")}
    a["speech"] = {e: _speech(rng, _pta4(ears[e]), (96, 100)) for e in ("right", "left")}
    if rng.random() < 0.5:
        a["oae"] = {e: {"kind": "DPOAE", "result": "present"} for e in ("right", "left")}
    a["age_years"], a["onset"] = age, None
    reason = str(rng.choice([
        "intermittent ringing in both ears after a loud concert two weeks ago",
        "trouble following conversation in busy restaurants",
        "a pre-employment hearing screen for a job in a manufacturing plant",
    ]))  # fmt: skip
    return {"audiogram": a, "age": age, "reason": reason}


def _accept_normal(c, _):
    return c.right.type == "normal" and c.left.type == "normal"


def _draw_presbycusis(rng):
    age = int(rng.integers(65, 86))
    low = float(rng.choice([10, 15, 20, 25]))
    top = float(rng.choice([55, 60, 65, 70, 75]))
    shape = _interp({250: low, 1000: low + 5, 2000: low + (top - low) * 0.4, 4000: top - 10,
                     8000: top})  # fmt: skip
    a: dict[str, Any] = {}
    for e in ("right", "left"):
        air = _jitter(rng, shape)
        a[e] = _ear(air, _snhl_bone(rng, air))
    if rng.random() < 0.7:
        a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    a["speech"] = {
        e: _speech(rng, float(np.mean([_value(a[e]["air"][str(f)]) for f in (500, 1000, 2000)])),
                   (72, 92))
        for e in ("right", "left")
    }  # fmt: skip
    a["age_years"], a["onset"] = age, "gradual"
    reason = str(rng.choice([
        "family complain that the television is too loud; hearing has worsened slowly for years",
        "difficulty hearing grandchildren and following group conversation, worse over a few years",
        "mishearing words at church and on the telephone, gradually over several years",
    ]))  # fmt: skip
    return {"audiogram": a, "age": age, "reason": reason}


def _accept_presbycusis(c, _):
    return (
        all(
            c.ear(e).type == "sensorineural"
            and c.ear(e).configuration in ("sloping", "precipitous")
            for e in ("right", "left")
        )
        and not c.asymmetry.asymmetric
    )


def _draw_noise(rng):
    age = int(rng.integers(40, 66))
    notch = float(rng.choice([45, 50, 55, 60]))
    a: dict[str, Any] = {}
    for e in ("right", "left"):
        shape = {250: 10, 500: 10, 1000: 10, 2000: 20, 3000: notch - 10, 4000: notch,
                 6000: notch - 5, 8000: float(rng.choice([20, 25, 30]))}  # fmt: skip
        air = _jitter(rng, shape)
        a[e] = _ear(air, _snhl_bone(rng, air))
    if rng.random() < 0.5:
        a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    a["age_years"], a["onset"] = age, "gradual"
    job = str(
        rng.choice(
            [
                "a sheet-metal worker for 25 years",
                "a former army gunner",
                "a sawmill operator for 20 years",
                "a drummer in a rock band",
            ]
        )
    )
    return {"audiogram": a, "age": age, "reason": f"{job}; constant high-pitched tinnitus and "
            "difficulty hearing speech in noise"}  # fmt: skip


def _accept_noise(c, _):
    return (
        all(
            c.ear(e).type == "sensorineural" and c.ear(e).configuration == "noise-notch"
            for e in ("right", "left")
        )
        and not c.asymmetry.asymmetric
    )


def _draw_ome_child(rng):
    age = int(rng.integers(3, 9))
    a: dict[str, Any] = {}
    for e in ("right", "left"):
        level = float(rng.choice([25, 30, 35, 40]))
        air = _jitter(rng, {f: level for f in AIR_FREQUENCIES})
        bone = {f: int(rng.choice([0, 5, 10])) for f in BONE_FREQUENCIES}
        a[e] = _ear(air, bone)
    a["tympanometry"] = {e: _tymp("B", rng) for e in ("right", "left")}
    a["reflexes"] = {e: _reflexes(False, rng) for e in ("right", "left")}
    a["age_years"], a["onset"] = age, "gradual"
    reason = str(rng.choice([
        "teacher reports inattention in class; repeated colds over the winter",
        "parents notice the child turns the television up and says 'what?' often",
        "speech sounds unclear to the nursery staff; two ear infections this year",
    ]))  # fmt: skip
    return {"audiogram": a, "age": age, "reason": reason}


def _accept_conductive_both(c, _):
    return c.right.type == "conductive" and c.left.type == "conductive"


def _draw_ome_adult(rng):
    age = int(rng.integers(40, 71))
    ear = str(rng.choice(["right", "left"]))
    a: dict[str, Any] = {}
    good = _normal_ear(rng)
    level = float(rng.choice([30, 35, 40]))
    bad = _jitter(rng, {f: level for f in AIR_FREQUENCIES})
    a[ear] = _ear(bad, {f: int(rng.choice([5, 10])) for f in BONE_FREQUENCIES})
    a[_other(ear)] = _ear(good, {f: good[f] - int(rng.choice([0, 5])) for f in BONE_FREQUENCIES})
    a["tympanometry"] = {ear: _tymp("B", rng), _other(ear): _tymp("A", rng)}
    a["age_years"], a["onset"] = age, "gradual"
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"a blocked, full feeling in the {ear} ear for two months with no pain or "
            "discharge; no history of ear problems"}  # fmt: skip


def _accept_ome_adult(c, d):
    return c.ear(d["ear"]).type == "conductive" and c.ear(_other(d["ear"])).type == "normal"


def _draw_otosclerosis(rng):
    age = int(rng.integers(25, 51))
    a: dict[str, Any] = {}
    for e in ("right", "left"):
        low = float(rng.choice([40, 45, 50]))
        air = _jitter(rng, _interp({250: low, 1000: low - 5, 2000: low - 10, 4000: low - 10,
                                    8000: low - 5}))  # fmt: skip
        bone = {500: 5, 1000: 10, 2000: int(rng.choice([20, 25, 30])), 4000: 10}
        a[e] = _ear(air, {f: v + int(rng.choice([-5, 0])) for f, v in bone.items()})
    a["tympanometry"] = {e: _tymp("As", rng) for e in ("right", "left")}
    a["reflexes"] = {e: _reflexes(False, rng) for e in ("right", "left")}
    a["age_years"], a["onset"] = age, "gradual"
    sex = str(rng.choice(["woman", "woman", "man"]))
    return {"audiogram": a, "age": age, "sex": sex,
            "reason": "hearing has faded slowly in both ears over five years, worse since a "
            "pregnancy" if sex == "woman" else "hearing has faded slowly in both ears over five "
            "years; his father wore hearing aids from his forties"}  # fmt: skip


def _draw_mixed(rng):
    age = int(rng.integers(50, 76))
    ear = str(rng.choice(["right", "left"]))
    a: dict[str, Any] = {}
    cochlear = _interp({250: 25, 1000: 30, 2000: 40, 4000: 50, 8000: 60})
    for e in ("right", "left"):
        bone_shape = _jitter(rng, cochlear)
        air = dict(bone_shape)
        if e == ear:
            gap = float(rng.choice([25, 30, 35]))
            air = {f: v + _round5(gap) for f, v in bone_shape.items()}
        bone = {f: bone_shape[f] - int(rng.choice([0, 5])) for f in BONE_FREQUENCIES}
        a[e] = _ear(air, bone)
    a["tympanometry"] = {ear: _tymp("B", rng, large_volume=True), _other(ear): _tymp("A", rng)}
    a["age_years"], a["onset"] = age, "gradual"
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"recurrent smelly discharge from the {ear} ear since childhood and "
            "hearing that has worsened in both ears over the last decade"}  # fmt: skip


def _accept_mixed(c, d):
    return (
        c.ear(d["ear"]).type == "mixed"
        and c.ear(_other(d["ear"])).type == "sensorineural"
        and not any(f.code.endswith("sensorineural_loss") for f in c.red_flags)
    )


def _draw_asymmetric(rng):
    age = int(rng.integers(40, 66))
    ear = str(rng.choice(["right", "left"]))
    better = _jitter(rng, _interp({250: 10, 1000: 10, 2000: 15, 4000: 25, 8000: 30}))
    extra = float(rng.choice([20, 25, 30]))
    worse = _jitter(rng, _interp({250: 15, 1000: 15 + extra * 0.6, 2000: 25 + extra,
                                  4000: 35 + extra, 8000: 45 + extra}))  # fmt: skip
    a: dict[str, Any] = {ear: _ear(worse, _snhl_bone(rng, worse)),
                         _other(ear): _ear(better, _snhl_bone(rng, better))}  # fmt: skip
    a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    wrs_bad = (48, 72)
    a["speech"] = {
        ear: _speech(rng, float(np.mean([worse[f] for f in (500, 1000, 2000)])), wrs_bad),
        _other(ear): _speech(rng, float(np.mean([better[f] for f in (500, 1000, 2000)])),
                             (92, 100)),
    }  # fmt: skip
    a["age_years"], a["onset"] = age, "gradual"
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"uses the phone on the other side because the {ear} ear sounds muffled; "
            f"continuous hissing tinnitus in the {ear} ear for a year, "
            "occasional imbalance"}  # fmt: skip


def _accept_asymmetric(c, d):
    return (
        c.asymmetry.asymmetric
        and c.asymmetry.worse_ear == d["ear"]
        and c.ear(d["ear"]).type == "sensorineural"
        and c.ear(d["ear"]).degree != "normal"
    )


def _draw_sudden(rng):
    age = int(rng.integers(30, 61))
    ear = str(rng.choice(["right", "left"]))
    level = float(rng.choice([55, 60, 65, 70]))
    bad = _jitter(rng, {f: level + (5 if f >= 4000 else 0) for f in AIR_FREQUENCIES})
    good = _normal_ear(rng)
    good_bone = {f: good[f] for f in BONE_FREQUENCIES}
    a: dict[str, Any] = {ear: _ear(bad, _snhl_bone(rng, bad)), _other(ear): _ear(good, good_bone)}
    a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    if rng.random() < 0.5:
        a["oae"] = {ear: {"kind": "DPOAE", "result": "absent"},
                    _other(ear): {"kind": "DPOAE", "result": "present"}}  # fmt: skip
    a["age_years"], a["onset"] = age, "sudden"
    days = int(rng.integers(1, 4))
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"woke {days} day{'s' if days > 1 else ''} ago with the {ear} ear deaf and "
            "roaring tinnitus; no ear pain, no recent cold, no trauma"}  # fmt: skip


def _accept_sudden(c, d):
    return c.ear(d["ear"]).type == "sensorineural" and c.ear(_other(d["ear"])).type == "normal"


def _draw_meniere(rng):
    age = int(rng.integers(35, 61))
    ear = str(rng.choice(["right", "left"]))
    low = float(rng.choice([45, 50, 55]))
    bad = _jitter(rng, _interp({250: low, 500: low - 5, 1000: low - 15, 2000: 20, 4000: 15,
                                8000: 20}))  # fmt: skip
    good = _normal_ear(rng)
    good_bone = {f: good[f] for f in BONE_FREQUENCIES}
    a: dict[str, Any] = {ear: _ear(bad, _snhl_bone(rng, bad)), _other(ear): _ear(good, good_bone)}
    a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    a["age_years"], a["onset"] = age, "unknown"
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"attacks of spinning vertigo lasting a few hours, with fullness, roaring "
            f"tinnitus and muffled hearing in the {ear} ear that come and go"}  # fmt: skip


def _accept_meniere(c, d):
    e = c.ear(d["ear"])
    return e.type == "sensorineural" and e.configuration == "rising"


def _draw_unilateral_profound(rng):
    age = int(rng.integers(20, 71))
    ear = str(rng.choice(["right", "left"]))
    level = float(rng.choice([95, 100, 105, 125]))
    bad = _jitter(rng, {f: level + (10 if f >= 4000 else 0) for f in AIR_FREQUENCIES})
    good = _normal_ear(rng)
    bone = {f: 200 for f in BONE_FREQUENCIES}  # beyond the limit: no response
    good_bone = {f: good[f] for f in BONE_FREQUENCIES}
    a: dict[str, Any] = {ear: _ear(bad, bone), _other(ear): _ear(good, good_bone)}
    a["tympanometry"] = {e: _tymp("A", rng) for e in ("right", "left")}
    a["age_years"], a["onset"] = age, "unknown"
    return {"audiogram": a, "age": age, "ear": ear,
            "reason": f"has never heard well with the {ear} ear; cannot tell where sounds come "
            "from and struggles when people talk on that side; never investigated"}  # fmt: skip


def _accept_unilateral_profound(c, d):
    return (
        c.ear(d["ear"]).degree in ("profound", "complete")
        and c.ear(d["ear"]).configuration in ("flat", "sloping", None)
        and c.ear(d["ear"]).type == "sensorineural"
        and c.ear(_other(d["ear"])).type == "normal"
    )


PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        Profile("normal", _draw_normal, _accept_normal),
        Profile("presbycusis", _draw_presbycusis, _accept_presbycusis),
        Profile("noise_induced", _draw_noise, _accept_noise),
        Profile("otitis_media_effusion_child", _draw_ome_child, _accept_conductive_both),
        Profile("otitis_media_effusion_adult", _draw_ome_adult, _accept_ome_adult),
        Profile("otosclerosis", _draw_otosclerosis, _accept_conductive_both),
        Profile("mixed", _draw_mixed, _accept_mixed),
        Profile("asymmetric_snhl", _draw_asymmetric, _accept_asymmetric),
        Profile("sudden_snhl", _draw_sudden, _accept_sudden),
        Profile("meniere_like", _draw_meniere, _accept_meniere),
        Profile("unilateral_profound", _draw_unilateral_profound, _accept_unilateral_profound),
    )
}


# ---------------------------------------------------------------- case text

_SEX_WORDS = {"woman": ("woman", "She", "her"), "man": ("man", "He", "his")}

DIAGNOSES = {
    "normal": "Hearing within normal limits in both ears with normal middle ear function; "
    "no audiological explanation for the complaint beyond the history.",
    "presbycusis": "Bilateral symmetric sloping sensorineural hearing loss, typical of age-related "
    "hearing loss (presbycusis); normal middle ear function.",
    "noise_induced": "Bilateral sensorineural hearing loss with a notch around 4 kHz and recovery "
    "at 8 kHz, consistent with noise-induced hearing loss given the exposure history.",
    "otitis_media_effusion_child": "Bilateral conductive hearing loss with flat (type B) "
    "tympanograms and absent reflexes: otitis media with effusion.",
    "otitis_media_effusion_adult": "Unilateral conductive hearing loss with a type B tympanogram "
    "of normal volume in an adult: middle ear effusion, which in an adult needs the postnasal "
    "space examined to exclude a nasopharyngeal mass.",
    "otosclerosis": "Bilateral conductive hearing loss with normal bone conduction, a Carhart "
    "notch near 2 kHz, shallow (type As) tympanograms and absent reflexes: consistent with "
    "otosclerosis.",
    "mixed": "Mixed hearing loss in the discharging ear (flat tympanogram with a large volume, "
    "i.e. a perforation: chronic suppurative otitis media), on a background of age-related "
    "sensorineural loss in both ears.",
    "asymmetric_snhl": "Asymmetric sensorineural hearing loss with poorer word recognition in the "
    "worse ear and unilateral tinnitus: retrocochlear pathology such as a vestibular schwannoma "
    "must be excluded.",
    "sudden_snhl": "Sudden unilateral sensorineural hearing loss (idiopathic sudden sensorineural "
    "hearing loss until proven otherwise): a medical emergency.",
    "meniere_like": "Unilateral low-frequency (rising) sensorineural hearing loss with episodic "
    "vertigo, fullness and tinnitus, suggestive of Meniere's disease (endolymphatic hydrops).",
    "unilateral_profound": "Unilateral profound sensorineural hearing loss (single-sided deafness) "
    "with normal hearing in the other ear; cause not yet investigated.",
}

RECOMMENDATIONS = {
    "normal": "Reassure; explain the results. Advise hearing protection for loud music or noise "
    "and a review if tinnitus persists or hearing changes. Tinnitus advice if bothersome.",
    "presbycusis": "Bilateral hearing aid fitting with verification by real-ear measurement; "
    "communication tactics for the family; consider assistive listening devices for the "
    "television and phone; review every 1-2 years.",
    "noise_induced": "Hearing protection and noise reduction at work or play; serial monitoring "
    "audiometry; hearing aids if everyday listening is hard; tinnitus management; report as "
    "occupational where relevant.",
    "otitis_media_effusion_child": "Watchful waiting for about three months, then repeat "
    "audiometry and tympanometry; refer to ENT (ventilation tubes or hearing aids) if it persists "
    "with hearing loss; tell the school (seat near the teacher).",
    "otitis_media_effusion_adult": "ENT referral for examination of the nasopharynx (endoscopy) "
    "to exclude a tumour; treat the effusion once the cause is known; repeat audiometry after.",
    "otosclerosis": "ENT referral to discuss stapes surgery (stapedotomy) versus hearing aids; "
    "hearing aids meanwhile; genetic counselling about family risk; review.",
    "mixed": "ENT referral for the chronic ear disease (microscopy, treatment of infection, "
    "possible tympanoplasty); hearing aid or bone-conduction device after medical treatment; "
    "water precautions.",
    "asymmetric_snhl": "ENT referral for MRI of the internal auditory meati to exclude a "
    "vestibular schwannoma; hearing aid for the worse ear if the MRI is clear; tinnitus support.",
    "sudden_snhl": "Urgent same-day ENT referral: oral or intratympanic steroids work best within "
    "two weeks; MRI to exclude retrocochlear pathology; repeat audiometry to track recovery.",
    "meniere_like": "ENT referral for assessment of Meniere's disease and an MRI to exclude "
    "retrocochlear pathology; vestibular assessment; serial audiometry for fluctuation; diet and "
    "lifestyle advice; hearing aid if the loss persists.",
    "unilateral_profound": "ENT referral with MRI of the internal auditory meati; discuss CROS "
    "aids, bone-conduction devices and cochlear implantation for single-sided deafness; "
    "communication tactics (seating, good ear towards the speaker).",
}


def _history(profile: str, drawn: dict[str, Any], rng: np.random.Generator) -> str:
    age = drawn["age"]
    if profile == "otitis_media_effusion_child":
        sex = str(rng.choice(["boy", "girl"]))
        return (
            f"A {age}-year-old {sex} is brought by a parent: {drawn['reason']}. "
            "No ear discharge. Otoscopy shows dull tympanic membranes."
        )
    sex = drawn.get("sex") or str(rng.choice(["woman", "man"]))
    noun, pronoun, _ = _SEX_WORDS[sex]
    text = f"A {age}-year-old {noun} attends the hearing clinic: {drawn['reason']}."
    extras = {
        "presbycusis": f" {pronoun} has no vertigo and no ear discharge.",
        "noise_induced": f" {pronoun} wore hearing protection only occasionally.",
        "otosclerosis": " Otoscopy is normal.",
        "mixed": " Otoscopy shows a moist central perforation.",
        "asymmetric_snhl": f" {pronoun} has no history of noise exposure or ear surgery.",
        "sudden_snhl": f" {pronoun} is otherwise well.",
        "unilateral_profound": f" {pronoun} recalls mumps in early childhood.",
    }
    return text + extras.get(profile, "")


def _tests_text(audiogram: Audiogram) -> str:
    """Return the non-audiogram test results as lines for the case stem."""
    lines = []
    if audiogram.tympanometry:
        for ear, t in audiogram.tympanometry.items():
            bits = [f"type {t.type}"]
            if t.peak_pressure_dapa is not None:
                bits.append(f"peak pressure {t.peak_pressure_dapa:g} daPa")
            if t.compliance_ml is not None:
                bits.append(f"compliance {t.compliance_ml:g} ml")
            if t.ear_canal_volume_ml is not None:
                bits.append(f"ear-canal volume {t.ear_canal_volume_ml:g} ml")
            lines.append(f"Tympanometry, {ear} ear: {', '.join(bits)}.")
    if audiogram.reflexes:
        for ear, r in audiogram.reflexes.items():
            vals = ", ".join(
                f"{f} Hz {'absent' if v is None else f'{v} dB HL'}"
                for f, v in r.ipsilateral.items()
            )
            lines.append(f"Ipsilateral acoustic reflexes, {ear} ear: {vals}.")
    if audiogram.speech:
        for ear, s in audiogram.speech.items():
            lines.append(
                f"Speech audiometry, {ear} ear: SRT {s.srt_db} dB HL; word recognition "
                f"{s.wrs_percent}% at {s.wrs_level_db} dB HL."
            )
    if audiogram.oae:
        for ear, o in audiogram.oae.items():
            lines.append(f"{o.kind}, {ear} ear: {o.result}.")
    return "\n".join(lines)


def _build_case(
    index: int, seed: int, profile: Profile, rng: np.random.Generator
) -> tuple[CaseItem, Audiogram]:
    from clinbench.audiogram.rules_reply import results_text

    for _attempt in range(200):
        drawn = profile.draw(rng)
        raw = drawn["audiogram"]
        _mark_masking(raw)
        audiogram = Audiogram.model_validate(raw)
        cls = classify(audiogram, STANDARD)
        if profile.accept(cls, drawn):
            break
    else:  # pragma: no cover - a profile whose draws never fit is a bug
        raise RuntimeError(f"profile {profile.name} produced no acceptable audiogram")
    item_id = f"audgen-s{seed}-{index:04d}"
    image = f"images/{item_id}.png"
    tests = _tests_text(audiogram)
    stem = _history(profile.name, drawn, rng) + "\nThe pure-tone audiogram is shown in the image."
    if tests:
        stem += "\nOther results:\n" + tests
    flags = " ".join(f"Red flag: {f.message}" for f in cls.red_flags)
    item = CaseItem(
        id=item_id,
        suite="audiology",
        stem=stem,
        images=[image],
        data={"audiogram": audiogram.to_json_dict()},
        questions=[
            SubQuestion(id="Q1", prompt=Q1_PROMPT, reference=results_text(audiogram, cls)),
            SubQuestion(
                id="Q2",
                prompt=Q2_PROMPT,
                reference=(DIAGNOSES[profile.name] + (" " + flags if flags else "")),
            ),
            SubQuestion(id="Q3", prompt=Q3_PROMPT, reference=RECOMMENDATIONS[profile.name]),
        ],
        domain="clinical case",
        source_pool="generated",
        tags=["generated", profile.name],
        metadata={
            "profile": profile.name,
            "generated": True,
            "seed": seed,
            "generator_version": GENERATOR_VERSION,
            "standard": STANDARD,
            "red_flags": [f.code for f in cls.red_flags],
        },
    )
    return item, audiogram


def generate_cases(
    n: int, seed: int, out_dir: str | Path, *, profiles: list[str] | None = None
) -> list[CaseItem]:
    """Return ``n`` generated case items, written to ``out_dir/cases.jsonl`` with PNG images.

    Profiles are drawn in turn (shuffled once per round by ``seed``) so that every
    profile appears once n reaches the number of profiles. Files are written to a
    temporary folder first and moved into place, so a failure leaves no partial set.
    """
    from clinbench.audiogram.render import render_audiogram

    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    names = list(profiles or PROFILES)
    unknown = [p for p in names if p not in PROFILES]
    if unknown:
        raise ValueError(f"unknown profile(s) {unknown}; choose from {list(PROFILES)}")
    rng = np.random.default_rng(seed)
    order: list[str] = []
    while len(order) < n:
        order.extend(str(p) for p in rng.permutation(names))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out, prefix=".generate-"))
    items = []
    try:
        (staging / "images").mkdir()
        lines = []
        for index, name in enumerate(order[:n]):
            item, audiogram = _build_case(index, seed, PROFILES[name], rng)
            render_audiogram(
                audiogram, staging / item.images[0], title=f"Pure-tone audiogram ({item.id})"
            )
            lines.append(json.dumps(item.model_dump(mode="json"), ensure_ascii=False))
            items.append(item)
        (staging / "cases.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (out / "images").mkdir(exist_ok=True)
        for item in items:
            os.replace(staging / item.images[0], out / item.images[0])
        os.replace(staging / "cases.jsonl", out / "cases.jsonl")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return items
