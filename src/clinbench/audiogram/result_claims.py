"""What one clause claims of the type of loss and of the other tests: read, never judged.

Each ``*_claims`` function reads one family of claims from a clause (the clause, its ear and
whether it is hedged come from the sentence reader of :mod:`~clinbench.audiogram.check`) and
returns :class:`~clinbench.audiogram.claims.Claim` objects; the judges of
:mod:`~clinbench.audiogram.judges` decide whether they are true. The families:

- the type of loss: a type word, a component of a loss, a denied type, the asymmetry's type;
- tympanometry: a tympanogram type, an ear-canal volume;
- acoustic reflexes, otoacoustic emissions and ABR: present, reduced or absent;
- speech audiometry: speech reception thresholds and word recognition scores.

Every claim names in ``rules`` the reading rule that produced it; :data:`RULES` cites the
source of each rule once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from clinbench.audiogram import lexicon
from clinbench.audiogram.alternation import led
from clinbench.audiogram.claims import Claim, _clause_claim

RULES: dict[str, str] = {
    "type word": "sensorineural / conductive / mixed and SNHL/CHL/MHL (BSA 2018 pure-tone "
    "audiometry; ASHA 2005); cochlear loss and nerve deafness as older names of a "
    "sensorineural loss",
    "mixed by two types": "a sentence naming both a sensorineural and a conductive part, or a "
    "component beside another type, describes a mixed loss (BSA 2018)",
    "type component": "'a conductive component', 'an underlying SNHL': part of a loss, not "
    "the ear's whole type (clinic letters)",
    "denied type": "'not sensorineural', 'not a mixed loss': a claim that the ear's loss is "
    "not of that type (clinic letters)",
    "denied component": "'no conductive component': a claim that the ear's loss has no part "
    "of that type, so it is neither of that type nor mixed (clinic letters)",
    "classed as": "'I would treat this as a mixed loss': the writer's own classing of the "
    "loss is a type claim, where 'treat as' alone is an instruction (clinic letters; issue "
    "#26 batch 20, reports for the dispenser)",
    "asymmetry's type": "'the asymmetry is sensorineural': the type of the worse ear's loss, "
    "which makes the difference between the ears (clinic letters)",
    "tympanogram type": "tympanogram types A, As, Ad, B and C (Jerger 1970)",
    "tympanogram description": "flat trace or no peak (type B), negative middle-ear pressure "
    "(type C), normal middle-ear function (type A), in words (Jerger 1970)",
    "ear-canal volume": "ear-canal (equivalent) volume in ml, measured with the tympanogram "
    "(BSA recommended procedure for tympanometry)",
    "test result": "present, reduced or absent acoustic reflexes and otoacoustic emissions, "
    "normal or abnormal ABR; pass/refer for screening (ASHA 1990 acoustic immittance "
    "guidelines; JCIH 2019)",
    "speech reception threshold": "SRT in dB HL (ASHA 1988 guidelines for the speech threshold)",
    "word recognition score": "word recognition / speech discrimination score in per cent "
    "(BSA recommended procedure for speech audiometry)",
    "tuning fork": "Rinne positive or negative, Weber central or lateralised: the results of "
    "the tuning-fork tests (BSA recommended procedure for Rinne and Weber tuning fork tests)",
    "loss in an ear": "an ear said to have a hearing loss, no grade or type named: its hearing "
    "is not normal (WHO 2021 World report on hearing: a loss is any hearing past normal "
    "limits)",
    "impedance": "an ear's (middle-ear) impedance said to be high, low or of a value in ohms: a "
    "result of acoustic immittance testing (ASHA 1990 guidelines for screening for hearing "
    "impairment and middle-ear disorders: acoustic immittance), which a pure-tone audiogram "
    "does not hold",
}
"""Each reading rule of this module and the source of its usage."""

ASYMMETRY_RULE = "asymmetry's type"
"""The rule on a claim of the asymmetry's type, and on the plain type claim of the same
words, which stands only when the case has no worse ear to give the asymmetry a type."""
MAIN_PART_RULE = "main part"
"""The rule on a type said to be the loss's main part ("mainly conductive", "predominantly
sensorineural"): the loss is mostly of that type, so it may have a smaller part of the other
(a mixed loss) and is judged as a component is (:data:`MAIN_PART`)."""
MAIN_PART = re.compile(
    r"\b(?:mainly|mostly|largely|predominantly|chiefly|primarily|principally|partly|partially|"
    r"in\s+part)\s+$"
)
"""Right before a type word, the loss's main part or a share of it: "the asymmetry is mainly
conductive", "partly sensorineural" (a loss partly of a type is partly of another: judged
as a component is)."""

# -- which tests a sentence talks about -------------------------------------------------

TYMP_TOPIC = re.compile(
    # a subtype of A ("type As", "type Ad") names a tympanogram on its own
    r"tymp|middle[\s-]ear|compliance|admittance|\bjerger\b|\d\s*ml\b|\btype\s+a[sd]\b|"
    # the lay account of the test: how the eardrums moved ("your ear drums moved well")
    r"\bear[\s-]*drums?\b[^.;]{0,30}?\b(?:moved|move|moves|moving|movement|mobility)\b"
    # (not the drum moved by the examiner: pneumatic otoscopy, Siegle's speculum, Valsalva)
    r"(?![^.;]{0,40}(?:otoscop|siegle|pneumatic|valsalva))"
)
"""A sentence about tympanometry; a volume in ml ("type B, 3.4 ml") is an ear-canal volume;
so is one telling how the eardrums moved, the lay account of tympanometry in patient
letters (BSA 2013 tympanometry procedure, plain-language summary; issue #26 batch 63)."""
TYMP_TOPIC = led(TYMP_TOPIC)  # (its first characters looked for first, for speed)
REFLEX_TOPIC = re.compile(
    r"(?<!red )(?<!moro )(?<!gag )(?<!corneal )(?<!pupillary )(?<!plantar )(?<!grasp )"
    r"(?<!rooting )(?<!sucking )(?<!tendon )(?<!knee )(?<!ankle )reflex"
)
"""A sentence about acoustic reflexes: not one about an eye or nervous-system reflex of a
physical examination (red reflex: NHS newborn and infant physical examination (NIPE)
screening standards; Moro, rooting, grasp, plantar, tendon, corneal, gag: Bickley, Bates'
Guide to Physical Examination, 13th ed., ch. 17 and 18)."""
REFLEX_TOPIC = led(REFLEX_TOPIC)  # (its first characters looked for first, for speed)
NEUROLOGICAL_EXAMINATION = re.compile(
    r"\b(?:power|mrc|(?<!pure[\s-])tone|plantars?|jerks?|tendon|sensation|coordination|"
    r"cranial\s+nerves?|neuro(?:logical(?:ly)?)?(?![\s-]*oto)|upgoing|downgoing|babinski|clonus|hoffmann?|limbs?|biceps|"
    r"triceps|supinator|hyperreflexi\w*|hyporeflexi\w*|areflexi\w*)\b|"
    r"reflexes?\s*(?:(?:are|were|is)\s+)?(?:\+{2,4}|[0-4]\+|brisk|pathologically)"
)
"""A sentence of the neurological examination: the tendon reflexes beside power, tone,
plantars and the limbs, or graded as examiners grade them ("reflexes ++", "2+", "brisk"; the
0-4+ scale of tendon reflexes: Bickley, Bates' Guide to Physical Examination, 13th ed., ch.
17). Its reflexes are not acoustic reflexes unless the sentence names those
(:data:`ACOUSTIC_REFLEX_WORDS`)."""
ACOUSTIC_REFLEX_WORDS = re.compile(r"acoustic|stapedi|ipsi|contra|\bdb\b|\d\s*k?hz\b|decay")
"""Words only an acoustic reflex result carries: the stapedial muscle, the ipsilateral or
contralateral route, a level in dB or a frequency, reflex decay (BSA 2011 recommended
procedure for acoustic reflex threshold testing)."""
OAE_TOPIC = re.compile(r"\boaes?\b|otoacoustic|dpoaes?|teoaes?|emissions")
ABR_TOPIC = re.compile(r"\babr\b|auditory brainstem|brainstem response|wave v|\bbaer\b|\bbera\b")
ABR_TOPIC = led(ABR_TOPIC)  # (its first characters looked for first, for speed)
TOPIC_TRIGGER = re.compile(
    r"tymp|middle|complian|admittance|jerger|reflex|oae|otoacoustic|emission|abr|brainstem|"
    r"wave v|baer|bera|ml\b|type\s+a[sd]\b|drum"
)
"""A superset of TYMP_TOPIC, REFLEX_TOPIC, OAE_TOPIC and ABR_TOPIC."""
PREDICTION = re.compile(
    r"\b(?:expected|predicted|anticipated)\s+(?:to\b|absent|present|normal|reduced|elevated)|"
    r"\bwould\s+(?:[\w-]+\s+){0,3}?(?:be|show|give|confirm|need|look)\b|"
    r"\b(?:should|will)\s+(?:\w+\s+)?(?:be|show|give)\b|\bif\s+(?:tested|done|performed|measured)\b|"
    r"\bexpect(?:s|ed)?\s+(?:[\w-]+\s+){1,3}to\s+(?:be|show)\b|\bexpect(?:s|ations?)?\b|"
    r"\b(?:often|usually|typically|classically|characteristically)\s+(?:absent|present|normal|"
    r"elevated|raised|reduced)\b|"
    r"\bwould\s+(?:\w+\s+)?(?:support|suggest|indicate|point|fit|favou?r|argue|help|strengthen)\b|"
    r"\bif\s+(?:they\s+(?:were|are)\s+)?(?:absent|present|reduced|elevated|normal|abnormal|"
    r"elicited|recorded)\b"
)
"""A prediction of a test not reported ("reflexes would be expected to be absent", "OAEs
should be absent", "if tested, reflexes will be absent"), or what a result would mean if it
were so ("absent reflexes would support this", "OAEs, if present, would point to ..."): the
conditional mood, what the reader expects, not a result, so it claims no result of that
test. So does an expectation ("expect an ipsi reflex above 100 dB HL", "typical expectation:
absent", "reflexes expected absent") and what a result usually is ("reflexes are often absent
in otosclerosis"): a test's usual outcome, not this patient's (Jerger 1970 describes reflex
patterns by condition)."""
# Each trigger is a superset of what one reader's patterns can match, searched once per
# clause so that a reader with nothing to read costs one search.
TYPE_TRIGGER_WORDS = ("sensori", "snhl", "cochlear", "nerve", "conductive", "chl", "mixed", "mhl")
TYPE_TRIGGER = re.compile("|".join(TYPE_TRIGGER_WORDS))
VOLUME_TRIGGER = re.compile(r"ecv|volume|ml|cc")


def may_give_a_volume(low: str) -> bool:
    """Return whether :data:`VOLUME_TRIGGER` matches lowered ``low``: its words as substring
    tests, cheaper than the search."""
    return "ecv" in low or "volume" in low or "ml" in low or "cc" in low


@dataclass(frozen=True)
class Topics:
    """Which tests beside pure-tone audiometry a sentence talks about (read once per sentence)."""

    tymp: bool
    reflex: bool
    oae: bool
    abr: bool

    @classmethod
    def of(cls, sentence_low: str) -> Topics:
        """Return the topics of a lower-cased sentence."""
        if not TOPIC_TRIGGER.search(sentence_low):
            return NO_TOPICS
        return cls(
            bool(TYMP_TOPIC.search(sentence_low)),
            bool(REFLEX_TOPIC.search(sentence_low)) and _acoustic_reflexes(sentence_low),
            bool(OAE_TOPIC.search(sentence_low)),
            bool(ABR_TOPIC.search(sentence_low)),
        )

    def any(self) -> bool:
        """Return True when the sentence is about another test."""
        return self.tymp or self.reflex or self.oae or self.abr


NO_TOPICS = Topics(False, False, False, False)


def _acoustic_reflexes(sentence_low: str) -> bool:
    """Return whether a sentence's reflexes may be acoustic reflexes: not those of a
    neurological examination (:data:`NEUROLOGICAL_EXAMINATION`) unless it names an acoustic
    reflex's own words (:data:`ACOUSTIC_REFLEX_WORDS`)."""
    return not NEUROLOGICAL_EXAMINATION.search(sentence_low) or bool(
        ACOUSTIC_REFLEX_WORDS.search(sentence_low)
    )


# -- the type of loss ---------------------------------------------------------------------

TYPE_WORDS = [
    (re.compile(r"\b(sensorineural|sensori-neural|snhl|cochlear hearing loss|nerve deafness)\b"
                r"(?!\s+" + lexicon.LATENCY_NOUN + r")"),
     "sensorineural", ("sensori", "snhl", "cochlear", "nerve")),
    (re.compile(r"\b(conductive|chl)\b(?!\s+" + lexicon.LATENCY_NOUN + r")"), "conductive",
     ("conductive", "chl")),
    # "a mixed picture", "mixed urinary incontinence", "these results are mixed": no mixed loss
    (re.compile(r"\b(?:" + lexicon.MIXED_LOSS_WORD + r"|mhl\b)"), "mixed", ("mixed", "mhl")),
]  # fmt: skip
"""(pattern, type, the words the pattern needs one of: a clause without them skips it)."""
_PART_NOUN = r"(?:component|element|overlay|contribution|part|portion|share|gap)"
COMPONENT = re.compile(
    r"\b(sensorineural|conductive|cochlear)\s+(component|element|overlay|contribution|part|one|"
    r"asymmetry|difference|portion|share|gap)\b|"
    r"\bunderlying\s+(?:an?\s+)?(?:\w+[\s-]+)?(sensorineural|conductive|cochlear|snhl|chl)\b|"
    # the part as the subject: "that part is conductive", "the remaining share looks cochlear"
    rf"\b{_PART_NOUN}s?\s+(?:is|was|are|were|looks|appears|seems)\s+(?:to\s+be\s+)?"
    r"(?:(?:clearly|probably|likely|purely|entirely|mainly|mostly|largely)\s+)?"
    r"(sensorineural|conductive|cochlear)\b"
)
"""Part of a loss, not the ear's type: "a conductive component", "an underlying SNHL", "a
conductive gap", "that part is conductive" (a part, share, portion or gap of a loss named
by its type is one component of it: BSA 2018, a mixed loss has a conductive and a
sensorineural component); "the sensorineural asymmetry" is the part of the difference
between the ears that is sensorineural (issue #26 batch 29, used as tuning data)."""
_COMPONENT_WORDS = ("underlying", "component", "element", "overlay", "contribution", "part", "one",
                    "asymmetry", "difference", "portion", "share", "gap")  # fmt: skip
"""The words COMPONENT needs one of (keep them in step with it)."""


def _component(text: str) -> re.Match | None:
    """Return COMPONENT's first match in ``text``, testing for its words first (for speed:
    the search tries every position of the sentence)."""
    return COMPONENT.search(text) if lexicon.may_hold(text, *_COMPONENT_WORDS) else None


REFERRED_COMPONENT = re.compile(
    r"\b(?:review|assess\w*|referr?\w*|opinion|manage\w*|treat\w*|input|look\s+at)\s+"
    r"(?:(?:[\w-]+\s+){0,2}(?:of|for|to|at)\s+)?the\s+(?:sensorineural|conductive|cochlear)\s+"
    r"(?:component|element|overlay|contribution|part)\b"
)
"""The object of a plan, named with "the", in a sentence that names no ear ("add ENT review
for the conductive part"): it refers back to a loss already described (English grammar: the
definite article refers back), not to the ear named last, so its claim names no ear."""
EAR_NAMED = re.compile(r"\b(?:right|left|both|bilateral\w*|each|r|l)\b")
TYPE_NAME = re.compile(r"sensorineural|conductive")
TYPE_DENIED = re.compile(
    r"\b(?:no|not|without|absence\s+of)\s+(?:(?:a|an|any)\s+)?(?:(?:clinically\s+)?"
    r"(?:significant|real|true|obvious|evident|measurable|appreciable|purely|pure)\s+)?$"
)
"""Right before a type word, a denial of that type ("no conductive component", "not a mixed
loss", "not purely conductive"): a claim that the ear's loss is not of that type. A plan or
an exclusion ("to rule out a conductive cause") is not one."""
COCHLEA_NORMAL = re.compile(
    r"[\w-]+\s+(?:hearing|function|acuity|reserve|sensitivity|component)\s+(?:is\s+|was\s+|"
    r"are\s+|appears\s+)?(?:\w+\s+)?(?:normal|within normal|intact|preserved|good)\b"
)
"""After a type word: "sensorineural hearing is normal" (the cochlea is normal), not a type."""
CLASSED_AS = re.compile(
    # "i" first, then a look back for the word boundary before it: the search jumps to each "i"
    r"i(?<=\bi)(?:\s+would|'d)\s+(?:treat|class(?:ify)?|regard|count)\s+"
    r"(?:this|it|the loss)\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}$"
)
"""Right before a type word, the writer classing this patient's loss ("so I would treat this
as a mixed loss"): a claim of that type, unlike an instruction ("treat as sudden SNHL until
proven otherwise"), which lexicon.NEGATORS reads as no finding."""
ASYMMETRY_SUBJECT = re.compile(
    r"\basymmetry\s+(?:is|was|appears|seems|looks)\s+(?:(?:to\s+be\s+)?(?:likely|probably|"
    r"purely|mainly|mostly|entirely|largely|partly|partially|in\s+part)\s+)?(?:to\s+be\s+)?$"
)
"""Before a type word: "the asymmetry is sensorineural" types the difference between the
ears, which is the worse ear's loss."""


def type_claims(low: str, sent_low: str, ear: str | None, hedged: bool) -> list[Claim]:
    """Return the type claims of a lower-cased clause, in the order they are judged.

    First each denied type (kind ``type_denied``, rule "denied type" or "denied
    component"). Then at most one
    claim of the clause's type: two types, or a component beside another type, make one
    "mixed" claim; a component alone is a ``type_component`` claim; else the first type
    word is a ``type`` claim. "The asymmetry is X" (no ear named) adds, before it, an
    ``asymmetry_type`` claim of X; both carry :data:`ASYMMETRY_RULE`, and the judges keep
    the one the case allows (the worse ear's type when the case has one).
    """
    denied, words = _type_words(low, ear, hedged)
    if not words:
        return denied
    _, first_kind, first_text, first_rule = words[0]
    asymmetry = ear is None and bool(ASYMMETRY_SUBJECT.search(low, 0, words[0][0]))
    component = _component(sent_low)
    if component and lexicon.negated(sent_low, component.start()):
        component = None  # "no conductive component, sensorineural": one type, not two
    both = {"sensorineural", "conductive"} <= {w[1] for w in words} or (
        component and TYPE_NAME.search(sent_low.replace(component.group(0), ""))
    )
    if both or any(w[1] == "mixed" for w in words):
        rule = "mixed by two types" if both else first_rule
        claim = _clause_claim("type", ear, "mixed", hedged, first_text, rule)
    elif _component(low) or first_rule == MAIN_PART_RULE:
        if REFERRED_COMPONENT.search(low) and not EAR_NAMED.search(sent_low):
            ear = None  # "ENT review for the conductive part": the loss described, no ear
        claim = _clause_claim("type_component", ear, first_kind, hedged, first_text,
                              "type component")  # fmt: skip
    else:
        claim = _clause_claim("type", ear, first_kind, hedged, first_text, first_rule)
    if not asymmetry:
        return [*denied, claim]
    rules = (ASYMMETRY_RULE, MAIN_PART_RULE)[: 1 + (first_rule == MAIN_PART_RULE)]
    of_asymmetry = _clause_claim("asymmetry_type", None, first_kind, hedged, first_text,
                                 ASYMMETRY_RULE)  # fmt: skip
    of_asymmetry = replace(of_asymmetry, rules=rules)
    return [*denied, of_asymmetry, replace(claim, rules=(*claim.rules, ASYMMETRY_RULE))]


def _may_call_cochlea_normal(low: str) -> bool:
    """Return False when COCHLEA_NORMAL surely matches nowhere in ``low``: it ignores no case
    and needs one of its last words (a cheap exact test, for speed)."""
    return "normal" in low or "intact" in low or "preserved" in low or "good" in low


def _type_words(low: str, ear, hedged: bool) -> tuple[list[Claim], list[tuple[int, str, str, str]]]:
    """Return the denied-type claims of a clause, and (position, type, words, rule) of each
    type word it claims, in the order of TYPE_WORDS."""
    denied, words = [], []
    cochlea_named = _may_call_cochlea_normal(low)  # (once per clause: linear; for speed)
    for pattern, kind, needs in TYPE_WORDS:
        if not lexicon.may_hold(low, *needs):
            continue
        for m in pattern.finditer(low):
            classed = bool(CLASSED_AS.search(low, max(0, m.start() - 60), m.start()))
            if lexicon.negated(low, m.start()) and not classed:
                if TYPE_DENIED.search(low, max(0, m.start() - 45), m.start()):
                    # "no conductive component" denies a mixed loss too (it has one)
                    part = bool(COMPONENT.match(low, m.start()))
                    rule = "denied component" if part else "denied type"
                    denied.append(_clause_claim("type_denied", ear, kind, hedged, m.group(0),
                                                rule))  # fmt: skip
                continue
            if cochlea_named and COCHLEA_NORMAL.match(low, m.start()):
                continue
            if low[m.start() - 1 : m.start()] == "(" and lexicon.abbreviation_spelled_out(
                low, m.start(), m.end()
            ):
                continue  # "Moderate Hearing Loss (MHL)": the words it spells out claim
            if lexicon.SIDE_BY_FINDING.match(low, m.end()) and lexicon.THE_BEFORE.search(
                low, max(0, m.start() - 60), m.start()
            ):  # a window: linear however many such words the clause has
                continue  # "ENT for the conductive side": names an ear by a finding, claims none
            rule = "classed as" if classed else "type word"
            if MAIN_PART.search(low, max(0, m.start() - 20), m.start()):
                rule = MAIN_PART_RULE
            words.append((m.start(), kind, m.group(0), rule))
    return denied, words


PRAISED_EAR = re.compile(
    r"\b(right|left|both)\s+ears?\s+(?:"
    r"(?:has|have|had|shows?|showed|demonstrated|demonstrates|displays?|displayed)\s+(?:an?\s+)?"
    r"(?:exceptional|outstanding|excellent|perfect|superb)\s+(?:performance|hearing)\b|"
    r"(?:performs?|performed|hears?|heard)\s+(?:exceptionally|outstandingly|perfectly|"
    r"excellently)\b|"
    r"(?:hears?|heard|performs?|performed|is|are|was|were)\s+better\s+than\s+(?:an?\s+|the\s+)?"
    r"(?:normal|average|typical)\s+(?:human|person|listener|ear|adult|people)s?\b)"
)
"""An ear (or both) praised as hearing as well as or better than a normal ear: "both ears
hear better than a normal human", "the right ear demonstrated an exceptional performance",
"the left ear performed exceptionally well". An ear that hears at least as well as normal
has no loss, so this claims the ear's type is normal (WHO 2021: normal hearing, every
threshold within normal limits); batch 140's labels take it so (real-model text). Only with
the ear as the subject of the praise: a device or a test that "performed exceptionally well"
is not the ear's hearing."""


_PRAISE_ADVERB = r"(?:perfectly|excellently|flawlessly|exceptionally\s+well|effortlessly|easily)"
_PRAISE_ADJECTIVE = r"(?:excellent|perfect|superb|outstanding|exceptional|flawless)"
PRAISED_PERSON = re.compile(
    # the person hears with praise: "she hears perfectly", "they still manage to hear
    # perfectly", "the patient can easily hear speech"; a modal other than "can" ("will",
    # "would", "cannot") is no present statement of this test and is not read
    r"(?:\b(?:(?:the|this)\s+(?:patient|person|client|individual)|he|she|they|you|"
    r"(?:your|my|his|her|their)\s+(?:mum|mom|mother|dad|father|son|daughter|child))\s+|"
    # the person as a field's name ("Patient: hears everything perfectly"), or the subject
    # carried into a second verb, a clause of its own ("..., but still manages to hear
    # perfectly": the reader splits the clause at "but", after a comma keeping it)
    r"\b(?:patient|client)\s*[:\u2013-]\s*|^\s*(?:(?:but|and|yet)\s+)?(?=still\b|also\b|manages?\b))"
    r"(?:(?:can|still|also|clearly|manages?\s+to|(?:is|are)\s+able\s+to)\s+){0,2}"
    r"(?:(?P<before>" + _PRAISE_ADVERB + r")\s+hears?\b|hears?\s+(?:(?:sounds?|speech|"
    r"everything|voices)\s+)?(?P<after>" + _PRAISE_ADVERB + r"))|"
    # the person's hearing praised: "their excellent hearing capabilities", "she has perfect
    # hearing", "the patient's outstanding hearing ability"
    r"(?:\b(?:his|her|their|your|(?:the|this)\s+(?:patient|person|client|individual)['\u2019]s)|"
    r"\b(?:(?:the|this)\s+(?:patient|person|client|individual)|he|she|they|you)\s+"
    r"(?:has|have)(?:\s+an?)?)\s+(?P<adjective>" + _PRAISE_ADJECTIVE + r")\s+hearing\b"
    r"(?!\s+(?:aids?|tests?|devices?|protect\w*|screen\w*))"
)
"""The person, not one ear, praised as hearing perfectly: "she hears perfectly", "the patient
can easily hear speech", "their excellent hearing capabilities", "he has perfect hearing". It is
the praise of PRAISED_EAR said of the person's hearing as a whole, so it claims each ear
normal, as "this person's hearing is normal" does (degree_claims "hearing said normal": a
person's hearing is normal only where both ears' are), or the ear it names after it ("hears
perfectly in her left ear"). Issue #26 batches 143 and 165 (real-model text: "manages to hear
perfectly ... in both their ears", "their excellent hearing capabilities" for moderate and
profound losses) label it a type error. Not a device's or a test's praise ("excellent hearing
aids"), not under a modal ("will hear perfectly with aids"), not negated."""
_PRAISED_EARS = re.compile(
    r"[^.;:]{0,40}?\b(?:in|on|with|through|from)\s+(?:(both)\s+(?:of\s+)?(?:(?:his|her|their|"
    r"your|the)\s+)?ears\b|(?:(?:his|her|their|your|the)\s+)?(right|left)\b(?![\s-]+(?:and|&|or)\s))"
)
"""The ear a person's praise names after it ("hears perfectly in both ears", "on the left")."""
_NOT_THE_TESTS_PRAISE = re.compile(
    r"[^.;:]{0,40}?\b(?:aids?|aided|implants?|amplification|devices?|conversations?|quiet|"
    r"noise|(?:tele)?phone|crowds?)\b"
)
"""After a person's praise, a device or a setting ("hears perfectly with her new aids", "hears
perfectly well in conversation"): aided or everyday hearing, not the audiogram's."""
_SAID_BY_THE_PERSON = re.compile(
    r"\b(?:says?|said|reports?|reported|feels?|felt|claims?|claimed|believes?|thinks?|"
    r"complains?|told|describes?)\b"
)
"""Before a person's praise: the person's own account ("he says that he hears perfectly"), a
history, not a result of this test."""


def praised_ear_claims(low: str, hedged: bool) -> list[Claim]:
    """Return the type claims ("normal") of each ear praised in a clause (PRAISED_EAR), and of
    the ears of a person praised (PRAISED_PERSON)."""
    if not lexicon.may_hold(low, "exception", "outstanding", "excellen", "perfect", "superb",
                            "better than", "flawless", "effortless", "easily"):  # fmt: skip
        return []
    out = []
    for m in PRAISED_EAR.finditer(low):
        if lexicon.negated(low, m.start()):
            continue
        out.append(_clause_claim("type", m.group(1), "normal", hedged, m.group(0),
                                 "ear praised as normal"))  # fmt: skip
    for m in PRAISED_PERSON.finditer(low):
        word = next(g for g in ("before", "after", "adjective") if m.group(g))
        if (
            lexicon.negated(low, m.start(word))
            or _NOT_THE_TESTS_PRAISE.match(low, m.end())
            or _SAID_BY_THE_PERSON.search(low, max(0, m.start() - 60), m.start())
        ):
            continue
        named = _PRAISED_EARS.match(low, m.end())
        ear = (named.group(1) or named.group(2)) if named else "both"
        out.append(_clause_claim("type", ear, "normal", hedged, m.group(0),
                                 "person praised as hearing normally"))  # fmt: skip
    return out


_LOSS_NOUN = (
    r"(?:(?:a|an|some|significant|noticeable|considerable|marked|substantial|definite|clear|"
    r"obvious|notable|measurable|real|age[\s-]related|noise[\s-]induced)\s+){0,2}"
    r"(?:hearing\s+(?:loss|impairment|deficit|damage)|loss\s+of\s+hearing|(?:impaired|"
    r"reduced|decreased|diminished)\s+hearing)\b"
)
_HAVING = (
    r"(?:has|had|have|shows?|showed|experiences?|experienced|suffers?\s+from|suffered\s+from|"
    r"demonstrates?|demonstrated|displays?|displayed|exhibits?|exhibited)\s+"
)
_DET = r"(?:the\s+|his\s+|her\s+|their\s+|your\s+)?"
_BOTH_EARS = (
    rf"(?:both\s+(?:of\s+)?{_DET}(?:ears|sides|right|left)\b|each\s+ear\b|"
    rf"(?:right|left)(?:[\s-]+(?:ear|side))?\s+(?:and|&)\s+{_DET}(?:right|left)\b)"
)
"""Both ears named as one place: "both ears", "both their right ear and left ear", "each
ear", "the right and left ears"."""
LOSS_IN_AN_EAR = re.compile(
    # the ear as the subject: "the left ear has a hearing loss", "their right ear experiences
    # significant hearing loss", "both ears show reduced hearing"
    rf"\b(?:(right|left)(?:[\s-]+(?:ear|side))?|(both)\s+(?:of\s+)?{_DET}ears)\s+"
    rf"{_HAVING}{_LOSS_NOUN}|"
    # the ear as the place of the loss someone has: "she has a hearing impairment in the
    # right ear", "the patient shows reduced hearing on the left", "he has a hearing loss in
    # both ears"
    rf"\b{_HAVING}{_LOSS_NOUN}\s+(?:in|on|of|affecting)\s+{_DET}"
    rf"(?:(right|left)\b(?![\s-]+(?:and|&|or)\s)|({_BOTH_EARS}))|"
    # the loss of an ear as the subject of what is said of it: "the age-related hearing loss
    # in the left ear is mild", not after "of" or "for" ("the degree of the hearing loss in
    # the right ear is ...": a topic)
    rf"(?<!\bof\s)(?<!\bfor\s)\bthe\s+{_LOSS_NOUN}\s+(?:in|on|of)\s+{_DET}(right|left)"
    r"(?:[\s-]+(?:ear|side))?\s+(?:is|was|has|appears|seems)\b(?!\s+(?:not|no|absent|nil)\b)|"
    # the ear said damaged or impaired: "the left ear is damaged", "both ears have become
    # damaged", "the ears were impaired by noise"
    rf"\b(?:(right|left)(?:[\s-]+(?:ear|side))?|(?:both\s+(?:of\s+)?{_DET}|{_DET})ears)\s+"
    r"(?:is|are|was|were|(?:has|have)\s+(?:been|become)|became|got|appears|seems)\s+"
    r"(?:(?:now|also|permanently|badly|slightly|partly|partially|somewhat)\s+)?"
    r"(?:damaged|impaired)\b|"
    # the ear as where a loss is, said with "there is", a copula or "confined to": "there is a
    # hearing loss in the left ear", "the hearing loss is in the right ear", "hearing loss
    # confined to the left ear", "a loss of hearing limited to the right side"
    rf"\bthere\s+(?:is|was)\s+{_LOSS_NOUN}\s+(?:in|on|affecting)\s+{_DET}"
    rf"(right|left)\b(?![\s-]+(?:and|&|or)\s)|"
    rf"\bthe\s+{_LOSS_NOUN}\s+(?:is|was|lies)\s+(?:(?:mainly|mostly|only|entirely|all)\s+)?"
    rf"(?:in|on)\s+{_DET}(right|left)\b(?![\s-]+(?:and|&|or)\s)|"
    rf"\b{_LOSS_NOUN}\s+(?:(?:is|was)\s+)?(?:confined|limited|restricted|isolated)\s+to\s+{_DET}"
    r"(right|left)\b(?![\s-]+(?:and|&|or)\s)|"
    # the loss named as the ear's own: "the right ear's hearing impairment", "the left ear's
    # reduced hearing", not one denied after it ("the right ear's hearing loss: none")
    r"\b(right|left)(?:[\s-]+(?:ear|side))?'s\s+(?:hearing\s+(?:loss|impairment|deficit|"
    r"damage|condition|problem)|(?:reduced|impaired|decreased|diminished|poor)\s+hearing|"
    r"impairment|deafness)\b(?!\s*:?\s*(?:none|nil|absent|not)\b)"
)
"""An ear said to have a hearing loss, with no grade or type: "the left ear has a hearing
loss", "their left ear experiences significant hearing loss", "she has a hearing impairment
in the right ear". A clinician reads it as that ear's hearing not being normal, a claim of
its type (a loss, WHO 2021: any threshold past normal limits; BSA 2018 types a loss by where
it arises), so it is wrong of a normal ear, and a laterality confusion where the other ear
has the loss (issue #26, batch 143's labels for real-model text: "A loss put in a normal ear
while the other ear has it ... is laterality"). A loss said of both ears ("a hearing loss in
both their right ear and left ear", "both ears show reduced hearing") is the same claim of
each ear, a bilateral loss (issue #26, batch 160's real-model text, as tuning data). So is
an ear's loss named with its cause ("an age-related hearing loss in the left ear"), and the
loss of an ear as the subject of what the reply says of it ("the age-related hearing loss in
the left ear is ..."), which takes that loss as there (batch 160). Otherwise only with a verb
of having: a loss named as a topic ("the degree and type of hearing loss in the right ear are
...") or in a history ("a history of hearing loss in the right ear") claims nothing of this
test. An ear said damaged or impaired ("the left ear is damaged", "both ears have become
damaged") has a loss in it, as its damage named before the noun does (LOSS_BY_ITS_SIDE; batch
181 QD05, "the ears have become damaged" for a normal left); "the ears" are both. The ear is
also the place of the loss said with "there is", a copula or "confined to" ("there is a
hearing loss in the left ear", "the hearing loss is in the right ear", "hearing loss confined
to the left ear": batch 189 TF50, a plan line after right first mentions), and the loss named
as the ear's own ("the right ear's hearing impairment", "the left ear's reduced hearing":
batch 186 QE47 and batch 180 QC35, real-model text for normal ears, labelled a loss put in
them). Groups: 1, 3, 5, 6, 7, 8, 9 or 10, the ear; 2 or 4, both ears (both also where no ear
group is set)."""
LOSS_IN_AN_EAR_RULE = "loss in an ear"
_EAR_AS_A_PLACE = re.compile(
    r"\b(?:in|on|of|into|from|behind|inside)\s+(?:the\s+|his\s+|her\s+|their\s+|your\s+)?$"
)
"""Before an ear: a preposition that makes it the place of the subject ("the aid in the right
ear was damaged"), not the subject said damaged."""
LOSS_BY_ITS_SIDE = re.compile(
    r"\b(?:" + _HAVING + r"|(?:is|was)\s+|there\s+is\s+)(?:an?\s+|some\s+)?"
    r"(?:(?:unilateral|isolated|new|clear|definite|significant)\s+)?"
    r"(right|left)(?:[\s-]+(?:sided|ear|side))?(?![\s-]*(?:and|&|or|/|to|with|about|over|behind)\b)"
    r"[\s-]+(?:[a-z]+\s+){0,2}?(?:hearing\s+(?:loss|impairment|deficit|damage)\b|"
    r"(?<=ear\s)damage\b|(?<=ear-)damage\b|(?<=sided\s)damage\b)"
)
"""A loss named by its side, as an adjective, with a verb of having or "is" before it ("she
has a right-sided hearing loss", "the finding is a left hearing loss", "there is a right-ear
hearing impairment"): the same claim as LOSS_IN_AN_EAR (that ear's hearing is not normal),
the side written before the noun instead of after it (issue #26, batch 152, the real local
model's "is a right-sided hearing loss" for two normal ears, as tuning data). Not of both
sides ("a right- and left-sided loss"), nor after "a history of" or a denial (as
LOSS_IN_AN_EAR). With no article as well ("has left ear hearing loss"), and the ear's damage
named with its ear before it ("they had left ear damage": on a hearing test, damage to an ear
is a loss in it; batch 166's real-model text for a normal left, labelled so), not "left with"
or "right about" (no side). Group 1: the ear."""
_NOT_THIS_TEST = re.compile(
    r"\b(?:history|diagnosed|complain\w*|report\w*|present\w*|notic\w*|"
    r"referr?\w*|risk|prevent\w*|before|previous\w*|previously)\b"
)
"""Words before a loss said of an ear that make it a complaint, a history or a risk, not this
test's finding ("complains of a hearing loss in the left ear", "previously had reduced
hearing on the right")."""


def loss_in_an_ear_claims(low: str, hedged: bool) -> list[Claim]:
    """Return the claims that an ear has a loss (LOSS_IN_AN_EAR), one per ear said so, unless
    denied, under a condition, or framed as a complaint, history or risk (_NOT_THIS_TEST)."""
    said_damaged = lexicon.may_hold(low, "damaged", "impaired")
    if not (lexicon.may_hold(low, "right", "left", "both", "each") or said_damaged):
        return []
    if "hearing" not in low and not said_damaged:
        return _losses_by_their_side(low, hedged) if "damage" in low else []
    out = []
    for m in LOSS_IN_AN_EAR.finditer(low):
        if lexicon.negated(low, m.start()) or _NOT_THIS_TEST.search(low, 0, m.start()):
            continue
        if m.group(0).endswith(("damaged", "impaired")) and _EAR_AS_A_PLACE.search(
            low, max(0, m.start() - 14), m.start()
        ):
            continue  # "the aid in the right ear was damaged": the aid was
        ear = next((g for g in m.group(1, 3, 5, 6, 7, 8, 9, 10) if g), "both")
        out.append(_clause_claim("loss_in_an_ear", ear, "a loss", hedged, m.group(0),
                                 LOSS_IN_AN_EAR_RULE))  # fmt: skip
    return out or _losses_by_their_side(low, hedged)


def _losses_by_their_side(low: str, hedged: bool) -> list[Claim]:
    """Return the claims that an ear has a loss named by its side (LOSS_BY_ITS_SIDE), unless
    denied, under a condition, or framed as a complaint, history or risk (_NOT_THIS_TEST)."""
    if not lexicon.may_hold(low, "sided", " hearing ", "damage"):
        return []
    return [
        _clause_claim("loss_in_an_ear", m.group(1), "a loss", hedged, m.group(0),
                      LOSS_IN_AN_EAR_RULE)
        for m in LOSS_BY_ITS_SIDE.finditer(low)
        if not lexicon.negated(low, m.start()) and not _NOT_THIS_TEST.search(low, 0, m.start())
    ]  # fmt: skip


# -- tympanometry --------------------------------------------------------------------------

TYMP_TYPE = re.compile(
    r"\b(?:[Tt]ype|TYPE|Jerger)[\s-]*(A[sSdD]|A|B|C)\b(?![\w-])|\b(A[sSdD]|A|B|C)[\s-]+type\b|"
    r"(?i:\btympanograms?\s+(?:is|are|was|were)\s+)(A[sd]|A|B|C)\b(?![\w-])|"
    r"(?:(?i:\b(?:right|left))\s*:?\s+|\b[RL]\s*:?\s+|(?i:\b(?:the|a)\s+flat\s+))(A[sd]|A|B|C)\b(?![\w-])"
)
"""A tympanogram type by its letter, read in the clause as written (case matters: "type a"):
"type B", "B type", the letter said of the tympanogram ("Tympanograms are As"), and, in a
sentence about tympanometry, the letter straight after an ear ("right Ad, left A", a chat's
"tymp R A") or after "the flat" ("the flat B")."""
TYMP_TYPE = led(TYMP_TYPE)  # (its first characters looked for first, for speed)
TYMP_WORDS = [
    (re.compile(r"\bflat\b[^.]{0,15}\b(?:tymp|trace|curve)|"
                r"\bno (?:discernible |measurable )?peak"), "B"),
    (re.compile(r"\bnegative (?:middle[\s-]ear )?pressure"), "C"),
    (re.compile(r"\bear[\s-]*drums?\s+(?:moved|move|moves|moving)\s+(?:well|normally|freely)"),
     "A"),
    (re.compile(r"\bnormal (?:tympanograms?|tympanometry|"
                r"middle[\s-]ear (?:function|pressure|status|"
                r"compliance))"), "A"),
]  # fmt: skip
CANAL_VOLUME = re.compile(
    r"\b(?:ecv|(?:equivalent\s+)?(?:ear[\s-]*)?canal\s+volume|physical\s+volume)\b"
    r"[^.\d]{0,15}?(\d+(?:\.\d+)?)\s*(?:ml|cc|cm3|cm³)\b"
)
"""An ear-canal volume quoted with its value ("ECV 0.9 ml", "canal volume of 1.1 ml")."""


def tympanometry_claims(seg: str, low: str, ear: str | None, hedged: bool) -> list[Claim]:
    """Return the tympanogram-type claims of a clause (``seg`` as written, ``low`` lower-cased):
    each type letter named, else the first description in words ("flat trace": B)."""
    out = []
    for m in TYMP_TYPE.finditer(seg):
        letter = m.group(1) or m.group(2) or m.group(3) or m.group(4)
        letter = letter[0].upper() + letter[1:].lower()
        out.append(_clause_claim("tympanometry", ear, letter, hedged, m.group(0),
                                 "tympanogram type"))  # fmt: skip
    if out:
        return out
    for pattern, letter in TYMP_WORDS:
        m = pattern.search(low)
        if m and not lexicon.negated(low, m.start()):
            return [_clause_claim("tympanometry", ear, letter, hedged, m.group(0),
                                  "tympanogram description")]  # fmt: skip
    return []


_VOLUME_BOUND = re.compile(
    r"[<>\u2264\u2265]|\b(?:over|above|under|below|exceed\w*|greater|more|less|larger|smaller|"
    r"at\s+least|at\s+most|up\s+to)\b"
)
"""Between a volume's name and its value: a comparison ("ECV > 2.0 ml", "canal volume above
2 ml", "ECV greater than 2.5 ml"): the value is a limit the volume is tested against (a
flat trace with a large equivalent volume is read as a perforation or a patent grommet; the
red-flag rule here takes over 2.0 ml in an adult, README "Red flags"), not the measured
volume."""


_VOLUME_OF_AN_EAR = re.compile(
    r"(?<![\w.,/\-\u2013])(\d(?:\.\d+)?)[ \t]*(?:ml|cc)\b"
    r"(?![ \t]*(?:/|-|\u2013|per\b|of\b|daily\b|a[ \t]+day\b))"
)
"""A value in ml (or cc) under 10 said of an ear without naming the volume ("left ear, 3.4
ml", "type B (1.0 ml) on the right"): of an ear's results, the ml is the unit of the
tympanogram's equivalent volumes, the ear-canal volume reported beside the type (BSA 2013
tympanometry procedure: volumes of a few ml, larger with a perforation or a patent grommet),
so it is read as that ear's canal volume unless the clause names the peak
(:data:`_NOT_A_CANAL`). Not a rate or a concentration ("ml/min", "mg/ml"), nor an amount of
something ("5 ml of olive oil"), nor a value of 10 ml or more, which no ear canal holds
(drains, doses)."""
_NOT_A_CANAL = re.compile(
    r"\b(?:drops?|instil\w*|syring\w*|irrigat\w*|oil|inject\w*|dos(?:e|es|ed|ing)|given|"
    r"bolus|saline|water|solution|spray\w*|aspirat\w*|drain\w*|coupler|mg|mcg|"
    r"peak|compliance|admittance|static|height)\b|%"
)
"""A clause about a dose, a fluid or a coupler, or one naming the tympanogram's peak (static
admittance, also given in ml of equivalent volume: "As, peak 0.3 ml"): a value in ml there is
no ear's canal volume."""
_TYPE_NAMED = re.compile(r"\btype[\s-]*(?:a[sd]?|b|c)\b|\b(?:a[sd]?|b|c)[\s-]+type\b")
"""A tympanogram type named in a lowered clause ("type a", "b type")."""
_OF_AN_EAR = re.compile(r"\bears?\b|\btymp")
"""A sentence that names an ear or the tympanogram: "left" alone may be a knee's or an arm's
side ("5 ml into the right knee", "0.5 ml IM left deltoid")."""


def canal_volume_claims(
    low: str, ear: str | None, hedged: bool, sent_low: str | None = None
) -> list[Claim]:
    """Return the ear-canal volume claims of a lower-cased clause; ``value`` is the volume in
    ml as written ("0.9"); not a limit after a comparison (:data:`_VOLUME_BOUND`). A clause of
    one ear that names no volume gives its value in ml as that ear's (:data:`_VOLUME_OF_AN_EAR`),
    in a sentence about ears (``sent_low``, :data:`_OF_AN_EAR`), where the clause names no
    tympanogram or its type (a volume beside them is read with them by the shorthand reader,
    whose type finding a volume finding of the same ear would displace)."""
    out = [
        _clause_claim("canal_volume", ear, m.group(1), hedged, m.group(0), "ear-canal volume")
        for m in CANAL_VOLUME.finditer(low)
        if not _VOLUME_BOUND.search(low, m.start(), m.start(1))
    ]
    if (
        out
        or ear not in ("right", "left")
        or _NOT_A_CANAL.search(low)
        or not _OF_AN_EAR.search(sent_low or low)
        or "tymp" in low
        or _TYPE_NAMED.search(low)
    ):
        return out
    return [
        _clause_claim("canal_volume", ear, m.group(1), hedged, m.group(0), "ear-canal volume")
        for m in _VOLUME_OF_AN_EAR.finditer(low)
        if not _VOLUME_BOUND.search(low, max(0, m.start() - 15), m.start())
    ]


# -- acoustic reflexes, OAEs and ABR -------------------------------------------------------

ABSENT_WORDS = re.compile(r"\b(absent|not (?:elicited|present|observed|recorded|detected|"
                           r"recordable)|no (?:acoustic )?reflex\w*|no (?:oae|emission)s?|"
                           r"no (?:identifiable |repeatable |clear |definite )?wave v|"
                           r"could not be (?:elicited|recorded)|refer(?:red)? result|"
                           r"fail(?:ed)?)\b")  # fmt: skip
# Reflex decay is measured on a present reflex, 10 dB above its threshold, and reads negative
# (the reflex holds) or positive (it halves within 5 s, a retrocochlear sign): either verdict
# reports the reflex recorded (Jerger and Jerger 1977, Anderson et al. 1969 reflex decay).
_DECAY_VERDICT = (
    r"decay\b[^.;\d]{0,12}?\b(?:negative|positive)|(?:negative|positive)\s+(?:reflex\s+)?decay"
)
_DATA_HELD = "".join(
    rf"(?<!\b{noun} {word})"
    for noun in ("field", "fields", "data", "column", "entry", "variable")
    for word in ("present", "recorded")
)
"""Before "present" or "recorded" (looked back at after the word, so tried only where it
stands): a record's field, data, column or variable, whose presence
is the record's, not the test's result ("reflex data: field present in the record but not a
model input": a classifier's note on its inputs, batch 103)."""
_SINCE_BIRTH = r"(?![ \t]+(?:from|since|at)[ \t]+birth\b)"
"""After "present": not "present from birth" (or since, at birth), the loss's history, a
congenital loss, which says nothing of a test's response ("a profound loss in both ears,
present from birth, and it matches the ABR from the newborn period": batch 192 TI49)."""
PRESENT_WORDS = re.compile(r"\b(present|intact|elicited|observed|recorded|detected|"
                           r"robust|pass(?:ed)?|"
                           r"normal|within normal|" + _DECAY_VERDICT + r")\b"
                           + _DATA_HELD + _SINCE_BIRTH)  # fmt: skip
REDUCED_WORDS = re.compile(r"\b(reduced|elevated|diminished|weak|partial|prolonged|delayed|"
                            r"abnormal)\b")  # fmt: skip
_STATES = (("absent", ABSENT_WORDS), ("reduced", REDUCED_WORDS), ("present", PRESENT_WORDS))


_RAISED_NHL = r"(?:[4-9]\d|1[0-2]\d)\s*db\s*nhl\b"
ABR_RAISED_LEVEL = re.compile(
    rf"\bthreshold\w*\b[^.;\d]{{0,20}}{_RAISED_NHL}|\bdown\s+to\s+{_RAISED_NHL}|"
    rf"\b{_RAISED_NHL}\s+(?:abr\s+)?thresholds?\b"
)
"""An ABR threshold given as a level of 40 dB nHL or more ("thresholds at 90 dB nHL",
"responses down to 60 dB nHL", "a 60 dB nHL threshold"): a raised threshold, so an abnormal
ABR. Newborn ABR protocols (NHSP) take a clear response at 30 dB or lower as normal
hearing, and adults' normal thresholds lie lower still, so only a level past 30 is read,
and none near that line. The click level a test is run at ("ABR at 80 dB nHL: wave V
present") is the stimulus, not a threshold: a level counts only named as the threshold or
as the lowest response ("down to")."""


def _test_state(test: str, low: str) -> str | None:
    """Return the result a text gives a test: absent, reduced, present (for ABR: absent,
    abnormal, normal; an ABR threshold of 40 dB nHL or more is abnormal), or None when it
    names none."""
    if ABSENT_WORDS.search(low):
        return "absent"
    if test == "abr" and "nhl" in low and ABR_RAISED_LEVEL.search(low):
        return "abnormal"
    if REDUCED_WORDS.search(low):
        return "abnormal" if test == "abr" else "reduced"
    if PRESENT_WORDS.search(low):
        return "normal" if test == "abr" else "present"
    return None


def outcome_claims(
    test: str, low: str, ear: str | None, hedged: bool, sent_low: str = ""
) -> list[Claim]:
    """Return the result claim of ``test`` ("reflexes", "oae" or "abr") in a lower-cased
    clause (at most one; its text is the clause). A clause naming the test without a result
    word ("absent ipsilateral and contralateral reflexes", split at the 'and') takes the
    sentence's result word when the sentence has only one kind."""
    state = _test_state(test, low)
    if state is None and sent_low:
        kinds = {kind for kind, pattern in _STATES if pattern.search(sent_low)}
        if len(kinds) == 1:
            state = _test_state(test, sent_low)
    if state is None:
        return []
    return [_clause_claim(test, ear, state, hedged, low, "test result")]


# -- speech audiometry ---------------------------------------------------------------------

SRT = re.compile(
    r"\b(srts?|speech (?:reception|recognition) thresholds?)\b"
    r"(?:[ \t]*\.{3,}|" + lexicon.NOT_A_DIFFERENCE + r"[^.\d%]){0,25}?"
    r"(-?\d+)(?:\s*db|(?=\s+(?:each|both|in|on|for|bilaterally|right|left)\b)|"
    r"(?=\s*(?:and|,|/|&)\s*(?:(?:right|left|[rl])\s+)?-?\d{1,3}\s*db))"
)
"""A speech reception threshold: a level in dB HL after the test's name; the unit may go
unsaid before the ears it is given for ("SRT was 40 each side") or before the next value of
a list ("60 and 10 dB HL", "R 20, L 20 dB HL"), since an SRT is a level; a form's dotted
leader joins the name to its value ("Speech reception threshold ...... 25 dB HL")."""
_PER_CENT = r"(?:%|per\s?cent\b)"
"""A percentage's unit, as a sign or in words ("96%", "96 percent", "96 per cent")."""
_WORD_SCORE_NAMES = (
    r"speech recognition(?!\s+thresh)|verbal audiometry|vocal audiometry|"
    r"(?:speech|word) (?:understanding|intelligibility)|(?:understanding|intelligibility) of words"
)
"""Other names of a word score: speech recognition in quiet (US reports), and the verbal or
vocal audiometry and the understanding of words of reports translated from French, Italian,
Spanish or Polish."""
_PRESENTATION = r"(?:[ \t]*\([^()\n]{0,60}\))?"
"""A bracket between a word test's name and its score: how the words were given ("WRS
(recorded words at 40 dB HL): 100%"), whose level is no score."""
_SPEECH_LABEL = r"speech(?=" + _PRESENTATION + r"[ \t]*:)"
""""Speech" as a result's label before its colon ("Speech: 100% right"): the speech test of
the audiogram form, whose only percentage is the word score (BSA 2019 speech audiometry)."""
WRS = re.compile(
    r"\b(wrs|word[ \t-]recognition(?:[ \t-]scores?)?|speech[ \t-]discrimination(?:[ \t-]scores?)?|"
    r"word[ \t-]discrimination|"
    r"sds|speech[ \t-]recognition[ \t-]scores?|word[ \t-]scores?|discrimination[ \t-]scores?|"
    r"phoneme[ \t-]scores?|"
    r"speech (?:testing|tests?|audiometry)|" + _WORD_SCORE_NAMES + r"|" + _SPEECH_LABEL + r")\b"
    rf"{_PRESENTATION}[^.\d%]{{0,30}}?(\d{{1,3}})\s*{_PER_CENT}|(?<![\d.])(\d{{1,3}})\s*{_PER_CENT}\s*"
    r"(?:word recognition|wrs|speech discrimination|discrimination|correct)|"
    r"\b(?:understood|repeated|got|recogni[sz]ed|identified|caught|heard)\s+(?:(?:about|around|"
    rf"approximately|nearly|almost)\s+)?(\d{{1,3}})\s*{_PER_CENT}\s*of\s+(?:the\s+)?words\b"
)
"""A word recognition score: a whole per cent after the test's name, or before its name or
'correct', or the per cent of words the patient understood or repeated ("You understood 96%
of words in each ear": a lay letter's word score; "most people follow 90% of words" says
nothing of the patient). "315.7% correct" is no score: a score is a whole per cent. Speech
audiometry reports no other percentage, so a percentage from 'speech testing' is a word
score. The test's name may be hyphenated ("word-recognition score", "speech-discrimination":
issue #26 batch 192 TI08, TI31)."""
WRS_NAME = re.compile(
    r"\b(?:wrs|word[ \t-]recognition|speech[ \t-]discrimination|word[ \t-]discrimination|sds|"
    r"speech[ \t-]recognition[ \t-]scores?|word[ \t-]scores?|discrimination[ \t-]scores?|"
    r"phoneme[ \t-]scores?|"
    r"speech (?:testing|tests?|audiometry)|" + _WORD_SCORE_NAMES + r"|" + _SPEECH_LABEL + r")\b"
)
"""A word-score test named, for the ear-tagged percentages listed after it."""
# Ear-tagged values after a speech-test name: "SRT 30 dB HL right and 70 dB HL left",
# "WRS right 84%, left 88%".
VALUE_THEN_EAR = re.compile(
    rf"(?<![\d.])(-?\d{{1,3}})\s*(db(?:\s*hl)?|{_PER_CENT})\s*\(?\s*(?:in |on |for )?(?:the )?"
    r"(right|left|rt|lt|r|l|ad|as)\b"
)
EAR_THEN_VALUE = re.compile(
    r"\b(right|left|rt|lt|ad|as|r|l)\b(?:\s+ear)?\s*[:=]?\s*(-?\d{1,3})\s*"
    rf"(db(?:\s*hl)?|{_PER_CENT}|(?=\s*(?:,|/|;|and)\s*(?:right|left|rt|lt|r|l)\b(?:\s+ear)?"
    rf"\s*[:=]?\s*-?\d{{1,3}}\s*(db|{_PER_CENT})))"
)
"""An ear and its value, the unit after it or said once after the next ear's value ("R 20, L
25 dB HL", "right 88 / left 92%": a list of the ears' values shares its last unit)."""
VALUE_UNIT = re.compile(rf"\d\s*(db|{_PER_CENT})")


_PERCENTAGE = re.compile(rf"\d\s*{_PER_CENT}")


_SCORE_OF = re.compile(
    r"\bscores?\s+(?:(?:of|at|was|is|were)\s+|:\s*)(?:(?:about|around|approximately)\s+)?"
    rf"(\d{{1,3}})\s*{_PER_CENT}"
)
"""A score given as a percentage ("a higher score at 50%", "score of 76%")."""


def _clause_ear_score(low: str, ear: str | None) -> list[tuple[str, int, str]]:
    """Return the (ear, value, text) of a score a clause gives for the ear it names, in a
    sentence whose word-score test was named before it (the caller checks): the next item
    of the same list of scores, for that ear."""
    if ear not in ("right", "left") or "score" not in low:
        return []
    m = _SCORE_OF.search(low)
    return [(ear, int(m.group(1)), m.group(0))] if m else []


def _per_cent(unit: str) -> bool:
    """Return True when a value's unit (a VALUE_UNIT group) is a percentage, not dB."""
    return not unit.startswith("db")


def _ear_tagged(low: str, start: int, unit: str) -> list[tuple[str, int, str]]:
    """Return (ear, value, text) for ear-tagged values after ``start`` (one test's list)."""
    tail = low[start:]
    out = []
    for m in VALUE_THEN_EAR.finditer(tail):
        if _per_cent(m.group(2)) == (unit == "%"):
            out.append((lexicon.EAR_WORD.get(m.group(3), m.group(3)), int(m.group(1)), m.group(0)))
    if not out:
        for m in EAR_THEN_VALUE.finditer(tail):
            if _per_cent(m.group(3) or m.group(4)) == (unit == "%"):
                ear = lexicon.EAR_WORD.get(m.group(1), m.group(1))
                out.append((ear, int(m.group(2)), m.group(0)))
    if len(out) == 1 and sum(_per_cent(u) == (unit == "%") for u in VALUE_UNIT.findall(tail)) > 1:
        return []  # "poor on the right at 44%, 80% on the left": not every value is tagged
    return out if len({e for e, _, _ in out}) == len(out) in (1, 2) else []


_TWO_VALUES = re.compile(
    rf"(?<![\d.])(-?\d{{1,3}})\s*(?:db(?:\s*hl)?|{_PER_CENT})?\s*(?:and|,|/|&)\s*"
    rf"(-?\d{{1,3}})\s*(db(?:\s*hl)?|{_PER_CENT})"
)
"""Two values of one test, the unit said once or twice ("60 and 10 dB HL", "88% and 96%")."""
_EARS_IN_ORDER = re.compile(
    r"\b(right|left|r|l)\b(?:\s+(?:ears?|sides?))?\s*(?:and|/|&)\s*(?:the\s+)?(right|left|r|l)\b"
)
"""Two ears named in an order ("the right and left ears", "R/L")."""


def _listed_for_ears(low: str, start: int, unit: str) -> list[tuple[str | None, int, str]]:
    """Return (ear, value, text) for two values of one test listed in the order of two ears
    ("SRTs of 60 and 10 dB HL in the right and left ears respectively", "88%/96% (R/L)"),
    else []. Where the order was lost (the pair of ears already read as "both ears") each
    value is of no ear named: true of one ear or both, never given to the wrong one."""
    values = _TWO_VALUES.search(low, start)
    if not values or _per_cent(values.group(3)) != (unit == "%"):
        return []
    respectively = "respectively" in low
    after = low[values.end() : values.end() + 12]
    ears = _EARS_IN_ORDER.search(low if respectively else after)
    if ears and (respectively or re.match(r"\W{0,4}[rl]\b", after)):
        first, second = (lexicon.EAR_WORD.get(e, e) for e in ears.groups())
    elif "both" in (low if respectively else after):
        first = second = None
    else:
        return []
    if first == second and first is not None:
        return []
    text = values.group(0)
    return [(first, int(values.group(1)), text), (second, int(values.group(2)), text)]


_SRT_NAME = re.compile(r"\b(?:srts?|speech (?:reception|recognition) thresholds?)\b")


def _ears_listed_on(low: str, sent_low: str) -> list[tuple[str, int, str]]:
    """Return (ear, value, text) for the ears' SRTs listed on past the clause that names the
    test ("SRT: R 20, L 25 dB HL", the list split at its comma): the values after the name in
    its sentence, each tagged with its ear."""
    at = sent_low.find(low[:12])
    srt = SRT.search(sent_low, max(at, 0)) if at >= 0 else None
    return _ear_tagged(sent_low, srt.start(), "db") if srt else []


def speech_claims(low: str, ear: str | None, hedged: bool, sent_low: str = "") -> list[Claim]:
    """Return the speech-audiometry claims of a lower-cased clause: kind ``srt`` (dB HL) or
    ``wrs`` (per cent). Values tagged with their ears after the test's name ("SRT 30 dB
    right, 70 dB left") are claims of those ears; otherwise each value is of ``ear``."""
    if not lexicon.may_hold(low, "srt", "speech", "%", "per"):
        return []  # SRT needs its name; WRS and a bare percentage, a per cent
    srt_rule, wrs_rule = "speech reception threshold", "word recognition score"
    tagged = []
    srt = SRT.search(low)
    if srt:
        listed = _listed_for_ears(low, srt.start(), "db") or _ear_tagged(low, srt.start(), "db")
        tagged += [("srt", e, x, t, srt_rule) for e, x, t in listed]
    elif sent_low and _SRT_NAME.search(low):
        tagged += [("srt", e, x, t, srt_rule) for e, x, t in _ears_listed_on(low, sent_low)]
    wrs = WRS.search(low)
    if wrs:
        listed = _listed_for_ears(low, wrs.start(), "%") or _ear_tagged(low, wrs.start(), "%")
        tagged += [("wrs", e, x, t, wrs_rule) for e, x, t in listed]
    elif (
        not srt and _PERCENTAGE.search(low) and WRS_NAME.search(sent_low[: sent_low.find(low[:12])])
    ):
        # "WRS R 84%, L 52%": the list, split at its comma, goes on naming word scores;
        # "a speech audiometry score of 84%, while the left ear had a score of 50%": so
        # does the score of the ear its own clause names
        listed = _ear_tagged(low, 0, "%") or _clause_ear_score(low, ear)
        tagged += [("wrs", e, x, t, wrs_rule) for e, x, t in listed]
    if tagged:
        return [_clause_claim(kind, e, x, hedged, text, rule) for kind, e, x, text, rule in tagged]
    out = [
        _clause_claim("srt", ear, int(m.group(2)), hedged, m.group(0), srt_rule)
        for m in SRT.finditer(low)
    ]
    out += [
        _clause_claim(
            "wrs", ear, int(m.group(2) or m.group(3) or m.group(4)), hedged, m.group(0), wrs_rule
        )  # fmt: skip
        for m in WRS.finditer(low)
    ]
    return out


TUNING_FORK = re.compile(
    r"\b(?:(rinne)\b(?:\s+(?:test|tests|was|is|were))?[\s:,]*(?:bilateral\w*\s+)?"
    r"(positive|negative|\+ve|-ve)\b|(positive|negative)\s+rinne\b|"
    r"(weber)\b(?:\s+(?:test|was|is))?[\s:,]*(?:(centr\w*|central|midline|lateral\w*|"
    r"localis\w*|localiz\w*)\b))"
)
"""A result of a tuning-fork test: Rinne positive or negative ("Rinne positive bilateral",
"negative Rinne on the left"), Weber central or lateralised ("Weber centred", "Weber
lateralises to the right"). Naming the tests, planning or declining them is no result."""


def tuning_fork_claims(low: str, ear: str | None, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the tuning-fork results of a lower-cased clause (kind ``tuning_fork``): the
    audiogram holds no tuning-fork test, so the judges find each one invented. A prediction
    ("Rinne would be negative") is no result."""
    if not ("rinne" in low or "weber" in low) or PREDICTION.search(sent_low):
        return []
    out = []
    for m in TUNING_FORK.finditer(low):
        test = "rinne" if m.group(1) or m.group(3) else "weber"
        result = m.group(2) or m.group(3) or m.group(5)
        out.append(_clause_claim("tuning_fork", ear, f"{test} {result}", hedged, m.group(0),
                                 "tuning fork"))  # fmt: skip
    return out


_EAR_OF = r"(?:the\s+|their\s+|your\s+|his\s+|her\s+)?"
IMPEDANCE_RESULT = re.compile(
    r"\b(?:has|have|had|shows?|showed|with|produc(?:es|ed|ing)|exhibit(?:s|ed|ing)?|"
    r"display(?:s|ed|ing)?|reveal(?:s|ed|ing)?)\s+(?:an?\s+|the\s+)?"
    r"(?:(?:higher|high|lower|low|increased|reduced|raised|abnormal|normal|greater|absolute|"
    r"measured|static|decibel|db)\s+){0,3}"
    r"(?:(?:middle[\s-]ear|audio|sound|acoustic)\s+)?impedance\b|"
    # an impedance given its value: "an impedance of 4", "impedance: 350"
    r"\bimpedance\s*(?:of|is|was|=|:)\s*(?:about\s+|approximately\s+|around\s+|~\s*)?"
    r"\d+(?:\.\d+)?\b(?!\s*(?:%|hz|khz|db|months?|weeks?|years?)\b)|"
    r"\b(?:higher|high|lower|low|increased|reduced|raised|abnormal|normal|greater)\s+"
    r"(?:middle[\s-]ear\s+)?impedance\s+(?:in|of|on)\s+" + _EAR_OF + r"(?:right|left|both)\b|"
    # a change of the impedance named as a noun: "a 10% increase in left middle ear impedance"
    r"\b(?:increase|decrease|rise|fall|drop|reduction|elevation)\s+in\s+"
    + _EAR_OF
    + r"(?:(?:right|left)\s+)?(?:middle[\s-]ear\s+)?impedance\b|"
    r"\b\d+(?:\.\d+)?\s*ohms?\b"
)
"""An ear's impedance stated as measured: the ear or the patient "has", "shows", "reveals"
or "is producing" an (high, higher, low, "higher decibel absolute" ...) impedance (of the
middle ear, or "audio", "sound", "acoustic" impedance: the acoustic impedance immittance
testing measures, ANSI S3.39; batch 140), a high impedance "in the left ear", an increase or
fall in it, an impedance given its value ("an absolute impedance of 4", "impedance: 350";
batches 152, 155 and 160, the real local model's text, as tuning data), or a value in ohms.
Naming the test ("impedance testing", "impedance audiometry was not done"), planning it or
saying what it measures is no result."""
IMPEDANCE_DEVICE = re.compile(
    r"\b(?:implants?|electrodes?|aids?|receivers?|headphones?|earphones?|transducers?|"
    r"speakers?|cables?|circuits?|batter(?:y|ies)|processors?)\b"
)
"""A device's impedance (an implant's electrodes, a hearing aid's receiver) is no ear's."""
UNREAL = re.compile(r"\b(?:would|could|if|unless|whether)\b")
"""A sentence that puts an impedance under a condition or as what could be states none."""


def impedance_claims(low: str, ear: str | None, hedged: bool, sent_low: str) -> list[Claim]:
    """Return an ear's impedance stated as a result (kind ``impedance``): the audiogram holds
    no immittance measure in ohms or of impedance, so the judges find it invented where the
    case has no tympanometry. A device's impedance, a negated or predicted one is none."""
    if not ("impedance" in low or "ohm" in low):
        return []
    sentence = sent_low or low
    if any(p.search(sentence) for p in (IMPEDANCE_DEVICE, PREDICTION, UNREAL)):
        return []
    out = []
    for m in IMPEDANCE_RESULT.finditer(low):
        if lexicon.negated(low, m.start()):
            continue
        out.append(_clause_claim("impedance", ear, re.sub(r"\s+", " ", m.group(0)), hedged,
                                 m.group(0), "impedance"))  # fmt: skip
    return out


LAY_WORD_SCORE = re.compile(
    r"\b(?:repeated|understood|got|recogni[sz]ed|identified|caught)\s+(?:back\s+)?"
    r"(all|every\s+one|almost\s+all|nearly\s+all|virtually\s+all|practically\s+all)\b"
    r"(?!\s+(?:the\s+)?(?:sounds?|tones?|beeps?)\b)"
)
"""A word test told in lay words ("when we read words to you ..., you repeated almost all of
them correctly"): a word recognition result, near 100% (patient letters, issue #26 batch 16
L14). Its sentence must name the words (WORDS_SAID); beeps and tones are pure tones."""
WORDS_SAID = re.compile(r"\bwords?\b")
_LAY_SCORE = {"all": 100, "every one": 100}
"""The per cent a lay word score says: all of them 100; almost all of them 95 (within the
judges' 10-point tolerance of 85-100)."""


def lay_word_score_claims(low: str, ear: str | None, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the word recognition claim of a word test told in lay words (kind ``wrs``)."""
    if not ("all" in low or "every" in low) or not WORDS_SAID.search(sent_low or low):
        return []
    m = LAY_WORD_SCORE.search(low)
    if m is None or lexicon.negated(low, m.start()) or PREDICTION.search(sent_low or low):
        return []
    said = re.sub(r"\s+", " ", m.group(1))
    value = _LAY_SCORE.get(said, 95)
    return [_clause_claim("wrs", ear, value, hedged, m.group(0), "word test in lay words")]


COUNTED_WORD_SCORE = re.compile(
    r"\b(?:got|repeated|understood|recogni[sz]ed|identified|caught|scored|said\s+back)\s+"
    r"(?:back\s+)?(\d{1,3})\s+(?:out\s+of|of)\s+(?:the\s+)?(\d{1,3})\b"
    r"(?=\s+(?:words?\b|(?:right|correct(?:ly)?)\b(?!\s+(?:ear|side)s?\b)))"
)
"""A word test told as a count ("you got 46 out of 50 words right", "you repeated 18 of the
20 correctly"): a score counted out of the words said is the per cent right (speech
audiometry scores the words repeated correctly, BSA 2018 / ASHA speech audiometry; Easy
Read results letters, issue #26 batch 63, used as tuning data). Only a count of words, or one
said right or correct ('right' not naming an ear): beeps and tones are pure tones."""


def counted_word_score_claims(
    low: str, ear: str | None, hedged: bool, sent_low: str
) -> list[Claim]:
    """Return the word recognition claims of word scores told as counts (kind ``wrs``)."""
    if " of " not in low:
        return []
    out = []
    for m in COUNTED_WORD_SCORE.finditer(low):
        said, of = int(m.group(1)), int(m.group(2))
        if of < 10 or said > of or lexicon.negated(low, m.start()):
            continue
        if PREDICTION.search(sent_low or low):
            continue
        value = round(100 * said / of)
        out.append(_clause_claim("wrs", ear, value, hedged, m.group(0), "word test as a count"))
    return out


def untested_or_lay_results(low: str, ear: str | None, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the results of tests the audiogram may not hold: tuning-fork results, an ear's
    impedance, and the results read without a number: a word test told in
    lay words or as a count (each reader checks its own words first)."""
    return (
        tuning_fork_claims(low, ear, hedged, sent_low)
        + impedance_claims(low, ear, hedged, sent_low)
        + lay_word_score_claims(low, ear, hedged, sent_low)
        + counted_word_score_claims(low, ear, hedged, sent_low)
    )
