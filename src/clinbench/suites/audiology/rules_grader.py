"""The deterministic rubric grader: rubric subscores from the fact checker and reference overlap.

The offline stand-in for the LLM adjudicator, reported under its own scorer name
(``rubric_rules_grader``) so it is never mistaken for it. It fills the same judgement JSON
the LLM judge returns (subscores 1-5, critical errors, justification, overall label), which
is then graded in code by the same rubric, so ``regrade`` treats both alike.

How each subscore is derived (``point(share) = 1 + round(4 * share)``):

- Q1 numerical accuracy: share of the numeric statements the audiogram fact checker
  verified as correct (1 when the section states none); test coverage: share of the tests
  named in the reference that the section names too; description accuracy: share of the
  degree/type/configuration/laterality statements verified correct (1 when none); absence
  of fabricated findings: 5, minus 2 per fabricated result (floor 1).
- Q2 diagnostic accuracy: share of degree/type statements verified correct when there are
  any, otherwise the recall of the reference's content words; clinical reasoning: recall of
  the reference's content words; evidence support: 1 + number of distinct tests or values
  cited (at most 5).
- Q3 relevance: share of the reference's recommendation categories (referral, imaging,
  hearing aids, implants, monitoring, counselling, ...) the section covers; completeness:
  recall of the reference's content words; feasibility: share of the section's
  recommendation categories that the reference also makes.
- Critical errors: those the fact checker finds in Q1 and in Q2's degree/type statements;
  ``missed_red_flag`` when the case has red flags (``metadata["red_flags"]``, or else a Q3
  reference that escalates) and neither Q2 nor Q3 escalates (medical/ENT referral,
  imaging, urgent care). ``dangerous_recommendation`` is not detectable by rule
  and is never flagged here (recorded as not checked).

These are coarse proxies, written by hand because no library grades clinical free text;
they make the offline pipeline run end to end, not a substitute for an adjudicator.
"""

from __future__ import annotations

import re
from typing import Any

from clinbench.items.model import CaseItem

NOT_CHECKED = ["dangerous_recommendation"]

TESTS = {
    "pure_tone": r"air[- ]conduction|pure[- ]tone|\bthresholds?\b|\bPTA\b|dB HL",
    "bone_conduction": r"bone[- ]conduction|air[- ]bone gap",
    "tympanometry": r"tympanom|\btype (?:A|As|Ad|B|C)\b|middle[- ]ear (?:pressure|compliance)",
    "speech": r"\bSRT\b|speech (?:recognition|reception)|word recognition|\bWRS\b|speech discrim",
    "reflexes": r"reflex",
    "oae": r"\bOAEs?\b|otoacoustic|\bDPOAE|\bTEOAE",
    "abr": r"\bABR\b|brainstem",
}

RECOMMENDATIONS = {
    "medical_referral": r"\bENT\b|otolaryngolog|otolog|ear,? nose|medical (?:referral|review|"
    r"assessment|evaluation)|refer\w* to (?:a |the |their )?(?:GP|physician|doctor)",
    "imaging": r"\bMRI\b|imaging|\bCT\b|internal auditory",
    "urgent": r"urgent|same[- ]day|within (?:24|48)|immediate|emergency|steroid",
    "hearing_aid": r"hearing aids?|amplification",
    "cochlear_implant": r"cochlear implant",
    "cros_bone_device": r"\bCROS\b|bone[- ]conduction (?:device|implant|hearing)|\bBAHA\b|"
    r"osseointegrated|bone[- ]anchored",
    "monitoring": r"monitor|repeat (?:audiometry|testing|test|audiogram|hearing)|follow[- ]up|"
    r"re-?test|review in|recheck",
    "counselling": r"counsel|communication strateg|educat",
    "hearing_protection": r"hearing protection|ear ?plugs|ear ?muffs|noise (?:protection|exposure)",
    "tinnitus_care": r"tinnitus (?:management|therapy|counsel)|sound therapy",
    "vestibular": r"vestibular|balance (?:testing|assessment|function)|\bVNG\b",
    "medical_treatment": r"antibiotic|decongest|grommet|tympanostomy|ventilation tube|"
    r"wax removal|cerumen|stapedectomy|stapedotomy|surg",
    "assistive": r"assistive|remote microphone|\bFM\b|caption|hearing loop",
    "education_support": r"teacher|classroom|school|speech[- ]language",
}
RED_FLAG_CATEGORIES = ("medical_referral", "imaging", "urgent")

_STOPWORDS = set(
    "the and with for from that this these those their there are was were been has have had "
    "not but both each into than then which while also more most very will would should could "
    "ear ears left right case patient results result test tests shows show shown consistent "
    "given within about after before over under other same such only".split()
)
_WORD = re.compile(r"[a-z][a-z\-]{3,}")
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")


def point(share: float) -> int:
    """Return the 1-5 rubric point for a share between 0 and 1."""
    share = min(max(share, 0.0), 1.0)
    return 1 + int(round(4 * share))


def categories(text: str, patterns: dict[str, str]) -> set[str]:
    """Return the names of the patterns found in a text (case-insensitive)."""
    return {name for name, pattern in patterns.items() if re.search(pattern, text or "", re.I)}


def content_words(text: str) -> set[str]:
    """Return the content words of a text (lower case, 4+ letters, no stopwords)."""
    return {w for w in _WORD.findall((text or "").lower()) if w not in _STOPWORDS}


