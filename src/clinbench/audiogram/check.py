"""Judge-free audiometric fact checking of a free-text case reply.

:func:`check_reply` reads what a Q1/Q2 reply claims (thresholds with frequency and
ear, PTA, degree, type, configuration, air-bone gap, laterality, asymmetry, and
results of tympanometry, acoustic reflexes, OAEs, ABR and speech audiometry),
compares each claim with the case's audiogram and its classification, and names
the critical errors the contradictions imply, in AudiologyBench's categories:

- ``severity_misclassification``: a degree that the standard does not give the ear;
- ``type_misclassification``: a wrong type of loss, or a wrong air-bone gap;
- ``laterality_confusion``: a claim true of the other ear only, a bilateral loss
  called unilateral (or the reverse), the wrong ear called worse, a wrong symmetry;
- ``fabricated_result``: a result for a test the case does not contain, or an
  erroneous audiometric value (threshold, PTA, speech score, test result) beyond the
  tolerance: the paper's "fabricated or erroneous test result".

Configuration errors are reported but are not critical. Claims are found with
regular expressions written for audiological wording (no library parses
audiometric claims); what is not understood is left out, never guessed, and a
claim that cannot be tied to one ear or compared with the truth is
``unverifiable``. Only the Q1 and Q2 sections are read when the reply has section
headings. Hedged claims ("likely", "possibly") count as claims and are marked
``hedged``; ruled-out or negated mentions ("no conductive component", "rule out
retrocochlear pathology") are not claims.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from clinbench.audiogram.baseline import case_audiogram
from clinbench.audiogram.classify import (
    STANDARDS,
    Classification,
    Criteria,
    asymmetry,
    classify,
    get_standard,
    pure_tone_average,
)
from clinbench.audiogram.model import EARS, Audiogram

CRITICAL_ERRORS = (
    "severity_misclassification",
    "type_misclassification",
    "laterality_confusion",
    "fabricated_result",
)
VERDICTS = ("match", "contradiction", "unverifiable")
_KIND_ERROR = {
    "degree": "severity_misclassification",
    "type": "type_misclassification",
    "air_bone_gap": "type_misclassification",
    "configuration": None,
    "laterality": "laterality_confusion",
    "asymmetry": "laterality_confusion",
    "worse_ear": "laterality_confusion",
}  # every other kind (test results and values) -> fabricated_result


@dataclass
class Finding:
    """One claim of the reply compared with the case."""

    kind: str
    ear: str | None
    frequency: int | None
    claimed: Any
    truth: Any
    verdict: str
    critical_error: str | None = None
    hedged: bool = False
    text: str = ""
    note: str = ""


@dataclass
class FactCheck:
    """Return value of :func:`check_reply`: findings and the critical errors they imply."""

    findings: list[Finding]
    critical_errors: list[str]
    standard: str
    tolerance_db: int
    sections_read: str = "whole reply"

    @property
    def contradictions(self) -> list[Finding]:
        """Return the findings whose verdict is contradiction."""
        return [f for f in self.findings if f.verdict == "contradiction"]

    def counts(self) -> dict[str, int]:
        """Return the number of findings per verdict."""
        return {v: sum(1 for f in self.findings if f.verdict == v) for v in VERDICTS}

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "standard": self.standard,
            "tolerance_db": self.tolerance_db,
            "sections_read": self.sections_read,
            "counts": self.counts(),
            "critical_errors": list(self.critical_errors),
            "findings": [asdict(f) for f in self.findings],
        }


# ----------------------------------------------------------------------------- vocabulary

_DEG = r"(slight|mild|moderately[\s-]+severe|moderate|severe|profound|complete|total|normal)"
_DEGREE_RANGE = re.compile(
    rf"\b{_DEG}\b(?:\s*(?:sloping|falling|rising|dropping|steeply\s+sloping|precipitously"
    rf"(?:\s+sloping)?)?\s*(?:-\s*to\s*-|-|–|to|through|/|or)\s*(?:a\s+)?\b{_DEG}\b)?"
)
_DEGREE_CANON = {"moderately severe": "moderately severe", "total": "complete"}
_REGION = re.compile(
    r"((?:high|low|mid|middle|higher|lower)[\s-]*(?:and (?:high|mid|low)[\s-]*)?(?:frequenc|pitch)|"
    r"notch|\b(?:above|below|up to|from) \d|\(\d[^)]*hz\)|sloping to|rising to|falling to|"
    r"dropping to)"
)
_NORMAL_TO = re.compile(
    rf"^\s*,?\s*(?:sloping|falling|dropping|rising|steeply sloping)?\s*(?:to|through|-)\s*"
    rf"(?:a\s+|the\s+)?\b{_DEG}\b"
)
_EAR_ONLY = re.compile(
    r"^\s*(?:in\s+|on\s+|of\s+)?(?:the\s+)?(right|left)(?:[\s-]+(?:ear|side|sided))?\s*"
    r"(?:\([^)]*\))?\s*[.:]?\s*$",
    re.I,
)
_NORMAL_PHRASES = re.compile(
    r"\b(normal hearing|hearing (?:is |was |are |were )?(?:within normal limits|normal)"
    r"|within normal limits|\bwnl\b|normal (?:grade|range|hearing sensitivity|sensitivity)"
    r"|no hearing loss)\b"
)
_LOSS_CONTEXT = re.compile(
    r"(hearing|loss|\bhl\b|snhl|chl|sensorineural|conductive|mixed|impairment|deaf|grade|"
    r"degree|\bpta\b|threshold|notch)"
)
# Ear-tagged values after a speech-test name: "SRT 30 dB HL right and 70 dB HL left",
# "WRS right 84%, left 88%".
_VALUE_THEN_EAR = re.compile(
    r"(-?\d{1,3})\s*(db(?:\s*hl)?|%)\s*\(?\s*(?:in |on |for )?(?:the )?"
    r"(right|left|rt|lt|r|l|ad|as)\b"
)
_EAR_THEN_VALUE = re.compile(
    r"\b(right|left|rt|lt|ad|as)\b(?:\s+ear)?\s*[:=]?\s*(-?\d{1,3})\s*(db(?:\s*hl)?|%)"
)
_EAR_WORD = {"rt": "right", "r": "right", "ad": "right", "lt": "left", "l": "left", "as": "left"}
_NON_HEARING_NOUN = re.compile(
    r"^\s*(tinnitus|vertigo|noise|pain|dizziness|imbalance|discomfort|otalgia|fullness|"
    r"recruitment|rollover|difficulty|problems?|ear (?:pain|infection)|"
    r"reduction in (?:word|speech))"
)
_TYPE_WORDS = [
    (re.compile(r"\b(sensorineural|sensori-neural|snhl|cochlear hearing loss|nerve deafness)\b"),
     "sensorineural"),
    (re.compile(r"\b(conductive|chl)\b"), "conductive"),
    (re.compile(r"\bmixed\b"), "mixed"),
]  # fmt: skip
_COMPONENT = re.compile(r"\b(sensorineural|conductive)\s+(component|element|overlay|contribution)")
_CONFIG_WORDS = [
    (re.compile(r"\b(cookie[\s-]*bite|trough[\s-]*shaped|u[\s-]shaped|"
                r"mid[\s-]frequency (?:hearing )?loss)\b"),
     "cookie-bite"),
    (re.compile(r"(?<!carhart )\b((?:noise[\s-]*)?notch(?:ed)?)\b"), "noise-notch"),
    (re.compile(r"\b(precipitous(?:ly)?|steeply sloping|sharply sloping|ski[\s-]*slope)\b"),
     "precipitous"),
    (re.compile(r"\b(rising|reverse[\s-]*slop\w*|up[\s-]*sloping|"
                r"low[\s-]frequency (?:hearing )?loss)\b"),
     "rising"),
    (re.compile(r"\b((?:gently |gradually |downward(?:ly)? |down[\s-]*)?sloping|falling|"
                r"high[\s-]frequency (?:sensorineural )?(?:hearing )?loss)\b"),
     "sloping"),
    (re.compile(r"\bflat\b(?!\s*(?:\(type b\)|type b|tympanogram|tymp|trace|curve|peak))"), "flat"),
]  # fmt: skip
_CONFIG_COMPATIBLE = {
    "sloping": {"sloping", "precipitous"},
    "precipitous": {"precipitous", "sloping"},
}
_NEGATORS = re.compile(
    r"(\bno\b|\bnot\b|\bwithout\b|\brule[sd]? out\b|\bruling out\b|\bexclude[sd]?\b|\bexcluding\b|"
    r"\brather than\b|\binstead of\b|\bversus\b|\bvs\.?|\babsence of\b|\bunlikely\b|"
    r"\bdifferential\b|"
    r"\bor\b|\bnon-)[^.]{0,40}$"
)
_HEDGES = re.compile(
    r"\b(possibl[ey]|probabl[ey]|likely|may|might|suggest\w*|consistent with|appears?|seems?|"
    r"approximately|about|around|roughly|query|presumed|in keeping with)\b|~|\?"
)
_NOT_DONE = re.compile(
    r"\bnot\s+(?:been\s+)?(?:tested|performed|done|available|provided|measured|assessed|included|"
    r"reported|given|supplied|obtained|shown)\b|\bno\s+\w*\s*(?:data|results?)\b|\bunavailable\b"
)

_RIGHT = re.compile(r"\bright\b|\b(?-i:RE|AD|Rt)\b|\b(?-i:R)(?=\s*:)", re.I)
_LEFT = re.compile(r"\bleft\b|\b(?-i:LE|AS|Lt)\b|\b(?-i:L)(?=\s*:)", re.I)
_BOTH = re.compile(
    r"\b(bilateral(?:ly)?|both ears|both sides|each ear|either ear|binaural(?:ly)?|in both|"
    r"both\b(?=[^.]{0,20}\bears?\b)|right and left|left and right|(?-i:AU))\b",
    re.I,
)
_HEADING = re.compile(
    r"^\W*(?:q\s*([123])\b|([123])[.)]\s|(results?|audiometric results|findings|"
    r"diagnos\w*|impression|recommendations?|management|plan)\b\W*$|"
    r"(results?|diagnos\w*|impression|recommendations?|management|plan)\s*:)",
    re.I,
)

_FREQ_TOKEN = r"\d+(?:\.\d+)?\s*(?:khz|k\b|hz)?"
_FREQ_LIST = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/)\s*(?:and\s+)?\d+(?:\.\d+)?"
    r"(?:\s*(?:khz|k|hz))?){0,12})\s*(khz|k\b|hz)"
)
_FREQ_RANGE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:-|–|to|through)\s*(\d+(?:\.\d+)?)\s*(khz|k\b|hz)"
)
_DB_LIST = re.compile(
    r"(?<![\d.])(-?\d{1,3}(?:\s*(?:,|and|&|/)\s*(?:and\s+)?-?\d{1,3}){0,12})\s*(?:db|decibels)\b(?:\s*hl)?"
)
_DB_RANGE = re.compile(
    r"(?<![\d.])(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})\s*(?:db|decibels)\b(?:\s*hl)?"
)
_NO_RESPONSE = re.compile(r"\b(no response|nr\b|did not respond|"
                          r"no measurable (?:response|threshold)|"
                          r"beyond (?:the )?(?:audiometer'?s? )?limits?)")  # fmt: skip
_NUMBER_CONTEXT_SKIP = re.compile(
    r"(pta|average|srt|speech|recognition|discrimination|wrs|gap|abg|reflex|mcl|ucl|ldl|"
    r"presented|presentation|masking|interaural|level of|sl\b|sensation)[^.]{0,20}$"
)
_PTA = re.compile(
    r"\b(pta|pure[\s-]*tone average|(?:three|four|3|4)[\s-]*frequency average|average threshold|"
    r"[34]fa)\b(?:\s*\([^)]*\))?[^.\d%]{0,30}?(-?\d+(?:\.\d+)?)(?!\s*(?:khz|hz|k\b|-|\d))"
)
_SRT = re.compile(
    r"\b(srts?|speech (?:reception|recognition) thresholds?)\b[^.\d%]{0,25}?(-?\d+)\s*(?:db)"
)
_WRS = re.compile(
    r"\b(wrs|word recognition(?: scores?)?|speech discrimination(?: scores?)?|word discrimination|"
    r"sds|speech recognition scores?|word scores?|discrimination scores?|phoneme scores?)\b"
    r"[^.\d%]{0,30}?(\d{1,3})\s*%|(\d{1,3})\s*%\s*(?:word recognition|wrs|speech discrimination|"
    r"discrimination|correct)"
)
_ABG_ABSENT = re.compile(
    r"\b(no|without|absence of|closed|minimal|negligible|insignificant|no significant)\b"
    r"[^.]{0,20}\b(air[\s-]*bone gaps?|abgs?)\b|\b(air[\s-]*bone gaps?|abgs?)\b[^.]{0,15}"
    r"\b(closed|absent|not significant|insignificant|negligible)\b|bone conduction (?:matches|"
    r"equals|is (?:the same as|similar to)) air"
)
_ABG_PRESENT = re.compile(
    r"\b(significant|large|wide|sizeable|\d+\s*db)\b[^.]{0,15}\b(air[\s-]*bone gaps?|abgs?)\b|"
    r"\b(air[\s-]*bone gaps?|abgs?)\b\s*(?:of|up to|present|is present|are present|:)"
)
_TYMP_TOPIC = re.compile(r"tymp|middle[\s-]ear|compliance|admittance|\bjerger\b")
_TYMP_TYPE = re.compile(
    r"\b(?:[Tt]ype|TYPE|Jerger)[\s-]*(A[sSdD]|A|B|C)\b(?![\w-])|\b(A[sSdD]|A|B|C)[\s-]+type\b"
)
_TYMP_WORDS = [
    (re.compile(r"\bflat\b[^.]{0,15}\b(?:tymp|trace|curve)|"
                r"\bno (?:discernible |measurable )?peak"), "B"),
    (re.compile(r"\bnegative (?:middle[\s-]ear )?pressure"), "C"),
    (re.compile(r"\bnormal (?:tympanograms?|tympanometry|"
                r"middle[\s-]ear (?:function|pressure|status|"
                r"compliance))"), "A"),
]  # fmt: skip
_REFLEX_TOPIC = re.compile(r"reflex")
_OAE_TOPIC = re.compile(r"\boaes?\b|otoacoustic|dpoaes?|teoaes?|emissions")
_ABR_TOPIC = re.compile(r"\babr\b|auditory brainstem|brainstem response|wave v|\bbaer\b|\bbera\b")
_ABSENT_WORDS = re.compile(r"\b(absent|not (?:elicited|present|observed|recorded|detected|"
                           r"recordable)|no (?:acoustic )?reflex\w*|no (?:oae|emission)s?|"
                           r"could not be (?:elicited|recorded)|refer(?:red)? result|"
                           r"fail(?:ed)?)\b")  # fmt: skip
_PRESENT_WORDS = re.compile(r"\b(present|intact|elicited|observed|recorded|detected|robust|"
                            r"pass(?:ed)?|"
                            r"normal|within normal)\b")  # fmt: skip
_REDUCED_WORDS = re.compile(r"\b(reduced|elevated|diminished|weak|partial|prolonged|delayed|"
                            r"abnormal)\b")  # fmt: skip
_LATERALITY_UNILATERAL = re.compile(r"\b(unilateral(?:ly)?|single[\s-]sided|one[\s-]sided)\b")
_SYMMETRY = re.compile(r"\b(asymmetr\w*|symmetr\w*)\b")
_WORSE = re.compile(
    r"\b(worse|poorer|greater|more severe)\b[^.]{0,12}\b(?:in|on|for|at)\s+the\s+(right|left)\b|"
    r"\b(right|left)\b(?:\s+ear)?\s+(?:is\s+|being\s+)?(?:the\s+)?(worse|poorer)\b|"
    r"\b(better)\b[^.]{0,12}\b(?:in|on)\s+the\s+(right|left)\b"
)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[*])|\n+|;\s*")
_SEGMENT_SPLIT = re.compile(r",\s+(?!\d|-\d)|\s+(?:and|but|while|whereas)\s+(?!\d|-\d|&)")


# ----------------------------------------------------------------------------- text handling


def _sections(reply: str) -> tuple[list[str], str]:
    """Return the parts of the reply to read (Q1 and Q2 when headed) and what was read."""
    lines = reply.splitlines()
    marks: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        m = _HEADING.match(line.strip())
        if not m:
            continue
        number = m.group(1) or m.group(2)
        word = (m.group(3) or m.group(4) or "").lower()
        if number:
            q = number
        elif word.startswith(("result", "audiometric", "finding")):
            q = "1"
        elif word.startswith(("diagnos", "impression")):
            q = "2"
        else:
            q = "3"
        marks.append((index, q))
    if not marks or not any(q in ("1", "2") for _, q in marks):
        return [reply], "whole reply"
    parts = []
    if marks[0][0] > 0:
        parts.append("\n".join(lines[: marks[0][0]]))
    for (start, q), nxt in zip(marks, [*marks[1:], (len(lines), "")], strict=True):
        if q in ("1", "2"):
            parts.append("\n".join(lines[start : nxt[0]]))
    return parts, "Q1 and Q2 sections"


def _normalise(text: str) -> str:
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-")
    text = text.replace("\u2248", "~").replace("*", " ").replace("≥", ">=").replace("≤", "<=")
    text = re.sub(r"\b(\d),(\d00)\b", r"\1\2", text)  # 4,000 Hz -> 4000 Hz
    text = re.sub(r"\bdBHL\b", "dB HL", text, flags=re.I)
    return text


def _ears_in(text: str) -> set[str]:
    ears = set()
    if _BOTH.search(text):
        ears.add("both")
    stripped = _BOTH.sub(" ", text)
    if _RIGHT.search(stripped):
        ears.add("right")
    if _LEFT.search(stripped):
        ears.add("left")
    return ears


def _to_hz(number: str, unit: str | None) -> int | None:
    value = float(number)
    unit = (unit or "").lower()
    if unit in ("khz", "k") or (unit == "" and value < 20):
        value *= 1000
    elif unit == "hz" and value < 20:
        value *= 1000  # "4 Hz" written for 4 kHz
    hz = int(round(value))
    return hz if 100 <= hz <= 16000 else None


def _freqs_of(list_text: str, trailing_unit: str) -> list[int]:
    tokens = re.findall(r"(\d+(?:\.\d+)?)\s*(khz|k|hz)?", list_text)
    out = []
    for number, unit in tokens:
        hz = _to_hz(number, unit or trailing_unit)
        if hz is not None:
            out.append(hz)
    return out


def _negated(segment: str, start: int) -> bool:
    return bool(_NEGATORS.search(segment[max(0, start - 45) : start]))


# ----------------------------------------------------------------------------- the checker


@dataclass
class _Truth:
    audiogram: Audiogram
    cls: Classification
    standard: Any
    tolerance_db: int
    wrs_tolerance: int
    any_asymmetric: bool
    ptas: dict[str, list[float]] = field(default_factory=dict)
    by_standard: dict[str, Classification] = field(default_factory=dict)
    criteria: Criteria | None = None

    def under(self, standard) -> Classification:
        """Return the classification under another standard (computed once, when needed)."""
        if standard.name not in self.by_standard:
            self.by_standard[standard.name] = classify(
                self.audiogram, standard, criteria=self.criteria
            )
        return self.by_standard[standard.name]


class _Checker:
    def __init__(self, truth: _Truth):
        self.t = truth
        self.findings: list[Finding] = []
        self.swapped: list[tuple[Finding, bool]] = []

    # -- verdicts -----------------------------------------------------------------------

    def add(self, kind, ear, freq, claimed, text, hedged, per_ear, note=""):
        """Judge a claim; ``per_ear(ear) -> (verdict_bool_or_None, truth)``."""
        ears = ["right", "left"] if ear in ("both", None) else [ear]
        results = {e: per_ear(e) for e in EARS}
        truth = {e: results[e][1] for e in ears} if len(ears) > 1 else results[ears[0]][1]
        oks = [results[e][0] for e in ears]
        error = _KIND_ERROR.get(kind, "fabricated_result")
        verdict, critical, swapped, other_truth = "unverifiable", None, False, None
        if all(ok is True for ok in oks):
            verdict = "match"
        elif ear in ("right", "left"):
            ok = oks[0]
            if ok is False:
                verdict, critical = "contradiction", error
                other = "left" if ear == "right" else "right"
                if results[other][0] is True and kind not in ("laterality", "asymmetry"):
                    note = (note + "; " if note else "") + f"true of the {other} ear"
                    swapped = True
                    other_truth = results[other][1]
        elif ear == "both":
            if any(ok is False for ok in oks):
                verdict, critical = "contradiction", error
                failing = [e for e, ok in zip(ears, oks, strict=True) if ok is False]
                if (
                    len(failing) == 1
                    and kind in ("degree", "type", "configuration")
                    and self.t.cls.ear(failing[0]).type == "normal"
                ):
                    critical = "laterality_confusion"
                    note = (note + "; " if note else "") + f"the {failing[0]} ear is normal"
        else:  # no ear named
            if all(ok is False for ok in oks):
                verdict, critical = "contradiction", error
            elif any(ok is False for ok in oks):
                note = (note + "; " if note else "") + "true of one ear only; no ear named"
        finding = Finding(
            kind, ear, freq, claimed, truth, verdict, critical, hedged, text.strip(), note
        )
        if swapped:
            abnormal = self._abnormal(kind, claimed)
            if isinstance(other_truth, int | float) and not isinstance(claimed, str):
                # A value near the other ear's value is a swap only if that value is abnormal.
                abnormal = abnormal and self._abnormal(kind, other_truth)
            self.swapped.append((finding, abnormal))
        self.findings.append(finding)

    def _abnormal(self, kind: str, claimed: Any) -> bool:
        """Return True when a claim describes an abnormal finding (a loss, an abnormal test)."""
        std = self.t.standard
        if kind in ("type", "configuration"):
            return True
        if kind == "degree":
            return claimed != "normal"
        if kind == "air_bone_gap":
            return claimed == "present"
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
        swap_evidence = any(abnormal for _, abnormal in swapped)
        for finding, abnormal in swapped:
            if abnormal or swap_evidence:
                finding.critical_error = "laterality_confusion"

    def fabricated(self, kind, ear, freq, claimed, text, hedged, test):
        self.findings.append(
            Finding(kind, ear, freq, claimed, None, "contradiction", "fabricated_result", hedged,
                    text.strip(), f"the case contains no {test}")
        )  # fmt: skip

    # -- extractors ---------------------------------------------------------------------

    def segment(
        self, seg: str, ear: str | None, sentence: str, hedged_sentence: bool, explicit: bool = True
    ) -> None:
        low = seg.lower()
        hedged = hedged_sentence or bool(_HEDGES.search(low))
        if _NOT_DONE.search(low):
            return
        sent_low = sentence.lower()
        topic_tymp = bool(_TYMP_TOPIC.search(sent_low))
        topic_reflex = bool(_REFLEX_TOPIC.search(sent_low))
        topic_oae = bool(_OAE_TOPIC.search(sent_low))
        topic_abr = bool(_ABR_TOPIC.search(sent_low))
        if topic_tymp:
            self.tympanometry(seg, low, ear, hedged)
        if topic_reflex and not topic_tymp:
            self.test_state("reflexes", low, ear, hedged)
        elif topic_reflex:
            if _REFLEX_TOPIC.search(low):
                self.test_state("reflexes", low, ear, hedged)
        if topic_oae:
            self.test_state("oae", low, ear, hedged)
        if topic_abr:
            self.test_state("abr", low, ear, hedged)
        self.speech(low, ear, hedged)
        self.pta(low, ear, hedged)
        self.air_bone_gap(low, ear, hedged)
        self.thresholds(low, ear, hedged)
        if not (topic_tymp or topic_reflex or topic_oae or topic_abr) or _LOSS_CONTEXT.search(low):
            self.degree(low, ear, hedged)
            self.hearing_type(low, sent_low, ear, hedged)
            if not topic_tymp:
                self.configuration(low, ear, hedged)
        # 'Unilateral' is tied only to an ear named in the same clause, never a carried-over one.
        self.laterality(low, ear if explicit else None, hedged)

    def degree(self, low: str, ear, hedged) -> None:
        std = self.t.standard
        for m in _NORMAL_PHRASES.finditer(low):
            if _negated(low, m.start()) or re.search(r"(tymp|middle|bone|reflex|speech|oae|otoscop)"
                                                     r"[^.]{0,30}$", low[: m.start()]):  # fmt: skip
                continue
            upto = _NORMAL_TO.match(low[m.end() :])
            hi = _canon_degree(upto.group(1)) if upto else "normal"
            if hi not in std.degrees:
                hi = "normal"
            claimed = "normal" if hi == "normal" else f"normal to {hi}"
            self.add("degree", ear, None, claimed, m.group(0), hedged,
                     lambda e, hi=hi: self._degree_ok(e, "normal", hi, low))  # fmt: skip
        if not _LOSS_CONTEXT.search(low):
            return
        for m in _DEGREE_RANGE.finditer(low):
            lo, hi = m.group(1), m.group(2) or m.group(1)
            if "normal" in (lo, hi) and m.group(2) is None:
                continue  # a lone 'normal' is handled by the phrases above
            if _NON_HEARING_NOUN.match(low[m.end() :]) or _negated(low, m.start()):
                continue
            if (lo in ("complete", "total") or hi in ("complete", "total")) and not re.match(
                r"\s*(?:[\w-]+\s+){0,3}(hearing loss|loss|deafness)", low[m.end() :]
            ):
                continue
            lo, hi = (_canon_degree(x) for x in (lo, hi))
            claimed = lo if lo == hi else f"{lo} to {hi}"
            use, note = std, ""
            if lo not in std.degrees or hi not in std.degrees:
                # A word the chosen standard lacks (e.g. ASHA's 'slight' under WHO 2021) is
                # judged under the first standard whose vocabulary has it.
                use = next(
                    (x for x in STANDARDS.values() if lo in x.degrees and hi in x.degrees), None
                )
                if use is None:
                    continue
                note = f"term not in the {std.name} vocabulary; judged under {use.name}"
            self.add("degree", ear, None, claimed, m.group(0), hedged,
                     lambda e, lo=lo, hi=hi, use=use: self._degree_ok(e, lo, hi, low, use),
                     note)  # fmt: skip

    def _degree_ok(self, ear: str, lo: str, hi: str, low: str, std=None):
        std = std or self.t.standard
        e = self.t.under(std).ear(ear)
        if e.degree is None:
            return None, None
        order = std.degrees
        a, b = sorted((order.index(lo), order.index(hi)))
        truth = order.index(e.degree)
        if a <= truth <= b:
            return True, e.degree
        levels = [order.index(d) for d in e.threshold_degrees.values()]
        if a != b and levels and min(levels) <= a and b <= max(levels):
            return True, e.degree  # a range describing the thresholds from low to high pitch
        if _REGION.search(low) and any(a <= level <= b for level in levels):
            return True, e.degree  # describes the thresholds of a frequency region
        return False, e.degree

    def hearing_type(self, low, sent_low, ear, hedged) -> None:
        claims = []
        for pattern, kind in _TYPE_WORDS:
            for m in pattern.finditer(low):
                if _negated(low, m.start()):
                    continue
                if kind == "mixed" and not _LOSS_CONTEXT.search(low):
                    continue
                claims.append((m.start(), kind, m.group(0)))
        if not claims:
            return
        component = _COMPONENT.search(sent_low)
        both = {"sensorineural", "conductive"} <= {k for _, k, _ in claims} or (
            component
            and re.search(
                r"sensorineural|conductive", sent_low.replace(component.group(0), "")
            )  # fmt: skip
        )
        if both or any(k == "mixed" for _, k, _ in claims):
            self.add("type", ear, None, "mixed", claims[0][2], hedged,
                     lambda e: self._type_ok(e, "mixed"))  # fmt: skip
            return
        for _, kind, text in claims[:1]:
            comp = _COMPONENT.search(low)
            if comp:
                self.add("type", ear, None, f"{kind} component", text, hedged,
                         lambda e, k=kind: self._type_ok(e, k, component=True))  # fmt: skip
            else:
                self.add("type", ear, None, kind, text, hedged,
                         lambda e, k=kind: self._type_ok(e, k))  # fmt: skip

    def _type_ok(self, ear, kind, component=False):
        truth = self.t.cls.ear(ear).type
        if truth in (None, "undetermined"):
            return None, None
        if component:
            return truth in (kind, "mixed"), truth
        return truth == kind, truth

    def configuration(self, low, ear, hedged) -> None:
        seen = set()
        for pattern, config in _CONFIG_WORDS:
            for m in pattern.finditer(low):
                if config in seen or _negated(low, m.start()):
                    continue
                if config == "noise-notch" and "carhart" in low[max(0, m.start() - 12) : m.start()]:
                    continue
                seen.add(config)
                self.add("configuration", ear, None, config, m.group(0), hedged,
                         lambda e, c=config: self._config_ok(e, c))  # fmt: skip

    def _config_ok(self, ear, config):
        truth = self.t.cls.ear(ear).configuration
        if truth is None:
            return None, None
        return truth in _CONFIG_COMPATIBLE.get(config, {config}), truth

    def laterality(self, low, ear, hedged) -> None:
        cls = self.t.cls
        m = _LATERALITY_UNILATERAL.search(low)
        if m and not _negated(low, m.start()) and _LOSS_CONTEXT.search(low):
            side = ear if ear in ("right", "left") else None
            truth = cls.laterality
            if truth == "undetermined":
                ok = None
            elif side:
                ok = truth == f"unilateral {side}"
            else:
                ok = truth.startswith("unilateral")
            self._judged("laterality", side, f"unilateral{' ' + side if side else ''}", truth, ok,
                         m.group(0), hedged)  # fmt: skip
        m = re.search(r"\bbilateral(?:ly)?\b", low)
        if (
            m
            and not _negated(low, m.start())
            and re.search(r"(hearing loss|\bloss\b|snhl|chl|sensorineural|conductive|mixed)", low)
            and not _NORMAL_PHRASES.search(low)
            and not re.search(r"(tymp|reflex|oae|emission)", low)
        ):
            truth = cls.laterality
            # With no loss at all, the error is the loss, judged by degree and type claims.
            ok = None if truth in ("undetermined", "none") else truth == "bilateral"
            self._judged("laterality", "both", "bilateral loss", truth, ok, m.group(0), hedged)
        for m in _SYMMETRY.finditer(low):
            word = m.group(1)
            if not _LOSS_CONTEXT.search(low) and "ear" not in low:
                continue
            if re.search(r"tymp|reflex|oae|emission|speech|wrs|srt|word", low):
                continue  # symmetry of another test, not of hearing
            claimed_asym = word.startswith("asym")
            if _negated(low, m.start()):
                claimed_asym = not claimed_asym
            if claimed_asym:
                ok = self.t.any_asymmetric
            else:
                ok = not cls.asymmetry.asymmetric
            self._judged("asymmetry", None, "asymmetric" if claimed_asym else "symmetric",
                         cls.asymmetry.asymmetric, ok, m.group(0), hedged)  # fmt: skip
        m = _WORSE.search(low)
        if m:
            if m.group(1):
                worse = m.group(2)
            elif m.group(3):
                worse = m.group(3)
            else:
                worse = "left" if m.group(6) == "right" else "right"
            r, l_ = cls.right.pta, cls.left.pta
            if r is None or l_ is None or abs(r - l_) < 5:
                ok, truth = None, None
            else:
                truth = "left" if l_ > r else "right"
                ok = truth == worse
            self._judged("worse_ear", worse, worse, truth, ok, m.group(0), hedged)

    def _judged(self, kind, ear, claimed, truth, ok, text, hedged, freq=None, note=""):
        if ok is None:
            verdict, critical = "unverifiable", None
        elif ok:
            verdict, critical = "match", None
        else:
            verdict, critical = "contradiction", _KIND_ERROR.get(kind, "fabricated_result")
        self.findings.append(
            Finding(kind, ear, freq, claimed, truth, verdict, critical, hedged, text.strip(), note)
        )

    def tympanometry(self, seg, low, ear, hedged) -> None:
        claims = []
        for m in _TYMP_TYPE.finditer(seg):
            letter = m.group(1) or m.group(2)
            letter = letter[0].upper() + letter[1:].lower()
            claims.append((letter, m.group(0)))
        if not claims:
            for pattern, letter in _TYMP_WORDS:
                m = pattern.search(low)
                if m and not _negated(low, m.start()):
                    claims.append((letter, m.group(0)))
                    break
        tymp = self.t.audiogram.tympanometry
        for letter, text in claims:
            if not tymp:
                self.fabricated("tympanometry", ear, None, f"type {letter}", text, hedged,
                                "tympanometry")  # fmt: skip
                continue

            def ok(e, letter=letter):
                t = tymp.get(e)
                if t is None:
                    return False, None
                if t.type == letter:
                    return True, t.type
                if {t.type[0], letter[0]} == {"A"}:
                    return None, t.type  # subtype of A: not judged
                return False, t.type

            self.add("tympanometry", ear, None, f"type {letter}", text, hedged, ok)

    def test_state(self, test: str, low: str, ear, hedged) -> None:
        if _ABSENT_WORDS.search(low):
            state = "absent"
        elif _REDUCED_WORDS.search(low):
            state = "abnormal" if test == "abr" else "reduced"
        elif _PRESENT_WORDS.search(low):
            state = "normal" if test == "abr" else "present"
        else:
            return
        data = getattr(self.t.audiogram, test)
        name = {"reflexes": "acoustic reflexes", "oae": "OAEs", "abr": "ABR"}[test]
        if not data:
            self.fabricated(test, ear, None, state, low, hedged, name)
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

        self.add(test, ear, None, state, low, hedged, ok)

    def _ear_tagged(self, low: str, start: int, unit: str) -> list[tuple[str, int, str]]:
        """Return (ear, value, text) for ear-tagged values after ``start`` (one test's list)."""
        tail = low[start:]
        out = []
        for m in _VALUE_THEN_EAR.finditer(tail):
            if (m.group(2) == "%") == (unit == "%"):
                out.append((_EAR_WORD.get(m.group(3), m.group(3)), int(m.group(1)), m.group(0)))
        if not out:
            for m in _EAR_THEN_VALUE.finditer(tail):
                if (m.group(3) == "%") == (unit == "%"):
                    ear = _EAR_WORD.get(m.group(1), m.group(1))
                    out.append((ear, int(m.group(2)), m.group(0)))
        return out if len({e for e, _, _ in out}) == len(out) == 2 else []

    def speech(self, low, ear, hedged) -> None:
        speech = self.t.audiogram.speech
        tol = self.t.tolerance_db
        tagged = []
        srt = _SRT.search(low)
        if srt:
            tagged += [("srt", e, v, t) for e, v, t in self._ear_tagged(low, srt.start(), "db")]
        wrs = _WRS.search(low)
        if wrs:
            tagged += [("wrs", e, v, t) for e, v, t in self._ear_tagged(low, wrs.start(), "%")]
        if tagged:
            for kind, tagged_ear, value, text in tagged:
                if not speech:
                    self.fabricated(
                        kind, tagged_ear, None, value, text, hedged, "speech audiometry"
                    )
                    continue
                attr, limit = (
                    ("srt_db", tol) if kind == "srt" else ("wrs_percent", self.t.wrs_tolerance)
                )

                def ok(e, v=value, a=attr, t=limit):
                    return _within(speech.get(e), a, v, t)

                self.add(kind, tagged_ear, None, value, text, hedged, ok)
            return
        for m in _SRT.finditer(low):
            value = int(m.group(2))
            if not speech:
                self.fabricated("srt", ear, None, value, m.group(0), hedged, "speech audiometry")
                continue
            self.add("srt", ear, None, value, m.group(0), hedged,
                     lambda e, v=value: _within(speech.get(e), "srt_db", v, tol))  # fmt: skip
        for m in _WRS.finditer(low):
            value = int(m.group(2) or m.group(3))
            if not speech:
                self.fabricated("wrs", ear, None, value, m.group(0), hedged, "speech audiometry")
                continue
            self.add("wrs", ear, None, value, m.group(0), hedged,
                     lambda e, v=value: _within(speech.get(e), "wrs_percent", v,
                                                self.t.wrs_tolerance))  # fmt: skip

    def pta(self, low, ear, hedged) -> None:
        for m in _PTA.finditer(low):
            value = float(m.group(2))

            def ok(e, value=value):
                options = self.t.ptas.get(e) or []
                if not options:
                    return None, None
                best = min(options, key=lambda p: abs(p - value))
                return abs(best - value) <= self.t.tolerance_db, round(best, 1)

            self.add("pta", ear, None, value, m.group(0), hedged, ok)

    def air_bone_gap(self, low, ear, hedged) -> None:
        absent = _ABG_ABSENT.search(low)
        present = None if absent else _ABG_PRESENT.search(low)
        m = absent or present
        if not m:
            return
        claimed = "absent" if absent else "present"
        if not any(self.t.audiogram.ear(e).bone for e in EARS):
            self.fabricated("air_bone_gap", ear, None, claimed, m.group(0), hedged,
                            "bone conduction")  # fmt: skip
            return

        def ok(e):
            sig = self.t.cls.ear(e).significant_air_bone_gap
            if sig is None:
                return None, None
            return (sig if claimed == "present" else not sig), ("present" if sig else "absent")

        self.add("air_bone_gap", ear, None, claimed, m.group(0), hedged, ok)

    def thresholds(self, low, ear, hedged) -> None:
        tol = self.t.tolerance_db
        used: list[tuple[int, int]] = []
        # Ranges first: "20-30 dB HL at 250-1000 Hz".
        for m in _DB_RANGE.finditer(low):
            if _NUMBER_CONTEXT_SKIP.search(low[max(0, m.start() - 30) : m.start()]):
                continue
            after = low[m.end() : m.end() + 40]
            f = _FREQ_RANGE.match(after.lstrip(" ,").removeprefix("at ").removeprefix("across ")
                                  .removeprefix("from ").removeprefix("between "))  # fmt: skip
            if not f:
                continue
            used.append(m.span())
            lo_db, hi_db = sorted((int(m.group(1)), int(m.group(2))))
            f1 = _to_hz(f.group(1), f.group(2) or f.group(4))
            f2 = _to_hz(f.group(3), f.group(4))
            if f1 is None or f2 is None:
                continue
            conduction = _conduction(low, m.start())
            self.add("threshold_range", ear, None, f"{lo_db}-{hi_db} dB HL at {f1}-{f2} Hz",
                     m.group(0) + " " + f.group(0), hedged,
                     lambda e, c=conduction, a=lo_db, b=hi_db, x=f1, y=f2:
                     self._range_ok(e, c, a, b, x, y))  # fmt: skip
        freq_lists = [(fm.start(), fm.end(), fm) for fm in _FREQ_LIST.finditer(low)]
        for m in _DB_LIST.finditer(low):
            if any(s <= m.start() < e for s, e in used):
                continue
            if _NUMBER_CONTEXT_SKIP.search(low[max(0, m.start() - 30) : m.start()]):
                continue
            values = [int(v) for v in re.findall(r"-?\d+", m.group(1))]
            freqs = _pair_frequencies(low, m, freq_lists)
            if not freqs:
                continue
            if len(values) == 1:
                values = values * len(freqs)
            if len(values) != len(freqs):
                continue
            conduction = _conduction(low, m.start())
            for value, freq in zip(values, freqs, strict=True):
                self._threshold(ear, conduction, freq, value, m.group(0), hedged, tol)
        for m in _NO_RESPONSE.finditer(low):
            after = low[m.end() : m.end() + 50]
            fm = _FREQ_LIST.search(after)
            if not fm or fm.start() > 12:
                continue
            conduction = _conduction(low, m.start())
            for freq in _freqs_of(fm.group(1), fm.group(2)):
                text = m.group(0) + " " + fm.group(0)
                self._threshold(ear, conduction, freq, "no response", text, hedged, tol)

    def _threshold(self, ear, conduction, freq, value, text, hedged, tol):
        kind = "bone_threshold" if conduction == "bone" else "threshold"
        ears = ["right", "left"] if ear in ("both", None) else [ear]
        tested = [e for e in ears if freq in getattr(self.t.audiogram.ear(e), conduction)]
        if not tested:
            self.fabricated(kind, ear, freq, value, text, hedged,
                            f"{conduction}-conduction threshold at {freq} Hz")  # fmt: skip
            return

        def ok(e):
            t = getattr(self.t.audiogram.ear(e), conduction).get(freq)
            if t is None:
                return None, None
            truth = f"no response ({t.value})" if t.no_response else t.value
            if value == "no response":
                return t.no_response or t.value >= 100, truth
            if t.no_response:
                return value >= t.value - tol, truth
            return abs(value - t.value) <= tol, truth

        self.add(kind, ear, freq, value, text, hedged, ok)

    def _range_ok(self, ear, conduction, lo, hi, f1, f2):
        points = getattr(self.t.audiogram.ear(ear), conduction)
        inside = {f: t.value for f, t in points.items() if min(f1, f2) <= f <= max(f1, f2)}
        if not inside:
            return None, None
        tol = self.t.tolerance_db
        ok = all(lo - tol <= v <= hi + tol for v in inside.values())
        return ok, inside


def _within(result, attr, value, tol):
    if result is None or getattr(result, attr) is None:
        return False, None
    truth = getattr(result, attr)
    return abs(truth - value) <= tol, truth


def _conduction(low: str, position: int) -> str:
    before = low[max(0, position - 60) : position]
    bone, air = before.rfind("bone"), before.rfind("air")
    return "bone" if bone > air else "air"


def _pair_frequencies(low: str, m: re.Match, freq_lists) -> list[int]:
    """Return the frequencies a dB value (list) refers to: the nearest list after or before it."""
    after = [fl for fl in freq_lists if fl[0] >= m.end() and fl[0] - m.end() <= 14]
    before = [fl for fl in freq_lists if fl[1] <= m.start() and m.start() - fl[1] <= 30]
    # "500 Hz 20 dB, 1000 Hz 30 dB": a frequency right before the value owns it; the one
    # after a bare comma starts the next pair.
    if (
        after
        and before
        and re.fullmatch(r"\s*(?:hl)?\s*,\s*", low[m.end() : after[0][0]])
        and re.fullmatch(r"[\s:=]*", low[before[-1][1] : m.start()])
    ):
        after = []
    if after and re.fullmatch(r"\s*(?:hl)?\s*(?:at|@|in|for|across|,)?\s*(?:the\s+)?",
                              low[m.end() : after[0][0]]):  # fmt: skip
        fm = after[0][2]
        return _freqs_of(fm.group(1), fm.group(2))
    if before:
        gap = low[before[-1][1] : m.start()]
        if re.fullmatch(r"[\s:=,(-]*(?:(?:the\s+)?(?:air[\s-]conduction\s+|bone[\s-]conduction\s+)?"
                        r"thresholds?\s*)?(?:is|was|are|were|of|at|measured at|of about|"
                        r"reaching|to|around|approximately|~)?\s*", gap):  # fmt: skip
            fm = before[-1][2]
            return _freqs_of(fm.group(1), fm.group(2))
    return []


def _canon_degree(word: str) -> str:
    word = re.sub(r"[\s-]+", " ", word)
    return _DEGREE_CANON.get(word, word)


def _pta_options(audiogram: Audiogram, ear: str, std) -> list[float]:
    """Return the PTAs a reply may quote: the standard's and the common alternatives."""
    air = audiogram.ear(ear).air
    options = []
    for freqs in (std.pta_frequencies, (500, 1000, 2000), (500, 1000, 2000, 4000),
                  (500, 1000, 2000, 3000), (1000, 2000, 4000)):  # fmt: skip
        value = pure_tone_average(air, freqs)
        if value is not None:
            options.append(value)
    return options


def check_reply(
    reply_text: str,
    case_or_audiogram: Any,
    *,
    standard: str = "who2021",
    tolerance_db: int = 10,
    wrs_tolerance: int = 10,
    criteria: Criteria | None = None,
) -> FactCheck:
    """Return the FactCheck of a free-text reply against a case (item, dict or Audiogram).

    Thresholds, PTAs and SRTs match within ``tolerance_db`` (the AudiologyBench
    adjudicator's 10 dB by default); word recognition within ``wrs_tolerance``
    percentage points; degree and type under ``standard``.
    """
    audiogram = case_audiogram(case_or_audiogram)
    std = get_standard(standard)
    cls = classify(audiogram, std, criteria=criteria)
    base = criteria or Criteria()
    any_asym = any(
        asymmetry(audiogram, Criteria(**{**base.__dict__, "asymmetry": name})).asymmetric
        for name in ("contiguous", "pta", "rule3000")
    )
    truth = _Truth(
        audiogram=audiogram,
        cls=cls,
        standard=std,
        tolerance_db=tolerance_db,
        wrs_tolerance=wrs_tolerance,
        any_asymmetric=any_asym,
        ptas={e: _pta_options(audiogram, e, std) for e in EARS},
        by_standard={std.name: cls},
        criteria=criteria,
    )
    checker = _Checker(truth)
    parts, read = _sections(reply_text)
    for part in parts:
        context: str | None = None
        for sentence in _SENTENCE_SPLIT.split(_normalise(part)):
            if not sentence.strip():
                continue
            if _HEADING.match(sentence.strip()) and len(sentence.strip()) < 40:
                context = None
                continue
            hedged_sentence = bool(re.search(r"\b(possibly|probably|likely|may|might)\b",
                                             sentence.lower()[:30]))  # fmt: skip
            segments = [x for x in _SEGMENT_SPLIT.split(sentence) if x and x.strip()]
            for index, seg in enumerate(segments):
                ears = _ears_in(seg)
                following = segments[index + 1] if index + 1 < len(segments) else ""
                trailing = _EAR_ONLY.match(following)
                if not ears and trailing:  # "Sudden SNHL, left ear."
                    ears = {trailing.group(1).lower()}
                comparative = bool(re.search(r"\b(worse|poorer|better|than)\b", seg, re.I))
                if len(ears) == 1:
                    seg_ear = next(iter(ears))
                    if not comparative:
                        context = seg_ear
                elif len(ears) > 1:
                    seg_ear = None if "both" not in ears else "both"
                    if {"right", "left"} <= ears:
                        seg_ear = None
                else:
                    seg_ear = context
                checker.segment(seg, seg_ear, sentence, hedged_sentence, explicit=bool(ears))
    checker.finalise()
    errors = sorted({f.critical_error for f in checker.findings if f.critical_error})
    return FactCheck(
        findings=checker.findings,
        critical_errors=errors,
        standard=std.name,
        tolerance_db=tolerance_db,
        sections_read=read,
    )


def critical_error_scores(replies: list[dict[str, Any]], cases: dict[str, Any]) -> dict[str, Any]:
    """Return micro precision, recall and counts of critical-error detection on labelled replies.

    Each reply is a dict with ``reply``, ``case`` (a key of ``cases``) and
    ``critical_errors`` (the human label); one decision per reply and error category.
    """
    from sklearn.metrics import precision_score, recall_score
    from sklearn.preprocessing import MultiLabelBinarizer

    truth, found = [], []
    for row in replies:
        truth.append(row["critical_errors"])
        found.append(check_reply(row["reply"], cases[row["case"]]).critical_errors)
    binarise = MultiLabelBinarizer(classes=list(CRITICAL_ERRORS))
    y_true, y_pred = binarise.fit_transform(truth), binarise.transform(found)
    return {
        "precision": float(precision_score(y_true, y_pred, average="micro", zero_division=0)),
        "recall": float(recall_score(y_true, y_pred, average="micro", zero_division=0)),
        "labelled_errors": int(y_true.sum()),
        "detected_errors": int(y_pred.sum()),
        "replies": len(replies),
    }
