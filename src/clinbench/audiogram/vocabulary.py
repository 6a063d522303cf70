"""The words of audiological replies: patterns, ear notations, tables, regions and hedges.

Everything the fact checker reads is parsed here, compiled once at import: degree, type and
configuration words, ear notations (right/left, R/L, Rt/Lt, AD/AS, "R ear", "R:"), value
lists and ranges with their frequencies, pipe tables (ear rows or ear columns), frequency
regions a claim is scoped to, degree hedges ("just below mild", "borderline") and
secondary descriptions ("on a background of ..."). No library parses audiometric claims;
these regular expressions are hand-written for audiological wording, and all of them are
linear in the length of the text (no nested quantifiers over the same characters).
"""

from __future__ import annotations

import re

DEG = r"(slight|mild|moderately[\s-]+severe|moderate|severe|profound|complete|total|normal)"
DEGREE_RANGE = re.compile(
    rf"\b{DEG}\b(?:\s*(?:sloping|falling|rising|dropping|steeply\s+sloping|precipitously"
    rf"(?:\s+sloping)?)?\s*(?:-\s*to\s*-|-|–|to|through|/|or)\s*(?:a\s+)?\b{DEG}\b)?"
)
DEGREE_CANON = {"moderately severe": "moderately severe", "total": "complete"}
REGION = re.compile(
    r"((?:high|low|mid|middle|higher|lower)[\s-]*(?:and (?:high|mid|low)[\s-]*)?(?:frequenc|pitch)|"
    r"notch|\b(?:above|below|up to|from) \d|\(\d[^)]*hz\)|sloping to|rising to|falling to|"
    r"dropping to)"
)
NORMAL_TO = re.compile(
    rf"^\s*,?\s*(?:sloping|falling|dropping|rising|steeply sloping)?\s*(?:to|through|-)\s*"
    rf"(?:a\s+|the\s+)?\b{DEG}\b"
)
EAR_ONLY = re.compile(
    r"^\s*(?:in\s+|on\s+|of\s+)?(?:the\s+)?(right|left)(?:[\s-]+(?:ear|side|sided))?\s*"
    r"(?:\([^)]*\))?\s*[.:]?\s*$",
    re.I,
)
NORMAL_PHRASES = re.compile(
    r"\b(normal hearing|hearing (?:is |was |are |were )?(?:within normal limits|normal)"
    r"|within normal limits|\bwnl\b|normal (?:grade|range|hearing sensitivity|sensitivity)"
    r"|no hearing loss)\b"
)
LOSS_CONTEXT = re.compile(
    r"(hearing|loss|\bhl\b|snhl|chl|sensorineural|conductive|mixed|impairment|deaf|grade|"
    r"degree|\bpta\b|threshold|notch)"
)
# Ear-tagged values after a speech-test name: "SRT 30 dB HL right and 70 dB HL left",
# "WRS right 84%, left 88%".
VALUE_THEN_EAR = re.compile(
    r"(-?\d{1,3})\s*(db(?:\s*hl)?|%)\s*\(?\s*(?:in |on |for )?(?:the )?"
    r"(right|left|rt|lt|r|l|ad|as)\b"
)
EAR_THEN_VALUE = re.compile(
    r"\b(right|left|rt|lt|ad|as)\b(?:\s+ear)?\s*[:=]?\s*(-?\d{1,3})\s*(db(?:\s*hl)?|%)"
)
EAR_WORD = {"rt": "right", "r": "right", "ad": "right", "lt": "left", "l": "left", "as": "left"}
NON_HEARING_NOUN = re.compile(
    r"^\s*(tinnitus|vertigo|noise|pain|dizziness|imbalance|discomfort|otalgia|fullness|"
    r"recruitment|rollover|difficulty|problems?|ear (?:pain|infection)|"
    r"reduction in (?:word|speech))"
)
TYPE_WORDS = [
    (re.compile(r"\b(sensorineural|sensori-neural|snhl|cochlear hearing loss|nerve deafness)\b"),
     "sensorineural"),
    (re.compile(r"\b(conductive|chl)\b"), "conductive"),
    (re.compile(r"\bmixed\b"), "mixed"),
]  # fmt: skip
COMPONENT = re.compile(r"\b(sensorineural|conductive)\s+(component|element|overlay|contribution)")
CONFIG_WORDS = [
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
CONFIG_COMPATIBLE = {
    "sloping": {"sloping", "precipitous"},
    "precipitous": {"precipitous", "sloping"},
}
NEGATORS = re.compile(
    r"(\bno\b|\bnot\b|\bwithout\b|\brule[sd]? out\b|\bruling out\b|\bexclude[sd]?\b|\bexcluding\b|"
    r"\brather than\b|\binstead of\b|\bversus\b|\bvs\.?|\babsence of\b|\bunlikely\b|"
    r"\bdifferential\b|"
    r"\bor\b|\bnon-)[^.]{0,40}$"
)
HEDGES = re.compile(
    r"\b(possibl[ey]|probabl[ey]|likely|may|might|suggest\w*|consistent with|appears?|seems?|"
    r"approximately|about|around|roughly|query|presumed|in keeping with)\b|~|\?"
)
NOT_DONE = re.compile(
    r"\bnot\s+(?:been\s+)?(?:tested|performed|done|available|provided|measured|assessed|included|"
    r"reported|given|supplied|obtained|shown)\b|\bno\s+\w*\s*(?:data|results?)\b|\bunavailable\b"
)

RIGHT = re.compile(r"\bright\b|\b(?-i:RE|AD|Rt)\b|\b(?-i:R)(?=\s*:)", re.I)
LEFT = re.compile(r"\bleft\b|\b(?-i:LE|AS|Lt)\b|\b(?-i:L)(?=\s*:)", re.I)
BOTH = re.compile(
    r"\b(bilateral(?:ly)?|both ears|both sides|each ear|either ear|binaural(?:ly)?|in both|"
    r"both\b(?=[^.]{0,20}\bears?\b)|right and left|left and right|(?-i:AU))\b",
    re.I,
)
HEADING = re.compile(
    r"^\W*(?:q\s*([123])\b|([123])[.)]\s|(results?|audiometric results|findings|"
    r"diagnos\w*|impression|recommendations?|management|plan)\b\W*$|"
    r"(results?|diagnos\w*|impression|recommendations?|management|plan)\s*:)",
    re.I,
)

FREQ_TOKEN = r"\d+(?:\.\d+)?\s*(?:khz|k\b|hz)?"
FREQ_LIST = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/)\s*(?:and\s+)?\d+(?:\.\d+)?"
    r"(?:\s*(?:khz|k|hz))?){0,12})\s*(khz|k\b|hz)"
)
FREQ_RANGE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:-|–|to|through)\s*(\d+(?:\.\d+)?)\s*(khz|k\b|hz)"
)
DB_LIST = re.compile(
    r"(?<![\d.])(-?\d{1,3}(?:\s*(?:,|and|&|/)\s*(?:and\s+)?-?\d{1,3}){0,12})\s*(?:db|decibels)\b(?:\s*hl)?"
)
DB_RANGE = re.compile(
    r"(?<![\d.])(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})\s*(?:db|decibels)\b(?:\s*hl)?"
)
NO_RESPONSE = re.compile(r"\b(no response|nr\b|did not respond|"
                          r"no measurable (?:response|threshold)|"
                          r"beyond (?:the )?(?:audiometer'?s? )?limits?)")  # fmt: skip
