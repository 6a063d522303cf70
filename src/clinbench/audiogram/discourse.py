"""Return a reply with the words that are not its writer's claims blanked out.

Some words of a reply say nothing about the patient even though they name findings: the
options of a form that were left unticked ("[ ] Mixed"), a question ("Why isn't this a
mixed loss?"), a first impression the writer sets aside ("my first thought was
conductive - but ..."), and, in a transcript of an examination, the examiner's lines ("Examiner:
Sudden right hearing loss."), which set the task the candidate's answer is judged on.
:func:`without_unclaimed` blanks them before the reply is read, so no reader has to know
about them. Each rule cites its source once, in :data:`RULES`.

Every pattern is linear in the text: each alternative is bounded or stops at a line end.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import NamedTuple

from clinbench.audiogram import fitting, lexicon, pathways, sound_levels
from clinbench.audiogram.alternation import led
from clinbench.audiogram.forms import unchosen_options_blanked
from clinbench.audiogram.guard_words import REPLY_WORDS
from clinbench.audiogram.offsets import blanked as _blank_spans
from clinbench.audiogram.offsets import lowered as _lowered

UNTICKED_OPTION = re.compile(r"\[\s?\]\s*[^\[\]\n]{0,80}")
"""An option of a tick-box form left unticked: "[ ] Sensorineural", up to the next box or
the line end; a ticked one ("[x] Conductive") is the writer's answer."""

QUESTION = re.compile(
    r"(?:^|(?<=[.!?:\n]))[ \t]*(?:[*_]{1,3}[ \t]*)?(?:[-*\u2022][ \t]+)?['\"\u2018\u201c]?"
    r"(?:(?:now|so|okay|ok|well|and|but|then|hmm|um|uh|er)[ \t]*,?[ \t]+)?"
    r"(?:why|what|how|which|where|when|is|"
    r"isn't|are|aren't|"
    r"does|doesn't|do|don't|would|could|can|should|shouldn't|did|didn't|was|wasn't)\b"
    r"(?:[^.!?\n]|(?<![a-z])(?:e\.g|i\.e|vs|etc|approx|cf)\.|\d\.(?=\d)){0,200}\?",
    re.I,
)
"""A sentence asked, opening with a question word and closed by "?": a question puts no
finding ("Is the loss conductive?"), nor does one put as a list item ("- Can the left be
retested?"); an abbreviation's or a decimal's point inside it ("Could noise (e.g. shooting)
explain it?", "Is 2.5 kHz worse?") does not end it; one spoken after a filler or a turn word
("Now, is the right conductive?", "So what type is it?"), after a label closed by bold or
italic markup ("**Question:** Is it mixed?") or quoted as a title ("'Is it mixed?'") is
asked all the same. A query mark written before a word
("?otosclerosis") or after a finding ("mixed?") is a hedge, read as one, not a question."""

ASKED_KIND = re.compile(
    r"(?:^|(?<=[.!\n]))[ \t]*(?:\*\*)?(?:(?:q(?:uestion)?|examiner|e)[ \t]*\d{0,2}(?:\*\*)?"
    r"[ \t]*[:.)][ \t]*(?:\*\*)?[ \t]*)?(?:what|how|which)\b[^.!?\n]{0,200}\?(?:\*\*)?[ \t]*\n?"
    r"[ \t]*(?:(?:\*\*)?(?:a(?:nswer)?|candidate|c)[ \t]*\d{0,2}(?:\*\*)?[ \t]*[:.)][ \t]*"
    r"(?:\*\*)?[ \t]*)?(?=(?:a\s+|an\s+)?(?:slight|mild|moderate|moderately|severe|profound|"
    r"normal|borderline|sensorineural|conductive|mixed|flat|sloping|rising|precipitous|"
    r"cookie|notch)\w*+\W*+(?:[^\W\d]++\W*+){0,6}(?:\n|$))",
    re.I | re.M,
)
"""A question that asks for one kind of finding, answered at once by a short line of that
kind's words ("Q: What degree is the right ear's loss?\nModerate.", "What type? Conductive."):
the answer is the finding the question names, for the ear it names (a form's question and
its answer, as a field and its value; quiz and viva replies, issue #26). The answer's words
are whole letter runs (possessive): a run cut into several "words" cost O(n^5) on a long one."""
_KIND_ASKED = (
    ("degree", re.compile(r"\b(?:degree|severity|grade|how\s+(?:severe|bad|much))\b", re.I)),
    ("type", re.compile(r"\b(?:type|kind|nature|sort)\s+of\s+(?:hearing\s+)?loss|"
                        r"\bwhat\s+type\b|\btype\b(?=[^?]*\bloss\b)", re.I)),
    ("configuration", re.compile(r"\b(?:configuration|shape)\b", re.I)),
)  # fmt: skip
_EAR_ASKED = re.compile(r"\b(right|left)\b", re.I)


def _question_as_label(m: re.Match[str]) -> str:
    """Return a question answered at once written as the field its answer fills ("right ear
    degree:"), padded to its length so offsets after it do not move; a question that names
    no kind, or more than one kind or ear, is left as it is."""
    asked = m.group(0)
    kinds = [kind for kind, pattern in _KIND_ASKED if pattern.search(asked)]
    ears = {e.lower() for e in _EAR_ASKED.findall(asked)}
    if len(kinds) != 1 or len(ears) > 1:
        return asked
    label = (f"{next(iter(ears))} ear " if ears else "") + f"{kinds[0]}: "
    if len(label) > len(asked):
        return asked
    return label + " " * (len(asked) - len(label))


EXAMINER_LINE = re.compile(
    r"^[ \t]*(?:\*\*)?(?:examiner|interviewer|e|q)(?:\*\*)?[ \t]*:[^\n]*", re.I | re.M
)
"""A line an examiner speaks in a transcript of a viva or an oral exam ("Examiner: ...",
"E: ..."): it sets the task; the candidate's lines are the answer."""

EXAMINATION_LINE = re.compile(
    r"^[ \t*_>#-]*(?:o/e|o\.e\.|oe|on\s+exam(?:ination)?|(?:clinical\s+|physical\s+|"
    r"bedside\s+)?exam(?:ination)?)\b[ \t]*[:\u2013-][^\n]*",
    re.M,
)
"""A line of the examination's findings in a clinical note ("o/e: otoscopy NAD. Weber -> R.
Rinne +ve both.", "On examination: ..."), lowered text."""
BEDSIDE_FORK = re.compile(r"\b(?:rinne|weber)\b[^.;,\n]{0,40}")
"""A tuning-fork test and its result up to the next stop or comma ("Rinne +ve both", "Weber
\u2192 R"): on an examination line (:data:`EXAMINATION_LINE`) it is the examiner's own bedside
test, done at the examination, not a result read off the audiogram (as a tuning-fork test
done "in ED" is another occasion's); so it is no claim of the audiogram's."""


def _without_bedside_forks(text: str) -> str:
    """Return ``text`` with each tuning-fork result on an examination line blanked."""
    low = _lowered(text)
    spans = [
        fork.span()
        for line in EXAMINATION_LINE.finditer(low)
        for fork in BEDSIDE_FORK.finditer(low, line.start(), line.end())
    ]
    return _blank_spans(text, spans)


SET_ASIDE = re.compile(
    r"\b(?:(?:my|the)\s+)?(?:first|initial)\s+(?:thought|impression|instinct|guess|reading)\s+"
    r"(?:was|would be|had been)\b[^.;\n]{0,120}?(?=\s*[-–,;:]?\s*(?:but|however)\b)|"
    r"\bat first\s+(?:i|we)\s+(?:thought|read|called)\b[^.;\n]{0,120}?"
    r"(?=\s*[-–,;:]?\s*(?:but|however)\b)",
    re.I,
)
"""A first impression the writer sets aside with "but" ("My first thought was a conductive
loss, but the bone ..."): withdrawn, so the last word stands."""

CONSIDERED = re.compile(
    r"\b(?:(?:one|you|some|many|most|others?|a\s+reader|the\s+unwary|(?:(?:a\s+lot|lots|plenty|"
    r"many|most|some)\s+of\s+)?(?:the\s+)?(?:students|trainees|readers|people|colleagues|"
    r"clinicians|juniors|candidates))\s+(?:might|may|could|would|will)\s+"
    r"(?:be\s+tempted\s+to\s+)?(?:think|assume|expect|call|read|say|suspect|argue|label|see)|"
    r"it\s+is\s+tempting\s+to\s+(?:call|read|label|say|think|see)|"
    r"it\s+(?:might|may|could)\s+(?:look|seem|appear)|at\s+first\s+(?:glance|sight)|superficially|"
    r"(?:a|on\s+a)\s+(?:naive|quick|superficial|cursory)\s+(?:reading|look|glance))\b"
    r"[^;\n]{0,160}?(?=\s*[-–,;:.]?\s*(?:but|however|yet)\b)",
    re.I,
)
"""A reading the writer raises only to answer it with "but" ("One might think the loss is
conductive, but the masked bone follows air"; a group's, "most trainees would call it mixed.
But ..."): a hypothesis considered and rejected."""

RULED_OUT = re.compile(
    r"\b(?:was|were|is|are|has\s+been|have\s+been)\s+"
    r"(?:(?:considered|raised|queried|suspected|entertained)\s+(?:and|but)\s+)?"
    r"(?:rejected|ruled\s+out|excluded|dismissed|discounted|set\s+aside|outvoted|overruled)\b",
    re.I,
)
"""A diagnosis named as considered and ruled out ("A conductive loss was considered and
rejected"): the clause up to this verdict (back to the clause's start, at most
:data:`_CLAUSE_REACH` characters) names what the patient does not have; so does a class an
ensemble's vote or a reviewer overrides ("The third model's 'mixed' is outvoted")."""

_CLAUSE_REACH = 160
_RULED_OUT_LOW = re.compile(RULED_OUT.pattern)

COUNTERFACTUAL = re.compile(
    r"(?:^|(?<=[.;:!?\n]))[ \t]*had\s+(?:the|this|it|that|there|she|he|they|both)\b[^.;\n]{0,120}?"
    r"\bbeen\b[^.;\n]{0,200}|"
    r"\bif\s+(?:it|this|that|these|there|she|he|they|both(?:\s+ears)?|the\s+[\w-]+(?:\s+[\w-]+)?)"
    r"\s+(?:were|had\s+been)\b[^.;\n]{0,200}?"
    r"(?=[.;\n]|,?\s*(?:so|therefore|hence|thus|but|whereas|instead)\b|$)|"
    r"\b(?:on|in|for|with)\s+(?:an)?other\s+(?:audiograms?|patients?|persons?|cases?|charts?)\b"
    r"[^.;\n]{0,60}?\bwould\b[^.;\n]{0,160}",
    re.I | re.M,
)
"""A condition contrary to fact ("Had the loss been conductive, masked bone would be
normal"; "if it were conductive we would see a gap"; "which on another audiogram would
suggest a conductive component": what another case would show): the subjunctive says the
finding is not there."""

CORRECTION_MARK = re.compile(
    r"\b(?:edit(?:ed)?|update|amended?)[ \t]*:|\bmake that\b|"
    r"\bno[ \t]*[,;:\u2013-][ \t]*(?:it'?s|it is|that'?s|that is)\b",
    re.I,
)
"""A correction announced as a post's "Edit:" or "Update:", or in speech ("no, it's ...",
"make that ..."): :func:`_as_self_corrections` writes it as the claim reader's own
self-correction word, so the reader withdraws what it corrects (the last word stands)."""

_CORRECTION_MARK_LOW = re.compile(CORRECTION_MARK.pattern)

PAST_RESULT = re.compile(
    r"(?:^|(?<=[.;:!?\n])|(?<=[.;:!?\n] ))[ \t]*(?:(?:the|a|his|her|their|my|our)\s+)?"
    r"(?:previous|prior|earlier|last|old|older|first|(?:19|20)\d\d)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:audiograms?|tests?|results?|assessments?|hearing\s+tests?|reports?)\s+"
    r"(?:\([^)\n]{0,40}\)\s+)?(?:(?:elsewhere|there|then|here)\s+)?(?:(?:had|has)\s+)?(?:showed|shows|was|were|found|gave|recorded|documented|called|"
    r"described|revealed|demonstrated|suggested)\b[^.;\n]{0,200}|"
    r"(?:^|(?<=[.;!?\n])|(?<=[.;!?\n] ))[ \t]*previously\b[^.;\n]{0,120}",
    re.I | re.M,
)
"""An earlier test's result, as the subject of its clause ("The 2019 audiogram showed a mild
loss", "Previously mild on the left", "The last EHF test (age 20) recorded 15 dB HL at 12.5 kHz",
its date in brackets): history, not a claim about the audiogram read now."""

BASELINE_RESULT = re.compile(
    r"(?:^|(?<=[.;:!?\n])|(?<=[.;:!?\n] ))[ \t*_>-]*(?:at\s+)?(?:(?:pre-?treatment|the)\s+)?"
    r"baseline(?:\s+(?:values?|audiogram|thresholds?))?\s*\((?![^)\n]{0,80}\btoday\b)[^)\n]{0,80}\)"
    r"(?:(?!\b(?:today|now|currently|presently|but|whereas|however|while)\b|\bthis\s+"
    r"(?:audiogram|test)\b)[^.;\n]|\.\d|;(?![^.;\n\d]{0,80}?\b(?:today|now|currently|current|"
    r"presently|this\s+audiogram|shows|is|are)\b)){0,240}"
)
"""A sentence headed by the baseline test with its date or cycle ("Baseline (pre-cycle 1, 14 Jan):
right 10-15 dB HL", "At baseline (10 days ago) the left ear was ..."): an earlier audiogram's
values, not claims about the one read now, to the sentence's end (through a semicolon that
goes on with the other ear); a baseline dated today is this test, and a clause after a
semicolon that turns to the current test before its level ("; today ...", "; it is now 60",
"; this audiogram shows ...") is read, as is the rest of the sentence from a word turning to
now or in contrast ("today", "now", "this audiogram", "but", "whereas": ", but this
audiogram shows a moderate loss"). Source:
ototoxicity monitoring compares each test with the pre-treatment baseline (ASHA 1994
guidelines for the audiologic management of ototoxicity)."""

LOUDNESS_MEASURE = re.compile(
    r"\b(?:loudness\s+discomfort|discomfort\s+(?:levels?|thresholds?)|uncomfortable\s+"
    r"(?:loudness\s+)?levels?|"
    # the tinnitus with its side ("the right-sided tinnitus was matched"): the tinnitus's side
    r"(?:(?:the|her|his|their)\s+)?(?:(?:right|left)(?:[\s-]+(?:sided|ear))?\s+)?"
    r"tinnitus(?:[\s-]+(?:(?:pitch|loudness)[\s-]+)?match(?:es|ed|ing)?|"
    r"\s+(?:was|is|were)\s+(?:(?:pitch|loudness)[\s-]+)?matched)|ucls?|ldls?|ulls?|"
    r"uncomfortable\s+listening\s+levels?|discomfort\s+(?:(?:was|is)\s+)?(?:reported|noted|felt|"
    r"reached|experienced|began|started)|"
    r"(?:loudness|pitch)[\s-]+match(?:es|ed|ing)?|minimum\s+masking\s+levels?|mmls?)\b"
    r"(?:(?!\b(?:but|while|whereas|thresholds?|hearing\s+levels?)\b|"
    r",\s*(?:(?:the|her|his|their)\s+)?(?:right|left|both|where|which)\b|"
    r"\b(?:and|with)\s+(?:(?:the|her|his|their)\s+(?:right|left)\s+(?:ears?|sides?)|both\s+"
    r"(?:ears?|sides?)|(?:(?:the|her|his|their|an?)\s+)?(?:audiogram|hearing|air|bone|"
    r"pure[\s-]tones?|slight|mild|moderate\w*|severe|profound|sensorineural|conductive|"
    r"mixed))\b)[^.;\n]|\.\d){0,200}"
)
"""The levels of a loudness measure, from its name to its sentence's end ("Her discomfort
levels were 80 dB HL at 2 kHz", "Uncomfortable loudness levels: 95-100 dB HL", "Loudness
match: 3 dB SL"): where sound becomes too loud, or how loud or high the tinnitus is, not the
quietest sound heard; a hearing level at a frequency there is no threshold. A clause after
"but", "while" or "whereas", a comma followed by an ear, "where" or "which", "and" or "with"
followed by the ears, the audiogram, hearing, a conduction or a grade or type of loss ("and
both ears have a severe loss", "with a profound loss"), and a named threshold or hearing
level are read again. The side named with the tinnitus ("the right-sided tinnitus was
matched at ...") is the tinnitus's, and goes with it. Source: tinnitus and hyperacusis
assessment (BSA
2021 practice guidance on tinnitus; loudness discomfort levels, BSA 2011 procedure)."""

RULE_QUOTED = re.compile(
    r"\b(?:criteria|criterion|rules?|(?<!normal )(?<!within )limits?|standards?|requirements?|"
    r"calculation|formula|method|protocol|policy|guidelines?)(?:\s+met)?"
    r"(?:[ \t]+(?:used|applied|adopted|given|quoted|set[ \t]+"
    r"out|laid[ \t]+down|in[ \t]+use|as)\b[^()\n.;:\d]{0,40})?[ \t]*(?:(?:\([^)\d\n]{0,60}\)"
    r"[ \t]*)?:(?:[^.;\n]|\.\d){0,200}|\([^)\n]{0,200}\))"
)
"""A rule, limit or method quoted under its name, in a parenthesis or after a colon ("Criteria
(15 dB at two adjacent frequencies; 15 dB at 3 kHz)", "Class 1 limits (35 dB HL at 500, 1000
and 2000 Hz)", "Service standard: average of 0.5-2 kHz no worse than 35 dB HL", "calculation
(mean of 0.5, 1, 2 and 3 kHz, 25 dB fence)"): the yardstick the writer applies, not a result
of the patient; the verdict on it ("none met") is outside the quote. "Within normal limits
(...)" is a finding and stays. Source: fitness and screening standards state their pass
levels per frequency (e.g. EASA Class 1 hearing limits; MRI asymmetry protocols: "Protocol:
asymmetric sensorineural loss of 15 dB or more at two adjacent frequencies -> MRI"). The name
may carry who uses it and an aside without a number before the colon ("Profile rule used by
the clinic (paraphrased): H1 = ...", "Class 3 tone rule (as given in the medical standards):
no ear worse than 35 dB HL ..."), and a quoted rule goes on through each semicolon whose part
states a limit too ("...; H2 = average 30 dB or less, ...; otherwise H3": see
:func:`_rule_goes_on`)."""
_RULE_QUOTED_LOW = re.compile(RULE_QUOTED.pattern)
_AT_THE_LIMIT = re.compile(
    r"\b(?:at|beyond|to|past|above|exceed(?:s|ed|ing)?|outside|fail(?:s|ed|ing)?)\s+"
    r"(?:(?:the|its|their)\s+)?(?:[\w'-]+\s+){0,2}$"
)
"""Before "limits": the equipment's limit a no response was found at ("no response at the
oscillator limits (65-70 dB HL)"), or the limits an ear exceeds, is outside or fails ("Right
ear exceeds the Class 1 limits (45 dB HL at 2 kHz)"): a result, not a quoted rule."""
_RULE_ABOUT_PATIENT = re.compile(r"\b(?:right|left|bilateral\w*|patient|he|she|his|her)\b")
"""Inside a quoted rule: an ear or the patient named, so the span reports a result ("Method:
right ear thresholds were 60 dB HL at 1 kHz", "Calculation: right PTA 60 dB HL"), not a
yardstick."""
_RULE_EAR_TAG = re.compile(rf"\b(?:{lexicon.RIGHT_TAG}|{lexicon.LEFT_TAG})\b")
"""Inside a quoted rule (the text as written): an ear named by its chart tag ("Calculation: RE
PTA 60 dB HL", "AD 25 dB worse than AS"), as :data:`_RULE_ABOUT_PATIENT` names it in words."""
_RULE_BOTH_EARS = re.compile(r"\b(?:both|each)\s+(?:ears?|sides?)\b")
"""Inside a quoted rule: both ears or each ear named, a result where no limit is stated
(:data:`_RULE_LIMIT`): "Criteria met: both ears 60 dB HL at 4 kHz"."""
_RULE_LIMIT = re.compile(
    r"\b(?:no\s+(?:worse|better|more|less)\s+than|or\s+(?:worse|better|more|less|above|below)|"
    r"at\s+(?:least|most)|up\s+to|(?:maxim|minim)um|exceed\w*|fence|better\s+ear|worse\s+ear)\b|"
    r"[<>\u2264\u2265]"
)
"""A limit stated in a quoted rule ("no worse than 70 dB HL", "40 dB HL or worse", "at least",
"in the better ear"): the span is the yardstick."""
_WORKED_VALUE = re.compile(r"\d\s*\+[^=\n]{0,80}=\s*-?\d")
"""Inside a quoted rule: levels added and worked through to a value ("Calculation: (55 + 50 +
35 + 20) / 4 = 40 dB HL"): the patient's figure; a formula with no value ("PTA = (T500 + ...)
/ 4") stays a yardstick."""


def _rule_reports_a_result(text: str, low: str, start: int, end: int) -> bool:
    """Return True when a quoted rule's span reports the patient's result: it names an ear or
    the patient, in words or by a chart tag, works levels through to a value, or names both
    ears (each ear) and states no limit."""
    return bool(
        _RULE_ABOUT_PATIENT.search(low, start, end)
        or _RULE_EAR_TAG.search(text, start, end)
        or ("=" in low[start:end] and _WORKED_VALUE.search(low, start, end))
        or (
            _RULE_BOTH_EARS.search(low, start, end) is not None
            and _RULE_LIMIT.search(low, start, end) is None
        )
    )


def _without_quoted_rules(text: str) -> str:
    """Return ``text`` with each rule quoted under its name blanked (:data:`RULE_QUOTED`),
    except the equipment's limits a response was looked for at (:data:`_AT_THE_LIMIT`)."""
    low = _lowered(text)
    spans = [
        m.span()
        for m in _RULE_QUOTED_LOW.finditer(low)
        if not (
            low.startswith("limit", m.start())
            and _AT_THE_LIMIT.search(low, max(0, m.start() - 40), m.start())
        )
        and not _rule_reports_a_result(text, low, m.start(), m.end())
    ]
    return _blank_spans(
        text, [(start, _rule_goes_on(text, low, start, end)) for start, end in spans]
    )


TRIAL_CRITERION = re.compile(
    r"\b(?:inclusion|exclusion|eligibility|criteria)(?:\s+criteri(?:on|a))?(?:\s+(?:no\.?\s*|#\s*)?"
    r"\d{1,3}[a-z]?)?[ \t]*(?:\([a-z-]+(?:\s[a-z-]+)?\)[ \t]*(?=:))?"
    r"(?:(\([^()\n]{0,200}\))|(:(?:[^.;\n]|\.\d){0,200}))"
)
"""A clinical trial's eligibility criterion quoted under its number, in a parenthesis or
after a colon ("Inclusion 4 (bone conduction 25 dB HL or better in the study ear): met",
"Exclusion 5 (conductive component in either ear): APPLIES (left)", "Exclusion criterion
2: air conduction worse than 70 dB HL at 2 kHz", "Inclusion (controls): all thresholds <= 20 dB
HL"): the protocol's yardstick, not the
subject's result; the verdict after the parenthesis ("met", "applies (left)") is read. A
criterion naming an ear or the subject reports a result and stays, as does a colon part that
states no limit ("Inclusion 4: right ear bone 20 dB HL")."""


