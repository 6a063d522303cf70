"""The rule-based case baseline: a 3-section reply (results, diagnosis, recommendations).

It reads the case's structured audiogram, classifies it (WHO 2021 by default) and
writes what the rules give. It is the offline default model for the case tier and
a floor: it names no etiology beyond what the test pattern shows.
"""

from __future__ import annotations

from typing import Any

from clinbench.audiogram.audiogram_model import EARS, Audiogram, audiogram_from_json
from clinbench.audiogram.classify import LARGE_CANAL_VOLUME_ML, Classification, classify

SECTION_WORD_LIMIT = 150


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _loss_phrase(ear_cls) -> str:
    parts = [ear_cls.degree]
    if ear_cls.configuration:
        parts.append(ear_cls.configuration)
    parts.append(f"{ear_cls.type} hearing loss")
    return " ".join(p for p in parts if p)


def ear_summary(cls: Classification, ear: str) -> str:
    """Return one sentence naming an ear's degree, configuration and type of loss."""
    e = cls.ear(ear)
    pta = "" if e.pta is None else f" (PTA {e.pta:.0f} dB HL)"
    if e.type == "normal":
        return f"hearing within normal limits{pta}"
    kind = e.type
    if e.type in (None, "undetermined"):
        kind = "undetermined-type"
    if e.degree == "normal":
        abnormal = [str(f) for f, d in e.threshold_degrees.items() if d != "normal"]
        shape = f"{e.configuration} " if e.configuration else ""
        where = f" at {_join(abnormal)} Hz" if abnormal else ""
        return (
            f"PTA in the normal grade{pta}, with {shape}{kind} thresholds outside normal "
            f"limits{where}"
        )
    if kind == "undetermined-type":
        degree = e.degree or "undetermined degree of"
        shape = f" {e.configuration}" if e.configuration else ""
        return f"{degree}{shape} hearing loss of undetermined type{pta}"
    return f"{_loss_phrase(e)}{pta}"


def results_text(audiogram: Audiogram, cls: Classification) -> str:
    """Return the Q1 results: thresholds, degree, type, configuration and other tests."""
    lines = []
    for ear in EARS:
        thresholds = audiogram.ear(ear)
        e = cls.ear(ear)
        responses = [(f, t.value) for f, t in thresholds.air.items() if not t.no_response]
        absent = [f for f, t in thresholds.air.items() if t.no_response]
        text = f"{ear.capitalize()} ear: air conduction "
        if responses:
            text += (
                f"{_join([str(v) for _, v in responses])} dB HL at "
                f"{_join([str(f) for f, _ in responses])} Hz"
            )
        if absent:
            text += (", " if responses else "") + (
                f"no response at {_join([str(f) for f in absent])} Hz at the audiometer's limits"
            )
        text += ". "
        if e.significant_air_bone_gap:
            bone = [(f, t.value) for f, t in thresholds.bone.items() if not t.no_response]
            text += (
                f"Bone conduction {_join([str(v) for _, v in bone])} dB HL at "
                f"{_join([str(f) for f, _ in bone])} Hz, a significant air-bone gap. "
            )
        elif thresholds.bone and e.type != "normal" and e.significant_air_bone_gap is None:
            text += (
                "Bone conduction was not masked where masking was needed, so it may be the "
                "other ear's; masked bone conduction is needed to tell the type. "
            )
        elif thresholds.bone and all(t.no_response for t in thresholds.bone.values()):
            text += "No bone conduction response at the limits. "
        elif thresholds.bone and e.type != "normal":
            text += "Bone conduction matches air conduction, no significant air-bone gap. "
        summary = ear_summary(cls, ear)
        text += summary[0].upper() + summary[1:] + "."
        lines.append(text)
    lines.extend(_other_tests(audiogram))
    return "\n".join(lines)


def _other_tests(audiogram: Audiogram) -> list[str]:
    lines = []
    if audiogram.tympanometry:
        parts = [f"type {t.type} in the {ear} ear" for ear, t in audiogram.tympanometry.items()]
        lines.append(f"Tympanometry: {_join(parts)}.")
    if audiogram.reflexes:
        parts = []
        for ear, r in audiogram.reflexes.items():
            values = r.measured()
            state = "absent" if all(v is None for v in values) else "present"
            parts.append(f"{state} in the {ear} ear")
        lines.append(f"Acoustic reflexes: {_join(parts)}.")
    if audiogram.speech:
        parts = []
        for ear, s in audiogram.speech.items():
            bits = []
            if s.srt_db is not None:
                bits.append(f"SRT {s.srt_db} dB HL")
            if s.wrs_percent is not None:
                bits.append(f"WRS {s.wrs_percent}%")
            parts.append(f"{ear} ear {' and '.join(bits)}")
        lines.append(f"Speech audiometry: {'; '.join(parts)}.")
    if audiogram.oae:
        parts = [f"{o.result} in the {ear} ear" for ear, o in audiogram.oae.items()]
        lines.append(f"OAEs: {_join(parts)}.")
    if audiogram.abr:
        parts = [f"{a.result} in the {ear} ear" for ear, a in audiogram.abr.items()]
        lines.append(f"ABR: {_join(parts)}.")
    return lines


