"""What a reply claims, read apart from whether it is true: :class:`Claim` and :func:`read_claims`.

The reader is a tokenizer over a clinical lexicon (:data:`LEXICON`, one entry per word
family, each citing where the usage comes from) and a small grammar over the tokens of
each statement (a line, or a sentence or ``;`` clause of one): ear tags bind the claims
after them, ``respectively`` pairs ears with values in order, a withdrawal ("apologies, I
misread ...") withdraws what it corrects (the last word stands), hedges, conditions and
predictions qualify a claim, and a negated mention is no claim. Nothing here looks at the
case: judging is :mod:`clinbench.audiogram.judges`.

Why a hand-written tokenizer and grammar rather than lark or spaCy's matcher: the token
set is a fixed lexicon matched by one compiled regular expression (linear in the reply,
no backtracking across tokens), and the grammar is a left-to-right binding of value tokens
to the nearest ear token, which needs no parse tree. Neither library is installed in the
project's environment; lark would add a dependency for a grammar of a few rules, and
spaCy's matcher a model download (the project reaches no model hub). The rules live in
data (:data:`LEXICON`), so a new phrasing is a new lexicon row with a reading test.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clinbench.audiogram import lexicon
from clinbench.audiogram.alternation import dispatched, led
from clinbench.audiogram.guard_words import WordList
from clinbench.audiogram.lexicon import freqs_of


class Qualifier(StrEnum):
    """How a claim is put: only asserted and hedged claims are judged."""

    ASSERTED = "asserted"
    HEDGED = "hedged"
    WITHDRAWN = "withdrawn"
    CONDITIONAL = "conditional"
    PREDICTED = "predicted"


@dataclass(frozen=True)
class Claim:
    """One claim of a reply: what it says, of which ears, how it is put, and where it stands.

    ``ears``: ("right",), ("left",), ("right", "left") for both ears, ("poorer",) or
    ("better",) for an ear named by its hearing, () when no ear is named. ``value`` is
    the degree word, type word or dB HL level; ``value_high`` the top of a range.
    ``span`` is (start, end) in the reply text.
    """

    kind: str
    ears: tuple[str, ...]
    value: str | int
    qualifier: Qualifier = Qualifier.ASSERTED
    conduction: str = "air"
    frequencies: tuple[int, ...] = ()
    value_high: str | int | None = None
    text: str = ""
    span: tuple[int, int] = (0, 0)
    rules: tuple[str, ...] = ()
    """The lexicon rules that read it (its value's and its ear's, and any construction)."""


# -- the lexicon ------------------------------------------------------------------------

_I = "(?i:{})".format
EAR_BY_ITS_HEARING = r"\b(?:poorer|worse|better)[ \t-]+(?:hearing[ \t-]+)?ear\b"
"""An ear named by its hearing, not its side ("the better ear", "worse-hearing ear"): the
lexicon's "better/poorer ear" row, and the statement reader's test of a clause that names
its ear so (statements._names_an_ear_by_its_hearing)."""
_SP = r"(?:\*\*)?[ \t]+(?:\*\*)?"
"""A space between words, with any emphasis mark that opens or closes beside it ("in the
**middle part** of your ear")."""
_THE = rf"(?:(?:the|your|his|her|their|both){_SP})?"
_PART = rf"(?:part{_SP}of{_SP}(?:the|your|his|her|their|each|both){_SP})?"
"""'the middle part of your ear', 'the inner part of the ear': the part names the place."""
_AT = (
    r"(?:(?<!sound )(?<!sounds )(?<!vibrations )(?<!signals )(?<!waves )(?<!energy )(?:from|in)|"
    rf"(?:problem|loss|damage|trouble|cause) is(?:{_SP}in)?|"
    rf"(?:problem|loss|damage|impairment|deafness)(?:{_SP}(?:that|which))?{_SP}"
    r"(?:affects|affecting|involves|involving))"
)
"""What puts a loss in a place: 'in', 'from', 'the problem is (in)', a loss 'that affects' or
'involving' it ('a hearing loss that affects the middle ear': where the loss arises, as BSA
2018 types a loss; issue #26 batch 166, real-model text). Not sound or its vibrations carried
from or in a part of the ear ('the right ear carries sound from your middle ear'): how hearing
works, no loss (batch 179 QB32)."""
# fmt: off
LEXICON: tuple[tuple[str, str, str, str], ...] = (
    # (token kind, rule name, pattern, source of the usage); at each position the first
    # entry that matches wins.
    ("withdraw", "self-correction",
     _I(r"apolog\w*|sorry|correction|i misread|scratch that|disregard (?:th\w+)|i meant|"
        r"\bi mean\b|\bi correct\b|should read|erratum|to correct (?:my|the) |"
        r"\bno,?\s+wait\b|(?<=[-\u2013] )no(?=,)"),
     "self-corrections in model replies (issue #26, outside batch of the last round); a "
     "patient's 'mild - no wait, ... moderately severe', 'conductive - no, sensorineural' "
     "(batch 51, used as tuning data)"),
    ("withdraw", "spoken hold",
     r"(?<!\w )(?i:(?:\b(?:but|oh|ah|no|um|uh|er|hmm|actually)[ \t]*,?[ \t]+)?"
     r"\b(?:(?:hang|hold)[ \t]+on|wait)\b)(?=[ \t]*(?:[,.!;:\u2013\u2014]|-[ \t]|$))",
     "a speaker's hold opening a clause ('Wait.', 'But hang on -', 'oh, hold on,'): it cuts "
     "a reading off to repair it (conversation analysis of self-repair: Schegloff, Jefferson "
     "and Sacks 1977, Language 53:361-382; think-aloud transcripts, issue #26 batch 80, used "
     "as tuning data)"),
    ("withdraw", "chat correction star",
     r"\*(?<![^\s:\]]\*)(?=[^\s*])(?![^*\n]*\*)",
     "a message opening with a star corrects the message before it ('*R not L', '*L is "
     "conductive not SNHL'); a star that closes on its line is emphasis (chat convention; "
     "clinicians' secure messages, issue #26 batch 33, used as tuning data)"),
    ("ear_key", "ear key",
     r"(?:(?m:^)|(?<=[{,]))[ \t\"'-]*(?i:(right|left)_ear|[\"'](right|left)[\"'])[\"']?"
     r"[ \t]*(?=:)",
     "YAML/JSON keys: right_ear:, \"left\": (structured model output)"),
    ("ear_key", "ear label",
     r"(?:(?m:^)|(?<=[{,]))[ \t\"'-]*(?i:(right|left)(?: ear)?)[ \t]*(?=:)",
     "'Right ear:' labels (clinic letters)"),
    ("ear", "line-start R/L",
     r"(?:(?m:^)|(?<=[.;] )|(?<=[.;])|(?<=\*)(?<![^\s:\]]\*)(?=[RL])|"
     r"(?<=[,:/] )(?=[RL][ \t]+(?:slight|mild|mod(?:erate(?:ly)?)?|severe|profound|normal|"
     r"SNHL|CHL|MHL|sensorineural|conductive|mixed)\b|"
     r"[RL][ \t]+\d{1,2}(?:\.\d{1,2})?[ \t]*(?:k|kHz)[ \t]+\d|"
     r"[RL][ \t]+\d{1,3}(?:\.\d{1,2})?[ \t]+"
     r"(?:slight|mild|mod|moderate|sev|severe|prof|profound)\b)|"
     r"(?<=[ \t])(?=[RL][ \t]+\d{1,3}(?:\.\d{1,2})?[ \t]*(?:-+>|\u2192|=>|\u21d2)[ \t]*"
     r"(?i:slight|mild|mod|moderate|sev|severe|prof|profound)\b))"
     r"[ \t>*-]*([RL])(?=[ \t]*[:=\-)]|[ \t]+[\w.])",
     "bare R/L at a line start ('R: 45', 'R = mild only'), or opening a comma's item or a "
     "speaker's turn with the ear's degree or type ('AUD: R moderate, L mild', 'AUD: R "
     "SNHL'), a frequency and its "
     "level ('L 4k 65, R 4k 35') or an average and its grade ('R 4FA 45 mod / L 25 mild'; "
     "or a row's value and the verdict an arrow gives it, 'PTA   L 48 -> moderate'): "
     "clinic shorthand on forms and in chats"),
    ("ear", "ear abbreviation",
     rf"\b{lexicon.NOT_A_TYMPANOGRAM_TYPE}(AD|AS\b{lexicon.AORTIC_STENOSIS_AFTER}|AU|RE|LE)\b",
     "Latin and UK ear abbreviations (ASHA 1990 audiogram forms; NHS audiology letters)"),
    ("ear", "ear word",
     _I(rf"\b(right\b{lexicon.RIGHT_SAID_OF_A_READING}{lexicon.RIGHT_AS_AN_ADVERB}|left|rt|lt|"
        r"bilat(?:eral(?:ly)?)?|both ears|"
        r"each ear|each side|both sides)\b|"
        r"\b([rl])(?= ear\b)"),
     "plain ear words and 'bilat' (clinic notes)"),
    ("ear", "the R/L", r"(?<=\bthe )([RL])\b(?![-'.]?\w)",
     "'As on the L, A on the R': a capital R or L after 'the' is the side (chat shorthand)"),
    ("ear", "level then R/L", r"(?<=\d )([RL])(?=[ \t]*(?:,|and\b|\.|$|\((?![ \t]*\d)))",
     "'3k 50 R, 55 L': a capital R or L straight after a level is its ear (chat shorthand), "
     "also before a parenthesis that grades it ('4FA 17.5 R (normal) and 28.75 L (mild)')"),
    ("ear", "frequency then R/L",
     r"(?:(?<=Hz )|(?<=\dk )|(?<=Hz: )|(?<=\dk: )|(?<=Hz, )|(?<=\dk, )|(?<=Hz - )|"
     r"(?<=\dk - )|(?<=Hz \u2013 )|(?<=\dk \u2013 ))([RL])"
     r"(?=[ \t]+\d{1,3}\b(?![ \t]*(?:k\b|khz|hz|%)))",
     "'Bone at 4 kHz R 10', '2 kHz: R 50, L 10': a capital R or L straight after a frequency, "
     "before a level, is that level's ear (clinic notes' shorthand, batch 182 TA24)"),
    ("worse", "ear letter worse", r"(?<=[RL] )(?<!\w[RL] )(?:worse|poorer)\b",
     "'R worse', 'L worse': which ear is worse, in a chat (read here so a correction can "
     "withdraw it; judged from the clause reader's reading, issue #26 batch 33)"),
    ("side", "better/poorer ear", _I(EAR_BY_ITS_HEARING),
     "better/poorer ear (WHO 2021 grades a person by the better ear)"),
    ("degree", "dead ear",
     _I(r"\b(dead ear|(?:hears?|heard|can hear) nothing"
        r"(?= (?:on|in|with|through|from) (?:the|his|her|their|your|my) (?:right|left)\b)|"
        r"(?:did|does) not (?:respond|hear) (?:at|even at) (?:the )?"
        r"(?:loudest|maximum|highest) (?:levels?|sounds?)|"
        r"(?:(?<=ear )|(?<=ear is )|(?<=ear was )|(?<=ear: )|(?<=ear - )|(?<=ear \u2013 ))"
        r"(?:(?:totally|completely|basically|effectively|functionally|pretty much) )?dead)\b"),
     "'dead ear', no response at the audiometer's limits: profound to complete (WHO 2021); "
     "an ear said to be dead ('left ear dead', 'my LEFT ear is totally dead': patients' "
     "accounts and speech-language reports, issue #26 batches 51 and 54); an ear that 'hears "
     "nothing' on one side ('she hears nothing on the left': a care-home nursing "
     "instruction, batch 172 UU16); not a person's 'he hears nothing', which names no ear"),
    ("degree", "non-native degree word", _I(r"\b(light)(?= (?:\w+ )?(?:loss|deafness|hypoacusis|"
                                             r"hearing loss|conductive|sensorineural|"
                                             r"neurosensorial|in the mean)\b|"
                                             r"(?:(?<=[:,;(-] light)|(?<=\bis light)|"
                                             r"(?<=\bwas light)|(?<=\bare light)|"
                                             r"(?<=\bear light)|(?<=\bloss light))"
                                             r"(?=[,.;]|$))"),
     "'light' for mild, a calque of leicht/léger/leve (non-native English, issue #26 batch 14); "
     "ending its clause only as a predicate (after a colon, comma, copula, ear or loss), not "
     "the noun of 'a night light', 'a reading light'"),
    ("degree", "degree abbreviation",
     _I(rf"\b(mod[- /]?sev|mod|sev|{lexicon.PROF_GRADE}|wnl)\b"),
     "chart abbreviations of degree: mod, mod-sev, sev, prof, WNL (clinic notes); 'prof' "
     "as lexicon.PROF_GRADE reads it ('Prof Jones' is a title)"),
    ("degree", "degree word",
     _I(r"\b(moderate(?:ly)?[- ]severe|moderate|severe|profound|mild|slight|"
        r"within normal limits|(?<!tymp )(?<!tymps )(?<!tymp: )(?<!tympanogram )"
        r"(?<!tymps: )(?<!tympanograms )(?<!tympanogram: )(?<!tm )(?<!tms )(?<!drum )"
        r"(?<!drums )normal)\b"),
     "degree words (WHO 2021; Clark 1981); 'normal' straight after a tympanogram is its "
     "result (BSA 2013 tympanometry), not the hearing's grade, and after the eardrum ('R: "
     "TM normal') the otoscopy's (batch 171 UT47)"),
    ("type", "type abbreviation", _I(r"\b(snhl|chl|mhl)\b"),
     "SNHL/CHL/MHL (BSA 2018; ASHA 2005)"),
    ("type", "type word",
     _I(r"\b(sensorineural|conductive|" + lexicon.MIXED_LOSS_WORD + r")\b"),
     "type words (BSA 2018; ASHA 2005); 'a mixed picture' (findings of more than one kind, "
     "as in 'asymmetric loss, mixed picture') is no type (issue #26 batch 21), nor 'these "
     "results are mixed' (batch 140)"),
    ("type", "non-native type word",
     _I(r"\b(neuro-?sensorial|sensori-?neural|perceptive|perception type|of perception type|"
        r"transmission(?=[\s-]+(?:type|deafness|loss|hearing|hypoacusis|component|"
        r"impairment|pattern)\b)(?: type| deafness| loss| hypoacusis)?|"
        r"(?:(?<=loss of )|(?<=deafness of )|(?<=hypoacusis of )|(?<=perte de )|"
        r"(?<=auditive de )|(?<=composante de ))transmission(?: type)?|"
        r"transmissive)\b"),
     "neurosensorial / perception, transmission (European usage calqued into English, issue "
     "#26 batch 14): 'transmission' names the type as a kind of loss ('a transmission "
     "deafness', 'transmission hypoacusis', 'a transmission component', 'loss of "
     "transmission type', 'perte de transmission'); alone it is how sound travels, not a "
     "type ('sound transmission', 'the transmission of sound', batches 18 and 140; 'the "
     "mode of transmission to bone conduction devices', 'an overlap in transmission between "
     "the two ears', batch 146)"),
    ("type", "lay mixed",
     _I(r"\bpart\b[^.;\n]{0,50}?\b(?:middle|inner) ears?\b[^.;\n]{0,30}?\bpart\b[^.;\n]{0,30}?"
        r"\b(?:middle|inner) ears?\b|\bboth the (?:outer|middle) and the inner ear\b|"
        rf"\b{_AT}{_SP}{_THE}middle{_SP}{_PART}ears?{_SP}and{_SP}(?:in{_SP})?{_THE}"
        rf"inner{_SP}ears?\b"),
     "lay account of a mixed loss: part middle ear, part inner ear; a loss in the middle "
     "(part of the) ear and the inner ear (patient letters; Easy Read results; BSA 2018)"),
    ("type", "lay inner ear",
     _I(rf"\b{_AT}{_SP}{_THE}"
        rf"(?:inner{_SP}{_PART}ears?|hearing{_SP}nerve|hair{_SP}cells)\b|"
        r"\b(?<!scan )(?<!scans )(?<!mri )(?<!picture )(?<!images )(?<!test )(?<!image )"
        r"(?<!view )(?<!diagram )(?<!model )(?<!anatomy )(?<!examination )(?<!exam )"
        r"(?<!size )(?<!shape )(?<!structure )of (?:the )?"
        r"(?:inner ears?|hearing nerve|hair cells)\b|\binner[- ]ear (?:hearing )?loss\b"),
     "lay words for a sensorineural cause: the inner ear (or its inner part), hair cells, "
     "hearing nerve (patient letters; Easy Read results; BSA 2018 defines the type by where "
     "the loss arises); 'a scan of the hearing nerve' names what is imaged, not where a loss "
     "arises, and so do an image, a view, a diagram, a model, the anatomy or an examination "
     "of the inner ear (issue #26 batch 143, real-model text: 'an image of the inner ear'), "
     "and so do its size, shape or structure (batch 165 UN34: 'the size of the inner ear'); "
     "emphasis marks between the words change nothing"),
    ("type", "lay middle ear",
     _I(rf"\b{_AT}{_SP}{_THE}"
        rf"middle{_SP}{_PART}ears?\b|\b(?:middle|outer)[- ]ear (?:hearing )?loss\b|"
        r"\bmiddle[- ]ear (?:condition|disease|disorder|pathology|dysfunction|"
        r"deformit(?:y|ies)|damage)\b|"
        rf"\b(?:loss|deafness|impairment)\b[^.;\n]{{0,40}}?\b{_AT}{_SP}{_THE}"
        rf"outer{_SP}{_PART}ears?\b|"
        r"\b(?:fluid|blockage) (?:behind|in) (?:the |your |his |her )?(?:ear ?drum|middle ear)\b|"
        r"\b(?:caused by|due to|because of|comes? from|from) (?:the |a |your |his |her )?"
        r"(?:hole|perforation|tear) in (?:the |your |his |her )?(?:right |left )?ear ?drum\b"),
     "lay words for a conductive cause: the middle ear (or the middle part of the ear), "
     "or a loss put in the outer ear, where a conductive loss also arises (BSA 2018: a "
     "loss of the outer or middle ear; the outer ear named alone is anatomy: 'wax was "
     "removed from the outer ear'), fluid behind the eardrum, a loss caused by a hole in "
     "the eardrum (a perforation: sound is not carried to the inner ear); a middle-ear "
     "condition, disease, disorder, deformity or damage named as the finding (a "
     "disorder of the middle ear is a conductive cause, BSA 2018; batch 186 QE36, the "
     "real local model's 'a left middle ear condition') (patient letters; "
     "Easy Read results; BSA 2018; issue #26 batch 16; batch 155's 'originates from the "
     "outer ear to the middle ear')"),
    ("tymp", "tymp abbreviation",
     r"(?i:\btymps?\b|\btympanograms?\b)(?:[ \t]*\((?i:(r|l|right|left)/(?:r|l|right|left))\))?"
     r"[ \t]*[:=-]?[ \t]*(?i:types?[ \t]*)?"
     r"(A[sd]?|B|C)(?:[ \t]*(?:/|,|and)[ \t]*(?i:type[ \t]*)?(A[sd]?|B|C))?\b",
     "'Tymps C', 'Tymps: A/A' (right/left), 'Tymps (L/R): A/As', 'tympanograms B and A' "
     "(Jerger 1970 types; clinic notes)"),
    ("tymp", "lay tympanometry",
     _I(r"\b(?:(?:ear ?drum|middle[- ]ear) (?:pressure|movement|mobility)|"
        r"(?<!blood )(?<!bp )pressure) tests?\b"),
     "'the eardrum pressure test', or 'the pressure test' beside a hearing test: "
     "tympanometry in patient letters and messages (BSA 2013 tympanometry procedure, "
     "plain-language summary); a blood pressure test is not"),
    ("freq", "at-sign frequency",
     _I(rf"@\s*(?!{lexicon.CLOCK_TIME})(\d+(?:\.\d+)?)(?![\d.])\s*(k(?:hz)?|hz)?\b"
        r"(?!\s*(?:-|\u2013|to)\s*\d)"
        rf"(?!\s*{lexicon.NON_FREQUENCY_UNIT}(?![a-z]))"),
     "'30 @750', '40 @ 2k' (clinic shorthand); not the first frequency of a range ('60 "
     "@0.25-4 kHz' is no level at 250 Hz: see _RANGE_OPENED), nor a number in another unit "
     "('20 dives @ 3 bar', '85 dB @ 3 m': a sound level at a distance from its source), "
     "nor a time of day ('Obs 2 @ 10:05', 'BP 120/80 @ 1405': lexicon.CLOCK_TIME)"),
    ("freq", "frequency", _I(r"\b(\d+(?:\.\d+)?)\s*(khz|k|hz)\b"),
     "'1k', '2 kHz', '500 Hz' (audiogram forms)"),
    ("more", "difference",
     _I(r"[>≥]\s*|\b(?:more than|greater than|over|differ\w* (?:of |by )?)|\bby(?=\s+\d)"),
     "a difference or bound, not a threshold ('>15 dB' between ears)"),
    ("level", "level", _I(r"(?<![\w.])(-?\d{1,3})(?!\s*db\s*" + lexicon.OTHER_DB_SCALE + r"\b)"
                          r"(?:\s*db(?:\s*hl)?)?(?![\w.%])"),
     "a level in dB HL, not in another dB scale ('100 dB nHL' clicks)"),
    ("conduction", "conduction", _I(r"\b(bone|bc|air|ac)\b"),
     "air and bone conduction (BSA 2018)"),
    ("gap", "air-bone gap", _I(r"\b(?:abg|air[- ]bone gaps?|gaps?)\b"),
     "an air-bone gap's size is not a threshold (BSA 2018)"),
    ("respectively", "respectively", _I(r"\brespectively\b"), "distributive 'respectively'"),
    ("negation", "negation",
     _I(r"\b(?:no|not|without|rule[sd]? out|absence of|absent|rather than|instead of)\b"),
     "a negated mention is not a claim"),
    ("crossed", "cross mark", "[\u2717\u2718\u274c]",
     "a cross after a finding rules it out, as a tick affirms ('so CHL \u2717'; clinicians' "
     "secure messages, issue #26 batch 33, used as tuning data)"),
    ("hedge", "hedge",
     _I(r"\b(?:probabl\w*|likely|possibl\w*|suggest\w*|query|may|might|appears?|"
        r"consistent with)\b|\?"), "hedges"),
    ("predicted", "prediction",
     _I(r"\b(?:expected|would be|will show|predict\w*|(?:risks?|chance|danger) of)\b"),
     "predictions, and an outcome named as a risk ('counsel on the risk of a dead ear')"),
    ("conditional", "condition", _I(r"\b(?:if|unless)\b"), "conditions"),
)
# fmt: on
SHORTHAND = frozenset(
    {
        "ear key",
        "line-start R/L",
        "the R/L",
        "level then R/L",
        "frequency then R/L",
        "better/poorer ear",
        "degree abbreviation",
        "at-sign frequency",
        "khz list",
        "respectively",
        "self-correction",
        "tymp abbreviation",
        "dead ear",
        "non-native degree word",
        "non-native type word",
        "lay mixed",
        "lay inner ear",
        "lay middle ear",
        "frequency, then ear levels",
        "lay tympanometry",
        "ear order tag",
        "frequency, level",
        "slash list",
    }
)  # fmt: skip
"""The rules whose readings the pattern reader of statements.py lacks (issue #26): a claim
read with one of them is judged when that reader gave no finding for it."""
_TRIGGER_WORDS = (
    "@", "_ear", "respectively", "poorer", "better ear", "worse ear", "better-ear",
    "apolog", "sorry", "correction", "misread", "scratch that", "disregard", "i meant",
    "should read", "erratum", "to correct", "\"right\"", "\"left\"", "'right'", "'left'",
    "dead", "hears nothing", "hear nothing", "heard nothing", "loudest", "light", "neuro",
    "perceptive", "perception", "transmiss",
    "inner ear", "middle ear", "middle part", "inner part", "outer ear", "outer part",
    "hair cells", "hearing nerve",
    "eardrum", "ear drum",
    "i mean", "i correct", "pressure test", "movement test", "mobility test",
    "no wait", "no, wait", "- no,", "\u2013 no,", "wait", "hang on", "hold on",
)  # fmt: skip


_TRIGGER_DIGIT = re.compile(
    r"\d(?:(?:\s*[:=]\s*|\s+)-?\d{1,3}\s*(?i:db\s*(?:hl)?\s*)?[/|,]|"
    r"\s*[:=]\s*-?\d{1,3}\s+\d{1,4}\s*(?i:k(?:hz)?|hz)?\s*[:=]|"
    r"\s*(?i:k|khz|hz)\s*(?::|,\s*(?i:at)\s)?\s*-?\d{1,3}\b|\s*/\s*\.?\d|"
    r"(?i:\s*(?:db\s*)?(?:hl\s*)?(?:on\s+)?both sides)|"
    r"(?<!\w\d)\d{0,2}(?i:\s*(?:db\s*(?:hl)?\s*)?(?:(?:on|in)\s+the\s+)?(?:right|left)\s*(?:,|and)\s*\d))"
)
"""Shorthand that opens with a digit: '30: 45 /', '2k 40', '25/30', '40 both sides', '45 dB
on the right, 50', '250:20 500:'. It opens with ``\\d`` so the search jumps from digit to digit."""
_TRIGGER_EAR_LETTER = re.compile(r"[RL](?<!\w[RL])\b")
"""A capital R or L standing alone (written to open with the letter, so the search jumps
from capital to capital)."""
_TRIGGER_LOWER = (
    r"\b(?:mod|sev|prof|wnl)\b|\bmod[- /]sev|\b(?:right|left)(?:\s+(?:is|was))?\s+\d{1,3}\b"
)
"""Degree abbreviations and 'right 40', in lower case: searched in the lower-cased text of
an ASCII reply (where that is the same as ignoring case), else with case ignored."""
_TRIGGER_LOWERED = led(re.compile(_TRIGGER_LOWER))
_TRIGGER_LOWERED_NEEDS = frozenset(("mod", "sev", "prof", "wnl", "right", "left"))
"""The words one of which each match of _TRIGGER_LOWER holds."""
_SHORTHAND_WORDS = WordList((*_TRIGGER_WORDS, *_TRIGGER_LOWERED_NEEDS))
"""The trigger words, and the words _TRIGGER_LOWERED needs, found in a part in one pass over
its words (guard_words.WordList) rather than one scan of the part per pattern."""
_TRIGGER_STAR = re.compile(r"\*(?<![^\s:\]]\*)(?=[^\s*])(?![^*\n]*\*)")
"""A message opening with a star: it corrects the one before (the "chat correction star")."""
_TRIGGER_TYMP = r"(?i:tymps?|tympanograms?)[ \t]*[:=-]?[ \t]*(?i:type[ \t]*)?[ABC]"
_TRIGGER_TYMP_RE = re.compile(_TRIGGER_TYMP)
_TRIGGER_PATTERN = re.compile(
    "|".join(
        (
            _TRIGGER_DIGIT.pattern,
            _TRIGGER_EAR_LETTER.pattern,
            f"(?i:{_TRIGGER_LOWER})",
            _TRIGGER_TYMP,
        )
    )
)
"""All the shorthand patterns in one, for replies that are not ASCII."""
_TRIGGER_PATTERN = led(_TRIGGER_PATTERN)  # (its first characters looked for first, for speed)


def may_hold_shorthand(text: str) -> bool:
    """Return True unless ``text`` surely holds nothing a SHORTHAND rule (or a
    self-correction) reads: a cheap test, so replies without shorthand skip the reader."""
    low = text.lower()
    found = _SHORTHAND_WORDS.found(low)
    if not found.isdisjoint(_TRIGGER_WORDS) or ("*" in text and _TRIGGER_STAR.search(text)):
        return True
    if not text.isascii():
        # Case-insensitive matching also folds a few non-ASCII letters ('ı', 'ſ', the
        # Kelvin sign) that lower() keeps apart: test such a reply with case ignored.
        return bool(_TRIGGER_PATTERN.search(text))
    return bool(
        _TRIGGER_DIGIT.search(text)
        or _TRIGGER_EAR_LETTER.search(text)
        or (not found.isdisjoint(_TRIGGER_LOWERED_NEEDS) and _TRIGGER_LOWERED.search(low))
        or ("tymp" in low and _TRIGGER_TYMP_RE.search(text))
    )


TOKEN_START = (
    r"\b(?=\w)|[@>≥?RL\u2717\u2718\u274c]|\*(?=[^\s*])|-(?=\d)|(?m:^)|(?<=[{,.;])|(?<=[.;,:/] )|"
    # (the words' first letters in a look-ahead first, for speed: the case-ignoring words are
    # tried only there, not at every character; a non-ASCII letter may fold to one of them)
    r"(?=[aAsScCiIdDeEtT]|[^\x00-\x7f])"
    r"(?i:apolog|sorry|correction|i misread|scratch that|disregard|i meant|should read|erratum|"
    r"to correct )"
)
"""Where a LEXICON token can start: a word's first character (most rows open with ``\b`` and
a word character), one of the characters a row opens with ('@', '>', '≥', '?', a star, a cross
mark, a capital R or L, a minus before a digit), a line start, right after the punctuation
the ear-key and line-start rows look behind for, or a self-correction word (matched inside a
word too).
Every row must start only at such a place (tests/audiogram/test_token_start.py checks each
row on every labelled reply); a row that can start elsewhere widens this. Trying the
lexicon only where this holds reads the same tokens ~2.4x faster: without it the regular
expression engine tries all the rows at every character of the reply."""
_MASTER, _ROW_OF = dispatched([p for _, _, p, _ in LEXICON], TOKEN_START)
"""The lexicon rows in order, tried where TOKEN_START holds, and only the rows that can open
with the character there (:mod:`alternation`: ~1.7x faster, the same tokens); ``_ROW_OF``
gives the row of a match's group name and the numbers of that row's own groups."""
_MASTER = led(_MASTER)  # (its first characters looked for first, for speed)
_STATEMENT_END = re.compile(
    r"\n|(?<=[A-Za-z0-9%)\]*])\.(?=\s|$)(?!(?:(?<=\b[Pp]rof\.)|(?<=\b[Dd]r\.)|(?<=\bM[rs]\.)|"
    r"(?<=\bMrs\.))[ \t]+(?!(?:Left|Right|Both|Bilat\w*|LEFT|RIGHT|BOTH|[LR]|A[DSU]|[LR]E)\b)"
    r"[A-Z])|;"
)
"""A statement ends at a line end, a semicolon, or a full stop before a space or the end, not
the stop of a title before a name ("Prof. Smith reviewed the right ear": "Prof" is no grade;
"Right ear: prof. Left normal." ends at "prof.", the next statement naming an ear)."""
_STATEMENT_END = led(_STATEMENT_END)  # (its first characters looked for first, for speed)

_DEGREE = {
    "wnl": "normal", "within normal limits": "normal", "normal": "normal", "slight": "slight",
    "mild": "mild", "light": "mild", "moderate": "moderate", "severe": "severe",
    "profound": "profound", **lexicon.GRADE_SHORTHAND,
}  # fmt: skip
_TYPE = {"snhl": "sensorineural", "sn": "sensorineural", "sensorineural": "sensorineural",
         "chl": "conductive", "conductive": "conductive", "mhl": "mixed",
         "mixed": "mixed"}  # fmt: skip
_EAR = {"r": "right", "rt": "right", "right": "right", "re": "right", "ad": "right",
        "l": "left", "lt": "left", "left": "left", "le": "left", "as": "left"}  # fmt: skip
_KHZ_LIST = re.compile(
    r"(?:^|[/:|,]|(?<=\s))\s*(0?\.25|0?\.5|0?\.75|1|1\.5|2|3|4|6|8|250|500|750|1000|1500|2000|"
    r"3000|4000|6000|8000)\s*(?:k(?:hz)?|hz)?"
    r"(?:\s*[:=]\s*|\s+)(-?\d{1,3})\s*(?:db(?:\s*hl)?)?\s*(?=[/|,]|$|\n|"
    r"(?<=\s)(?:0?\.\d{1,2}|\d{1,4})\s*(?:k(?:hz)?|hz)?\s*[:=])",
    re.I,
)
"""A list item of a frequency, then its level: '.25 60 / .5 50 / 1 45 / ... / 8 55',
'.25 10 | .5 10 | 1k 15', '250 Hz 60, 500 15, 1k 20', '250:20 500:20 750:55' (frequency in
kHz or Hz, then dB HL; items apart by '/', '|' or ',', or by a space before the next item's
'FREQ:'); a frequency in Hz takes no level paired with a second after a slash ('500
98/101': two values, not one item's; :data:`_PAIRED_LEVEL`)."""
_PAIRED_LEVEL = re.compile(r"\s*/\s*\d{2,3}\b(?!\s*(?:k(?:hz)?|hz)?\s*[:=]|\s+\d)")
"""After a list item's level: a slash and a second level that no level follows (not the next
item's frequency)."""
KHZ = {".25": 250, "0.25": 250, ".5": 500, "0.5": 500, ".75": 750, "0.75": 750, "1": 1000,
       "1.5": 1500, "2": 2000, "3": 3000, "4": 4000, "6": 6000, "8": 8000,
       **{str(hz): hz for hz in (250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000)},
       }  # fmt: skip


@dataclass(frozen=True)
class Token:
    """One lexicon match: its kind, normalised value and place in the reply."""

    kind: str
    value: str
    start: int
    end: int
    rule: str = ""


def tokens(text: str, start: int = 0, end: int | None = None) -> Iterator[Token]:
    """Yield the lexicon tokens of ``text[start:end]`` in order (one pass, linear)."""
    for m in _MASTER.finditer(text, start, len(text) if end is None else end):
        row, numbers = _ROW_OF[m.lastgroup]
        kind, rule = LEXICON[row][:2]
        groups = [g for g in map(m.group, numbers) if g is not None]
        yield Token(kind, _normal(kind, m, groups, rule), m.start(), m.end(), rule)


def _normal(kind: str, m: re.Match, groups: list[str], rule: str = "") -> str:
    """Return a token's value in the checker's words (its kind's normaliser)."""
    raw = (groups[0] if groups else m.group(0)).strip().lower()
    normaliser = _NORMALISERS.get(kind)
    return raw if normaliser is None else normaliser(raw, m, groups, rule)


def _ear_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    if raw.startswith("bilat") or raw in ("both ears", "au", "each ear", "each side", "both sides"):
        return "both"
    return _EAR.get(raw.split()[0].split("_")[0], raw)


def _degree_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    if rule == "dead ear":
        return "profound"
    if raw.startswith("mod") and "sev" in raw:
        return "moderately severe"
    return _DEGREE.get(raw, raw)


def _type_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    if rule.startswith("lay "):
        return {"lay mixed": "mixed", "lay inner ear": "sensorineural"}.get(rule, "conductive")
    if raw.startswith(("neuro", "sensori", "percept", "of percept")):
        return "sensorineural"
    if raw.startswith("transmiss"):
        return "conductive"
    return _TYPE[raw]


def _tymp_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    if rule == "lay tympanometry":
        return ""  # its result is read after it (_lay_tympanogram)
    first = "L/R:" if groups and groups[0].lower() in ("l", "left") else ""
    letters = [g for g in groups if g.lower() not in ("r", "l", "right", "left")]
    return first + "/".join(g[0].upper() + g[1:].lower() for g in letters[:2])


def _freq_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    number, unit = (groups + [""])[:2]
    value = float(number)
    hz = value * 1000 if unit.lower().startswith("k") or value < 20 else value
    return str(int(hz))


def _conduction_value(raw: str, m: re.Match, groups: list[str], rule: str) -> str:
    # a bone said not tested ends bone, it opens none ("no bone done", "BC not tested"):
    # the levels after it are air (lexicon.conduction_not_tested)
    if raw not in ("bone", "bc"):
        return raw
    start = max(0, m.start() - 8)
    near = m.string[start : m.end() + 60].lower()  # (a window: the tests look no further)
    return "air" if lexicon.conduction_not_tested(near, m.start() - start, m.end() - start) else raw


_NORMALISERS = {
    "ear": _ear_value,
    "ear_key": _ear_value,
    "side": lambda raw, m, groups, rule: "better" if "better" in m.group(0).lower() else "poorer",
    "degree": _degree_value,
    "type": _type_value,
    "tymp": _tymp_value,
    "freq": _freq_value,
    "conduction": _conduction_value,
}


# -- dictated replies ---------------------------------------------------------------------
# Speech recognition in dictation mode writes spoken punctuation as words ("full stop",
# "comma") and numbers as words ("fifty five at two fifty"); audiologists dictate
# frequencies in their spoken short forms ("two fifty", "seven fifty", "fifteen hundred").
# A reply with spoken punctuation is written out before it is read.

_SPOKEN_MARK = re.compile(r"(?i)\bfull stop\b|\bnew (?:line|paragraph)\b")
_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}  # fmt: skip
_TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}  # fmt: skip
_SPOKEN_WORD = re.compile(
    r"(?i)\b(?:full stop|new paragraph|new line|comma|colon|semicolon|percent|kilohertz|hertz|"
    r"and a half|point|hundred|thousand|" + "|".join([*_UNITS, *_TENS]) + r")\b"
)
_PUNCTUATION = {"full stop": ".", "comma": ",", "colon": ":", "semicolon": ";",
                "new line": "\n", "new paragraph": "\n\n", "percent": "%",
                "kilohertz": "kHz", "hertz": "Hz"}  # fmt: skip