def recall(reference: str, reply: str) -> float:
    """Return the share of the reference's content words that the reply uses."""
    wanted = content_words(reference)
    if not wanted:
        return 1.0
    return len(wanted & content_words(reply)) / len(wanted)


def escalation_needed(item: CaseItem, q3_reference: str) -> bool:
    """Return True when the case needs medical escalation.

    The case's ``metadata["red_flags"]`` decides when present (the audiogram engine's red
    flags, or a hand-written list); otherwise the Q3 reference's own escalation does.
    """
    flags = item.metadata.get("red_flags")
    if flags is not None:
        return bool(flags)
    return bool(set(RED_FLAG_CATEGORIES) & categories(q3_reference, RECOMMENDATIONS))


def _share(findings: list[dict[str, Any]]) -> float | None:
    if not findings:
        return None
    return sum(1 for f in findings if f.get("verdict") == "match") / len(findings)


# Fact-checker finding kinds that describe the loss; every other kind is a stated value or
# test result (threshold, PTA, SRT, WRS, tympanometry, reflexes, OAE, ABR, ...).
DESCRIPTIVE_KINDS = ("degree", "type", "air_bone_gap", "configuration", "laterality",
                     "asymmetry", "worse_ear")  # fmt: skip


def _descriptive(finding: dict[str, Any]) -> bool:
    return finding.get("kind") in DESCRIPTIVE_KINDS


def rules_judgement(
    item: CaseItem,
    sections: dict[str, str],
    fact_checks: dict[str, dict[str, Any]],
) -> dict[str, dict[str, Any]]:
    """Return the judgement JSON per question, as an LLM judge would return it.

    ``fact_checks`` holds, per question id, ``{"findings": [...], "critical_errors": [...]}``
    from the audiogram fact checker (findings as dicts with ``kind``, ``verdict`` — match,
    contradiction or unverifiable — and ``critical_error``) and ``claims_read``; a section in
    which no claim was read says so in its justification (its critical errors are unknown).
    """
    references = {q.id: q.reference for q in item.questions}
    out: dict[str, dict[str, Any]] = {}
    q2_q3_text = " ".join(sections.get(q, "") for q in ("Q2", "Q3"))
    for sub in item.questions:
        text = sections.get(sub.id, "")
        reference = references[sub.id]
        check = fact_checks.get(sub.id, {"findings": [], "critical_errors": []})
        findings = [f for f in check.get("findings", []) if f.get("verdict") != "unverifiable"]
        errors = list(dict.fromkeys(check.get("critical_errors", [])))
        notes: list[str] = []
        if sub.id == "Q1":
            numeric = _share([f for f in findings if not _descriptive(f)])
            descriptive = _share([f for f in findings if _descriptive(f)])
            wanted_tests = categories(reference, TESTS)
            covered = categories(text, TESTS) & wanted_tests
            fabricated = sum(
                1
                for f in check.get("findings", [])
                if f.get("critical_error") == "fabricated_result"
            )
            subscores = {
                "numerical_accuracy": point(numeric) if numeric is not None else 1,
                "test_coverage": point(len(covered) / len(wanted_tests)) if wanted_tests else 5,
                "description_accuracy": point(descriptive) if descriptive is not None else 1,
                "no_fabricated_findings": max(1, 5 - 2 * fabricated),
            }
            verified = "none stated" if numeric is None else f"{numeric:.2f} correct"
            notes.append(
                f"numeric statements: {verified}; "
                f"tests covered {sorted(covered)} of {sorted(wanted_tests)}"
            )
        elif sub.id == "Q2":
            descriptive = _share([f for f in findings if _descriptive(f)])
            overlap = recall(reference, text)
            evidence = categories(text, TESTS) | set(_NUMBER.findall(text))
            subscores = {
                "diagnostic_accuracy": point(descriptive if descriptive is not None else overlap),
                "clinical_reasoning": point(overlap),
                "evidence_support": min(5, 1 + len(evidence)),
            }
            notes.append(f"reference word recall {overlap:.2f}; evidence cited {len(evidence)}")
        else:
            wanted = categories(reference, RECOMMENDATIONS)
            made = categories(text, RECOMMENDATIONS)
            subscores = {
                "relevance": point(len(made & wanted) / len(wanted)) if wanted else 5,
                "clinical_feasibility": point(len(made & wanted) / len(made)) if made else 1,
                "completeness": point(recall(reference, text)),
            }
            if escalation_needed(item, reference) and not (
                set(RED_FLAG_CATEGORIES) & categories(q2_q3_text, RECOMMENDATIONS)
            ):
                errors.append("missed_red_flag")
            notes.append(f"recommendations {sorted(made)}; reference makes {sorted(wanted)}")
        if not text:
            notes.append(f"no labelled {sub.id} section")
        if sub.id in fact_checks and check.get("claims_read") == 0:
            notes.append("fact check: no claim read, so its critical errors are not known")
        mean = sum(subscores.values()) / len(subscores)
        overall = ("unacceptable", "poor", "adequate", "good", "excellent")[
            max(0, min(4, int(round(mean)) - 1))
        ]
        out[sub.id] = {
            "question": sub.id,
            "subscores": subscores,
            "critical_errors": list(dict.fromkeys(errors)),
            "justification": "; ".join(notes),
            "overall": overall,
            "not_checked": NOT_CHECKED,
        }
    return out
