"""Ears said to be affected, spared or damaged: whether an ear has a loss, read without the case.

A description of a hearing loss says which ear it is in by calling that ear affected ("the
left ear is the more affected", "with the left ear being the most affected") or spared ("the
right ear is unaffected", "the right ear is not affected"), and a noise history says it by
the damage done ("the left ear has suffered noise damage", "noise injury to the right ear").
A clinician reads the affected or damaged ear as an ear with a hearing loss, and the spared
one as an ear of normal hearing (WHO 2021 World report on hearing: a hearing loss is hearing
worse than normal; an ear damaged by noise has a noise-induced loss, Coles, Lutman & Buffin
2000). So an affected or damaged ear is a claim of a loss in that ear (judged by
``judges.judge_loss_in_an_ear``: wrong of a normal ear, a laterality confusion where the other
ear has the loss), and a spared ear a claim that its type is normal (judged by
``judges.judge_type``).

Issue #26, batches 143, 146 and 149 (the real local model's replies, used as tuning data:
"left ear being the most affected" and "significant injury" given to normal ears, "the right
ear is not affected" of an ear with a loss).

Not read: an ear affected or spared by something named after it ("affected by wax", "spared
from the surgery": a cause or an event, not the hearing), a denial ("no sign of noise damage
in the left ear"), a condition or a generic statement (``lexicon.negated``), and damage with
no word of noise, sound or hearing in its sentence ("the left ear has some damage to the
canal skin"), and an ear's state in a clause that makes it a belief, complaint, history or
report ("Believes left ear affected (patient report)").
"""

from __future__ import annotations

import re

from clinbench.audiogram import lexicon
from clinbench.audiogram.claims import Claim, _clause_claim
from clinbench.audiogram.result_claims import _NOT_THIS_TEST