def written_out(reply: str) -> str:
    """Return a reply with its numbers written in words written as digits; a dictated reply
    (spoken "full stop", "new line") also has its spoken punctuation written out ("fifty
    five at two fifty comma" -> "55 at 250,"); any other reply unchanged.

    One pass over the words (linear). A number is read greedily: "four thousand", "fifteen
    hundred", "fifty five", "forty-five", "sixty eight point seven five", "fifty two and a
    half"; right after "at", a unit then a tens word is a frequency's spoken form ("at two
    fifty" = 250, "at seven fifty" = 750). Hundreds and thousands are frequencies, which are
    round: "five hundred forty at one thousand" is 500, then 40 at 1000.

    A number in words is a number wherever the reader reads numbers: a telephone call's
    transcript ("forty-five decibels", "ninety-two percent") says its levels as a dictation
    does. Outside dictation the punctuation words stay as they are ("colon" may be the
    bowel), and so does a lone word under ten ("one ear", "the two sides"), which is rarely a
    level: only "percent", "hertz" and "kilohertz" after a number are written as units.
    """
    dictated = lexicon.may_hold_words(reply, "full stop", "new ") and _SPOKEN_MARK.search(reply)
    # (the words' cheap test first: most replies hold none, and the pattern ignoring case
    # tries every word at every position)
    if not dictated and not (
        lexicon.may_hold_words(reply, *_NUMBER_WORDS) and _NUMBER_WORD.search(reply)
    ):
        return reply
    out: list[str] = []
    last = 0
    words = list(_SPOKEN_WORD.finditer(reply))
    i = 0
    while i < len(words):
        m = words[i]
        word = m.group(0).lower()
        if word in _PUNCTUATION:
            if dictated or (word in _UNIT_WORDS and _after_digits(out, reply, last, m.start())):
                out.append(
                    reply[last : m.start()].rstrip(" ")
                    if word in _STOPS
                    else reply[last : m.start()]
                )
                out.append(_PUNCTUATION[word])
                last = m.end()
            i += 1
            continue
        value, j = _spoken_number(reply, words, i)
        if value is None or (
            not dictated and _lone_small(word, value) and not _KILO.match(reply, m.end())
        ):
            i += 1
            continue
        between = reply[last : m.start()]
        if word in ("hundred", "thousand"):  # "a hundred": the "a" is the number
            between = _A_BEFORE.sub("", between)
        # a level at a test frequency: "50 dB at 500 Hz", as a written report gives it
        out.append(f" dB{between}" if value.endswith(" Hz") and _AT.fullmatch(between) else between)
        out.append(value)
        last, i = words[j - 1].end(), j
    out.append(reply[last:])
    text = "".join(out)
    return _SENTENCE_START.sub(lambda m: m.group(0).upper(), text) if dictated else text