NUMBER_CONTEXT_SKIP = re.compile(
    r"(pta|average|srt|speech|recognition|discrimination|wrs|gap|abg|reflex|mcl|ucl|ldl|"
    r"presented|presentation|masking|interaural|level of|sl\b|sensation)[^.]{0,20}$"
)
PTA = re.compile(
    r"\b(pta|pure[\s-]*tone average|(?:three|four|3|4)[\s-]*frequency average|average threshold|"
    r"[34]fa)\b(?:\s*\([^)]*\))?[^.\d%]{0,30}?(-?\d+(?:\.\d+)?)(?!\s*(?:khz|hz|k\b|-|\d))"
)
SRT = re.compile(
    r"\b(srts?|speech (?:reception|recognition) thresholds?)\b[^.\d%]{0,25}?(-?\d+)\s*(?:db)"
)
WRS = re.compile(
    r"\b(wrs|word recognition(?: scores?)?|speech discrimination(?: scores?)?|word discrimination|"
    r"sds|speech recognition scores?|word scores?|discrimination scores?|phoneme scores?)\b"
    r"[^.\d%]{0,30}?(\d{1,3})\s*%|(\d{1,3})\s*%\s*(?:word recognition|wrs|speech discrimination|"
    r"discrimination|correct)"
)
ABG_ABSENT = re.compile(
    r"\b(no|without|absence of|closed|minimal|negligible|insignificant|no significant)\b"
    r"[^.]{0,20}\b(air[\s-]*bone gaps?|abgs?)\b|\b(air[\s-]*bone gaps?|abgs?)\b[^.]{0,15}"
    r"\b(closed|absent|not significant|insignificant|negligible)\b|bone conduction (?:matches|"
    r"equals|is (?:the same as|similar to)) air"
)
ABG_PRESENT = re.compile(
    r"\b(significant|large|wide|sizeable|\d+\s*db)\b[^.]{0,15}\b(air[\s-]*bone gaps?|abgs?)\b|"
    r"\b(air[\s-]*bone gaps?|abgs?)\b\s*(?:of|up to|present|is present|are present|:)"
)
TYMP_TOPIC = re.compile(r"tymp|middle[\s-]ear|compliance|admittance|\bjerger\b")
TYMP_TYPE = re.compile(
    r"\b(?:[Tt]ype|TYPE|Jerger)[\s-]*(A[sSdD]|A|B|C)\b(?![\w-])|\b(A[sSdD]|A|B|C)[\s-]+type\b"
)
TYMP_WORDS = [
    (re.compile(r"\bflat\b[^.]{0,15}\b(?:tymp|trace|curve)|"
                r"\bno (?:discernible |measurable )?peak"), "B"),
    (re.compile(r"\bnegative (?:middle[\s-]ear )?pressure"), "C"),
    (re.compile(r"\bnormal (?:tympanograms?|tympanometry|"
                r"middle[\s-]ear (?:function|pressure|status|"
                r"compliance))"), "A"),
]  # fmt: skip
REFLEX_TOPIC = re.compile(r"reflex")
OAE_TOPIC = re.compile(r"\boaes?\b|otoacoustic|dpoaes?|teoaes?|emissions")
ABR_TOPIC = re.compile(r"\babr\b|auditory brainstem|brainstem response|wave v|\bbaer\b|\bbera\b")
ABSENT_WORDS = re.compile(r"\b(absent|not (?:elicited|present|observed|recorded|detected|"
                           r"recordable)|no (?:acoustic )?reflex\w*|no (?:oae|emission)s?|"
                           r"could not be (?:elicited|recorded)|refer(?:red)? result|"
                           r"fail(?:ed)?)\b")  # fmt: skip
