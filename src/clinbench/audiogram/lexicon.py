"""The reader's lexicon: the words of audiological replies, as patterns compiled once.

Ear notations, degree, type and configuration words, hedges and negators, conduction marks,
frequency regions, secondary descriptions and the cheap triggers the clause readers run
behind. The clause readers (:mod:`~clinbench.audiogram.degree_claims`,
:mod:`~clinbench.audiogram.threshold_claims`, :mod:`~clinbench.audiogram.result_claims`,
:mod:`~clinbench.audiogram.claims`) and the statement splitter
(:mod:`~clinbench.audiogram.statements`) read with them; notations rewritten into prose
before reading (tables, ear pairs, value lists) are in :mod:`~clinbench.audiogram.notation`.
No library parses audiometric claims, so these patterns are hand-written; all of them are
linear in the length of the text (no nested quantifiers over the same characters).

Each pattern's source is cited once, in :data:`SOURCES`.
"""

from __future__ import annotations

import bisect
import functools
import re

from clinbench.audiogram.alternation import led


def literal_trie(words) -> str:
    """Return a regular expression that finds any of ``words`` (literals), written as a trie.

    Hand-written: ``re`` has no set-of-literals search (no Aho-Corasick in the standard
    library); as a trie, a place costs one test per distinct first letter instead of one per
    word (the same truth as ``any(word in text ...)``, about 2x faster on the fixed set); the
    search then jumps between the words' first letters.
    """
    heads: dict[str, list[str]] = {}
    for word in words:
        heads.setdefault(word[0], []).append(word[1:])
    alternatives = []
    for head, tails in heads.items():
        if "" in tails:  # a word ends here: a longer one adds nothing to whether one is there
            alternatives.append(re.escape(head))
        elif len(tails) == 1:
            alternatives.append(re.escape(head + tails[0]))
        else:
            alternatives.append(f"{re.escape(head)}(?:{literal_trie(tails)})")
    return "|".join(alternatives)


RIGHT_TAG = r"(?-i:Rt|RT|R|RE|AD)"
"""The right ear's tags, in capitals (Rt, RT, R, RE, AD), as a fragment of the patterns that
read a pair of ears (BOTH here, notation.EAR_PAIR)."""
LEFT_TAG = r"(?-i:Lt|LT|L|LE|AS)"
"""The left ear's tags, in capitals (Lt, LT, L, LE, AS), as RIGHT_TAG."""
EAR_TAG = r"right|left|(?-i:Rt|RT|Lt|LT|R|L|AD|AS|RE|LE)"
"""An ear named or tagged before its value ("right 25", "Lt 40", "AD 30"), as a fragment of
notation's value pairs."""
AVERAGE_NAME = (
    r"pta[-_]?[34](?![\d.])|pta|[34]fa|pure[\s-]*tone average|"
    r"(?:three|four|3|4)[\s-]*frequency average"
)
"""The names of a pure-tone average (PTA, a three- or four-frequency average, and their
abbreviations 4FA, 3FA, PTA4, PTA-3: the four-frequency average of WHO 2021 and BSA 2018 as
audiology forms and registries name their fields), as a fragment of the patterns that read
an average (claims.PTA, notation's average pairs)."""
AVERAGE_IN_WORDS = (
    r"(?:average|mean)\s+(?:hearing\s+(?:loss|level|threshold)s?|"
    r"air[\s-]+conduction(?:\s+thresholds?)?)"
)
"""A hearing average named in words, without "PTA" ("average hearing loss 45 dB", "mean
hearing level"): the pure-tone average, as a fragment of claims.PTA (translated reports, the
German mittlerer Hoerverlust, and lay letters); also named by the conduction it averages ("an
average air conduction of 40 dB", "the mean air-conduction threshold": the pure-tone average
is of air-conduction thresholds, BSA 2018 pure-tone audiometry; issue #26 batch 149, the
real local model's replies)."""
NOT_A_DIFFERENCE = (
    r"(?!differen|discrepan|mismatch|disagree|agreement|minus\b|to\s+within\b|"
    r"within\s+(?:about\s+|~\s*)?\d)"
)
"""A lookahead, for each character skipped between a measure's name and its value: no word of a
difference of two measures lies between ("SRT-PTA difference 4 dB", "PTA discrepancy of 6 dB",
"SRT agreement with the PTA: to within 5 dB", "SRTs agree within 5 dB": a tolerance); the
number after it is the difference, not the measure (BSA 2019 speech audiometry: the SRT is
checked against the PTA by their difference). A fragment of claims.PTA and result_claims.SRT."""
DIFFERENCE_OF_NAMED = re.compile(
    r"(?:\b(?:differen\w*|discrepanc\w*|mismatch\w*|agreement)\s+(?:between|of)\b[^.;:\d]{0,30}"
    r"|\bminus\s+)$"
)
"""Before a measure's name: a difference of it and another ("the mean difference between SRT
and PTA was 3 dB", "SRT minus PTA: 4 dB"); the number after the name is the difference."""
DIFFERENCE_LIST = re.compile(
    r"\b(?:shift(?:s|ed)?|differences?|differ(?:s|ed)?|moved|(?:poorer|worse|better)\s+by|"
    r"(?<!in )sums?)\b(?:\s+(?:since|from|against)\s+(?:the\s+)?baseline|\s+(?:per|in|for)\s+"
    r"(?:each\s+)?ear)?[\s:]*(?:(?:of|by|are|were)\s+)?"
    r"(?:\d(?:\d|db\b|hl\b|at\b|k?hz\b|k\b|and\b|from\b|to\b|[\s.,/()@-])*)?$"
)
"""Before a dB value in a list headed by a difference or a sum: each value of "the left is
poorer by 15 dB at 500 Hz, 20 dB at 1 kHz and 25 dB at 2 kHz", "Interaural differences: 5 dB
at 500 Hz, 0 at 750 Hz", "Shift: 20 dB at 6 kHz and 10 dB at 8 kHz" (or "@8k"), "bone has
moved 5 dB at 4 kHz" is a difference between two thresholds (the ears, or today and the
baseline), and each of "Sums per ear: 75 at 0.5/1/2 kHz and 75 at 3/4/6 kHz" the sum of
those frequencies' thresholds, not a threshold ("in sum" sums up the reply); the list starts
at a number ("shifted to 80 dB HL" is a level)."""
_LIST_REACH = 120


def difference_listed(low: str, start: int) -> bool:
    """Return True when the dB value at ``start`` of lowered text ``low`` is in a list of
    differences or sums headed up to :data:`_LIST_REACH` characters before it
    (:data:`DIFFERENCE_LIST`): the rule both readers keep (threshold_claims, and claims'
    level-at-frequency pairs)."""
    begin = max(0, start - _LIST_REACH)
    window = low[begin:start]
    if not any(word in window for word in ("shift", "differ", " by", "moved", "sum")):
        return False
    return DIFFERENCE_LIST.search(low, begin, start) is not None


AVERAGED_FREQUENCIES = (
    r"\d+(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/|-|–|to)\s*\d+(?:\.\d+)?"
    r"(?:\s*(?:khz|k|hz))?){1,6}"
)
"""The frequencies an average is taken over, before their last unit ("0.5, 1, 2 and 4",
"2-4", "500/1k/2"), as a fragment of the patterns that read an average with its frequencies
(claims.FREQ_AVERAGE, notation's average pairs)."""
AVERAGE_COPULA = (
    r"(?:is|was|are|were|=|stands\s+at|sits\s+at|comes\s+(?:out\s+)?(?:to|at)|"
    r"works\s+out\s+(?:to|at)|measures|measured|calculates\s+(?:to|at)|reads)"
)
"""The copula or verb of measure between an average named as the subject and its value ("the
left average is 60 dB HL", "the right ear's mean works out at 45 dB"), as a fragment of
claims.EAR_AVERAGE."""
COMPARATIVE_AFTER_DB = (
    r"(?:worse|better|poorer|higher|lower|more|less|greater|above|below|beyond|apart|"
    r"difference|gap|shift)\b"
)
"""A word that makes a value in dB a difference rather than a level ("20 dB worse", "15 dB
apart"), as a fragment after a value's unit."""
OTHER_DB_SCALE = r"(?:sl|spl|pespl|snr|nhl|ehl)"
"""The dB scales other than hearing level, after a value's "dB": sensation level, sound
pressure level (peak-equivalent too), signal-to-noise ratio, and the normalised and estimated
hearing levels of evoked-response stimuli and results (ANSI S3.6; BSA 2019 recommended
procedure for ABR in babies: click and tone-pip levels in dB nHL, estimates in dB eHL)."""
NON_FREQUENCY_UNIT = (
    r"(?:atas?|atm|atmospheres?|bar|kpa|mmhg|psi|mg|mcg|ml|kg|mm|cm|m|metres?|meters?|ft|feet|"
    r"foot|yards?|yds?|mins?|%)"
)
"""A unit that makes a number no frequency, after the number ("30 sessions @ 2.4 ATA": a
treatment pressure in atmospheres absolute, the unit of hyperbaric oxygen dosing (UHMS
Hyperbaric Oxygen Therapy Indications, 14th ed.); doses, volumes and times alike; a distance
in SI metres or imperial feet and yards, "85 dB @ 3 m": a sound level at a distance from its
source)."""
CLOCK_TIME = (
    r"(?:(?:[01]?\d|2[0-3]):[0-5]\d(?![\d.]|[ \t]*(?:k\b|khz|hz))|"
    r"(?!(?:1000|1500|2000)\b)(?:[01]\d|2[0-3])[0-5]\d(?![\d.]|[ \t]*(?:k\b|khz|hz)))"
)
"""A time of day, as forms and observation charts stamp an entry ("Obs 1 @ 10:05", "seen @
0945"): hours 0-23 and minutes 00-59 with a colon, or four digits of the 24-hour clock (ISO
8601 hh:mm and hhmm); not a number with a frequency's unit after it ("@ 1250 Hz"), nor the
four-digit test frequencies that are also whole hours (1000, 1500, 2000: "30 @ 1000" is a
level at 1 kHz). A point is no clock's mark here: "@ 0.25" is 250 Hz. A fragment, after
"@": no frequency."""
LATENCY_NOUN = r"(?:delays?|latenc(?:y|ies)|prolongations?)\b"
"""A latency of an evoked response, after a type word ("a conductive delay of wave V"): the
cause of the latency shift the ABR shows, not the ear's type of loss (BSA 2019 recommended
procedure for ABR: a conductive loss delays every wave; Hall 2007, the latency-intensity
function)."""
NOT_A_MIXED_LOSS = (
    r"(?!\s+(?:picture|presentation|bag|findings|results|(?:urinary\s+)?incontinence|"
    r"urinary|dementia|anxiety|affective|connective|cryoglobulin\w*|hyperlipid\w*|"
    r"dyslipid\w*|acid|germ|cellularity|venous|sleep|apnoea|apnea|episode|features|"
    r"dentition|feeding|(?:breast|bottle)[\s-]+feeding)\b|"
    r"[\s-]+(?:a?etiolog\w*|causes?|origins?|methods?)\b)"
)
"""After "mixed": no mixed hearing loss. "A mixed picture" (findings of more than one kind,
as in "asymmetric loss, mixed picture": issue #26 batch 21), and the named conditions of
other systems that open with "mixed" (ICD-10: mixed urinary incontinence N39.46, mixed
anxiety and depressive disorder F41.2, mixed connective tissue disease M35.1, mixed
hyperlipidaemia E78.2, mixed cryoglobulinaemia D89.1, mixed dementia, a mixed affective
episode; a mixed germ-cell tumour, mixed acid-base disorder, mixed sleep apnoea, mixed venous
gas): a geriatric or medical record lists them beside the hearing (batch 134); and "mixed
aetiology" or "mixed causes" of a cohort or a registry (batch 82), which are causes; a
child's "mixed dentition" (primary and permanent teeth together, about 6 to 12 years: the
American Academy of Pediatric Dentistry's reference manual) and "mixed feeding" (breast and
formula milk) in paediatric, dental and orthodontic notes (batch 142), and a study's "mixed
methods"."""
PROF_GRADE = (
    r"prof(?=\.?(?:[,;:)/-]|\s*$)|\s+(?:sloping|flat|mixed|snhl|chl|mhl|sensorineural|"
    r"conductive|hearing|loss|hl|deaf\w*|bilat\w*|in|on|both|au|ad|as)\b)"
)
"""The chart shorthand "prof" as the grade profound: only before a loss or type word, an ear,
or a clause's end, with or without its full stop ("R prof SNHL", "sev-prof mixed loss",
"Right ear: prof."); "Prof Jones", "Prof. Smith saw him" is a title. One rule for both
readers, which see the text lowered (DEG) or as written (claims.LEXICON), so it looks at
words, not capitals. Case-blind."""
GRADE_SHORTHAND = {"mod": "moderate", "sev": "severe", "prof": "profound"}
"""The grade a chart shorthand names (clinic notes), for every reader that reads one."""
DEG = (
    r"(slight|mild|moderately[\s-]+severe|moderate|severe|profound|complete|total|normal|mod|sev|"
    rf"{PROF_GRADE})"
)
"""A grade word, or its chart shorthand (mod, sev, prof: clinic notes), which names the
same grade (issue #26, metamorphic tests: tests/audiogram/perturb.degree_shorthand); "prof"
as :data:`PROF_GRADE` reads it."""
EAR_HEADING = re.compile(
    r"^[\s#*_>-]*(?:the\s+)?(?:right|left|(?-i:R|L|RE|LE|AD|AS|Rt|Lt|RT|LT|OD|OS|OG|OI))"
    r"(?:[\s-]+(?:ear|side))?\s*(?:\([^)]*\))?\s*[.:]?[\s*_]*$",
    re.I,
)
"""A line that is only an ear's heading ("### Right ear", "**Left ear:**", "AD:")."""
EAR_LABELLED_LINE = re.compile(
    r"^[*_]*(?:the\s+)?(?:right|left|(?-i:R|L|RE|LE|AD|AS|Rt|Lt|RT|LT|OD|OS|OG|OI))"
    r"(?:[\s-]+(?:ear|side))?[\s*_]*:[\s*_]*\S",
    re.I,
)
"""A line that opens with an ear's label and goes on with its findings ("Right: 10
throughout, type A."), at the margin (no heading mark, bullet or indent)."""
FIELD_LABELLED_LINE = re.compile(
    r"^[*_]*(?!(?:the\s+)?(?:right|left|both|bilateral|(?-i:R|L|RE|LE|AD|AS|AU|Rt|Lt|RT|LT|OD|OS|OG|OI))"
    r"\b)[a-z][a-z /-]{1,30}:",
    re.I,
)
"""A line at the margin that opens with a label that is no ear ("Degree: ...",
"Impression: ..."): after a line labelled with an ear, a field of its own, not of that
ear (a bullet under an ear's line, "- AC: 55 ...", is still that ear's)."""
EAR_ONLY = re.compile(
    r"^\s*(?:in\s+|on\s+|of\s+)?(?:(?:the|his|her|their|my|your)\s+)?(right|left)"
    r"(?:[\s-]+(?:ear|side|sided))?\s*"
    r"(?:\([^)]*\))?\s*\)?\s*[.:]?\s*$",
    re.I,
)
"""A clause that is only an ear, which names the ear of the clause before it ("Sudden SNHL,
left ear."), also where it closes the bracket that clause opened ("Referred to ENT
(conductive loss, left)."): the bracket's finding is that ear's, not the ear carried from the
line before (batch 183 TB09)."""
EAR_CALLED_NORMAL_ONLY = re.compile(
    r"\s*(?:(?:(?:an?|the|his|her|their|your)\s+)?(?:(?:entirely|completely|perfectly)\s+)?"
    r"normal(?:[\s-]+hearing)?\s+(right|left)(?:\s+(?:ear|side))?|"
    r"normal\s+hearing\s+(?:in|on)\s+(?:the\s+)?(right|left)(?:\s+(?:ear|side))?|"
    r"(?:(?:the|his|her|their|your)\s+)?(right|left)(?:\s+(?:ear|side))?\s+"
    r"(?:being\s+|is\s+|remaining\s+)?normal)"
    r"(?:\s*[.;]?\s*$|\s+(?=(?:would|will|should|could|can|may|might|is|was|does|did|has|"
    r"had|which|that)\b))",
    re.I,
)
"""A clause that only names one ear as normal ("a normal left ear", "normal hearing on the
right", "the left ear being normal"), to its end or to the verb of the sentence the loss
beside it opens ("a mild one-sided loss with a normal left ear would not ..."): beside a loss
that names no ear, the loss is the other ear's. Not "an otherwise normal left ear", which has
the loss itself, nor "a normal left ear canal", another part of the ear."""
NORMAL_PHRASES = re.compile(
    r"\b(normal hearing|hearing (?:is |was |are |were )?(?:(?:reported|described|found|"
    r"documented|recorded|judged|considered|classified|assessed) (?:as |to be )?"
    r"(?:essentially |broadly |largely |otherwise )?(?:within normal limits|normal)\b"
    # "described as normal by his wife": someone else's account, not the writer's finding
    r"(?![^.;\n]{0,30}?\bby\s+(?:(?:the|his|her|their|a|an)\s+)?(?:patient|family|parents?|"
    r"mother|father|wife|husband|partner|carers?|teachers?|school|gp|referr\w*|self|"
    r"him|her|them)\b)|"
    r"(?:essentially |broadly |largely |otherwise )?(?:within normal limits|normal))"
    r"|within normal limits|\bwnl\b|normal (?:grade|range|hearing sensitivity|sensitivity)"
    # a bare "no loss of X" names X as what is kept ("no loss of consciousness"): only a loss
    # of hearing (or one "of note") is the hearing's
    # "no evidence of (any) hearing loss / impairment": the finding of none, said as the
    # absence of its evidence (issue #26 batch 165 UN12, a small model's reply)
    r"|no (?:(?:evidence|signs?|indication) of )?(?:any )?"
    r"(?:(?:type|kind|form|sort|degree) of )?(?:hearing (?:loss|impairment)|loss(?!\s+of\s+"
    r"(?!hearing\b|note\b|significance\b|concern\b))|(?:physical )?impairment (?:of|in|"
    r"related to) (?:the |their |his |her |your )?hearing)"
    r"|no (?:measurable|detectable|appreciable) hearing loss"
    # an impairment denied: "not a hearing impairment", "the hearing is not impaired" (issue
    # #26 batch 181 QD03, "not an impairment but rather a normal variation")
    r"|(?<!\bif )not (?:a |an |any )?(?:hearing )?impairment(?! of (?!hearing\b))"
    r"|(?:hearing|ears?)(?: is| are| was| were)?[ \t]*:?[ \t]*not impaired)\b"
)
LOSS_CONTEXT = re.compile(
    # every alternative opens with a letter (a word boundary before "hl" and "pta" is looked
    # back for after it), so the search jumps between candidate letters
    r"(hearing|loss|h(?<!\wh)l\b|snhl|chl|mhl|sensorineural|conductive|mixed|impairment|deaf|grade|"
    r"degree|p(?<!\wp)ta\b|threshold|notch)"
)
EAR_WORD = {"rt": "right", "r": "right", "ad": "right", "lt": "left", "l": "left", "as": "left"}
CONFIG_WORDS = [
    (re.compile(r"\b(cookie[\s-]*bite|trough[\s-]*shaped|u[\s-]shaped|"
                r"mid[\s-]frequency (?:hearing )?loss)\b"),
     "cookie-bite", ("cookie", "trough", "shaped", "mid")),
    (re.compile(r"(?<!carhart )\b((?:noise[\s-]*)?notch(?:ed)?)\b"), "noise-notch", ("notch",)),
    (re.compile(r"\b(precipitous(?:ly)?|steeply sloping|sharply sloping|ski[\s-]*slope)\b"),
     "precipitous", ("precipitous", "steeply", "sharply", "ski")),
    (re.compile(r"\b(rising|reverse[\s-]*slop\w*|up[\s-]*sloping|"
                r"low[\s-]frequency (?:hearing )?loss)\b"),
     "rising", ("rising", "reverse", "up", "low")),
    (re.compile(r"\b((?:gently |gradually |downward(?:ly)? |down[\s-]*)?sloping|falling|"
                r"high[\s-]frequency (?:sensorineural )?(?:hearing )?loss)\b"),
     "sloping", ("sloping", "falling", "high")),
    (re.compile(r"\bflat\b(?!\s*(?:\(type b\)|type b|tympanogram|tymp|trace|curve|peak))"), "flat",
     ("flat",)),
]  # fmt: skip
"""(pattern, configuration, the words the pattern needs one of: a clause without them skips
it)."""
CONFIG_COMPATIBLE = {
    "sloping": {"sloping", "precipitous"},
    "precipitous": {"precipitous", "sloping"},
}
_NEGATOR_REACH = (
    r"(?:(?!\b(?:because|since|given|hence|therefore|thus|"
    r"as(?=\s+(?:the|this|that|there|it)\b))\b)(?!\s[-\u2013\u2014]\s)[^.:>\u2192]){0,40}$"
)
"""From a negator to the word it negates: within the statement, up to a colon, a reason, a
conclusion drawn with an arrow, or a spaced dash that gives the reason ("MRI not indicated -
symmetric pattern": the dash opens the grounds, which the "not" does not reach)."""
NEGATORS = re.compile(
    r"(\bno(?:t|thing)?\b|\bneither\b|\bwithout\b|\brule[sd]? out\b|\bruling out\b|"
    r"\bexclude[sd]?\b|\bexcluding\b|"
    r"\brather than\b|\binstead of\b|\bversus\b|\bvs\.?|\babsence of\b|\bunlikely\b|"
    # the alternative weighed and found less likely: "otosclerosis more likely than sudden SNHL"
    r"\bmore\s+(?:likely|probable)\s+than\b|"
    # an instruction is not a finding: "treat as sudden SNHL until proven otherwise"
    r"\btreat(?:ed|ing)?\s+(?:it\s+|this\s+)?as\b|\bmanag(?:e|ed|ing)\s+(?:it\s+)?as\b|"
    # a condition is not a finding: "if the loss were conductive", "to decide whether ..."
    # ("if you could see ..." is a request, not a condition)
    r"\bif\b(?!\s+(?:you|i)\b)|\bunless\b|\bwhether\b|"
    rf"\bor\b){_NEGATOR_REACH}|"
    # "non-" negates the word it prefixes (and one after: "non-significant asymmetry"), not a
    # later one ("MRI not for non-pulsatile tinnitus with symmetric hearing")
    r"\bnon-(?:[\w-]+[ \t]+)?$|"
    # a measure said too small to make the finding denies it: "a gap too small to be a
    # conductive component" (the finding's criterion not met)
    r"\btoo\s+(?:small|little|slight|narrow|few)\s+to\s+(?:be|count\s+as|make|suggest|indicate|"
    r"represent|call\s+it)\b[^.;:]{0,30}$|"
    r"\bdifferential\b[^.]{0,40}$|"
    # a loss named as what is prevented, avoided or risked is a possible loss, not this
    # ear's: "unsuccessful in preventing severe hearing loss", "the risk of a profound loss"
    r"\b(?:prevent(?:s|ed|ing)?|prevention\s+of|risks?\s+of|protect(?:s|ed|ing|ion)?\s+"
    r"against|avoid(?:s|ed|ing)?)\s+(?:(?:a|an|any|further|more|the)\s+)?(?:[\w-]+\s+){0,2}$"
)
"""A negator before a word, within its statement: a colon ends a negator's scope ("No MRI
needed: the asymmetry is conductive" does not negate the asymmetry), and so does a reason
given after it ("MRI is not needed because/as the asymmetry is conductive") or a conclusion
drawn with an arrow ("doesn't recover -> sloping"), except after
"differential" ("Differential diagnosis: ..." lists what is being weighed). A finding named
within two words after what prevents, avoids or risks it ("preventing severe hearing loss",
"the risk of a profound loss", "to avoid a moderate loss") is a loss that may
come, not one the ear has (issue #26, batch 143's real-model text)."""
NEGATORS = led(NEGATORS)  # (its first characters looked for first, for speed)
CONTRACTED_NOT = re.compile(rf"n['\u2019]t\b{_NEGATOR_REACH}")
"""A contracted "not" negates as the full word does ("isn't", "doesn't", "wasn't"); kept
apart from NEGATORS, which it would slow, and tried only when the text holds an apostrophe."""