_NUMBER_WORDS = (
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
    "ninety", "hundred", "thousand", "hertz", "kilohertz", "percent",
)  # fmt: skip
_NUMBER_WORD = re.compile(r"(?i)\b(?:" + lexicon.literal_trie(_NUMBER_WORDS) + r")\b")
"""A number word that may be a level or a frequency (ten or more, or a hundred or thousand),
or a unit in words: without one a reply that is not dictated holds nothing to write out.
Written as a trie (one test per first letter at each word, ~2x faster): the same words as
their alternation, since none of them opens another."""
_UNIT_WORDS = frozenset({"percent", "hertz", "kilohertz"})


def _after_digits(out: list[str], reply: str, last: int, at: int) -> bool:
    """Return whether only spaces separate a unit word at ``at`` from a number: one just
    written out (the last piece of ``out``, when nothing of the reply came after it) or
    one in digits ("250 hertz")."""
    if reply[last:at].strip():
        return _DIGITS_BEFORE.search(reply, max(last, at - 8), at) is not None
    return bool(out) and out[-1][-1:].isdigit()


_DIGITS_BEFORE = re.compile(r"\d[ \t]*$")


def _lone_small(word: str, value: str) -> bool:
    """Return whether a number in words is a lone word under ten ("one", "two"): outside
    dictation such a word is a count ("one ear", "two sides"), not a level."""
    return word in _UNITS and _UNITS[word] < 10 and value == str(_UNITS[word])


_KILO = re.compile(r"[ \t]?[kK]\b")
"""A spoken "K" after a number ("ninety at four K"): kilohertz, as "4k" is written, so the
number before it is a frequency, not a count (batch 73: consultation captions)."""
_A_BEFORE = re.compile(r"(?i)\ba[ \t]+$")
""""a" before "hundred" or "thousand": the number one ("a hundred percent", "forty at a
thousand")."""


_SENTENCE_START = re.compile(r"(?:^|[.\n]\s*)[a-z]")
"""A dictated sentence's first letter, written as a capital (sentences start with one)."""


_FREQUENCY_BEFORE = re.compile(r"(?i)\b(?:at|from|to)\s+$")
"""A word before a frequency ("at two fifty", "from two fifty to four thousand")."""
_STOPS = frozenset({"full stop", "comma", "colon", "semicolon", "percent"})


def _next(reply: str, words: list[re.Match], k: int, between: str = r"\s+") -> str | None:
    """Return the k-th word, lower-cased, when only spaces (or ``between``) separate it
    from the word before."""
    if k >= len(words) or not re.fullmatch(between, reply[words[k - 1].end() : words[k].start()]):
        return None
    return words[k].group(0).lower()


def _spoken_number(reply: str, words: list[re.Match], i: int) -> tuple[str | None, int]:
    """Return the digits of the spoken number starting at word ``i`` and the index after it."""
    word = words[i].group(0).lower()
    small = _UNITS.get(word, _TENS.get(word))
    if small is None:
        return _a_hundred_or_thousand(reply, words, i), i + 1
    j = i + 1
    nxt = _next(reply, words, j)
    at = _FREQUENCY_BEFORE.search(reply, max(0, words[i].start() - 5), words[i].start())
    if word in _UNITS and nxt in ("thousand", "hundred"):
        value = small * (1000 if nxt == "thousand" else 100)
        j += 1
        return _frequency(reply, words, i, j, value), j
    if at and word in _UNITS and 0 < small < 10 and nxt in _TENS:
        return _frequency(reply, words, i, j + 1, small * 100 + _TENS[nxt]), j + 1  # 250 Hz
    value, j = _two_words(reply, words, i)
    nxt = _next(reply, words, j)
    if nxt == "point":
        digits = []
        k = j + 1
        while (d := _next(reply, words, k)) is not None and d in _UNITS and _UNITS[d] < 10:
            digits.append(str(_UNITS[d]))
            k += 1
        if digits:
            return f"{value}.{''.join(digits)}", k
    if nxt == "and a half":
        return f"{value}.5", j + 1
    return str(value), j


def _a_hundred_or_thousand(reply: str, words: list[re.Match], i: int) -> str | None:
    """Return the digits of "a hundred" / "a thousand" spoken at word ``i`` (None for any
    other word): "a" is the number one there ("a hundred percent", "forty at a thousand")."""
    word = words[i].group(0).lower()
    if word not in ("hundred", "thousand") or not _A_BEFORE.search(
        reply, max(0, words[i].start() - 4), words[i].start()
    ):
        return None
    if word == "hundred":
        return "100"
    return _frequency(reply, words, i, i + 1, 1000)


_AUDIOMETRIC_HZ = frozenset({125, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000})
"""The pure-tone test frequencies (BSA 2018): a round number spoken in its frequency form
("two fifty", "five hundred", "four thousand") is one of them."""


def _frequency(reply: str, words: list[re.Match], i: int, j: int, value: int) -> str:
    """Return a number spoken in a frequency's form (words ``i`` to ``j``), with "Hz" written
    after it when it is a test frequency that a spoken level is "at" and whose unit is not
    spoken next ("fifty at five hundred" -> "50 at 500 Hz"): dictation leaves out the unit
    a written report gives. A frequency with no level before it is left as it is."""
    if value not in _AUDIOMETRIC_HZ or _next(reply, words, j) in ("hertz", "kilohertz"):
        return str(value)
    if i and _LEVEL_AT.fullmatch(reply, words[i - 1].start(), words[i].start()):
        return f"{value} Hz"
    if _DECIBELS_AT.search(reply, max(0, words[i].start() - 16), words[i].start()):
        return f"{value} Hz"
    return str(value)


_LEVEL_AT = re.compile(r"(?i)(?:" + "|".join([*_UNITS, *_TENS]) + r")\s+at\s+")
"""A spoken number, then "at", before a frequency: the number is a level at it."""
_DECIBELS_AT = re.compile(r"(?i)\bdecibels\s+at\s+$")
"""A level in decibels, then "at", before a frequency ("sixty five decibels at four
thousand")."""
_AT = re.compile(r"\s+at\s+")


def _two_words(reply: str, words: list[re.Match], i: int) -> tuple[int, int]:
    """Return a number of up to two words ("fifty five", "fifteen", "forty") and the index
    after it."""
    word = words[i].group(0).lower()
    if word in _TENS:
        nxt = _next(reply, words, i + 1, r"\s+|-")  # "fifty five", "fifty-five"
        if nxt in _UNITS and 0 < _UNITS[nxt] < 10:
            return _TENS[word] + _UNITS[nxt], i + 2
        return _TENS[word], i + 1
    return _UNITS[word], i + 1


# -- the grammar ------------------------------------------------------------------------


Binding = tuple[tuple[str, ...], str]
"""The ears a value is about and the rule that bound them (an ear token's, or a block's)."""
_NO_EAR: Binding = ((), "")


def read_claims(reply: str) -> list[Claim]:
    """Return every claim of ``reply``, in reply order, each with its qualifier."""
    out: list[Claim] = []
    block: Binding = _NO_EAR
    line: Binding = _NO_EAR  # an ear tag opening a line scopes the rest of that line
    held = _Held()
    for start, end in _statements(reply):
        if not reply[start:end].strip():
            block = _NO_EAR  # a blank line closes an ear block
            held = _Held()
            continue
        toks = _Positioned(_own_letters(reply, list(tokens(reply, start, end))))
        if start == 0 or reply[start - 1] == "\n":
            line = _NO_EAR
            if (
                toks
                and toks[0].kind in ("ear", "ear_key")
                and not reply[start : toks[0].start].strip(" \t*#>-")
            ):
                line = (_ears_of(toks[0]), toks[0].rule)
        if not toks and not lexicon.DIGIT.search(reply, start, end):
            continue  # nothing to read: no token, and no number for a list of thresholds
        claims, opened = _statement_claims(reply, start, end, toks, line if line[0] else block)
        claims += _worse_ears(reply, toks)
        block = opened or block
        word = next((t for t in toks if t.kind == "withdraw"), None)
        taken_back = word.start if word else None
        before = claims
        if word:
            before, correcting = _taken_back(claims, taken_back)
            # (a hold that says nothing after it corrects nothing yet: see _Held)
            bare_hold = word.rule == "spoken hold" and not correcting
            out = out + before if bare_hold else _withdraw(out + before, correcting, toks)
            claims = [c for c in claims if c.span[1] > taken_back]
        out = held.read(out, before, claims, toks, taken_back)
        out.extend(claims)
    return out