PRESENT_WORDS = re.compile(r"\b(present|intact|elicited|observed|recorded|detected|robust|"
                            r"pass(?:ed)?|"
                            r"normal|within normal)\b")  # fmt: skip
REDUCED_WORDS = re.compile(r"\b(reduced|elevated|diminished|weak|partial|prolonged|delayed|"
                            r"abnormal)\b")  # fmt: skip
LATERALITY_UNILATERAL = re.compile(r"\b(unilateral(?:ly)?|single[\s-]sided|one[\s-]sided)\b")
SYMMETRY = re.compile(r"\b(asymmetr\w*|symmetr\w*)\b")
WORSE = re.compile(
    r"\b(worse|poorer|greater|more severe)\b[^.]{0,12}\b(?:in|on|for|at)\s+the\s+(right|left)\b|"
    r"\b(right|left)\b(?:\s+ear)?\s+(?:is\s+|being\s+)?(?:the\s+)?(worse|poorer)\b|"
    r"\b(better)\b[^.]{0,12}\b(?:in|on)\s+the\s+(right|left)\b"
)
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[*])|\n+|;\s*")
SEGMENT_SPLIT = re.compile(r",\s+(?!\d|-\d)|\s+(?:and|but|while|whereas)\s+(?!\d|-\d|&)")


# ----------------------------------------------------------------------------- text handling


def sections(reply: str) -> tuple[list[str], str]:
    """Return the parts of the reply to read (Q1 and Q2 when headed) and what was read."""
    lines = reply.splitlines()
    marks: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        m = HEADING.match(line.strip())
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


def normalise(text: str) -> str:
    text = text.replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-")
    text = text.replace("\u2248", "~").replace("*", " ").replace("≥", ">=").replace("≤", "<=")
    text = re.sub(r"\b(\d),(\d00)\b", r"\1\2", text)  # 4,000 Hz -> 4000 Hz
    text = re.sub(r"\bdBHL\b", "dB HL", text, flags=re.I)
    return text


def ears_in(text: str) -> set[str]:
    ears = set()
    if BOTH.search(text):
        ears.add("both")
    stripped = BOTH.sub(" ", text)
    if RIGHT.search(stripped):
        ears.add("right")
    if LEFT.search(stripped):
        ears.add("left")
    return ears


def to_hz(number: str, unit: str | None) -> int | None:
    value = float(number)
    unit = (unit or "").lower()
    if unit in ("khz", "k") or (unit == "" and value < 20):
        value *= 1000
    elif unit == "hz" and value < 20:
        value *= 1000  # "4 Hz" written for 4 kHz
    hz = int(round(value))
    return hz if 100 <= hz <= 16000 else None


def freqs_of(list_text: str, trailing_unit: str) -> list[int]:
    tokens = re.findall(r"(\d+(?:\.\d+)?)\s*(khz|k|hz)?", list_text)
    out = []
    for number, unit in tokens:
        hz = to_hz(number, unit or trailing_unit)
        if hz is not None:
            out.append(hz)
    return out


def negated(segment: str, start: int) -> bool:
    return bool(NEGATORS.search(segment[max(0, start - 45) : start]))


def conduction(low: str, position: int) -> str:
    before = low[max(0, position - 60) : position]
    bone, air = before.rfind("bone"), before.rfind("air")
    return "bone" if bone > air else "air"


def pair_frequencies(low: str, m: re.Match, freq_lists) -> list[int]:
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
        return freqs_of(fm.group(1), fm.group(2))
    if before:
        gap = low[before[-1][1] : m.start()]
        if re.fullmatch(r"[\s:=,(-]*(?:(?:the\s+)?(?:air[\s-]conduction\s+|bone[\s-]conduction\s+)?"
                        r"thresholds?\s*)?(?:is|was|are|were|of|at|measured at|of about|"
                        r"reaching|to|around|approximately|~)?\s*", gap):  # fmt: skip
            fm = before[-1][2]
            return freqs_of(fm.group(1), fm.group(2))
    return []


def canon_degree(word: str) -> str:
    word = re.sub(r"[\s-]+", " ", word)
    return DEGREE_CANON.get(word, word)