_CRITERION_ABOUT_PATIENT = re.compile(
    r"\b(?:right(?![\s-]*hand)|left(?![\s-]*hand)|patient|he|she|his|her)\b"
)
"""Inside a trial criterion: one ear or the subject named, so the part reports a result
("Inclusion 4: right ear bone 20 dB HL"); the criterion's own ear words ("in each ear", "both
ears", "bilateral", "in the study ear", "contralateral") and "right-handed" name none."""
_CRITERION_LIMIT = re.compile(
    _RULE_LIMIT.pattern + r"|\d\s*(?:-|\u2013|to)\s*\d+(?:\.\d+)?\s*(?:db|%)"
)
"""A limit in a trial criterion: as in a quoted rule (:data:`_RULE_LIMIT`), or the band a
participant must fall in ("4 kHz threshold 35-70 dB HL", "low-frequency mean 25-60 dB HL")."""
_CRITERION_PART = re.compile(r";(?:[^.;\n]|\.\d){0,200}")


def _criterion_part_kept(text: str, low: str, start: int, end: int) -> bool:
    """Return True when a part of a trial criterion reports the subject's result: it names one
    ear or the subject, or it states no limit (:data:`_CRITERION_LIMIT`)."""
    return bool(
        _CRITERION_ABOUT_PATIENT.search(low, start, end)
        or _RULE_EAR_TAG.search(text, start, end)
        or _CRITERION_LIMIT.search(low, start, end) is None
    )


def _criterion_parts(text: str, low: str, start: int, end: int) -> list[tuple[int, int]]:
    """Return the spans of a trial criterion given after a colon, its first part and each part
    after a semicolon ("Inclusion: unilateral loss; mean ABG >= 20 dB ...; BC 4FA <= 30 dB
    HL"), that state the protocol's limit (:func:`_criterion_part_kept`)."""
    spans = [] if _criterion_part_kept(text, low, start, end) else [(start, end)]
    part = _CRITERION_PART.match(low, end)
    while part:
        if not _criterion_part_kept(text, low, part.start() + 1, part.end()):
            spans.append((part.start() + 1, part.end()))
        part = _CRITERION_PART.match(low, part.end())
    return spans


def _without_trial_criteria(text: str) -> str:
    """Return ``text`` with each trial criterion's own words blanked (:data:`TRIAL_CRITERION`):
    a criterion in a parenthesis whole, one after a colon part by part
    (:func:`_criterion_parts`): a list of criteria is the protocol's, each of its parts with a
    limit and no ear of the subject named (the ear words of a criterion, "in each ear", "in
    the study ear", "contralateral", name none)."""
    low = _lowered(text)
    spans = []
    for m in TRIAL_CRITERION.finditer(low):
        if m.group(1) is None:
            spans.extend(_criterion_parts(text, low, *m.span(2)))
            continue
        start, end = m.span(1)
        if _RULE_ABOUT_PATIENT.search(low, start, end) or _RULE_EAR_TAG.search(text, start, end):
            continue
        spans.append((start, end))
    return _blank_spans(text, spans)


_RULE_PART = re.compile(r";(?:[^.;\n]|\.\d){0,200}")


def _rule_goes_on(text: str, low: str, start: int, end: int) -> int:
    """Return where a quoted rule given after a colon ends: through each following part after
    a semicolon that states a limit (:data:`_RULE_LIMIT`) and reports no result of the patient
    ("H1 = ... 45 dB or less; H2 = average 30 dB or less, ..."); a rule in a parenthesis ends
    at its bracket."""
    if low[end - 1 : end] == ")" or ":" not in low[start:end]:
        return end
    part = _RULE_PART.match(low, end)
    while (
        part
        and _RULE_LIMIT.search(low, part.start(), part.end())
        and not _rule_reports_a_result(text, low, part.start(), part.end())
    ):
        end = part.end()
        part = _RULE_PART.match(low, end)
    return end


REQUIRED_LIMIT = re.compile(
    r"\b(?:must|shall|should|may)\s+(?:not\s+|never\s+)?(?:exceed|be\s+(?:no|not)\s+(?:more|worse|"
    r"greater|poorer|higher)\s+than|be\s+(?:at\s+(?:least|most)|(?:better|worse|poorer|less|more|"
    r"greater)\s+than|below|under|within))\b|"
    r"\b(?P<verb>requir(?:e|es|ed|ing)|(?:needs?|has|have)\s+to\s+be)\b"
)
"""A limit stated as what a rule demands, with a verb of obligation ("the average over 0.5, 1
and 2 kHz must not exceed 30 dB in either ear", "the certificate requires that each ear be no
more than 35 dB at 500 Hz", "the guidelines require a dip of at least 10 dB at 3 to 6 kHz"):
the rule's limit, as a quoted rule's is (:data:`RULE_QUOTED`), not a result of the patient.
A verb of requiring alone ("requires", "has to be") needs a limit after it in the sentence
(:data:`_RULE_LIMIT`). Source: fitness, employment and compensation standards state their
pass levels as obligations (UK CAA / EASA Class 1 hearing requirements; the Coles, Lutman
and Buffin 2000 NIHL guidelines' requirements R1-R3)."""
_REQUIRED_TURN = re.compile(r";|\b(?:but|whereas|while|however)\b")
_DIGIT = re.compile(r"\d")


def _required_limit_span(text: str, low: str, start: int, end: int) -> tuple[int, int] | None:
    """Return the span of a sentence (from ``start`` to ``end``) that states a rule's limit
    with a verb of obligation (:data:`REQUIRED_LIMIT`): from the sentence start, or its last
    turn before the verb (";", "but", "whereas", "while", "however"), to its end or its next
    turn (what follows it is read: "...; the right ear is 60 dB HL"); None when it
    states none, gives no level, or names an ear or the patient (a result,
    :func:`_rule_reports_a_result`)."""
    m = REQUIRED_LIMIT.search(low, start, end)
    if m is None:
        return None
    turn = _REQUIRED_TURN.search(low, m.end(), end)
    end = turn.start() if turn else end
    if m.group("verb") and not _RULE_LIMIT.search(low, m.end(), end):
        return None
    for turn in _REQUIRED_TURN.finditer(low, start, m.start()):
        start = turn.end()
    if not _DIGIT.search(low, m.end(), end) or _rule_reports_a_result(text, low, start, end):
        return None
    return start, end


def _without_required_limits(text: str) -> str:
    """Return ``text`` with each rule's limit stated as an obligation blanked
    (:func:`_required_limit_span`)."""
    low = _lowered(text)
    spans = [
        span
        for start, end in _report_sentences(low)
        if (span := _required_limit_span(text, low, start, end)) is not None
    ]
    return _blank_spans(text, spans)


LABELLED_SOURCE = re.compile(
    r"^[ \t*_>-]*(?:(?:the|a|your)\s+)?(?:(?:GP|ENT)(?:'s\s+notes?|\s+notes|(?:'s)?\s+(?:letter|"
    r"report|question|query|summary|opinion))|(?:referring|previous|prior|outside|"
    r"original|colleague)(?:'s)?\s+(?:letter|report|notes?|question|query|summary|opinion)|"
    r"(?:GP|referrer|colleague|Dr\.?\s+[A-Z][\w-]+)'s\s+(?:[\w-]+\s+)?(?:letter|report|notes?|"
    r"question|query|summary|opinion)|(?:referrer|referral|GP)'?s?\s+(?:question|query))"
    r"[*_ \t]*:[^\n]*",
    re.I | re.M,
)
"""A line labelled with someone else's document or question ("Dr Smith's letter: ...",
"GP letter: ...", "**Referrer's question:** ..."): the label's owner speaks, or asks, on
that line; the reply's own lines are the answer. A form's own "Question:" field is the
writer's, and so is a note labelled by its writer's role ("GP note: ...": the entry the
GP writes in the record at hand, as on a ward round; batch 172 UU28), where "the GP's
note" or "GP notes" are the GP's record, cited."""

STRUCK = re.compile(r"~~[^~\n]{1,200}~~|<(s|del|strike)>[^<\n]{0,200}</(?:s|del|strike)>", re.I)
"""Words struck through (markdown ``~~...~~``, HTML ``<s>``/``<del>``): withdrawn by their
writer, who leaves them visible only to show the correction."""

QUOTED = re.compile(
    r'"[^"\n]{1,300}"|[\u201c\u201e][^\u201c\u201d\n]{1,300}\u201d|\u00ab[^\u00bb\n]{1,300}\u00bb|'
    r"'(?<![^\s(\[:=-]')(?=\S)[^'\n]{1,300}(?<=\S)'(?![\w'])|\u2018[^\u2019\n]{1,300}\u2019(?!\w)"
)
BLOCK_QUOTED = re.compile(r"^[ \t]*>[^\n]{1,300}", re.M)
"""A colleague's words the writer quotes: a span in quotation marks of any common kind
(straight or curly, double or single, guillemets, low-high), or a ">" quoted line (markdown
and e-mail block quote). A single quotation mark opens only after a space or an opening
mark, so the apostrophe of "patient's" opens nothing. Whether the quoted words are the
writer's claim depends on what the writer says of them."""

_SOURCE = (
    r"(?:(?:the|a|your|his|her|their|our)\s+)?(?:(?:GP|ENT|referring|previous|prior|outside|"
    r"private|locum|school|original|earlier|first|other|audiology|audiometry)\s+)?"
    r"(?:colleague|report|referrer|"
    r"referral|letter|GP|doctor|registrar|clinician|technician|tech|nurse|notes?|patient|"
    r"parents?|mother|father|mum|dad|carer|family|teacher|student|trainee|candidate|"
    r"team|audiologist|consultant|Dr\.?\s+[A-Z][\w-]+)"
)


def word_alternation(words: tuple[str, ...] | frozenset[str]) -> str:
    """Return a regular-expression alternation of ``words`` factored by common prefixes.

    Python's engine tries every branch of an alternation at every position, so a flat list
    of forty words scans several times slower than the same words as a prefix tree. Written
    here because no dependency of the project builds one (the PyPI ``trieregex`` would do it).
    """
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        branches = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return build(trie)


_REPORTING_VERBS = (
    "say says said wrote writes noted notes reported reports stated states described describes "
    "documented documents called calls labelled labeled labels thought thinks suggested "
    "suggests queried queries mentioned mentions claimed claims felt feels recorded records "
    "believe believes believed reckon reckons"
).split() + ["told me", "told us"]
_REPORTING = word_alternation(tuple(_REPORTING_VERBS))
REPORTED = re.compile(
    _REPORTING + r"\b(?!\s+(?:(?:it|this|them|that)\s+)?(?:correctly|rightly|accurately)\b)[ \t]*"
    r"(?:,|:|\s+that\b|\s+(?:it|this|them)\s+(?:as\s+)?)?",
    re.I,
)
_REPORTED_LOW = re.compile(REPORTED.pattern)
"""REPORTED run on the lowered text: a case-blind alternation of words is several times
slower in Python's engine than a case-sensitive one."""
REPORTED_SOURCE = re.compile(r"\b" + _SOURCE + r"\s+(?:(?:had|has|have)\s+)?$", re.I)
BELIEVER = re.compile(r"\b(?:he|she|they)\s+(?:(?:still|also|really|honestly)\s+)?$", re.I)
_BELIEF_VERB = re.compile(r"(?:feels?|felt|thinks?|thought|believes?|believed|reckons?)\b")
"""A third person's belief ("he feels the right is worse", "she thinks the left is the bad
one"): in a clinician's note or a call, "he" or "she" is the patient (or a relative), and
what they believe of their ears is their view, not the clinician's finding. Only belief
verbs: "she said" may be the tester's report of this test."""
REPORTED_PER = re.compile(
    r"\b(?:per|according\s+to)\s+" + _SOURCE + r"(?:\s+(?:letter|report|referral|notes?))?", re.I
)
"""Someone else's statement reported without quotation marks, up to the end of its clause:
a source (a colleague, the referral letter, the GP, the patient or a parent, a named doctor)
and a reporting verb ("the referrer wrote that the loss was conductive", "the GP letter says
...", "the colleague called it sensorineural"), or "per the GP letter, ...", "according to
the referral, ...". These read the head (the verb first, then its source just before
it, so the scan is one pass for a verb); the words run to :data:`CLAUSE_END`.
"As the GP said, ..." is not theirs: the writer takes the words over (:data:`TAKEN_OVER`)."""

CLAUSE_END = re.compile(
    r"[;\n\"\u201c\u201e\u00ab\u2018]|(?<=[\s:])'(?=\S)|\.(?!\d)|,?\s*(?:but|however|whereas)\b|"
    r",?\s*(?:(?:and|which|so|as)\s+)?(?:i|we)\s+(?:agree|concur|disagree|think|would|read|call|"
    r"find|see)\b",
    re.I,
)
"""Where reported words end: the clause's end, a quotation (read as one; a single mark opens
one after a space or a colon, as in :data:`QUOTED`), a contrast, or
the writer's own voice ("..., and I agree"); within :data:`_REPORT_REACH` characters."""

_REPORT_REACH = 200

TAKEN_OVER = re.compile(r"\bas\s+(?:(?:the|a|your|his|her|their|our)\s+)?$", re.I)
"""'As the GP said, ...': the writer takes the reported words over as their own."""

TESTER = re.compile(
    r"(?:(?:the|my|his|her|our)\s+)?(?:audiologist|audiometrist|tester|technician|tech|"
    r"(?:(?:audiology|audiogram|audiometry|audiometric|hearing[\s-]test)\s+)?report|"
    r"(?:audiology|audiometry|hearing[\s-]test)\s+letter)",
    re.I,
)
"""The person who did the test, as a patient or a relative names them ("the audiologist
said my left ear has a mild loss", "my audiologist reckons ..."), or the test's own report
("the report calls this a conductive loss", "the audiology report describes it as mixed": a
letter that weighs this audiogram quotes its report; issue #26 batch 106): what the tester
said of this test is a result of it, which the writer repeats as true, so it stays the
writer's claim unless the writer rejects it. Someone else's or an earlier tester ("the
previous audiologist", "your audiologist", "Mum's audiologist", "the GP report", "the 2019
report") is reported as before. The audiology department's letter on the test ("which the
audiology letter called moderate": batch 111) is its report; a bare or a GP's letter is not."""
_TESTER_OTHER = re.compile(
    r"(?:\b(?:previous|prior|outside|private|original|earlier|first|other|referring|old|school|"
    r"your)|\w'?s|\b(?:19|20)\d\d)\s+$",
    re.I,
)

ATTRIBUTION = re.compile(
    r"\b(?:" + _SOURCE + r"|" + _REPORTING + r"|per|according\s+to|quote[sd]?|referral|letter)\b",
    re.I,
)
"""A quotation whose sentence names a source or a reporting verb before it is attributed to
someone else ("The referral letter: 'mild conductive loss'")."""
_RECIPIENT_BEFORE = re.compile(r"\b(?:for|to|with)[ \t]+(?:[a-z]{1,12}-)?$", re.I)
_RECIPIENT_AFTER = re.compile(
    r"[ \t]+(?:(?:was|were|(?:has|have)[ \t]+been)[ \t]+)?(?:told|informed|advised|updated)\b|"
    r"(?<=letter|report|ummary|ferral)[ \t]+(?:to|for)\b(?![ \t]+(?:us|me|our|my)\b)",
    re.I,
)
"""A source named as the one the words are given to, not the one who says them: "summary
for the family: '...'", "explained to the patient: '...'", "Family told: '...'" (the family
were told), or the writer's own document sent to someone ("Letter to HA dept: '...'"): what
the writer tells someone is the writer's statement (batches 171 UT34, 172 UU22, UU46); a
letter "to us" is someone else's. The document may carry a prefix before its name ("Summary
for e-referral: '...'", "text for tele-referral": batch 193 TJ10)."""


_WRITER_SAYS = re.compile(
    r"\b(?:(?:i|we)[ \t]+(?:(?:also|then|have|had|just|already)[ \t]+)?|(?:my|our)[ \t]+"
    r"(?:own[ \t]+)?)$",
    re.I,
)
"""Before a reporting verb or an account: the writer as the one who says or wrote the words
("For the class profile I noted: '...'", "we recorded: '...'", "My note for the file:
'...'"). What the writer quotes from their own note, plan or profile is their statement, as
the validation README's settled convention has a relayed report of this test be the
document's own; a person's words (the patient's, a relative's, a colleague's) stay theirs."""
_WRITERS_OWN = re.compile(
    r"(?:(?:our)[ \t]+)?(?:" + _REPORTING + r"|notes?|report|letter|referral)", re.I
)
"""What the writer may say or write themselves: a reporting verb or a document (not a
person: "my GP said" is the GP's)."""
_OWN_ACCOUNT_ENDS = re.compile(
    r"[ \t]*(?:[:,'\"\u2018\u201c(\u2013-]|(?:for|to|reads?|says?|said|states?)\b|$)", re.I
)
"""After the writer's own document: its words follow ("My note for the file: '...'", "our
referral reads '...'"); not a noun it qualifies ("our own referral criteria list '...'",
the service's rules)."""


def _attributed(text: str, begin: int, start: int) -> bool | None:
    """Return True when the words before a quotation (``begin`` to ``start``) name its source
    or a reporting verb (:data:`ATTRIBUTION`); a source named as the recipient of the words
    (:data:`_RECIPIENT_BEFORE`, :data:`_RECIPIENT_AFTER`) attributes nothing, nor the writer
    named as the one who says or wrote them (:data:`_WRITER_SAYS`): None when that is all
    the words name (the writer's own quoted words, read unless the writer corrects them)."""
    own = False
    for m in ATTRIBUTION.finditer(text, begin, start):
        if (
            _WRITERS_OWN.fullmatch(m.group(0))
            and (
                m.group(0)[:3].lower() == "our"
                or _WRITER_SAYS.search(text, max(0, m.start() - 20), m.start())
            )
            and (REPORTED.fullmatch(m.group(0)) or _OWN_ACCOUNT_ENDS.match(text, m.end()))
        ):
            own = True
            continue
        recipient = _RECIPIENT_BEFORE.search(text, max(0, m.start() - 6), m.start()) or (
            _RECIPIENT_AFTER.match(text, m.end(), start)
        )
        if not (recipient and REPORTED_SOURCE.match(m.group(0) + " ")):
            return True
    return None if own else False


_ATTRIBUTION_HINTS = (
    "colleague", "report", "referr", "letter", "gp", "dr", "note", "per ", "according",
    "patient", "parent", "mother", "father", "mum", "dad", "carer", "family", "teacher",
    "student", "trainee", "candidate", "tech", "nurse", "doctor", "registrar", "clinician",
    "audiologist", "consultant", "team", "say", "said", "wrote", "writes", "state", "describ",
    "document", "call", "label", "thought", "think", "suggest", "quer", "mention", "claim",
    "felt", "feel", "record", "believ", "reckon", "told", "quote",
)  # fmt: skip
"""Lowered words without one of which no quotation can be attributed nor speech reported
(a cheap test before the attribution pass)."""

ACCEPTED = re.compile(
    r"[ \t]*[-\u2013:,.;]?[ \t]*(?:(?:i|we)\s+)?(?:agree|agreed|ok|okay|correct|fine|endorsed|"
    r"as stated|all correct)\b(?![ \t]+(?:with\s+the|except|in\s+part)|,?\s*but\b)|"
    r"[ \t]*[-\u2013:,.;]?[ \t]*(?:entered|accepted|applied|updated)\b"
    r"(?![ \t]*(?:as|to|from|instead|over)\b)",
    re.I,
)
"""The writer accepts the quoted words outright, straight after them ("- agreed", ": OK");
in a data-management query trail, the resolution straight after a site's quoted answer
("Site answer: '...'. Entered; query closed", "Accepted", "Updated") puts the answer into the
record, which then states it (ICH E6(R2) good clinical practice 4.9: a data clarification's
resolution is the record's value); not "entered as ..." nor "updated to ..." (another value)."""

_OWN_MEANS = (
    r"(?:(?:my|our|his|her|their|the|a|an|any)\s+)?(?:hearing[\s-]+aids?|aids?|devices?|"
    r"implants?|(?:hearing\s+)?loops?|bsl|sign\s+language|lip[\s-]?reading|amplifiers?|"
    r"cochlear|phones?|glasses)\b"
)
"""What someone uses to hear or communicate ("I do not use hearing aids", "we don't use the
loop"): a statement of their own means, not words rejected."""
_NO_PERSON_BEFORE = (
    r"(?<!\bhe )(?<!\bshe )(?<!\bthey )(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bpatient )"
    r"(?<!\bhe often )(?<!\bshe often )(?<!\bhe sometimes )(?<!\bshe sometimes )"
)
"""Before "misses" or "missed": no person as its subject. The report "misses" a finding
(a rejection of it), but a person who "misses the doorbell" or "missed words on the phone"
has a symptom of the loss (the everyday-listening items of hearing-handicap inventories,
e.g. HHIE, Ventry & Weinstein 1982), no verdict on quoted words (batch 154 UC08). In
:data:`REJECTED` a look-ahead for "miss" stands before these look-behinds, so that they are
tried only there (for speed), not at every word."""
REJECTED = re.compile(
    r"\b(?:disagree\w*|not\s+correct|incorrect|wrong|should\s+(?:read|go|be|say)|rather|"
    r"in\s+fact|actually|(?=miss)" + _NO_PERSON_BEFORE + r"(?:misses|missed)|"
    r"understates?|overstates?|"
    r"half\s+right|corrected\s+(?:me|us|it|this|that|them|him|her)|"
    r"part(?:ly|ially)\s+(?:agree|right)|not\s+quite|the\s+other\s+way|"
    r"(?:i|we)\s+(?:read|class|call)\s+(?:it|this|them|the\s+\w+)\s+(?:as|the)|my\s+reading)\b|"
    r"(?:i'?d|i\s+would|we'?d|we\s+would)\s+(?:stop\s+(?:at|short\s+of)|avoid|steer\s+clear\s+of)\b|"
    r"\b(?:(?:i|we)\s+(?:wouldn'?t|would\s+not|don'?t|do\s+not)|(?<!you\s)(?<!they\s)(?<!he\s)"
    rf"(?<!she\s)(?:don'?t|do\s+not))\s+(?:write|call|put|use\b(?!\s+{_OWN_MEANS}))\b|"
    r",\s*not\b|\b(?:is|are|was)\s+not\b|\b(?:isn't|aren't)\b|\bno\s*[:;,.]|\bno\b(?=[ \t]*$)",
    re.I | re.M,
)
"""What the writer says when rejecting or correcting quoted words: "I disagree", "this is
not correct", "should read", "rather", "in fact", "a MIXED loss, not sensorineural", "I
wrote 'conductive' but she corrected me" (the writer's own words too); advice against the
words: "I'd stop at", "I'd avoid", "I wouldn't write", "don't call it". Advice
is the writer's or an order ("we don't use", "Don't write"): what someone else does not use
("you do not use hearing aids", "they don't use the loop"), and what the writer does not use
to hear or communicate ("I do not use hearing aids", :data:`_OWN_MEANS`), rejects no words."""

