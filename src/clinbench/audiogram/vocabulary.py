"""The words of audiological replies: patterns, ear notations, tables, regions and hedges.

Everything the fact checker reads is parsed here, compiled once at import: degree, type and
configuration words, ear notations (right/left, R/L, Rt/Lt, AD/AS, "R ear", "R:"), value
lists and ranges with their frequencies, pipe tables (ear rows or ear columns), frequency
regions a claim is scoped to and secondary descriptions ("on a background of ...");
degree wording is read by :mod:`~clinbench.audiogram.degree_claims`. No library parses
audiometric claims;
these regular expressions are hand-written for audiological wording, and all of them are
linear in the length of the text (no nested quantifiers over the same characters).
"""

from __future__ import annotations

import bisect
import re

from clinbench.audiogram.audiogram_model import FREQUENCIES

DEG = r"(slight|mild|moderately[\s-]+severe|moderate|severe|profound|complete|total|normal)"
EAR_HEADING = re.compile(
    r"^[\s#*_>-]*(?:the\s+)?(?:right|left|(?-i:R|L|RE|LE|AD|AS|Rt|Lt|RT|LT))"
    r"(?:[\s-]+(?:ear|side))?\s*(?:\([^)]*\))?\s*[.:]?[\s*_]*$",
    re.I,
)
"""A line that is only an ear's heading ("### Right ear", "**Left ear:**", "AD:")."""
EAR_ONLY = re.compile(
    r"^\s*(?:in\s+|on\s+|of\s+)?(?:the\s+)?(right|left)(?:[\s-]+(?:ear|side|sided))?\s*"
    r"(?:\([^)]*\))?\s*[.:]?\s*$",
    re.I,
)
NORMAL_PHRASES = re.compile(
    r"\b(normal hearing|hearing (?:is |was |are |were )?(?:essentially |broadly |largely |"
    r"otherwise )?(?:within normal limits|normal)"
    r"|within normal limits|\bwnl\b|normal (?:grade|range|hearing sensitivity|sensitivity)"
    r"|no (?:(?:type|kind|form|sort|degree) of )?(?:hearing )?loss|no (?:measurable|detectable|"
    r"appreciable) hearing loss)\b"
)
LOSS_CONTEXT = re.compile(
    r"(hearing|loss|\bhl\b|snhl|chl|sensorineural|conductive|mixed|impairment|deaf|grade|"
    r"degree|\bpta\b|threshold|notch)"
)
EAR_WORD = {"rt": "right", "r": "right", "ad": "right", "lt": "left", "l": "left", "as": "left"}
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
    r"(\bno(?:t|thing)?\b|\bwithout\b|\brule[sd]? out\b|\bruling out\b|\bexclude[sd]?\b|"
    r"\bexcluding\b|"
    r"\brather than\b|\binstead of\b|\bversus\b|\bvs\.?|\babsence of\b|\bunlikely\b|"
    # an instruction is not a finding: "treat as sudden SNHL until proven otherwise"
    r"\btreat(?:ed|ing)?\s+(?:it\s+|this\s+)?as\b|\bmanag(?:e|ed|ing)\s+(?:it\s+)?as\b|"
    # a condition is not a finding: "if the loss were conductive", "to decide whether ..."
    # ("if you could see ..." is a request, not a condition)
    r"\bif\b(?!\s+(?:you|i)\b)|\bunless\b|\bwhether\b|"
    r"\bor\b|\bnon-)(?:(?!\b(?:because|since|given|hence|therefore|thus|"
    r"as(?=\s+(?:the|this|that|there|it)\b))\b)[^.:]){0,40}$|"
    r"\bdifferential\b[^.]{0,40}$"
)
"""A negator before a word, within its statement: a colon ends a negator's scope ("No MRI
needed: the asymmetry is conductive" does not negate the asymmetry), and so does a reason
given after it ("MRI is not needed because/as the asymmetry is conductive"), except after
"differential" ("Differential diagnosis: ..." lists what is being weighed)."""
NEGATED_AFTER = re.compile(
    r"[\w-]+(?:[\s-]+[\w'-]+){0,3}?\s+(?:is|are|seems|appears|was)\s+(?:very\s+|highly\s+)?"
    r"(?:unlikely|excluded|ruled out|not (?:likely|supported))\b"
)
"""After a word: "a conductive cause is unlikely" negates it as "no conductive cause" does."""
GENERIC = re.compile(
    r"[\w-]+(?:[\s-]+(?!that\b|which\b)[\w-]+){0,3}?\s+(?:would|(?<!and )can be|typically|usually|"
    r"tends? to|rarely|seldom|generally|commonly)\b"
)
"""After a word in an indefinite noun phrase: "a conductive loss would show gaps", "a severe
loss typically needs ...", "a conductive loss this small rarely needs amplification": a
statement about losses in general, not this patient's ("a conductive loss that would need
review" is this patient's)."""
_INDEFINITE = re.compile(r"\ban?\s+(?:[\w-]+\s+){0,2}$")
HEDGES = re.compile(
    r"\b(possibl[ey]|probabl[ey]|likely|may|might|suggest\w*|consistent with|appears?|seems?|"
    r"approximately|about|around|roughly|query|presumed|in keeping with)\b|~|\?"
)
NOT_DONE = re.compile(
    r"\bnot\s+(?:been\s+)?(?:tested|performed|done|available|provided|measured|assessed|included|"
    r"reported|given|supplied|obtained|shown)\b|\bno\s+\w*\s*(?:data|results?)\b|\bunavailable\b"
)

# Ear notations: right/left, RE/LE, AD/AS, Rt/Lt (RT/LT), and a bare R or L as a tag
# ("R:", "R ear", "R)", "R =").
_TAGGED = (
    r"(?=\s*(?::|=|\)|\(\s*\d+(?:\.\d+)?\s*\+|ears?\b|tymp\w*|(?-i:AC|BC|PTA|SRT|WRS|OAEs?)\b|reflex\w*|"
    r"air\b|bone\b|(?:slight|mild|moderate(?:ly)?|severe|profound|normal|sensorineural|"
    r"conductive|mixed|snhl|chl|hearing|thresholds?|type\s+[a-d][ds]?)\b))"
)
"""What follows a bare R or L that makes it an ear tag: "R:", "R ear", "R tymp", "L BC", and
a finding about the ear ("R moderately severe", "L mild SNHL": a capital R or L alone before
a degree or type word names the ear, as before a tympanogram type: "R type B"), and an
average worked out ("R (25+30+40+50)/4")."""
RIGHT = re.compile(rf"\bright\b|\b(?-i:RE|AD|Rt|RT)\b|\b(?-i:R){_TAGGED}", re.I)
LEFT = re.compile(rf"\bleft\b|\b(?-i:LE|AS|Lt|LT)\b|\b(?-i:L){_TAGGED}", re.I)
BOTH = re.compile(
    r"\b(bilateral(?:ly)?|both ears|both sides|each ear|either ear|binaural(?:ly)?|in both|"
    # "both ... ears", not "both a middle-ear and an inner-ear part" (one ear's two parts)
    r"both\b(?=[^.]{0,20}\b(?:ears\b|(?<!middle[\s-])(?<!inner[\s-])(?<!outer[\s-])ear\b))|"
    r"right and left|left and right|(?-i:AU)|"
    r"(?-i:Rt|RT|R|RE|AD)\s*(?:and|&|/|\+)\s*(?-i:Lt|LT|L|LE|AS)|"
    r"(?-i:Lt|LT|L|LE|AS)\s*(?:and|&|/|\+)\s*(?-i:Rt|RT|R|RE|AD))\b",
    re.I,
)
HEADING = re.compile(
    r"^\W*(?:q\s*([123])\b|([123])[.)]\s|(results?|audiometric results|findings|"
    r"diagnos\w*|impression|recommendations?|management|plan)\b\W*$|"
    r"(results?|diagnos\w*|impression|recommendations?|management|plan)\s*:)",
    re.I,
)