NEGATED_AFTER = re.compile(
    r"[\w-]+(?:[\s-]+[\w'-]+){0,3}?\s+(?:is|are|seems|appears|was)\s+(?:very\s+|highly\s+)?"
    r"(?:unlikely|excluded|ruled out|not (?:likely|supported))\b|"
    r"[\w-]+(?:[ \t-]+[\w-]+){0,2}?[ \t]*[\u2717\u2718\u274c]"
)
"""After a word: "a conductive cause is unlikely" negates it as "no conductive cause" does,
and so does a cross mark after it in a message ("so CHL \u2717": ruled out, as a tick
affirms)."""
_CROSS_MARKS = "\u2717\u2718\u274c"


def _may_negate_after(segment: str, start: int) -> bool:
    """Return False when the 60 characters from ``start`` hold none of the words that
    NEGATED_AFTER (case-sensitive) ends with: a cheap test before the pattern."""
    window = segment[start : start + 60]
    return (
        "unlikely" in window
        or "excluded" in window
        or "ruled out" in window
        or "not " in window
        or (not window.isascii() and any(c in window for c in _CROSS_MARKS))
    )


GENERIC = re.compile(
    r"[\w-]+(?:[\s-]+(?!that\b|which\b)[\w-]+){0,3}?\s+(?:would|(?<!and )can be|typically|usually|"
    r"tends? to|rarely|seldom|generally|commonly)\b"
)
"""After a word in an indefinite noun phrase: "a conductive loss would show gaps", "a severe
loss typically needs ...", "a conductive loss this small rarely needs amplification": a
statement about losses in general, not this patient's ("a conductive loss that would need
review" is this patient's)."""
_INDEFINITE = re.compile(r"\ban?\s+(?:[\w-]+\s+){0,2}$")
GENERIC_OBJECT = re.compile(
    r"\b(?:typically|usually|generally|commonly|classically|characteristically|tends?\s+to|"
    r"would(?:\s*,[^,.;]{0,25},)?)\s+(?:produces?|causes?|gives?|shows?|predicts?|expects?|"
    r"means?|results?\s+in|leads?\s+to|creates?)\s+an?\s+(?:[\w-]+\s+){0,2}$"
)
"""Before a word, an indefinite object of what a cause does in general or would do ("noise
typically produces a bilateral loss", "which would, if anything, predict a worse left
ear"): a statement about losses in general or contrary to fact, not this patient's."""
HEDGES = re.compile(
    r"\b(possibl[ey]|probabl[ey]|likely|may|might|suggest\w*|consistent with|appears?|seems?|"
    r"approximately|about|around|roughly|query|presumed|in keeping with)\b|~|\?"
)
HEDGES = led(HEDGES)  # (its first characters looked for first, for speed)
HEDGE_WORDS = ("possibl", "probabl", "likely", "may", "might", "suggest", "consistent with",
               "appear", "seem", "approximately", "about", "around", "roughly", "query",
               "presumed", "in keeping with", "~", "?")  # fmt: skip
HEDGE_WORD = re.compile(literal_trie(HEDGE_WORDS))
"""The words HEDGES needs one of, found fast (a clause without them skips HEDGES)."""
_NOT_DONE_AFTER = (
    r"\s+(?:been\s+)?(?:tested|performed|done|available|provided|measured|assessed|included|"
    r"reported|given|supplied|obtained|shown|recorded|carried\s+out|attempted)\b"
)
NOT_DONE = re.compile(
    # each alternative opens with its first letter and looks back for the word boundary
    # before it, so the search jumps between "n" and "u" (not tried at every character)
    rf"not(?<=\bnot){_NOT_DONE_AFTER}|n['\u2019]t{_NOT_DONE_AFTER}|"
    r"no(?<=\bno)\s+\w*\s*(?:data|results?)\b|unavailable(?<=\bunavailable)\b"
)
"""A test or value said not to be done, contracted or not ("not tested", "weren't included",
"aren't included here"): it reports no result."""
NUMBER_OPENS_SENTENCE = re.compile(
    r"(?<=[a-z]{4}\.)(?<!approx\.)(?<!resp\.)(?<!incl\.)(?<!excl\.)(?<!freq\.)(?<!figs\.)"
    r"(?<!cont\.)\s+(?=\d)"
)
"""A word's full stop, then a number: a new sentence the reader's split (before a capital) does
not see ("... a mixed loss. 3 kHz was not tested"); not after a word under four letters or a
common abbreviation ("vs. 35", "no. 3", "exc. 20 @ 2k", "approx. 40"). What was not done
(:data:`NOT_DONE`) reaches back only to it."""