ENDORSED = re.compile(
    r"\b(?:(?:i|we)\s+(?:fully\s+)?(?:agree|concur)|agreed|confirmed|(?:which|this|that|it)\s+is\s+"
    r"(?:right|correct|accurate)|(?:is|are)\s+(?:entirely\s+|quite\s+|all\s+)?(?:correct|accurate)|nothing\s+to\s+add|no\s+(?:further\s+)?(?:comment|change)s?|"
    r"(?:i|we)(?:'m|\s+am|'re|\s+are)\s+happy\s+with|spot\s+on|endorsed?|(?:i|we)\s+accept|"
    r"agree\s+with\s+(?:all|every|each|it|this|that|them)|as\s+stated|"
    r"(?:checked|verified)\b[^.\n]{0,40}?\b(?:correct|right|accurate)|"
    r"(?:checked|verified|reviewed)[ \t]+(?:(?:it|them|this)[ \t]+)?and[ \t]+(?:kept|left|"
    r"accepted|filed|signed))\b"
    r"(?![ \t]+(?:except|in\s+part|only|partly)|,?\s*but\b)",
    re.I,
)
"""The writer takes attributed words over ("..., and I agree", "which is correct", "nothing
to add", "Agree with all of it", "checked every value - correct", "I accept the findings",
"he wrote, and I checked and kept: '...'": words kept after checking are the writer's)."""

_QUOTE_MARKS = r"^[ \t]*(?:>[ \t]*){0,8}"
EMAIL_HISTORY = re.compile(
    r"^[ \t]*-{2,}[ \t]*(?:original|forwarded)[ \t]+message[ \t]*-{2,}|"
    + _QUOTE_MARKS
    + r"On\b[^\n]{1,160}\bwrote:[ \t]*$|"
    + _QUOTE_MARKS
    + r"[^\n>]{1,120}\bwrote\s+on\b[^\n\d]{0,40}\d[^\n]{0,40}:[ \t]*$|"
    + _QUOTE_MARKS
    + r"From:[^\n]{1,160}\n"
    + _QUOTE_MARKS
    + r"(?:Sent|Date):|"
    r"^[ \t]*>>>[^\n]{1,160}(?:>>>|:)[ \t]*$",
    re.I | re.M,
)
"""The start of an earlier message quoted below a reply ("-----Original Message-----",
"On Mon 3 May, Dr Jones wrote:", "Mr Tan wrote on 04/11/2026:", a "From: / Sent:" header,
each also behind the ">" marks of a quoting client, or GroupWise's ">>> Dr Cole 05/11/2026
10:02 >>>" line): what follows is the earlier writer's, not the reply's (e-mail clients'
quoting conventions, RFC 3676, Outlook and GroupWise)."""

THREAD_ENDORSED = re.compile(
    r"\b(?:agree|concur)\w*\b[^.\n]{0,60}\b(?:below|your|his|her|their)\b|\bas\s+below\b", re.I
)

DEFINITION = re.compile(
    r"\bwhat\s+(?:makes|would\s+make|defines)\s+(?:a|the)\s+(?:hearing\s+)?loss\s+[a-z-]+|"
    r"(?:^|(?<=[.!?]\s)|(?<=\n))[ \t]*(?:but\s+|and\s+|so\s+)?an?\s+(?:[a-z-]+\s+){1,2}?"
    r"(?:hearing\s+)?loss\s+(?:needs|requires|means|implies|is\s+defined\s+by|"
    r"would\s+(?:need|require|show|mean))\b[^.;\n]{0,160}",
    re.I | re.M,
)
"""A rule stated in general ("normal bone is what makes a loss conductive", "A conductive
loss needs a hearing loss"): it says what defines a type, not what this patient has."""

PURPOSE = re.compile(
    r"\b(?:designed|used|intended|meant|developed|aims?|aimed|helps?)\s+(?:specifically\s+)?"
    r"to\s+(?:evaluate|assess|measure|detect|diagnose|determine|identify|quantify|classify|"
    r"grade|characteri[sz]e)\b(?:(?!\b(?:(?:and|but|which)\s+(?:was|were|is|are)|(?:(?:and|but|"
    r"which)\s+)?(?:shows?|showed|reveal(?:s|ed)|demonstrat(?:es|ed)|indicat(?:es|ed)|"
    r"confirm(?:s|ed)))\b)[^.;:,\n]){0,160}",
    re.I,
)
"""What a test or a guideline is for ("an audiogram is designed to evaluate the extent of
bilateral conductive and/or sensorineural hearing loss"): a purpose names findings as what is
looked for, not as what this patient has (a model describing the method, issue #26 batch 18
G36). A test done for a reason keeps its result ("tympanometry was performed to assess the
middle ear, which was normal": 'performed' states no purpose in general); the purpose ends
at a finding verb ("shows", "revealed", "demonstrated", "indicated", "confirmed": "used to
assess the middle ear and showed a type B tympanogram", "the audiogram used to assess her
hearing shows ...") and at "and", "but" or "which" followed by "is/are/was/were"."""

_MISTAKE_NOUN = r"(?:mistakes?|pitfalls?|traps?|misconceptions?|misreadings?|wrong\s+answers?)"
_MISTAKE_ADJECTIVE = r"(?:common|classic|typical|frequent|usual|easy|tempting|big|biggest|main|key)"
_MISTAKE = rf"(?:{_MISTAKE_ADJECTIVE}\s+(?:{_MISTAKE_NOUN}|errors?)|{_MISTAKE_NOUN})"
NAMED_MISTAKE = re.compile(
    rf"(?:^[ \t*_>#-]*|(?<=[.!?] )[*_]*)(?:(?:the|a)\s+)?{_MISTAKE}"
    r"(?:[ \t]+(?:to\s+avoid|this\s+week|here|#?\d+|(?:students|trainees|candidates|people)\s+"
    r"make))?[*_ \t]*[:\u2013\u2014][*_ \t]*|"
    rf"\b(?:a|the|one|another)\s+{_MISTAKE}\s+(?:is|would\s+be|here\s+is)\s+(?=to\s|[a-z]+ing\b)|"
    rf"\bit\s+(?:is|would\s+be|'s)\s+(?:an?\s+)?(?:{_MISTAKE_ADJECTIVE}\s+)?(?:mistake|error)\s+to\s+|"
    r"\bavoid\s+(?=(?:calling|reading|labell?ing|marking|assuming|diagnosing|classifying|"
    r"describing|grading)\b)|"
    r"\b(?:never|(?:(?:very|so)\s+)?tempting\s+to)\s+(?=(?:call|read|label|mark|assume|"
    r"diagnose|classify|describe|grade|say|think)\b)|"
    r"\b(?:students|trainees)\s+(?:(?:often|"
    r"commonly|usually|frequently|typically|sometimes|always)\s+)?(?:(?:tend\s+to|will|would|"
    r"may|might)\s+)?(?=(?:call|read|label|mark|misread|assume|think|say)\b)",
    re.M,
)
"""The head of a mistake the writer names as such, to warn against it: a "Common mistake:"
or "Pitfall:" label opening a line or a sentence, "a classic error is to ...", "it is a
mistake to ...", "avoid calling ...", "never call ...", "tempting to call ...", or what
learners habitually do ("students often call this ..."), which a teaching post names only
to correct. The words after it, up to their sentence's end
(:data:`MISTAKE_END`), describe the wrong reading, not the writer's (written in lower case:
run on the lowered text)."""

MISTAKE_END = re.compile(r"[.!?;](?=\s|$)|\n|\s[-\u2013\u2014]\s|,?\s+(?:but|however|whereas)\b")
"""Where a named mistake ends: its sentence's end, a dash or a contrast that brings in the
writer's correction ("Common mistake: calling it conductive - check the bone")."""

_MISTAKE_REACH = 200

OPTION_MARK = re.compile(
    r"(?:^[ \t]*(?:[-*\u2022][ \t]+)?|(?<=[ \t]{2})|(?<=\t))(?:\*\*)?\(?([A-Ea-e])[.)](?:\*\*)?"
    r"[ \t]+(?=\S)",
    re.M,
)
"""The letter of a multiple-choice option ("A. Mild", "b) conductive", "(C) mixed", "**D.**
mixed"), at a line's start or after a run of spaces that separates options written on one
line."""

ANSWER_KEY = re.compile(
    r"\b(?i:(?:correct|quiz|final|right)\s+)?(?i:answer)(?:\s+(?i:key))?[*_]*\s*(?:(?i:is)\s*)?"
    r"[:=\u2013-]?[*_ \t]*\(?([A-Ea-e])\b(?=[*_ \t]*(?:[.,;:()\u2013-]|$))",
    re.M,
)
"""The answer key of a multiple-choice question ("Answer: B.", "Correct answer: C -
otosclerosis"): the letter of the option the writer picks."""

ALTERNATIVE_QUESTION = re.compile(
    r"(?:^|(?<=[.!?:]\s)|(?<=[.!?:]))[ \t]*[^.?!:\n]{0,160}\bor\b[^.?!:\n]{0,80}\?", re.M
)
"""A question that offers alternatives with "or" and no question word ("Conductive,
sensorineural or mixed?", "Right or left?"). It is a question the writer asks only when the
next words answer it with one of the alternatives (:func:`_without_answered_alternatives`);
otherwise "conductive or mixed?" is the writer's hedged impression."""

QUERY_ANSWERED_NO = re.compile(
    r"(?:^|(?<=[.!?:;\n\u2013\u2014]))[^.!?:;\n\u2013\u2014]{1,80}\?(?=[ \t*_\"']*"
    r"(?:\n[ \t*_\"'>-]*)?(?:[a-z][\w .'-]{0,30}:[ \t*_\"']*)?no\b(?![ \t]+(?:change|further|"
    r"more|new|other|\w+[ \t]+(?:needed|required))\b)(?![.!?,;:]?[ \t]*(?:[a-z]+[ \t]+){0,2}"
    r"(?:but|yes)\b))"
)
"""A finding queried with "?" and answered at once "no", by the writer or by another speaker
after their label ("Conductive? No - bone matches air.", "Coder query: mixed? Clinician: no,
10 dB only."): the query is refused, so it is no claim (English grammar: a yes-no question
asserts nothing, and its answer "no" denies it; coder queries to a clinician, issue #26 batch
64, used as tuning data). Not "no change", "no further ...": those answer another question."""


ANSWER_OPENING = re.compile(r"(?:[\s.\u2026]|\b(?:the|a|an|it'?s|it\s+is|answer\s*:))*([a-z-]+)")
"""The first word of the answer after a question, past white space, a row of dots ("Have a
think before you scroll down"), an article or "it's" (run on the lowered text)."""

TRUE_OR_FALSE = re.compile(r"\btrue\s+or\s+false\b[ \t]*[:?\u2013\u2014-]?[ \t]*")
"""A statement set for the reader to judge ("True or false: the right loss is
sensorineural."): when the key that follows calls it false, it is no claim of the writer's
(:func:`_without_statements_judged_false`; run on the lowered text)."""

JUDGED_FALSE = re.compile(r"[\s.\u2026*_]*(?:answer\s*:\s*)?false\b")

REASONING_END = re.compile(
    r"</think>|^[ \t]*(?:\*\*)?(?:final[ \t]+)?answer(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*$",
    re.I | re.M,
)
"""The end of a reasoning model's visible thinking: a closing ``</think>`` tag, or an
"Answer:" / "Final answer:" / "**Answer**" heading line; what comes before is reasoning."""

SECOND_THOUGHT = re.compile(
    r"(?:^|(?<=[.!?\n\u2026]))[ \t]*(?:(?:wait|hold\s+on|hmm+|actually)\b|"
    r"let\s+me\s+(?:re-?)?(?:check|look\s+again)\b|no[ \t]*(?=[,:;\u2013\u2014]|-|\.))|"
    r"(?<=\?)[ \t]*\n?[ \t]*but\b",
    re.I | re.M,
)
"""A second thought opening a sentence of the reasoning ("Wait, is it?", "Hmm, no: ...",
"... hold on, that's the circle trace", "moderate? No - 33.75 is under 35", "Let me
check", a question answered by "But ..."): the sentence just before it is withdrawn;
the reasoning's later words stand."""

_SENTENCE_END = re.compile(r"(?<!\.\.)[.!?](?=\s)|\n|[!?]$")
_THOUGHT_REACH = 300
"""How far back a second thought's withdrawn sentence may start (characters). A trailing
off ("2k is... 15? No") is no sentence end: the withdrawn reading runs on over it."""


TURN = re.compile(
    r"^[ \t]*(?:\*\*)?([A-Za-z][A-Za-z.' ]{0,24}?)(?:\*\*)?[ \t]*(?:\([^)\n]{0,30}\))?[ \t]*"
    r"(?:\*\*)?:(?:\*\*)?",
    re.M,
)
"""A speaker's label opening a line of a transcript ("Mother: ...", "**Audiologist:** ...")."""

LAY_SPEAKERS = frozenset(
    "patient parent mother mum mom father dad carer caregiver caller partner wife husband son "
    "daughter relative grandmother grandfather".split()
)
"""Speakers whose words in a transcript are history, not findings: the patient and family."""

SPEAKERS = LAY_SPEAKERS | frozenset(
    "audiologist aud consultant registrar doctor dr clinician tech technician gp ent nurse "
    "examiner interviewer candidate student trainee e c q a me supervisor".split()
)

_KNOWN_TURN = re.compile(
    r"\n[ \t]*(?:\*\*)?(?i:(" + word_alternation(frozenset(SPEAKERS)) + r"))\b[A-Za-z.' ]{0,24}?"
    r"(?:\*\*)?[ \t]*(?:\([^)\n]{0,30}\))?[ \t]*(?:\*\*)?:(?:\*\*)?"
)
"""TURN whose label opens with a known speaker's word, found after a newline (the text is
read with one put before it): the literal first character lets the engine skip ahead, and a
line whose first word is no speaker fails at once."""

_KNOWN_TURN_AT = re.compile(_KNOWN_TURN.pattern.removeprefix(r"\n"))
"""A known speaker's label where a line starts (matched at the line's start)."""

TURN_REJECTED = re.compile(
    r"[ \t]*(?:\*\*)?(?:no[ \t]*[,.:;!\u2013-]|nope\b|not\s+quite\b|not\s+so\b|actually\b|"
    r"incorrect\b|wrong\b|i\s+disagree\b|careful\b|that'?s\s+(?:not|wrong)\b|correction\b)",
    re.I,
)
"""A turn that opens by rejecting the turn before it ("No - the left ear ...", "Actually,
...")."""


_VERDICT_REACH = 250
"""How far after quoted words the writer's verdict on them is looked for (characters); the
next quotation or a blank line ends it sooner."""

CITED = re.compile(
    r"\[\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3}){0,8}\]|\bet\s+al\b|\bin\s+the\s+literature\b|"
    r"\b(?:has|have)\s+(?:[a-z]+\s+)?been\s+(?:reported|described|attributed|documented)\b",
    re.I,
)
"""A sentence of a case report's discussion that speaks of the literature: a reference
number ("[11]", "[16, 17]"), "et al." (as in "(Smith et al., 2019)"), "has been
reported/described/attributed", "in the literature". With none of the patient's words in
it (:data:`_PATIENT_RESULT_WORD`), it states what others found, not this audiogram's result."""

_PATIENT_RESULT_WORD = re.compile(
    r"\b(?:right|left|both|each|bilateral\w*|unilateral\w*|db|\d+(?:\.\d+)?\s*k?hz|she|he|her|"
    r"his|our|patient|proband|the\s+loss|audiometry|audiograms?)\b",
    re.I,
)
"""Words that tie a sentence to this patient or this audiogram (an ear, a level, a frequency,
the patient, "the loss", "audiometry"): a sentence holding one is read even when it cites."""
_CITED_SENTENCE_END = re.compile(r"(?<!\bal)(?<!\bfig)(?<!\be\.g)(?<!\bi\.e)[.!?](?=\s|$)|\n", re.I)
_CITED_SENTENCE_END = led(_CITED_SENTENCE_END)  # (its first characters looked for first, for speed)

LATER_TEST = re.compile(
    r"\b(?:at|on)\s+(?:(?:the|her|his|their|a)\s+)?(?:[\w-]+\s+){0,2}?(?:follow[-\s]?up|re-?test\w*)\b|"
    r"\b(?:\d{1,2}|one|two|three|four|five|six|eight|ten|twelve|a\s+few|several)[\s-]+"
    r"(?:days?|weeks?|months?|years?)\s+later\b|\bon\s+(?:repeat|repeated|further)\s+test\w*|"
    r"\bhad\s+(?:[a-z]+\s+)?(?:improved|recovered|returned|deteriorated|worsened)"
    r"\s+to\b|"
    r"\b(?P<treated>after|following|since)\s+(?:(?:a|an|the|his|her|their)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:grommets?|ventilation\s+tubes?|surgery|operation|stapedotomy|stapedectomy|"
    r"tympanoplasty|myringoplasty|myringotomy|treatment|steroids?)\s+(?:was|were|had\s+been)\s+"
    r"(?:inserted|placed|fitted|performed|done|carried\s+out|given|completed|finished)\b",
    re.I,
)
"""A result given for another, later test than the one read: "at the three-month
follow-up", "six weeks later", "on repeat testing", "the average had improved to 30 dB HL"
(issue #26 batch 38, case reports: the follow-up audiogram is another test; the past perfect
only: "has worsened to 80 dB HL" is the present perfect, where the change ends now, in this
test), and what was
measured once a treatment was done ("After grommets were inserted his right ear measured
10 dB", "Since the operation was performed the left ear hears at 20 dB"): a test after the
treatment, not the audiogram read before it."""

SLIDE_EAR_CORRECTED = re.compile(
    r"\bthe\s+slide\s+(?:says|reads|shows|has|labels\s+it)\s+(?:the\s+)?(left|right)\b[^.;\n]{0,20}?"
    r"\b(?:it\s+is|it's|should\s+(?:say|read|be)|(?:it\s+)?(?:is\s+)?actually)\s+(?:the\s+)?"
    r"(right|left)\b",
    re.I,
)
"""A speaker's note saying the slide put the findings on the wrong ear ("Correction - the
slide says left, it is the right ear that ..."): the note is the last word, and the slide
it corrects (from its "Slide" heading to the note) is withdrawn (issue #26 batch 37, used as
tuning data)."""
_SLIDE_HEADING = re.compile(r"^[ \t#*_]*slide\b[^\n]*$", re.I | re.M)

_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|while|whereas|which)\b", re.I)
# ---- scope: figures that are not about this patient's audiogram read now (issue #26)

_TO_CLAUSE_END = r"(?:(?!,?\s+(?:but|whereas|while|however)\b)(?:[^.;!?\n]|\.\d)){0,200}"
"""The rest of a clause: to its stop, semicolon or line end (a decimal point is no stop), or
to a turn with "but", "whereas", "while" or "however"."""
_CLAUSE_OPENS = r"(?:^|(?<=[.;:!?\n(]))[ \t*_>#-]*"
_GENERAL_TO_END = (
    r"(?:(?!,?\s+(?:but|whereas|while|however)\b|,\s*(?:and\s+)?(?:so|therefore|hence|which|"
    r"thus)\b)(?:[^.;!?\n]|\.\d)){0,200}"
)
"""The rest of a general statement's clause: as :data:`_TO_CLAUSE_END`, and also to a
consequence drawn for the patient (", so ...", ", which ...", ", therefore ..."), which is
read."""

_KIN_TO_CLAUSE_END = (
    r"(?:(?!,?\s+(?:but|whereas|while|however)\b|,\s*(?:and\s+)?(?:so|therefore|hence|thus)\b)"
    r"(?:[^.;!?\n]|\.\d)){0,200}"
)
"""The rest of a relative's clause: as :data:`_TO_CLAUSE_END`, and also to a consequence drawn
for the patient ("several relatives are deaf, so she had a test - normal in both ears"), which
is the patient's own result."""
_KIN = (
    r"(?:mother|father|mum|mom|dad|brother|sister|sibling|parent|grand(?:mother|father|parent)|"
    r"aunt|uncle|cousin|twin|husband|wife|spouse|relative|nephew|niece)s?"
)
_LABELLED_KIN = (
    r"(?:cousin|brother|sister|sibling|aunt|uncle|twin|nephew|niece|"
    r"grand(?:mother|father|parent))s?[ \t]*(?:\([^()\n]{0,30}\)[ \t]*)?:"
)
"""A relative as the label of a note's entry ("Cousin: bilateral mid-frequency loss", "Sister
(31): same shape, milder"): what follows is theirs. Not a parent or a spouse: their label may
open a speaker's turn (read as a lay speaker's) or a maternity note's entry about the patient
("Mother: BP 120/80, audiometry ...")."""
_OWN_HEARING = (
    r"(?:(?:own|left|right)\s+)?"
    r"(?:(?:has|had|have|wears|wore|uses|used|needs|needed)\b"
    r"(?!\s+(?:noticed|reported|said|observed|mentioned|told|brought|asked|heard|seen)\b)|"
    r"(?:was|were|is|are)\s+(?:(?:also|later|recently)\s+)?(?:diagnosed|born|deaf|fitted|"
    r"found|implanted)\b|(?:audiograms?|hearing|loss|thresholds?|ears?|tests?|results?)\b)"
)
"""What follows a person to make the clause their own hearing ("has", "wears", "was
diagnosed", "'s audiogram", "left ear")."""
_IN_BRACKETS_HEARING = r"[ \t]*\((?=[^()\n]{0,40}?\b(?:loss|deaf\w*|hearing|implant\w*|aids?)\b)"
RELATIVE_HEARING = re.compile(
    r"\b(?:"
    + _LABELLED_KIN
    + r"|"
    + _KIN
    + r"(?:'s|\u2019s|s')?\s+(?:(?:son|daughter|child(?:ren)?|baby)(?:'s|\u2019s)?\s+)?"
    + _OWN_HEARING
    + r"|"
    + _KIN
    + _IN_BRACKETS_HEARING
    + r")"
    + _KIN_TO_CLAUSE_END,
    re.M,
)
"""A relative's own hearing, from the relative to the clause end ("Her mother has a severe loss in
the left ear", "His brother's audiogram shows 70 dB HL at 4 kHz", "attends with her husband
(severe loss)", a relative as an entry's label, :data:`_LABELLED_KIN`): family history, not
this patient's audiogram. A relative who noticed, said or reported something about the patient
("her mother has noticed the right ear is worse") is a source, and stays read; a child, son or
daughter is often the patient and is taken as a relative only as a relative's ("his sister's
son has a high-frequency loss in both ears"; a nephew or niece always is)."""

TESTER_OWN_EARS = re.compile(
    r"\b(?:(?:biological|subjective|listening)[ \t]+(?:calibration|checks?)\b|"
    r"(?:checks?|calibration)\b[^.;:\n]{0,40}\b(?:own[ \t]+ears|coupler)\b|"
    r"(?:tester|audiologist|audiometrist|technician|tech|operator)(?:'s|\u2019s)?[ \t]+own[ \t]+"
    r"(?:ears?|hearing|left|right|thresholds?)\b)" + _TO_CLAUSE_END,
    re.M,
)
"""The audiometer's check, to its clause end: the daily subjective (biological) check on the
tester's own ears ("Biological calibration (tester's own ears): R 5-10, L 5-10 at 250-8k",
"Daily check (own ears): R 10, L 10 at 1 kHz", "tester's own left 6 kHz is 35 on file"), or
its output checked on a coupler ("High-output check (on the coupler): AC 120 dB HL at 1 kHz
reads 127 dB SPL"): the tester's hearing or the machine's output, not the patient's
audiogram."""
TESTER_OWN_EARS = led(TESTER_OWN_EARS)  # (its first characters looked for first, for speed)