def _own_letters(text: str, toks: list[Token]) -> list[Token]:
    """Return ``toks`` without a "frequency then R/L" ear letter after the frequency of a
    level before it ("L 60 at 4k, R 40": the 4 kHz is the 60's, and the R heads the 40 alone,
    which it may not take the 60 from)."""
    if not any(t.rule == "frequency then R/L" for t in toks):
        return toks
    return [
        t
        for i, t in enumerate(toks)
        if not (
            t.rule == "frequency then R/L"
            and i >= 2
            and toks[i - 1].kind == "freq"
            and toks[i - 2].kind == "level"
            and _LEVEL_THEN_AT.fullmatch(text, toks[i - 2].end, toks[i - 1].start)
        )
    ]


class _Held:
    """The readings a bare hold ("Wait.", "But hang on.", "conductive, I think... oh, hold
    on": a withdrawal word with nothing said after it in its statement) cuts off: those said
    before it in its statement, else those of the last statement that said something. In
    speech the repair comes later ("... conductive, big gaps. Hang on. At 4k the bone is 45.
    So it's mixed."): the first later reading of the same kind, about the same ear (or none
    named), that says otherwise replaces the held one (the last word stands); one that says
    the same confirms it. Nothing is held across a blank line."""

    def __init__(self) -> None:
        self.last: list[Claim] = []  # the claims of the last statement that said something
        self.held: list[Claim] = []

    def read(self, out: list[Claim], before, claims: list[Claim], toks, at) -> list[Claim]:
        """Return ``out`` with the held readings that ``claims`` replace withdrawn; ``before``
        are the statement's claims before its withdrawal word at ``at`` (None: there is none)."""
        if (
            at is not None
            and not claims
            and not any(t.kind == "ear" and t.start > at for t in toks)
        ):
            self.held = [c for c in before or self.last if c.qualifier != Qualifier.WITHDRAWN]
            return out
        if before or claims:
            self.last = before if at is None else claims
        if not self.held or not claims:
            return out
        replaced = [h for h in self.held if any(_replaces(c, h) for c in claims)]
        kinds = {c.kind for c in claims}
        self.held = [h for h in self.held if h.kind not in kinds]
        if not replaced:
            return out
        return [replace(c, qualifier=Qualifier.WITHDRAWN) if any(c is h for h in replaced) else c
                for c in out]  # fmt: skip


def _replaces(new: Claim, held: Claim) -> bool:
    """Return whether ``new`` says otherwise of what ``held`` said: the same kind, about the
    same ear (or with no ear named on either side) and frequencies (a level, of the same
    conduction), another value."""
    if (new.kind, new.frequencies) != (held.kind, held.frequencies):
        return False
    if new.kind.startswith("threshold") and new.conduction != held.conduction:
        return False
    if (new.value, new.value_high) == (held.value, held.value_high):
        return False
    return not new.ears or not held.ears or bool(set(new.ears) & set(held.ears))


def _taken_back(claims: list[Claim], at: int) -> tuple[list[Claim], list[Claim]]:
    """Return the claims a statement said before its correction word at ``at``, and the
    claims after it that correct earlier ones.

    A word taken back in the statement's course ("she called it moderate - sorry,
    moderately severe", "conductive - no, sensorineural") is corrected as an earlier
    statement's is (the last word stands), by the kind said first after the correction:
    what follows it ("..., moderate overall") corrects nothing.
    """
    before = [c for c in claims if c.span[1] <= at]
    after = [c for c in claims if c.span[1] > at]
    if before and after:
        after = [c for c in after if c.kind == after[0].kind]
    return before, after


def _worse_ears(text: str, toks: list[Token]) -> list[Claim]:
    """Return the worse-ear claims of a chat's 'R worse' / 'L worse' (the ear letter just
    before the word), kept so that a correction ('*L worse, typo') withdraws the earlier one;
    the clause reader's reading of the same words is the one judged."""
    out = []
    for tok in toks:
        if tok.kind == "worse":
            ear = "right" if text[tok.start - 2] == "R" else "left"
            out.append(Claim("worse_ear", (ear,), ear, text=text[tok.start - 2 : tok.end],
                             span=(tok.start - 2, tok.end), rules=(tok.rule,)))  # fmt: skip
    return out


def _statements(text: str) -> Iterator[tuple[int, int]]:
    """Yield (start, end) of each statement: lines, split at full stops and semicolons."""
    last = 0
    for m in _STATEMENT_END.finditer(text):
        yield last, m.start()
        if m.group(0) == "\n" and text[m.end() : m.end() + 1] == "\n":
            yield m.end(), m.end()  # a blank line
        last = m.end()
    yield last, len(text)


def _statement_claims(
    text: str, start: int, end: int, toks: list[Token], block: Binding
) -> tuple[list[Claim], Binding | None]:
    """Return the claims of one statement and the ear block it opens (an ear key alone)."""
    said = _Positioned(t for t in toks if t.kind in ("ear", "ear_key", "side"))
    marks = _Positioned(t for t in toks if t.kind == "conduction")
    ears = _last_word(toks, said)
    opened = None
    if ears and ears[0].kind == "ear_key" and not _after(toks, ears[0]):
        opened = (_ears_of(ears[0]), ears[0].rule)  # "right_ear:" alone opens a block
    put = _Put(_qualifier(toks), _conduction(toks))
    values = _type_and_degree_words(text, toks, marks)
    if any(t.rule in _LAY_PLACES for t in values) and _test_described(text[start:end]):
        values = [t for t in values if t.rule not in _LAY_PLACES]
    bound = [(t, _bind(t, ears, block)) for t in values]
    if any(t.kind == "respectively" for t in toks):
        bound = _distribute(text, ears, bound)
    tops = _range_tops(text, values)
    inside = {id(h) for h in tops.values()}
    claims = []
    for t, binding in bound:
        if id(t) in inside:
            continue
        claim = put.claim(text, t.kind, binding, t, tops.get(id(t)))
        if "dead ear" in claim.rules:
            claim = replace(claim, value_high="complete")
        first = _bind(t, said, block) if ears is not said else binding
        if first[0] != binding[0]:  # corrected in its course: the first ear is withdrawn
            claims.append(replace(claim, ears=first[0], qualifier=Qualifier.WITHDRAWN))
            claim = replace(claim, rules=(*claim.rules, "self-correction"))
        claims.append(claim)
    claims += _thresholds(text, start, end, toks, ears, block, put)
    claims += _tympanograms(text, end, toks, ears, block, put)
    return claims, opened


_LAY_PLACES = frozenset({"lay mixed", "lay inner ear", "lay middle ear"})
_TEST_DESCRIBED = re.compile(
    r"(?i)\b(?:this|the|that|an?|our)\s+(?:[\w-]+\s+)?(?:equipment|device|machine|instrument|"
    r"tests?|probe|scan)\s+(?:measures|checks|examines|assesses|records|looks\s+at|tests|uses)\b"
)
_RESULT_STATED = re.compile(
    r"(?i)\b(?:loss|problems?|damaged?|deaf\w*|normal\w*|fluid|hole|shows?|showed|found|was|were|"
    r"your\s+(?:right|left)|sensorineural|conductive|mixed)\b"
)


def _test_described(statement: str) -> bool:
    """Return whether a statement describes what a test or device examines ("This equipment
    measures the sound from your inner ear ... in your middle ear") and states no result: the
    ear's parts it names are what the test looks at, not where this patient's loss arises
    (BSA 2018 defines the type by where the loss arises; a description of the test names
    none; issue #26 batch 124, real-model text, used as tuning data)."""
    return bool(_TEST_DESCRIBED.search(statement)) and not _RESULT_STATED.search(statement)


def _type_and_degree_words(text: str, toks: list[Token], marks: _Positioned) -> list[Token]:
    """Return the type and degree words of a statement that claim something of the ear."""
    # A degree word after a bone-conduction mark ("masked BC WNL") grades the bone, not
    # the ear's hearing: no degree claim. One before it ("AD mod SNHL (masked BC NR)",
    # "mod mixed HL, BC m 40-60") grades the ear.
    # Nor is 'normal' after 'the eardrum pressure test was' a degree: it is the test's result.
    tested_at = next((t.start for t in toks if t.rule == "lay tympanometry"), len(text))
    return [
        t for t in toks
        if (t.kind == "type" or (t.kind == "degree" and _conduction_before(marks, t) != "bone"
                                 and t.start < tested_at and not _other_field(text, t)))
        and not _negated(toks, t, text)
        and not (t.rule == "type abbreviation"
                 and lexicon.abbreviation_spelled_out(text, t.start, t.end))
    ]  # fmt: skip


def _other_field(text: str, tok: Token) -> bool:
    """Return whether a degree word is the value of another examination's field ("Language:
    WNL", lexicon.OTHER_DOMAIN_LABEL) or grades a finding of the ear's examination named
    right after it ("moderate otitis externa", lexicon.EXAMINATION_FINDING) or a measure of
    tympanometry ("type B, normal volume", lexicon.TYMPANOMETRIC_MEASURE)."""
    line = text.rfind("\n", 0, tok.start) + 1
    if _EXAMINATION_FINDING.match(text, tok.end):
        return True  # "L: moderate otitis externa": the finding's grade
    if _SCORED_AFTER.match(text, tok.end) and _SYMPTOM_COUNT_BEFORE.search(
        text, max(line, tok.start - 30), tok.start
    ):
        return True  # "SCAT6 sx 9 / sev 21": the symptom severity score
    return lexicon.labels_another_field(text, max(line, tok.start - 60), tok.start)


_EXAMINATION_FINDING = re.compile(
    r"\s+(?:" + lexicon.EXAMINATION_FINDING + "|" + lexicon.TYMPANOMETRIC_MEASURE + ")", re.I
)
_SCORED_AFTER = re.compile(r"[ \t]*[:=]?[ \t]*\d{1,3}\b(?![ \t]*(?:db|dB|DB|%))")
_SYMPTOM_COUNT_BEFORE = re.compile(
    r"(?i)\b(?:sx|symptoms?(?:[ \t]+(?:number|count|no\.?))?)[ \t]*[:=]?[ \t]*\d{1,2}"
    r"(?:[ \t]*/[ \t]*22)?[ \t]*[/,;][ \t]*$"
)
"""A concussion screen's pair of symptom number and symptom severity score ("SCAT6 sx 9 /
sev 21", "symptoms 5, severity 11"; the Sport Concussion Assessment Tool 6, Echemendia et
al., Br J Sports Med 2023): the severity after the count is a score, no grade of the
hearing."""


def _distribute(text: str, ears: list[Token], bound: list[tuple[Token, Binding]]):
    """Return ``bound`` with the values of a 'respectively' construction given to their
    ears. A value tagged for both ears ("Both ears are sensorineural, ... the right and
    left averages ... respectively") keeps its tag; the rest are distributed."""
    spread = [t for t, _ in bound if not _tagged_both(t, ears)]
    paired = _respectively(text, ears, spread)
    if not paired:
        return bound
    ear_of = {id(t): (e, "respectively") for t, e in zip(spread, paired, strict=True)}
    return [(t, ear_of.get(id(t), b)) for t, b in bound]


def _tympanograms(text, end, toks, ears, block, put: _Put) -> list[Claim]:
    """Tympanogram types: 'Tymps C' (the ears bound), 'Tymps: A/B' (right, then left, or
    the order a tag or a 'respectively' names), 'the eardrum pressure test was normal'."""
    out = []
    for tok in toks:
        if tok.kind != "tymp" or _negated(toks, tok):
            continue
        if tok.rule == "lay tympanometry":
            out += _lay_tympanogram(text, end, tok, ears, block, put)
        elif "/" in tok.value:
            letters = tok.value.removeprefix("L/R:").split("/")
            order, rule = ["right", "left"], "right/left order"
            if tok.value.startswith("L/R:"):
                order, rule = ["left", "right"], "ear order tag"
            elif any(t.kind == "respectively" for t in toks):
                order, rule = (_ear_pair(text, ears) or order), "respectively"
            if len(order) == 2:
                out += [put.claim(text, "tympanometry", ((e,), rule), tok, value=letter)
                        for e, letter in zip(order, letters, strict=True)]  # fmt: skip
        else:
            out.append(put.claim(text, "tympanometry", _bind(tok, ears, block), tok))
    return out


_LAY_TYMP_RESULT = re.compile(
    r"(?i)\b(?:(normal)|(stiff)|(floppy|very mobile)|(not moving|fluid|flat))\b"
)
"""A lay tympanometry result: normal (type A), stiff (As), floppy (Ad), not moving, fluid
or flat (B) (Jerger 1970 types, in the words of patient letters)."""


def _lay_tympanogram(text, end, tok: Token, ears, block, put: _Put) -> list[Claim]:
    """Return the claim of 'the eardrum pressure test showed ...' read up to the statement's
    end: the ears named around it, the type its result word names."""
    m = _LAY_TYMP_RESULT.search(text, tok.end, min(end, tok.end + 80))
    if not m:
        return []
    letter = ("A", "As", "Ad", "B")[m.lastindex - 1]
    result = Token("tymp", letter, m.start(), m.end(), tok.rule)
    binding = _bind(result, ears, block)
    return [put.claim(text, "tympanometry", binding, tok, value=letter, through=result)]


@dataclass(frozen=True)
class _Put:
    """How a statement puts its claims: qualifier and conduction."""

    qualifier: Qualifier
    conduction: str

    def claim(self, text, kind, binding: Binding, tok: Token, top: Token | None = None,
              value=None, freqs: tuple[int, ...] = (), rule: str = "",
              through: Token | None = None) -> Claim:  # fmt: skip
        last = through or top or tok
        start, end = min(tok.start, last.start), max(tok.end, last.end)
        rules = tuple(r for r in (tok.rule, binding[1], rule) if r)
        return Claim(
            kind, binding[0], tok.value if value is None else value, self.qualifier,
            self.conduction, freqs, None if top is None else top.value,
            text[start:end], (start, end), rules,
        )  # fmt: skip


class _Positioned(list):
    """Tokens of one statement in order, with their ends and starts kept for bisection, so
    finding the one before or after a place is logarithmic (reading stays near linear in a
    statement of many tokens)."""

    def __init__(self, items=()):
        super().__init__(items)
        self.ends = [t.end for t in self]
        self.starts = [t.start for t in self]
        self.at = {id(t): i for i, t in enumerate(self)}

    def last_before(self, place: int) -> Token | None:
        """Return the last token ending at or before ``place``."""
        i = bisect.bisect_right(self.ends, place)
        return self[i - 1] if i else None

    def first_after(self, place: int) -> Token | None:
        """Return the first token starting at or after ``place``."""
        i = bisect.bisect_left(self.starts, place)
        return self[i] if i < len(self) else None


def _tagged_both(tok: Token, ears: _Positioned) -> bool:
    """Return True when the last ear tag before ``tok`` in its statement names both ears."""
    before = ears.last_before(tok.start)
    return before is not None and before.value == "both"


def _last_word(toks: list[Token], ears: list[Token]) -> list[Token]:
    """Return the ear tags that stand in a statement corrected in its course ("in the left
    ear - no, sorry, I mean the right ear"): those after the correction, when it names one."""
    withdrawn_at = next((t.start for t in toks if t.kind == "withdraw"), None)
    if withdrawn_at is None:
        return ears
    after = [e for e in ears if e.start > withdrawn_at]
    return _Positioned(after) if after else ears


def _conduction_before(marks: _Positioned, tok: Token) -> str:
    """Return the conduction named last before ``tok`` in its statement (air when none);
    ``marks`` are the statement's conduction tokens."""
    last = marks.last_before(tok.start)
    return "bone" if last is not None and last.value in ("bone", "bc") else "air"


def _conduction(toks: list[Token]) -> str:
    for t in toks:
        if t.kind == "conduction":
            return "bone" if t.value in ("bone", "bc") else "air"
    return "air"


def _range_tops(text: str, values: list[Token]) -> dict[int, Token]:
    """Return {id(low token): high token} for degree ranges: 'mild to moderate', 'sev-prof'."""
    out = {}
    for low, high in zip(values, values[1:], strict=False):
        between = text[low.end : high.start].strip().lower()
        if low.kind == high.kind == "degree" and between in ("to", "-", "–", "/", "-to-"):
            out[id(low)] = high
    return out