# Ear notations: right/left, RE/LE, AD/AS, Rt/Lt (RT/LT), OD for the right and OG/OI/OS for
# the left (French, Spanish, Italian reports), German re./li. before a colon, and a bare R
# or L as a tag
# ("R:", "R ear", "R)", "R =").
_TAGGED = (
    r"(?=/\s|[ \t]+[-\u2013\u2014][ \t]+(?![LR]\b)(?=[A-Za-z])|"
    r"\s+\d{1,2}(?:\.\d{1,2})?\s*(?-i:k|kHz)\s+\d|"
    r"\s+\d{1,3}(?:\.\d{1,2})?(?:\s*(?:-+>|\u2192|=>|\u21d2)\s*|\s+)(?:slight|mild|mod(?:erate)?|sev(?:ere)?|prof(?:ound)?)\b|"
    r"\s*(?:~\s*)?(?::|=|\)|\(\s*\d+(?:\.\d+)?\s*\+|ears?\b|tymp\w*|(?-i:AC|BC|PTA|SRT|WRS|OAEs?)\b|reflex\w*|"
    r"air\b|bone\b|(?:slight|mild|moderate(?:ly)?|severe|profound|normal|sensorineural|"
    r"conductive|mixed|snhl|chl|mhl|hearing|thresholds?|type\s+[a-d][ds]?|"
    # a chat's shorthand: the region or onset of the ear's loss ("R low-freq CHL", "L sudden")
    r"sudden|(?:low|mid|high)[\s-]*freq\w*|rising|cookie[\s-]*bite|notch\w*|wnl|"
    # its shape or a short grade ("R flat CHL", "L sloping SNHL", "R mod-sev")
    r"flat|sloping|mod|sev|prof|"
    # a part of the ear examined ("R TM perf", "L EAC wax", "R drum dull")
    r"(?-i:TM|EAC)|drums?|canals?|"
    # the ear's average or its tympanogram ("R 4FA 30", "tymp R As")
    r"(?-i:[34]FA)|(?<=\s)(?-i:A[sd]?|B|C)(?![\w-]))\b))"
)
"""What follows a bare R or L that makes it an ear tag: "R:", "R ear", "R tymp", "L BC", a
handwritten note's slash before a space ("R/ WNL", "L/ flat 45"; "R/L" is both ears), a
spaced dash before a word ("R - moderately severe SNHL", "L - mild"; not "R - L"), a
tilde for "about" between the letter and the rest ("R ~ severe HL"), and
a part of the ear examined ("R TM perf", "L EAC wax", "R drum dull": the side of the ear
that part belongs to, in ward and clinic notes), a finding about the ear ("R moderately
severe", "L mild SNHL": a capital R or L alone before
a degree or type word, or the region or onset of its loss, names the ear, as before a tympanogram
type: "R type B"), the ear's average ("R 4FA 30") or its tympanogram letter after a space
("tymp R As"; "RA" is no ear), a frequency and its level
("L 4k 65, R 4k 35") or an average and its grade ("L 25 mild", or after an arrow that
gives the value's verdict: "R 36.25 -> SEVERE", "L 20 → mild") in a chat's or printout's
list of ears (bare numbers, "Table R 20 30", name no ear), and an
average worked out ("R (25+30+40+50)/4")."""
RIGHT_SAID_OF_A_READING = (
    r"(?!(?:(?<=\bis right)|(?<=\bare right)|(?<=\bwas right)|(?<=\bwere right)|(?<='s right))"
    r"(?<!\bear is right)(?<!\bside is right)(?<!\bone is right)"
    r"(?=\s*(?:[.,:;!?(]|$|(?:but|and|too|here|there|though)\b))"
    r"|(?<=\bthe right)\s+(?:call|choice|answer|decision|idea|approach|track|thing|diagnosis|"
    r"conclusion|interpretation)s?\b(?!-))"
)
"""After the word "right": the sense "correct", not the right ear. A reader's verdict on a
reading ("Your PTA is right: 45 dB HL", "sensorineural is right.", "the shape is right but
the type isn't", "conductive is the right call"): the copula then the clause's end or "but",
or "the right" before a noun of judgement ("the right call", "the right diagnosis"; not
"Right word recognition"). A subject that is an ear or side keeps the ear ("the
affected side is right."). Only "right" has this second sense, so a reader without the rule
gives the claim beside it to the right ear and never to the left (the mirror test,
tests/audiogram/mirror.py, batches 1-50: VC29, VG03, VG29, VP36)."""
_MOVING_VERBS = (
    "drop drops dropped dropping fall falls falling fell go goes going went dip dips dipped "
    "dipping plunge plunges plunged plunging slope slopes sloped sloping rise rises rising rose "
    "climb climbs climbed climbing recover recovers recovered recovering come comes came coming "
    "tail tails tailed tailing"
).split()
RIGHT_AS_AN_ADVERB = (
    r"(?!(?:" + "|".join(rf"(?<=\b{verb} right)" for verb in _MOVING_VERBS) + r")"
    r"\s+(?:off|down|up|away|back|out|through|across)\b(?!-)"
    r"|(?:(?<=\d right)|(?<=\bdb right)|(?<=\bhl right))"
    r"\s+(?:across|through|throughout|the\s+way)\b(?!-))"
)
"""After the word "right": the adverb "all the way", not the right ear, between a verb of the
curve's movement and its particle ("the left drops right off above 4 kHz", "it falls right
down to 80 dB HL", "recovers right back to 20"). Source: the adverb sense of "right"
("completely, all the way": Oxford English Dictionary, right adv. 4); clinic notes describe a
curve that "drops right off". A reader without the rule gives the values after it to the right
ear (batch 61). Right after a level and before "across", "through(out)" or "the way" it is
that adverb too ("forty to fifty right across", "20 dB right through"): a level's ear is
named before it, never after (batch 73, where caption cues joined put such a phrase before
an ear's type); "on the right across all frequencies" keeps its ear."""
NOT_A_TYMPANOGRAM_TYPE = r"(?<![Tt]ype )(?<![Tt]ype: )(?<!TYPE )(?<!TYPE: )"
"""Before AD or AS: not after "type", where the capitals are Jerger's tympanogram types Ad
and As written in capitals ("left ear type AS (ear canal volume 1.0 ml)"), not the Latin
ear tags; only AS is common (otosclerosis), so a reader without the rule hears the left ear
in it (the mirror test, batch 18 G30)."""
AORTIC_STENOSIS_AFTER = (
    r"(?![ \t]*[:,(\u2013-]?[ \t]*(?i:(?:mean|peak|max(?:imum)?)[ \t]+(?:gradient|velocity|pg)\b|"
    r"gradient\b|[mp]pg\b|ava\b|v[ \t]?max\b|\d+(?:\.\d+)?[ \t]*(?:mmhg|m/s)\b))"
)
"""After "AS": aortic stenosis, not the left ear, where the valve's measures follow it
("moderate AS (mean gradient 28 mmHg)", "severe AS: Vmax 4.5 m/s", "AS, AVA 0.8 cm2"): the
grading of aortic stenosis by its peak velocity, mean gradient and valve area (2021 ESC/EACTS
Guidelines for the management of valvular heart disease). A reader without the rule read a
cardiology letter's "moderate AS" as a moderate loss of the left ear beside a correct right
ear (batch 145 ZT45)."""
SIDE_OF_SOMETHING_ELSE = re.compile(
    r"\b(?:otoscop\w*|(?:ear\s*)?drums?|tympanic\s+membranes?|tms?|canals?(?!\s+volume)|wax|"
    r"cerumen|microsuction|syring\w*|otitis\s+externa|discharge|eyes?|vision|c?vemps?|vhit|"
    r"caloric\w*|tinnitus|(?:tele)?phone|facial|hip|knee|shoulder|arm|leg|wrist|carotid|ica|"
    r"stapedotomy|stapedectomy|mastoidectomy|myringo\w*|tympanoplasty|grommets?|surgery|"
    r"operat\w*|implant\w*|(?:hearing\s+)?aids?|devices?|softband|sleeps?|sits?|seated)\b"
)
"""In an aside (a parenthesis) naming an ear: something else of that side, an examination of
the ear, another organ or measure, a device or an operation, the ear used on the phone
("(R: wax removed)", "(otoscopy: left canal clear, drum intact)", "(left eye: cataract)",
"(left ear preferred for the telephone)", "(grommets in the left ear as a child)"); ear
examination and history terms of ENT and audiology letters. The ear is that thing's, not the
claim's beside it (discourse, rule "aside of something else")."""
PART_BEFORE_AN_ASIDE = re.compile(
    r"\b(?:hands?|wrists?|fingers?|thumbs?|arms?|elbows?|shoulders?|hips?|knees?|legs?|"
    r"ankles?|feet|foot|toes?|eyes?|breasts?|lungs?|kidneys?|carpal[ \t]+tunnel(?:[ \t]+"
    r"syndrome)?)[ \t]*$"
)
"""The last words before a parenthesis, lowered: a paired part of the body other than the
ear ("carpal tunnel both hands (right worse)", "OA knees (L > R)", "cataracts both eyes
(left denser)"); a side said in that parenthesis, with no hearing finding beside it, is
that part's (the laterality of paired limbs and organs, Terminologia Anatomica 1998), not
the ear's (discourse, rule "aside on another part")."""
HEARING_IN_AN_ASIDE = re.compile(
    r"\b(?:hearing(?![\s-]+aids?\b)|loss|thresholds?|db|pta|\d*\s*k?hz|snhl|chl|mhl|sensorineural|conductive|"
    r"mixed|air|bone(?![\s-]+(?:anchored|conduction[\s-]+(?:hearing[\s-]+)?(?:devices?|aids?|"
    r"implants?|processors?|headbands?|softbands?))\b)|type|tymp\w*|ml|audiogram|worse|better|"
    r"poorer|deaf\w*)\b"
)
"""What keeps such an aside a hearing finding ("(left TM retracted, type C)", "(left ear
canal volume 1.1 ml)", "(right drum intact; bone normal)"), lowered text; "bone" naming a
device ("bone-anchored hearing aid", "bone-conduction device on a softband") is the device's."""
_LEVEL_FOLLOWS = r"(?=[ \t]+-?\d{1,3}[ \t]*(?:@|at[ \t])[ \t]*\.?\d)"
"""A bare R or L between a conduction's abbreviation and a level at its frequency ("AC R 15
@250", "BC L 10 at 500"): that ear's thresholds of that conduction, in a note's shorthand
(issue #26 batch 84)."""
A_HAND = r"(?![ \t-]*hand(?:ed(?:ness)?)?\b)"
"""After "right" or "left": a hand, not an ear ("shoots right-handed", "left-handed writer",
"the right hand"): handedness, and the side of a rifle's muzzle it implies, is the person's,
not a side of the audiogram (a reader without the rule carried "right" from "shoots
right-handed" to an ear's values two lines on, batch 132)."""
_TREATMENT_TIMES = (
    "before",
    "after",
    "during",
    "post",
    "pre",
    "following",
    "since",
    "chemo",
    "adjuvant",
    "concurrent",
    "radical",
    "palliative",
    "neoadjuvant",
)
RADIOTHERAPY_BEFORE = "".join(rf"(?<!\b{w} rt)(?<!\b{w}-rt)(?<!\b{w}rt)" for w in _TREATMENT_TIMES)
RADIOTHERAPY_AFTER = r"(?![ \t]*\d+(?:\.\d+)?[ \t]*gy\b)"
"""After "RT"/"Rt" (looked back at, so tried only where it stands; case-blind): radiotherapy,
not the right ear, where it is written as a treatment: after
a word of its timing or kind ("before RT", "post-RT", "chemoRT", "adjuvant RT") or before its
dose in gray ("RT 70 Gy"): the oncology abbreviation (Royal College of Radiologists,
radiotherapy dose-fractionation guidance), which a reader without the rule took for the right
ear and carried to the values of the next line (batch 132)."""
RIGHT = re.compile(
    rf"\bright\b{A_HAND}{RIGHT_SAID_OF_A_READING}{RIGHT_AS_AN_ADVERB}|\b(?-i:RE|{NOT_A_TYMPANOGRAM_TYPE}AD|OD)\b|"
    rf"\b(?-i:Rt|RT)\b{RADIOTHERAPY_BEFORE}{RADIOTHERAPY_AFTER}|"
    rf"\b(?-i:re)\.(?=\s*:)|\b(?-i:R)(?:{_TAGGED}|(?<=(?-i:AC|BC)[ \t]R){_LEVEL_FOLLOWS})",
    re.I,
)
LEFT = re.compile(
    rf"\bleft\b{A_HAND}|\b(?-i:LE|{NOT_A_TYMPANOGRAM_TYPE}AS\b{AORTIC_STENOSIS_AFTER}|Lt|LT|OS|OG|OI)\b|\b(?-i:li)\.(?=\s*:)|"
    rf"\b(?-i:L)(?:{_TAGGED}|(?<=(?-i:AC|BC)[ \t]L){_LEVEL_FOLLOWS})",
    re.I,
)
LINE_OPENING_EAR_LETTER = re.compile(r"[ \t>*-]*([RL])[ \t]+[\w~]")
"""A line or sentence opening with a bare capital R or L before a word ("L recovers to 30
@8k", "L 15s across, WNL", "L 28.75, mild SNHL"): a chat's or a note's statement about the
ear its first letter names, even where the rest does not tag the letter as an ear."""
BOTH = re.compile(
    r"\b(bilateral(?:ly)?|both ears|"
    # not the two sides of a dip the curve recovers on ("it recovers on both sides"; "both
    # sides of the notch")
    r"(?<!recovers on )(?<!recovering on )(?<!rises on )(?<!rising on )both sides"
    r"(?!\s+of\s+(?:the\s+|a\s+|this\s+|that\s+|its\s+)?(?:notch|dip|trough|peak|bite))|"
    r"each ear|either ear|binaural(?:ly)?|in both|"
    # "both ... ears", not "both a middle-ear and an inner-ear part" (one ear's two parts)
    r"both\b(?=[^.]{0,20}\b(?:ears\b|(?<!middle[\s-])(?<!inner[\s-])(?<!outer[\s-])ear\b))|"
    r"right and left|left and right|(?-i:AU)|"
    # chart shorthand: a bare "both" closing a grade or type ("mild both.", "SNHL both")
    r"(?:(?<=mild )|(?<=slight )|(?<=moderate )|(?<=severe )|(?<=profound )|(?<=normal )|"
    r"(?<=wnl )|(?<=snhl )|(?<=chl )|(?<=mhl )|(?<=loss ))both(?=[ \t]*(?:[.;,)]|$))|"
    rf"{RIGHT_TAG}\s*(?:and|&|/|\+)\s*{LEFT_TAG}|"
    rf"{LEFT_TAG}\s*(?:and|&|/|\+)\s*{RIGHT_TAG})\b",
    re.I,
)
BOTH = led(BOTH)  # (its first characters looked for first, for speed)
HEADING = re.compile(
    r"^\W*(?:q\s*([123])\b|(?<!\()([123])[.)]\s|(results?|audiometric results|findings|"
    r"diagnos\w*|impression|recommendations?|management|plan)\b\W*$|"
    r"(results?|diagnos\w*|impression|recommendations?|management|plan)\s*:)",
    re.I,
)
HEADING = led(HEADING)  # (its first characters looked for first, for speed)

REFERENCE_HEAD = re.compile(
    r"\W*(?:(?:ref(?:erence)?|normal|standard|expected|typical|usual|healthy)\.?"
    r"(?:\s+(?:adult|hearing))?(?:\s+(?:range|interval|limits?|values?|levels?))?|"
    r"(?:range|norms?|limits)(?:\s+of\s+normal)?)\W*(?:db(?:\s*hl)?)?\W*",
    re.I,
)
"""A table's column (or row) head naming the reference range printed beside a result
("Standard range", "Ref.", "Normal limits", "Reference interval (dB HL)"): its cells are the
population's range, not this patient's value. Source: a laboratory report prints each result
beside its reference interval (CLSI EP28-A3c)."""
RESULT_HEAD = re.compile(
    r"\W*(?:(?:your|the|patient(?:'s)?|today(?:'s)?|measured)\s+)?"
    r"(?:value|result|reading|measurement|finding|outcome)s?(?:\s+today)?\W*",
    re.I,
)
"""A table's column head that names no measure of its own ("Your value", "Result"): what
its cell measures is named by the row's label ("Hearing - Right ear average")."""

SURGICAL_NOTE = re.compile(
    r"\b(?:stapedotom\w*|stapedectom\w*|tympanotom\w*|tympanoplast\w*|myringoplast\w*|"
    r"ossiculoplast\w*|mastoidectom\w*|canalplast\w*|meatoplast\w*|myringotom\w*|"
    r"operation\s+note|operative\s+note|procedure\s+note|op\s+note)\b"
)
"""A surgeon's note of an ear operation (lowered text): its tuning-fork results (Rinne,
Weber) are the surgeon's own bedside examination of the ear, not results the audiogram
holds. Source: tuning-fork testing is part of the otologist's examination before middle-ear
surgery, recorded beside the audiogram (Browning GG, Clinical Otology and Audiology, 2nd ed.,
1998, ch. 2)."""