_CHANGE_VERB = (
    r"(?:drops?|falls?|worsens?|deteriorates?|reach(?:es)?|exceeds?|progress(?:es)?|develops?|"
    r"declines?|shifts?|gets?\s+worse|goes\s+(?:down|up)|to\s+(?:drop|fall|reach|worsen|exceed|"
    r"deteriorate|decline|shift|develop|progress))\b"
)
CHANGE_IF = re.compile(
    r"\b(?:should|were|if|unless|in\s+case|once)\s+(?:(?=(?:a|an|any)\s)|(?=(?:[\w'\u2019-]+\s+){0,8}?"
    + _CHANGE_VERB
    + r"\s+(?:(?:to|by|below|beyond|past|over|under|above)\b|\d)))(?:[\w'\u2019-]+\s+){0,8}?"
    + _CHANGE_VERB
    + _TO_CLAUSE_END,
    re.M,
)
"""A condition of a change still to come, to its clause end ("If the left ear drops to 45 dB HL
at 2 kHz, we would refer", "Should a severe loss develop on the right, ...", "Were the right
threshold at 2 kHz to reach 50 dB HL, ..."): a result that may come, a trigger of the plan,
when the change has a target ("to 45 dB HL", "by 10 dB", "reaches 60") or befalls an
indefinite loss ("should a severe loss develop"); "If the right loss progresses, review" keeps
its claim that the right ear has a loss,
not one measured. "If we look at the right ear, it is moderate" names no change and is read;
"should" and "were" open such a condition only at a clause's start
(:func:`_without_changes_to_come`)."""


def _without_changes_to_come(text: str) -> str:
    """Return ``text`` with each condition of a change still to come blanked
    (:data:`CHANGE_IF`); one opened by "should" or "were" only at a clause's start."""
    low = _lowered(text)
    spans = []
    for m in CHANGE_IF.finditer(low):
        if low.startswith(("should", "were"), m.start()):
            before = low[max(0, m.start() - 8) : m.start()].rstrip(" \t*_>#-")
            if before and before[-1] not in ".;:!?(\n":
                continue
        spans.append(m.span())
    return _blank_spans(text, spans)


FITNESS_CONDITION = re.compile(
    r"\b(?:fit|unfit|cleared?|clearance|return(?:s|ing)?|resume[sd]?|allowed|permitted|safe)\b"
    r"[^.;:\n]{0,40}?\b((?:once|until|till|when|provided(?:\s+that)?|as\s+soon\s+as)\s+"
    r"(?:the|his|her|their|its|both|hearing|it|he|she|they)\b" + _TO_CLAUSE_END + ")",
    re.M,
)
"""The condition a fitness or return decision is given on, to its clause end ("fit once the
left ear equalises and hearing is normal", "unfit until his hearing is normal", "may return
to diving when the hearing has recovered"): a state that must come true, not a result of
this test."""
FITNESS_CONDITION = led(FITNESS_CONDITION)  # (its first characters looked for first, for speed)


def _without_fitness_conditions(text: str) -> str:
    """Return ``text`` with each fitness decision's condition blanked
    (:data:`FITNESS_CONDITION`; the decision's own words are kept)."""
    low = _lowered(text)
    return _blank_spans(text, [m.span(1) for m in FITNESS_CONDITION.finditer(low)])


DATED_EARLIER = re.compile(
    _CLAUSE_OPENS
    + r"(?:[\w'\u2019-]+[ \t]+){0,5}?\(?(?:(?:in|from|since|during|dated|of|the|an?|her|his|"
    r"their|my|our)[ \t]+|\()(?:\d{1,2}[/.-]\d{1,2}[/.-]|(?:jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)[a-z]*\.?[ \t]+)?(?:19[5-9]\d|20(?:0[1-9]|[1-4]\d))\b"
    r"(?![ \t]*(?:hz|khz|db|ms|%|\d))\)?"
    r"(?=[ \t]*(?:\([^)\n]{0,40}\))?[ \t]*(?::|,|[ \t](?:[\w'\u2019-]+[ \t]+){0,8}?(?:measured|"
    r"was|were|showed|recorded|found|gave|had|documented|revealed|described|noted)\b))"
    + _TO_CLAUSE_END,
    re.M,
)
"""A clause headed by an earlier year, to its end ("In 2018 her left ear measured 80 dB HL at 2
kHz", "Old results (2016): right 55 dB HL", "An audiogram from 2017 (another clinic) recorded
a ...", "At the 2015 test the right threshold ... was ...", "(her 2016 hearing test elsewhere
showed ...)"): an earlier test, as a dated past result is; the year comes after a time word
or a determiner ("in", "from", "the", "her"), and the clause's verb is past. 2000 is never
taken as a year (it is a frequency far more often)."""

GENERAL_STATEMENT = re.compile(
    _CLAUSE_OPENS + r"(?:as\s+a\s+(?:rule|guide)|in\s+general|for\s+reference|by\s+definition|"
    # a definition of a term: "The protocol definition of a significant gap is ...", "A
    # significant gap is defined as ..."
    r"(?:[\w'\u2019-]+\s+){0,3}?definitions?\s+(?:of|for)\b|"
    r"(?:[\w'\u2019-]+\s+){1,5}?(?:is|are)\s+defined\s+(?:as|by)\b|"
    # a quoted term then its meaning: '"Total loss" = no useful hearing', '"mild" means ...'
    r"[\"\u201c][^\"\u201d\n]{1,40}[\"\u201d] ?(?:=|:=|means)[ \t]*(?=\w)|"
    # a reference's label ("Ref: ...", "Reference (a cohort study): ..."): what it cites
    r"ref(?:erence)?s?\.?[ \t]*(?:\([^)\n]{0,80}\)[ \t]*)?:[ \t]*(?=\w)|"
    r"(?:age|population)\s+norms?|criteri(?:on|a)\s+for|guidance|"
    r"(?:[\w'\u2019-]+\s+){0,2}?(?:reference|normal)\s+range\s+(?:for|of)\b|"
    r"(?:[\w'\u2019-]+\s+){0,2}?(?:plan|scheme|fund|programme|program|insurer|polic(?:y|ies))"
    r"[ \t]*:?\s+(?:requires?|"
    r"covers?|funds?|pays?\s+for|needs?|asks?\s+for|calls?\s+for)\b|(?:[\w-]+\s+){0,2}?"
    r"(?:criteri(?:on|a)|pathway|protocol|guidance|guidelines?|policy|threshold\s+for\s+[\w-]+)"
    r"\s+(?:(?:is|are|says?|states?|refers?|requires?|recommends?|needs?|asks?\s+for|calls?\s+for)"
    r"\b)(?!\s+(?:not\s+|all\s+|both\s+)?(?:met|fulfilled|satisfied|"
    r"reached))|(?:[\w'\u2019-]+\s+){1,5}?(?:is|are|was|were)(?:n'?t|\s+not)?\s+"
    r"(?:(?:only|mainly|solely|specifically|generally|primarily)\s+)?(?:(?:designed|cleared|"
    r"intended|approved|meant|made|built|licensed|marketed|labell?ed)\s+(?:only\s+)?"
    r"for|for\s+use\s+(?:in|with|by)|(?<=only\s)for)|(?!(?:the\s+(?:loss|hearing|audiogram|thresholds?|patient)|"
    r"this|these|her|his|their|its|she|he|right|left|both|each)\b)(?:[\w'\u2019-]+\s+){0,4}?"
    r"(?:typically|usually|classically|characteristically|tends?\s+to|(?:is|are)\s+normally))\b"
    + _GENERAL_TO_END,
    re.M,
)
"""A statement in general, to its clause end: a rule of thumb or a norm ("As a rule, a severe
loss ...", "Noise damage typically gives a notch of about 50 dB HL at 4 kHz", "Age norms put a
70-year-old at 40 dB HL at 4 kHz"), a definition of a term ("The protocol definition of a
significant air-bone gap is 15 dB or more at two frequencies", "A significant gap is defined as
...": what the term means, a yardstick), a reference range ("The fund's reference range for
normal hearing is up to 20 dB HL") or a service's criterion or pathway ("Our referral
criterion is 60 dB HL at 2 kHz", "Criteria for an implant assessment: ...", a funder's "The
plan requires ... bone conduction no worse than 65 dB HL"), or the range a product or service
is made for (its indication: "These aids are cleared only for a perceived mild to moderate
loss", "The kit is designed for moderate loss", "the programme is intended for severe losses":
a yardstick, as a rule's is; source: FDA 21 CFR 800.30, OTC hearing aids are for adults with
perceived mild to moderate hearing impairment). Names no finding
of this patient; a clause that names an ear or the patient (:data:`_RULE_ABOUT_PATIENT`) stays
read."""

AID_TARGET = re.compile(
    r"\b(?:(?:nal|dsl)[\w./-]*(?:\s+v?\d[\w.]*)?\s+targets?|(?:real[\s-]+ear|rem|gain|fitting|prescriptive)\s+"
    r"targets?|prescribed\s+gain|insertion\s+gain|aided\s+(?:thresholds?|levels?|responses?)|"
    r"fitting\s+aims)\b" + _TO_CLAUSE_END
)
"""A hearing aid's prescription or aided result, to its clause end ("NAL-NL2 target for the left
aid: 20 dB insertion gain at 2 kHz", "Prescribed gain for the right ear is 30 dB at 2 kHz",
"aided thresholds of 35 dB HL"): what the aid should give or gave, not the unaided audiogram."""

SIGNED_LEVEL = re.compile(
    r"(?<![\w.+\u00b1])\+[ \t]?\d{1,3}(?:\.\d+)?[ \t]?(?:db|decibels)\b(?:[ \t]?hl)?"
)
"""A level written with a plus sign ("+8 dB above 3 kHz", "treble +12 dB"): a change a device
or a setting makes (a gain, a boost, an equaliser step), not a hearing level, which is written
unsigned (only a level better than the reference is signed, and with a minus). Source: hearing-
aid fitting and equaliser screens show gain changes as signed dB (e.g. "+6 dB at 2 kHz")."""


DOSE = re.compile(
    r"\b\d+(?:\.\d+)?[ \t]?(?:mg|mcg|\u00b5g)(?:/[a-z\d\u00b2]+)?\b|\b\d+[ \t]+drops\b"
)
"""A drug's dose ("amoxicillin 500 mg", "gentamicin 5 mg/kg", "4 drops into the left ear"):
the clause that holds it, from its start to its end, is a prescription, not a finding; its
side and numbers say where and how much to give. A volume in ml is not taken (an ear canal's
volume is one)."""
_CLAUSE_START = re.compile(r"[.;:!?(\n][^.;:!?(\n]{0,150}\Z")


def _without_doses(text: str) -> str:
    """Return ``text`` with each clause that gives a drug's dose blanked (:data:`DOSE`)."""
    low = _lowered(text)
    spans = []
    for m in DOSE.finditer(low):
        head = _CLAUSE_START.search(low, max(0, m.start() - 151), m.start())
        start = head.start() + 1 if head else max(0, m.start() - 150)
        end = _CLAUSE_REST.match(low, m.end()).end()
        spans.append((start, end))
    return _blank_spans(text, spans)


_CLAUSE_REST = re.compile(_TO_CLAUSE_END)

_ASIDE = re.compile(r"\(([^()\n]{1,80})\)")


def _without_asides_of_something_else(text: str) -> str:
    """Return ``text`` with each parenthesis that names an ear for something else blanked.

    A parenthesis naming an ear and something else of that side (an examination of the ear,
    another organ or measure, a device, an operation, the phone ear:
    lexicon.SIDE_OF_SOMETHING_ELSE) and no hearing finding ("The loss is conductive (R: wax
    removed).", "Unilateral SNHL (left ear preferred for the telephone).") says nothing of
    the hearing: its ear is not the claim's beside it, which keeps the ear the rest of its
    sentence (or the text before it) gives. A parenthesis holding only an ear ("moderate loss
    (right)") or a hearing finding ("(worse than the left)", "(left TM retracted, type C)",
    lexicon.HEARING_IN_AN_ASIDE) is kept.
    """
    spans = []
    for m in _ASIDE.finditer(text):
        inside = m.group(1)
        low = inside.lower()
        if (
            lexicon.SIDE_OF_SOMETHING_ELSE.search(low)
            and not lexicon.HEARING_IN_AN_ASIDE.search(low)
            and lexicon.ears_in(inside)
        ):
            spans.append((m.start(), m.end()))
    return _blank_spans(text, spans)


_COMPARATIVE_WORDS = frozenset(("worse", "better", "poorer"))
_PART_WORDS = ("hand", "wrist", "finger", "thumb", "arm", "elbow", "shoulder", "hip", "knee",
               "leg", "ankle", "feet", "foot", "toe", "eye", "breast", "lung", "kidney",
               "carpal")  # fmt: skip
"""A word of each of lexicon.PART_BEFORE_AN_ASIDE's alternatives (its pass's guard)."""


def _without_asides_on_another_part(text: str) -> str:
    """Return ``text`` with each parenthesis that says a side of the body part named just
    before it blanked ("carpal tunnel both hands (right worse)", "knee OA (left > right)").

    A parenthesis qualifies the words it follows: after a paired part of the body other than
    the ear (lexicon.PART_BEFORE_AN_ASIDE), a side and a comparison in it ("right worse")
    are that part's, not the worse ear. A parenthesis with a hearing finding of its own
    (a level, a type, "hearing": lexicon.HEARING_IN_AN_ASIDE beyond its comparative words)
    is kept, and so is a side said after any other words ("the loss (right worse)").
    """
    if "(" not in text:
        return text
    spans = []
    for m in _ASIDE.finditer(text):
        inside = m.group(1)
        if not lexicon.ears_in(inside):
            continue
        before = text[max(0, m.start() - 40) : m.start()].lower()
        if lexicon.PART_BEFORE_AN_ASIDE.search(before) is None:
            continue
        found = lexicon.HEARING_IN_AN_ASIDE.finditer(inside.lower())
        if all(word.group() in _COMPARATIVE_WORDS for word in found):
            spans.append((m.start(), m.end()))
    return _blank_spans(text, spans)


def _clause_spans(low: str, cue: re.Pattern[str], clause: re.Pattern[str]) -> list[tuple[int, int]]:
    """Return the spans of ``clause`` matched from the start of each clause that holds a
    ``cue`` (found first, so the scan is led by the cue's literal words, not tried at every
    place in the text); a clause is read once however many cues it holds."""
    spans: list[tuple[int, int]] = []
    last = -1
    for m in cue.finditer(low):
        start = _clause_start(low, m.start())
        found = clause.match(low, start) if start > last else None
        if found is None and start > 0 and low[start - 1] == "(":  # or the clause around it
            start = _clause_start(low, start - 1)
            found = clause.match(low, start) if start > last else None
        if found and found.end() > m.start():
            spans.append(found.span())
            last = start
    return spans


def _clause_start(low: str, at: int) -> int:
    """Return where the clause holding ``at`` starts: after the last stop, colon, semicolon,
    bracket or line end before it (at most 150 characters back; -1 when none is that near)."""
    head = _CLAUSE_START.search(low, max(0, at - 151), at)
    return head.start() + 1 if head else (0 if at <= 150 else -1)