DB_RANGE = re.compile(
    r"(?<![\d.])(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})\s*(?:db|decibels)\b(?:\s*hl)?"
)
LATERALITY_UNILATERAL = re.compile(r"\b(unilateral(?:ly)?|single[\s-]sided|one[\s-]sided)\b")
SYMMETRY = re.compile(r"\b(asymmetr\w*|symmetr\w*)\b")
BARE_SYMMETRY = re.compile(
    r"\W*(?:(?:no|not|without)\s+(?:any\s+)?(?:(?:clinically\s+)?(?:significant|marked|"
    r"notable|relevant|major|meaningful)\s+)?)?(?:interaural\s+)?(?:asymmetry|symmetry)"
    r"(?:\s+between\s+(?:the\s+)?ears)?\W*"
)
"""A clause that is only a (denied) asymmetry ("No significant asymmetry;"): about the
ears' hearing even where its sentence names no loss (a semicolon cut it off)."""
WORSE = re.compile(
    r"\b(worse|poorer|greater|more severe)\b[^.]{0,12}\b(?:in|on|for|at)\s+the\s+(right|left)\b|"
    r"\b(right|left)\b(?:\s+ear)?\s+(?:is\s+|was\s+|being\s+)?(?:the\s+)?"
    r"(?:(?:about\s+|by\s+|~\s*)?\d+(?:\.\d+)?\s*db\s+(?:hl\s+)?)?"
    r"(?:(?:much|markedly|clearly|slightly|significantly|considerably|far|somewhat)\s+)?"
    r"(worse|poorer)\b|"
    r"\b(better)\b[^.]{0,12}\b(?:in|on)\s+the\s+(right|left)\b"
)
SIDE_BY_FINDING = re.compile(r"(?:\s+(?:hearing\s+)?(?:loss\s+)?)?\s*(?:side|ear)\b")
THE_BEFORE = re.compile(r"\b(?:the|that|this)\s+(?:[\w-]+\s+)?$")
"""A finding word between "the" and "side"/"ear" ("ENT for the conductive side", "the
moderate ear"): a reference to the ear the reply described so, not a claim about an ear."""
REPORT_PART = re.compile(
    r"^[\s>*-]*(?:#{1,6}\s+(?=\S)|(?:\*\*)?(?:action|plan|comments?|summary|impression|"
    r"recommendations?|management|referral|next steps|conclusions?|interpretation|advice|"
    r"notes?|overall|follow[\s-]*up|urgent|reasons?|rationale|discussion|outcome|request|"
    r"clinical question)\b[^:\n]{0,20}?(?:\*\*)?\s*:)",
    re.I,
)
"""The start of a report part that is not one ear's (a markdown heading, "**Action:**",
"Comment:"; a meeting's "Discussion:" and "Outcome:"): an ear named before it does not
carry into it unless it names one itself."""
LIST_ITEM = re.compile(r"^\s*(?:[-•+]|\d{1,2}[.)])\s")
"""A line that is a list item ("- Lt: normal", "1. Right ear: ..."; '*' bullets are written
as '-' by :func:`normalise`): an ear its label names scopes that item, not the lines after
the list."""
_STAR_BULLET = re.compile(r"^(\s*)\*(?=\s)", re.M)
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[*])|\n+|;\s*")
SEGMENT_SPLIT = re.compile(
    r",\s+(?!\d|-\d)|\s+(?:and|but|while|whereas)\s+(?!\d|-\d|&)|"
    r"\s+(?=(?:against|versus|vs\.?|compared\s+(?:with|to))\s)"
)
COMPARED_WITH = re.compile(r"\s*(?:against|versus|vs\.?|compared\s+(?:with|to))\s", re.I)
"""The start of the second half of a comparison ("45 dB HL against 25 dB HL on the left"):
an ear it names is that half's; the first half does not take it, nor a carried ear."""


# ----------------------------------------------------------------------------- text handling


OPENING_FREQUENCY = re.compile(
    r"\s*(?:[-•+]\s*|\d{1,2}[.)]\s*)?"
    # "At 4 kHz ...", or a dip named there ("Notch at 4 kHz: right 50, left 55 dB HL")
    r"(?:(?:an?\s+|the\s+)?(?:notch|dip|trough|drop)\s+)?at\s+(\d+(?:\.\d+)?)\s*(khz|k\b|hz)\b"
    r"(?!\s*(?:-|–|to\b|and\b|&|/|,\s*\d))"
)
"""A sentence that opens with one frequency ("At 500 Hz, the right ear ..."): a teaching
walkthrough's frequency, for the values in that sentence that name no frequency."""


CLAUSE_OPENING_FREQUENCY = re.compile(
    r"(?:^|[:;]\s*)\s*(?:(?:and|then|but|while|whereas)\s+)?at\s+(\d+(?:\.\d+)?)\s*"
    r"(khz|k\b|hz)\b(?!\s*(?:-|–|to\b|and\b|&|/|,\s*\d))"
)
"""A clause that opens with one frequency, after its list's comma or a colon ("..., and at
4 kHz it is 55 dB", "Right ear: at 250 Hz it is 25 dB"): that frequency, for its bare
values, as for a sentence opening with one."""


_LIST_PAST_THREE = re.compile(r"^\s*(?:[4-9]|[1-9]\d)[.)]\s", re.M)
"""A list item numbered 4 or more: the numbers of its list are items, not questions 1-3."""


def sections(reply: str) -> tuple[list[str], str]:
    """Return the parts of the reply to read (Q1 and Q2 when headed) and what was read.

    Lines numbered 1-3 are the case's three questions, unless the list runs past 3 ("4.",
    "5."): then they are items of one list (findings, a plan), all read."""
    lines = reply.splitlines()
    marks: list[tuple[int, str]] = []
    worded = False  # a heading in words ("Findings", "Plan:") came before
    listed = bool(_LIST_PAST_THREE.search(reply))
    for index, line in enumerate(lines):
        m = HEADING.match(line.strip())
        if not m:
            continue
        if m.group(2) and (worded or listed):
            # "**Findings**\n1. ...\n2. ...\n3. ...": numbers under a heading in words
            # are that section's list items, not the questions 1-3 of the case.
            continue
        number = m.group(1) or m.group(2)
        word = (m.group(3) or m.group(4) or "").lower()
        worded = worded or bool(word)
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


EAR_PAIR = re.compile(
    r"\b(?:(?-i:Rt|RT|R|RE|AD)|right)\s*(?:and|&|/|\+)\s*(?:(?-i:Lt|LT|L|LE|AS)|left)\b|"
    r"\b(?:(?-i:Lt|LT|L|LE|AS)|left)\s*(?:and|&|/|\+)\s*(?:(?-i:Rt|RT|R|RE|AD)|right)\b",
    re.I,
)
"""Both ears named as a pair ("Rt and Lt", "right and left"): read as 'both ears', so the
clause is not split at the 'and'."""