DB_RANGE = re.compile(
    r"(?<![\d.])(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})\s*(?:db|decibels)\b(?:\s*hl)?"
)
DB_RANGE = led(DB_RANGE)  # (its first characters looked for first, for speed)
LATERALITY_UNILATERAL = re.compile(
    # "unilat": clinic shorthand; "1 sided": dictation written out ("one sided")
    r"\b(unilat(?:eral(?:ly)?)?|single[\s-]sided|(?:one|1)[\s-]sided)\b"
)
NOT_OF_HEARING = re.compile(
    r"[\s-]+(?:(?:cochlear|bone[\s-]+anchored|bone[\s-]+conduction|middle[\s-]+ear|"
    r"auditory[\s-]+brainstem)[\s-]+)?"
    r"(?:referrals?|refer\w*|mri|scans?|imaging|tinnitus|fitting|(?:hearing\s+)?aids?|"
    r"amplification|cros\b|implant\w*|review|follow[\s-]?up|otalgia|pain|discharge|"
    r"fullness|symptoms?|surgery|treatment|management)\b"
)
"""After a side word ("unilateral", "one-sided"): a noun that is not the hearing, a service,
a device or a symptom ("unilateral referral", "unilateral tinnitus"), a device named with its
kind ("unilateral cochlear implant", "one-sided bone-anchored hearing aid"): the side is said
of that, not of a loss. Source: implantable hearing devices (cochlear, bone-anchored,
middle-ear, auditory brainstem implants; NICE TA566, 2019)."""
SYMMETRY = re.compile(r"\b(asymmetr\w*|symmetr\w*)\b")
ASYMMETRY_CRITERIA_NOT_MET = re.compile(
    r"\s*(?:criteri\w*|protocols?|rules?|thresholds?|definitions?)\b[^.;:\n]{0,40}?"
    r"\bnot\s+(?:been\s+|yet\s+)?(?:met|reached|fulfill?ed|satisfied)\b"
)
"""After 'asymmetry', its criteria said not met ("our asymmetry criteria are not met", "the
asymmetry rule was not reached"): the ears are claimed not to differ enough to count as
asymmetric, the word itself claims no asymmetry (matched at the word's end; lowered
text)."""
BARE_SYMMETRY = re.compile(
    r"\W*(?:(?:no|not|without)\s+(?:any\s+)?(?:(?:clinically\s+)?(?:significant|marked|"
    r"notable|relevant|major|meaningful)\s+)?)?(?:interaural\s+)?(?:asymmetry|symmetry)"
    r"(?:\s+between\s+(?:the\s+)?ears)?\W*"
)
"""A clause that is only a (denied) asymmetry ("No significant asymmetry;"): about the
ears' hearing even where its sentence names no loss (a semicolon cut it off)."""
WORSE = re.compile(
    # a notch or loss "deeper" on one side is worse there ("notch deeper on the right"), the
    # ear also by its letter before "ear" ("worse in the R ear": batch 171 UT14)
    r"\b(worse|poorer|greater|more severe|deeper)\b[^.]{0,12}\b(?:in|on|for|at)\s+the\s+"
    r"(right|left|[rl](?=\s+ear\b))\b|"
    r"\b(right|left)\b(?:\s+ear)?\s+(?:is\s+|was\s+|being\s+)?"
    # the writer's stress or a finding's verb before the comparative: "the left ear is indeed
    # the worse", "the left ear is considered to be the worse" (batch 135, model replies)
    r"(?:(?:indeed|definitely|certainly|also)\s+)?(?:(?:considered|deemed|judged|found|shown)"
    r"\s+(?:to\s+be\s+)?)?(?:the\s+)?"
    r"(?:(?:about\s+|by\s+|~\s*)?\d+(?:\.\d+)?\s*db\s+(?:hl\s+)?)?"
    r"(?:(?:so\s+|very\s+)?(?:much|markedly|clearly|slightly|significantly|considerably|far|"
    r"somewhat)\s+)?"
    r"(worse|poorer|weaker)\b|"
    r"\b(better)\b[^.]{0,12}\b(?:in|on)\s+the\s+(right|left)\b|"
    # a chat's ear letter, lower-cased with its clause ("R worse -> MRI", "L worse, typo")
    r"(?:^|(?<=[\s:\]]))([rl])\s+(?:ear\s+)?(?:is\s+)?(?:(?:much|clearly|slightly)\s+)?"
    r"(worse|poorer)\b|"
    # the comparative before the ear, as a note's heading ("Deeper AD (@4k 55) vs AS (@4k
    # 50)", "worse right ear"); a Latin tag only before its values' bracket or colon
    r"(?:^|(?<=[\s:(]))(worse|poorer|deeper|better)\s+(?:(right|left)\b(?!-)|(ad|as)(?=\s*[(:]))|"
    # the ear said better than the other, or more (less) sensitive: "right better than left",
    # "the left ear hears better than the right", "the right ear is approximately 5 dB more
    # sensitive to air conduction than the left", "the left has a better sound quality
    # compared to the right", "the right ear hears better." (groups 12 ear, 13 more/less
    # sensitive, 14 better/stronger, 15 the ear compared with, None at a clause's end)
    r"\b(right|left)\b(?:\s+(?:ear|side))?\s+"
    r"(?:(?:will|would|can|could|should)\s+(?:hear|be|perform)\s+|"
    r"(?:is|was|has|had|hears|heard|performs|seems|appears)\s+)?"
    r"(?:(?:indeed|still|perceived\s+to\s+be|found\s+to\s+be|considered)\s+)?"
    r"(?:(?:approximately|about|around|roughly|some|~)\s*)?(?:\d+(?:\.\d+)?\s*db\s+)?"
    r"(?:a\s+)?(?:(?:much|markedly|clearly|slightly|significantly|considerably|far|somewhat)\s+)?"
    r"(?:(more|less)\s+sensitive\b|(better|stronger|superior)\b)"
    r"(?:[^.;:]{0,50}?\b(?:than|compared\s+(?:to|with)|relative\s+to|(?<=superior\s)to)\s+"
    r"(?:that\s+of\s+)?(?:(?:in|on)\s+)?(?:the\s+|his\s+|her\s+|their\s+|your\s+)?"
    r"(right|left|other)\b|"
    r"(?=\s*(?:[,;:]|\.(?!\d)|$)))"
)
"""An ear said to be the worse or the better one: "worse on the right", "the left ear is
poorer", "better in the left" (its source is in SOURCES; the ear *named* as the worse one is
WORSE_NAMED). Its last form is one ear said better or more (less) sensitive than the other:
the ear said more sensitive, or better (at anything) compared with the other ear, is the
better ear, so the other is the worse ("the right ear is about 5 dB more sensitive than the
left", "the left has a better sound quality compared to the right", "the left ear will hear
better on the phone than their right ear", "the left ear is superior to the right": superior
to is better than; issue #26, batch 155's model replies, as tuning data); "better" with no
comparison counts only where the clause ends after it ("the right ear is perceived to be
better, with ..."), "more sensitive" with none is no comparison (hyperacusis). A comparison
with something other than an ear ("better than at the last visit", "more sensitive to noise
than most") names no ear."""
WORSE = led(WORSE)  # (its first characters looked for first, for speed)
WORSE_NAMED = re.compile(
    # the ear as the predicate: "the poorer ear is the right", "the worse one is the left"
    # or a label's value: "Worse ear: RIGHT", "better side ....... left"; the ward's "good
    # ear" and "bad ear" are the better and the worse one, with "ear" or "side" said ("his
    # good ear is the right": batch 172 UU29)
    r"\b(poorer|worse|weaker|better|stronger|(?:good|bad)(?= (?:ear|side)\b))"
    r"(?:[\s-]+hearing)?(?:[\s-]+(?:one|ear|side))?(?:\s+"
    r"(?:is|was|being)\s+|(?<=ear|ide)(?:[ \t]*[:=][ \t]*|[ \t]+\.{4,}[ \t]*))"
    r"(?:the\s+)?(right|left)\b|"
    # a cleft: "it is the left ear that is worse"
    r"\b(right|left)(?:\s+(?:ear|side))?\s+(?:that|which)\s+(?:is|was)\s+(?:the\s+)?"
    r"(?:(?:much|clearly|markedly|slightly|far)\s+)?(worse|poorer|better)\b|"
    # the ear as the subject, compared with nothing named: "the right ear is the poorer one,
    # with ...", "the left is clearly worse: 30 dB at 500 Hz"; or as a label with its
    # comparison after a dash: "Left ear - worse: 30 dB at 500 Hz"
    r"\b(right|left)(?:\s+ear)?(?:\s+(?:is|was)\s+|[ \t]*[\u2014\u2013-][ \t]*|(?<=ear)[ \t]+)"
    r"(?:(?:clearly|much|slightly|markedly)\s+)?"
    r"(?:(?:the|his|her|their|your)\s+)?(poorer|worse|weaker|better|stronger)(?:[\s-]+hearing)?"
    r"(?:\s+(?:one|ear|side))?\s*"
    r"(?:[,;:(]|\.(?!\d)|$|(?<=\s)[\u2014\u2013-](?:\s|$))|"
    # the ear taken as the worse one: "records the right as the poorer-hearing ear", "notes
    # the left ear as the better one"
    r"\b(right|left)(?:\s+(?:ear|side))?\s+as\s+(?:the\s+)?(poorer|worse|better)"
    r"(?:[\s-]+hearing)?\s+(?:one|ear|side)\b"
)
"""The ear named as the worse or the better one, compared with no other ear named: "the worse
one is the right", "the better ear is the left", "it is the left ear that is worse", "the right
ear is the poorer one, with ...", "the right is the worse ear - 4FA 45", "Left ear - worse:
...", in shorthand with the ear but no verb ("right ear mild, left ear worse, moderate":
batch 196 TM11, the moderate loss the left's), "records the right as the poorer-hearing
ear"; the person's own ear as well ("his right is his better ear", "the right ear - her
better side - ...": batch 195 TL01, also where the closing dash ends its clause, "phone on
the right ear - her better side - and a review": batch 189 TF43). The clause is about that
ear (it is carried on), and it says which ear is worse. One word group and one ear group per
form: (1, 2), (4, 3), (6, 5), (8, 7)."""
WORST_EAR = re.compile(
    # the ear as the subject: "the right ear is the worst", "the hearing loss in the left ear,
    # air conduction, is indeed the worst", "the left is the worst affected"
    r"\b(right|left)(?:\s+(?:ear|side))?(?:['\u2019]s\s+hearing)?"
    r"(?:\s*,\s*(?:by\s+)?(?:air|bone)[\s-]+conduction\s*,)?\s+(?:is|was)\s+"
    r"(?:(?:indeed|clearly|definitely|certainly|much|by\s+far)\s+)?the\s+worst"
    r"(?:[\s-]+(?:one|ear|side|affected|hearing))?\s*(?:[,;:(]|\.(?!\d)|$)|"
    # the ear as the predicate: "the worst ear is the left", "the worst affected is the right"
    r"\bworst(?:[\s-]+(?:one|ear|side|affected|hearing)){0,2}\s+(?:is|was)\s+(?:the\s+)?"
    r"(right|left)\b"
)
"""An ear named the worst of the two: with two ears, the superlative names the worse one, as
the comparative does (WORSE_NAMED); "worst" of a frequency or a region within one ear ("the
right ear is worst at 4 kHz", "worst in the high frequencies") names no ear. Group 1 or 2 is
the ear."""
MORE_LOSS = re.compile(
    # the ear that has more (or less) of the loss: "the left ear has a higher level of
    # hearing impairment than the right", "the right shows slightly less loss"
    r"\b(right|left)(?:\s+(?:ear|side))?\s+(?:has|had|shows?|showed|demonstrates|displays)\s+"
    r"(?:a\s+|the\s+)?(?:(?:slightly|much|far|significantly|considerably|clearly|somewhat)\s+)?"
    r"(more|greater|higher|larger|bigger|less|lesser|lower|smaller)\s+(?:(?:level|degree|"
    r"amount)\s+of\s+)?(?:hearing\s+)?(?:loss|impairment|deficit)\b|"
    # "more hearing loss on the left", "greater impairment in the right ear"
    r"\b(more|greater|less|lesser)\s+(?:hearing\s+)?(?:loss|impairment|deficit)\s+"
    r"(?:in|on)\s+the\s+(right|left)\b|"
    # the ear (or its hearing) more or less impaired: "the left ear's hearing is more severely
    # impaired", "the right ear is less affected" (batch 135, model replies)
    r"\b(right|left)(?:\s+ear)?(?:['\u2019]s\s+hearing)?\s+(?:is|was)\s+(?:(?:much|far|"
    r"significantly|considerably|clearly|somewhat|slightly)\s+)?(more|less)\s+"
    r"(?:(?:severely|badly|seriously|markedly)\s+)?(?:impaired|affected|damaged)\b"
)
"""The ear with more (or less) of the hearing loss, a worse-ear claim in other words ("the left
ear has a higher level of hearing impairment than the right ear", "more hearing loss on the
left"), or the ear more or less impaired ("the left ear's hearing is more severely impaired":
the ear with more of the impairment is the worse one). Groups: (1 ear, 2 amount), (3 amount,
4 ear) or (5 ear, 6 amount)."""
MORE_LOSS_THAN_OTHER = re.compile(
    r"\W*(?:[^\W\d]+\W+){0,4}?than\s+(?!(?:the\s+|his\s+|her\s+)?"
    r"(?:right|left|other|opposite|contralateral)\b)"
)
"""After a MORE_LOSS match: a comparison with something other than an ear ("more loss than
expected for his age"), so no ear is said to be the worse."""
LESION_SIDE = re.compile(
    r"\b(right|left)(?:[\s-]+sided)?\s+(?:(?:vestibular|acoustic|cerebellopontine(?:\s+angle)?|"
    r"retrocochlear|cpa|cochlear\s+nerve)\s+)*(?:lesion|schwannoma|neuroma|tumou?r)s?\b|"
    r"\b(?:lesion|schwannoma|neuroma|tumou?r)s?\s+(?:on|in)\s+the\s+(right|left)\b"
)
"""The side of a suspected retrocochlear lesion ("MRI ... to exclude a left sided lesion given
the asymmetry", "a right vestibular schwannoma"): imaging is asked for on the side of the worse
(asymmetric sensorineural) ear, so the side named is a claim of which ear is worse (NICE
NG98 and BSA guidance on MRI of the internal auditory meatus for asymmetric SNHL)."""
ASYMMETRY_SIDE = re.compile(
    r"(?<!and\s)(?<!or\s)(?<![&/]\s)(?<![&/])\b(right|left)"
    r"(?:[\s-]{1,3}(?:sided|ear|side))?[\s-]{1,3}"
    r"(?:(?:mild|moderate|severe|profound|sensorineural|conductive|mixed)[\s-]{1,3})?asymmetr\w*|"
    r"\basymmetr\w*[\s,-]{1,3}(?:[a-z-]{1,20}\s{1,3}){0,3}?(?:(right|left)[\s-]{1,3}sided\b|"
    r"(?:on|in|of|affecting)\s+the\s+(right|left)\b(?!(?:\s+(?:ear|side))?\s*(?:and|&|/|vs\b|"
    r"versus|than|compared|or)\b)|\(\s*(right|left)(?:[\s-]+(?:ear|side|sided))?\s*\))"
)
"""The side given to an asymmetric loss ("MRI of the IAMs for the asymmetric left-sided
hearing loss", "left asymmetric SNHL", "an asymmetry on the right", "asymmetrical loss
(left)"): the side of an asymmetry is its worse ear, the one imaging is asked for (the
reading of LESION_SIDE, whose source it shares)."""
NEGATED_EAR = re.compile(
    r"\b(?:not|rather than|instead of)\s+(?:in\s+|on\s+)?(?:the\s+)?(right|left)\b"
)
"""An ear named only to deny it ("it is the left ear that is worse, not the right"): the
clause is not about that ear."""
_FINDING_NOUN = r"(?:loss|dip|drop|notch|deafness|impairment|snhl|chl|mhl|trough)"
FINDING_OF_AN_EAR = re.compile(
    # the ear before its finding, as its modifier or possessor: "her left-sided conductive
    # loss", "the right ear's high-frequency drop", "right severe SNHL"
    rf"\b(right|left)(?:[\s-]sided|[\s-]ear(?:'s|s')?|'s)?(?:\s+[\w-]+){{0,4}}?\s+{_FINDING_NOUN}\b"
    # the finding before its ear, tied by a preposition: "a dip in her left ear", "a loss
    # confined to the left", "the loss affecting his right ear"
    rf"|\b{_FINDING_NOUN}(?:\s+[\w-]+){{0,2}}?\s+(?:in|on|of|to|affecting)\s+"
    r"(?:the\s+|his\s+|her\s+|their\s+|your\s+|my\s+)?(right|left)\b"
    # the ear as the subject of its finding's verb: "his right ear slopes to 55 dB"
    r"|\b(right|left)(?:[\s-]ear)?\s+(?:slopes|drops|falls|dips|plunges)\b"
)
"""A finding (a loss, a dip, a drop, a notch) and the ear its own noun phrase ties it to,
by the ear's place in the phrase, not by being the only ear of the clause: in a clause that
names both ears ("her left-sided conductive loss means the earpiece should favour the right
ear"), the finding is the ear's its phrase names (group 1 or 2), the other ear is the
clause's advice or comparison (statements._clause_ear; issue #26 batches 188-195). The
group that matched (1, 2 or 3) holds the ear."""


def ear_of_the_finding(low: str) -> str | None:
    """Return the one ear a clause's findings are bound to by their own noun phrases
    (:data:`FINDING_OF_AN_EAR`), or None when none is, or both ears are."""
    bound = {m.group(1) or m.group(2) or m.group(3) for m in FINDING_OF_AN_EAR.finditer(low)}
    return next(iter(bound)) if len(bound) == 1 else None


OTHER_EAR = re.compile(
    r"\b(?:the|his|her|their|your)\s+(?:other|opposite|contralateral)\s+(?:ear|side)\b"
)
"""The ear opposite the one named last ("I read that trace as the left ear. The other ear is
5-15 dB HL"): the other ear of the pair, not the one carried."""
MASKED_OTHER_EAR = re.compile(
    r"\bmask\w*\s+(?:noise\s+)?(?:(?:in|to|into|on|of)\s+)?(?:the|his|her|their|your)\s+"
    r"(?:other|opposite|contralateral|non-?test)\s+(?:ear|side)\b|"
    r"\b(?:the|his|her|their|your)\s+(?:other|opposite|contralateral)\s+(?:ear|side)\s+"
    r"(?:(?:was|is|were|being|had\s+been)\s+)?(?:masked|occluded)\b"
)
"""The other ear named as the ear that was masked ("with the other ear masked", "masking noise
in the opposite ear"): in pure-tone audiometry the masking noise goes to the non-test ear
(BSA 2018 recommended procedure, masking), so the result beside it is the test ear's, not the
other ear's (issue #26 batch 93, used as tuning data)."""
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
REPORT_PART = led(REPORT_PART)  # (its first characters looked for first, for speed)
HEARING_PART = re.compile(
    r"^[\s>*#-]*(?:\*\*)?(?:hearing(?![\s-]+aids?\b)|audiogram|audiometry|audiology|"
    r"audiological|audiometric)\b[^:\n]{0,40}?(?:\*\*)?\s*:",
    re.I,
)
"""The start of the hearing part of a note that reports other things too ("Hearing:
mild in both ears", "Audiogram (ENT, this month): ..."), labelled at its line's margin: a
field of the note of its own (the SOAP note's labelled parts), so a side named on the lines
before it, for another field (a grip, a limb, a step rail), does not carry into it; an ear
heading above it still does."""
LIST_ITEM = re.compile(r"^\s*(?:[-•+]|\d{1,2}[.)]|\d{1,2}\.\d{1,2}[.)]?(?=\s+[A-Z]))\s")
"""A line that is a list item ("- Lt: normal", "1. Right ear: ..."; '*' bullets are written
as '-' by :func:`normalise`) or a numbered paragraph of a report ("6.4 A conductive loss
..."; a medico-legal report numbers its paragraphs): an ear its label names scopes that
item, not the lines after the list."""
LIST_ITEM = led(LIST_ITEM)  # (its first characters looked for first, for speed)


# The two splitters open with the character class every split starts with, then look back
# at it, so the regular expression engine jumps from candidate to candidate instead of trying
# each alternative at every character (the same splits, ~1.4x faster).
SENTENCE_SPLIT = re.compile(
    r"[\s;](?:(?<=[.!?]\s)(?<!\.\.\.\.\s)\s*(?=[A-Z(\[*]|[\"\u201c\u2018'][A-Z])|"
    r"(?<=[.!?][\"\u201d\u2019]\s)\s*(?=[A-Z(\[*])|(?<=\n)\n*|(?<=;)\s*|"
    r"(?<=[zZ][.!?]\s)\s*(?=\d{1,5}(?:\.\d+)?\s*(?i:khz|hz|k)\b)|"
    r"(?<=\)[.!?]\s)\s*(?=[3-6]FA\b))"
)
"""A sentence ends at whitespace after . ! or ? before a capital (or a bracket, a star, or an
opening quotation mark before a capital: '... in his left. "It's a ..."'), and after a
quotation closed after its stop ('... a mild loss." Her left ear was normal.'), at
line breaks, and at a semicolon (with the spaces after it); also before a frequency that
opens the next sentence after a frequency's full stop ("... 55 dB HL at 4 kHz. 3 kHz
was not tested in either ear": the next sentence's "not" is its own), and before a sentence
that opens with a four- (or three-, five-, six-) frequency average's abbreviation, whose
first letter is a digit, after a parenthesis closed with the sentence before ("... at 3-6
kHz). 4FA 17.5 R ...": WHO 2021's 4FA; after a bare frequency's stop, "at 4 kHz. 4FA 40 dB
right", the recorded readings join them). A form's dotted leader
(four dots or more: "Speech reception threshold ...... R 20") joins a label to its value; it
ends nothing."""
SEGMENT_SPLIT = re.compile(
    r"(?:,|(?<!\s)\s)(?:(?<=,)\s+(?!\d|-\d)|(?<=\s)\s*(?:and|but|while|whereas)\s+(?!\d|-\d|&)|"
    r"(?<=\s)\s*(?=(?:against|versus|vs\.?|compared\s+(?:with|to))\s|(?:above|below)\s+the\s+"
    r"(?:right|left)(?:'s|\s+ear's)\s)|(?<=\)\s)\s*(?=than\s))"
)
"""A clause ends at a comma and the spaces after it (not before a number), at and / but /
while / whereas between spaces (not before a number or '&'), before a comparison, and before
the "than" that follows a parenthesis ("worse on the right (45 dB HL, moderate) than on the
left (25 dB HL, mild)": the parenthesis closes the first ear's findings). A run of spaces is
tried from its first space only: that try already stretches over the whole run, and trying
again from each space in it made a long blanked run cost its length squared."""
SEGMENT_SPLIT = led(SEGMENT_SPLIT)  # (its first characters looked for first, for speed)
COMPARED_WITH = re.compile(
    r"\s*(?:against|versus|vs\.?|compared\s+(?:with|to)|(?:above|below)(?=\s+the\s+(?:right|left)"
    r"(?:'s|\s+ear's)\s))\s",
    re.I,
)
"""The start of the second half of a comparison ("45 dB HL against 25 dB HL on the left"):
an ear it names is that half's; the first half does not take it, nor a carried ear."""