_EAR = r"\b(right|left)(?:[\s-]+(?:ear|side))?\s+"
_EAR_OR_EARS = (
    r"\b(?:(right|left)(?:[\s-]+(?:ear|side))?|(?:both(?:\s+of)?(?:\s+(?:the|his|her|their|"
    r"your))?|his|her|their|your|the\s+patient's)\s+(?:(?:entire|whole)\s+)?ears)"
    # the ear's hearing as the subject ("the left ear's hearing", "left ear hearing"), and a
    # conduction set beside the ear ("the left ear, air conduction, is ...")
    r"(?:'s)?(?:\s+hearing)?(?:\s*[,(]\s*(?:air|bone)(?:[\s-]+conduction)?\s*[,)])?\s+"
)
"""An ear, or the patient's two ears ("both ears", "their ears", "his entire ears"): the
ears of one person, a claim of each (group 1: the ear; None: both); or the ear's hearing
("the left ear's hearing is affected"), with a conduction set beside it as an aside ("the
left ear, air conduction, is affected": issue #26 batch 186 QE46, real-model text)."""
_STRUCK = r"(?:affected|impacted|compromised)"
_HEARING_STRUCK = r"(?:affected|impacted|compromised|impaired|damaged)"
"""The words that say a hearing or an ear is struck by a loss, with no grade or type: an
ear "affected", "impacted" or "compromised" has a loss in it (WHO 2021: a hearing loss is
hearing worse than normal). "Damaged" and "impaired" are result_claims.LOSS_IN_AN_EAR's."""
_HEARING_AGENT = (
    r"(?:(?:a|an|the|some|its|their|his|her)\s+)?(?:[a-z-]+\s+){0,2}?"
    r"(?:conduction|hearing|loss|deafness|impairment|noise|presbycusis|otosclerosis)\b"
)
"""What an ear or its hearing is affected by that is the hearing's own ("affected by bone
conduction", "by a sensorineural loss", "by noise"): the ear is still said to have the loss,
however the writer names its mechanism (issue #26 batch 186: the real local model's "is
affected by bone conduction in the left ear", labelled a loss in that ear)."""
_NOT_BY = (
    r"(?!\s+(?:(?:by|from|with)\s+(?!" + _HEARING_AGENT + r")|"
    r"in\s+(?:the\s+)?(?:canal|skin|drum))\b)"
)
AFFECTED_EAR = re.compile(
    _EAR_OR_EARS + r"(?:(?:is|are|was|were|being|seems|seem|appears|appear|looks|look|"
    r"(?:has|have)\s+been)\s+)?"
    r"(?:(?:the|more|most|worse|worst|predominantly|mainly|mostly|primarily|chiefly|"
    r"severely|badly|significantly|clearly)\s+){0,3}" + _STRUCK + r"\b" + _NOT_BY
)
"""An ear called affected: "the left ear is the more affected", "with left ear being the most
affected", "the right ear is predominantly affected", "the left ear's hearing is impacted";
both ears so called ("both ears are affected", "their entire ears are affected": issue #26,
batch 160's real-model text, as tuning data). Group 1: the ear (None: both)."""
HEARING_STRUCK_IN_AN_EAR = re.compile(
    # the ear as the place or the agent of the hearing struck: "hearing is affected by bone
    # conduction in the left ear", "hearing is impacted by their left ear", "hearing impaired
    # on the right"
    r"\bhearing\s+(?:(?:is|was|has\s+been|seems|appears)\s+)?(?:(?:also|mainly|mostly|"
    r"only|severely|badly|significantly|clearly)\s+)?"
    + _HEARING_STRUCK
    + r"(?:\s+by\s+"
    + _HEARING_AGENT
    + r")?\s+(?:in|on|by|through|from)\s+"
    r"(?:the\s+|his\s+|her\s+|their\s+|your\s+)?(right|left)\b(?![\s-]+(?:and|&|or)\s)|"
    # the hearing of an ear as the subject: "the hearing in the left ear is impaired"
    r"\bhearing\s+(?:in|on|of)\s+(?:the\s+|his\s+|her\s+|their\s+|your\s+)?(right|left)"
    r"(?:[\s-]+(?:ear|side))?\s+(?:is|was|has\s+been|seems|appears)\s+(?:(?:also|mainly|"
    r"mostly|severely|badly|significantly|clearly)\s+)?" + _HEARING_STRUCK + r"\b|"
    # the ear named as the one affected: "the affected ear is the left", "affected side:
    # right"
    r"\baffected\s+(?:ear|side)\s*(?:is|was|:|=)\s*(?:the\s+)?(right|left)\b"
    r"(?![\s-]+(?:and|&|or)\s)|"
    # the ear as the source of the loss: "the left ear is the cause of the deafness", "the
    # left ear has been identified as one of the primary causes of sensorineural deafness"
    r"\b(right|left)(?:[\s-]+(?:ear|side))?\s+(?:is|was|(?:has\s+been|was|is)\s+"
    r"(?:identified|found|shown|named|confirmed)\s+as)\s+(?:one\s+of\s+)?(?:the\s+)?"
    r"(?:(?:main|primary|major|principal|only|sole)\s+)?(?:cause|source|origin|seat)s?\s+of\s+"
    r"(?:(?:the|this|his|her|their|your)\s+)?(?:[a-z-]+\s+){0,2}?(?:loss|deafness|impairment)\b"
)
"""The patient's hearing said struck (affected, impacted, impaired, damaged) with an ear as
its place or agent ("the patient's hearing is affected by bone conduction in the left ear",
"hearing impacted by their left ear"), the hearing of an ear said so ("the hearing in the
left ear is impaired"), or an ear named as the affected one ("the affected ear is the
left"), or the ear named as the loss's source ("the left ear is the cause
of the deafness"): the same claim as AFFECTED_EAR, that this ear has a loss (issue #26
batches 186 and 187, real-model text: QE01, QE04, QE08, QE38, QF48, each labelled a loss put in
that ear). Groups 1-4: the ear. The loss named as the ear's own ("the right ear's hearing
impairment") is result_claims.LOSS_IN_AN_EAR's."""
AFFECTED_APPOSED = re.compile(
    r"\b(right|left)\b(?![^.;\n]{0,40}?\b(?:right|left)\b)[^.;\n]{0,40}?"
    r"[ \t]+[\u2014\u2013-]+[ \t]*"
    r"the[ \t]+(?:(?:more|most|worse)[ \t]+)?affected(?:[ \t]+(?:ear|side|one))?\b"
)
"""An ear set beside "the affected ear" after a dash, the last ear named before it ("return if
hearing in the left ear drops further - the affected ear"): the apposition names that ear as
the affected one whatever the clause around it says of it (a safety-net's condition is on the
hearing's change, not on which ear has the loss; batch 174 UW30). Group 1: the ear."""
SPARED_EAR = re.compile(
    _EAR_OR_EARS + r"(?:is|are|was|were|seems|seem|appears|appear|remains|remain|remained)\s+"
    r"(?:(?:not|n't)\s+(?:(?:at\s+all|really|significantly)\s+)?affected|unaffected|spared)\b"
    + _NOT_BY
)
"""An ear called spared: "the right ear is unaffected", "the right ear is not affected", "the
left ear was spared", "both ears are unaffected". Group 1: the ear (None: both)."""
_HARM = r"(?:(?:noise|acoustic|sound)[\s-]+(?:induced[\s-]+)?)?(?:injury|injuries|damage|trauma)\b"
DAMAGED_EAR = re.compile(
    # the ear as the subject: "the left ear has experienced significant injury"
    _EAR + r"(?:has|had|have|shows?|showed)\s+(?:(?:experienced|suffered|sustained)\s+)?"
    r"(?:signs?\s+of\s+)?(?:(?:a|an|some|significant|considerable|marked|substantial|"
    r"definite|clear|obvious|severe|permanent|lasting)\s+){0,2}" + _HARM + "|"
    # the ear as the place: "noise damage to the left ear", "injury in the right ear"
    r"\b" + _HARM + r"\s+(?:to|in|of|on)\s+(?:the\s+|his\s+|her\s+|their\s+|your\s+)?"
    r"(right|left)\b(?![\s-]+(?:and|&|or)\s)"
)
"""An ear said to be damaged or injured: "the left ear has experienced significant injury",
"the right ear shows noise damage", "acoustic trauma to the left ear". Groups 1 or 2: the
ear."""
NOISE_WORDS = re.compile(
    r"\b(?:noise|acoustic|loud|music|sound|blast|gunfire|explosion|vibration|hearing)"
)
"""What makes damage to an ear the hearing's: a word of noise, sound or hearing in its
sentence (in the damage's own words or beside them)."""
_BELIEVED = re.compile(r"\b(?:believ\w*|thinks|thought|feels|felt|worr\w*|concern\w*|says|said)\b")
"""Words that make an ear's state someone's belief or account ("Believes left ear affected
(patient report)"), as result_claims._NOT_THIS_TEST makes it a complaint, history or risk."""
AFFECTED_RULE = "ear called affected"
SPARED_RULE = "ear called spared"
DAMAGED_RULE = "ear called damaged"