_SYMBOLS = str.maketrans(
    {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2248": "~", "*": " ", "≥": ">=", "≤": "<="}
)
_THOUSANDS = re.compile(r"\b(\d),(\d00)\b")
_AT_SIGN = re.compile(r"\s*@\s*")
_AUDIOMETRIC_HZ = r"(?:250|500|750|1000|1500|2000|3000|4000|6000|8000)"
_FV_PAIR = re.compile(
    rf"(\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+(-?\d{{1,3}})(?![\d.])", re.I
)
_FREQ_VALUE_LIST = re.compile(
    rf"(?<![\w.])((?:\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+-?\d{{1,3}}"
    rf"(?:\s*,\s*(?:\d+(?:\.\d+)?\s*(?:khz|k|hz)|{_AUDIOMETRIC_HZ})\s+-?\d{{1,3}}){{1,11}})"
    r"\s*db(?:\s*hl)?\b",
    re.I,
)
"""A list of frequency-value pairs with one dB unit at its end ("500 15, 1k 20, 2k 25,
3k 30 dBHL"): each value is the threshold at the frequency before it."""


def _freq_value_list(m: re.Match) -> str:
    def pair(p: re.Match) -> str:
        freq = p.group(1) + (" Hz" if p.group(1).isdigit() else "")
        return f"{freq} {p.group(2)} dB HL"

    return _FV_PAIR.sub(pair, m.group(1))


_DBHL = re.compile(r"\bdBHL\b", re.I)


_PAIR_EAR = r"(right|left|(?-i:Rt|RT|Lt|LT|R|L|AD|AS|RE|LE))"
_PAIR_DB = r"\s*(?:db(?:\s*hl)?)?"
_FREQ_THEN_PAIR = re.compile(
    rf"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)\s*:\s*{_PAIR_EAR}(?:\s+ear)?\s*[:=]?\s*(-?\d{{1,3}})"
    rf"{_PAIR_DB}\s*[,/;]?\s*(?:and\s+)?{_PAIR_EAR}(?:\s+ear)?\s*[:=]?\s*(-?\d{{1,3}})"
    r"(?:\s*db(?:\s*hl)?|(?![\d.])(?=[ \t]*(?:[;.]?[ \t]*$|[;.]?[ \t]*\n)))",
    re.I | re.M,
)
"""Two ears' values at one frequency: "3 kHz: R 30, L 55 dB HL", or without the unit when the
pair ends its line ("4 kHz: R 50, L 55"): at a named frequency, a value tagged by ear is
its threshold."""
_PAIR_AFTER_FREQ = re.compile(
    rf"(-?\d{{1,3}}){_PAIR_DB}\s+(?:on|in|for)\s+the\s+(right|left)(?:\s+ear)?\s*,?\s*"
    rf"(?:and|vs\.?|versus)?\s*(-?\d{{1,3}}){_PAIR_DB}\s+(?:on|in|for)\s+the\s+(right|left)\b",
    re.I,
)
"""Two ears' values after their frequency: "a 4 kHz notch: 50 dB HL on the right and 75 on the
left" (the frequency is the one named just before, in the same sentence)."""
_FREQ_BEFORE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k\b|hz)[^.\d]{0,30}$", re.I)
_FREQ_AFTER = re.compile(
    r"(?:\s+ear)?\s*,?\s+at\s+(\d+(?:\.\d+)?)\s*(khz|k\b|hz)\b(?!\s*(?:-|–|to\b|and\b|,\s*\d))",
    re.I,
)
"""Or the one named right after the pair ("50 dB in the right ear and 20 dB in the left at
4 kHz")."""


_DB_WORD = re.compile(r"db", re.I)


def _pair_sentence(freq: int, pairs: list[tuple[str, str]]) -> str:
    parts = [f"{EAR_WORD.get(ear.lower(), ear.lower())} ear {value} dB HL at {freq} Hz"
             for ear, value in pairs]  # fmt: skip
    return " and ".join(parts)


_EAR_ORDER = re.compile(
    r"\b(?:(right|(?-i:R|Rt|RT|AD))\s*/\s*(?:left|(?-i:L|Lt|LT|AS))|"
    r"(left|(?-i:L|Lt|LT|AS))\s*/\s*(?:right|(?-i:R|Rt|RT|AD)))\b",
    re.I,
)
"""A declared ear order for slash pairs: "(R/L)", "right/left"."""
_SLASH_PAIR = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)\s*[:=-]?\s*(-?\d{1,3})\s*/\s*(-?\d{1,3})"
    r"(?![\d/.])(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""A frequency and a slash pair of values: "500 Hz: 30/15", "1 kHz 40/20 dB"."""