OPENING_FREQUENCY = re.compile(
    r"\s*(?:[-•+]\s*|\d{1,2}[.)]\s*)?"
    # "At 4 kHz ...", or a dip named there ("Notch at 4 kHz: right 50, left 55 dB HL")
    # "Even at 4000 Hz, ...": a focus word before it ("even", "only", "also", "still")
    r"(?:(?:even|only|also|still|and)\s+)?"
    # "On the left at 1 kHz, ...": the ear the frequency's values are of, named first
    r"(?:(?:on|in|for)\s+the\s+(?:right|left)(?:\s+(?:ear|side))?,?\s+)?"
    r"(?:(?:an?\s+|the\s+)?(?:notch|dip|trough|drop)\s+)?(?:at\s+|"
    # or the frequency of a dip, named before the word, after a label, with the ears' levels
    # right after it ("Audio: 6 kHz notch R 40 dB HL, L 75 dB HL"): the levels' frequency
    r"(?:[a-z][\w-]{0,15}\s*:\s*)?(?:an?\s+|the\s+)?"
    r"(?=\d+(?:\.\d+)?\s*(?:khz|k\b|hz)\s+(?:notch|dip|trough)\b[\s:,-]*(?:r|l|right|left)\b))"
    # "At the very low end, 250 Hz, ...": the end of the chart, then its frequency
    r"(?:the\s+(?:very\s+)?(?:low|lower|high|higher|top|bottom)\s+end\s*,?\s+)?"
    # "At the 3000 Hz beep, ...": the tone played there (a lay account of the test)
    r"(?:the\s+(?:\*\*)?(?=\d[\d.]*(?:\*\*)?\s*(?:khz|k\b|hz)\b(?:\*\*)?\s+(?:beep|tone|sound|pitch|"
    r"whistle)))?"
    r"(\d+(?:\.\d+)?)\s*(khz|k\b|hz)\b"
    r"(?!\s*(?:-|–|to\b|and\b|&|/|,\s*\d))"
)
"""A sentence that opens with one frequency ("At 500 Hz, the right ear ...", "At the 3000 Hz
beep, ..."): a teaching walkthrough's frequency, for the values in that sentence that name
no frequency; so does a dip named by its frequency ("6 kHz notch R 40 dB HL, L 75 dB HL", a
booking note's result line, issue #26 batch 110)."""


OPENING_FREQUENCY_RANGE = re.compile(
    r"\s*(?:[-•+*]\s*|\d{1,2}[.)]\s*)?(?:(?:at|across|over|from|in)\s+(?:the\s+)?)?"
    r"(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:-|–|to|through)\s*(\d+(?:\.\d+)?)\s*(khz|k\b|hz)\b"
    r"(?!\s*(?:-|–|to\b|and\b|&|/|,\s*\d))"
)
"""A sentence that opens with a span of frequencies ("At 6-8 kHz the right ear ...", "2-4 kHz:
right 40-50 dB HL"): the span its level ranges that name no frequency of their own are
over, as a sentence opening with one frequency gives its bare values theirs. Source: a
report's line per region of the audiogram (ASHA 2005 audiologic assessment)."""
OPENING_FREQUENCY_RANGE = led(OPENING_FREQUENCY_RANGE)  # (its first characters first, for speed)


CLAUSE_OPENING_FREQUENCY = re.compile(
    r"(?:^|[:;]\s*)\s*(?:(?:and|then|but|while|whereas)\s+)?at\s+(\d+(?:\.\d+)?)\s*"
    r"(khz|k\b|hz)\b(?!\s*(?:-|–|to\b|and\b|&|/|,\s*\d))"
)
"""A clause that opens with one frequency, after its list's comma or a colon ("..., and at
4 kHz it is 55 dB", "Right ear: at 250 Hz it is 25 dB"): that frequency, for its bare
values, as for a sentence opening with one."""


FREQUENCY_BEFORE_ITS_ROW = re.compile(
    r"(?<![\d.])(?<!\d[,/-])(?<!\d[,/-][ \t])"
    # (nor the end of a span: "tested to 8 kHz", "above 2 kHz")
    r"(?<!\bto )(?<!through )(?<!from )(?<!above )(?<!below )(?<!beyond )(?<!over )(?<!under )"
    r"(\d+(?:\.\d+)?)[ \t]*(khz|k|hz)[ \t]*$"
)
"""A clause ending with one frequency before the clause that opens with a conduction label
(:data:`CONDUCTION_ROW_OPENING`): "250 Hz, air conduction: 45 dB" is an ear line's parts in
another order, the frequency heading the level as "air conduction: 250 Hz: 45 dB" would; not
the last of a list of frequencies ("250, 500 Hz, air conduction: 25 dB") nor the end of a
span ("tested to 8 kHz")."""
FREQUENCY_REFERRED_BACK = re.compile(
    r"(?:\bdb(?:[ \t]*hl)?|\d)[ \t]+there\b|"
    r"\b(?:at|in)[ \t]+(?:that|this|the[ \t]+same)[ \t]+(?:frequency|pitch|tone|point)\b"
)
"""A level placed at a frequency named before it in the sentence ("the right is 60 dB at 4 kHz
and the left is about 60 dB there", "... the left is 40 dB at that frequency"): the clause
names no frequency of its own, and refers back to the last one named (LAST_FREQUENCY_NAMED)."""
LAST_FREQUENCY_NAMED = re.compile(
    r"(?<![\d.])(?<![-\u2013/&,][ \t])(?<![-\u2013/&,])(?<!\bto )(?<!\band )"
    r"(\d+(?:\.\d+)?)[ \t]*(khz|k|hz)\b"
)
"""A single frequency named in a stretch of text ("... 60 dB at 4 kHz"), not the end of a
range or list ("2-4 kHz", "2 and 4 kHz"): the last one is what a clause's "there" refers
back to."""
CONDUCTION_ROW_OPENING = re.compile(r"[ \t]*(?:air|bone)[ \t-]+conduction[ \t]*:")
"""A clause that opens with a conduction label and a colon ("air conduction: 45 dB"): the row
of an ear line, whose level a frequency just before it places (FREQUENCY_BEFORE_ITS_ROW)."""


TEST_FREQUENCY = r"(?:250|500|750|1000|1500|2000|3000|4000|6000|8000)"
"""A pure-tone test frequency in Hz (BSA 2018), as a number that may be written alone."""
_NO_UNIT = (
    # no unit, and not the first of a range or list ("at 250-500 Hz", "at 500 and 1000 Hz")
    r"(?![\d.,]\d|\d|\s*(?:[-–/&]|,\s*\d|to\b|and\s+\d)|"
    r"\s*(?:k\b|khz|hz|kilohertz|hertz|db\b|decibels|%|percent|ms\b|ml\b|years?|"
    r"months?|weeks?|days?|o'clock|am\b|pm\b|:\d))"
)
_S = r"(?:\*\*)?[ \t]+(?:\*\*)?"
_S0 = r"(?:\*\*)?[ \t]*(?:\*\*)?"
"""A space between words (or none), with any emphasis mark beside it ("at **55**")."""
_LEVEL = r"-?(?:1[0-3]\d|\d{1,2})"
"""A hearing level in dB HL: no audiometer presents 140 or more."""
_STIMULUS = r"(?:beeps?|tones?|sounds?|pitch(?:es)?|whistles?|noises?)"
STIMULUS_FREQUENCY = re.compile(
    rf"(?i)\b(?:the|a|that|this|one){_S}({TEST_FREQUENCY}){_NO_UNIT}(?={_S}(?:hz{_S})?{_STIMULUS}\b)|"
    rf"\b{_STIMULUS}{_S}at{_S}(?:the{_S})?({TEST_FREQUENCY}){_NO_UNIT}"
)
"""A test frequency written without its unit as the pitch of a sound the patient was played
("the 3000 beep", "a beep at 500", "one tone at 250"): that frequency in Hz."""
RESPONSE_LEVEL = re.compile(
    r"(?i)\b(?:heard|hears?|responded|responds?|reacted|reacts?|turned|turns|"
    rf"picked{_S}up)\b[^.;:!?\n\d]{{0,40}}?\bat{_S}"
    rf"({_LEVEL}(?:{_S0}(?:-|–|to){_S0}{_LEVEL})?){_NO_UNIT}|"
    # the level after the sound's frequency ("heard a loud beep at 500 Hz, at 95")
    rf"\b{_STIMULUS}{_S}at{_S}(?:the{_S})?\d+(?:\.\d+)?{_S0}(?:k?hz|k)\b,?{_S}"
    rf"at{_S}({_LEVEL}){_NO_UNIT}"
)
"""A number with no unit given as the level at which the patient heard, responded or turned
to a sound ("heard it at 55", "turned to a sound at 90", "a beep at 500 Hz, at 95"): a
hearing level in dB, the lay account of a threshold (the lowest level at which the patient
responds, BSA 2018); a number of 140 or more is no level (a frequency: "heard the beep at
500")."""
LEVEL_THEN_TEST_FREQUENCY = re.compile(
    rf"(?i)\b\d{{1,3}}{_S0}(?:db|decibels)(?:{_S0}hl)?(?:{_S}(?:in|on){_S}(?:the|his|her|"
    rf"their|your|my){_S}(?:right|left)(?:{_S}(?:ear|side))?)?,?{_S}at{_S}"
    rf"({TEST_FREQUENCY}){_NO_UNIT}"
)
"""A level in dB, then (after the ear it was in) "at" and a test frequency written without
its unit ("90 dB in his left ear at 500"): that frequency in Hz, as "50 dB at 500 Hz"."""


DESCRIPTOR = (
    r"(?:slight|mild|moderately[\s-]+severe|moderate|severe|profound|flat|sloping|rising|"
    r"steep(?:ly sloping)?|precipitous|gently sloping|symmetric(?:al)?)"
)


def lowered(text: str) -> str | None:
    """Return ``text`` lower-cased where that is exactly how a case-ignoring pattern sees it,
    else None.

    That holds for ASCII text: case-ignoring matching also folds a few other letters ('ı'
    to i, 'ſ' to s, the Kelvin sign to k) that lower() keeps apart, and lower() can change
    the length of a text that holds some of them ('İ'). Cheap tests of the words a pattern
    needs use it; where it gives None they must let the pattern run.
    """
    return text.lower() if text.isascii() else None


_FOLDED_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")
"""The characters that ignoring case takes for an ASCII letter: 'İ' and 'ı' for i, 'ſ' for s,
the Kelvin sign for k ('İ' is also the one character whose lower case is longer)."""


def words_lower_exactly(text: str) -> bool:
    """Return whether ignoring case finds each ASCII word in ``text`` exactly where
    ``text.lower()`` holds it: ASCII text, and any text without :data:`_FOLDED_TO_ASCII`
    (every other character matches an ASCII letter only as that letter in either case, and
    no other lower case holds an ASCII character or changes the length)."""
    return text.isascii() or _FOLDED_TO_ASCII.search(text) is None


def may_hold_words(text: str, *words: str) -> bool:
    """Return False when ``text`` surely holds none of ``words`` (ASCII, in lower case), case
    ignored: as :func:`may_hold`, and exact for non-ASCII text too where
    :func:`words_lower_exactly` holds. Only for a pattern whose every match needs one of
    ``words`` (none that a non-ASCII character alone can open)."""
    if not words_lower_exactly(text):
        return True
    low = text.lower()
    for word in words:
        if word in low:
            return True
    return False


def may_hold(text: str, *words: str) -> bool:
    """Return False when ``text`` surely holds none of ``words`` (in lower case), case ignored."""
    if not text.isascii():  # as lowered(), inline: this test runs for most clauses
        return True
    low = text.lower()
    for word in words:  # a loop, not any(): no generator to build on the hot path
        if word in low:
            return True
    return False


def may_name_ears(text: str, both: bool = True) -> tuple[bool, bool, bool]:
    """Return whether ``text`` may name the right ear, the left ear, and both ears: False
    where it surely holds nothing that RIGHT, LEFT (and the ear pairs) or BOTH need.

    A cheap test, so the patterns are tried only on text that may match them: RIGHT needs
    a capital R, AD or the word right, LEFT a capital L, AS or left, BOTH a capital R and L,
    AU or one of its words. The words are looked for in the lower-cased text of an ASCII
    text (where that is how a case-ignoring pattern sees it); any other text may name all.
    ``both=False`` skips the test for both ears (it then answers that it may).
    """
    low = lowered(text)
    if low is None:
        return True, True, True
    capital_r = "R" in text or "AD" in text or "OD" in text
    # an L right after an H ("dB HL", in most replies) opens no tag: every capital-L tag of
    # LEFT and of BOTH's pairs opens at a word boundary (a test for speed, exact)
    capital_l = (
        text.count("L") > text.count("HL")
        or "AS" in text
        or "OS" in text
        or "OG" in text
        or "OI" in text
    )
    right = capital_r or "right" in low or "re.:" in text
    left = capital_l or "left" in low or "li.:" in text
    if not both:
        return right, left, True
    return right, left, (capital_r and capital_l) or "AU" in text or _may_name_both(low)


def _may_name_both(low: str) -> bool:
    """Return whether ``low`` (lower case) holds one of the words BOTH needs when no capital
    R and L (or AU) are there: bilateral, both, binaural, each ear, either ear, right and
    left, left and right. Substring tests (faster than a search of their first letters,
    which stops at every b, e, r and l)."""
    if "b" in low and ("both" in low or "bilateral" in low or "binaural" in low):
        return True
    return (
        "each ear" in low
        or "either ear" in low
        or "right and left" in low
        or "left and right" in low
    )


STANDARD_EAR = re.compile(
    r"(?i)\b(?:identical|similar|equal|comparable|the\s+same)\s+(?:to|as|with)\s+"
    r"(?:(?:that|those)\s+(?:of|on|in)\s+)?(?:the\s+)?(?:right|left)(?:\s+(?:ear|side)|'s)?\b"
)
"""The ear a clause's findings are likened to ("air identical to the right", "the same as
the left ear"): the standard of the comparison, not the clause's subject, whose ear is named
apart or carried (English grammar: the complement of "identical to" is the thing compared
with)."""


def ears_in(text: str) -> set[str]:
    """Return the ears a text names ('right', 'left', 'both'); the ear words of a pair or
    of 'bilateral' are not counted again."""
    ears = set()
    stripped = text
    may_right, may_left, may_both = may_name_ears(text)
    if may_both and BOTH.search(text):
        ears.add("both")
        stripped = BOTH.sub(" ", text)
    if may_right and RIGHT.search(stripped):
        ears.add("right")
    if may_left and LEFT.search(stripped):
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
    r"(?:the|this|that|his|her|their)\b[^.:;()]{0,40}$|"
    # what a test is (not) indicated for: "not indicated for a symmetrical notch"
    r"\b(?:indicated|warranted|justified)\s+(?:for|with|in)\s+(?:an?|the|this|that|his|her|"
    r"their)\b[^.:;()]{0,40}$|"
    # what something does not explain: "a blow to the right does not explain the asymmetry"
    r"\b(?:explains?|account(?:s)?\s+for)\s+(?:the|this|that|his|her|their)\b[^.:;()]{0,40}$"
)
"""What is weighed or excluded is the cause, not the finding it is the cause of: "MRI to
exclude a retrocochlear cause of the asymmetric loss", "differential for the right ear's
sensorineural loss: ..." both state the finding after "of/for the"; so does what a test is
not indicated for ("a scan is not warranted for a symmetrical loss": the loss is stated, the
test declined); so does what a cause does not explain ("the blow does not explain the
asymmetry", "noise cannot account for the conductive loss": the finding is granted, its
cause questioned)."""


_ASIDE = re.compile(r"\([^()]*\)")


def _outside_asides(before: str) -> str:
    """Return the words before a word with its closed asides in parentheses blanked (same
    length): a negation inside one ("the right ear (the one with no canal) has a mild loss")
    is about the aside's own words, not the claim after it (English grammar: a
    parenthetical is outside the clause's scope)."""
    before = _ASIDE.sub(lambda m: " " * len(m.group(0)), before)
    cut = before.rfind(")") + 1  # an aside opened before the window: its end is the start
    return " " * cut + before[cut:]


_BARE_ANSWER = re.compile(r"\b(?:no|not|none)[ \t]*\($")
"""A bare "no" right before an aside ("CROS: no (symmetric)", "MRI? Not (symmetric within 5
dB)"): it answers what precedes it, and the aside gives the reason."""


def _inside_an_aside(before: str) -> str:
    """Return the words before a word that stands in an aside still open and opened right
    after a bare "no" (:data:`_BARE_ANSWER`; same length, the words before the aside
    blanked): the "no" does not reach into its reason. A negated phrase that an aside glosses
    ("not a middle-ear (conductive) problem") stays negated."""
    cut = before.rfind("(") + 1
    if cut <= before.rfind(")") + 1 or not _BARE_ANSWER.search(before, 0, cut):
        return before
    return " " * cut + before[cut:]