def _after(toks: list[Token], tok: Token) -> bool:
    return any(t.start > tok.start and t.kind in ("degree", "type", "level") for t in toks)


def _ears_of(tok: Token) -> tuple[str, ...]:
    if tok.kind == "side":
        return (tok.value,)
    return ("right", "left") if tok.value == "both" else (tok.value,)


def _bind(tok: Token, ears: _Positioned, block: Binding) -> Binding:
    """Return the ears a value token is about: the last ear tag before it in the statement,
    else the first after it, else the open ear block."""
    ear = ears.last_before(tok.start) or ears.first_after(tok.end)
    return (_ears_of(ear), ear.rule) if ear is not None else block


def _respectively(
    text: str, ears: list[Token], values: list[Token]
) -> list[tuple[str, ...]] | None:
    """Return one ear per value for 'right and left ... X and Y respectively', else None.

    The ears are the pair named together ("right and left", "left and right"), else every
    ear named. When the values fall into as many conjuncts (split at 'and' or a comma) as
    there are ears, each conjunct goes to its ear ("a moderate conductive loss and normal
    hearing respectively"); otherwise the values of each kind pair in order with the ears
    ("moderate and severe sensorineural and mixed losses respectively"), and a kind with a
    single value is shared by both.
    """
    named = _ear_pair(text, ears)
    groups: list[list[Token]] = []
    for i, val in enumerate(values):
        joined = i and _CONJUNCTION.fullmatch(text[values[i - 1].end : val.start])
        if not groups or joined:
            groups.append([])
        groups[-1].append(val)
    if len(groups) == len(named) >= 2:
        return [(named[k],) for k, group in enumerate(groups) for _ in group]
    out: dict[int, tuple[str, ...]] = {}
    for kind in ("degree", "type"):
        of_kind = [val for val in values if val.kind == kind]
        if len(of_kind) == len(named) >= 2:
            out.update({id(val): (e,) for val, e in zip(of_kind, named, strict=True)})
        elif len(of_kind) == 1:
            out[id(of_kind[0])] = tuple(named)  # one value shared: "both moderate"
        elif of_kind:
            return None
    return [out[id(val)] for val in values] if out else None


_CONJUNCTION = re.compile(
    r"(?i)[^,;:()]{0,40}?(?:,\s*(?:and\s+)?|\s+and\s+)(?:an?\s+)?[^,;:()]{0,20}"
)
"""What stands between two conjuncts of a list: 'and' or a comma, with words around it."""


def _ear_pair(text: str, ears: list[Token]) -> list[str]:
    """Return the ears a 'respectively' pairs with: two ears joined by 'and' ("the right and
    left ears"), else every right or left ear named, in order."""
    sided = [e for e in ears if e.kind == "ear" and e.value in ("right", "left")]
    for a, b in zip(sided, sided[1:], strict=False):
        if a.value != b.value and re.fullmatch(r"(?i)\s*(?:and|&|,)\s*(?:the\s+)?",
                                                 text[a.end : b.start]):  # fmt: skip
            return [a.value, b.value]
    return [e.value for e in sided]


_NEW_SUBJECT = re.compile(
    r"[,;]\s*(?:so\s+|and\s+|then\s+)?(?:he|she|they|you|we|there|it)\s+(?:has|have|had|is|are|"
    r"was|were|shows?|showed)\b",
    re.I,
)
"""A new main clause after a comma ("Because the nerve did not respond normally, he has a
loss in both the outer and the inner ear"): a negation before it does not reach into it."""


def _negated(toks: _Positioned, tok: Token, text: str = "") -> bool:
    """Return True when a negation stands within the three tokens before ``tok`` (in its own
    clause, where ``text`` is given), or a cross mark is the token after it."""
    i = toks.at[id(tok)]
    return any(
        t.kind == "negation" and not (text and _NEW_SUBJECT.search(text, t.end, tok.start))
        for t in toks[max(0, i - 3) : i]
    ) or any(t.kind == "crossed" for t in toks[i + 1 : i + 2])


def _qualifier(toks: list[Token]) -> Qualifier:
    kinds = {t.kind for t in toks}
    if "conditional" in kinds:
        return Qualifier.CONDITIONAL
    if "predicted" in kinds:
        return Qualifier.PREDICTED
    if "hedge" in kinds:
        return Qualifier.HEDGED
    return Qualifier.ASSERTED


def _paired_in_hz(text: str, m: re.Match[str]) -> bool:
    """Whether kHz-list item ``m`` names its frequency in Hz ('500') and pairs its level
    with a second ('98/101')."""
    return (
        len(m.group(1)) >= 3 and "." not in m.group(1) and bool(_PAIRED_LEVEL.match(text, m.end(2)))
    )


def _list_of_another_measure(text, start, end, toks, block: Binding, first: re.Match) -> bool:
    """Return whether a kHz or slash list whose match is ``first`` (its first frequency its
    first group) is another measure's: no ear is named before it (in its statement, or by
    the ear block it is in) and its label names another measure (lexicon.labelled_otherwise:
    "Octave bands at the press: 250 Hz 88, ..."). An ear named ties the list to that ear's
    hearing ("Software entry, left: 250 Hz 20, ...")."""
    if block[0] or any(t.kind in ("ear", "ear_key") and t.start < first.start() for t in toks):
        return False
    return lexicon.labelled_otherwise(text[start:end].lower(), first.start(1) - start)


def _thresholds(text, start, end, toks, ears, block, put: _Put) -> list[Claim]:
    """Threshold claims: kHz lists ('.25 60 / .5 50 / ...'), 'LEVEL @FREQ', 'LEVEL dB at
    FREQ' and 'FREQ: LEVEL'; a level after '>' or 'differs by' is a difference, not one."""
    if not lexicon.DIGIT.search(text, start, end):
        return []  # every reading here needs a number (a level token, a list's digits)
    listed = [m for m in _KHZ_LIST.finditer(text, start, end) if not _paired_in_hz(text, m)]
    if len(listed) >= 3 and _list_of_another_measure(text, start, end, toks, block, listed[0]):
        return []  # "octave bands 250 Hz 88, 500 Hz 86, 1 kHz 84": another measure's list
    if len(listed) >= 3:
        return _khz_list_claims(text, listed, toks, ears, block, put)
    out = _slash_lists(text, start, end, toks, ears, block, put)
    pairs = [(tok, freq) for tok, freq in _level_frequency_pairs(text, toks)
             if freq.start > tok.start or not _listed_or_spanned(text, tok, freq)]  # fmt: skip
    marks = _Positioned(t for t in toks if t.kind == "conduction")
    out += [
        _level_conduction(
            text, marks, tok, put,
            put.claim(text, "threshold", _compared(text, tok) or _bind(tok, ears, block), tok,
                      value=int(tok.value), freqs=(int(freq.value),), through=freq,
                      rule=freq.rule if freq.start > tok.start else "frequency, level"))
        for tok, freq in pairs
        if _a_level_of_this_ear(text, toks, tok)
    ]  # fmt: skip
    paired = {id(tok) for tok, _ in pairs}
    out += [
        _level_conduction(
            text, marks, tok, put,
            put.claim(text, "threshold", (_ears_of(ear), ear.rule), tok, value=int(tok.value),
                      freqs=(int(freq.value),), rule="frequency, then ear levels", through=ear))
        for ear, tok, freq in _ear_levels_at(text, toks)
        if id(tok) not in paired and not _summed_over(text, freq.start)
    ]  # fmt: skip
    return out


def _khz_list_claims(text, listed, toks, ears, block, put: _Put) -> list[Claim]:
    """Return a threshold claim for each item of a kHz list ('.25 60 / .5 50 / ... / 8 55')."""
    out = []
    marks = _Positioned(t for t in toks if t.kind == "conduction")
    for m in listed:
        tok = Token("level", m.group(2), m.start(1), m.end(2), "level")
        hz = KHZ[m.group(1).lstrip("0") or m.group(1)]
        claim = put.claim(text, "threshold", _bind(tok, ears, block), tok,
                          value=int(m.group(2)), freqs=(hz,), rule="khz list")  # fmt: skip
        out.append(_level_conduction(text, marks, tok, put, claim))
    return out


_LATER_CLAUSE = re.compile(r"\(|\s[-\u2013]\s+with\b")
"""What sets a conduction named after a level apart from it: a parenthesis, or a dash then
"with" ("40 right, 45 left - with bone following air at 4 kHz")."""


_OWN_LEVELS = re.compile(r"\s*(?:\((?:m|masked)\)|masked)?\s*[:=]?\s*-?\d")
"""A conduction named after a level that opens values of its own ("1k 45, 2k 50, BC 40-45"):
it labels those values, not the levels before it."""


def _level_conduction(text: str, marks: _Positioned, tok: Token, put: _Put, claim: Claim) -> Claim:
    """Return ``claim`` in the conduction named last before its level ("air 35-50, masked
    bone 5-10 and 20 at 2 kHz": bone), else the statement's, unless the statement names it
    only inside a parenthesis or a later "- with" clause after the level ("500 Hz 40
    (masked BC 10)": air), or names it after the level before values of its own ("1k 45, 2k
    50, BC 40": air). Source:
    audiogram forms write a conduction before the values it labels (BSA 2018)."""
    before = marks.last_before(tok.start)
    if before is not None:
        return replace(claim, conduction="bone" if before.value in ("bone", "bc") else "air")
    after = marks.first_after(tok.end)
    if after is not None and _labelled_in_brackets(text, tok, after):
        return replace(claim, conduction="bone" if after.value in ("bone", "bc") else "air")
    if after is not None and (
        _LATER_CLAUSE.search(text, tok.end, after.start) or _OWN_LEVELS.match(text, after.end)
    ):
        return replace(claim, conduction="air")
    return claim


_BRACKET_OPENS = re.compile(r"(?i)[ \t]*(?:db[ \t]*(?:hl)?)?[ \t]*\([ \t]*")
_BRACKET_CLOSES = re.compile(r"(?i)(?:[ \t-]+conduction)?[ \t]*\)")


def _labelled_in_brackets(text: str, tok: Token, mark: Token) -> bool:
    """Return whether the conduction ``mark`` after the level ``tok`` is that level's label in
    brackets of its own ("6000 Hz: 105 dB HL (bone conduction)", "40 dB (BC)"): it names the
    level's conduction, as a conduction named before it does (threshold_claims.CONDUCTION_BY
    for the pattern reader). A bracket that goes on to a value of its own ("500 Hz 40 (masked
    BC 10)") is another level's label, not this one's."""
    return bool(
        _BRACKET_OPENS.fullmatch(text, tok.end, mark.start)
        and _BRACKET_CLOSES.match(text, mark.end)
    )


_COMPARED = re.compile(
    r"(?i)\s*(?:db\s*(?:hl)?\s*)?(?:poorer|worse|better|deeper|shallower|higher|lower|more|less|"
    r"greater|smaller|above|below)\b"
)
"""After a level, a comparison: the level is a difference between ears, not a threshold."""
_LISTED = re.compile(r"(?:[/,\-–]|\bto|\bthrough)\s*$")
"""Before a frequency: it is a list's item or a span's end ("0.5/1/2/4 kHz", "500 Hz to 4
kHz"), no one frequency of the levels after it."""
_AVERAGED_OVER = re.compile(
    r"(?i)\b(?:averages?|means?|avg|pta|4fa)\s+(?:(?:thresholds?|hearing\s+levels?)\s+)?(?:over|"
    r"across|of|at|for)\s+(?:the\s+)?(?:\d+(?:\.\d+)?\s*(?:khz|k|hz)?\s*(?:,|and|&|/|-|\u2013|to)"
    r"\s*)*$"
)
"""Before a frequency: an average named over the frequencies it ends ("the averages over 0.5,
1, 2 and 4 kHz are 40 dB on the right and 42.5 on the left"): the set averaged, no one
frequency of the levels after it (WHO 2021 averages 0.5, 1, 2 and 4 kHz)."""
_LEVELS_FOLLOW = re.compile(r"\s*(?:,\s*|\s+)-?\d{1,3}\s*(?:,\s*|\s+)-?\d{1,3}\b")
"""After a level, two more: the level opens a list of an ear's levels ("left 20, 25, 30",
or a dictated row "left 15 15 25 40"), one per frequency, not the level at the one
frequency named before it."""
_LIST_END = re.compile(r"(?:,|\band)\s*$")
"""Before a frequency: the end of a list of frequencies ("1, 2 and 4k")."""
_RANGE_TOP = re.compile(r"\d\s*(?:-|–|to)\s*$")
"""Before a level, the bottom of a range: "bone 5 to 10 on both sides" spans frequencies, so
its top is no level at the frequency named before it."""
_EAR_TO_LEVEL = re.compile(r"(?i)\s*(?:(?:is|was|are|were)\s+(?:at\s+)?|[:=]\s*)?")
_LEVEL_TO_EAR = re.compile(r"(?i)\s*(?:(?:on|in|for)\s+(?:the\s+)?)?")
_PAIRED_EARS = re.compile(
    r"(?i)\b\d{1,3}\s*(?:db\s*(?:hl)?\s*)?(?:(?:on|in)\s+the\s+)?(?:right|left|(?-i:R|L))\s*(?:,|and)\s*"
    r"\d{1,3}\s*(?:db\s*(?:hl)?\s*)?(?:(?:on|in)\s+the\s+)?(?:right|left|(?-i:R|L))\b"
    r"(?!\s*(?:ears?\s*)?(?:at|@|in)\s*\d)"
)
"""Two levels, each followed by its ear ("50 right and 55 left"): each level is its ear's,
at the frequency before them unless one follows ("a dip to 50 right and 55 left at 4k")."""
_AVERAGE_WORD = re.compile(r"(?i)\b(?:average|avg|mean|pta|4fa|fa)\b")


_RANGE_OPENED = re.compile(r"(?i)\s*(?:-|\u2013|to)\s*\d+(?:\.\d+)?\s*(?:khz|hz|k\b)")
"""After a number: a dash or "to" and a frequency with its unit ("2-4 kHz", "2 to 4 kHz"):
the number opens a range of frequencies (the unit at its end is the number's too), no
level."""


def _ear_levels_at(text: str, toks: list[Token]) -> Iterator[tuple[Token, Token, Token]]:
    """Yield (ear, level, frequency) for levels given ear by ear after a frequency: "At
    3000 Hz the right is 30 and the left 55", "In 4000 Hz ... (left 55, right 30)", "In
    8000 Hz it is 80 dB both sides" (non-native and comparative replies); not after a gap
    named in the statement, whose sizes they are (as in :func:`_level_frequency_pairs`)."""
    freq = None
    paired = _paired_ear_spans(text, toks)
    gap_at = next((t.start for t in toks if t.kind == "gap"), None)
    for i, tok in enumerate(toks):
        if tok.kind == "freq":
            # a list or span of frequencies ("0.5/1/2/4 kHz: right 36") is an average's
            freq = (
                None
                if _LISTED.search(text, max(0, tok.start - 9), tok.start)
                or _AVERAGED_OVER.search(text, max(0, tok.start - 60), tok.start)
                or _frequency_of_a_level_before(text, toks, i)
                else tok
            )
            continue
        if freq is None or tok.kind != "level" or _no_level_at_one_frequency(text, toks, i):
            continue
        if _RANGE_OPENED.match(text, tok.end):
            continue  # "(right 4 kHz, left 2-4 kHz)": the first frequency of a range
        if gap_at is not None and gap_at < tok.start:
            continue  # "no gap at 500 Hz: 10 R, 5 L": the gap's sizes
        ear = _ear_given_level(text, toks, i, freq, paired)
        if ear is not None:
            yield ear, tok, freq


_LEVEL_THEN_AT = re.compile(r"[ \t]*(?:db(?:[ \t]*hl)?[ \t]*)?(?:at|@)[ \t]*", re.I)
"""Between a level and the frequency after it: "65 at 8 kHz", "40 dB HL @ 4k": the frequency
is that level's."""