_LINE_PAIR = re.compile(
    r"^(\s*(?:-\s*)?)(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*[:=]\s*(-?\d{1,3})\s*/\s*(-?\d{1,3})"
    r"(?![\d/.])(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""A line of a list under a declared ear order that starts with its frequency, the unit
left out ("250: 55/10", "1k: 35/10"): the head ("freq: R/L") says what the numbers are."""


def _unit_less(line: str) -> re.Match | None:
    """Return a list line's frequency-first pair when the number is a test frequency."""
    m = _LINE_PAIR.match(line)
    if m is None:
        return None
    hz = to_hz(m.group(2), m.group(3) or ("k" if float(m.group(2)) < 20 else "hz"))
    return m if hz in FREQUENCIES else None


def ear_order_pairs_to_text(text: str) -> str:
    """Return ``text`` with slash pairs under a declared ear order written out per ear.

    "Thresholds (R/L): 500 Hz 30/15, 1 kHz 40/20" becomes "right ear 30 dB HL at 500 Hz and
    left ear 15 dB HL at 500 Hz, ...". The order holds on its line and on the lines right
    under it that hold pairs (a list under its head), up to a blank line or a line without
    one. A pair with no declared order is left as it is (never guessed).
    """
    if "/" not in text:
        return text
    lines = text.split("\n")
    order: tuple[str, str] | None = None
    for index, line in enumerate(lines):
        declared = _EAR_ORDER.search(line)
        if declared:
            order = ("right", "left") if declared.group(1) else ("left", "right")
        elif not line.strip() or not (_SLASH_PAIR.search(line) or _unit_less(line)):
            order = None
        if order is None or "/" not in line:
            continue

        def pair(m: re.Match, order=order) -> str:
            freq = to_hz(m.group(1), m.group(2))
            if freq is None:
                return m.group(0)
            return _pair_sentence(freq, [(order[0], m.group(3)), (order[1], m.group(4))])

        written = _SLASH_PAIR.sub(pair, line)
        bare = None if declared else _unit_less(written)
        if bare:
            written = (
                bare.group(1)
                + _pair_sentence(
                    to_hz(bare.group(2), bare.group(3) or "hz") or 0,
                    [(order[0], bare.group(4)), (order[1], bare.group(5))],
                )
                + written[bare.end() :]
            )
        if declared and written != line:  # the pairs now name their ears; drop the key
            written = written[: declared.start()] + written[declared.end() :]
        lines[index] = written
    return "\n".join(lines)


def ear_pairs_to_text(text: str) -> str:
    """Return ``text`` with two ears' values at one named frequency written out per ear.

    "3 kHz: R 30, L 55 dB HL" and "a 4 kHz notch: 50 dB HL on the right and 75 dB HL on
    the left" become "right ear 30 dB HL at 3000 Hz and left ear 55 dB HL at 3000 Hz", so
    each value is checked for its ear at that frequency. Both ears must be named, once each.
    """

    def freq_first(m: re.Match) -> str:
        freq = to_hz(m.group(1), m.group(2))
        ears = {EAR_WORD.get(m.group(3).lower(), m.group(3).lower()),
                EAR_WORD.get(m.group(5).lower(), m.group(5).lower())}  # fmt: skip
        if freq is None or ears != {"right", "left"}:
            return m.group(0)
        return _pair_sentence(freq, [(m.group(3), m.group(4)), (m.group(5), m.group(6))])

    if not _DB_WORD.search(text) and ":" not in text:
        return text
    text = _FREQ_THEN_PAIR.sub(freq_first, text)
    out, last = [], 0
    for m in _PAIR_AFTER_FREQ.finditer(text):
        if {m.group(2).lower(), m.group(4).lower()} != {"right", "left"}:
            continue
        # the frequency named right after the pair is its own ("a dip to 50 on the right and
        # 55 on the left at 4k"), before one named earlier ("normal through 2k, then ...")
        after = _FREQ_AFTER.match(text, m.end())
        before = None if after else _FREQ_BEFORE.search(text, max(0, m.start() - 45), m.start())
        named = after or before
        freq = to_hz(named.group(1), named.group(2)) if named else None
        if freq is None:
            continue
        out.append(text[last : m.start()])
        out.append(_pair_sentence(freq, [(m.group(2), m.group(1)), (m.group(4), m.group(3))]))
        last = after.end() if after else m.end()
    out.append(text[last:])
    return "".join(out)


_TRAJECTORY_TO = (
    r",?\s*(?:then\s+)?(?:(?:(?:climbing|rising|falling|dropping|sloping|improving|worsening|"
    r"descending|increasing|decreasing|reaching|widening|narrowing|going|deepening|"
    r"recovering|returning|steepening)\s+)?(?:up\s+|down\s+|back\s+)?to|"
    # a point passed on the way ("from 20 dB at 500 Hz through 50 at 3 kHz to 55 at 4 kHz")
    r"(?:passing\s+)?(?:through|via))\s+"
    # a hedge before the value ("falling to ~85 at 4 kHz", "sloping to about 90 at 8 kHz")
    r"(?:(?:about|around|approximately|roughly|~)\s*)?"
)
"""The link of a trajectory ("..., climbing to", "falling to", "to"): the value after it is
the threshold at the frequency named with it ("20 dB at 3 kHz climbing to 60 at 4 kHz")."""
_VALUE_AT_LIST = re.compile(
    r"(\d{1,3}\s*db(?:\s*hl)?\s+at\s+\d[\d.]*(?:\s*(?:and|,)\s*\d[\d.]*)?\s*(?:khz|k|hz)\b)"
    rf"((?:\s*(?:(?:,|;|\band\b)\s*(?:and\s+)?|{_TRAJECTORY_TO})"
    r"\d{1,3}\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b)+)",
    re.I,
)
_BARE_AT = re.compile(r"(\d{1,3})(\s+at\s+)")
_BARE_TRAJECTORY = re.compile(
    r"(\bfrom\s+\d{1,3})(\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b"
    rf"(?:\s+(?:[a-z]+\s+){{0,2}}?|{_TRAJECTORY_TO})?to\s+\d{{1,3}})"
    r"(\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)\b)",
    re.I,
)
"""A trajectory with no unit ("sloping from 20 at 500 Hz to 70 at 4 kHz"): each end is a
threshold in dB HL at its frequency."""


def _value_at_list(m: re.Match) -> str:
    """'15 dB HL at 500 Hz, 20 at 1 kHz and 30 at 2 kHz': the unit of the list's first value
    is that of the values after it, each at its own frequency (also along a trajectory:
    '20 dB at 3 kHz climbing to 60 at 4 kHz')."""
    return m.group(1) + _BARE_AT.sub(r"\1 dB HL\2", m.group(2))


def _bare_trajectory(m: re.Match) -> str:
    return m.group(1) + " dB HL" + m.group(2) + " dB HL" + m.group(3)


_GAP_BETWEEN = re.compile(
    r"\b(gaps?)\s+between\s+(?:the\s+)?air\s+and\s+(?:the\s+)?bone(?:[\s-]+conduction)?"
    r"(?:\s+(?:thresholds|results|curves|lines))?\b",
    re.I,
)
"""The gap named in words ("the gap between air and bone"): the air-bone gap."""


_AVG_FREQS = (
    r"\d+(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/|-|–|to)\s*\d+(?:\.\d+)?"
    r"(?:\s*(?:khz|k|hz))?){1,6}\s*(?:khz|k\b|hz)"
)
_AVG_EAR = r"(?:the\s+)?(right|left|(?-i:Rt|RT|Lt|LT|R|L|AD|AS|RE|LE))(?:\s+ear)?\s*[:=]?\s*"
_AVG_HEDGE = r"((?:about|around|approximately|approx\.?|roughly|~)\s*)?"
_AVERAGE_EAR_PAIR = re.compile(
    r"\b(pta|pure[\s-]*tone average|(?:three|four|3|4)[\s-]*frequency average|"
    r"(?:(?:high|low|mid)[\s-]*frequency\s+)?(?:average|mean)(?:\s+thresholds?)?)"
    rf"\s*(?:\(\s*(?:at|over|across|of)?\s*({_AVG_FREQS})\s*\)?|\s+(?:at|over|across|of)\s+"
    rf"({_AVG_FREQS}))?\s*[:=]?\s*\(?\s*{_AVG_EAR}{_AVG_HEDGE}(\d{{1,3}}(?:\.\d+)?)"
    r"(?:\s*db(?:\s*hl)?)?(\s*(?:,|;|\band\b|/)\s*)"
    rf"{_AVG_EAR}{_AVG_HEDGE}(\d{{1,3}}(?:\.\d+)?)(?![\d.])(?:\s*db(?:\s*hl)?)?",
    re.I,
)
"""An average named with its frequencies, then one value per ear ("PTA (0.5/1/2/4 kHz): right
25, left 45 dB HL", "high-frequency average (2/3/4 kHz): right about 60, left about 62")."""


def _average_ear_pair(m: re.Match) -> str:
    """Each ear's value of an average with the average's name and frequencies before it:
    'right PTA (0.5/1/2/4 kHz) 25 dB HL, left PTA (0.5/1/2/4 kHz) 45 dB HL'."""
    freqs = m.group(2) or m.group(3)
    name = f"{m.group(1)} ({freqs})" if freqs else m.group(1)
    first = f"{m.group(4)} {name} {m.group(5) or ''}{m.group(6)} dB HL"
    return first + m.group(7) + f"{m.group(8)} {name} {m.group(9) or ''}{m.group(10)} dB HL"


_INNER_EAR_PART = re.compile(
    r"\b(an?|the)\s+(?:inner[\s-]ear|cochlear)\s+(component|element|part|contribution|share)\b",
    re.I,
)
"""A lay name of a loss's sensorineural part ("an inner-ear component"): the sensorineural
component (it names the part, not bone conduction's values)."""


_MASKING_MARK = re.compile(r"(?<=\d)\s*\((?:m|nm|um|masked|unmasked)\)", re.I)
"""A masking mark after a level ("40 (m)"): an annotation of that level on audiogram forms
(BSA 2018 masked symbols), not a break in the list it stands in."""


def normalise(text: str) -> str:
    """Return the text with dashes, symbols and number formats made uniform, tables as text."""
    text = tables_to_text(text)
    text = _AVERAGE_EAR_PAIR.sub(_average_ear_pair, text)  # before the ear pairs read it
    text = ear_order_pairs_to_text(text)
    text = ear_pairs_to_text(text)
    text = EAR_PAIR.sub("both ears", text)
    if "*" in text:
        text = _STAR_BULLET.sub(r"\1-", text)  # "* item" -> "- item"; "**bold**" stays
    text = text.translate(_SYMBOLS)
    if "@" in text:
        text = _AT_SIGN.sub(" at ", text)
    if "(" in text:
        text = _MASKING_MARK.sub(
            "", text
        )  # "40 (m) / 45 (m)": the list goes on  # "80 dB @ 6-8k": "at"
    if "db" in text or "dB" in text or "DB" in text:
        text = _FREQ_VALUE_LIST.sub(_freq_value_list, text)
    if "," in text:
        text = _THOUSANDS.sub(r"\1\2", text)  # 4,000 Hz -> 4000 Hz
    if "between" in text:
        text = _GAP_BETWEEN.sub(r"air-bone \1", text)
    if "inner" in text or "ochlear" in text:
        text = _INNER_EAR_PART.sub(
            lambda m: f"{'the' if m.group(1).lower() == 'the' else 'a'} sensorineural {m.group(2)}",
            text,
        )
    if " at " in text:
        text = _VALUE_AT_LIST.sub(_value_at_list, text)
        if "from" in text or "From" in text:
            text = _BARE_TRAJECTORY.sub(_bare_trajectory, text)
    if "mod" in text or "Mod" in text:
        text = _MOD_SEVERE.sub("moderate to severe", text)
    if "->" in text or "→" in text or "mild-" in text.lower() or "mild–" in text.lower():
        text = _GRADE_SPAN.sub(_grade_span, text)
    return _DBHL.sub("dB HL", text)


_GRADE_SPAN = re.compile(
    r"\b(mild|mod|moderate|sev|severe)\s*(?:->|→|-|–)\s*(mod|moderate|sev|severe|prof|profound)"
    r"(?![a-z])",
    re.I,
)
"""A span of grades in chart shorthand ("mild->sev", "mild-mod"): read as "mild to severe"."""
_GRADE_WORD = {"mod": "moderate", "sev": "severe", "prof": "profound"}


def _grade_span(m: re.Match) -> str:
    abbreviated = any(g.lower() in _GRADE_WORD for g in m.groups())
    if not abbreviated and ">" not in m.group(0) and "→" not in m.group(0):
        return m.group(0)  # "mild-moderate" is read as a span already, with its own text
    low, high = (_GRADE_WORD.get(g.lower(), g) for g in m.groups())
    return f"{low} to {high}"


_MOD_SEVERE = re.compile(r"\bmod\.?[\s-]*sev(?:ere|\.)?(?![a-z])", re.I)
"""Shorthand "mod-severe"/"mod-sev": read as the span moderate to severe, which holds under
either reading (moderately severe, or moderate-to-severe), so neither is guessed."""


DESCRIPTOR = (
    r"(?:slight|mild|moderately[\s-]+severe|moderate|severe|profound|flat|sloping|rising|"
    r"steep(?:ly sloping)?|precipitous|gently sloping|symmetric(?:al)?)"
)
_DESCRIPTOR_END = re.compile(rf"\b{DESCRIPTOR}\s*$", re.I)
_DESCRIPTOR_START = re.compile(rf"^\s*{DESCRIPTOR}\b", re.I)
_WITH = re.compile(r"\s+with\s+", re.I)


def clauses(sentence: str) -> list[str]:
    """Return a sentence's clauses: split at commas and conjunctions (SEGMENT_SPLIT), except
    between two descriptors ("moderate and sloping on the right" is one claim about the
    right ear; "mild, flat SNHL" one claim about a loss), then at a colon or "with" where the
    two sides name different ears."""
    pieces: list[str] = []
    joined = False
    last = 0
    for m in SEGMENT_SPLIT.finditer(sentence):
        text = sentence[last : m.start()]
        if joined:
            pieces[-1] += text
        else:
            pieces.append(text)
        rest = sentence[m.end() :]
        word = m.group(0).strip().lower()
        joined = (
            word in ("and", ",")
            and bool(_DESCRIPTOR_END.search(pieces[-1]))
            and bool(_DESCRIPTOR_START.match(rest))
        )
        if joined and word == ",":
            # "mild, flat sensorineural loss": a list of descriptors before one loss noun;
            # "mild, moderate on the left" stays two claims.
            noun_after = LOSS_CONTEXT.search(SEGMENT_SPLIT.split(rest, 1)[0])
            joined = bool(noun_after) and not LOSS_CONTEXT.search(pieces[-1].lower())
        if joined:
            pieces[-1] += m.group(0)
        last = m.end()
    if joined:
        pieces[-1] += sentence[last:]
    else:
        pieces.append(sentence[last:])
    return [part for x in pieces if x and x.strip() for part in colon_clauses(x)]


def colon_clauses(segment: str) -> list[str]:
    """Return the segment split at a colon (or a "with") when the two sides name different ears.

    "Bilateral conductive loss: moderate on the right" is two claims, one for both ears
    and one for the right; "Right ear: mild loss" stays one (nothing is named after it);
    "a severe loss in the right ear with normal hearing on the left" is two.
    """
    head, colon, tail = segment.partition(":")
    if colon and tail.strip():
        before, after = ears_in(head), ears_in(tail)
        if before and after and before != after:
            return [*_with_clauses(head), *_with_clauses(tail)]
    return _with_clauses(segment)


def _with_clauses(segment: str) -> list[str]:
    m = _WITH.search(segment)
    if m is None:
        return [segment]
    head, tail = segment[: m.start()], segment[m.end() :]
    before, after = ears_in(head), ears_in(tail)
    if len(before) == 1 and len(after) == 1 and before != after and "both" not in before | after:
        return [head, tail]
    return [segment]


_PAREN = re.compile(r"\(([^()]{1,80})\)")


def other_ear_asides(sentence: str) -> tuple[str, list[str]]:
    """Return the sentence without its other-ear asides, and the asides.

    A parenthesis naming another ear than the one the sentence names outside its
    parentheses ("Left ear: moderate loss (worse than the right)", "Rt drops to 80 dB HL
    at 6-8k (Lt 35)") is a comparison put aside for that ear: it does not make the
    sentence about both ears, and its claims are that ear's.
    """
    if "(" not in sentence:
        return sentence, []
    outside = ears_in(_PAREN.sub(" ", sentence))  # the ear named outside every parenthesis
    if len(outside) != 1 or "both" in outside:
        return sentence, []
    asides: list[str] = []
    kept: list[str] = []
    last = 0
    for m in _PAREN.finditer(sentence):
        inside = ears_in(m.group(1))
        if len(inside) == 1 and "both" not in inside and outside != inside:
            kept.append(sentence[last : m.start()])
            asides.append(m.group(1))
            last = m.end()
    if not asides:
        return sentence, []
    kept.append(sentence[last:])
    return "".join(kept), asides


def ears_in(text: str) -> set[str]:
    """Return the ears a text names ('right', 'left', 'both'); the ear words of a pair or
    of 'bilateral' are not counted again."""
    ears = set()
    stripped = text
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
    if (unit in ("khz", "k") and value < 100) or (unit == "" and value < 20):
        # "250-8k Hz": a number of 100 or more is in Hz even where it shares the range's unit
        value *= 1000
    elif unit == "hz" and value < 20:
        value *= 1000  # "4 Hz" written for 4 kHz
    hz = int(round(value))
    return hz if 100 <= hz <= 16000 else None


_FREQ_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*(khz|k|hz)?")


def freqs_of(list_text: str, trailing_unit: str) -> list[int]:
    tokens = _FREQ_NUMBER.findall(list_text)
    out = []
    for number, unit in tokens:
        hz = to_hz(number, unit or trailing_unit)
        if hz is not None:
            out.append(hz)
    return out


CONDITION = re.compile(r"(?:\bif\b(?!\s+(?:you|i)\b)|\bunless\b|\bwhether\b)[^.:]{0,40}$")
"""A condition before a word ("if the loss were asymmetric"): the word is neither claimed
nor denied."""


def conditioned(segment: str, start: int) -> bool:
    """Return True when the word at ``start`` is under a condition (if/unless/whether)."""
    return bool(CONDITION.search(segment[max(0, start - 45) : start]))


PRESUPPOSED = re.compile(
    r"\b(?:causes?|source|origin|reason|a?etiology|differential(?: diagnosis)?)\s+(?:of|for)\s+"
    r"(?:the|this|that|his|her|their)\b[^.:;()]{0,40}$"
)
"""What is weighed or excluded is the cause, not the finding it is the cause of: "MRI to
exclude a retrocochlear cause of the asymmetric loss", "differential for the right ear's
sensorineural loss: ..." both state the finding after "of/for the"."""


def negated(segment: str, start: int) -> bool:
    """Return True when the word at ``start`` is not claimed: negated before or after it,
    under a condition, or in a generic statement ("a conductive loss would ...")."""
    before = segment[max(0, start - 45) : start]
    if PRESUPPOSED.search(before):
        return False
    if NEGATORS.search(before):
        return True
    if NEGATED_AFTER.match(segment, start, start + 60):
        return True
    return bool(_INDEFINITE.search(before[-25:]) and GENERIC.match(segment, start, start + 50))


_LOSS_NAMED = (
    r"(?![\s-]*(?:\([^()]{0,25}\)\s*)?(?:hearing\s+)?(?:loss|problem|damage|disorder|cause|"
    r"origin|deafness|type|hair|pathology|lesion|impairment))"
)
CONDUCTION = re.compile(
    r"\b(?:(bone|bc|b/c|"
    # lay words for what bone conduction tests: the inner ear, the cochlea, the nerve (a lay
    # name of the loss itself, "an inner-ear loss", "nerve deafness", is not a conduction)
    rf"inner[\s-]ears?(?:'s)?{_LOSS_NAMED}|cochleae?{_LOSS_NAMED}|cochlear\s+reserve|"
    rf"(?<!acoustic )(?<!auditory )(?<!vestibular )(?<!cochlear )nerve{_LOSS_NAMED})|"
    r"(air|ac|a/c))\b"
)
"""Bone- or air-conduction named by word or abbreviation (BC/AC), or in lay words ("the inner
ear responds at 25 dB": bone conduction)."""


_CONDUCTION_OBJECT = re.compile(
    r"(?:\b(?:agrees?|agreeing|in line|consistent|coincides?|overlaps?)\s+with|\bsame as|"
    r"\bsimilar to|\bclose to|\b(?:better|worse) than|\bfollows?|\bmatch(?:es|ing)?|"
    r"\bparallels?|\btracks?|\bequals?|\bwithin\s+\d+\s*db\s+of)\s+(?:the\s+)?$"
)
"""Before a conduction word that is compared with, not talked about ("bone agrees with air")."""
GAP_WORD = re.compile(
    r"\b(?:air[\s-]*bone\s+gaps?|abgs?|"
    # a gap given a size in dB (not dB HL), between ears excepted: "gaps of 40 dB at 500 Hz"
    r"(?<!interaural )(?<!inter-aural )gaps?(?=\s+(?:of\s+)?(?:about\s+|around\s+|roughly\s+|"
    r"approximately\s+|~\s*)?\d{1,2}\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?db\b(?!\s*hl))|"
    # lay words: the middle ear's part of the loss is the air-bone gap
    r"middle[\s-]ear(?:'s)?\s+(?:part|component|portion|share|contribution|element)|"
    r"(?:part|component|portion|share)\s+(?:from|due\s+to|in|of)\s+the\s+middle[\s-]ear)\b"
)
"""A gap named as such: the dB values after it, up to the next conduction named, are gap
sizes ("air-bone gaps of 30 dB at 500 Hz, 20 dB at 2 kHz"), not thresholds."""


def conduction_marks(low: str) -> list[tuple[int, str]]:
    """Return (position, 'bone'|'air'|'gap') for each conduction a clause talks about, in
    order (a conduction it only compares with is left out; "air-bone gap"/"ABG" is 'gap')."""
    gaps = (
        [(m.start(), m.end()) for m in GAP_WORD.finditer(low)]
        if "ab" in low or "gap" in low or "middle" in low
        else []
    )
    marks = [(start, "gap") for start, _ in gaps]
    for m in CONDUCTION.finditer(low):
        inside = bisect.bisect_right(gaps, (m.start(), len(low) + 1)) - 1  # gaps are in order
        if inside >= 0 and gaps[inside][0] <= m.start() < gaps[inside][1]:
            continue
        if _CONDUCTION_OBJECT.search(low, max(0, m.start() - 25), m.start()):
            continue
        marks.append((m.start(), "bone" if m.group(1) else "air"))
    return sorted(marks) if gaps else marks


def last_conduction(text: str) -> str | None:
    """Return the conduction a clause names last ('bone', 'air' or 'gap'), None when it names
    none."""
    if (
        not ("b" in text and ("bone" in text or "bc" in text or "b/c" in text))
        and not ("a" in text and ("air" in text or "ac" in text or "a/c" in text or "abg" in text))
        and not ("inner" in text or "cochlea" in text or "nerve" in text or "middle" in text)
    ):
        return None
    marks = conduction_marks(text)
    return marks[-1][1] if marks else None


# ------------------------------------------------------------------ secondary text

SECONDARY = re.compile(
    r"\b(?:on|against) a background of\b|\bsuperimposed on\b|\bin addition to\b|"
    r"\bwith an? underlying\b|\bon top of\b"
)
"""A secondary description: what follows it is not the clause's main claim."""

# ------------------------------------------------------------------ frequency regions

BANDS = {
    "low": (0, 1000),
    "lower": (0, 1000),
    "mid": (750, 3000),
    "middle": (750, 3000),
    "high": (2000, 16000),
    "higher": (2000, 16000),
}
"""Frequency bands in Hz that region words name (low <= 1 kHz, mid 0.75-3 kHz, high >= 2 kHz)."""
_REGION_END = re.compile(
    rf"\b(?:falling|sloping|dropping|rising|declining|improving|recovering|descending)\s+"
    rf"(?:steeply\s+)?to\b|\breaching\b|\bwith\b|\bthen\b|\b{DEG}\b|[,;:]|\(\s*pta\b|"
    r"\s[-–—]\s|[.!?](?:\s|$)|"
    # a trajectory starts: "sloping from 20 dB at 250 Hz to 65 at 8 kHz" gives values along
    # the loss, not the region the degree word grades
    r"\b(?:falling|sloping|dropping|rising|declining|improving|recovering|descending|climbing|"
    r"going)\s+from\b|\bfrom\s+-?\d{1,3}\s*(?:db|decibels)\b"
)
"""Where a region's scope ends: a new claim ("falling to", "reaching", "with", another
degree word, a trajectory "sloping from 20 dB at 250 Hz"), a new clause (comma, colon, a
spaced dash), the end of the sentence ("mild SNHL. 15 dB up to 1 kHz": a full stop ends the
claim even where no capital follows) or a PTA that grounds the degree overall."""
_REGION_BAND = re.compile(
    r"\b(high|low|mid|middle|higher|lower)(?:[\s-]+(?:and|to)[\s-]+(high|low|mid|middle)"
    r"(?:[\s-]+frequenc\w*)?)?[\s-]*(?:frequenc\w*|pitch\w*|tones?)\b"
)
REGION_FREQ = re.compile(
    r"(?:^|\b)(at|from|above|over|beyond|below|under|up\s+to|through|to|until|between|"
    r"around|across|in)?\s*\(?\s*(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:(?:-|to|and)\s*"
    r"(\d+(?:\.\d+)?)\s*)?(khz|k\b|hz)"
)
_REGION_PREPOSITION = re.compile(r"\b(?:in|at|for|across|over|through(?:out)?|of)\s+the\s+$")
_REGION_NOUN = re.compile(r"\b(dip|notch|notched|drop|trough|bump|region)\b")


def region_of(text: str) -> tuple[int, int, bool] | None | str:
    """Return the frequency region (lo Hz, hi Hz, explicit) a claim's following words scope.

    ``text`` is what follows the degree word in its clause. The scope ends at a new claim
    ("falling to ...", "with ...", another degree word). ``explicit`` is True for a
    stated region ("in the high frequencies", "at 4-8 kHz", "through 2 kHz") and False for
    an adjective that may describe the whole loss ("a mild high-frequency loss"). Returns
    None when the claim is not scoped (an overall claim), or "unknown" for a region named
    without frequencies ("a mild notch").
    """
    end = _REGION_END.search(text)
    window = text[: end.start()] if end else text
    band = _REGION_BAND.search(window)
    if band:
        lo, hi = BANDS[band.group(1)]
        if band.group(2):
            lo2, hi2 = BANDS[band.group(2)]
            lo, hi = min(lo, lo2), max(hi, hi2)
        explicit = bool(_REGION_PREPOSITION.search(window[: band.start()]))
        return lo, hi, explicit
    freq = REGION_FREQ.search(window)
    if freq:
        word = " ".join((freq.group(1) or "at").split())
        first = to_hz(freq.group(2), freq.group(3) or freq.group(5))
        second = to_hz(freq.group(4), freq.group(5)) if freq.group(4) else None
        explicit = freq.group(1) is not None  # "at 4 kHz" states it; "(4-8 kHz)" may not
        if first is None:
            return "unknown"
        if second is not None:
            return min(first, second), max(first, second), explicit
        if word in ("from", "above", "over", "beyond"):
            return first, 16000, explicit
        if word in ("below", "under", "up to", "through", "to", "until"):
            return 0, first, explicit
        return first, first, explicit
    if _REGION_NOUN.search(window):
        return "unknown"
    return None


# ------------------------------------------------------------------ tables

_TABLE_SEPARATOR = re.compile(r"^:?-{2,}:?$")
_CELL_VALUE = re.compile(r"^\s*(-?\d{1,3})\s*(?:db(?:\s*hl)?)?\s*(\*|m|masked)?\s*$", re.I)
_CELL_NO_RESPONSE = re.compile(r"^\s*(?:nr|no response|no resp\.?|x)\b", re.I)
_CELL_FREQUENCY = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*$", re.I)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


_BARE_R = re.compile(r"\s*(?-i:R)\s*(?:ac|bc|air|bone)?\s*", re.I)
_BARE_L = re.compile(r"\s*(?-i:L)\s*(?:ac|bc|air|bone)?\s*", re.I)
_BONE_CELL = re.compile(r"\b(bone|bc)\b", re.I)
_NOT_TESTED_CELL = re.compile(r"-|–|—|n/?t", re.I)


def _ear_label(cell: str) -> tuple[str, str] | None:
    """Return (ear, conduction) named by a table cell ("R", "Left", "AD", "Right BC")."""
    both = BOTH.search(cell)
    ear = "both" if both else ("right" if RIGHT.search(cell) else None)
    if ear is None:
        if LEFT.search(cell):
            ear = "left"
        elif _BARE_R.fullmatch(cell):
            ear = "right"
        elif _BARE_L.fullmatch(cell):
            ear = "left"
    if ear is None:
        return None
    bone = _BONE_CELL.search(cell)
    return ear, "bone" if bone else "air"


def _frequency(cell: str) -> int | None:
    m = _CELL_FREQUENCY.match(cell)
    return to_hz(m.group(1), m.group(2)) if m else None


def _ear_sentence(ear: str, conduction: str, pairs: list[tuple[int, str]]) -> str | None:
    parts = []
    for freq, cell in pairs:
        value = _CELL_VALUE.match(cell)
        if value:
            parts.append(f"{value.group(1)} dB HL at {freq} Hz")
        elif _CELL_NO_RESPONSE.match(cell):
            parts.append(f"no response at {freq} Hz")
    if not parts:
        return None
    name = "Both ears" if ear == "both" else f"{ear.capitalize()} ear"
    kind = "bone conduction" if conduction == "bone" else "air conduction"
    return f"{name} {kind}: {', '.join(parts)}."


def _labelled_cell(ear: str, conduction: str, head: str, cell: str) -> str | None:
    """Return a cell of a table with named columns (or rows) as a sentence about its ear:
    "| Right | ... | Masked BC: 40-65 dB HL |" -> "Right ear Masked BC: 40-65 dB HL." (the
    head says what the cell is: its conduction, a PTA, a type)."""
    head, cell = head.strip(), cell.strip().rstrip(".;")
    if not head or not cell or _NOT_TESTED_CELL.fullmatch(cell) or _ear_label(head):
        return None
    name = "Both ears" if ear == "both" else f"{ear.capitalize()} ear"
    if conduction == "bone" and not _BONE_CELL.search(head):
        name += " bone conduction"
    return f"{name} {head}: {cell}."


def _table_sentences(rows: list[list[str]]) -> list[str] | None:
    """Return sentences per ear for a table of an audiogram: thresholds (ear rows and
    frequency columns, or ear columns and frequency rows), and cells under a named column
    or row ("PTA", "Masked BC", "Type"), each as a sentence naming its ear and its head.
    Returns None when no row or column is an ear's."""
    if len(rows) < 2:
        return None
    header, body = rows[0], rows[1:]
    freqs = [_frequency(c) for c in header[1:]]
    labels = [_ear_label(c) for c in header[1:]]
    if sum(f is not None for f in freqs) >= 2 or not any(labels):  # ear rows
        return _ear_row_sentences(header, body, freqs) or None
    return _ear_column_sentences(body, labels) or None


def _ear_row_sentences(header: list[str], body: list[list[str]], freqs) -> list[str]:
    """Sentences of a table with ear rows and frequency (or named) columns."""
    out = []
    for row in body:
        label = _ear_label(row[0]) if row else None
        if label is None:
            continue
        pairs = [(f, c) for f, c in zip(freqs, row[1:], strict=False) if f is not None]
        sentence = _ear_sentence(*label, pairs)
        if sentence:
            out.append(sentence)
        for head, f, cell in zip(header[1:], freqs, row[1:], strict=False):
            named = _labelled_cell(*label, head, cell) if f is None else None
            if named:
                out.append(named)
    return out


def _ear_column_sentences(body: list[list[str]], labels) -> list[str]:
    """Sentences of a table with ear columns and frequency (or named) rows."""
    out = []
    for column, label in enumerate(labels, start=1):
        if label is None:
            continue
        pairs, named = [], []
        for row in body:
            if not row or column >= len(row):
                continue
            freq = _frequency(row[0])
            if freq is not None:
                pairs.append((freq, row[column]))
            else:
                named.append(_labelled_cell(*label, row[0], row[column]))
        sentence = _ear_sentence(*label, pairs)
        out += [x for x in (sentence, *named) if x]
    return out


def tables_to_text(text: str) -> str:
    """Return ``text`` with tables of thresholds rewritten as one sentence per ear.

    A pipe table is a run of lines with at least two '|'; a whitespace table (columns
    aligned with spaces or tabs) is a header line and the value lines right under it (see
    :func:`_whitespace_table`). The first row names frequencies (ears in the rows) or ears
    (frequencies in the rows). A table that is not of thresholds is left as it is. Each
    line is split once: linear in the length of the text.
    """
    if "\n" not in text and "|" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        if lines[index].count("|") >= 2:
            block = []
            while index < len(lines) and lines[index].count("|") >= 2:
                block.append(lines[index])
                index += 1
            rows = [
                cells
                for cells in (_cells(line) for line in block)
                if not all(_TABLE_SEPARATOR.match(c) or not c for c in cells)
            ]
            sentences = _table_sentences(rows)
            out.extend(sentences if sentences else block)
            continue
        rows, used = _whitespace_table(lines, index)
        sentences = _table_sentences(rows) if rows else None
        if sentences:
            out.extend(sentences)
            index += used
            continue
        out.append(lines[index])
        index += 1
    return "\n".join(out)


_WS_VALUE = re.compile(r"^(?:-?\d{1,3}(?:\*|m)?|nr|x|-|–|—|n/?t)$", re.I)
"""A whitespace-table cell: a threshold (masked mark allowed), no response (NR, x) or not
tested (-, NT)."""
_WS_UNIT = re.compile(r"^\(?(?:db|dbhl|db\s*hl|hl|hz|khz)\)?:?$", re.I)
_WS_EAR_WORD = re.compile(r"(?i:ac|bc|air|bone|ear|masked|unmasked|conduction)")
"""Words that may follow an ear in a column head ("Right AC", "Left ear")."""
_WS_MAX_ROWS = 8
"""At most this many value lines under one header (two ears, air and bone, masked)."""


def _ws_tokens(line: str) -> list[str]:
    return [t for t in line.split() if not _WS_UNIT.match(t)]


def _ws_frequency_header(tokens: list[str]) -> list[str] | None:
    """Return header cells (label, frequencies...) if the line lists >= 2 rising frequencies."""
    first = 0
    while first < len(tokens) and first < 3 and _frequency(tokens[first]) is None:
        first += 1
    freqs = [_frequency(t) for t in tokens[first:]]
    if len(freqs) < 2 or None in freqs or freqs != sorted(set(freqs)):
        return None
    label = " ".join(tokens[:first])
    if label and _ear_label(label):
        return None
    return [label, *tokens[first:]]


def _ws_ear_header(tokens: list[str]) -> list[str] | None:
    """Return header cells (label, ear labels...) if the line names ears as column heads."""
    cells: list[str] = []
    label: list[str] = []
    for token in tokens:
        if _ear_label(token) and not _WS_EAR_WORD.fullmatch(token):
            cells.append(token)
        elif cells and _WS_EAR_WORD.fullmatch(token):
            cells[-1] += " " + token  # "Right AC", "Left bone"
        elif cells:
            return None  # prose after an ear word, not a column head
        else:
            label.append(token)
    if not cells or len(label) > 2 or any(_frequency(t) is not None for t in label):
        return None
    return [" ".join(label), *cells]


def _whitespace_table(lines: list[str], start: int) -> tuple[list[list[str]] | None, int]:
    """Return (rows as cells, lines used) for a whitespace table starting at ``start``.

    Ear rows: a header of >= 2 rising frequencies, then lines of an ear label ("Right",
    "L", "AD", "Left BC") and exactly one value per frequency. Ear columns: a header of
    ear labels, then lines of a frequency and exactly one value per ear. A line that does
    not fit ends the table; a table needs one value line.
    """
    line = lines[start].rstrip()
    if (
        start + 1 >= len(lines)
        or not DIGIT.search(lines[start + 1])
        or "|" in line
        or ". " in line
        or line.endswith((".", ",", ";"))
    ):
        return None, 0  # a header is not a sentence and has a value line under it
    tokens = _ws_tokens(lines[start])
    if len(tokens) < 2:
        return None, 0
    header = _ws_frequency_header(tokens)
    ear_columns = header is None
    if ear_columns:
        header = _ws_ear_header(tokens)
        if header is None:
            return None, 0
    width = len(header) - 1
    rows = [header]
    index = start + 1
    while index < len(lines) and len(rows) <= _WS_MAX_ROWS:
        tokens = _ws_tokens(lines[index])
        first = 0
        while first < len(tokens) and not _WS_VALUE.match(tokens[first]):
            first += 1
        if ear_columns:
            ok = len(tokens) == width + 1 and _frequency(tokens[0]) is not None
            ok = ok and all(_WS_VALUE.match(t) for t in tokens[1:])
            row = tokens
        else:
            label = " ".join(tokens[:first])
            ok = (
                bool(label)
                and len(tokens) - first == width
                and all(_WS_VALUE.match(t) for t in tokens[first:])
                and _ear_label(label) is not None
            )
            row = [label, *tokens[first:]]
        if not ok:
            break
        rows.append([c if not _NOT_TESTED_CELL.fullmatch(c) else "" for c in row])
        index += 1
    if len(rows) < 2:
        return None, 0
    return rows, index - start


# ------------------------------------------------------------------ cheap triggers
# Each trigger is a superset of what one checker's patterns can match, searched once per
# clause so that a checker with nothing to read costs one search.

DIGIT = re.compile(r"\d")
CONFIG_TRIGGER = re.compile(
    r"cookie|trough|u[\s-]shaped|mid[\s-]frequency|notch|precipit|ski|rising|reverse|slop|"
    r"falling|low[\s-]frequency|high[\s-]frequency|flat"
)
LATERALITY_TRIGGER = re.compile(r"lateral|sided|symmetr|worse|poorer|greater|more severe|better")
GAP_TRIGGER = re.compile(r"bone|abg")
HEDGED_SENTENCE = re.compile(r"\b(possibly|probably|likely|may|might)\b")
COMPARATIVE = re.compile(r"\b(worse|poorer|better|than)\b", re.I)
BILATERAL = re.compile(r"\bbilateral(?:ly)?\b")
LOSS_NOUN = re.compile(r"(hearing loss|\bloss\b|snhl|chl|sensorineural|conductive|mixed)")
OTHER_TEST = re.compile(r"(tymp|reflex|oae|emission)")
OTHER_TEST_OR_SPEECH = re.compile(r"tymp|reflex|oae|emission|speech|wrs|srt|word")