def _presupposed(before: str) -> bool:
    """Return whether PRESUPPOSED is found in ``before``; its nouns are tested first (exact:
    the pattern ignores no case and needs one of them), for speed."""
    return (
        "cause" in before
        or "source" in before
        or "origin" in before
        or "reason" in before
        or "etiology" in before
        or "differential" in before
        or "indicated" in before
        or "warranted" in before
        or "justified" in before
        or "explain" in before
        or "account" in before
    ) and bool(PRESUPPOSED.search(before))


_SPELLED_WORDS = re.compile(r"[^\W\d_]+")


def abbreviation_spelled_out(text: str, start: int, end: int) -> bool:
    """Return whether the abbreviation ``text[start:end]`` stands in brackets straight after
    the words it abbreviates ("Moderate Hearing Loss (MHL)", "sensorineural hearing loss
    (SNHL)"): a writer's own definition of an abbreviation fixes what it means in that reply,
    so it claims only what those words claim (read from the words themselves), whatever
    the abbreviation means elsewhere (AMA Manual of Style, 11th ed., 13.1: define an
    abbreviation at its first use). A window before the bracket: linear."""
    abbreviation = text[start:end].lower()
    if not abbreviation.isalpha() or not text[max(0, start - 2) : start].strip().endswith("("):
        return False
    if text[end : end + 1] != ")":
        return False
    opened = text.rfind("(", max(0, start - 2), start)
    words = _SPELLED_WORDS.findall(text, max(0, opened - 25 * len(abbreviation)), opened)
    words = words[-len(abbreviation) :]
    return len(words) == len(abbreviation) and "".join(w[0] for w in words).lower() == abbreviation


_MIXED_JUDGED = ("results", "findings", "data", "evidence", "reviews", "opinions", "outcomes",
                 "reports", "studies", "signals", "feelings")  # fmt: skip
MIXED_LOSS_WORD = (
    "".join(
        f"(?<!{noun} {verb} )"
        for noun in _MIXED_JUDGED
        for verb in ("are", "were", "is", "was", "remain", "seem")
    )  # fmt: skip
    + r"mixed\b"
    + NOT_A_MIXED_LOSS
)
"""The word "mixed" that may name a mixed loss: not what NOT_A_MIXED_LOSS sets aside after
it, nor a verdict on results, findings or evidence ("these results are mixed": they disagree;
batch 140, real-model text). Fixed-width look-behinds: cheap, tried only where "mixed" is."""


def negated(segment: str, start: int) -> bool:
    """Return True when the word at ``start`` is not claimed: negated before or after it,
    under a condition, or in a generic statement ("a conductive loss would ...")."""
    before = segment[max(0, start - 45) : start]
    if ")" in before:
        before = _outside_asides(before)
    if "(" in before:
        before = _inside_an_aside(before)
    if _presupposed(before):
        return False
    if NEGATORS.search(before):
        return True
    if ("'" in before or "\u2019" in before) and CONTRACTED_NOT.search(before):
        return True
    if _may_negate_after(segment, start) and NEGATED_AFTER.match(segment, start, start + 60):
        return True
    return _generic(segment, start, before)


def _generic(segment: str, start: int, before: str) -> bool:
    """Return whether the word at ``start`` (``before`` it: the words before) is in a
    statement about losses in general: its subject ("a conductive loss would ...") or the
    object of what a cause does in general ("noise typically produces a bilateral loss")."""
    if _INDEFINITE.search(before[-25:]) and GENERIC.match(segment, start, start + 50):
        return True
    return bool(GENERIC_OBJECT.search(before))


_WEIGHED = re.compile(
    r"\bdifferential\b[^.]{0,40}$|"
    r"(?<!\bi )(?<!\bwe )\bwould\s+(?:call|count|classify|label|consider|describe|flag|rate|"
    r"grade|regard|class)\b[^.;:]{0,30}$"
)
"""Before a word, what weighs it rather than says it: a differential's list, or the verdict a
criterion or scale would give ("several criteria would call these ears symmetric"; the
writer's own "I would call" stays a claim)."""


def weighed_not_said(segment: str, start: int) -> bool:
    """Return True when the word at ``start`` is weighed, not claimed either way: in a
    differential, in the verdict another's yardstick would give, or in a statement about
    losses in general ("an asymmetric loss is usually investigated"). Unlike a negation it
    claims no opposite. What a differential is for ("differential for the ...") is stated."""
    before = segment[max(0, start - 45) : start]
    if _presupposed(before):
        return False
    if _WEIGHED.search(before):
        return True
    return _generic(segment, start, before)


_LOSS_NAMED = (
    # a lay gloss in parentheses names the loss too: "sensorineural (nerve) loss",
    # "(inner ear) loss" (the patient leaflets' words for the type, not bone conduction)
    r"(?![\s-]*(?:\([^()]{0,25}\)\s*)?\)?\s*(?:hearing\s+)?(?:loss|problem|damage|disorder|"
    r"cause|origin|deafness|type|hair|pathology|lesion|impairment))"
)
CONDUCTION = re.compile(
    r"\b(?:(bone|bc|b/c|"
    # Carhart's notch is a dip of bone conduction near 2 kHz (Carhart 1950, otosclerosis)
    r"carhart(?:'s)?|"
    # lay words for what bone conduction tests: the inner ear, the cochlea, the nerve (a lay
    # name of the loss itself, "an inner-ear loss", "nerve deafness", is not a conduction)
    rf"inner[\s-]ears?(?:'s)?{_LOSS_NAMED}|cochleae?{_LOSS_NAMED}|cochlear\s+reserve|"
    rf"(?<!acoustic )(?<!auditory )(?<!vestibular )(?<!cochlear )nerve{_LOSS_NAMED}|"
    # the chart's bone symbols named: ASHA 1990 bone marks are brackets [ ] (masked) and
    # angle brackets < > (unmasked); "in brackets" is a writer's parenthesis, no symbol
    r"(?<!in )(?<!in the )(?<!in square )(?:square\s+|angle\s+)?brackets|chevrons|carets)|"
    r"(air|ac|a/c))\b"
)
"""Bone- or air-conduction named by word or abbreviation (BC/AC), or in lay words ("the inner
ear responds at 25 dB": bone conduction)."""
CONDUCTION = led(CONDUCTION)  # (its first characters looked for first, for speed)
_CONDUCTION_WORDS = (
    "bone",
    "carhart",
    "bc",
    "b/c",
    "inner",
    "cochlea",
    "nerve",
    "air",
    "ac",
    "a/c",
    "brackets",
    "chevrons",
    "carets",
)
"""The words CONDUCTION needs one of."""


_CONDUCTION_OBJECT = re.compile(
    r"(?:\b(?:agrees?|agreeing|in line|consistent|coincides?|overlaps?)\s+with|\bsame as|"
    r"\bsimilar to|\bclose to|\b(?:better|worse) than|\bfollows?|\bmatch(?:es|ing)?|"
    r"\bparallels?|\btracks?|\bequals?|\bwithin\s+\d+\s*db\s+of)\s+(?:the\s+)?$"
)
"""Before a conduction word that is compared with, not talked about ("bone agrees with air")."""
_ONE_CONDUCTION = (
    r"(?:the\s+)?(?:air|ac|bone|bc)(?:[\s-]+conduction)?(?:\s+(?:thresholds?|lines?|curves?))?"
)
TWO_CONDUCTIONS = rf"{_ONE_CONDUCTION}\s+(?:and|&)\s+{_ONE_CONDUCTION}"
"""Air and bone conduction named together ("air and bone", "the bone conduction and air
conduction thresholds"): what a gap in words lies between."""
GAP_WORD = re.compile(
    r"\b(?:air[\s-]*bone\s+gaps?|air[ -]?bone\s+(?:differences?|separations?|spread)|abgs?|"
    # the two lines of one ear's audiogram, air and bone: "the gap between the two lines"
    r"(?:difference|gap|separation|distance)\s+between\s+the\s+(?:two\s+)?(?:lines|curves|"
    r"traces)(?!\s+(?:of|for)\s+(?:the\s+)?(?:two\s+|both\s+)?ears)|"
    # a gap given a size in dB (not dB HL), between ears excepted: "gaps of 40 dB at 500 Hz"
    r"(?<!interaural )(?<!inter-aural )gaps?(?=\s+(?:of\s+)?(?:about\s+|around\s+|roughly\s+|"
    r"approximately\s+|~\s*)?\d{1,2}\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?db\b(?!\s*hl))|"
    # lay words: the middle ear's part of the loss is the air-bone gap
    r"middle[\s-]ear(?:'s)?\s+(?:part|component|portion|share|contribution|element)|"
    r"(?:part|component|portion|share)\s+(?:from|due\s+to|in|of)\s+the\s+middle[\s-]ear|"
    # the gap in words: "the difference between air and bone (30 dB)"
    rf"(?:difference|gap|separation|distance)\s+between\s+{TWO_CONDUCTIONS}|"
    # two values said close: "air and bone are within about 10 dB of each other"
    r"within(?=\s+(?:about\s+|around\s+|roughly\s+|approximately\s+|~\s*)?\d{1,2}\s*db\s+of\s+"
    r"(?:each\s+other|one\s+another)))\b"
)
"""A gap named as such, or a difference in words: the dB values after it, up to the next
conduction named, are gap sizes ("air-bone gaps of 30 dB at 500 Hz, 20 dB at 2 kHz", "the
difference between air and bone (30-35 dB)", "within 10 dB of each other"), not thresholds:
a difference of two levels is no level. So are an "air-bone difference" and "the gap between
the two lines" (an ear's audiogram has two lines, air and bone: BSA 2018 recommended
procedure for pure-tone audiometry, the air-bone gap read as the space between them)."""


_CONDUCTION_NOT_DONE = re.compile(
    r"(?:[\s-]*conduction)?(?:[\s-]*(?:testing|tests?|thresholds?))?\s*(?:was\s+|were\s+|is\s+)?"
    r"(?:(?:not|(?:was|were|is)n['\u2019]t)\s+(?:yet\s+)?(?:needed|done|tested|"
    r"performed|required|measured|indicated|necessary|obtained|recorded)|unnecessary|omitted)\b"
)
"""After a conduction named: it was not tested ("bone not needed", "bone conduction was not
done"): the values after it are not of that conduction."""
_NO_CONDUCTION = re.compile(r"\bno\s+$")
_CONDUCTION_THEN_VERB = re.compile(
    r"[\s-]*(?:conduction\s+(?:was|were|is|are)\b|(?:conduction\s+)?(?:today|this\s+time|"
    r"at\s+this\s+(?:visit|appointment)|on\s+this\s+occasion)\b)"
)
"""Around a conduction named: "no" before it and a verb after ("no bone conduction was
normal at ..."), or the occasion it was left out of ("no bone today"): the sentence says none
of it, so the values after it are not of that conduction ("no bone 5-10 dB", with no verb,
stays a bone range as before; batch 107 YH24)."""
_WITHOUT_CONDUCTION = re.compile(r"\b(?:no|without)\s+$")
_CONDUCTION_LEFT_OUT = re.compile(
    r"(?:[\s-]*conduction)?(?:[\s-]*(?:testing|tests?|thresholds?|audiometry))?\s*"
    r"(?:(?:was|were|is)\s+)?(?:(?:done|needed|tested|performed|required|measured|obtained|"
    r"recorded|indicated|necessary|available|possible)\b|[),;:.\u2014\u2013]|-\s|$)"
)
"""After "no" or "without" and a conduction: a verb of testing or the end of the phrase ("no
bone done", "no bone needed", "(air conduction only, no bone)", "without bone conduction,"):
that conduction was not tested. A value right after ("no bone 5-10 dB") is not this shape."""


def conduction_not_tested(low: str, start: int, end: int) -> bool:
    """Return True when the conduction named at ``low[start:end]`` is said not to have been
    tested ("bone not done", "no bone done", "air conduction only, no bone needed", "no BC
    today"). A negated test ends a conduction, it does not open one: the values after it are
    not of that conduction (BSA 2018: bone conduction is tested only where needed, and a
    report says so when it was left out)."""
    if _CONDUCTION_NOT_DONE.match(low, end):
        return True
    if not _WITHOUT_CONDUCTION.search(low, max(0, start - 8), start):
        return False
    if _CONDUCTION_LEFT_OUT.match(low, end):
        return True
    return bool(_NO_CONDUCTION.search(low, max(0, start - 4), start)) and bool(
        _CONDUCTION_THEN_VERB.match(low, end)
    )


_CONDUCTION_BEFORE_NOT_DONE = re.compile(
    r"\b(?:bone|bc|b/c|air|ac|a/c)(?:[\s-]*conduction)?(?:[\s-]*(?:testing|tests?|thresholds?))?"
    r"\s*(?:(?:was|were|is|has|had|have)\s+)?(?:(?:been|yet)\s+)?$"
)


def conduction_not_done_at(low: str, at: int) -> bool:
    """Return True when what is said not done at ``at`` (:data:`NOT_DONE`) is a conduction
    ("bone not tested", "BC wasn't done"): it reports that conduction left out, not that the
    clause gives no result (its other levels are read, as air: :func:`conduction_not_tested`)."""
    return bool(_CONDUCTION_BEFORE_NOT_DONE.search(low, max(0, at - 45), at))


def conduction_marks(low: str) -> list[tuple[int, str]]:
    """Return (position, 'bone'|'air'|'gap') for each conduction a clause talks about, in
    order (a conduction it only compares with is left out; "air-bone gap"/"ABG" is 'gap')."""
    gaps = (
        [(m.start(), m.end()) for m in GAP_WORD.finditer(low)]
        if "ab" in low
        or "gap" in low
        or "middle" in low
        or "betw" in low
        or "within" in low
        or "r-bone" in low
        or "r bone" in low
        or "rbone" in low
        else []
    )
    marks = [(start, "gap") for start, _ in gaps]
    named = may_hold(low, *_CONDUCTION_WORDS)
    for m in CONDUCTION.finditer(low) if named else ():
        inside = bisect.bisect_right(gaps, (m.start(), len(low) + 1)) - 1  # gaps are in order
        if inside >= 0 and gaps[inside][0] <= m.start() < gaps[inside][1]:
            continue
        if _CONDUCTION_OBJECT.search(low, max(0, m.start() - 25), m.start()):
            continue
        if conduction_not_tested(low, m.start(), m.end()):
            if m.group(1):  # bone not tested: what follows is air again
                marks.append((m.start(), "air"))
            continue
        marks.append((m.start(), "bone" if m.group(1) else "air"))
    marks = sorted(marks) if gaps else marks
    return _aside_conductions_closed(low, marks) if marks and "(" in low else marks


_FREQUENCY_LABELLED = re.compile(r"\d[ \t]*(?:k?hz|k)[ \t]*$")
"""Before a bracket: a frequency ("500 Hz (bone conduction) is 45 dB HL"), whose conduction
a bracket of words alone names."""
_LEVEL_AFTER = re.compile(r"\d+")