def _frequency_of_a_level_before(text: str, toks: list[Token], i: int) -> bool:
    """Return whether the frequency ``toks[i]`` is the frequency of the level just before it
    ("right 25 at 250 Hz sloping to 65 at 8 kHz, left 25 sloping to 65"): it is that
    level's, and heads no ear's levels after it (the left's 25 is not at 8 kHz; a frequency
    the writer did not give is never guessed), unlike one that opens the ear levels ("At
    3 kHz the right is 30 and the left 55", "6 kHz notch, right 40 and left 70")."""
    before = toks[i - 1] if i else None
    if before is None or before.kind != "level":
        return False
    m = _LEVEL_THEN_AT.match(text, before.end)  # (an at-sign may open the frequency's token)
    return m is not None and m.end() >= toks[i].start


def _a_level_of_this_ear(text: str, toks: list[Token], tok: Token) -> bool:
    """Return whether a level paired with its frequency is this ear's threshold: not negated,
    not a population's value, not one of a list of differences (:func:`_a_listed_difference`)."""
    return not (
        _negated(toks, tok)
        or lexicon.population_value(text, tok.start)
        or _a_listed_difference(text, tok.start)
    )


def _a_listed_difference(text: str, at: int) -> bool:
    """Return True when the level at ``at`` is one of a list headed by a difference or a sum
    ("largest differences: 20 dB at 1k, 25 dB at 2k"; lexicon.difference_listed, the rule
    the pattern reader keeps too), read in the window before it."""
    window = text[max(0, at - 120) : at].lower()
    return lexicon.difference_listed(window, len(window))


def _paired_ear_spans(text: str, toks: list[Token]) -> list[tuple[int, int]]:
    """Return the spans of levels each followed by its ear ("50 right and 55 left") in the
    statement's own text (the reader calls _ear_levels_at statement by statement)."""
    if toks and _may_pair_ears(text[toks[0].start : toks[-1].end]):
        return [m.span() for m in _PAIRED_EARS.finditer(text, toks[0].start, toks[-1].end)]
    return []


def _no_level_at_one_frequency(text: str, toks: list[Token], i: int) -> bool:
    """Return whether the level ``toks[i]`` is no threshold at the frequency named before
    it: one after "more", a difference ("the left is 15 dB poorer"), a range's top ("5 to
    10"), or the first of an ear's list ("left 20, 25, 30")."""
    tok = toks[i]
    return bool(
        (i and toks[i - 1].kind == "more")
        or _COMPARED.match(text, tok.end)
        or _RANGE_TOP.search(text, max(0, tok.start - 8), tok.start)
        or _LEVELS_FOLLOW.match(text, tok.end)
    )


def _ear_given_level(
    text: str, toks: list[Token], i: int, freq: Token, paired: list[tuple[int, int]]
) -> Token | None:
    """Return the ear token that the level ``toks[i]`` after ``freq`` belongs to: the ear
    just before it ("the right is 30"), "both" just after it ("80 dB both sides"), or
    right/left just after it inside a pair ("at 3 kHz 50 right and 55 left", but not
    "(4 kHz) ... average 25 right, 24 left"); None when no ear is given so."""
    tok = toks[i]
    before = toks[i - 1] if i else None
    after = toks[i + 1] if i + 1 < len(toks) else None
    if (
        before is not None and before.kind == "ear" and before.start > freq.start
        and _EAR_TO_LEVEL.fullmatch(text, before.end, tok.start)
    ):  # fmt: skip
        return before
    if after is None or after.kind != "ear":
        return None
    if after.value == "both" and _LEVEL_TO_EAR.fullmatch(text, tok.end, after.start):
        return after
    if (
        after.value in ("right", "left")
        and _within(paired, tok.start, after.end)
        and tok.start - freq.end <= 60
        and not _AVERAGE_WORD.search(text, freq.end, tok.start)
    ):
        return after
    return None