def may_hold(low: str) -> bool:
    """Return False when the lowered clause surely holds no affected, spared or damaged ear."""
    return lexicon.may_hold(
        low,
        "affect",
        "spared",
        "injur",
        "damag",
        "trauma",
        "impact",
        "compromis",
        "impair",
        "cause",
        "source",
        "origin",
        "seat",
    )


def affected_ear_claims(low: str, sent_low: str, hedged: bool) -> list[Claim]:
    """Return the claims of a lowered clause (``sent_low``: its sentence) that an ear has a
    loss ("loss_in_an_ear": affected, damaged) or is of normal type ("type", spared)."""
    if not may_hold(low) or _NOT_THIS_TEST.search(low) or _BELIEVED.search(low):
        return []
    out: list[Claim] = []
    for m in SPARED_EAR.finditer(low):
        if not lexicon.negated(low, m.start()):
            out.append(_clause_claim("type", m.group(1) or "both", "normal", hedged,
                                     m.group(0), SPARED_RULE))  # fmt: skip
    for m in AFFECTED_EAR.finditer(low):
        if not lexicon.negated(low, m.start()):
            out.append(_clause_claim("loss_in_an_ear", m.group(1) or "both", "a loss", hedged,
                                     m.group(0), AFFECTED_RULE))  # fmt: skip
    for m in HEARING_STRUCK_IN_AN_EAR.finditer(low):
        if not lexicon.negated(low, m.start()):
            ear = next(g for g in m.groups() if g)
            out.append(_clause_claim("loss_in_an_ear", ear, "a loss", hedged, m.group(0),
                                     AFFECTED_RULE))  # fmt: skip
    if not out and (m := AFFECTED_APPOSED.search(low)):
        out.append(_clause_claim("loss_in_an_ear", m.group(1), "a loss", hedged, m.group(0),
                                 AFFECTED_RULE))  # fmt: skip
    if lexicon.may_hold(low, "injur", "damag", "trauma") and NOISE_WORDS.search(sent_low or low):
        for m in DAMAGED_EAR.finditer(low):
            if not lexicon.negated(low, m.start()):
                out.append(_clause_claim("loss_in_an_ear", m.group(1) or m.group(2), "a loss",
                                         hedged, m.group(0), DAMAGED_RULE))  # fmt: skip
    return out