def _aside_conductions_closed(low: str, marks: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Return ``marks`` with the conduction a bracketed aside names ended at its closing
    bracket ("65 at 4 kHz (masked bone 60 at 4k), recovering to 30 at 8 kHz": 30 is air
    again): after it holds what held before the bracket opened, air where nothing was named
    before it and the aside named bone or a gap. A bracket of words alone right after a
    frequency ("500 Hz (bone conduction) is 45 dB HL") names the conduction of that
    frequency's level: it ends after the level (issue #26, batch 160, model replies)."""
    closes = []
    for at, kind in marks:
        opened = low.rfind("(", 0, at)
        closed = low.find(")", opened, len(low)) if opened >= 0 else -1
        if opened < 0 or closed < at:
            continue
        if _FREQUENCY_LABELLED.search(low, max(0, opened - 12), opened) and not any(
            ch.isdigit() for ch in low[opened:closed]
        ):
            level = _LEVEL_AFTER.search(low, closed)  # it ends after the frequency's level
            closed = level.end() if level else closed
        before = [k for p, k in marks if p < opened]
        if before or kind != "air":
            closes.append((closed, before[-1] if before else "air"))
    return sorted({*marks, *closes}) if closes else marks


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
SECONDARY_WORDS = ("background", "superimposed", "in addition", "underlying", "on top")
"""The words SECONDARY needs one of (a clause without them skips it)."""

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
    r"going)\s+from\b|\bfrom\s+-?\d{1,3}\s*(?:db|decibels)\b|"
    # a parenthesis of levels after the loss: "a mild loss (50 and 45 dB HL at 250 and 500
    # Hz ...)", "severe CHL (ABG 40-45 @.25/.5k)" give the values the grade sums up
    r"\(\s*(?:(?:abgs?|air[\s-]*bone\s+gaps?|gaps?)\b|"
    r"-?\d{1,3}(?:\s*(?:,|and|/)\s*-?\d{1,3}){0,3}\s*(?:db\b|decibels\b|at\b|@))|"
    # a level at its frequency after the loss: "moderate sloping loss 15 dB at 250 Hz 20 dB
    # at 500 Hz ..." gives the loss's levels, each at its own frequency
    r"(?<![\w.\-–])\d{1,3}\s*(?:db|decibels)\s+(?:hl\s+)?at\s+\d"
)
"""Where a region's scope ends: a new claim ("falling to", "reaching", "with", another
degree word, a trajectory "sloping from 20 dB at 250 Hz"), a new clause (comma, colon, a
spaced dash), the end of the sentence ("mild SNHL. 15 dB up to 1 kHz": a full stop ends the
claim even where no capital follows), a PTA that grounds the degree overall, or a
parenthesis that opens with levels or gaps: the thresholds the grade of the whole loss sums
up, whose frequencies are the levels', not the grade's region."""
_REGION_END = led(_REGION_END)  # (its first characters looked for first, for speed)
_REGION_BAND = re.compile(
    r"\b(high|low|mid|middle|higher|lower)(?:[\s-]+(?:and|to)[\s-]+(high|low|mid|middle)"
    r"(?:[\s-]+frequenc\w*)?)?[\s-]*(?:frequenc\w*|pitch\w*|tones?)\b"
    # "at the top (end)" of the audiogram's frequencies: the high band ("the right ear is so
    # much worse at the top": batch 192 TI45)
    r"|(?<=\bthe )(top)(?:[\s-]+end)?\b(?!\s+of\b)"
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
        lo, hi = BANDS[band.group(1) or "high"]  # (group 3: the top)
        if band.group(2):
            lo2, hi2 = BANDS[band.group(2)]
            lo, hi = min(lo, lo2), max(hi, hi2)
        explicit = bool(_REGION_PREPOSITION.search(window[: band.start()]))
        return lo, hi, explicit
    freq = REGION_FREQ.search(window) if DIGIT.search(window) else None  # it needs a number
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


# ------------------------------------------------------------------ cheap triggers
# Each trigger is a superset of what one checker's patterns can match, searched once per
# clause so that a checker with nothing to read costs one search.

DIGIT = re.compile(r"\d")
CONFIG_TRIGGER = re.compile(
    r"cookie|trough|u[\s-]shaped|mid[\s-]frequency|notch|precipit|ski|rising|reverse|slop|"
    r"falling|low[\s-]frequency|high[\s-]frequency|flat"
)
_MORE_LOSS_AFTER = r"\s+(?:(?:level|degree|amount)\s+of\s+)?(?:hearing\s+)?(?:loss|impair|deficit)"
_MORE_IMPAIRED = r"\s+(?:(?:severely|badly|seriously|markedly)\s+)?(?:impaired|affected|damaged)"
LATERALITY_TRIGGER = re.compile(
    r"lateral|unilat|sided|symmetr|worse|worst|poorer|weaker|greater|more severe|better|stronger|"
    r"superior|"
    r"deeper|schwannoma|sensitive|"
    r"neuroma|good ear|good side|bad ear|bad side|"
    # "more/less/higher ... loss", each comparative its own alternative, so that every
    # alternative opens with a letter and the search skips the characters none opens with
    # (with one group of them, it tries every alternative at every character: ~2x slower)
    + "|".join(
        word + _MORE_LOSS_AFTER
        for word in ("more", "less", "higher", "lower", "larger", "smaller", "bigger")
    )
    # "more / less (severely) impaired" (MORE_LOSS's ear more or less impaired)
    + "|"
    + "|".join(word + _MORE_IMPAIRED for word in ("more", "less"))
)
GAP_TRIGGER = re.compile(r"bone|abg")


def may_name_a_gap(low: str) -> bool:
    """Return whether :data:`GAP_TRIGGER` matches lowered ``low`` (what the air-bone gap reader
    needs): its two words as substring tests, cheaper than the search."""
    return "bone" in low or "abg" in low


HEDGED_SENTENCE = re.compile(
    # "\b(possibly|probably|likely|may|might)\b", each word opening with its first letter and
    # looking back for the word boundary, so the search jumps between p, l and m
    r"(?:p(?<=\bp)(?:ossibly|robably)|l(?<=\bl)ikely|m(?<=\bm)(?:ay|ight))\b"
)
COMPARATIVE = re.compile(
    r"\b(?:(?<!\d or )(?<!\d dB or )(?<!\d db or )(worse|poorer|better)\b"
    r"(?!\s+(?:(?:one|ear|side)\s+)?(?:is\s+|in\s+|on\s+)?(?:the\s+)?(?:right|left)\b)|(than)\b)",
    re.I,
)
"""A comparison in a clause (its ear is not carried on): "worse than the left"; not an
adjective of the ear named ("the poorer left ear has ...") nor the ear named as the worse
or better one ("the worse one is the right: ...", "worse in the left ear: left 50 dB HL at 3
kHz ..."), which is that ear; nor a level's bound
("20 dB or better", "35 or worse"), which compares levels, not ears."""
BILATERAL = re.compile(r"\bbilateral(?:ly)?\b")
LOSS_NOUN = re.compile(r"(hearing loss|\bloss\b|snhl|chl|mhl|sensorineural|conductive|mixed)")
OTHER_TEST = re.compile(r"(tymp|reflex|oae|emission)")
OTHER_TEST_OR_SPEECH = re.compile(r"tymp|reflex|oae|emission|speech|wrs|srt|word")

CASE_DIAGNOSIS = re.compile(
    r"\bsudden\b[^.;]{0,30}?\b(?:snhl|sensorineural|hearing loss)|\bssnhl\b"
)
"""A sudden (sensorineural) hearing loss named without an ear: the diagnosis of the case's
presentation (the ear it presented with), not of the ear the sentence before described."""


LOSS_REFERRED_BACK = re.compile(
    r"\bthe\s+(?:(?:inner[\s-]ear|cochlear|sensorineural|conductive|middle[\s-]ear|mixed|"
    r"neural|nerve)\s+(?:part|component|element|portion|hearing\s+loss|loss)|"
    r"(?:part|component|element|portion)\s+of\s+the\s+loss)\b"
)
"""A loss or a part of one referred back to with 'the' ("the conductive part improves", "the
inner-ear part of the loss will remain", "the conductive loss is not drug-related"): it
points back to the loss the reply has described, whose ear need not be the one named last
(that ear may be the normal one), so a clause naming no ear of its own carries no ear into
its type (lowered text). The same reading as result_claims.REFERRED_COMPONENT, which takes
the plan's object ("ENT review for the conductive part") in any sentence naming no ear."""


EXAMINATION_FINDING = (
    r"(?:(?:acute|chronic|diffuse|localised|localized|canal|drum|tm|pars\s+\w+)\s+)?"
    r"(?:otitis|wax|cerumen|effusion|retraction|perforation|swelling|o?edema|erythema|"
    r"inflammation|exostos[ie]s|stenosis|infection|discharge|otorrh\w*|cholesteatoma|"
    r"myringosclerosis|tympanosclerosis|eczema|dermatitis|narrowing|debris|impaction|"
    r"injection|dullness|bulging|scarring)\b"
)
"""Right after a grade word, a finding of the ear's examination ("moderate otitis externa",
"mild retraction", "severe wax impaction"): the grade is that finding's, not the hearing's
(lowered text)."""


TYMPANOMETRIC_MEASURE = (
    r"(?:(?:ear[\s-]?canal|canal|equivalent(?:\s+ear[\s-]?canal)?|physical|middle[\s-]ear|"
    r"static|peak)\s+)?(?:volumes?|ecvs?|compliance|admittance|pressures?|gradient|"
    r"tympanometric\s+width)\b"
)
"""Right after a grade word, a measure of tympanometry ("type B, normal volume (0.9 ml)",
"normal compliance", "normal middle-ear pressure"): the grade is that measure's, not the
hearing's (lowered text). Source: tympanometry reports ear-canal volume, peak compliance
(admittance), middle-ear pressure and gradient, each against its own normal range (BSA 2013
recommended procedure: tympanometry)."""


_OTHER_DOMAIN = (
    r"(?:language|voice|cogniti\w*|swallow\w*|dysphagia|fluency|stutter\w*|articulation|"
    r"phonolog\w*|pragmatics?|literacy|reading|writing|resonance|oro-?motor|motor|vision|"
    r"visual\s+acuity|acuity|mood|memory|attention|bp|blood\s+pressure|bloods|ecg|chest|"
    r"abdomen|gait|vestibular|eyes?|pupils|fundi|urine|urinalysis|thyroid|renal|liver|"
    r"(?:auditory\s+)?processing(?:\s+(?:screen|test|assessment))?)"
)
OTHER_DOMAIN_LABEL = re.compile(
    r"(?i)\b" + _OTHER_DOMAIN + r"\s*(?:\([^()\n]{0,30}\)\s*)?[:=\u2013-]\s*(?:\*\*\s*)?$"
)
"""The label of another examination's field, right before its value ("Language: within
normal limits", "BP: WNL", "Voice - normal"): that field's value, not the hearing's. Search
it up to the value (it ends at the search's end)."""
OTHER_DOMAIN_LINE = re.compile(
    r"^[\s*#>\u2022-]*" + _OTHER_DOMAIN + r"\s*(?:\([^()\n]{0,30}\)\s*)?:"
)
"""A clause opened by another examination's field label and a colon ("Cognition: 6-CIT 10
(mild impairment)", "Memory: MoCA 22, mild impairment"): where the clause names nothing of
the hearing (HEARING_NAMED), a grade in it is that field's. Match it at the clause's
start (lowered text)."""
HEARING_NAMED = re.compile(
    r"hearing|audi|\bears?\b|\bdb\b|hz\b|deaf|snhl|\bchl\b|\bhl\b|\bpta\b|4fa|threshold"
)
"""The words that put a clause about the hearing (lowered text)."""
_FIELD_MARKS = (":", "=", "\u2013", "-")


def labels_another_field(text: str, start: int, end: int) -> bool:
    """Return whether :data:`OTHER_DOMAIN_LABEL` ends ``text[start:end]``. Its mark (a colon,
    an equals sign or a dash, then only white space and a bold mark) is looked at first: a
    cheap exact test (the pattern tries each of its words at every place of the window)."""
    tail = text[start:end].rstrip()
    if tail.endswith("**"):
        tail = tail[:-2].rstrip()
    return tail.endswith(_FIELD_MARKS) and OTHER_DOMAIN_LABEL.search(text, start, end) is not None


THRESHOLD_LABEL_WORDS = (
    "ear ears right left r l rt lt re le ad as au side sides bilateral bilaterally "
    "unilateral both each either one other better worse poorer worst best affected hz khz "
    "k frequency frequencies pitch pitches pitched tone tones octave octaves high low mid "
    "middle higher lower highs lows upper range region end ends speech air bone conduction "
    "conducted ac bc masked unmasked masking pure puretone pta threshold thresholds "
    "hearing level levels db hl dbhl decibel decibels value values result results reading "
    "readings audiogram audiometry audiometric average averages mean measured measures "
    "measurement recorded tested test testing found obtained response responses normal "
    "mild mildly moderate moderately severe severely profound profoundly slight loss "
    "losses sensorineural conductive mixed impairment limits within gap gaps abg notch dip "
    "drop drops dropping dropped fall falls falling fell slope slopes sloping flat steep "
    "steeply gently gradually sharply rises rising rose climbs climbing dips dipping "
    "reaching reaches reached down up sits sit sitting sat lies lie comes came come out "
    "goes going went the a an of at in on to and or is are was were be been being with by "
    "for from its it this that these those your his her their my our you he she they we i "
    "patient patients person about around approximately roughly near nearly just also then now "
    "there here which where while but so still even very only into across through over "
    "under above below between than more less most least has have had shows show showed "
    "shown showing see seen can s t isn not no all any some again further every everything "
    "except apart beyond back away too much many does did do done doing same similar alike "
    "matches match matching stays stay stayed remains remain remained keeps kept turned "
    "turns gets got get becomes became if when what how whether off "
    "like almost well quite fairly somewhat really pretty rather top bottom edge edges "
    "plot plotted chart graph line lines symbol symbols mark marks point points dot dots "
    "cross crosses circle circles x o red blue figure figures findings finding type deep "
    "deeper deepest lowest highest smaller small good bad poor completely fully partly "
    "entirely limited inner outer cochlear trough asymmetry asymmetric symmetric "
    "symmetrical snhl chl shl today performed heard hear hears beep beeps sound sounds "
    "soft softest quiet quietest faint faintest recovering recovered improving improved "
    "easing eased worsening worsened first second third next last finally leaving leaves "
    "run runs running shape shapes curve curves residual single thing things respond "
    "responds responded responding need needs needed yes ok okay before after note notes "
    "gentle operated sudden fa audiometer limit maximum max year years old aged once twice "
    "exc excl freq freqs usable reverse reversed measurable recover recovers recovery may "
    "might could would should will must think thinks seems seem appears appear looks look "
    "suggest suggests indicates indicate add record enter report says say said write "
    "demonstrates demonstrate demonstrated reveals revealed displays exhibits gives gave "
    "give yields yielding rise risen raised elevated elevation start starts started begins "
    "began continuing continues continued returning returns returned improves widening "
    "widens narrowing agrees agree confined centred centered including includes itself "
    "abnormal abnormally dead nerve component pattern patterns configuration precipitous "
    "sharp sharper shallow shallower steeper steepest maximal minimal poorest touch little "
    "bit slightly essentially normally identical clear clearly vs versus upwards downwards "
    "onwards throughout two three four stiffness tilt carhart bump problem outside inside "
    "abgs oscillator reach sensitivity follows follow following wnl m tracks track tracking "
    "few lot lots used use using differ differs noted initially typically usually generally "
    "standard exceeds exceed exceeding class reasoning sum summary conclusion overall "
    "impression unaided current currently reacted react reacts approx approximate shifted "
    "shift moved move reads told tell tells me us him them plunges plunge plunging lone rest "
    "angle brackets chevrons otosclerosis presbycusis cophosis audition noise directly share "
    "part parts portion deteriorated deteriorates deteriorate deteriorating declined declines "
    "decline declining worsen worsens progressed progresses progressing changed "
    "soap objective assessment interpretation reported documented isolated solitary "
    "extended ehf conventional annual yearly routine periodic pre preseason season important "
    "main notable though although whereas yet however explained explain explains explaining"
)
"""The words that may label a value read as this ear's hearing threshold, space-separated:
ears and sides, frequencies, conduction, threshold, level and average names, degree, type and
shape words, the words of the chart (curve, symbol, plot), the parts of a clinical note that
report the test (a SOAP note's objective and assessment parts, the interpretation: they name
this test's findings, as "findings" and "summary" do; batch 117), the words that set one
point of the curve apart ("an isolated 45 at 6 kHz", "a solitary dip", as "single" and "lone"
do: batch 136), the names of pure-tone audiometry's ranges (conventional, and extended
high-frequency audiometry above 8 kHz: ISO 389-5 reference levels; batch 132), the words
that say when this test falls in a routine ("annual", "routine", "pre-season": a sports
club's or an employer's yearly test is still this test; batch 158), the words that rank this
test's findings ("the three most important findings on this audiogram are:", "main results":
batch 160), the words that join a concession or contrast to what came before ("though the
right is 65 dB at 4 kHz", "whereas the left is 30": a clause of the same report, as "but" and
"while" are), the clinician's explaining of the result to the patient ("explained that the left
dip, 40 dB at 500 Hz, is why ...": the writer's own reading of this audiogram, as "told" and
"says" are; batch 177), and the function words and common verbs of such sentences. A value
whose label holds another word ("the target at 2 kHz is 40 dB", "the norm for his age: 25 dB
at 4 kHz", "an earlier test gave 30 dB") is not read as a threshold (issue #26: the numbers
in dB at frequencies that are no threshold of this audiogram); the word need not be listed
anywhere. See :func:`labelled_otherwise`."""

LABEL_COORDINATE_WORDS = (
    "hz khz k db hl dbhl at and to from in on of the a an or by per respectively"
)
"""The words that place a value without naming what it measures: frequencies and their
units, dB, and the joining words of a list. A value after a heading's colon that only these
words precede ("Per-band attenuation (L/R, dB): 125 Hz 22/19") names no measure of its own:
the heading's words label it. See :func:`labelled_otherwise`."""
LABEL_EAR_WORDS = "ear ears right left r l rt lt re le ad as au side sides both each either"
"""The words that name an ear: outside brackets, in a heading or after its colon, they tie
the value to that ear's hearing ("Software entry, left: 250 Hz 20"), and the heading's other
words do not label it; a bracketed key ("(L/R)") only orders the values."""


SOURCES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("DEG", "PROF_GRADE", "GRADE_SHORTHAND", "DESCRIPTOR", "NORMAL_PHRASES", "LOSS_CONTEXT",
      "LOSS_NOUN"),
     "degree names of the standards in classify.py (WHO 2021, ASHA/Clark 1981, Goodman "
     "1965), 'within normal limits'/WNL of audiology reports, and the chart shorthand "
     "mod/sev/prof of clinic notes"),
    (("RIGHT", "LEFT", "LINE_OPENING_EAR_LETTER", "BOTH", "EAR_WORD", "EAR_HEADING",
      "EAR_LABELLED_LINE", "FIELD_LABELLED_LINE", "EAR_ONLY", "BILATERAL", "RIGHT_TAG",
      "LEFT_TAG", "EAR_TAG", "RIGHT_SAID_OF_A_READING", "RIGHT_AS_AN_ADVERB", "A_HAND",
      "RADIOTHERAPY_BEFORE", "RADIOTHERAPY_AFTER",
      "NOT_A_TYMPANOGRAM_TYPE", "AORTIC_STENOSIS_AFTER"),
     "ear notations of audiogram forms and letters: right/left, AD/AS/AU (ASHA 1990 "
     "audiogram forms), RE/LE and Rt/Lt (UK audiology letters), R/L tags, OD/OG/OI/OS "
     "(French, Spanish and Italian clinic reports: the right ear and the left), re.:/li.: "
     "(German reports' rechts/links before a colon)"),
    (("EAR_CALLED_NORMAL_ONLY",),
     "a one-ear loss described beside the ear that is normal ('a mild one-sided loss with a "
     "normal left ear'): audiogram descriptions name each ear's hearing, normal or a loss "
     "(BSA 2018 recommended procedure, pure-tone audiometry: reporting)"),
    (("SIDE_OF_SOMETHING_ELSE", "PART_BEFORE_AN_ASIDE", "HEARING_IN_AN_ASIDE"),
     "ear examination and history terms of ENT and audiology letters (otoscopy, the drum and "
     "canal, wax; other organs, measures and devices with a side; operations on an ear)"),
    (("CONFIG_WORDS", "CONFIG_COMPATIBLE", "CONFIG_TRIGGER"),
     "audiogram configuration terms (flat, sloping, precipitous, rising, cookie-bite, "
     "noise notch) of audiogram descriptions"),
    (("NEGATORS", "CONTRACTED_NOT", "NEGATED_AFTER", "GENERIC", "GENERIC_OBJECT", "CONDITION",
      "PRESUPPOSED",
      "HEDGES", "HEDGE_WORD", "HEDGED_SENTENCE", "NOT_DONE", "SIDE_BY_FINDING", "THE_BEFORE"),
     "negation, conditions, general statements, references and hedges of model replies "
     "in the AudiologyBench validation sets (tuning set, batches 1-11; issue #26)"),
    (("CONDUCTION", "GAP_WORD", "TWO_CONDUCTIONS", "GAP_TRIGGER", "DB_RANGE", "DIGIT"),
     "air and bone conduction, air-bone gap (ABG) and dB HL values as audiograms label them"),
    (("AVERAGE_NAME", "AVERAGE_IN_WORDS", "AVERAGED_FREQUENCIES", "AVERAGE_COPULA",
      "COMPARATIVE_AFTER_DB", "OTHER_DB_SCALE", "LATENCY_NOUN"),
     "pure-tone averages and the frequencies they average (BSA 2018 pure-tone audiometry; "
     "WHO 2021 four-frequency average of 0.5, 1, 2 and 4 kHz)"),
    (("NOT_A_MIXED_LOSS",),
     "conditions of other systems named with 'mixed' (WHO ICD-10: N39.46, F41.2, M35.1, "
     "E78.2, D89.1), 'a mixed picture' of clinic letters, and a child's mixed dentition "
     "(American Academy of Pediatric Dentistry reference manual) or mixed feeding"),
    (("NON_FREQUENCY_UNIT",),
     "units of other measures: treatment pressure in atmospheres absolute (UHMS Hyperbaric "
     "Oxygen Therapy Indications, 14th ed.), bar, kPa, mmHg, doses, volumes, lengths"),
    (("CLOCK_TIME",), "times of day as ISO 8601 writes them (hh:mm, hhmm)"),
    (("BANDS", "REGION_FREQ"),
     "frequency regions (low, mid, high; the speech frequencies) of audiogram descriptions"),
    (("LATERALITY_UNILATERAL", "NOT_OF_HEARING", "SYMMETRY", "BARE_SYMMETRY", "WORSE",
      "ASYMMETRY_CRITERIA_NOT_MET", "WORSE_NAMED", "WORST_EAR", "MORE_LOSS", "MORE_LOSS_THAN_OTHER",
      "OTHER_EAR", "NEGATED_EAR", "LESION_SIDE", "ASYMMETRY_SIDE",
      "COMPARATIVE", "LATERALITY_TRIGGER", "STANDARD_EAR", "FINDING_OF_AN_EAR"),
     "laterality and asymmetry wording of audiology reports; the ear one ear's findings are "
     "likened to (the complement of 'identical to', 'the same as')"),
    (("MASKED_OTHER_EAR",),
     "masking in pure-tone audiometry: the masking noise goes to the non-test ear (BSA 2018 "
     "recommended procedure, masking), so 'the other ear masked' is not the result's ear"),
    (("MIXED_LOSS_WORD",),
     "the type words of audiology reports (BSA 2018 pure-tone audiometry: sensorineural, "
     "conductive, mixed) against 'mixed' said of results or findings that disagree"),
    (("LOSS_REFERRED_BACK",),
     "a loss or its part referred back to with the definite article in operation notes and "
     "monitoring letters (the conductive part, the inner-ear part of the loss)"),
    (("CASE_DIAGNOSIS",),
     "sudden sensorineural hearing loss as a presentation's diagnosis (NICE CKS sudden "
     "sensorineural hearing loss; a viva's summary line)"),
    (("DIFFERENCE_LIST",),
     "asymmetry screening criteria for MRI (BAA/BSA retrocochlear screening), ototoxic shift "
     "criteria (ASHA 1994) and the summed hearing levels of military and HSE hearing "
     "categories, stated per frequency"),
    (("NOT_A_DIFFERENCE", "DIFFERENCE_OF_NAMED"),
     "the SRT checked against the PTA by their difference (BSA 2019 recommended procedure: "
     "speech audiometry), as audits report it, issue #26 batch 105"),
    (("OTHER_DOMAIN_LABEL", "OTHER_DOMAIN_LINE", "HEARING_NAMED"),
     "the other fields of a speech-language pathology report (language, voice, fluency, "
     "swallowing, cognition, an auditory processing screen) and of a general-practice note "
     "(BP, bloods, vision), issue #26 batches 53-54"),
    (("REFERENCE_HEAD", "RESULT_HEAD"),
     "the results table of a laboratory or patient-portal report: each result beside its "
     "reference interval (CLSI EP28-A3c), issue #26 batch 56"),
    (("SURGICAL_NOTE",),
     "otological operations named in operation notes (stapedotomy, tympanoplasty, "
     "mastoidectomy ...) and the surgeon's own tuning-fork examination before middle-ear "
     "surgery (Browning GG, Clinical Otology and Audiology, 2nd ed., 1998), issue #26 batch 40"),
    (("EXAMINATION_FINDING",),
     "otoscopic findings of the ear graded on their own (the severity of acute otitis "
     "externa, AAO-HNSF 2014 clinical practice guideline; a retraction's grade, Sade 1979)"),
    (("TYMPANOMETRIC_MEASURE",),
     "the measures of a tympanogram each against its own normal range: ear-canal volume, "
     "peak compliance, middle-ear pressure, gradient (BSA 2013 recommended procedure: "
     "tympanometry), issue #26 batch 71"),
    (("TEST_FREQUENCY", "STIMULUS_FREQUENCY", "RESPONSE_LEVEL", "LEVEL_THEN_TEST_FREQUENCY"),
     "pure-tone audiometry told in lay words: the tone played at a test frequency and the "
     "lowest level the patient heard or responded to it at, its threshold (BSA 2018 "
     "recommended procedure, pure-tone air- and bone-conduction audiometry)"),
    (("OTHER_TEST", "OTHER_TEST_OR_SPEECH"),
     "the other tests of a test battery: tympanometry, acoustic reflexes, OAEs, speech"),
    (("HEADING", "REPORT_PART", "HEARING_PART", "LIST_ITEM", "SENTENCE_SPLIT", "SEGMENT_SPLIT",
      "NUMBER_OPENS_SENTENCE",
      "COMPARED_WITH", "SECONDARY", "OPENING_FREQUENCY", "CLAUSE_OPENING_FREQUENCY",
      "OPENING_FREQUENCY_RANGE", "FREQUENCY_BEFORE_ITS_ROW", "CONDUCTION_ROW_OPENING",
      "FREQUENCY_REFERRED_BACK", "LAST_FREQUENCY_NAMED"),
     "the layout of replies to the case questions Q1-Q3 (AudiologyBench, paper 000) and "
     "of report parts (findings, plan, comment)"),
    (("THRESHOLD_LABEL_WORDS", "LABEL_COORDINATE_WORDS", "LABEL_EAR_WORDS"),
     "the vocabulary of pure-tone threshold reports: BSA 2018 recommended procedure "
     "(pure-tone air- and bone-conduction threshold audiometry) and ASHA 2005 guidelines "
     "for manual pure-tone threshold audiometry (ears, frequencies, conduction, masking, "
     "thresholds in dB HL, averages, degree and configuration words); the parts of a "
     "clinical note that report a test: the SOAP note of the problem-oriented medical "
     "record (Weed 1968: subjective, objective, assessment, plan)"),
)  # fmt: skip
"""The source of each public pattern above, cited once (a test checks every one is here)."""