def diagnosis_text(audiogram: Audiogram, cls: Classification) -> str:
    """Return the rule-based Q2 impression: the classified pattern and what it suggests."""
    sentences = []
    if cls.laterality == "none":
        sentences.append("Hearing within normal limits bilaterally.")
    else:
        for ear in EARS:
            e = cls.ear(ear)
            if e.type not in ("normal", None):  # undetermined-type losses are described too
                sentences.append(f"{ear.capitalize()} ear: {ear_summary(cls, ear)}.")
    tymp = audiogram.tympanometry or {}
    for ear in EARS:
        e = cls.ear(ear)
        t = tymp.get(ear)
        if e.type in ("conductive", "mixed") and t is not None:
            if t.type == "B" and (t.ear_canal_volume_ml or 0) > LARGE_CANAL_VOLUME_ML:
                sentences.append(
                    f"The {ear} ear's large ear-canal volume suggests a perforation "
                    "(chronic middle ear disease)."
                )
            elif t.type == "B":
                sentences.append(f"The {ear} ear pattern suggests middle ear effusion.")
            elif t.type == "As":
                sentences.append(f"The {ear} ear pattern suggests ossicular fixation.")
            elif t.type == "C":
                sentences.append(f"The {ear} ear pattern suggests Eustachian tube dysfunction.")
    if cls.laterality == "bilateral" and not cls.asymmetry.asymmetric:
        configs = {cls.right.configuration, cls.left.configuration}
        if configs == {"noise-notch"}:
            sentences.append("The notch pattern suggests noise exposure.")
        elif configs <= {"sloping", "precipitous"} and (audiogram.age_years or 0) >= 60:
            sentences.append("The symmetric sloping pattern suggests age-related hearing loss.")
    for flag in cls.red_flags:
        sentences.append(f"Red flag: {flag.message}")
    return " ".join(sentences)


def recommendations_text(audiogram: Audiogram, cls: Classification) -> str:
    """Return rule-based Q3 recommendations: referrals first, then rehabilitation."""
    recs = []
    codes = {f.code for f in cls.red_flags}
    if "sudden_sensorineural_loss" in codes:
        recs.append("Urgent same-day ENT referral for sudden hearing loss.")
    if codes & {"asymmetric_sensorineural_loss", "unilateral_sensorineural_loss"}:
        recs.append("ENT referral for MRI of the internal auditory meati.")
    if "adult_conductive_type_b" in codes:
        recs.append("ENT referral, including examination of the postnasal space.")
    types = {cls.right.type, cls.left.type}
    if types & {"conductive", "mixed"} and "adult_conductive_type_b" not in codes:
        recs.append("Medical (GP or ENT) review of the middle ear condition.")
    aidable = [
        ear
        for ear in EARS
        if cls.ear(ear).type in ("sensorineural", "mixed", "conductive")
        and cls.ear(ear).degree not in (None, "normal", "profound", "complete")
    ]
    if aidable and "sudden_sensorineural_loss" not in codes:
        recs.append(
            f"Hearing aid assessment for the {_join(aidable)} ear{'s' * (len(aidable) > 1)}."
        )
    profound = [ear for ear in EARS if cls.ear(ear).degree in ("profound", "complete")]
    if profound:
        recs.append("Discuss CROS or bone-conduction devices and cochlear implant candidacy.")
    if cls.laterality == "none":
        recs.append("No audiological treatment needed; advise hearing protection in noise.")
    recs.append("Counsel on communication strategies and repeat audiometry to monitor.")
    return " ".join(recs)


def _truncate(text: str, limit: int = SECTION_WORD_LIMIT) -> str:
    words = text.split(" ")
    if len(words) <= limit:
        return text
    return " ".join(words[:limit])


def case_audiogram(case: Any) -> Audiogram:
    """Return the Audiogram of a case item, a case item dict, or an audiogram (dict)."""
    if isinstance(case, Audiogram):
        return case
    data = getattr(case, "data", None)
    if data is not None:
        if "audiogram" not in data:
            raise ValueError(f"case {getattr(case, 'id', '?')} has no data['audiogram']")
        return Audiogram.model_validate(data["audiogram"])
    return audiogram_from_json(case)


def rules_case_reply(item: Any, standard: str | None = None) -> str:
    """Return the rule-based reply to a case: 'Q1 Results:', 'Q2 Diagnosis:', 'Q3 Recommendations:'.

    Each section is at most 150 words. The standard is ``standard``, else the case's
    ``metadata["standard"]``, else WHO 2021.
    """
    audiogram = case_audiogram(item)
    if standard is None:
        metadata = getattr(item, "metadata", None) or {}
        standard = metadata.get("standard") or "who2021"
    cls = classify(audiogram, standard)
    sections = [
        ("Q1 Results:", results_text(audiogram, cls)),
        ("Q2 Diagnosis:", diagnosis_text(audiogram, cls)),
        ("Q3 Recommendations:", recommendations_text(audiogram, cls)),
    ]
    return "\n\n".join(f"{head}\n{_truncate(body)}" for head, body in sections)