def _within(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Return whether ``start``-``end`` lies inside one of the sorted, disjoint ``spans``."""
    i = bisect.bisect_right(spans, (start, len(spans) and spans[-1][1] + 1)) - 1
    return i >= 0 and spans[i][0] <= start and end <= spans[i][1]


def _may_pair_ears(text: str) -> bool:
    """Return whether ``text`` may hold levels each followed by its ear (a cheap test)."""
    low = text.lower()
    return (" right" in low or " R" in text) and (" left" in low or " L" in text)


_SLASH_LIST = re.compile(
    r"(?i)(?<![\w./-])((?:(?>\d*\.\d+|\d+)\s*k?\s*/\s*){1,7}(?>\d*\.\d+|\d+)\s*k(?:hz)?)\s*:?\s*"
    r"((?:(?>-?\d{1,3})\s*/\s*){1,7}(?>-?\d{1,3}))(?![\w./])"
)
"""Slash lists: frequencies, then as many levels ('.25/.5/1k 55/50/40', '2/4k 30/45'). Each
number is matched atomically: free to split a number at any digit, the pattern took seconds
on a row of ten slashed frequencies with spaces ("250 / 500 / ... / 8000 Hz", batch 50 WC46)."""
_SLASHED = re.compile(r"\s*/")
_SPANNED = re.compile(r"\s*[-–]\s*\d")
_AGAINST = re.compile(r"(?i)\s*(?:db\s*(?:hl)?\s*)?(?:against|vs\.?|versus)\b")


def _slash_lists(text, start, end, toks, ears, block, put: _Put) -> list[Claim]:
    """Threshold claims of slash lists, frequency by frequency; lists of unequal length,
    or with a span ('6-8k'), are not read."""
    out: list[Claim] = []
    if text.find("/", start, end) < 0:
        return out  # every slash list has a slash: a cheap test before the list's pattern
    for m in _SLASH_LIST.finditer(text, start, end):
        freqs = [f.strip() for f in m.group(1).split("/")]
        levels = [int(x) for x in m.group(2).split("/")]
        if len(freqs) != len(levels):
            continue
        hz = [_list_hz(f) for f in freqs]
        if None in hz or _list_of_another_measure(text, start, end, toks, block, m):
            continue  # (or "interaural diff at 0.5/1/2/4 kHz: 15/20/25/20": no thresholds)
        first = Token("level", str(levels[0]), m.start(2), m.end(2), "level")
        conduction = _conduction_before(
            _Positioned(t for t in toks if t.kind == "conduction"), first
        )
        binding = _bind(first, ears, block)
        for f, level in zip(hz, levels, strict=True):
            claim = put.claim(
                text,
                "threshold",
                binding,
                first,
                value=level,
                freqs=(f,),
                rule="slash list",
                through=Token("level", "", m.start(), m.end()),
            )
            out.append(replace(claim, conduction=conduction))
    return out


def _list_hz(item: str) -> int | None:
    """Return the Hz of a slash-list frequency: '.25' -> 250, '1k' -> 1000, '500' -> 500."""
    number = item.lower().removesuffix("khz").removesuffix("k").strip()
    try:
        value = float(number)
    except ValueError:
        return None
    hz = int(round(value * 1000)) if value < 20 else int(value)
    return hz if 125 <= hz <= 16000 else None


def _listed_or_spanned(text: str, level: Token, freq: Token) -> bool:
    """Return True when a chart's 'frequency level' pair is one item of a slash list
    ('.25/.5k 45/40'), a span ('6-8 kHz: 80-85', or '250..8k' in a program's range
    notation) or the meeting of a list of frequencies and a list of levels ('1, 2 and 4k:
    30, 40, 50'): not a pair of its own."""
    if _LEVELS_FOLLOW.match(text, level.end) and _LIST_END.search(
        text, max(0, freq.start - 6), freq.start
    ):
        return True  # "500, 2k and 4k: 25, 40, 55": a list of frequencies, then of levels
    if text[max(0, freq.start - 2) : freq.start] == "..":
        return True  # "250..8k : 50 45 30 ...": the end of a span, its levels in order
    return any(
        c in text[max(0, t.start - 2) : t.start] for t in (level, freq) for c in "/-–"
    ) or bool(_SLASHED.match(text, level.end) or _SPANNED.match(text, level.end))


_SPAN_GOES_ON = re.compile(r"[ \t]*[-\u2013][ \t]*\d")


def _range_over_span(text: str, level: Token, freq: Token) -> bool:
    """Return True for a range of levels over a span of frequencies ('60-75 @ 4-8k'): the
    thresholds lie somewhere in the range across the span, so the range's top is no level at
    the span's first frequency (clinicians' secure messages, issue #26 batch 33). So too
    for a slash list of levels over a span whose end has its unit ('20/30/40/50 at 250
    Hz-2 kHz', one level per test frequency of the span, as audiogram forms list them): its
    last level is the span's last frequency's, not its first's (:func:`_list_over_span`)."""
    before = text[max(0, level.start - 1) : level.start]
    if before in ("-", "\u2013"):
        return bool(_SPAN_GOES_ON.match(text, freq.end))
    return before == "/" and _list_over_span(text, freq)


def _list_over_span(text: str, freq: Token) -> bool:
    """Return whether the frequency ``freq`` opens a span whose end has its own unit ('250
    Hz-2 kHz', '0.5 to 4 kHz'): a frequency range, not a frequency and a dash before the
    next level ('500 Hz - 45 at 1k' has no unit after 45)."""
    return bool(_SPAN_WITH_UNIT.match(text, freq.end))


_SPAN_WITH_UNIT = re.compile(
    r"(?i)(?:[ \t]*(?:khz|hz|k)\b)?[ \t]*(?:-|\u2013|to)[ \t]*\d+(?:\.\d+)?[ \t]*(?:khz|hz|k\b)"
)
"""After a frequency (its unit read with it or not: '@ 500 Hz to 2 kHz'), the end of a span
with its unit."""


def _compared(text: str, tok: Token) -> Binding | None:
    """Return no ear for a level compared with another ('500 Hz 15 against 30'): a
    two-ear comparison, not a claim about the ear named before it; else None."""
    return ((), "comparison") if _AGAINST.match(text, tok.end) else None


def _level_frequency_pairs(text: str, toks: list[Token]) -> Iterator[tuple[Token, Token]]:
    """Yield (level, frequency) token pairs standing together: '30 @750', '30 dB at 1k',
    '1k: 30', '1k 40' (a chart's frequency, then its level)."""
    gap_at = next((t.start for t in toks if t.kind == "gap"), None)
    for i, tok in enumerate(toks):
        if tok.kind != "level" or (i and toks[i - 1].kind == "more"):
            continue
        if gap_at is not None and gap_at < tok.start:
            continue  # "ABG 40 dB @250": a gap's size
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        prev = toks[i - 1] if i else None
        if nxt and nxt.kind == "freq" and text[tok.end : nxt.start].strip().lower() in ("", "at"):
            if not _range_over_span(text, tok, nxt):
                yield tok, nxt
        elif (
            prev and prev.kind == "freq"
            and text[prev.end : tok.start].strip().lower() in _BETWEEN_FREQUENCY_AND_LEVEL
            and not _summed_over(text, prev.start)
        ):  # fmt: skip
            yield tok, prev


_BETWEEN_FREQUENCY_AND_LEVEL = frozenset({"", ":", "=", "only", "just", ", at"})
"""What may stand between a frequency and its level: nothing, a colon or an equals sign, a
focusing adverb ("in 3000 Hz only 40 dB", "at 4k just 25"), which stresses the level, or a
comma and "at" ("a response at 500 Hz, at 90 dB"): the level the frequency was heard at."""

_SUMMED = re.compile(r"(?i)\+\s*$|\bsum(?:s|med)?\b[^.;]*$")
"""Before a frequency: a '+' joining it to others ("1+2+3 kHz = 50") or the word 'sum'
earlier in its sentence ("sum of 1, 2 and 3 kHz = 50")."""


def _summed_over(text: str, at: int) -> bool:
    """Return True when the frequency at ``at`` is one of several whose thresholds are added
    up: the level after it is their sum (the sums of hearing levels over 1, 2 and 3 kHz and
    3, 4 and 6 kHz of the UK HSE categorisation scheme), not its threshold."""
    before = text[max(0, at - 60) : at]
    return ("+" in before or "sum" in before.lower()) and bool(_SUMMED.search(before))


def _withdraw(earlier: list[Claim], claims: list[Claim], toks: list[Token]) -> list[Claim]:
    """Return ``earlier`` with what a withdrawal statement corrects marked withdrawn.

    With claims of its own, the statement withdraws earlier claims of the same kind about
    the same ears; naming only an ear ("apologies, I misread the symbols: it is the LEFT
    ear"), it moves the earlier one-ear claims to that ear (they stand, on the ear now
    named). The last word stands.
    """
    if claims:
        said = _said(claims)
        # a correction naming no ear ("No, it's sensorineural") corrects the last claim of
        # its kind
        bare = {c.kind for c in claims if not c.ears}
        last = {c.kind: i for i, c in enumerate(earlier) if c.kind in bare}
        return [
            replace(c, qualifier=Qualifier.WITHDRAWN)
            if any((c.kind, e) in said for e in c.ears) or last.get(c.kind) == i else c
            for i, c in enumerate(earlier)
        ]  # fmt: skip
    named = {t.value for t in toks if t.kind == "ear" and t.value in ("right", "left")}
    if len(named) != 1 or _footnote(toks):
        return earlier
    ear = named.pop()
    other = "left" if ear == "right" else "right"
    out = []
    for c in earlier:
        out.append(c)
        if c.ears == (other,) and c.qualifier != Qualifier.WITHDRAWN:
            out[-1] = replace(c, qualifier=Qualifier.WITHDRAWN)
            out.append(replace(c, ears=(ear,), rules=(*c.rules, "self-correction")))
    return out


def _said(claims: list[Claim]) -> set[tuple[str, str]]:
    """Return the (kind, ear) pairs a correcting statement's claims speak for: their own,
    and both ears for which ear is worse (it compares the pair, so a new one corrects the
    earlier one of either ear)."""
    said = {(c.kind, e) for c in claims for e in c.ears}
    return said | {(c.kind, e) for c in claims if c.kind == "worse_ear" for e in ("right", "left")}


def _footnote(toks: list[Token]) -> bool:
    """Return whether a statement that only names an ear, marked only by an opening star,
    may be a footnote ("*Right ear masked"): it moves the earlier claims only when it names
    the ear it replaces ("*R not L")."""
    starred = all(t.rule == "chat correction star" for t in toks if t.kind == "withdraw")
    return starred and not any(t.kind == "negation" for t in toks)


# -- averages and air-bone gaps, read from one clause ------------------------------------
# The clause and the ear it is about come from the sentence reader of check.py; these read
# what the clause says of the ear's average and its air-bone gap.

_AT_ONE_FREQUENCY = (
    r"\s*(?:db\s*(?:hl)?\s*)?(?:at|@)\s*\d+(?:\.\d+)?\s*(?:khz|k\b|hz)"
    r"(?!\s*(?:/|-|–|&|and\b|to\b)\s*\d|\s*,\s*\d+(?:\.\d+)?\s*(?:khz|k\b|hz|,|&|and\b))"
)
"""After a value: one frequency it was measured at ("25 at 500 Hz", "40 dB @ 2k"), not a list
or span of them ("at 0.5-4 kHz"): a threshold's level, never an average's value."""

# Pure-tone averages: "PTA", "4FA", "three-frequency average" (BSA 2018 pure-tone
# audiometry; WHO 2021 four-frequency average), with the frequencies or the sum shown.
PTA = re.compile(
    r"\b(" + lexicon.AVERAGE_NAME + r"|average threshold|" + lexicon.AVERAGE_IN_WORDS + r"|"
    # "(0.5-4 kHz)" is skipped; not a sum "(30+40+50+60)", nor the average itself "(32.5 dB)"
    r"[34]fa)\b(?:\s*\((?![\d\s.]*\+)(?!\s*-?\d+(?:\.\d+)?\s*(?:db|\)))[^)]*\))?"
    # the frequencies averaged ("PTA 0.5/1/2/4 kHz:") or the sum shown ("= (55 + 50) / 2 =")
    r"(?:\s*(?:at|over|across|of)?\s*(?:\d+(?:\.\d+)?\s*(?:khz|k|hz)?\s*(?:/|,|and|&)\s*){1,6}"
    r"\d+(?:\.\d+)?\s*(?:khz|k\b|hz)\s*\)?\s*:?)?"
    # the sum may follow an ear named after the word ("PTA left = (60 + 50 + 35 + 25)/4 = 42.5")
    r"(?:[^.\d%(]{0,20}?[:=]?\s*\([\d\s+.,]{1,60}\)\s*/\s*\d\s*="
    # and its total before the division ("= 180 / 4 = 45")
    r"(?:\s*\d+(?:\.\d+)?\s*/\s*\d\s*=)?)?"
    # a number followed by "+" is an addend of the sum, never the average
    # a decimal comma ("37,5", non-native English) only in a quarter-step average's decimals
    # and an age ("of 70 years") is no average
    # nor the digit of the name itself ("PTA4_R 21.25": the field of the four-frequency PTA;
    # "predicted 4FA"), nor a number joined to the word before it, an ear's letter aside
    # ("WHO2021", "who-2021", "rf_v7": part of a name)
    r"(?:" + lexicon.NOT_A_DIFFERENCE + r"[^.\d%]){0,30}?"
    r"(?<!pta)(?<!pta[-_])(?<![a-km-qs-z_])(?<![a-km-qs-z]-)"
    r"(-?\d+(?:\.\d+|,(?:25|5|75)(?![\d.]))?)"
    # (an arrow after it, "4FA 52.5 -> mild", gives its grade: no range opens there)
    r"(?!\s*(?:khz|hz|k\b|-(?!>)|\d|\+|years?\b|yrs?\b)|\.\d|/"
    # nor the digit of another average's name ("PTA check: R 3FA 25")
    r"|\s*(?:fa|freq\w*)\b"
    # nor a frequency of a list that ends with its unit ("PTA(0.5,1,2k) 40")
    r"|(?:\s*(?:,|&|and)\s*\d+(?:\.\d+)?)+\s*(?:khz|k\b|hz)"
    # nor a level at one frequency ("PTA: left ear notched - 25 at 500 Hz, 45 at 1 kHz"):
    # "PTA" heads pure-tone audiometry's results, not an average
    r"|" + _AT_ONE_FREQUENCY + r")"
)
PTA = led(PTA)  # (its first characters looked for first, for speed)
FOUR_NAMED = re.compile(r"4fa|pta[-_]?4|(?:four|4)[\s-]*frequency average")
"""An average's name that counts its frequencies as four (WHO 2021's 0.5, 1, 2 and 4 kHz):
an ear with one of them untested has no such average, so one quoted for it is a value the
audiogram lacks, as a worked average of four terms is (judges.judge_pta; batch 172 UU50)."""
SUM_AFTER = re.compile(
    r"\s*(?:db(?:\s*hl)?)?\s*[:=]?\s*\(\s*(-?\d+(?:\s*\+\s*-?\d+){1,5})\s*\)\s*/\s*(\d)\b"
)
"""After an average's value, the sum it was worked from ("PTA is 37,5 dB: (25 + 30 + 40 + 55)
/ 4"): the result stated first, then the arithmetic."""
AVERAGE_SUM = re.compile(
    r"\(\s*(\d+(?:\.\d+)?(?:\s*\+\s*\d+(?:\.\d+)?){1,5})\s*\)\s*/\s*(\d)\s*=\s*"
    r"(?:\d+(?:\.\d+)?\s*/\s*\d\s*=\s*)?(-?\d+(?:\.\d+)?)(?!\d|\.\d|\s*%)"
)
"""An average worked out ("(25+30+40+55)/4 = 37.5", or with its total shown: "(45 + 40 +
40 + 55) / 4 = 180 / 4 = 45"): the arithmetic of a pure-tone average, with or without the
word PTA before it; the total is never the average."""
FREQ_AVERAGE = re.compile(
    r"\b(?:(?:high|low|mid)[\s-]*frequency\s+|[hl]f\s+)?(?:average|mean|avg)\b"
    # "on" as a translated report links them ("mean threshold on 0,5-1-2-4 kHz 45 dB")
    r"(?:\s+(?:threshold|hearing\s+level)s?)?\s*\(?\s*(?:at|of|over|across|for|from|on)?\s*"
    r"(" + lexicon.AVERAGED_FREQUENCIES + r")\s*(khz|k\b|hz)\s*\)?"
    r"[^.\d%]{0,20}?(-?\d+(?:\.\d+)?)(?=\s*(?:db|decibels)\b)"
)
"""An average quoted with the frequencies it averages ("high-frequency average (2, 4 kHz)
50 dB", "average at 3-6 kHz around 35 dB"): the mean air threshold there."""
EAR_AVERAGE = re.compile(
    r"\b(?:(?:right|left)(?:\s+ear)?(?:'s)?\s+(?:averages?|means?)|(?<!frequency )(?<!frequency-)"
    r"(?<!hf )(?:averages?|means?)\s*[:=]?\s*(?:(?:on|for|in|of)\s+)?(?:the\s+)?(?:right|left)"
    r"(?:\s+(?:ear|side))?)\s*[:=]?\s*"
    # the average as the subject, then a copula ("the left average is 60 dB HL")
    r"(?:" + lexicon.AVERAGE_COPULA + r"\s+)?"
    r"(?:of\s+)?(?:(?:about|around|approximately)\s+|~\s*)?(-?\d{1,3}(?:\.\d+)?)(?=\s*db\b)"
    r"(?!\s*db\s*(?:hl\s*)?" + lexicon.COMPARATIVE_AFTER_DB + r")"
)
"""An ear's average in dB named with no frequencies ("right average 85 dB HL", "Averages:
right 10 dB HL, left 37.5 dB HL"), or as the subject of a copula ("the left ear's average is
60 dB HL", "the average on the right was 45 dB HL"): the ear's pure-tone average, as "PTA"
names it (BSA 2018 pure-tone audiometry: the average of the ear's thresholds over the speech
frequencies). An average of a named region ("high-frequency average") is not, nor a
difference in dB ("the left average is 20 dB worse")."""
FREQ_SPAN = re.compile(r"^[^,&/]*?(?:-|–|\bto\b)[^,&/]*$")
"""Frequencies given as a span ("3-6 kHz"), not a list ("2, 4 kHz")."""

# Air-bone gaps (BSA 2018: a gap is significant at 15 dB or more by default).
_GAP_NAMED = (
    r"air[\s-]*bone gaps?|abgs?|(?:difference|gap|separation)\s+between\s+"
    + lexicon.TWO_CONDUCTIONS
)
"""The air-bone gap by name, or in words: "a significant difference between the bone
conduction and air conduction" is a significant air-bone gap (BSA 2018: the gap is the
difference between the air and bone thresholds; issue #26, batches 140 and 155, the real
local model's text, labelled as a gap claim). A size in dB before the words ("a 10 dB
difference between air and bone") says no gap present: only a word of size does."""
ABG_ABSENT = re.compile(
    r"\b(no|not|without|absence of|closed|minimal|negligible|insignificant|no significant)\b"
    rf"[^.]{{0,20}}\b({_GAP_NAMED})\b|\b(air[\s-]*bone gaps?|abgs?)\b[^.]{{0,15}}"
    r"\b(closed|absent|not significant|insignificant|negligible)\b|bone conduction (?:matches|"
    r"equals|is (?:the same as|similar to)) air|"
    # a difference said to fall short of significance ("10 dB, which is under a significant
    # air-bone gap", "less than a clinically significant ABG"): no significant gap
    r"\b(?:under|below|less than|short of|smaller than)\s+(?:an?\s+|the\s+)?(?:clinically\s+)?"
    rf"significant\s+(?:{_GAP_NAMED})\b"
)
ABG_SIZE = re.compile(
    r"\b(?:air[\s-]*bone gaps?|abgs?)\b[^.\d]{0,20}?(-?\d{1,3})(?:\s*(?:-|–|to)\s*(\d{1,3}))?"
    r"(?:\s*db|(?![\d.])(?=[ \t]*(?:\(|,|;|/|->|\u2192|$|and\b|or\b|\.(?!\d))))"
)
"""A gap quoted with its size ("air-bone gaps of 5 dB or less", "ABG 20-30 dB"), also as a
bare number that ends its item ("max air-bone gap: 5 (R), 5 (L)", "ABG 30; bone normal": a
rule engine's feature, a terse note); not a number that a word follows ("air-bone gaps at 3
frequencies")."""
ABG_PRESENT = re.compile(
    r"\b(significant|large|wide|sizeable|\d+\s*db)\b[^.]{0,15}\b(air[\s-]*bone gaps?|abgs?)\b|"
    rf"\b(significant|large|wide|sizeable)\b[^.]{{0,15}}\b({_GAP_NAMED})\b|"
    r"\b(air[\s-]*bone gaps?|abgs?)\b\s*(?:of|up to|present|is present|are present|:|"
    r"(?:at|in|across|over|between)\s+\d)|\bwith\s+(?:an?\s+)?(air[\s-]*bone gaps?|abgs?)\b|"
    r"\b(air[\s-]*bone gaps?|abgs?)\b\s*(?:~|approximately|about|around|roughly)?\s*\d+\s*db"
)


def _clause_claim(kind: str, ear: str | None, value, hedged: bool, text: str, rule: str,
                  freqs: tuple[int, ...] = ()) -> Claim:  # fmt: skip
    """Return a claim of one clause about ``ear`` ("right", "left", "both" or None)."""
    ears = () if ear is None else ("right", "left") if ear == "both" else (ear,)
    qualifier = Qualifier.HEDGED if hedged else Qualifier.ASSERTED
    return Claim(kind, ears, value, qualifier, "air", freqs, None, text, (0, 0), (rule,))


LEVELS_LISTED = re.compile(
    r"(?:[ \t]*[,/][ \t]*|[ \t]+)\d{1,3}(?:[ \t]*[,/][ \t]*|[ \t]+)\d{1,3}\b(?!\.\d)|"
    r"[ \t]*db[ \t]+at[ \t]+\d+[ \t]*hz[ \t]*,[ \t]*\d{1,3}[ \t]*db[ \t]+at\b"
)
"""After the first number "PTA" is followed by: two more levels in a run ("PTA: R 20 / 25 / 30",
"PTA L: 15 20 25 35", "PTA right: 50, 50, 40 at 250/500/1000 Hz"), or levels at their
frequencies ("PTA: 20 dB at 250 Hz, 25 dB at 500 Hz", as a bare row is written out), thresholds
at several frequencies. "PTA" there names pure-tone audiometry, whose result is the list, not an
average, which is one number an ear (BSA 2018 pure-tone audiometry: "PTA" for both)."""
SUMMANDS = re.compile(r"(?:\s*(?:,|\+|plus|and)\s*-?\d+(?:\.\d+)?){2,7}")
"""After the first number an average's name is followed by: more numbers, its summands
("four-frequency average 50, 40, 25, 20 ..."), the thresholds it is worked from."""
WORKED_RESULT = re.compile(
    r"[^.\d]{0,12}?(?:\d+(?:\.\d+)?[^.\d]{0,6}?)?(?:over|divided by|/)\s*(\d)\b"
    r"[^.\d]{0,8}?(-?\d+(?:\.\d+)?)"
)
"""After the summands: the sum, if given, divided by their count, then the result ("- 135
over 4 - 33.75", "= 135 / 4 = 33.75"). Source: worked four-frequency averages (WHO 2021
grades an ear by the mean of its 0.5, 1, 2 and 4 kHz thresholds), as students show them."""


def _summands_then_result(low: str, at: int) -> tuple[int, float] | None:
    """Return (the number of summands, the result) when the number before ``at`` opens an
    average worked out in words, else None."""
    summands = SUMMANDS.match(low, at)
    if summands is None:
        return None
    result = WORKED_RESULT.match(low, summands.end())
    count = 1 + len(re.findall(r"-?\d+(?:\.\d+)?", summands.group(0)))
    if result is None or int(result.group(1)) != count:
        return None
    return count, float(result.group(2))


def _levels_listed(low: str, at: int) -> bool:
    """Return whether the number before ``at`` opens a list of levels (:data:`LEVELS_LISTED`)
    that no arithmetic follows ("pta 20, 30, 40 - 90 over 4 - 22.5" is a sum, if a wrong one)."""
    if not LEVELS_LISTED.match(low, at):
        return False
    summands = SUMMANDS.match(low, at)
    return summands is None or WORKED_RESULT.match(low, summands.end()) is None


def _a_difference_of_named(low: str, at: int, sent_low: str) -> bool:
    """Return whether the average named at ``at`` of clause ``low`` is one of two measures a
    difference is taken of, named before it in the clause or its sentence
    (lexicon.DIFFERENCE_OF_NAMED): the number after the name is the difference."""
    before = low[max(0, at - 50) : at]
    if at < 50 and sent_low:
        opens = sent_low.find(low[:12])
        before = sent_low[max(0, opens - 50 + at) : opens] + before if opens > 0 else before
    return lexicon.DIFFERENCE_OF_NAMED.search(before) is not None


def average_claims(
    low: str, ear: str | None, hedged: bool, sent_low: str = ""
) -> tuple[list[Claim], set[int]]:
    """Return the pure-tone average claims of a lower-cased clause, and where their values
    start (those numbers are not thresholds).

    Rules: "pta" (an average named as such), "worked average of N" (the arithmetic shown,
    "(25+30+40+55)/4 = 37.5", with N terms; a sum whose terms do not match its divisor is
    no average), "named average of 4" (named by its four frequencies: "4FA", "PTA4",
    "four-frequency average", :data:`FOUR_NAMED`), "frequency list average" / "frequency
    span average" (an average quoted with the frequencies it averages, ``frequencies``
    holding them).
    """
    out: list[Claim] = []
    starts: set[int] = set()
    for m in PTA.finditer(low):
        if _a_difference_of_named(low, m.start(), sent_low):
            starts.add(m.start(2))  # "the difference between SRT and PTA was 3 dB"
            continue
        worked = _summands_then_result(low, m.end(2))
        if worked is not None:  # "4FA 50, 40, 25, 20 - 135 over 4 - 32.5": the result
            starts.add(m.start(2))
            out.append(_clause_claim("pta", ear, worked[1], hedged, m.group(0),
                                     f"worked average of {worked[0]}"))  # fmt: skip
            continue
        if m.group(1) == "pta" and _levels_listed(low, m.end(2)):
            continue  # "PTA: R 20 / 25 / 30 ...": the audiometry's thresholds, read as such
        starts.add(m.start(2))
        value = float(m.group(2).replace(",", "."))
        shown = SUM_AFTER.match(low, m.end(2))
        terms = len(shown.group(1).split("+")) if shown else 0
        rule = f"worked average of {terms}" if shown and terms == int(shown.group(2)) else "pta"
        if rule == "pta" and FOUR_NAMED.fullmatch(m.group(1)):
            rule = "named average of 4"
        out.append(_clause_claim("pta", ear, value, hedged, m.group(0), rule))
    for m in AVERAGE_SUM.finditer(low):
        if m.start(3) in starts:
            continue
        starts.add(m.start(3))
        addends = len(m.group(1).split("+"))
        if addends == int(m.group(2)):
            out.append(_clause_claim("pta", ear, float(m.group(3)), hedged, m.group(0),
                                     f"worked average of {addends}"))  # fmt: skip
    if "av" in low or "mean" in low:
        for m in EAR_AVERAGE.finditer(low):
            if m.start(1) in starts:
                continue
            starts.add(m.start(1))
            out.append(_clause_claim("pta", ear, float(m.group(1)), hedged, m.group(0),
                                     "ear's average"))  # fmt: skip
        for m in FREQ_AVERAGE.finditer(low):
            if m.start(3) in starts:
                continue  # "pure-tone average (0.5-4 kHz) 41 dB": read as the PTA above
            starts.add(m.start(3))
            freqs = tuple(freqs_of(m.group(1), m.group(2)))
            span = bool(FREQ_SPAN.match(m.group(1))) and len(freqs) == 2
            rule = "frequency span average" if span else "frequency list average"
            out.append(_clause_claim("pta", ear, float(m.group(3)), hedged, m.group(0), rule,
                                     freqs))  # fmt: skip
    return out, starts


def air_bone_gap_claims(low: str, ear: str | None, hedged: bool) -> list[Claim]:
    """Return the air-bone gap claim of a lower-cased clause (at most one): its value is
    "absent", "present", or the largest size quoted in dB ("ABG 20-30 dB": 30)."""
    absent = ABG_ABSENT.search(low)
    present = None if absent else ABG_PRESENT.search(low)
    m = absent or present
    if not m:
        return []
    size = ABG_SIZE.search(low) if present else None
    value: str | int = "absent" if absent else "present"
    if size:
        value = max(int(x) for x in size.groups() if x is not None)
    return [_clause_claim("air_bone_gap", ear, value, hedged, m.group(0), "air-bone gap")]


# -- configuration and laterality, read from one clause ------------------------------------

REACH = 200
"""How far (characters) a region phrase is looked for after a word: a fixed window, so a
clause with many symmetry words is read in linear time."""


def configuration_claims(low: str, ear: str | None, hedged: bool) -> list[Claim]:
    """Return the configuration claims of a lower-cased clause, one per configuration named
    (the shape words of lexicon.CONFIG_WORDS; a Carhart notch is no noise notch)."""
    out, seen = [], set()
    for pattern, config, needs in lexicon.CONFIG_WORDS:
        if not lexicon.may_hold(low, *needs):
            continue
        for m in pattern.finditer(low):
            if config in seen or lexicon.negated(low, m.start()):
                continue
            if config == "noise-notch" and "carhart" in low[max(0, m.start() - 12) : m.start()]:
                continue
            seen.add(config)
            out.append(_clause_claim("configuration", ear, config, hedged, m.group(0), config))
    return out


def laterality_claims(low: str, ear: str | None, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the laterality claims of a lower-cased clause, in the order they are judged:
    unilateral (of ``ear`` when one is named), bilateral, symmetric or asymmetric (overall,
    or in a region: ``frequencies`` = (low, high)), and which ear is worse (``frequencies``
    the region compared, rule "region not read" when one is named but not read)."""
    out = []
    m = next((m for m in lexicon.LATERALITY_UNILATERAL.finditer(low)
              if not lexicon.NOT_OF_HEARING.match(low, m.end())), None)  # fmt: skip
    if m and not lexicon.negated(low, m.start()) and lexicon.LOSS_CONTEXT.search(low):
        side = _unilateral_side(low, ear)
        out.append(_clause_claim("laterality", side, "unilateral", hedged, m.group(0),
                                 "unilateral"))  # fmt: skip
    m = lexicon.BILATERAL.search(low)
    if (
        m
        and not lexicon.negated(low, m.start())
        and lexicon.LOSS_NOUN.search(low)
        and not lexicon.NORMAL_PHRASES.search(low)
        and not lexicon.OTHER_TEST.search(low)
    ):
        out.append(_clause_claim("laterality", "both", "bilateral loss", hedged, m.group(0),
                                 "bilateral"))  # fmt: skip
    out += _symmetry_claims(low, hedged, sent_low)
    out += _worse_ear_claims(low, hedged, sent_low) or _worst_ear_claims(low, hedged, sent_low)
    return out


def _worst_ear_claims(low: str, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the worse-ear claim of an ear named the worst ("the right ear is indeed the
    worst", "the worst ear is the left": lexicon.WORST_EAR): of two ears, the worst is the
    worse (the superlative of two, as in the comparative); one denied or under a condition
    claims no ear."""
    if "worst" not in low:
        return []
    m = lexicon.WORST_EAR.search(low)
    if m is None or _not_claimed(low, m.start(), sent_low):
        return []
    worse = m.group(1) or m.group(2)
    return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), "worse ear")]


