"""What the fact checker reports: finding kinds, verdicts and critical errors as enums.

The kinds and their critical errors are closed sets: a finding of an unknown kind is
refused (ValueError) instead of falling into a default error, so a typo cannot become a
critical error. The critical-error categories are AudiologyBench's:

- ``severity_misclassification``: a degree that the standard does not give the ear;
- ``type_misclassification``: a wrong type of loss, or a gap said present or absent wrongly;
- ``laterality_confusion``: a claim true of the other ear only, a bilateral loss called
  unilateral (or the reverse), the wrong ear called worse, a wrong symmetry;
- ``fabricated_result``: a result for a test the case does not contain, or an erroneous
  audiometric value or result beyond the tolerance, a gap's size at a frequency included
  (the paper's "fabricated or erroneous test result").

Configuration errors are reported but are not critical.

A fact check has one of three outcomes (``CheckOutcome``): a critical error found, claims
read with no critical error among them, or no claim read at all. The last is not "no
critical error": the reader found nothing it could compare with the case (a reply in words
it does not read, or one that states nothing about the audiogram), so nothing is known.
Every finding counts as a claim read, whatever its verdict (an unverifiable claim was read).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any


class FindingKind(StrEnum):
    """What a claim is about."""

    THRESHOLD = "threshold"
    BONE_THRESHOLD = "bone_threshold"
    THRESHOLD_RANGE = "threshold_range"
    PTA = "pta"
    SRT = "srt"
    WRS = "wrs"
    DEGREE = "degree"
    TYPE = "type"
    AIR_BONE_GAP = "air_bone_gap"
    AIR_BONE_GAP_SIZE = "air_bone_gap_size"
    CONFIGURATION = "configuration"
    LATERALITY = "laterality"
    ASYMMETRY = "asymmetry"
    WORSE_EAR = "worse_ear"
    TYMPANOMETRY = "tympanometry"
    REFLEXES = "reflexes"
    OAE = "oae"
    ABR = "abr"
    TUNING_FORK = "tuning_fork"
    INTERAURAL_DIFFERENCE = "interaural_difference"


class Verdict(StrEnum):
    """A claim compared with the case."""

    MATCH = "match"
    CONTRADICTION = "contradiction"
    UNVERIFIABLE = "unverifiable"


class CriticalError(StrEnum):
    """AudiologyBench's critical-error categories that the audiogram can decide."""

    SEVERITY = "severity_misclassification"
    TYPE = "type_misclassification"
    LATERALITY = "laterality_confusion"
    FABRICATED = "fabricated_result"


class CheckOutcome(StrEnum):
    """What a fact check of one reply comes to."""

    CRITICAL_ERROR = "critical_error"
    NO_CRITICAL_ERROR = "no_critical_error"
    NO_CLAIM_READ = "no_claim_read"


NO_CLAIM_READ_NOTE = (
    "no claim read: the fact checker found nothing in the reply it could compare with the "
    "case, so whether it holds a critical error is not known (this is not 'no critical error')"
)
"""How every surface words ``CheckOutcome.NO_CLAIM_READ``."""


CRITICAL_ERROR_OF: dict[FindingKind, CriticalError | None] = {
    FindingKind.THRESHOLD: CriticalError.FABRICATED,
    FindingKind.BONE_THRESHOLD: CriticalError.FABRICATED,
    FindingKind.THRESHOLD_RANGE: CriticalError.FABRICATED,
    FindingKind.PTA: CriticalError.FABRICATED,
    FindingKind.SRT: CriticalError.FABRICATED,
    FindingKind.WRS: CriticalError.FABRICATED,
    FindingKind.DEGREE: CriticalError.SEVERITY,
    FindingKind.TYPE: CriticalError.TYPE,
    FindingKind.AIR_BONE_GAP: CriticalError.TYPE,
    FindingKind.AIR_BONE_GAP_SIZE: CriticalError.FABRICATED,
    FindingKind.CONFIGURATION: None,
    FindingKind.LATERALITY: CriticalError.LATERALITY,
    FindingKind.ASYMMETRY: CriticalError.LATERALITY,
    FindingKind.WORSE_EAR: CriticalError.LATERALITY,
    FindingKind.TYMPANOMETRY: CriticalError.FABRICATED,
    FindingKind.REFLEXES: CriticalError.FABRICATED,
    FindingKind.OAE: CriticalError.FABRICATED,
    FindingKind.ABR: CriticalError.FABRICATED,
    FindingKind.TUNING_FORK: CriticalError.FABRICATED,
    FindingKind.INTERAURAL_DIFFERENCE: CriticalError.FABRICATED,
}
"""The critical error a contradicted claim of each kind implies (None: not critical)."""

CRITICAL_ERRORS = tuple(e.value for e in CriticalError)
VERDICTS = tuple(v.value for v in Verdict)


@dataclass
class Finding:
    """One claim of the reply compared with the case."""

    kind: FindingKind
    ear: str | None
    frequency: int | None
    claimed: Any
    truth: Any
    verdict: Verdict
    critical_error: CriticalError | None = None
    hedged: bool = False
    text: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        # Dict look-ups (a StrEnum member hashes as its value): as strict as calling the
        # enum, and cheaper, since every claim of every reply makes a Finding.
        self.kind = _member(_KINDS, self.kind, "finding kind")
        self.verdict = _member(_VERDICTS, self.verdict, "verdict")
        if self.critical_error is not None:
            self.critical_error = _member(_ERRORS, self.critical_error, "critical error")


_KINDS = {k.value: k for k in FindingKind}
_VERDICTS = {v.value: v for v in Verdict}
_ERRORS = {e.value: e for e in CriticalError}


def _member(members: dict, value: Any, what: str) -> Any:
    try:
        return members[value]
    except (KeyError, TypeError):
        raise ValueError(f"{value!r} is not a valid {what}") from None


@dataclass
class FactCheck:
    """Return value of ``check_reply``: findings and the critical errors they imply."""

    findings: list[Finding]
    critical_errors: list[str]
    standard: str
    tolerance_db: int
    sections_read: str = "whole reply"

    @property
    def claims_read(self) -> int:
        """Return the number of claims read: findings of any verdict, unverifiable included."""
        return len(self.findings)

    @property
    def outcome(self) -> CheckOutcome:
        """Return what the check comes to: a critical error, none, or no claim read at all."""
        if not self.findings:
            return CheckOutcome.NO_CLAIM_READ
        if self.critical_errors:
            return CheckOutcome.CRITICAL_ERROR
        return CheckOutcome.NO_CRITICAL_ERROR

    @property
    def contradictions(self) -> list[Finding]:
        """Return the findings whose verdict is contradiction."""
        return [f for f in self.findings if f.verdict == Verdict.CONTRADICTION]

    def counts(self) -> dict[str, int]:
        """Return the number of findings per verdict."""
        return {v.value: sum(1 for f in self.findings if f.verdict == v) for v in Verdict}

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "standard": self.standard,
            "tolerance_db": self.tolerance_db,
            "sections_read": self.sections_read,
            "outcome": str(self.outcome),
            "claims_read": self.claims_read,
            "counts": self.counts(),
            "critical_errors": list(self.critical_errors),
            "findings": [asdict(f) for f in self.findings],
        }