_POPULATION_VALUE = re.compile(
    r"(?:\b(?:per)?centiles?\b|\b\d{1,2}(?:st|nd|rd|th)\s+(?:per)?centile|"
    r"\bp(?:5|10|25|50|75|90|95)\b|\bmedians?\b|\bnorms?\b|\bage[\s-]norm\w*|"
    r"\biso[\s-]*7029\b|\botologically\s+normal\b)"
    r"(?![^.;!?]*\b(?:patient|patient's|she|he|right|left|ears?|r|l|(?:her|his|their)\s+"
    r"(?:hearing|thresholds?|levels?|results?|audiogram))\b)[^.;!?]{0,50}$"
)
"""Before a dB value, in its sentence, a population's value named: a percentile ("P50 at
4 kHz = 20 dB", "the 90th centile is 44 dB"), a median or a norm for age ("ISO 7029 median
for a man of 70: about 50 dB at 4 kHz"): the thresholds of otologically normal people of
that age and sex (ISO 7029:2017), a reference, not this ear's threshold. Not where the
patient or an ear is named between the norm and the value ("against the median, her right
ear reads 60 dB"): that value is the patient's, set against the norm."""
_POPULATION_REACH = 70
_POPULATION_WORDS = ("centile", "p5", "p1", "p2", "p7", "p9", "median", "norm", "7029")
"""The words one of which :data:`_POPULATION_VALUE` needs (keep them in step with it)."""


def population_value(text: str, start: int) -> bool:
    """Return True when the dB value at ``start`` of ``text`` (any case) is a population's
    percentile, median or norm (:data:`_POPULATION_VALUE`)."""
    window = text[max(0, start - _POPULATION_REACH) : start]
    if not may_hold(window, *_POPULATION_WORDS):
        return False  # (a cheap exact test first, for speed)
    return _POPULATION_VALUE.search(window.lower()) is not None


_LABEL_WORD = re.compile(
    r"noise[\s-]+(?:notch|induced)|cookie[\s-]*bite|ski[\s-]*slope|not[\s-]+aided|"
    r"[a-z]+|[:;\n()]|\.(?=\s)|"
    r"[ \t][-\u2013\u2014][ \t]+(?=(?:(?:his|her|their|the|your|my)[ \t]+)?(?:right|left)\b)"
)
"""A word of a label, a bracket, or a mark that may start a label; the configurations named
in two words (noise notch, noise-induced, cookie-bite, ski slope) and "not aided" are known
words as one. A spaced dash before an ear ("Speak on his left side - his left ear is at 40-45
dB", "Seat her on the right - left ear 50 dB at 500 Hz") starts a label as a colon does: a
note's instruction before it, written in the writer's own words, is no label of the ear's
value after it, which opens a statement of its own."""
_LABEL_WORD = led(_LABEL_WORD)  # (its first characters looked for first, for speed)
_LABEL_VOCABULARY = frozenset(THRESHOLD_LABEL_WORDS.split())
_COORDINATES = frozenset(LABEL_COORDINATE_WORDS.split())
_LABEL_EARS = frozenset(LABEL_EAR_WORDS.split())


@functools.lru_cache(maxsize=64)
def _label_marks(low: str) -> tuple[list[int], ...]:
    """Return, for a lower-cased clause: where its labels start (0, and after a colon, a full
    stop, a semicolon, a line break or an opening bracket that a word follows) and where each
    takes effect (that word's start); where its words that are not in
    :data:`THRESHOLD_LABEL_WORDS` start, outside brackets; and those inside brackets, with
    where their bracket closes (an aside: no label of a value after it); for each label that
    a heading's colon starts, where that heading's own label starts (else -1); where the
    words that are neither in :data:`LABEL_COORDINATE_WORDS` nor in :data:`LABEL_EAR_WORDS`
    start; and where the ear words outside brackets start; and, for each label that an
    opening bracket starts, where the label the bracket opened in starts (else -1)."""
    starts, effective, foreign, inside, closes, bracketed = [0], [-1], [], [], [], [-1]
    heads, measures, sided, headed = [-1], [], [], ":" in low
    mark, depth, open_from, outer, kind = None, 0, 0, 0, ""
    for m in _LABEL_WORD.finditer(low):
        word = m.group(0)
        if word == ")":
            if depth == 1:  # (a stray one closes nothing)
                closes[open_from:] = [m.start()] * (len(closes) - open_from)
            depth = max(0, depth - 1)
            continue
        if not word[0].isalpha():
            mark, kind = m.end(), (word if depth == 0 else "(")
            if word == "(":
                depth, open_from = depth + 1, (len(closes) if depth == 0 else open_from)
            continue
        if mark is not None:
            starts.append(mark)
            effective.append(m.start())
            heads.append(outer if kind == ":" else -1)
            bracketed.append(outer if kind == "(" else -1)
            outer = mark if kind != "(" else outer
            mark = None
        if not headed:
            pass  # (no colon: no heading; for speed)
        elif word in _LABEL_EARS:
            if not depth:
                sided.append(m.start())
        elif word not in _COORDINATES:
            measures.append(m.start())
        if word.isalpha() and word not in _LABEL_VOCABULARY:
            if depth:
                inside.append(m.start())
                closes.append(float("inf"))
            else:
                foreign.append(m.start())
    return starts, effective, foreign, inside, closes, heads, measures, sided, bracketed


def _named_between(positions: list[int], start: int, end: int) -> bool:
    """Return whether one of the sorted ``positions`` lies in [start, end)."""
    i = bisect.bisect_left(positions, start)
    return i < len(positions) and positions[i] < end


def _aside_just_closed(low: str, start: int, position: int) -> bool:
    """Return whether a bracket closes between ``start`` and ``position`` of ``low`` with only
    placing words (:data:`LABEL_COORDINATE_WORDS`) after it before the value."""
    close = low.rfind(")", start, position)
    return close >= 0 and all(
        w in _COORDINATES for w in _LABEL_WORD.findall(low, close + 1, position) if w[0].isalpha()
    )


def _aside_on_another_thing(low: str, foreign: list[int], outer: int, start: int, at: int) -> bool:
    """Return whether a bracket's label, from ``start`` to the value at ``at``, is an aside on
    a label before the bracket (from ``outer``) that holds a word outside the vocabulary, and
    names no ear of its own ("Inclusion 4 (right ear 60 dB HL at 1 kHz)" names the ear)."""
    if not _named_between(foreign, outer, start):
        return False
    return not _LABEL_EARS.intersection(_LABEL_WORD.findall(low, start, at))


def labelled_otherwise(low: str, position: int) -> bool:
    """Return True when the value at ``position`` of a lower-cased clause is labelled as
    something else than a hearing threshold: its label (from the last colon, full stop,
    semicolon, line break or opening bracket before it that a word follows before the value,
    else the clause's start; a bracketed aside closed before the value left out) holds a word
    that is not in :data:`THRESHOLD_LABEL_WORDS` ("target at 2 kHz: 40 dB", "the norm for
    his age is 25 dB at 4 kHz"). A heading whose colon the value follows at once labels it
    ("Gain target: 40 dB"), and so does one whose colon only words that place the value
    (:data:`LABEL_COORDINATE_WORDS`) follow before it ("Band attenuation (dB): 1 kHz 28"):
    the part after the colon names no measure of its own; unless an ear is named outside
    brackets in the heading or after its colon (:data:`LABEL_EAR_WORDS`). A bracketed aside
    that only placing words follow before the value starts no label of it: the one it
    interrupted goes on ("Gain target (NAL-NL2): 40 dB", "Room noise (octave bands) 40 dB");
    words after it that name a measure still label the value themselves. A value in brackets
    is an aside on what the words before the bracket name, so they label it too ("ambient
    noise OK (highest 23 dB at 250 Hz)", "ER-15 plugs (flat ~15 dB across 125-8k)": the
    room's and the plug's; batches 107-108), unless the bracket names an ear itself."""
    starts, effective, foreign, inside, closes, heads, measures, sided, bracketed = _label_marks(
        low
    )
    k = bisect.bisect_left(effective, position) - 1
    while k and low[starts[k] - 1] == "(" and _aside_just_closed(low, starts[k], position):
        k -= 1  # an aside closed just before the value: the label it interrupted goes on
    start = starts[k]
    if (
        bracketed[k] >= 0
        and low.find(")", start, position) < 0  # the value is inside the bracket
        and _aside_on_another_thing(low, foreign, bracketed[k], start, position)
    ):
        return True  # a bracket's aside on what its label names ("ambient (23 dB at 250 Hz)")
    if heads[k] >= 0 and not _named_between(measures, start, position):
        if not _named_between(sided, heads[k], position):
            start = heads[k]  # nothing after the colon names a measure or an ear: the heading's
    i = bisect.bisect_left(foreign, start)
    if i < len(foreign) and foreign[i] < position:
        return True
    j = bisect.bisect_left(inside, position) - 1
    return j >= 0 and inside[j] >= start and closes[j] > position