_EAR_SAID_NORMAL = re.compile(
    r"\b(right|left)(?:\s+ear)?\s*(?:(?:is|was)\s+|[:=]\s*)?(?:normal|wnl|within\s+normal\s+limits)\b"
)
"""An ear said normal in the clause ("right complete loss, left normal -> single-sided")."""


def _unilateral_side(low: str, ear: str | None) -> str | None:
    """Return the side a unilateral word names: the clause's ear, or the other one when the
    clause calls that ear normal ("Right dead ear, left normal -> single-sided deafness": the
    one-sided loss is the right's, the normal ear was only named last)."""
    if ear not in ("right", "left"):
        return None
    said_normal = {m.group(1) for m in _EAR_SAID_NORMAL.finditer(low)}
    if ear in said_normal:
        other = "left" if ear == "right" else "right"
        return None if other in said_normal else other
    return ear


_EXCEPT_AT = re.compile(r"\W{0,3}(?:except|apart from|other than|save for|but not)\s+(?=at|in|for)")
"""After a symmetry word, an exception with its region ("symmetric except at 3 kHz"): the
ears are claimed to differ there (English grammar: the exception negates the claim in its
scope)."""


_FIELD_VALUE = re.compile(
    r"\s*:\s*(?!(?:yes|present|positive|significant|marked|confirmed|noted|seen|none|nil|no|"
    r"not|absent|negative|symmetr\w*|asymmetr\w*)\b)[a-z]"
)
"""After "Asymmetry": a colon and a description in words ("Asymmetry: the ears differ by 5
dB on average"): the word names the field, the description after it is the finding (read on
its own), so the field's name claims no asymmetry. A yes or no word ("Asymmetry: none",
"Asymmetry: present") is the field's value and stays read with its name."""


def _label_of_a_description(low: str, m: re.Match[str]) -> bool:
    # the noun names a field; the adjective is a verdict ("asymmetric: left worse"), and
    # "Symmetry:" before a description is kept as read ('symmetric'): the reader reads no
    # interaural difference given in words ("the ears agree within 5 dB") in its place
    # "No significant asymmetry: ..." is a verdict too
    return (
        m.group(1) == "asymmetry"
        and _FIELD_VALUE.match(low, m.end()) is not None
        and not lexicon.negated(low, m.start())
    )


def _symmetry_claims(low: str, hedged: bool, sent_low: str) -> list[Claim]:
    """Symmetric / asymmetric claims about hearing (not another test's symmetry); a negated
    one claims the opposite, a conditioned one nothing."""
    symmetry = lexicon.SYMMETRY.search(low)
    if not symmetry or lexicon.OTHER_TEST_OR_SPEECH.search(low):
        return []
    # "..., symmetrical.": the hearing-loss context may be elsewhere in the sentence.
    if not (lexicon.LOSS_CONTEXT.search(sent_low) or "ear" in sent_low
            or lexicon.BARE_SYMMETRY.fullmatch(low)):  # fmt: skip
        return []
    out = []
    for m in lexicon.SYMMETRY.finditer(low):
        claimed_asym = m.group(1).startswith("asym")
        if claimed_asym and lexicon.ASYMMETRY_CRITERIA_NOT_MET.match(low, m.end()):
            claimed_asym = False  # "our asymmetry criteria are not met": no asymmetry
        if (
            lexicon.conditioned(low, m.start())
            or lexicon.weighed_not_said(low, m.start())
            or _label_of_a_description(low, m)
        ):
            continue  # "if the loss were asymmetric": not a claim either way
        if lexicon.negated(low, m.start()):
            claimed_asym = not claimed_asym
        exception = _EXCEPT_AT.match(low, m.end())
        if exception:
            # "symmetric except at 3 kHz": the opposite is claimed there, nothing overall
            region = lexicon.region_of(low[exception.end() : exception.end() + REACH])
            if not (isinstance(region, tuple) and region[2]):
                continue
            claimed = "symmetric" if claimed_asym else "asymmetric"
            out.append(_clause_claim("asymmetry", None, claimed, hedged, m.group(0),
                                     "symmetry", region[:2]))  # fmt: skip
            continue
        claimed = "asymmetric" if claimed_asym else "symmetric"
        region = lexicon.region_of(low[m.end() : m.end() + REACH])
        # "symmetrical up to 4 kHz": the ears compared in that region only.
        freqs = region[:2] if isinstance(region, tuple) and region[2] else ()
        out.append(_clause_claim("asymmetry", None, claimed, hedged, m.group(0), "symmetry",
                                 freqs))  # fmt: skip
    return out


def _worse_ear_claims(low: str, hedged: bool, sent_low: str = "") -> list[Claim]:
    """Return the worse-ear claim of a clause: 'the left is worse', 'the right ear is poorer at
    3 kHz', 'better on the right', 'the poorer ear is the right'. A comparison that is not
    claimed (negated, under a condition, or what a cause would do: "which would, if anything,
    predict a worse left ear", lexicon.negated, in its sentence ``sent_low``: the words that
    frame it may stand before the clause's comma) claims no ear."""
    # an ear said better or more sensitive with no other ear named after it in the clause is
    # read after the ear named worse or with more of the loss (_ear_compared_claims, below)
    m = next((f for f in lexicon.WORSE.finditer(low) if not _compared_later(f)), None)
    if m and m.group(12):  # an ear said better than the other: read in its sentence
        return _ear_compared_claims(low, hedged, sent_low, m.start())
    if m and _not_claimed(low, m.start(), sent_low):
        return []
    if not m:
        named = lexicon.WORSE_NAMED.search(low)
        if not named or lexicon.negated(low, named.start()):
            return _more_loss_claims(low, hedged) or _ear_compared_claims(low, hedged, sent_low)
        word = named.group(1) or named.group(4) or named.group(6) or named.group(8)
        ear = named.group(2) or named.group(3) or named.group(5) or named.group(7)
        worse = ear if word not in ("better", "stronger", "good") else _OPPOSITE_EAR[ear]
        return [_clause_claim("worse_ear", worse, worse, hedged, named.group(0), "worse ear")]
    worse = _worse_of(m)
    region = lexicon.region_of(low[m.end() : m.end() + 40])
    freqs = region[:2] if isinstance(region, tuple) else ()
    rule = "region not read" if region == "unknown" else "worse ear"
    return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), rule, freqs)]


def _worse_of(m: re.Match) -> str:
    """Return the ear a lexicon.WORSE match (other than its last form) says is the worse."""
    if m.group(1):
        return lexicon.EAR_WORD.get(m.group(2), m.group(2))
    if m.group(3):
        return m.group(3)
    if m.group(7):
        return "right" if m.group(7) == "r" else "left"
    if m.group(9):  # "Deeper AD (@4k 55)", "better left ear"
        ear = lexicon.EAR_WORD.get(m.group(11), m.group(10) or m.group(11))
        return _OPPOSITE_EAR[ear] if m.group(9) == "better" else ear
    return _OPPOSITE_EAR[m.group(6)]


def _ear_compared_claims(
    low: str, hedged: bool, sent_low: str, at: int | None = None
) -> list[Claim]:
    """Return the worse-ear claim of an ear said better than, or more (less) sensitive than,
    the other ear (lexicon.WORSE's last form, groups 12-15): the ear said better is the
    better ear, so the other is the worse one. The comparison is read on in the clause's
    sentence ``sent_low`` (a clause ends where "compared to the right ear" names another
    ear), once: from the clause that names the ear compared (``at``, where the clause's own
    reading found it; else the first such form that starts in the clause). One compared
    with itself, or denied, claims no ear. "Right better than left" is also read at a
    region named after it ("... at 4 kHz")."""
    if at is None and not lexicon.may_hold(low, "sensitive", "better", "superior"):
        return []
    start = sent_low.find(low) if sent_low else -1
    text, base = (sent_low, start) if start >= 0 else (low, 0)
    m = next(
        (
            f
            for f in lexicon.WORSE.finditer(text, base + (at or 0), base + len(low) + 120)
            if f.group(12) and f.start() < base + len(low)
        ),
        None,
    )  # (bounded: linear)
    if m is None or m.group(15) == m.group(12) or _not_claimed(text, m.start(), ""):
        return []
    if m.group(13) and not m.group(15):
        return []  # "more sensitive" of one ear alone may be hyperacusis: no comparison
    better = m.group(12) if m.group(13) != "less" else _OPPOSITE_EAR[m.group(12)]
    worse = _OPPOSITE_EAR[better]
    if at is None or m.group(13) or m.group(15) is None:
        return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), "worse ear")]
    end = m.end() - base
    region = lexicon.region_of(low[end : end + 40]) if 0 <= end <= len(low) else None
    freqs = region[:2] if isinstance(region, tuple) else ()
    rule = "region not read" if region == "unknown" else "worse ear"
    return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), rule, freqs)]


def _compared_later(m: re.Match) -> bool:
    """Return whether a lexicon.WORSE match is an ear said more (less) sensitive, or better
    with no other ear named after it in the clause: read after the other worse-ear forms."""
    return bool(m.group(12) and (m.group(13) or not m.group(15)))


def _not_claimed(low: str, at: int, sent_low: str) -> bool:
    """Return whether the word at ``at`` of clause ``low`` is not claimed (lexicon.negated),
    read in its sentence ``sent_low`` where the clause is found in it (a frame such as "which
    would, if anything, predict" is split from the clause by its commas)."""
    start = sent_low.find(low) if sent_low else -1
    if start >= 0:
        return lexicon.negated(sent_low, start + at)
    return lexicon.negated(low, at)


_OPPOSITE_EAR = {"right": "left", "left": "right"}
_LESS = ("less", "lesser", "lower", "smaller")


def _lesion_side_claims(low: str, hedged: bool) -> list[Claim]:
    """Return the worse-ear claim of the side of a suspected retrocochlear lesion ("MRI to
    exclude a left sided lesion"): asked for on the side of the worse ear. Ruling the lesion
    out is the point of the scan, so 'exclude' does not deny the side. Else that of the side
    given to an asymmetric loss (lexicon.ASYMMETRY_SIDE: "the asymmetric left-sided loss"),
    unless the asymmetry is denied or under a condition."""
    if "asymmetr" in low:
        m = lexicon.ASYMMETRY_SIDE.search(low)
        if m and not lexicon.negated(low, m.start()) and not lexicon.conditioned(low, m.start()):
            worse = next(g for g in m.groups() if g)
            return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), "worse ear")]
    if not lexicon.may_hold(low, "lesion", "schwannoma", "neuroma", "tumo"):
        return []
    m = lexicon.LESION_SIDE.search(low)
    if m is None:
        return []
    worse = m.group(1) or m.group(2)
    return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), "side of a lesion")]


def _more_loss_claims(low: str, hedged: bool) -> list[Claim]:
    """Return the worse-ear claim of 'the left ear has more hearing loss (than the right)' or
    'less loss on the right': the ear with more of the loss is the worse one."""
    if not lexicon.may_hold(low, "more", "greater", "higher", "larger", "bigger", "less",
                            "lower", "smaller"):  # fmt: skip
        return _lesion_side_claims(low, hedged)
    m = lexicon.MORE_LOSS.search(low)
    if (
        not m
        or lexicon.negated(low, m.start())
        or lexicon.MORE_LOSS_THAN_OTHER.match(low, m.end(), m.end() + 60)
    ):
        return _lesion_side_claims(low, hedged)
    ear = m.group(1) or m.group(4) or m.group(5)
    amount = m.group(2) or m.group(3) or m.group(6)
    worse = _OPPOSITE_EAR[ear] if amount in _LESS else ear
    return [_clause_claim("worse_ear", worse, worse, hedged, m.group(0), "worse ear")]


# -- claims read elsewhere (a model role): the same Claim as JSON --------------------------


class _ClaimJSON(BaseModel):
    """One claim as a claim-reading model writes it (the JSON form of :class:`Claim`)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["degree", "type", "threshold"]
    ears: list[Literal["right", "left", "poorer", "better"]] = Field(max_length=2)
    value: str | int
    value_high: str | int | None = None
    qualifier: Qualifier = Qualifier.ASSERTED
    conduction: Literal["air", "bone"] = "air"
    frequencies: list[int] = Field(default_factory=list, max_length=1)
    text: str = Field(default="", max_length=500)


class _ClaimsJSON(BaseModel):
    model_config = ConfigDict(extra="forbid")

    claims: list[_ClaimJSON] = Field(max_length=500)


def claims_json_schema() -> dict:
    """Return the JSON schema of a claim reader's answer: ``{"claims": [Claim, ...]}``."""
    return _ClaimsJSON.model_json_schema()


def claims_from_json(raw: str | dict) -> list[Claim]:
    """Return the claims of a claim reader's JSON answer; ValueError ('claims.N.field:
    message') when it does not follow :func:`claims_json_schema`, never a guess."""
    try:
        parsed = (
            _ClaimsJSON.model_validate_json(raw)
            if isinstance(raw, str)
            else _ClaimsJSON.model_validate(raw)
        )
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "answer"
        raise ValueError(f"{where}: {first['msg']}") from None
    return [
        Claim(c.kind, tuple(c.ears), c.value, c.qualifier, c.conduction,
              tuple(c.frequencies), c.value_high, c.text, (0, 0), ("model",))
        for c in parsed.claims
    ]  # fmt: skip