def _at_a_clause_start(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """Return ``pattern`` (written to open at a clause start) to be matched from one."""
    return re.compile(pattern.pattern.replace(_CLAUSE_OPENS, r"[ \t*_>#-]*", 1), re.M)


_GENERAL_CUE = re.compile(
    r"as a (?:rule|guide)|in general|for reference|by definition|norms?\b|criteri|pathway|defin|"
    r"ref(?:erence)?s?\.?[ \t]*[(:]|"
    r"(?:reference|normal) range|(?:plan|scheme|fund|programme|program|insurer|polic(?:y|ies))"
    r":? (?:require|cover|fund|pay|need|ask|call)|[\"\u201d] ?(?:=|:=|means\b)|"
    r"protocol|guidance|guideline|policy|threshold for|typically|usually|classically|"
    r"characteristically|tends? to|(?:is|are) normally|(?:designed|cleared|intended|"
    r"approved|meant|made|built|licensed|marketed|labell?ed) (?:only )?for|only for|for use "
)
_GENERAL_AT = _at_a_clause_start(GENERAL_STATEMENT)
_YEAR_CUE = re.compile(r"(?<!\d)(?:19[5-9]\d|20(?:0[1-9]|[1-4]\d))(?!\d)")
_DATED_AT = _at_a_clause_start(DATED_EARLIER)


_RELATIVE_AT = re.compile(RELATIVE_HEARING.pattern[2:], re.M)  # without the leading \b


def _without_testers_own_ears(text: str) -> str:
    """Return ``text`` with the tester's own-ear checks blanked (:data:`TESTER_OWN_EARS`)."""
    return _blank_spans(text, [m.span() for m in TESTER_OWN_EARS.finditer(_lowered(text))])


_KIN_ONE = {
    "mum": "mother",
    "mom": "mother",
    "mummy": "mother",
    "mommy": "mother",
    "dad": "father",
    "daddy": "father",
}
"""Kin words naming the same person (a parent by either word)."""
_KIN_WORD = re.compile(r"\b" + _KIN + r"\b")
_TEST_RESULT = re.compile(r"\b\d{1,3}[ \t]*(?:db\b|at[ \t]+\d)")
"""A measured level of a test ("70 dB", "45 at 4 kHz"): a result, someone's audiogram."""
_TEST_FIGURE = re.compile(
    r"\b\d{1,3}[ \t]*(?:db\b|at[ \t]+\d)|\b(?:bone|bc|averages?|4fa|pta)[ \t:]+(?:about[ \t]+)?\d"
)
"""A figure of a test's results on a line already theirs: a level, a bone level or an average."""
_TEST_WORD = re.compile(r"\b(?:audiogram|audiometry|audiology|tested|tests?|hearing[ \t]+test)\b")
_PRONOUN_TEST = re.compile(
    r"^[ \t*_>#-]*(her|his|their)[ \t]+(?:own[ \t]+|new[ \t]+|latest[ \t]+)?"
    r"(?:audiogram|test|hearing[ \t]+test|audiometry|results?)\b"
)
_HEADED_PERSON = re.compile(
    r"(?:^|[.;:])[ \t*_>#-]*(" + _KIN + r")[ \t,(]*\d{2}\)?"
    r"(?:[ \t]*\([^()\n]{0,40}\))?[ \t]*(?=[.;\n]|$)",
    re.M,
)
"""A relative presented with their age as a note's subject ("HV contact. Dad 55.",
"Grandmother 64.", "Dad 48 (gamekeeper, shoots)."): the person the note's results are of."""
_CHILD_HEARING = re.compile(
    r"\b(?:(?:child|baby|infant|son|daughter|twin)[ \t]*\d?[ \t]*(?:\([^()\n]{0,30}\)[ \t]*)?:|"
    r"(?:child|baby|infant|son|daughter)(?:'s|\u2019s)?\s+"
    + _OWN_HEARING
    + r"|(?:child|baby|infant|son|daughter)"
    + _IN_BRACKETS_HEARING
    + r")"
    + _KIN_TO_CLAUSE_END,
    re.M,
)
"""The child's own hearing, as :data:`RELATIVE_HEARING` reads a relative's: blanked where a
carer is the test's owner (:func:`_test_owner`), the child then being the other person."""


def _kin_of(word: str) -> str:
    return _KIN_ONE.get(word, word.rstrip("s") if word.endswith("s") and word != "s" else word)


def _test_owner(low: str) -> str | None:
    """Return the relative whose test the document's results are, or None (issue #26 batches
    196-197, a carer's audiogram in a child's health-visitor or neonatal note): each line
    holding a measured level (:data:`_TEST_RESULT`) is owned by the relative it sits under - a
    relative opening the line as its label or subject before the levels ("Dad: severe flat
    loss, 70 dB ...", "Grandmother (62): right ear air 60-80 dB", "Dad had his hearing tested
    this week: right ear 45 dB ..."), the relative a "Her/His audiogram ..." line follows, or
    the relative a note is headed with, with their age ("Grandmother 64."). A relative owns
    the test only when every result line is theirs: a result line of no relative is the
    patient's own, and results of two people leave each one's hearing family history; one
    level alone ("his brother's audiogram shows 45 dB at 2 kHz") is a figure of family
    history, not a test's results. Decided from where the results sit, never from their
    values."""
    owner = None
    start = 0
    headed = _HEADED_PERSON.search(low)
    head = _kin_of(headed.group(1)) if headed else None
    named: dict[str, str] = {}  # the last relative "her", "his" and "their" can name
    levels = 0  # the owner's measured levels: a test's results are more than one figure
    for line in low.split("\n"):
        result = _TEST_RESULT.search(line)
        if result is not None:
            kin = _KIN_WORD.search(line, 0, result.start())
            pronoun = _PRONOUN_TEST.match(line)
            if kin is not None and (
                _TEST_WORD.search(line, 0, result.start())
                or ":" in line[kin.end() : result.start()]
            ):
                who = _kin_of(kin.group())
            elif pronoun is not None:
                who = named.get(pronoun.group(1))
            elif headed is not None and headed.start() < start + result.start():
                who = head
            else:
                return None
            if who is None or owner not in (None, who):
                return None
            owner = who
            levels += len(_TEST_FIGURE.findall(line))
        for kin in _KIN_WORD.finditer(line):
            if _OF_SOMEONE.search(line, max(0, kin.start() - 40), kin.start()):
                named.clear()  # "her mother": a later "her" is the one she is mother of
            else:
                _name(named, _kin_of(kin.group()))
        start += len(line) + 1
    return owner if levels > 1 else None


_OF_SOMEONE = re.compile(r"(?:\b(?:her|his|their|your|my)|['\u2019]s)[ \t]+(?:\w+[ \t]+)?\Z")
"""Before a kin word, its possessor ("her mother", "Ms Cole's identical twin sister"): the
relative is named as someone's, whom a later "Her audiogram" names."""
_NOT_HER = ("father", "grandfather", "brother", "uncle", "husband", "nephew", "twin")
_NOT_HIS = ("mother", "grandmother", "sister", "aunt", "wife", "niece", "twin")


def _name(named: dict[str, str], who: str) -> None:
    """Note ``who`` as the last relative each pronoun can name (a twin is the patient's,
    never the carer tested)."""
    if who not in _NOT_HER:
        named["her"] = who
    if who not in _NOT_HIS:
        named["his"] = who
    if who != "twin":
        named["their"] = who


def _without_relatives_hearing(text: str) -> str:
    """Return ``text`` with each relative's own hearing blanked (:data:`RELATIVE_HEARING`),
    found from the kin words with str.find (a regex alternation tried at every place costs
    several times more). Where a relative is the test's owner (:func:`_test_owner`), their
    hearing is this audiogram's and stays read, and the child's is blanked instead."""
    low = _lowered(text)
    owner = _test_owner(low) if _TEST_RESULT.search(low) else None
    spans = []
    for word in _KIN_WORDS:
        at = low.find(word)
        while at >= 0:
            if at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_"):
                found = _RELATIVE_AT.match(low, at)
                if found and not (owner is not None and _owned(low, at, found.group(), owner)):
                    spans.append(found.span())
            at = low.find(word, at + 1)
    if owner is not None:
        spans.extend(m.span() for m in _CHILD_HEARING.finditer(low))
    return _blank_spans(text, sorted(spans))


def _owned(low: str, at: int, clause: str, owner: str) -> bool:
    """Whether the relative's clause at ``at`` is the test owner's own (not their child's)."""
    kin = _KIN_WORD.match(low, at)
    if kin is None or _kin_of(kin.group()) != owner:
        return False
    return re.match(r"[a-z]+(?:'s|\u2019s|s')?\s+(?:son|daughter|child|baby)", clause) is None


_GROUP_NOUN = r"(?:group|subgroup|cohort|arm|sample|series|population|controls)s?"
_GROUP_MEMBERS = (
    "participants",
    "patients",
    "subjects",
    "cases",
    "people",
    "adults",
    "children",
    "ears",
)
"""The people (or ears) a figure is counted over ("1 in 200 people", "of 150 participants")."""
_GROUP_COUNT = re.compile(r"\d\s+(?:other\s+)?(?:" + "|".join(_GROUP_MEMBERS) + r")\b")
"""A number of people, as GROUP_FIGURE's count holds it: a guard for speed (digit-led, so the
search jumps between digits), exact because that alternative cannot match without it."""
GROUP_FIGURE = re.compile(
    r"\bn\s*=\s*(?:[2-9]|[1-9]\d+)\b|\b(?:across|among|amongst|within|in|for)\s+(?:the|our|this|that|each|both|"
    r"all)\s+(?:[\w-]+\s+){0,3}?" + _GROUP_NOUN + r"\b|\b(?:of|in|among|across|for)\s+(?:all\s+)?"
    r"\d+\s+(?:other\s+)?(?:" + "|".join(_GROUP_MEMBERS) + r")\b"
)
"""A figure of a group, not of the one person the document is about: a sample size ("Across
the SSD-like group (n = 14) ...", "Cohort (n = 9): mean ..."), a clause set in a group
("In the noise-exposed subgroup the mean 4 kHz threshold was ..."), or a mean over a number
of people ("mean better-ear average 28 dB HL of 150 participants"). Research documents about
one participant (case series, results letters, trial narratives) give the cohort's averages
beside the participant's own: the clause holding the cue, from its start through its
sentence, is the group's (a colon after the cue goes on to the group's figures)."""
_GROUP_FIGURE_START = re.compile(r"[.;:!?\n][^.;:!?\n]{0,150}\Z")
_GROUP_FIGURE_END = re.compile(r"(?:[^.;!?\n]|\.\d){0,200}")
_FOR_AN_AUDIENCE = re.compile(
    r"\b(?:plan|sheet|handout|notes?|list|profile|register|briefing|summary|board|card|"
    r"poster|slides?)[ \t]*$"
)
"""Before a group figure's "for the ...": a document the group is given ("Seating plan for
the group: ...", "the handout for the class cohort", "notes for the group"), addressed to
the group, not a figure of it: what follows is the writer's word about the one person."""
_ONE_PERSON = re.compile(r"\b(?:she|he|her|his|this\s+(?:participant|patient|subject))\b")
"""Inside a group's clause: the one person named, so the clause is (also) about them ("in
the cohort her average was the highest") and stays read."""

OTHER_PERSON = re.compile(
    r"\b(?:unlike|like|as\s+(?:with|in|for)|compared\s+(?:with|to)|"
    r"matched\s+(?:(?:for|by)\s+[\w-]+(?:\s+and\s+[\w-]+)?\s+)?(?:to|with)|"
    r"versus|vs\.?)\s+(?:the\s+)?(?:(?:index\s+|other\s+)?(?:cases?|patients?|participants?|"
    r"controls?|subjects?|probands?)\s+[a-z]{0,3}[-\s]?\d[\w-]*(?:\s*(?:,|and|&)\s*\d[\w-]*)*|"
    r"(?:the\s+)?other\s+(?:cases|patients|participants|subjects))"
    r"(?:\s*\([^()\n]{0,160}\)|\s*,\s*(?:who|whose)\b[^,.;\n]{0,160})?|"
    # another numbered person named "for contrast", to the end of the sentence about them
    r"\b(?:cases?|patients?|participants?|controls?|subjects?|pt)\s*#?\s*[a-z]{0,3}[-\s]?\d[\w-]*"
    r"\s*\(\s*(?:for|by|in)\s+(?:contrast|comparison)\s*\)[^.;\n]{0,200}"
)
"""Another person of a series or study named beside the subject, with what is said of them in
a parenthesis or a relative clause ("Unlike Cases 4 and 5, who had 50 dB HL losses, ...",
"Matched to control C-19 (left average 30 dB HL)", "compared with participant 12 (right
60 dB HL)"), or in the sentence that names them for contrast ("Patient 5 (for contrast) had
a left type B with 0.8 ml"): their results, not this audiogram's."""


def _without_others_results(text: str) -> str:
    """Return ``text`` with a group's figures (:data:`GROUP_FIGURE`) and another person's
    results (:data:`OTHER_PERSON`) blanked."""
    low = _lowered(text)
    spans = [m.span() for m in OTHER_PERSON.finditer(low)]
    for m in GROUP_FIGURE.finditer(low):
        if low.startswith("for", m.start()) and _FOR_AN_AUDIENCE.search(
            low, max(0, m.start() - 20), m.start()
        ):
            continue  # a document for the group, not the group's figure
        head = _GROUP_FIGURE_START.search(low, max(0, m.start() - 151), m.start())
        start = head.start() + 1 if head else max(0, m.start() - 150)
        end = _GROUP_FIGURE_END.match(low, m.end()).end()
        if not _ONE_PERSON.search(low, start, end):
            spans.append((start, end))
    return _blank_spans(text, sorted(spans))


def _without_general_statements(text: str) -> str:
    """Return ``text`` with each general statement blanked (:data:`GENERAL_STATEMENT`) unless
    it names an ear or the patient."""
    low = _lowered(text)
    spans = [
        (start, end)
        for start, end in _clause_spans(low, _GENERAL_CUE, _GENERAL_AT)
        if not _RULE_ABOUT_PATIENT.search(low, start, end)
    ]
    return _blank_spans(text, spans)


def _without_dated_earlier_tests(text: str) -> str:
    """Return ``text`` with each clause headed by an earlier year blanked
    (:data:`DATED_EARLIER`), except the heading of the report read itself
    (:data:`REPORT_DATED`)."""
    low = _lowered(text)
    spans = _clause_spans(low, _YEAR_CUE, _DATED_AT)
    return _blank_spans(text, [s for s in spans if not REPORT_DATED.match(low, s[0])])


REPORT_DATED = re.compile(
    r"[ \t*_>#-]*(?:(?!(?:old|older|previous|prior|earlier|last|original|first|baseline|"
    r"historic\w*|past|former|outside|external|another|other)\b)[a-z][\w'\u2019-]*[ \t]+){0,3}?"
    r"(?:report|audiogram|audiology|audiometry|hearing[ \t]+test|assessment)[ \t]*"
    r"\((?:19|20)\d\d\)[ \t]*:"
)
"""A report's heading that gives only its year, in brackets ("Full audiology report (2025):",
"Audiogram (2024):"): the date of the report being summarised, not another occasion; one the
heading calls earlier ("Old audiogram (2016):", "Previous report (2019):") is. A record's
date heads the record it dates (BSA 2018: an audiogram is recorded with its test date)."""


EARLIER_OCCASION = re.compile(
    _CLAUSE_OPENS + r"(?:(?!(?:today|now|current\w*|this)\b)[a-z][\w-]*[ \t]+){0,3}?"
    r"(?:(?:the|her|his|their)[ \t]+)?(?:(?:at|on)[ \t]+(?:(?:first[ \t]+)?presentation|"
    r"admission|onset|triage)|initially|before[ \t]+(?:treatment|steroids|surgery|the[ \t]+"
    r"operation)|pre-?(?:treatment|op|operative(?:ly)?|steroids?)|(?:on[ \t]+)?day[ \t]+(?:1|one)|"
    r"in[ \t]+(?:the[ \t]+)?(?:ed|a&e|emergency(?:[ \t]+department)?))\b"
    r"(?:[ \t]+baselines?)?"
    r"(?![ \t]*(?:today|now|currently)\b)(?:[ \t]*\([^)\n]{0,40}\))?(?:[ \t]*[:,]|[ \t]+"
    r"(?=(?:right|left|both|bilateral\w*|average|pta|4fa)\b))"
    r"(?:(?!\b(?:today|now|currently|presently|but|whereas|however|while)\b|\bthis[ \t]+"
    r"(?:audiogram|test)\b)(?:[^.;!?\n]|\.\d|;(?=[ \t]*(?:right|left|r|l|re|le|rt|lt)\b))){0,200}",
    re.M,
)
"""A clause headed by an earlier occasion of the illness and its end, the heading closed by a
colon or comma ("At presentation (day 1): left 85-100 dB HL, profound", "On admission, the
left ear was 70 dB HL at 3 kHz", "Pre-op: right 60 dB HL", "In ED: ..."), or running on
in a note's terse style straight into an ear or an average ("At presentation right average 85
dB HL"; not "At presentation the right pure-tone average was ...", a case report's own
audiogram, test_case_report_discussion.py), the occasion
after up to three words naming what was done then ("Tuning forks in ED: Rinne negative
right", "Audiogram at presentation: ..."; not "today" or "this"): the levels found
then, which a follow-up reply sets against today's, not claims about the audiogram read now;
the clause is read from a word turning to now ("today", "now", "this audiogram", "but").
The occasion may be called the baseline ("Pre-treatment baseline:", "Pre-op baselines:"): a
monitoring record compares each test with the baseline taken before treatment (ASHA 1994
guidelines for the audiologic management of individuals receiving cochleotoxic drug therapy);
not "Pre-operative audiometry:", an operation note's own audiogram. The label governs its
line's items through a semicolon that opens the other ear's ("Pre-treatment baseline: R 6k
30; L 6k 40"), as such a record lists each ear's baseline under one label.
Source: sudden-loss and post-operative follow-up compare each test with the one at
presentation (AAO-HNS 2019 sudden hearing loss guideline: recovery judged against the initial
audiogram)."""
_OCCASION_CUE = re.compile(
    r"presentation|admission|onset|triage|initially|before|pre-?(?:treatment|op|steroid)|"
    r"\bday[ \t]+(?:1|one)\b|\bin[ \t]+(?:the[ \t]+)?(?:ed|a&e|emergency)\b"
)
_OCCASION_AT = _at_a_clause_start(EARLIER_OCCASION)


def _without_earlier_occasions(text: str) -> str:
    """Return ``text`` with each clause headed by an earlier occasion blanked
    (:data:`EARLIER_OCCASION`)."""
    return _blank_spans(text, _clause_spans(_lowered(text), _OCCASION_CUE, _OCCASION_AT))


EARLIER_TIME = re.compile(
    r"\b(?:then|at[ \t]+(?:that|the)[ \t]+time|(?:that|last)[ \t]+time|"
    r"back[ \t]+then|at[ \t]+school|as[ \t]+a[ \t]+"
    r"(?:child|baby|toddler|teenager)|in[ \t]+childhood|in[ \t]+(?:19[5-9]\d|20(?:0[1-9]|[1-4]\d))|"
    r"(?:at|on)[ \t]+(?:(?:first[ \t]+)?presentation|admission|onset|triage)|pre-?op(?:eratively)?|"
    r"before[ \t]+(?:treatment|steroids|surgery|the[ \t]+operation))[ \t)]*"
    r"(?=[.;!?\n]|\Z|,?[ \t]+(?:but|whereas|while|however|now|today)\b)"
)
"""A clause that ends by naming an earlier time ("right average 60 dB HL then", "... 50 dB HL at
that time", "left worse that time", "normal last time", "Hearing was reported as normal at
school", "80 dB HL in 2018", "85 dB HL at presentation"): the time its levels and grades were
found, not the audiogram read now, from the clause's start (a stop, semicolon, colon, bracket or
line end) to that time; a clause that also names today ("now", "currently", "this audiogram") or
sets today's levels beside the earlier time ("the same as in 2018", "as it was then", "worse
than at presentation") is read. The clause may end at a turn to today (", but today ..."). The
same occasions as :data:`EARLIER_OCCASION`, written after the finding instead of before it."""
_EARLIER_TIME_NOW = re.compile(
    r"\b(?:today|now|currently|presently|this[ \t]+(?:audiogram|test)|but|whereas|same[ \t]+as|"
    r"as[ \t]+(?:it|they|he|she)[ \t]+(?:was|were|did)|than|since|unchanged|stable|compared|"
    r"like)\b"
)
_TIME_CLAUSE_STOPS = frozenset(";:!?(\n")


def _time_clause_start(low: str, at: int) -> int:
    """Return where the clause ending at ``at`` starts: after the last stop, semicolon, colon,
    bracket or line end before it (a decimal point is no stop), at most 200 characters back."""
    floor = max(0, at - 200)
    i = at - 1
    while i >= floor:
        ch = low[i]
        if ch in _TIME_CLAUSE_STOPS or (ch == "." and not low[i + 1 : i + 2].isdigit()):
            return i + 1
        i -= 1
    return floor


def _without_earlier_times(text: str) -> str:
    """Return ``text`` with each clause that ends by naming an earlier time blanked
    (:data:`EARLIER_TIME`), unless the clause also turns to today."""
    low = _lowered(text)
    spans = []
    for m in EARLIER_TIME.finditer(low):
        start = _time_clause_start(low, m.start())
        if _EARLIER_TIME_NOW.search(low, start, m.start()) is None:
            spans.append((start, m.end()))
    return _blank_spans(text, spans)


SERVICE_TITLE = re.compile(
    r"[ \t*#_>-]*((?:(?!(?:right|left|bilateral\w*|both|unilateral|r|l)\b)[\w?/'-]+[ \t]+){0,4}?"
    r"(?:s?snhl|sensorineural|conductive|mixed|hearing[ \t]+loss|deafness)"
    r"(?:[ \t]+(?:hearing[ \t]+)?loss)?)[ \t]*(?:[-\u2013\u2014:,][ \t]*)?"
    r"(?:discharge[ \t]+from[ \t]+)?(?:follow[ \t-]?up|clinic|pathway|review|service|"
    r"discharge)\b[^.\n]{0,40}$"
)
"""A title line (no full stop) naming the clinic, pathway or follow-up the patient is seen in
by a condition ("Sudden sensorineural hearing loss - discharge from follow-up", "Sudden SNHL
pathway - 3-week review", "SSNHL follow-up (day 14)"): the name of the service or episode,
not a finding of today's audiogram, so the condition's words are not read (the body says
what today's test shows). A title naming an ear ("Right sensorineural loss - review") is
read."""


_CONDITION_NAMED = re.compile(r"loss|snhl|sensori|conductive|mixed|deaf")
"""A word SERVICE_TITLE needs (a cheap test before it, line by line)."""


def _without_service_titles(text: str) -> str:
    """Return ``text`` with the condition named in each service title line blanked
    (:data:`SERVICE_TITLE`)."""
    low = _lowered(text)
    spans, at = [], 0
    for line in low.split("\n"):
        if len(line) <= 100 and _CONDITION_NAMED.search(line):
            m = SERVICE_TITLE.match(line)
            if m:
                spans.append((at + m.start(1), at + m.end(1)))
        at += len(line) + 1
    return _blank_spans(text, spans)


_PLANNED = re.compile(
    r"\b(?:will|shall|would|to\s+be|booked|planned|arranged|scheduled|discuss\w*|offered)\b", re.I
)
"""A plan for the follow-up ("we will discuss ... at her follow-up", "was booked"): no result
of the later test is given, so the clause is kept."""

RULES: dict[str, tuple[re.Pattern[str], str]] = {
    "unticked option": (
        UNTICKED_OPTION,
        "tick-box referral and triage pro formas (NHS e-Referral Service forms): only the "
        "ticked box is the referrer's answer",
    ),
    "question": (QUESTION, "English grammar: an interrogative sentence asserts nothing"),
    "purpose": (
        PURPOSE,
        "descriptions of a test or guideline: what it is designed or used to evaluate is what "
        "it looks for, not a finding of the patient (test_purpose_of_a_test.py)",
    ),
    "question answered": (
        ASKED_KIND,
        "forms and quiz or viva replies: a question that asks for one kind of finding, "
        "answered at once by a short line, is a field and its value (test_form_fields_and_"
        "answers.py)",
    ),
    "set aside": (
        SET_ASIDE,
        "self-correction in clinical reasoning: a first impression revised by what follows "
        "is not the conclusion (the last word stands, as in issue #26's withdrawn claims)",
    ),
    "rejected quotation": (
        QUOTED,
        "reported speech in peer review and second opinions: a colleague's words the reviewer "
        "quotes and then rejects or corrects are not the reviewer's claim; words accepted "
        '("agreed", "correct") are',
    ),
    "block quotation": (
        BLOCK_QUOTED,
        "markdown and e-mail block quotes ('>' lines, RFC 3676): quoted, as in quotation marks",
    ),
    "rejected report": (
        REPORTED,
        'reported speech without quotation marks ("the colleague called it ..."), rejected '
        "as a quotation is",
    ),
    "hypothesis rejected": (
        CONSIDERED,
        "argument by concession in clinical reasoning ('one might think X, but ...'): the "
        "conceded reading is raised to be answered, not asserted",
    ),
    "ruled out": (
        RULED_OUT,
        "differential diagnosis: a diagnosis 'considered and excluded' is one the patient "
        "does not have (problem-oriented records, Weed 1968)",
    ),
    "contrary to fact": (
        COUNTERFACTUAL,
        "English grammar: the subjunctive 'were'/'had been' of a counterfactual conditional "
        "says the condition does not hold",
    ),
    "past result": (
        PAST_RESULT,
        "clinical history: an earlier audiogram's result, reported as such, describes a past "
        "test, not the one the reply reads",
    ),
    "baseline result": (
        BASELINE_RESULT,
        "ototoxicity monitoring (ASHA 1994): each test is set against the pre-treatment "
        "baseline, whose dated values describe an earlier audiogram",
    ),
    "loudness measure": (
        LOUDNESS_MEASURE,
        "tinnitus and hyperacusis assessment (BSA practice guidance): discomfort levels, "
        "loudness and pitch matches and minimum masking levels are not hearing thresholds",
    ),
    "quoted rule": (
        RULE_QUOTED,
        "fitness standards and MRI asymmetry protocols state pass levels per frequency: a "
        "criterion quoted under its name is the yardstick, not the patient's result",
    ),
    "trial criterion": (
        TRIAL_CRITERION,
        "clinical trial protocols (ICH E6 good clinical practice; eligibility criteria "
        "numbered in the protocol and ticked on the case report form): a criterion's text is "
        "the protocol's yardstick, the tick or 'met' beside it the subject's result",
    ),
    "relative's hearing": (
        RELATIVE_HEARING,
        "case history (family history of hearing loss, BSA 2018 recommended procedure for "
        "pure-tone audiometry: history taking): a relative's loss is the family's, not this "
        "patient's audiogram",
    ),
    "fitness condition": (
        FITNESS_CONDITION,
        "fitness-to-dive and occupational fitness decisions (UK Diving Medical Committee and "
        "HSE medical guidance: fitness given once a condition is met): the condition is a "
        "state still to come, not a measured result",
    ),
    "tester's own ears": (
        TESTER_OWN_EARS,
        "audiometer checks (ISO 8253-1 and BSA 2018 recommended procedure: the daily "
        "subjective, or biological, check is a listening check by the tester on their own "
        "ears; the objective check measures the output on a coupler): its levels are the "
        "tester's hearing or the machine's output, not the patient's",
    ),
    "condition of change": (
        CHANGE_IF,
        "monitoring plans state triggers for action (ASHA 1994 ototoxicity change criteria; "
        "sudden-loss pathways): a condition of a change still to come is not a measured result",
    ),
    "dated earlier test": (
        DATED_EARLIER,
        "clinical history: a clause headed by an earlier year reports that year's test, as a "
        "past result does",
    ),
    "earlier occasion": (
        EARLIER_OCCASION,
        "sudden-loss and post-operative follow-up (AAO-HNS 2019 sudden hearing loss "
        "guideline): the levels at presentation or before treatment are the comparison, not "
        "today's result",
    ),
    "earlier time": (
        EARLIER_TIME,
        "sudden-loss follow-up and case histories (AAO-HNS 2019 sudden hearing loss guideline: "
        "recovery judged against the initial audiogram): levels placed at an earlier time by "
        "the clause's last words ('then', 'at presentation', 'in 2018') are history",
    ),
    "service title": (
        SERVICE_TITLE,
        "clinic letters and notes are headed by the clinic, pathway or follow-up the patient is "
        "seen in (e.g. a sudden sensorineural hearing loss pathway, AAO-HNS 2019): the "
        "service's name, not today's result",
    ),
    "general statement": (
        GENERAL_STATEMENT,
        "teaching, norms (ISO 7029 age norms) and service pathways (NICE NG98 referral "
        "criteria): what a kind of loss typically shows or what a service refers names no "
        "finding of this patient",
    ),
    "aside of something else": (
        lexicon.SIDE_OF_SOMETHING_ELSE,
        "ENT and audiology letters' examination and history asides (otoscopy, the drum, wax, "
        "another organ, a device, an operation, the phone ear): an ear named for that is not "
        "the ear of the hearing claim beside it",
    ),
    "aside on another part": (
        lexicon.PART_BEFORE_AN_ASIDE,
        "clinical notes' laterality of paired limbs and organs (Terminologia Anatomica 1998): "
        "a side said in a parenthesis after another part of the body is that part's, not an "
        "ear's",
    ),
    "drug dose": (
        DOSE,
        "prescribing (BNF dose statements: drug, dose, route, frequency): a dose and the ear it "
        "is given to are a treatment, not a result",
    ),
    "signed level": (
        SIGNED_LEVEL,
        "hearing-aid fitting and equaliser screens: a level with a plus sign is a gain or a "
        "change a setting makes, not a hearing level (thresholds are written unsigned)",
    ),
    "aid target": (
        AID_TARGET,
        "hearing-aid fitting (NAL-NL2 and DSL v5 prescriptions; BSA 2018 real-ear measurement "
        "guidance): gain targets and aided levels are not unaided thresholds",
    ),
    "fitting measure": (
        fitting.FITTING_MEASURE,
        "hearing-aid verification (BSA 2018 probe-microphone guidance: REIG, REAR, RECD, MPO; "
        "ANSI S3.22 OSPL90; ANSI S3.5 SII; aided sound-field testing): a level beside or under "
        "a fitting measure's name is the aid's, not an unaided threshold",
    ),
    "labelled source": (
        LABELLED_SOURCE,
        "forms and peer review: a field labelled with another's document or a question "
        "('GP letter:', 'Referrer's question:') holds their words, not the reply's",
    ),
    "struck through": (
        STRUCK,
        "markdown (GitHub Flavored Markdown ~~strikethrough~~) and HTML <s>/<del>: struck "
        "words are withdrawn and shown only as corrected",
    ),
    "correction mark": (
        CORRECTION_MARK,
        "'Edit:'/'Update:' notes on forum and chat posts, and 'no, it's ...' in speech: a "
        "self-correction, read as the claim reader's own (claims.LEXICON 'self-correction')",
    ),
    "definition": (
        DEFINITION,
        "teaching and reasoning: a type defined in general ('what makes a loss conductive', "
        "'a conductive loss needs ...', BSA 2018's definitions restated) names no finding "
        "of the patient (issue #26 batches 29-30, used as tuning data)",
    ),
    "named mistake": (
        NAMED_MISTAKE,
        "teaching posts and answer keys: a reading named as a 'common mistake' or 'pitfall', "
        "or one the reader is told to avoid, is the error warned against, not the writer's "
        "finding (issue #26 batch 34, used as tuning data)",
    ),
    "unpicked option": (
        OPTION_MARK,
        "multiple-choice questions with their answer key ('A. Mild  B. Moderate  C. "
        "Profound' then 'Answer: B'): only the option picked is the writer's answer, as only "
        "the ticked box of a form is (issue #26 batch 34, used as tuning data)",
    ),
    "statement judged false": (
        TRUE_OR_FALSE,
        "true-or-false quiz items: a statement set for judgement and keyed 'False' is the "
        "wrong statement, not the writer's; one keyed 'True' is (issue #26 batch 34's family)",
    ),
    "answered alternatives": (
        ALTERNATIVE_QUESTION,
        "English grammar (an alternative question asserts none of its alternatives) and quiz "
        "keys that ask and answer at once ('Conductive, sensorineural or mixed? Conductive.'): "
        "the answer is the claim (issue #26 batch 34, used as tuning data)",
    ),
    "query answered no": (
        QUERY_ANSWERED_NO,
        "English grammar (a yes-no question asserts nothing; 'no' denies it) and coder "
        "queries answered by the clinician ('mixed? Clinician: no') (issue #26 batch 64, used "
        "as tuning data)",
    ),
    "second thought": (
        SECOND_THOUGHT,
        "visible reasoning of 'thinking' language models (<think> blocks, 'Reasoning:' before "
        "'Final answer:'): a reading followed by 'wait', 'hmm, no', 'hold on' is withdrawn "
        "by the model itself; the label rule of validation batch 29",
    ),
    "quoted thread": (
        EMAIL_HISTORY,
        "e-mail reply conventions (RFC 3676 '>' quoting; Outlook's '-----Original "
        "Message-----'; 'On <date>, X wrote:'): the quoted earlier message is its sender's",
    ),
    "other speaker": (
        TURN,
        "transcripts of consultations and supervision (speaker-labelled turns): the "
        "patient's and family's turns are history, and a turn the next speaker rejects "
        "('No - ...') is corrected",
    ),
    "literature": (
        CITED,
        "case reports (ICMJE/CARE guidelines: the discussion compares the case with the "
        "literature): a sentence citing others' findings with no ear or level of the patient's "
        "is no claim about this audiogram (issue #26 batch 38, used as tuning data)",
    ),
    "slide corrected": (
        SLIDE_EAR_CORRECTED,
        "talks given from slides (grand rounds): a speaker's note that corrects the slide's "
        "ear is the last word, as a self-correction is; the slide's version is withdrawn",
    ),
    "later test": (
        LATER_TEST,
        "clinical history and case reports: a result at follow-up or on a later test "
        "describes another audiogram than the one read, as an earlier one does (issue #26 "
        "batch 38, used as tuning data)",
    ),
    "examiner line": (
        EXAMINER_LINE,
        "viva and OSCE transcripts (examiner and candidate turns): the examiner sets the "
        "question, the candidate answers it",
    ),
}


_EAR_WORD = re.compile(r"\b(right|left|both|each|bilateral\w*)\b", re.I)


ANSWER_TURN = re.compile(
    r"^[ \t]*(?:\*\*)?(?:(?i:candidate|student|trainee|answer)|C|A)\d{0,2}(?:\*\*)?[ \t]*[:.)]",
    re.M,
)
"""A line the examined person speaks in a transcript ("Candidate: ...", "C: ...", "A1. ..."),
not a line about them ("Candidate 40. Right and left: ...") nor a small-letter list item
("a) ...")."""
_QUESTION_PUT = re.compile(r"\?(?!\w)")
"""A question mark that closes a question ("... - why?"), not one that hedges a diagnosis
("Impression: ?otosclerosis")."""


def _without_examiner_lines(text: str) -> str:
    """Return ``text`` with the examiner's lines of a transcript blanked (or made the heading
    of the ear they name). A line labelled "Examiner:" that states a finding in a reply where
    no one else speaks ("Enlistment medical ... Examiner: a bilateral flat sensorineural
    loss") is the examining doctor's report, not a viva's prompt: it is kept."""
    # no examiner's line, nothing to do (in one line, one can only open the text)
    if (EXAMINER_LINE.search(text) if "\n" in text else EXAMINER_LINE.match(text)) is None:
        return text
    if _QUESTION_PUT.search(text) or ANSWER_TURN.search(text):
        return EXAMINER_LINE.sub(_examiner_line, text)
    return text


def _examiner_line(m: re.Match[str]) -> str:
    """Return an examiner's line blanked, or, where it names one ear ("Examiner: Right ear
    please."), that ear's heading: the answer that follows is about that ear."""
    named = {w.lower() for w in _EAR_WORD.findall(m.group(0))}
    if named not in ({"right"}, {"left"}):
        return _blank(m)
    heading = "Right ear:" if named == {"right"} else "Left ear:"
    return heading + " " * (len(m.group(0)) - len(heading))


def _blank(m: re.Match[str]) -> str:
    """Return spaces as long as the match, so offsets after it do not move."""
    return " " * len(m.group(0))


def _verdict_window(text: str, spans: list, i: int) -> tuple[int, int]:
    """Return where the verdict on quoted span ``i`` is looked for before it (its line, back
    to the previous span) and where it ends after it (the next span, a blank line or
    :data:`_VERDICT_REACH` characters)."""
    start, end, _ = spans[i]
    stop = min(len(text), end + _VERDICT_REACH)
    if i + 1 < len(spans):
        stop = min(stop, max(end, spans[i + 1][0]))
    blank_line = text.find("\n\n", end, stop)
    if blank_line >= 0:
        stop = blank_line
    line_start = text.rfind("\n", max(0, start - _VERDICT_REACH), start) + 1
    begin = max(line_start, spans[i - 1][1] if i else 0, start - _VERDICT_REACH)
    return min(begin, start), stop


READ_OUT = re.compile(
    r"\b(?:(?:i'?ll|i\s+will|let\s+me|i'?m\s+going\s+to|i'?ll\s+just|i\s+can)\s+(?:just\s+)?"
    r"read\b|read(?:ing)?\s+(?:it\s+|them\s+|you\s+)?(?:out|aloud|as\s+(?:it'?s\s+)?written)\b|"
    r"read(?:ing)?\s+(?:it\s+)?(?:to|for)\s+you\b)",
    re.I,
)
"""The one giving the results reading a report aloud to the patient ("I'll read what the
audiologist wrote", "she asked me to read it out to you", "I'll just read it as written"):
the report is read as the results given, so its words are the reader's claim unless they
reject them."""


def _endorsed(text: str, begin: int, span: tuple[int, int, bool], stop: int) -> bool:
    """Return whether the writer takes attributed words over: accepted straight after, an
    agreement before them in the line, one in the verdict after with no rejection, or a
    report read aloud in the line before them (:data:`READ_OUT`)."""
    start, end, _ = span
    if ACCEPTED.match(text, end, min(len(text), end + 40)):
        return True
    if REJECTED.search(text, end, stop) or REJECTED.search(text, begin, start):
        return False
    reach = max(0, start - _VERDICT_REACH)
    line_start = max(reach, text.rfind("\n", reach, start) + 1)
    return bool(
        ENDORSED.search(text, begin, start)
        or ENDORSED.search(text, end, stop)
        or READ_OUT.search(text, line_start, start)
    )


_THE_TEST = r"(?:hearing|audiology|audiometry|audiometric|audiogram|pure[\s-]tone)\b"
"""Words that name an account by the test it reports ("hearing report", "audiology letter")."""
_MY_HEARING = re.compile(r"\bmy\s+(?:hearing|ears?|right|left)\b", re.I)
_ACCOUNTS = (
    r"report|summary|referral|advice|letter|form|notes?|record|impression|conclusion|"
    r"printouts?|screens?|entry|entries|(?-i:GPR|P?MAR)s?"
)
CITED_ACCOUNT = re.compile(r"\b(?:" + _ACCOUNTS + r"|care\s+plan|audiology)\b", re.I)
"""A clinical account of the result (the test's report or its summary, the referral, the
assessor's advice, the clinic letter, a note, a form or care plan that records it, the
audiologist's impression or conclusion, what audiology described) cited in the sentence that
quotes or reports it; in an insurer's medical evidence, the GP's report (GPR) and the
(private) medical attendant's report (PMAR, MAR), in capitals (Association of British
Insurers, medical information guidance: the reports an underwriter requests)."""
_EARLIER = r"previous|prior|earlier|last|old|older|original|other|(?:19|20)\d\d"
"""Words that make a test or an account an earlier one, or another's ("the previous report",
"last year's audiogram", "the 2023 screen", "the other clinic's test"): not this audiogram
(validation README, label conventions settled across batches)."""
_TIME_AGO = r"\b(?:years?|months?|weeks?)\s+ago\b"
_RECORDS_OF_THEM = (
    r"(?:(?!own\s)[\w-]+\s+)?(?:(?:medical|clinical|health)\s+)?(?:notes?|records?|screens?|"
    r"screening|entry|entries|printouts?|charts?|files?)\b"
)
"""After "his", "her" or "their": the patient's notes, records, screens or chart ("the hearing
report in his notes", "his college screen recorded '...'"): records kept of the patient by
those who saw or tested them, not the patient's own account (as "his letter" may be); "her own
notes" are hers (issue #26 batch 148, used as tuning data)."""
_NOT_THIS_ACCOUNT = re.compile(
    r"\b(?:(?:his|her|their)\s+(?!" + _THE_TEST + r")(?!" + _RECORDS_OF_THEM + r")|"
    r"(?:my|your|our|" + _EARLIER + r")\s+|"
    r"(?:patient|husband|wife|partner|mother|father|"
    r"mum|dad|carer|son|daughter|friend)'?s\s+)(?:own\s+)?(?:[\w-]+\s+)?(?:" + _ACCOUNTS + r")\b|"
    r"\b(?:" + _ACCOUNTS + r")\s+(?:criteria|guid\w+|templates?|protocols?|"
    r"pathways?|rules?)\b|" + _TIME_AGO,
    re.I,
)
"""An account that is someone's own ("his letter", "the husband's report", "our own list") or
of an earlier test ("the previous report", "the 2019 letter", "a screen two years ago"), or a
rule rather than an account ("the referral criteria list ..."): not the record's account of
this test. The patient's
account named by the test it reports ("his hearing report", "her audiology letter":
:data:`_THE_TEST`) is the report of this test about the patient, not one the patient wrote
(validation README, label conventions settled across batches: a relayed report of this test
is the document's own statement)."""


_GRADE_WORD = r"(?:normal|slight|mild|moderate|moderately|severe|profound)"
_FINDING_KINDS = (
    re.compile(
        rf"\b{_GRADE_WORD}(?:(?:[ \t]*[-\u2013/][ \t]*(?:to[ \t]*-?[ \t]*)?|[ \t]+to[ \t]+)"
        rf"{_GRADE_WORD})?\b",
        re.I,
    ),
    re.compile(r"\b(?:normal|sensorineural|conductive|mixed|snhl|chl)\b", re.I),
    re.compile(r"\b(?:tympanograms?|type\s+(?:a[sd]?|b|c)\b)", re.I),
)
"""Grade, type ("normal" is both) and tympanogram words: a cited account's finding of a kind
the writer answers with a different reading of their own (:func:`_own_readings`) is set
against the writer's reading, not taken over."""

_RANGE_WORD = re.compile(r"[a-z]+")


def _range_words(reading: str) -> set[str]:
    """Return the words of one reading: a grade range ("severe-to-profound", "mild to
    moderate") is one reading that agrees with either of its ends, as a clinician reads a
    range of grades; a single word is itself."""
    return set(_RANGE_WORD.findall(reading)) - {"to"}


_HEARING_WORDS = re.compile(
    r"\b(?:hear\w*|ears?|audi\w*|db|hl|k?hz|loss|thresholds?|4fa|pta|bone|air|aids?)\b", re.I
)
"""A statement about hearing: one of these words in its sentence. Grade words elsewhere in a
note grade something else ("severe hypernasality", "mild COPD", "CXR normal")."""

_OWN_STATEMENT_END = re.compile(r"[.!?](?:\s|$)|[;\n]")

_REGION_NORMAL = re.compile(
    r"near[ -]normal|normal\s+(?:(?:up\s+)?to|until|through|below|above|from)\b|"
    r"normal\s+at\s+(?:the\s+)?(?:low|high|mid|extreme|\d)",
    re.I,
)
"""'normal up to 1 kHz', 'near-normal at the extremes': thresholds within normal limits over
a frequency region, no reading of the ear's grade or type (BSA 2018: grade and type are
the ear's, from its average and its air-bone gaps)."""


_BONE_NORMAL = re.compile(
    r"\bbone(?:[\s-]+conduction)?(?:\s+(?:thresholds?|levels?|lines?))?\s+"
    r"(?:(?:is|was|are|were)\s+)?(?:within\s+|near[\s-]+)?normal|\bnormal\s+bone\b",
    re.I,
)
"""'bone conduction normal', 'normal bone': the bone thresholds within normal limits, no
reading of the ear's grade or type (BSA 2018: the type is read from the air-bone gaps, and
normal bone beside a loss by air is the conductive loss itself), so it answers no cited
grade or type."""

_EAR_REACH = 60
"""How far before an own reading its ear is looked for (characters; linear on long text)."""


def _own_readings(own: str) -> tuple[list[tuple[str, set[str]]], ...]:
    """Return, per finding kind (:data:`_FINDING_KINDS`), the words of that kind the writer
    states in their own statements about hearing, each with the ears its sentence names
    just before it (:data:`_EAR_REACH`; empty where none): "Left normal (10 dB HL)" reads
    normal of the left ear; a normal frequency region (:data:`_REGION_NORMAL`) and another
    organ's grade are no reading of an ear."""
    out: tuple[list[tuple[str, set[str]]], ...] = tuple([] for _ in _FINDING_KINDS)
    at = 0
    for stop in [m.end() for m in _OWN_STATEMENT_END.finditer(own)] + [len(own)]:
        sentence, at = own[at:stop], stop
        if not _HEARING_WORDS.search(sentence):
            continue
        region = [m.span() for m in _REGION_NORMAL.finditer(sentence)]
        if "bone" in sentence.lower():
            region += [m.span() for m in _BONE_NORMAL.finditer(sentence)]
        for kind, words in zip(_FINDING_KINDS, out, strict=True):
            for m in kind.finditer(sentence):
                if any(a <= m.start() < b for a, b in region):
                    continue
                before = sentence[max(0, m.start() - _EAR_REACH) : m.start()]
                words.append((m.group(0).lower(), lexicon.ears_in(before)))
    return out


def _opposed(
    words: str, own: tuple[list[tuple[str, set[str]]], ...], line_ears: set[str] = frozenset()
) -> bool:
    """Return whether the writer's own readings (:func:`_own_readings`) answer cited words
    with another reading of a kind the words hold: a different word of that kind, said of
    the same ear or of no ear named (the writer's "Left normal" answers nothing of a cited
    right loss; the writer's own "moderate" beside a cited "moderate mixed" agrees). Cited
    words that name no ear are of the ears their line names before them (``line_ears``)."""
    ears = lexicon.ears_in(words) or set(line_ears)
    for kind, readings in zip(_FINDING_KINDS, own, strict=True):
        cited = {m.group(0).lower() for m in kind.finditer(words)}
        if not cited:
            continue
        named = set().union(*map(_range_words, cited))
        for word, said_of in readings:
            if not _range_words(word).isdisjoint(named):
                continue
            if said_of and ears and "both" not in said_of | ears and not said_of & ears:
                continue  # another ear's reading
            return True
    return False


_BEFORE_THE_TEST = re.compile(
    r"\b(?:referrals?|referrer|referring|GP|general\s+practitioner|family\s+doctor)\b", re.I
)
"""Accounts that can precede the writer's own test: the referral and the referring doctor's
letter (:data:`_OWN_TEST`)."""
_OWN_TEST = re.compile(
    r"\b(?:on\s+(?:testing|test|audiometry|examination)|(?:our|my|today's|this)\s+"
    r"(?:test(?:ing)?|findings?|results?|audiogram|audiometry|assessment)|today|this\s+visit|"
    r"(?:we|I)\s+(?:tested|found|measured)|tested\s+today)\b",
    re.I,
)
"""The writer's own test ("Left normal on testing", "Our findings: ...", "Today the left is
normal"): where the writer tested and gives a reading of the same kind, a referral's words
are the referrer's reason for testing, whichever ear they name ("Referral: 'severe mixed
loss, left'. Our test: right moderate conductive."); a note whose writer did not test states
the result through the GP's letter it cites (validation batches 61, 119)."""


def _cited_account(
    text: str, begin: int, span: tuple[int, int, bool], stop: int, own: tuple, own_kinds: tuple
) -> bool:
    """Return True where attributed words are the clinical account of this test that the
    record cites as its evidence, unrejected and answered by no other reading of the same
    kind (grade, type) of the writer's own (``own``: :func:`_own_readings` of the words
    outside attributed ones): a record whose
    writer did not test (an equipment, benefit or housing assessment) states the result
    through the report, summary, referral or advice it quotes, as a claims file does
    through a cited report (:func:`_cited_report`; validation batches 113-114); an incident
    review that quotes the referral's grade and gives the verified one sets it aside."""
    start, end, _ = span
    if not _cites_account(text, begin, start, end) or _account_rejected(text, begin, span, stop):
        return False
    words = text[start:end]
    if _MY_HEARING.search(words):
        return False  # a patient relaying a letter about their own hearing
    cited = _citation(text, begin, start, end)
    if own_kinds and _BEFORE_THE_TEST.search(cited) and any(k.search(words) for k in own_kinds):
        return False
    return not _opposed(words, own, _line_ears(text, start))


_LINE_REACH = 200


def _line_ears(text: str, start: int) -> set[str]:
    """Return the ears the line names before the cited words at ``start`` (at most
    :data:`_LINE_REACH` characters back): "Right ear: ... the summary reads 'purely
    conductive'" cites a reading of the right ear, as an own reading's ear is the one named
    before it; where the cited words' own sentence names an ear, that ear's ("... left normal
    5-15 dB. Letter summary: right 'SEVERE hearing loss'": the right's, which the writer's
    reading of the left does not answer; batch 174 UW09)."""
    line_start = max(text.rfind("\n", max(0, start - _LINE_REACH), start) + 1, start - _LINE_REACH)
    sentence = max(text.rfind(". ", line_start, start), text.rfind("; ", line_start, start))
    if sentence >= 0 and (named := lexicon.ears_in(text[sentence:start])):
        return named
    return lexicon.ears_in(text[line_start:start])


def _cites_account(text: str, begin: int, start: int, end: int) -> bool:
    """Return whether the words at ``start``-``end`` are cited as this test's clinical
    account (:data:`CITED_ACCOUNT` in their sentence before them, not someone's own nor an
    earlier one: :data:`_NOT_THIS_ACCOUNT`)."""
    cited = _citation(text, begin, start, end)
    if _NOT_THIS_ACCOUNT.search(cited):
        return False
    return (
        bool(CITED_ACCOUNT.search(cited))
        or _author_of_the_document(text, cited)
        or _relayed_as_recorded(text, begin, start, end)
    )


RELAYED_AS = re.compile(
    r"\b(?:is|was|are|were|been)\s+(?:(?:also|formally|officially|then)\s+)?(?:labell?ed|"
    r"reported|recorded|documented|graded|classified|classed|coded|summari[sz]ed)"
    r"(?:\s+as)?[ \t]*[:,]?[ \t]*\Z|"
    # a note's reduced passive, the test straight before it: "Audiogram reported as '...'"
    r"\b(?:audiogram|audiometry|hearing\s+test|test|results?)\s+(?:labell?ed|reported|"
    r"recorded|documented|graded|classified|coded|summari[sz]ed)\s+as[ \t]*[:,]?[ \t]*\Z",
    re.I,
)
"""A result passed on in the passive, straight before the quoted words ("his hearing screen
was reported as '...'", "It is labelled '...'", "the audiogram is recorded as '...'", a
note's "Audiogram reported as '...'" with its verb's "was" left out): the record of the test
speaks, no person's view is named. With a test or "it" as its subject
(:data:`_RELAYED_SUBJECT`) and no agent after the words ("..., by the GP"), a relayed report
of this test, the document's own statement unless corrected (validation README, label
conventions settled across batches)."""
_RELAYED_SUBJECT = re.compile(
    r"\b(?:" + _THE_TEST + r"|screen(?:ing)?|test|results?|it|this|which)\b", re.I
)
_BY_AGENT = re.compile(r"[ \t]*(?:\([^()\n]{0,60}\))?[ \t]*,?[ \t]*by\b", re.I)
_RELAY_REACH = 80


def _relayed_as_recorded(text: str, begin: int, start: int, end: int) -> bool:
    """Return whether the quoted words at ``start``-``end`` are a result relayed in the
    passive (:data:`RELAYED_AS`) of a test named before it in their sentence, with no agent
    after them."""
    head = max(begin, start - _RELAY_REACH, text.rfind(". ", begin, start) + 1)
    verb = RELAYED_AS.search(text, head, start)
    if verb is None or not (
        _RELAYED_SUBJECT.search(text, head, verb.start())
        or _RELAYED_SUBJECT.match(text, verb.start())  # (the reduced passive's own subject)
    ):
        return False
    if _EARLIER_SUBJECT.search(text, head, verb.start()):
        return False  # "last year's audiogram was reported as ...": not this audiogram
    return not _BY_AGENT.match(text, end)


_EARLIER_SUBJECT = re.compile(
    r"\b(?:" + _EARLIER + r")\b|\b(?:years?|months?|weeks?)'s\b|" + _TIME_AGO, re.I
)
"""The subject of a relayed result is an earlier test or another's (:data:`_EARLIER`, "an
audiogram two years ago", "a year's ...")."""


_AUTHORS_OF_REPORTS = (
    (re.compile(r"\b(?-i:GPR)\b|\bGP(?:'s)?\s+report\b", re.I),
     re.compile(r"\b(?:the\s+)?(?:GP|general\s+practitioner)\b", re.I)),
    (re.compile(r"\b(?-i:P?MAR)\b|\bmedical\s+attendant'?s\s+report\b", re.I),
     re.compile(r"\b(?:the\s+)?(?:medical\s+attendant|attending\s+(?:doctor|physician))\b",
                re.I)),
)  # fmt: skip
"""(a document's heading naming a clinician's report, that report's author): in an insurer's
GP report (GPR) or medical attendant's report (PMAR, MAR), "the GP describes ..." is the
report's own account of the test, as "the report describes" would be."""


def _author_of_the_document(text: str, cited: str) -> bool:
    """Return whether the words citing an account name the author of the report the
    document's first line says it is (:data:`_AUTHORS_OF_REPORTS`)."""
    heading = text.lstrip().split("\n", 1)[0][:80]
    return any(
        title.search(heading) and author.search(cited) for title, author in _AUTHORS_OF_REPORTS
    )


def _citation(text: str, begin: int, start: int, end: int) -> str:
    """Return the words that cite the attributed words at ``start``-``end``: their sentence
    up to 120 characters before them, and their first 40 characters."""
    head = max(begin, start - 120, text.rfind(". ", begin, start) + 1)
    return text[head : min(end, start + 40)]


_NEXT_SENTENCE = re.compile(r"[.!?](?=\s)|\n")
_VERDICT_OPENING = re.compile(r"[.!?]?\s*(?:(?:this|that|it|which)(?:'s|\s+))?", re.I)


NOT_DONE = re.compile(
    r"(?:is|are|was|were)\s+not\s+(?:tested|done|measured|performed|recorded|assessed|masked|"
    r"available|obtained|repeated)\b",
    re.I,
)
"""Part of a test not done ("the left 1 kHz was not tested", "bone was not measured"): what
the record goes on to say of the test's coverage, no verdict on the words it cited."""
NOT_ITS_CAUSE = re.compile(
    r"(?:(?:is|are|was|were)\s+not|isn't|aren't|wasn't|weren't)\s+(?:(?:thought|felt|"
    r"considered|likely)\s+to\s+be\s+|(?:\w+ly)\s+)?(?:related|connected|linked|due|"
    r"attributable|caused|secondary|associated)\b",
    re.I,
)
"""A cause denied ("This is not related to her MS", "it is not thought to be due to the
drug"): the writer places the cited finding among the patient's problems (problem-oriented
records, Weed 1968: each problem with its own assessment), no verdict on the words cited
(issue #26 batch 147, used as tuning data)."""


_CONTRAST = re.compile(r",\s*not\b", re.I)
"""", not Y" after quoted words: the contrast denies Y, what follows it ("and said it is the
nerve kind, not wax"), not the words quoted before it."""


def _rejects(text: str, start: int, stop: int) -> bool:
    """Return whether a rejection (:data:`REJECTED`) of the quoted words before ``start``
    stands between ``start`` and ``stop``: not a statement of a part of the test not done
    (:data:`NOT_DONE`), nor a cause denied (:data:`NOT_ITS_CAUSE`), nor a contrast that
    denies what follows it (:data:`_CONTRAST`)."""
    for m in REJECTED.finditer(text, start, stop):
        if NOT_DONE.match(text, m.start()) or NOT_ITS_CAUSE.match(text, m.start()):
            continue
        if _CONTRAST.match(text, m.start()) and not REJECTED.match(text, m.end() - 3, stop):
            continue  # (", not correct", ", not quite" still reject)
        return True
    return False


def _account_rejected(text: str, begin: int, span: tuple[int, int, bool], stop: int) -> bool:
    """Return whether the writer rejects a cited account of this test: before it in its
    line, after it in its own sentence, or at the opening of the next ("Disagree.", "This is
    not correct"). A record that cites the account as its evidence goes on to other things
    in its next sentences ("the left 1 kHz was not tested", "not for surgery", "he misses the
    call bell"): a negation there is about them, not a verdict on the account."""
    start, end, _ = span
    if REJECTED.search(text, begin, start):
        return True
    sentence = _NEXT_SENTENCE.search(text, end, stop)
    if sentence is None:
        return _rejects(text, end, stop)
    if _rejects(text, end, sentence.start()):
        return True
    opening = _VERDICT_OPENING.match(text, sentence.start(), stop)
    return bool(
        opening
        and REJECTED.match(text, opening.end(), stop)
        and not NOT_ITS_CAUSE.match(text, opening.end())
    )


def _merged(text: str, spans: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """Return sorted spans with those that overlap or touch (only white space between, as
    the lines of one block quote) merged into one, attributed if any part is: the writer's
    verdict follows the whole quotation."""
    out: list[tuple[int, int, bool]] = []
    for start, end, attributed in spans:
        if out and (start <= out[-1][1] or not text[out[-1][1] : start].strip()):
            last = out[-1]
            out[-1] = (last[0], max(last[1], end), last[2] or attributed)
        else:
            out.append((start, end, attributed))
    return out


def _rejected(text: str, spans: list[tuple[int, int, bool]]) -> list[tuple[int, int]]:
    """Return the quoted or reported spans that are not the writer's claim.

    Words attributed to someone else (reported speech, a quotation whose sentence names its
    source) are blanked unless the writer endorses them; other quoted words (a term in
    quotation marks) only when the writer rejects them, in the same line before them or in
    the verdict that follows (up to the next quotation, a blank line or
    :data:`_VERDICT_REACH` characters), and is not accepting them straight after.
    """
    out = []
    own = _blank_spans(text, [(start, end) for start, end, attributed in spans if attributed])
    own_readings = _own_readings(own) if any(a for _, _, a in spans) else ()
    tested = bool(own_readings) and bool(_OWN_TEST.search(own))
    own_kinds = tuple(kind for kind in _FINDING_KINDS if kind.search(own)) if tested else ()
    for i, (start, end, attributed) in enumerate(spans):
        begin, stop = _verdict_window(text, spans, i)
        if attributed:
            if not _endorsed(text, begin, spans[i], stop) and not _cited_account(
                text, begin, spans[i], stop, own_readings, own_kinds
            ):
                out.append((start, end))
            continue
        if ACCEPTED.match(text, end, min(len(text), end + 40)):
            continue
        if _cites_account(text, begin, start, end):
            if _account_rejected(text, begin, spans[i], stop):
                out.append((start, end))
            continue
        if _rejects(text, end, stop) or REJECTED.search(text, begin, start):
            out.append((start, end))
    return out


FORWARDED = re.compile(r"\b(?:forwarded|fwd?)\b", re.I)
"""A message forwarded ("Forwarded from Dad:", "Fwd:"): the writer passes its words on as
they are, the news itself (messaging apps' forward label), so they are read as the writer's
unless rejected."""

_GLOSS = re.compile(r"[ \t]*\([^()\n]{1,60}\)")
"""A gloss in brackets straight after quoted words ('"πολύ βαριά" (very heavy/severe)'):
it translates or explains them, so it is the quotation's, whoever's that is."""

_DOUBLE_OR_BLOCK = frozenset('"\u201c> \t')


def _label_opening(text: str, line_start: int, sentence: int) -> int:
    """Return the end of a known speaker's label ("GP:", "ENT:") opening the line or, for a
    clinician (no lay speaker), the sentence a quotation stands in, else 0: the label heads
    the words after it as a line's label does ("Unilateral loss. GP: '...'"), the cited
    finding, not a source's view the writer sets aside."""
    if sentence < 0:
        turn = _KNOWN_TURN_AT.match(text, line_start)
        return turn.end() if turn else 0
    at = sentence + 2
    turn = _KNOWN_TURN_AT.match(text, at)
    if turn is None or turn.group(1).lower() in LAY_SPEAKERS:
        return 0
    return turn.end()


_SOURCE_AFTER = re.compile(
    r"[ \t]*[,(\u2013\u2014-]?[ \t]*(?:(?:per|according[ \t]+to)[ \t]+|(?:"
    + _REPORTING
    + r")[ \t]+(?:by[ \t]+)?)"
    + _SOURCE
    + r"\b",
    re.I,
)
"""After a quotation, who said it: "'Right worse than left' per patient", "'it's the left'
(according to his wife)", "'mild loss', says the GP letter": the words are the source's, as
when the source is named before them (:data:`ATTRIBUTION`)."""


def _attributed_after(text: str, end: int) -> bool:
    """Return True when the words straight after a quotation ending at ``end`` name its
    source (:data:`_SOURCE_AFTER`) and that source is not the test's own report (what the
    tester reports of this test stays a result: :data:`TESTER`)."""
    m = _SOURCE_AFTER.match(text, end, end + 80)
    return m is not None and TESTER.search(m.group(0)) is None


def _quote_spans(text: str) -> list[tuple[int, int, bool]]:
    """Return the quoted spans of ``text`` with whether each is attributed to someone else:
    its sentence (or, for a ">" block, the line above the block) names a source or a
    reporting verb before it. Spans in single quotation marks or guillemets come back only
    when attributed."""
    out: list[tuple[int, int, bool]] = []
    found = [m.span() for m in QUOTED.finditer(text)]
    if ">" in text:
        found = sorted(found + [m.span() for m in BLOCK_QUOTED.finditer(text)])
    for start, end in found:
        block = text[start:end].lstrip().startswith(">")
        if block and out and out[-1][2] and text.count("\n", out[-1][1], start) <= 1:
            out.append((start, end, True))  # a block quote's next line, attributed as its first
            continue
        line_start = text.rfind("\n", max(0, start - 120), max(0, start - block)) + 1
        begin = max(line_start, start - 120)
        sentence = max(text.rfind(". ", begin, start), text.rfind("? ", begin, start))
        if turn := _label_opening(text, line_start, sentence):
            begin = max(begin, turn)  # "Nurse: ..." is who speaks, not a source
        attributed = _attributed(text, max(begin, sentence + 1), start)
        if not attributed and _attributed_after(text, end):
            attributed = True  # "'Right worse than left' per patient."
        if attributed and FORWARDED.search(text, begin, start):
            attributed = False  # a message forwarded is passed on whole, as the writer's news
        if attributed is not False or text[start] in _DOUBLE_OR_BLOCK:
            gloss = _GLOSS.match(text, end)  # '"oido derecho" (right ear)': the same words
            out.append((start, gloss.end() if gloss else end, bool(attributed)))
        # single quotation marks and guillemets around a term the writer uses ("a
        # 'cookie-bite'") are the writer's own: only attributed ones are someone's words
    return out


_PAST_VERB = re.compile(
    r"(?:audiogram|test|result|assessment|report)s?\s+(?:\([^)\n]{0,40}\)\s+)?"
    r"(?:(?:elsewhere|there|then|here)\s+)?"
    r"(?:(?:had|has)\s+)?(?:showed|shows|was|were|found|gave|recorded|documented|called|"
    r"described|revealed|demonstrated|suggested)\b"
)
_PAST_SUBJECT = re.compile(
    r"(?:^|[.;:!?\n])[ \t]*(?:(?:the|a|his|her|their|my|our)\s+)?(?:previous|prior|earlier|last|"
    r"old|older|first|(?:19|20)\d\d)\s+(?:[\w-]+\s+){0,2}$"
)
_PREVIOUSLY = re.compile(r"(?:^|[.;!?\n])[ \t]*previously\b[^.;\n]{0,120}")


def _without_named_mistakes(text: str) -> str:
    """Return ``text`` with each mistake the writer names as such blanked, from its head
    (:data:`NAMED_MISTAKE`) to its sentence's end (:data:`MISTAKE_END`, at most
    :data:`_MISTAKE_REACH` characters); a label alone on its line ("Common mistakes:") heads
    the list items below it (:func:`_listed_mistakes`)."""
    low = _lowered(text)
    spans = []
    for m in NAMED_MISTAKE.finditer(low):
        if low.startswith("\n", m.end()) and low[m.start() : m.end()].rstrip(" \t*_")[-1:] in (
            ":\u2013\u2014"
        ):
            spans += _listed_mistakes(low, m.end() + 1)
            continue
        reach = min(len(low), m.end() + _MISTAKE_REACH)
        end = MISTAKE_END.search(low, m.end(), reach)
        spans.append((m.end(), end.start() if end else reach))
    return _blank_spans(text, spans)


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+")
_LISTED_AT_MOST = 12


def _listed_mistakes(low: str, pos: int) -> list[tuple[int, int]]:
    """Return the spans of the list items from ``pos`` on (at most :data:`_LISTED_AT_MOST`,
    up to the first line that is no item), each to its sentence's end: the mistakes a label
    alone on the line above names."""
    spans = []
    for _ in range(_LISTED_AT_MOST):
        item = _LIST_ITEM.match(low, pos)
        if item is None:
            break
        line_end = low.find("\n", item.end())
        line_end = len(low) if line_end < 0 else line_end
        end = MISTAKE_END.search(low, item.end(), line_end)
        spans.append((item.end(), end.start() if end else line_end))
        pos = line_end + 1
    return spans


def _without_answered_alternatives(text: str) -> str:
    """Return ``text`` with each question offering alternatives (:data:`ALTERNATIVE_QUESTION`)
    blanked where the words after it open with one of its alternatives: the writer asks and
    answers at once ("Conductive, sensorineural or mixed? Conductive."), and the answer is
    the claim."""
    low = _lowered(text)
    spans = []
    mark = low.find("?")
    while mark >= 0:  # led by each question mark, then its sentence's start looked back for
        reach = max(0, mark - 250)
        start = max(low.rfind(c, reach, mark) for c in ".!?:\n") + 1
        m = ALTERNATIVE_QUESTION.fullmatch(low, start, mark + 1) if start or not reach else None
        if m is not None:
            answer = ANSWER_OPENING.match(low, m.end(), min(len(low), m.end() + 200))
            if answer and re.search(rf"\b{re.escape(answer.group(1))}\b", m.group(0)):
                spans.append(m.span())
        mark = low.find("?", mark + 1)
    return _blank_spans(text, spans)


def _without_queries_answered_no(text: str) -> str:
    """Return ``text`` with each query the next words answer "no" blanked
    (:data:`QUERY_ANSWERED_NO`, run on the lowered text)."""
    low = _lowered(text)
    return _blank_spans(text, [m.span() for m in QUERY_ANSWERED_NO.finditer(low)])


def _without_statements_judged_false(text: str) -> str:
    """Return ``text`` with each statement set as "True or false: ..." blanked where the
    words after it (:data:`JUDGED_FALSE`) call it false; one called true stays the writer's."""
    low = _lowered(text)
    spans = []
    for m in TRUE_OR_FALSE.finditer(low):
        reach = min(len(low), m.end() + _MISTAKE_REACH)
        end = _STATEMENT_END.search(low, m.end(), reach)
        stop = end.end() if end else reach
        if JUDGED_FALSE.match(low, stop, min(len(low), stop + 40)):
            spans.append((m.end(), stop))
    return _blank_spans(text, spans)


_STATEMENT_END = re.compile(r"[.!?](?=\s|$)|\n")


def _option_runs(text: str) -> list[list[tuple[str, int, int]]]:
    """Return the runs of multiple-choice options in ``text``: each a list of (letter, start,
    end) from "A" on in letter order, on one line or on lines that follow one another; an
    option ends where the next one starts or at its line's end."""
    runs: list[list[tuple[str, int, int]]] = []
    run: list[tuple[str, int, int]] = []
    for m in OPTION_MARK.finditer(text):
        letter, start = m.group(1), m.start(1) - (text[m.start(1) - 1 : m.start(1)] == "(")
        line_end = text.find("\n", start)
        line_end = len(text) if line_end < 0 else line_end
        follows = (
            run and ord(letter) == ord(run[-1][0]) + 1 and text.count("\n", run[-1][1], start) <= 1
        )
        if follows:
            last = run[-1]
            run[-1] = (last[0], last[1], min(last[2], start))
            run.append((letter, start, line_end))
            continue
        if len(run) > 1:
            runs.append(run)
        run = [(letter, start, line_end)] if letter in "Aa" else []
    if len(run) > 1:
        runs.append(run)
    return runs


def _without_unpicked_options(text: str) -> str:
    """Return ``text`` with the options of a multiple-choice question that its answer key
    (:data:`ANSWER_KEY`, after the options) does not pick blanked, and the letter of the one
    it picks written as a ticked box ("B. Moderate" -> "[x] Moderate": the writer's answer,
    as on a tick-box form); options with no key after them are left as they are."""
    spans, picked = [], []
    for run in _option_runs(text):
        key = ANSWER_KEY.search(text, run[-1][2], run[-1][2] + 400)
        chosen = key.group(1).upper() if key else ""
        if chosen not in {letter.upper() for letter, _, _ in run}:
            continue
        spans += [(start, end) for letter, start, end in run if letter.upper() != chosen]
        picked += [start for letter, start, _ in run if letter.upper() == chosen]
    text = _blank_spans(text, spans)
    for start in picked:  # a mark is at least three characters: "B. ", "B) ", "(B)"
        text = text[:start] + "[x]" + text[start + 3 :]
    return text


def _without_past_results(text: str) -> str:
    """Return ``text`` with each clause whose subject is an earlier test's result blanked
    (:data:`PAST_RESULT`; found from the test and its verb, then its time word looked for
    just before, so the scan is led by literal words)."""
    low = _lowered(text)
    spans = []
    for m in _PAST_VERB.finditer(low):
        head = _PAST_SUBJECT.search(low, max(0, m.start() - 60), m.start())
        if head is None:
            continue
        end = low.find(".", m.end(), m.end() + 200)
        for stop in (";", "\n"):
            k = low.find(stop, m.end(), m.end() + 200)
            end = k if k >= 0 and (end < 0 or k < end) else end
        spans.append(
            (
                head.start() + (low[head.start()] in ".;:!?\n"),
                end if end >= 0 else min(len(low), m.end() + 200),
            )
        )
    if "previously" in low:
        spans += [
            (m.start() + (low[m.start()] in ".;!?\n"), m.end()) for m in _PREVIOUSLY.finditer(low)
        ]
    return _blank_spans(text, sorted(spans))


def _without_labelled_sources(text: str) -> str:
    """Return ``text`` with each line labelled with someone else's document or a question
    blanked after its label, unless the writer endorses it."""
    spans = []
    for m in LABELLED_SOURCE.finditer(text):
        colon = text.index(":", m.start(), m.end()) + 1
        after = text[colon : m.end() + _VERDICT_REACH]
        if ENDORSED.search(after) and not REJECTED.search(after):
            continue
        if _cited_report(text[m.start() : colon], after, text[m.end() : m.end() + _VERDICT_REACH]):
            continue
        spans.append((colon, m.end()))
    return _blank_spans(text, spans)


_CLINICIAN_REPORT = re.compile(
    r"^[ \t*_>-]*(?:(?:the|a|your)\s+)?(?:(?:GP|ENT|Dr\.?\s+[A-Z][\w-]+)(?:'s)?\s+(?:[\w-]+\s+)?"
    r"(?:report|summary|opinion)|(?:ENT|audiology|audiologist(?:'s)?|otolaryngology)\s+"
    r"(?:clinic\s+)?letter)\b",
    re.I,
)
"""A label naming a clinician's report of the result ("GP report:", "Dr Ade's medical
report:"), or the letter of the specialists who test and diagnose hearing ("ENT letter:",
"Audiology letter:": the clinic letter that reports the result, as the audiology letter does
in :data:`TESTER`); not a GP's or a bare letter (a referral asking), a question, nor an
earlier or outside test's report."""

OWN_READING = re.compile(
    r"^[ \t*_>-]*(?:(?:our|my|today'?s?|this|the\s+current|current)\s+(?:re)?"
    r"(?:test(?:ing)?|audiogram|results?|reading|findings?|assessment)\b|"
    r"(?:today|now|on\s+(?:re)?testing)\b)",
    re.I | re.M,
)
"""A line where the writer turns to their own reading of the test ("Our test: ...",
"Today: ...", "On retesting ..."), set against a cited report."""


def _cited_report(label: str, after: str, below: str) -> bool:
    """Return True where a labelled line is a clinician's report of the result that the
    document cites as its evidence: the writer neither rejects it nor sets a reading of its
    own against it in the lines below. A relayed clinician's reading is the document's
    statement of the result (an underwriter's or claims assessor's file cites the GP's
    report as the only account of the test)."""
    if not _CLINICIAN_REPORT.match(label):
        return False
    return not REJECTED.search(after) and not OWN_READING.search(below)


def _as_self_corrections(text: str) -> str:
    """Return ``text`` with each correction mark rewritten, at its own length, as a
    self-correction word the claim reader knows ("Edit:" -> "Sorry", "no, it's" -> "i mean";
    a capital first letter stays capital)."""
    parts, last = [], 0
    for m in _CORRECTION_MARK_LOW.finditer(_lowered(text)):
        start, end = m.span()
        word = "sorry" if m.group(0).rstrip().endswith(":") else "i mean"
        if text[start].isupper():
            word = word.capitalize()
        parts += [text[last:start], word + " " * (end - start - len(word))]
        last = end
    return "".join(parts) + text[last:] if parts else text


def _blank_lowered(pattern: re.Pattern[str]) -> Callable[[str], str]:
    """Return a pass blanking what ``pattern`` (case-blind, written in lower case) matches,
    run case-sensitively on the lowered text: several times faster in Python's engine."""
    fast = re.compile(pattern.pattern, pattern.flags & ~re.I)

    def blank(text: str) -> str:
        return _blank_spans(text, [m.span() for m in fast.finditer(_lowered(text))])

    return blank


def _reported_heads(text: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each reported-speech head: a source and its reporting verb
    (not taken over by "as"), or "per"/"according to" and a source."""
    low = _lowered(text)
    heads = (
        [m.span() for m in REPORTED_PER.finditer(text)] if "per " in low or "accord" in low else []
    )
    for m in _REPORTED_LOW.finditer(low):
        if m.start() and text[m.start() - 1].isalnum():
            continue  # inside a word
        source = REPORTED_SOURCE.search(text, max(0, m.start() - 60), m.start())
        if source is None and _BELIEF_VERB.match(low, m.start()):
            source = BELIEVER.search(text, max(0, m.start() - 24), m.start())
        if source and not TAKEN_OVER.search(text, max(0, source.start() - 12), source.start()):
            if not _writers_own_team(text, source.group(0)):
                heads.append((source.start(), m.end()))
    heads.sort()
    return heads


def _writers_own_team(text: str, source: str) -> bool:
    """Return True when a reported source is the team that writes the reply: "our team", or
    "the team" in a document whose heading names a team ("Implant team - summary ... The team
    records the right as the poorer ear"): the writer speaks of itself, and its words are its
    claim."""
    words = source.lower().split()
    if not words or words[-1] != "team":
        return False
    heading = text.lstrip().split("\n", 1)[0].lower()
    return words[0] == "our" or "team" in heading


def _reported_spans(text: str) -> list[tuple[int, int, bool]]:
    """Return the spans of someone else's words reported without quotation marks: from the
    source and reporting verb to the end of the clause (none when no end is in reach, or
    when the writer takes the words over: "As the GP said, ..."), with whether they are
    attributed: the tester's words of this test (:data:`TESTER`) are not, so they are
    blanked only when the writer rejects them."""
    out: list[tuple[int, int, bool]] = []
    for start, head_end in _reported_heads(text):
        end = CLAUSE_END.search(text, head_end, min(len(text), head_end + _REPORT_REACH + 1))
        if end is None and head_end + _REPORT_REACH < len(text):
            continue
        stop = end.start() if end else len(text)
        if stop > head_end:
            out.append((start, stop, not _the_tester(text, start, head_end)))
    return out


def _the_tester(text: str, start: int, head_end: int) -> bool:
    """Return True when the source of a reported-speech head is the person who did this
    test (:data:`TESTER`), not someone else's nor an earlier one."""
    verb = _REPORTED_LOW.search(_lowered(text[start:head_end]))
    source = text[start : start + verb.start()] if verb else ""
    if not TESTER.fullmatch(source.strip()) and not _doctor_of_this_test(text, source, head_end):
        return False
    return not _TESTER_OTHER.search(text, max(0, start - 24), start)


_DOCTOR = re.compile(r"(?:(?:the|my|his|her|our)\s+)?(?:doctor|dr\.?(?:\s+[A-Z][\w-]+)?)", re.I)
_OWN_HEARING = re.compile(
    r"[ \t]*(?:that[ \t]+)?(?:my|his|her|their)[ \t]+(?:hearing|ears?|right|left)\b", re.I
)


def _doctor_of_this_test(text: str, source: str, head_end: int) -> bool:
    """Return True where a doctor's words are about the writer's (or their relative's) own
    hearing ("Doctor says my hearing is ...", "the doctor said his ears ..."): the result of
    this test as the patient or family were told it, passed on."""
    return bool(_DOCTOR.fullmatch(source.strip()) and _OWN_HEARING.match(text, head_end))


def _without_rejected_quotes(text: str) -> str:
    """Return ``text`` with the colleague's words the writer does not take over blanked
    (same length)."""
    if text.lstrip()[:1] in "{[":  # a JSON reply: its quotation marks delimit fields
        return text
    spans = _quote_spans(text)
    spans += _reported_spans(text)
    spans.sort()
    return _blank_spans(text, _rejected(text, _merged(text, spans)))


def _without_quoted_thread(text: str) -> str:
    """Return ``text`` with an earlier message quoted below the reply blanked: after its
    header, a block of ">" or indented lines, or (no such block) the rest of the text;
    kept when the writer endorses it ("I agree with the below")."""
    m = EMAIL_HISTORY.search(text)
    if m is None or THREAD_ENDORSED.search(text, 0, m.start()):
        return text
    header_end = text.find("\n", m.end())
    if header_end < 0:
        return text[: m.start()] + " " * (len(text) - m.start())
    end, pos = len(text), header_end + 1
    if text[pos : pos + 1] in (">", " ", "\t"):  # a quoted block: it ends at the first plain line
        while pos < len(text):
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            if text[pos:line_end].strip() and text[pos] not in "> \t":
                break
            pos = line_end + 1
        end = min(pos, len(text))
    return text[: m.start()] + " " * (end - m.start()) + text[end:]


def _without_ruled_out(text: str) -> str:
    """Return ``text`` with each clause that names a diagnosis ruled out blanked, from the
    clause's start to the verdict (none when no clause start is in reach)."""
    spans = []
    for m in _RULED_OUT_LOW.finditer(_lowered(text)):
        reach = max(0, m.start() - _CLAUSE_REACH)
        start = max(text.rfind(c, reach, m.start()) for c in ".;:!?\n") + 1
        if start == 0 and reach > 0:
            continue
        spans.append((start, m.end()))
    return _blank_spans(text, spans)


def _without_other_speakers(text: str) -> str:
    """Return a transcript with the turns that are not a clinician's finding blanked: the
    patient's and family's turns (history, not findings), and a turn the next speaker
    rejects ("Student: ... / Consultant: No - ..."); a turn ends at the next turn or at a
    blank line (:data:`_BLANK_LINE`). Text with fewer than two known speakers is no
    transcript and comes back as it is (as is a text of one line: the turns after the first
    open a line)."""
    if "\n" not in text:
        return text
    turns = [
        (m.start(), m.end() - 1, m.group(1).lower()) for m in _KNOWN_TURN.finditer("\n" + text)
    ]
    if len({t[2] for t in turns}) < 2:
        return text
    spans = []
    for k, (_, label_end, who) in enumerate(turns):
        # up to the newline that opens the next turn: a turn ends its line, and the next
        # turn's words stay at a line's start (turns are found in "\n" + text: its
        # offsets are one past the text's); and at a blank line, which ends the transcript's
        # paragraph (the note's own sections follow it: "Note", "Assessment:")
        end = turns[k + 1][0] - 1 if k + 1 < len(turns) else len(text)
        gap = _BLANK_LINE.search(text, label_end, end)
        end = gap.start() if gap else end
        field = _FIELD_LINE.search(text, label_end, end)
        end = field.start() if field else end
        rejected = (
            k + 1 < len(turns)
            and turns[k + 1][2] != who
            and TURN_REJECTED.match(text, turns[k + 1][1]) is not None
        )
        if who in LAY_SPEAKERS or rejected:
            spans.append((label_end, end))
    return _blank_spans(text, spans)


_FIELD_LINE = re.compile(
    r"\n[ \t]*(?:\*\*)?[A-Z][A-Za-z]{1,20}(?:[ /-][A-Za-z]{1,20}){0,2}(?:\*\*)?[ \t]*:"
    r"(?:\*\*)?[ \t]"
)
"""A line that opens with a label that is no speaker's ("Given: ...", "Other: ...",
"Plan: ..."): a field of a record, which ends the turn before it (a record's "Patient: Mrs
D, 38." and "Nurse: J Patel" are its fields, not a transcript's turns, so the fields
between them are the writer's; the SOAP note's labelled parts, Weed 1968). Known speakers'
labels open turns of their own, found before this is looked for."""

_BLANK_LINE = re.compile(r"\n[ \t]*\n(?![ \t]*(?:\d{1,5}[ \t]*\r?\n|[\[(]?\d{1,2}:\d\d))")
"""A blank line that ends a transcript's turn, closing its paragraph (an ambient scribe's
transcript excerpt, then its generated note; issue #26 batch 84 as tuning data); not one
before the next cue of a subtitle file or a time-stamped line ("12\n00:01:02,000 --> ...",
"[00:01:05]"), where the transcript, and the turn, go on."""

_NUMBERED_TURN = re.compile(
    r"^[ \t]*(?:\[?\d{1,2}(?::\d{2}){1,2}\]?[ \t]*)?(?:\*\*)?speaker[ \t]*(\d{1,2})\b(?:\*\*)?"
    r"[ \t]*:?(?:\*\*)?",
    re.I | re.M,
)
"""A turn of a transcript whose speakers are numbered, not named ("Speaker 1: ...",
"[00:01:02] Speaker 2: ...", "speaker 1 hi is that ..."): a transcription service's labels,
which say nothing of who speaks."""

_CLINICIAN_INTRODUCED = re.compile(
    r"\b(?:it'?s|this\s+is|i'?m|i\s+am)\b[^.?!\n]{0,60}?\b(?:audiolog\w*|clinic|ent|"
    r"hospital|surgery|practice|department|service|nurses?|doctor|dr)\b",
    re.I,
)
"""A speaker introducing themselves as the clinic's ("it's Kate from audiology", "this is
Nurse Mensah from Dr Hale's practice", "its doctor rahman the audiologist"): the one who
gives the results on a call."""


def _without_numbered_callers(text: str) -> str:
    """Return a transcript with numbered speakers ("Speaker 1", "speaker 2") with the turns
    of every speaker but the clinician blanked, as :func:`_without_other_speakers` blanks a
    patient's turns: the clinician is the one numbered speaker who introduces themselves as
    the clinic's (:data:`_CLINICIAN_INTRODUCED`, in their first turns). With no such speaker,
    or more than one, the text comes back as it is."""
    turns = [(m.start(), m.end(), m.group(1)) for m in _NUMBERED_TURN.finditer(text)]
    if len({who for _, _, who in turns}) < 2:
        return text
    introduced: list[str] = []
    for k, (_, label_end, who) in enumerate(turns[:8]):
        end = turns[k + 1][0] if k + 1 < len(turns) else len(text)
        if who not in introduced and _CLINICIAN_INTRODUCED.search(text, label_end, end):
            introduced.append(who)
    if len(introduced) != 1:
        return text
    spans = [
        (label_end, (turns[k + 1][0] - 1) if k + 1 < len(turns) else len(text))
        for k, (_, label_end, who) in enumerate(turns)
        if who != introduced[0]
    ]
    return _blank_spans(text, spans)


def _withdrawn_sentence(text: str, mark: int) -> tuple[int, int]:
    """Return the span of the sentence just before a second thought at ``mark`` (back to
    the previous sentence end, a line start, or :data:`_THOUGHT_REACH` characters)."""
    end = mark
    while end > 0 and text[end - 1] in " \t\n.!?\u2026":
        end -= 1
    start = max(0, end - _THOUGHT_REACH)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, start, end)]
    return (ends[-1] if ends else start), end


def _without_second_thoughts(text: str) -> str:
    """Return ``text`` with each reasoning sentence that a second thought withdraws blanked
    (only in the reasoning before a :data:`REASONING_END`; the answer is read whole)."""
    ends = [m.start() for m in REASONING_END.finditer(text)]
    if not ends:
        return text
    reasoning = ends[-1]
    spans = [
        _withdrawn_sentence(text, m.start()) for m in SECOND_THOUGHT.finditer(text, 0, reasoning)
    ]
    return _blank_spans(text, sorted(spans))


def _second_thought_possible(text: str, low: str) -> bool:
    """Return whether ``text`` may hold a reasoning block with a second thought (a cheap test)."""
    return ("</think>" in low or "answer:" in low or "answer**" in low or "answer\n" in low) and (
        "wait" in low
        or "hold on" in low
        or "hmm" in low
        or "actually" in low
        or "let me" in low
        or "no" in low
        or "but" in low
    )


_CORRECTION_WORDS = ("edit", "update", "amend", "make that", "no,", "no ", "no:", "no-", "no;",
                     "no\u2013")  # fmt: skip
"""Words one of which a correction mark needs (a cheap test: "edit", "update", "amend", "make
that", or "no" before a comma, colon, dash or space)."""
_MISTAKE_WORDS = ("mistake", "misconception", "misreading", "pitfall", "trap", "wrong answer",
                  "error", "avoid", "never", "tempting", "students", "trainees")  # fmt: skip
"""Words one of which a mistake named needs (:data:`NAMED_MISTAKE`; a cheap test)."""


def _report_sentences(text: str):
    """Yield (start, end) of each sentence of ``text`` (ended by ".", "!" or "?" before a
    space, or a line end; the dot of "et al.", "Fig.", "e.g.", "i.e." ends none)."""
    start = 0
    for m in _CITED_SENTENCE_END.finditer(text):
        yield start, m.end()
        start = m.end()
    if start < len(text):
        yield start, len(text)


def _without_literature(text: str) -> str:
    """Return ``text`` with each sentence that cites the literature (:data:`CITED`) and
    names nothing of this patient's (:data:`_PATIENT_RESULT_WORD`) blanked."""
    if CITED.search(text) is None:
        return text
    spans = [
        (start, end)
        for start, end in _report_sentences(text)
        if CITED.search(text, start, end) and not _PATIENT_RESULT_WORD.search(text, start, end)
    ]
    return _blank_spans(text, spans)


def _without_corrected_slides(text: str) -> str:
    """Return ``text`` with each slide whose ear a later note corrects blanked, from its
    "Slide" heading to the start of the line that corrects it."""
    corrections = [
        m
        for m in SLIDE_EAR_CORRECTED.finditer(text)
        if m.group(1).lower() != m.group(2).lower()  # "says left, and it is the left": agreed
    ]
    if not corrections:
        return text
    headings = [h.start() for h in _SLIDE_HEADING.finditer(text)]
    spans = []
    for m in corrections:
        line = text.rfind("\n", 0, m.start()) + 1
        k = bisect.bisect_left(headings, line)  # the last heading before the note's line
        if k:
            spans.append((headings[k - 1], line))
    return _blank_spans(text, sorted(spans))


def _without_later_tests(text: str) -> str:
    """Return ``text`` with what a later test found blanked (:data:`LATER_TEST`): from the
    start of the clause that names it (the sentence start, or the last comma, semicolon,
    colon, "and", "but", "while", "whereas" or "which" before it) to the sentence end; a
    plan for the follow-up (:data:`_PLANNED`) is kept, but not a test after a treatment done
    (its verb is past: "after grommets were inserted")."""
    if LATER_TEST.search(text) is None:
        return text
    spans = []
    for start, end in _report_sentences(text):
        m = LATER_TEST.search(text, start, end)
        if m is None:
            continue
        clause = start
        for brk in _CLAUSE_BREAK.finditer(text, start, m.start()):
            clause = brk.start()
        if m.group("treated") or not _PLANNED.search(text, clause, end):
            spans.append((clause, end))
    return _blank_spans(text, spans)


_TREATMENT_WORDS = ("grommet", "tube", "surgery", "operation", "otomy", "ectomy", "plasty",
                    "treatment", "steroid")  # fmt: skip
"""Words one of which a test after a treatment needs (:data:`LATER_TEST`): a cheap test first."""
_KIN_WORDS = ("mother", "father", "mum", "mom", "dad", "brother", "sister", "sibling",
              "parent", "grand", "aunt", "uncle", "cousin", "twin", "husband", "wife", "spouse",
              "relative", "nephew", "niece")  # fmt: skip
_CHANGE_WORDS = ("drop", "fall", "worsen", "deteriorat", "reach", "exceed", "progress", "develop",
                 "declin", "shift", "get worse", "gets worse", "goes ")  # fmt: skip
_ULL_WORD = re.compile(r"\bulls?\b")
_GENERAL_WORDS = ("as a rule", "as a guide", "in general", "for reference", "defin", "ref",
                  "reference range", "normal range", "plan ", "scheme ", "fund ", "program",
                  "insurer ",
                  "norms", "age norm", "criteri", "pathway", "protocol", "guid", "polic",
                  "threshold for", "typically", "usually", "classically", "characteristically",
                  "tend to", "tends to", "normally", "ed for", "made for", "built for",
                  "only for", "for use ", '"=', '" =', '":=', '" :=', '" means', "\u201d=",
                  "\u201d =", "\u201d:=", "\u201d :=", "\u201d means")  # fmt: skip
"""Words one of which a general statement needs (:data:`_GENERAL_CUE`): a cheap test first."""

_FORK_RESULT = re.compile(
    r"\b(?:rinne|weber)\b[^.;\n]{0,80}|\b(?:positive|negative)\s+rinne\b[^.;\n]{0,40}"
)
"""A tuning-fork result and the rest of its clause ("Rinne negative on the left at 512 Hz",
"Weber to the right"), lowered text."""


def _without_surgeons_forks(text: str) -> str:
    """Return ``text`` with its tuning-fork results blanked where it is a surgeon's note of an
    ear operation (:data:`lexicon.SURGICAL_NOTE`): the surgeon's own examination, not a
    result of the audiogram (issue #26, validation batch 40: operation notes)."""
    low = _lowered(text)
    if not lexicon.SURGICAL_NOTE.search(low):
        return text
    return _blank_spans(text, [m.span() for m in _FORK_RESULT.finditer(low)])


class _Either(NamedTuple):
    """A guard of :data:`_PASSES`: one of ``words`` is in the lowered text, or ``also``."""

    words: tuple[str, ...]
    also: Callable[[str, str], bool]


def _holds_any(low: str, words: tuple[str, ...]) -> bool:
    """Return whether ``low`` holds one of ``words`` (a loop, not any(): no generator to
    build for each of the guards below, which run for every reply)."""
    for word in words:
        if word in low:
            return True
    return False


_PASSES: tuple[
    tuple[Callable[[str, str], bool] | tuple[str, ...] | _Either, Callable[[str], str]], ...
] = (
    # (whether the text holds what the pass needs, the pass); ``low`` is the text lowered;
    # a guard given as words: the pass needs one of them in ``low`` (found at once, _PASS_WORDS)
    (lambda text, low: True, unchosen_options_blanked),
    (
        lambda text, low: "answer" in low and ("a." in low or "a)" in low),
        _without_unpicked_options,
    ),
    (_MISTAKE_WORDS, _without_named_mistakes),
    (lambda text, low: "~~" in text or "</" in text, lambda text: STRUCK.sub(_blank, text)),
    (_second_thought_possible, _without_second_thoughts),
    (
        ("what makes", "need", "requir", "mean", "impl", "defin", "would"),
        _blank_lowered(DEFINITION),
    ),
    (
        lambda text, low: (
            " to " in low
            and (
                "designed" in low
                or "used" in low
                or "intended" in low
                or "meant" in low
                or "developed" in low
                or "aim" in low
                or "help" in low
            )
        ),
        _blank_lowered(PURPOSE),
    ),
    (_CORRECTION_WORDS, _as_self_corrections),
    (
        _Either(("wrote:", "message", "from:", "wrote on"), lambda text, low: ">>>" in text),
        lambda text: _without_quoted_thread(text),
    ),
    (("rinne", "weber"), _without_surgeons_forks),
    (("true or false",), _without_statements_judged_false),
    (lambda text, low: "?" in text, lambda text: ASKED_KIND.sub(_question_as_label, text)),
    (lambda text, low: "?" in text and "or" in low, _without_answered_alternatives),
    (lambda text, low: "?" in text and "no" in low, _without_queries_answered_no),
    (lambda text, low: "?" in text, lambda text: QUESTION.sub(_blank, text)),
    (
        ("previous", " test", "audiogram", "result"),
        _without_past_results,
    ),
    (("baseline",), _blank_lowered(BASELINE_RESULT)),
    (
        ("clusion", "eligib", "criteria"),
        _without_trial_criteria,
    ),
    (
        (
            "criteri",
            "rule",
            "limit",
            "standard",
            "requirement",
            "calculation",
            "formula",
            "method",
            "protocol",
            "policy",
            "guideline",
        ),
        _without_quoted_rules,
    ),
    (
        ("must", "shall", "should", "may", "requir", "to be"),
        _without_required_limits,
    ),
    (_KIN_WORDS, _without_relatives_hearing),
    (
        ("fit", "clear", "return", "resume", "allowed", "permitted", "safe"),
        _without_fitness_conditions,
    ),
    (
        (
            "biological",
            "subjective",
            "listening",
            "own ear",
            "own hearing",
            "own left",
            "own right",
            "own threshold",
            "coupler",
        ),
        _without_testers_own_ears,
    ),
    (
        lambda text, low: (
            ("rinne" in low or "weber" in low)
            and ("o/e" in low or "o.e." in low or "oe" in low or "exam" in low)
        ),
        _without_bedside_forks,
    ),
    (
        _Either(
            (
                "=",  # "n = 14", with any space before the sign
                "group",
                "cohort",
                "arm",
                "sample",
                "series",
                "population",
                "controls",
                "ike ",
                " as ",
                "compared",
                "match",
                "vs",
                "versus",
                "contrast",
                "comparison",
            ),
            lambda text, low: _GROUP_COUNT.search(low) is not None,
        ),
        _without_others_results,
    ),
    (
        _CHANGE_WORDS,
        _without_changes_to_come,
    ),
    (("19", "20"), _without_dated_earlier_tests),
    (
        (
            "presentation",
            "admission",
            "onset",
            "triage",
            "initially",
            "before",
            "pre-",
            "preop",
            "pretreat",
            "day 1",
            "day one",
            " ed",
            "a&e",
            "emergency",
        ),
        _without_earlier_occasions,
    ),
    (
        (
            "then",
            "time",
            "school",
            "child",
            "baby",
            "toddler",
            "teenager",
            "in 19",
            "in 20",
            "in\t",
            "presentation",
            "admission",
            "onset",
            "triage",
            "pre-op",
            "preop",
            "before",
        ),  # a word of each of EARLIER_TIME's alternatives (white space: a space or a tab)
        _without_earlier_times,
    ),
    (
        ("follow", "clinic", "pathway", "review", "service", "discharge"),
        _without_service_titles,
    ),
    (_GENERAL_WORDS, _without_general_statements),
    (
        ("mg", "mcg", "drops", "\u00b5g"),
        _without_doses,
    ),
    (lambda text, low: "(" in text, _without_asides_of_something_else),
    (_PART_WORDS, _without_asides_on_another_part),
    (
        ("target", " gain", "aided", "fitting"),
        _blank_lowered(AID_TARGET),
    ),
    (
        fitting._WORDS,  # (may_name_a_fitting_measure's words)
        fitting.without_fitting_measures,
    ),
    (lambda text, low: "+" in text, _blank_lowered(SIGNED_LEVEL)),
    (
        _Either(
            ("discomfort", "uncomfortable", "match", "ucl", "ldl", "mml", "minimum masking"),
            lambda text, low: "ull" in low and _ULL_WORD.search(low) is not None,
        ),
        _blank_lowered(LOUDNESS_MEASURE),
    ),
    (
        _Either(
            (
                "follow-up",
                "follow up",
                " later",
                "repeat",
                "retest",
                "re-test",
                "further test",
                "improved",
                "recovered",
                "returned",
                "deteriorated",
                "worsened",
            ),
            lambda text, low: (
                ("was" in low or "were" in low or "been" in low)
                and _holds_any(low, _TREATMENT_WORDS)
            ),
        ),
        _without_later_tests,
    ),
    (
        lambda text, low: "slide" in low and ("left" in low or "right" in low),
        _without_corrected_slides,
    ),
    (
        lambda text, low: "[" in text or "et al" in low or "been" in low or "literature" in low,
        _without_literature,
    ),
    (
        ("letter", "report", "note", "question", "quer", "summary", "opinion"),
        lambda text: _without_labelled_sources(text),
    ),
    (
        lambda text, low: ":" in text,
        lambda text: _without_other_speakers(_without_examiner_lines(text)),
    ),
    (("speaker",), _without_numbered_callers),
    (("irst", "nitial"), lambda text: SET_ASIDE.sub(_blank, text)),
    (
        ("but", "however", "yet"),
        _blank_lowered(CONSIDERED),
    ),
    (
        ("ruled out", "reject", "exclud", "dismiss", "discount", "set aside", "outvot", "overrul"),
        lambda text: _without_ruled_out(text),
    ),
    (lambda text, low: pathways.may_mark_untaken(low), pathways.without_untaken_branches),
    (lambda text, low: sound_levels.may_hold_sound_level(low), sound_levels.without_sound_levels),
    (lambda text, low: pathways.may_hold_rule(low), pathways.without_rule_conditions),
    (lambda text, low: pathways.may_be_undetermined(low), pathways.without_undetermined),
    (
        ("been", " were", "other"),
        _blank_lowered(COUNTERFACTUAL),
    ),
    (  # quoted or reported words: a hint of who said them, or a quotation mark
        _Either(
            _ATTRIBUTION_HINTS, lambda text, low: '"' in text or ">" in text or "\u201c" in text
        ),
        lambda text: _without_rejected_quotes(text),
    ),
)
"""The blanking passes in order; each runs only when the text holds a character or word it
needs."""
_PASS_WORDS = REPLY_WORDS.extend(
    word
    for needed, _ in _PASSES
    if type(needed) in (tuple, _Either)
    for word in (needed if type(needed) is tuple else needed.words)
)
"""The words of the guards given as words, looked for in one pass over the reply's words (in
the list the voice rules' guard words are in too: guard_words.REPLY_WORDS)."""


def without_unclaimed(text: str) -> str:
    """Return ``text`` with the words that are not its writer's current claim blanked (same
    length): unticked options and the options an answer key does not pick, mistakes named
    as such, questions, examiner lines, first impressions set aside,
    hypotheses raised and rejected, ruled-out diagnoses, conditions contrary to fact, words
    struck through, an earlier message quoted below the reply, the patient's and family's
    turns and turns the next speaker rejects in a transcript, and someone else's words
    (quoted or reported) that the writer does not take over (:data:`_PASSES`)."""
    low = text.lower()
    found = _PASS_WORDS.found(low)
    for needed, blank in _PASSES:
        if type(needed) is tuple:
            needs = not found.isdisjoint(needed)  # (one of its words is in low)
        elif type(needed) is _Either:
            needs = not found.isdisjoint(needed.words) or needed.also(text, low)
        else:
            needs = needed(text, low)
        if needs:
            text = blank(text)
    return text
