"""Degree claims of one clause, read apart from whether they are true: :func:`degree_claims`.

Two families of wording grade an ear's hearing: a grade of a loss ("moderate SNHL", "mild
to moderately severe", "just below mild", "borderline moderate", "a mild dip at 6 kHz")
and 'normal hearing' ("within normal limits", "no hearing loss", "normal sloping to
moderate", "normal through 2 kHz"). Each becomes a ``degree`` :class:`Claim`: ``value``
the first grade word, ``value_high`` the last of a range, ``frequencies`` a frequency
region the grade is scoped to, ``rules`` how it was read (:data:`LEXICON`'s rule names and
the region and hedge rules below). 'Normal hearing' said without exception also claims
that no threshold is beyond normal limits: a ``no_loss`` claim after it. Judging is
:func:`clinbench.audiogram.judges.judge_degree` and ``judge_no_loss``.

The clause, its ear, its hedge and its sentence come from the sentence reader
(:mod:`clinbench.audiogram.check`), as for the other clause readers of
:mod:`clinbench.audiogram.claims`. Every pattern is linear in the clause (no nested
quantifiers over the same characters), and regions are looked for in a fixed window.
"""

from __future__ import annotations

import re

from clinbench.audiogram import lexicon
from clinbench.audiogram.claims import Claim, Qualifier

PERSON_NOT_NORMAL = "hearing said impaired"
"""Rule of the denial of 'normal' that a person's hearing said not normal or impaired makes
(HEARING_SAID_IMPAIRED; judged by judges.judge_type_denied as true where either ear has a
loss)."""
NORMAL_HEARING = "normal hearing"
"""Rule of a 'normal' phrase: every threshold of its region is within normal limits."""
GRADED_LOSS = "graded loss"
"""Rule of a grade word (or a range of grades) grading a loss."""
NO_LOSS_CLAIM = "normal without exception"
"""Rule of the ``no_loss`` claim that an unqualified 'normal hearing' makes."""
ESSENTIALLY_NORMAL = "essentially normal"
"""Rule of a ``no_loss`` claim hedged 'essentially': it allows a departure outside the ear's
average (a notch at 6 kHz), so it is wrong only where the average itself is past normal
(judges.judge_no_loss)."""
EAR_SAID_NORMAL = "ear said normal"
"""Rule of the ``no_loss`` claim of an ear said to be (essentially) normal ("your right ear is
essentially normal"): WHO 2021 calls an ear with a loss of 20 dB HL or more not normal, and
an ear whose bone conduction types a loss has one (the labelling rules of
tests/audiogram/validation/README.md; batch 30 VG40)."""
REGION_STATED = "region stated"
"""A region said as such ("in the high frequencies", "at 4-8 kHz", "through 2 kHz")."""
REGION_BY_ADJECTIVE = "region by adjective"
"""A region named by an adjective that may describe the whole loss ("a mild high-frequency
loss"): the grade may be judged overall or in the region."""
REGION_NOT_READ = "region not read"
"""A region named without frequencies ("a mild notch"): judged leniently on all thresholds."""
AVERAGE_GRADED = "grade of the average in parentheses"
"""A grade whose loss has its average in parentheses after it: the whole ear's grade too."""
JUST_BELOW, BELOW, BORDERLINE = "just below", "below", "borderline"
"""Hedges before a grade: "just below mild" (the grade below), "below moderate" (any grade
below), "borderline moderate" (the grade or the one either side)."""

REACH = 200
"""How far (characters) a region phrase is looked for around a grade word: a fixed window,
so a clause with many grade words is read in linear time."""

_DEG = lexicon.DEG
_PERSONS_HEARING = (
    r"\b(?:(?:this|the)\s+(?:person|patient|client|individual|child|man|woman|gentleman|"
    r"lady|boy|girl|adult|infant|baby)['\u2019]s|your|his|her|their|the)\s+"
    r"(?:overall\s+)?hearing(?:\s+overall)?(?:\s+test(?:\s+results?)?)?\s+"
    r"(?:is|are|seems|appears|looks|remains)\s+"
)
"""The person's hearing as a whole as the subject, its verb in the present tense ("this
person's hearing is", "your hearing test results are", "the hearing seems")."""
_NOT_THE_WHOLE_HEARING = (
    r"(?![\s,-]*(?:for\s+(?:(?:a|an|his|her|their|your|the|this)\s+)?"
    r"(?:[\w'\u2019]+\s+){0,2}?(?:age\b|of\s+\d|\d+[\s-]*(?:years?|yrs?)\b)|"
    r"(?:in|on|for)\s+(?:(?:one|the\s+other|the\s+better|the\s+good|one\s+of\s+the)\s+)"
    r"(?:ears?|sides?)|on\s+one\b))"
)
"""After what the person's hearing is said to be: one ear ("in one ear", "on the other
side") or an age ("for her age", "for a man of 80"), so not the whole hearing's grade."""
_GRADE = r"(?:slight|mild|moderately[\s-]+severe|moderate|severe|profound|complete|total)"
_DESCRIPTOR = lexicon.DESCRIPTOR
# fmt: off
LEXICON: tuple[tuple[str, str, str], ...] = (
    # (rule name, pattern, source of the usage)
    ("trigger", r"normal|wnl|no\s(?:[a-z]+\s){0,6}loss|slight|mild|mod|sev|prof|"
                r"complete|total|impair",
     "a superset of every pattern below: a clause without it has no degree claim"),
    ("grade or range of grades",
     rf"\b{_DEG}\b(?:\s*(?:sloping|falling|rising|dropping|steeply\s+sloping|precipitously"
     rf"(?:\s+sloping)?)?\s*(?:-\s*to\s*-|-|–|to|through|/|or|(?<=\s)(?={_GRADE}\b))\s*"
     rf"(?:a\s+)?\b{_DEG}\b)?",
     "grade words and spans of grades ('mild to moderately severe', 'moderate-severe', "
     "'mild sloping to severe', 'Mild Moderate Hearing Loss': two grade words side by side "
     "span both, as with a hyphen): WHO 2021 grades, Clark 1981 (ASHA) and Goodman 1965 "
     "categories"),
    ("normal to",
     rf"^\s*,?\s*(?:sloping|falling|dropping|rising|steeply sloping)?\s*(?:to|through|-)\s*"
     rf"(?:a\s+|the\s+)?\b{_DEG}\b",
     "'normal sloping to moderate', 'normal to mild': a span from normal (audiogram "
     "descriptions in clinic letters and model replies of the tuning set)"),
    ("no loss", r"no\s(?:[a-z]+\s){0,6}loss",
     "the 'normal' phrases that deny any loss ('no hearing loss', 'no type of loss', 'no "
     "evidence of any type of hearing loss')"),
    ("normal limited",
     r"\b(?:except|apart from|other than|aside from|save for|but|although|though|bar|"
     r"pta|average|dip|notch|drop|up to|through|until|below|above|from|frequenc\w*)\b|\d",
     "an exception, a region or an average that limits 'normal' ('normal apart from a 6 kHz "
     "dip', 'PTA within normal limits'): not every threshold is said to be normal (model "
     "replies of the tuning set)"),
    ("no loss limited",
     r"\b(?:except|apart from|other than|aside from|save for|but|although|though|bar|"
     r"up to|through|until|below|above|from)\b",
     "'no hearing loss' is limited only by an exception or a region: it denies any loss, so "
     "an average or a value beside it does not excuse it"),
    ("exception after",
     r"\s*(?:[\w-]+\s+){0,3}?(?:except|apart from|other than|aside from|save for|bar|but)\b",
     "after 'normal': the region that follows is the exception, not the scope"),
    ("normal hedge",
     r"\b(?:essentially|broadly|largely|mostly|generally|near[\s-]?|nearly|almost|practically|"
     r"virtually|borderline|clinically|functionally|socially|age[\s-]appropriate|"
     r"for (?:his|her|their) age)",
     "a hedge beside 'normal' that allows minor departures ('essentially normal', "
     "'generally normal')"),
    ("not the ear's hearing",
     r"(tymp|middle|bone|reflex|speech|oae|otoscop)[^.]{0,30}$|(?:sensorineural|cochlear)\s+$|"
     r"(?:^|[,;:]\s*|\b(?:but|and|so|yet|the)\s+)\d+(?:\.\d+)?(?:\s*db(?:\s*hl)?)?\s+"
     r"(?:is|are|was|were)\s+(?:still\s+|also\s+|just\s+|only\s+)?$",
     "'normal' said of another test, of bone conduction, or of the cochlea ('sensorineural "
     "hearing is normal': BSA 2018 types a loss by where it arises); or of one value ('but "
     "20 is still within normal limits': the value's grade, not the ear's; issue #26 batch "
     "29, used as tuning data)"),
    ("hearing subject", r"\b(?:hearing|ears?|thresholds|audiogram|pta)\b",
     "a subject between a conduction word and 'normal' that makes it about the ear's "
     "hearing ('bone 10 dB HL; hearing in the left ear is normal')"),
    ("not a loss",
     r"^\s*(tinnitus|vertigo|noise(?![\s-]*(?:induced|related))|pain|dizziness|imbalance|"
     r"discomfort|otalgia|fullness|recruitment|rollover|difficulty|problems?|"
     r"ear (?:pain|infection)|reduction in (?:word|speech)|"
     r"(?:neuro)?cognitive|neurological|intellectual|learning|aphasia|dysarthria|apraxia|dyspraxia|dysphagia|"
     r"dysphonia|stutter\w*|anxiety|depression|(?:oro)?dysfunction|"
     r"visual|vision|sight|visually|motor|physical|"
     r"(?:or\s+no\s+)?(?:impairment|loss|disability)\s+of\s+(?!(?:[\w-]+\s+){0,2}(?:hearing|"
     r"sensitivity|frequenc\w*|tones?|thresholds?|pitch\w*|sounds?)\b|(?:note|significance|"
     r"concern)\b|(?:(?:up\s+to|about|around|approx\w*|roughly|some|at\s+least|over|more\s+than|"
     r"less\s+than|between|only)\s+)?[\d.~<>≥≤]|(?:ten|twenty|thirty|forty|fifty|sixty|seventy|"
     r"eighty|ninety)\b)|"
     r"(?:(?:sensorineural|conductive|cochlear|middle[\s-]ear)\s+)?"
     r"(?:component|element|overlay|contribution)s?\b|"
     r"(?:bone|bc)(?:[\s-]+conduction)?\s+(?:elevation|dip|drop|rise|thresholds?|levels?)\b|"
     r"(?:medically\s+determinable\s+)?"
     r"impairments\b|" + lexicon.EXAMINATION_FINDING + "|"
     + lexicon.TYMPANOMETRIC_MEASURE + ")",
     "a grade word of a symptom ('mild tinnitus', 'severe vertigo'), not of the hearing; "
     "'noise' is an exposure unless it names the loss ('noise-induced SNHL'); a grade of a "
     "loss's component ('a slight sensorineural component') is not the ear's grade (issue "
     "#26 batch 29, used as tuning data), nor a grade of bone conduction ('a slight bone "
     "elevation at 2 kHz': the cochlea's, where WHO 2021 grades the ear by air conduction; "
     "batch 92); nor of another condition of a speech-language "
     "report ('mild cognitive impairment', 'moderate aphasia', issue #26 batch 54; 'severe "
     "neurocognitive impairment', batch 165 UN37); nor of "
     "a finding of the ear's examination ('L: moderate otitis externa', 'mild retraction', "
     "lexicon.EXAMINATION_FINDING); nor of a measure of tympanometry ('type B, normal "
     "volume', lexicon.TYMPANOMETRIC_MEASURE; issue #26 batch 71); nor of impairments in the "
     "plural, a list of conditions ('the following severe impairments: ...': the US Social "
     "Security step-two term, 20 CFR 404.1520(c), an impairment more than slight; batch 69); "
     "nor of another faculty named after it ('severe visual impairment', 'mild motor "
     "delay') or of an impairment of something other than hearing ('mild or no impairment "
     "of functional language': ICD-11 6A02's qualifier of language, WHO ICF grades each "
     "body function apart; batch 118), where what is lost is not the hearing's own ('a "
     "mild loss of 25-40 dB', 'loss of high-frequency sensitivity' grade the hearing)"),
    ("speech-in-noise loss",
     r"\b(?:snr|signal[\s-]+to[\s-]+noise(?:\s+ratio)?)[\s-]+loss\b",
     "the SNR loss of a speech-in-noise test (QuickSIN, BKB-SIN: decibels of signal-to-noise "
     "ratio above normal) is no hearing loss, so a grade beside it ('SNR loss 9 dB "
     "(moderate)') is that test's (speech-language pathology reports, issue #26 batch 54)"),
    ("loss follows", r"\s*(?:[\w-]+\s+){0,3}(hearing loss|loss|deafness)",
     "'complete'/'total' grade only a loss named after them ('total hearing loss'; WHO 2021 "
     "'complete')"),
    ("grade named before", r"\b(?:grade|degree|severity)\b[\s\"'*:=\u2013-]{0,6}$",
     "'complete' or 'total' as the value of a grade ('WHO grade: total', 'degree - "
     "complete'): WHO 2021's name of the 95 dB HL or worse band (World report on hearing "
     "2021), as 'total hearing loss' is"),
    ("below", r"\b(just |slightly |marginally )?(?:below|under|short of|better than)\s+"
              r"(?:the\s+)?(?:a\s+)?$",
     "'just below mild' (the grade below), 'below moderate' (any grade below): model "
     "replies of the tuning set"),
    ("above", r"\b(?:(?:more|worse|greater|poorer|beyond)(?:\s+than)?|(?:grade|band|category|"
              r"step|level)\s+(?:above|beyond|after|up\s+from))\s+(?:an?\s+|the\s+)?$",
     "'a bit more than mild', 'worse than moderate': the grade named is the one the loss "
     "exceeds, so it claims no grade (e-mail replies correcting a referrer, issue #26 batch "
     "30, used as tuning data); so is the grade a scale's next step is above ('profound is "
     "the grade above severe' names the WHO 2021 scale's order, batch 58)"),
    ("borderline", r"\b(?:borderline|bordering on|near[\s-]?|nearly|almost|approaching|"
                   r"at most)\s*$",
     "'borderline moderate': the grade named or the one either side (model replies of the "
     "tuning set)"),
    ("descriptors alone",
     rf"(?i)^\s*(?:(?:now|still|currently|presently|today)\s+)?"
     rf"(?:(?:{_DESCRIPTOR}|to|and|in (?:degree|severity|grade|extent)|overall)\b"
     r"[\s,-]*)+(?:(?:in|on|to|by)\s+(?:my|our)\s+(?:reading|view|opinion|judge?ment|"
     r"eyes?|interpretation|estimation)\b\s*)?"
     r"(?:(?:on|by|under|per|using)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?"
     r"(?:scale|grading|grades|classification|criteria|system)\b\s*)?"
     # graded by the ear's average ("moderate on the average", "mild by the 4FA")
     r"(?:(?:on|by|from)\s+(?:the\s+|its\s+|their\s+)?(?:averages?|mean|[34]fa|pta[34]?)\b\s*)?"
     r"(?:,?\s*and\s+(?:\d+(?:\.\d+)?\s*(?:db\s*)?)?(?:worse|better|poorer|deeper)\s+than\s+"
     r"(?:in\s+|at\s+|on\s+)?(?:the\s+)?(?:\d{4}|last|previous|earlier|before|prior)[^.;,]{0,20})?"
     r"(?:\s*\(\s*(?:[34]fa|pta[34]?|averages?|mean)\b[^()]{0,50}\)?)?"
     r"[\"'\u201d\u2019]?[.!]?\s*$",
     "a clause of descriptors alone ('moderately severe', 'mild and flat') describes the "
     "loss its sentence named before it ('Bilateral SNHL: right moderately severe'); the "
     "writer's stance after them ('in my reading', 'in my view') adds nothing to describe "
     "(chart descriptions, issue #26 batch 65, used as tuning data), nor does a time adverb "
     "before them ('now severe'), the grading scale they are on ('on the WHO 2021 scale'), "
     "a change against an earlier test after them ('and 10 dB worse than last year') or the "
     "averages that grade them, named ('moderate on the average', 'mild by the 4FA': batch "
     "175) or in a bracket ('moderate overall (4FA 88.75 dB right, ...': batch 163 UL26)"),
    ("grade on its record",
     rf"(?i)^\s*[\"'\u201c\u2018]?(?:(?:{_DESCRIPTOR}|to|and)\b[\s,-]*)+[\"'\u201d\u2019]?\s*"
     r"(?:on|in)\s+(?:the|her|his|their)\s+(?:[\w-]+\s+)?(?:report|letter|audiogram|form)\b"
     r"\s*[.!]?\s*$",
     "grade words alone, quoted or not, with the record of the test that gives them after an "
     "ear's values (\"right 20/25/30/40/50 dB HL, 'profound' on her report\"): the record "
     "is where the grade is written, so they grade that ear as a clause of descriptors alone "
     "does (eye-clinic letters, issue #26 batch 121, used as tuning data); 'per his letter' "
     "is someone else's"),
    ("grade of an ear",
     rf"\b{_GRADE}[\"'\u201d\u2019]?\s*,?(?:\s+|\s*\(\s*)(?:(?:in|on|for)\s+(?:the\s+)?(?:both\s+ears|both\s+sides|"
     r"each\s+ear|right|left)\b|(?:both\s+ears|both\s+sides|each\s+ear)\b|"
     r"bilat(?:erally)?\b|(?:ad|as|au)\b|both\s*(?:[.;]|$))|"
     # the ear in parentheses after the grade: "moderate (right)", "profound (both ears)"
     rf"\b{_GRADE}\s*\(\s*(?:right|left)(?:\s+(?:ear|side))?\s*\)",
     "a grade said of an ear with no loss word ('severe in both ears', 'moderate on the "
     "right', 'mild bilaterally'; a terse message drops the preposition: 'moderate both "
     "ears', 'mild bilat'): it grades that ear's hearing, as WHO 2021 grades an ear "
     "(spoken handovers and dispenser reports, issue #26 batches 19-20; clinicians' secure "
     "messages, batch 33; used as tuning data); a bare 'both' closing the clause ('SNHL, "
     "moderately severe both') names both ears (metamorphic tests, tests/audiogram/perturb.py); "
     "so does the ear in parentheses after the grade, as a form's result line gives it "
     "('Result: profound (both ears)', 'moderate (right)'; issue #26 batch 68); a grade the "
     "writer puts in quotation marks still grades the ear it is said of ('\"moderately severe\" "
     "in both ears', batch 97 XX37)"),
    ("symptom graded",
     r"\b(?:tinnitus|vertigo|dizziness|imbalance|otalgia|fullness|pain|discomfort|thi|tfi|dhi|"
     r"hhi[ea](?:-s)?|ssq|aphab|handicap|inventory|questionnaire|nerve\s+conduction|ncs|"
     r"emg|electromyograph\w*)\b",
     "a grade of the ears in a sentence that names a symptom and no loss ('Tinnitus, mild "
     "bilaterally'): it grades the symptom, as 'mild tinnitus' does (the 'not a loss' rule); "
     "so does the grade of a questionnaire of the symptom or of the handicap it causes ('THI "
     "grade: moderate', 'Handicap (HHIE-S) grade: mild': the Tinnitus Handicap Inventory, "
     "Newman 1996, and the Hearing Handicap Inventory for the Elderly, Ventry and Weinstein "
     "1982, grade what the patient reports, not the audiogram; review8's leftover); and so "
     "does another test of a nerve graded by side ('nerve conduction studies moderate on the "
     "right and mild on the left': carpal tunnel syndrome's neurophysiological grades, "
     "Bland 2000; batch 148 ZW05)"),
    ("ear label", r"^\s*(?:the\s+)?(?:right|left)(?:\s+ear)?\s*[:\u2013-]\s*",
     "an ear's label before its grade ('Left: severe, PTA 41.25 dB HL'): the grade is that "
     "ear's, read as a clause of descriptors alone (e-mail replies, issue #26 batch 30, used "
     "as tuning data)"),
    ("ear then its grade",
     r"^\s*(?:the\s+|my\s+|his\s+|her\s+|their\s+|your\s+|"
     r"(?:the\s+)?(?:patient|pt|client|child)['\u2019]s\s+)?"
     r"(?:(?:right|left)(?:\s+(?:ear|side))?|(?:both|each)\s+(?:ears?|sides))"
     r"(?:\s+(?:is|was|are|were)\s+|\s*[:\u2013\u2014-]\s*|\s+)(?=[a-z])",
     "an ear named and then grade words alone, with no loss word or stop between ('Right "
     "severe, left moderate', 'left moderately severe overall'): the terse chart-side "
     "shorthand grades that ear's hearing, as 'moderate on the right' does (WHO 2021 grades "
     "an ear; issue #26 blind batches 45-46, VX40, VY09, VY29); so does a patient's 'both ears "
     "were severe' (batch 51), an ear with its owner ('his right ear is severe') and an ear's "
     "label ('Right ear: moderate', 'Left - severe'); a sentence naming a symptom grades the "
     "symptom"),
    ("average named", r"\b(?:averages?|ptas?|[34]fa|mean)\b",
     "a sentence of a bare grade and an average ('Moderate, averages about 85 and 87'): "
     "the grade is the average's, the PTA-based degree of WHO 2021 and Clark 1981 (batch "
     "19, used as tuning data)"),
    ("grade of an average",
     rf"\b(?:{lexicon.AVERAGE_NAME})s?\b(?:[^.;:\n]|\.(?=\d)){{0,40}}?\d(?:\.\d+)?[ \t]*"
     r"(?:db(?:[ \t]*hl)?[ \t]*)?(?:(?:right|left|r|l)\b[ \t]*)?"
     rf"(?:->|=>|\u2192|\u21d2|=|:|\s[-\u2013\u2014])\s*(?:\*\*\s*)?{_GRADE}\b|"
     # its first value, the grade closing a bracket after it ("4FA 45 (mod)")
     rf"\b(?:{lexicon.AVERAGE_NAME})s?\b[^.;:\n\d()]{{0,20}}\d+(?:\.\d+)?[ \t]*"
     rf"(?:db(?:[ \t]*hl)?[ \t]*)?\([ \t]*(?:{_GRADE}|mod|sev|{lexicon.PROF_GRADE})[ \t]*\)",
     "a grade an arrow, a colon, an equals sign or a dash gives an average's value, or that "
     "alone fills a bracket after the average's first value ('4FA 52.5 -> mild', 'PTA4 36.25 "
     "- profound', '4FA 40 R / 42.5 L = moderate', '4FA 45 (mod)'; the grade or its chart "
     "shorthand; not a bracket after a later value: '4FA 17.5 R (normal) and 28.75 L "
     "(mild)' gives each ear its own): the PTA-based "
     "degree of WHO 2021, as 'PTA 40, moderate' gives it (issue #26 batches 108 and 156, "
     "used as tuning data)"),
    ("scale of grades", rf"\b{_GRADE}(?:\s*,\s*(?:very\s+)?{_GRADE})*+",
     "three or more grades listed as alternatives ('categorized as mild, moderate, severe, "
     "or very severe') name the grading scale, not an ear's grade (model replies, issue "
     "#26 batch 18, used as tuning data); possessive, so a long list is read once"),
    ("last of a scale", rf"\s*,?\s*(?:or|and/or)\s+(?:very\s+)?{_GRADE}",
     "the alternative that closes a listed scale ('..., or profound')"),
    ("grade given", rf"\b(?:i'?d|i will|i'?ll|we'?d|would)\s+(?:say|(?:call|grade|class|classify|"
                    rf"rate)\s+(?:it|(?:the\s+|his\s+|her\s+|their\s+|your\s+)?(?:right|left)"
                    rf"(?:\s+ear)?))\s+(?:as\s+)?(?:a\s+)?{_GRADE}",
     "a grade given as the writer's verdict ('I'll say moderate', 'I'd call it severe', "
     "'I'd call the left ear severe', 'I would class her right as moderate') grades the "
     "hearing of the ear being discussed or named, as WHO 2021 grades an ear (viva "
     "answers, issue #26 batch 23, and batch 192 TI47, used as tuning data)"),
    ("grade as a class",
     rf"(?:\b(?:in|into|within|inside|under)\s+(?:the\s+|a\s+)?|:\s*)(?:(?:upper|lower|top|bottom)"
     rf"\s+(?:end\s+of\s+the\s+)?)?{_GRADE}(?:\s*(?:to|-|\u2013)\s*{_GRADE})?\s+"
     r"(?:categor(?:y|ies)|range|band|bracket|group|class|zone|territory)\b",
     "a grade word naming the class the hearing falls in, with no loss word ('I'd put it in "
     "the severe category', 'falls within the moderate range', 'both in the mild band'): "
     "it grades that ear's hearing, as WHO 2021 names its grades of hearing loss as "
     "categories (consultations and letters, issue #26 batch 73, used as tuning data); a "
     "sentence naming a symptom grades the symptom"),
    ("grade on a scale",
     rf"\b{_GRADE}\s+(?:on|by|under|per)\s+(?:the\s+)?(?:[a-z0-9-]+\s+){{0,3}}"
     r"(?:scale|classification|grading|criteria)\b",
     "a grade word alone, said on a named grading scale ('now moderate on the WHO 2021 "
     "scale', 'severe by the ASHA classification'): the scale grades the hearing, so the "
     "word grades the ear (WHO 2021 grades of hearing loss; Clark 1981; issue #26 batch 95, "
     "used as tuning data); a sentence naming a symptom grades the symptom"),
    ("grade reported",
     rf"(?:\b(?:said|says|called|calls|reckons|graded|classed|classified|categori[sz]ed|rated)\s+"
     rf"(?:it'?s\s+|(?:it|them|that)\s+)?"
     rf"(?:(?:was|is|were|are|as)\s+)?(?:an?\s+)?{_GRADE}|"
     # the grade a record is described as having, quoted or not: 'described in the review
     # advice as "moderate"'
     rf"\b(?:described|recorded|documented|entered|coded)(?:\s+(?:in|by|on)\s+(?:the\s+)?"
     rf"(?:[\w'-]+\s+){{0,2}}[\w'-]+)?\s+as\s+"
     rf"(?:an?\s+)?[\"\u201c'\u2018]?{_GRADE}[\"\u201d'\u2019]?)(?=\s*(?:[.,;:!?)\n\u2013-]|$))",
     "a grade word alone as what someone said ('she said severe', 'she called it moderately "
     "severe', 'it says mild'; a record's 'Classified moderate.', issue #26 batch 110; 'described "
     "in the review advice as \"moderate\"', batch 114; 'recorded on the referral form as "
     "'moderately severe'', batch 184 TC24): the "
     "tester's grade of the hearing, which the writer repeats, "
     "as 'I'd call it severe' is the writer's own (patients' accounts, issue #26 batch 51, "
     "used as tuning data); whose words they are is decided before reading "
     "(discourse.TESTER), and a sentence naming a symptom grades the symptom"),
    ("grade answered",
     rf"(?:\banswer(?:\s+key)?\s*(?:is\s*)?[:=\u2013-]?\s*(?:\(?[a-e]\)?\s*[-\u2013:.),]\s*)?"
     rf"|\[x\]\s*){_GRADE}\b",
     "a grade given as the answer to a quiz's question ('Answer: B - moderately severe', "
     "'Answer: moderate'), or ticked ('[x] Moderate', also the option an answer key picks: "
     "discourse 'unpicked option'), grades the hearing the question asks about, as 'I'd "
     "call it moderate' does (teaching posts and answer keys, issue #26 batch 34, used as "
     "tuning data)"),
    ("age-related loss", r"\bpresby\w*cusis\b|\bage[\s-]related\s+(?:hearing\s+)?loss\b",
     "presbycusis (presbyacusis), age-related hearing loss, names a sensorineural loss, so a "
     "grade before it grades the ear's loss ('severe presbyacusis'; BSA 2018; MDT minutes, "
     "issue #26 batch 22, used as tuning data)"),
    ("average in parentheses",
     r"[^().;]{0,60}\(\s*(?:(?:right|left|r|l|rt|lt)\s+)?(?:[34]fa|ptas?[34]?|averages?|mean)\b",
     "a grade whose loss is followed by its average in parentheses ('moderate high-frequency "
     "loss (PTA 42)', or each ear's: '(right PTA 40, left PTA 42)') grades that average too, "
     "the PTA-based degree of WHO 2021, not only the region its adjective names (MDT minutes, "
     "issue #26 batch 22, used as tuning data)"),
    ("ear said normal",
     # "ear" first, the words before it as look-behinds: the search starts at each "ear"
     r"ear(?:(?<=\bear)(?<!inner ear)(?<!outer ear)(?<!middle ear)(?<!external ear)(?<!other ear)"
     r"(?<!opposite ear)(?<!better ear)(?<!good ear)(?<!worse ear)(?<!poorer ear)"
     r"(?<!affected ear)s?\s*(?::\s*|\s+(?:is|are|was|were|"
     r"seems?|tests?|tested|appears?|came\s+out)\s+|\s+)(?:(?:essentially|entirely|completely|"
     r"perfectly|otherwise|also|still|both|all)\s+)?(?:normal\b(?!-)|hears?\s+normally\b|"
     r"(?:is|are)\s+hearing\s+normally\b)|"
     # the ear named with 'normal' before it: "a normal left ear" (not "an otherwise normal
     # left ear", which has the loss itself; issue #26 batch 165 UN09)
     r"(?<=\bnormal right ear)(?<!otherwise normal right ear)\b|"
     r"(?<=\bnormal left ear)(?<!otherwise normal left ear)\b)"
     r"(?![\s(]*(?:type\b|tymp|middle|canal|drum|pressure|"
     r"compliance|otoscop|appearance|volume|peak|reflex|oae|looking|on\s+(?:otoscopy|inspection|"
     r"examination)|to\s+(?:otoscopy|inspection|look)|in\s+appearance|structure|anatomy|"
     r"examination|mobility|external|tm\b))",
     "an ear said to be normal, or to hear normally ('your left ear is normal', 'both ears "
     "normal', 'Left ear: normal', 'a normal left ear'): WHO 2021 grades an ear's hearing, "
     "and a normal ear is one with no loss; not the inner or middle ear, and not an ear's "
     "look or its tympanogram, and not an ear named by a relation ('the other ear', 'the "
     "better ear'), whose side the carried ear does not give. It also claims no loss in that ear, "
     "judged as unqualified 'normal hearing' is, except after a one-sided laterality claim "
     "it restates (patient letters and handovers, issue #26 batches 16 and 30, used as "
     "tuning data)"),
    ("audiogram said normal",
     r"\b(?:(?:this|it)(?:'s|\s+is)\s+an?\s+|(?:these|those)\s+are\s+the\s+"
     r"(?:[\w-]+\s+)?(?:findings|features|results)\s+of\s+an?\s+)normal\s+audiogram\b|"
     r"\b(?:the|this|her|his|their|your)\s+audiogram\s+(?:is|looks|appears)\s+"
     r"(?:to\s+be\s+)?(?:essentially\s+|entirely\s+|completely\s+)?normal\b",
     "the audiogram itself said to be normal ('this is a normal audiogram', 'these are the "
     "findings of a normal audiogram', 'her audiogram is normal'): an audiogram holds both "
     "ears' thresholds, so it is normal only where every threshold is within normal limits "
     "(WHO 2021 grades each ear; BSA 2018 reports a normal audiogram as normal hearing in "
     "both ears); said with no ear named it is both ears'. Only of this audiogram (the "
     "writer's 'this', 'these findings', or the patient's own): a normal audiogram in "
     "general ('despite a normal audiogram', 'can occur with a normal audiogram', 'a "
     "normal audiogram doesn't rule out') claims nothing of this one (issue #26 batch 124, "
     "the replies of a small local model). In the present tense only: 'the audiogram was "
     "normal' may report an earlier test, as histories do"),
    ("hearing said normal",
     _PERSONS_HEARING + r"(?:to\s+be\s+)?"
     r"(?:(?:indeed|generally|quite|essentially|entirely|completely|perfectly|overall|broadly|"
     r"largely|also|still|therefore)\s+){0,3}(?:within\s+normal\s+limits|wnl|"
     r"(?:(?:a|in\s+the|within\s+the|within|in)\s+)?normal(?:\s+range)?)\b"
     + _NOT_THE_WHOLE_HEARING,
     "a person's hearing as a whole said to be normal ('this person's hearing is normal', "
     "'your hearing is within normal limits', 'the hearing is indeed a normal range', 'the "
     "hearing test is normal'): a person's hearing is normal only where both ears' are "
     "(BSA 2018 reports normal hearing as thresholds within normal limits in both ears; a "
     "loss in one ear is a hearing loss of that person), so said with no ear named it is "
     "both ears'. Only the whole hearing, in the present tense: not one ear ('normal in one "
     "ear', 'on the other side'), not normal for an age ('for her age', 'for a man of 80'), "
     "and not hearing at some "
     "frequencies (a region read after it keeps no ear), nor hearing in general ('carriers "
     "have normal hearing'; issue #26 batch 135, the replies of a small local model, whose "
     "labels read 'this person's hearing' as both ears)"),
    ("hearing said impaired",
     "(?:" + _PERSONS_HEARING + r"(?:not\s+(?:normal|within\s+normal\s+limits)|(?:(?:significantly|"
     r"clearly|markedly|definitely|indeed|also|quite)\s+)?(?:impaired|abnormal))\b|"
     # the person said to have a hearing impairment: "you're a patient with hearing
     # impairments", "this person has a hearing impairment" (batch 146 ZU27)
     r"\b(?:you(?:\s+are|['\u2019]re)|they\s+are|(?:this|the)\s+(?:person|patient|client|"
     r"individual)\s+is)\s+(?:a\s+|an\s+)?(?:patient|person|someone|individual|client|adult)\s+"
     r"with\s+(?:a\s+)?hearing\s+impairments?\b|"
     r"\b(?:you|they|(?:this|the)\s+(?:person|patient|client|individual))\s+(?:has|have)\s+"
     r"(?:a\s+)?hearing\s+impairments?\b)"
     + _NOT_THE_WHOLE_HEARING,
     "a person's hearing as a whole said not to be normal ('this person's hearing is not "
     "normal', 'your hearing is significantly impaired'): a loss in one ear or both, so a "
     "denial of 'normal' of no ear named (type_denied 'normal'), true where either ear has a "
     "loss and wrong where both are normal (BSA 2018; issue #26 batch 135's labels: 'not "
     "normal' / 'impaired' for the person is true if either ear has a loss); so is the "
     "person said to have a hearing impairment ('you're a patient with hearing "
     "impairments', 'this person has a hearing impairment'; batch 146's rule for 'this "
     "person' / 'you': both ears); not one ear, not for an age"),
    ("hearing for speech",
     r"\bhearing\s+(?:for|of)\s+(?:everyday\s+|normal\s+|ordinary\s+|conversational\s+)?"
     r"(?:speech|conversation)\b(?!\s*(?:test|audiometry|recognition|discrimination|reception|"
     r"scores?|in\s+noise))",
     "'hearing for everyday speech is normal' grades the hearing of the speech frequencies, "
     "the pure-tone average of WHO 2021, not a speech test: a grade of the ear's average, "
     "which says nothing of a dip outside it (patient letters, issue #26 batch 16, used as "
     "tuning data)"),
    ("degree field",
     rf"\b(?:severity|grade)\b(?:\s+(?:class|category|level))?"
     rf"(?:\s+of\s+(?:the\s+)?(?:hearing\s+)?loss)?\s*"
     rf"(?:\([^()\n]{{0,60}}\)\s*)?[:=\u2013-]\s*(?:\*\*\s*)?{_GRADE}\b",
     "a form's field named for the grade ('Severity: moderate', 'Grade (right): mild',"
     "'Severity class (both ears): mild', with a bracketed note on how it was set), as "
     "'Degree: moderate' is: the value grades the hearing of the ear the form is about (the "
     "reading gaps of issue #26's tuning helpers, session 7; a classifier's output field, "
     "batch 103)"),
    ("level everywhere",
     r"(?<![\w.\-\u2013])-?\d{1,3}\s*(?:db\b(?:\s*hl\b)?)?\s*(?:(?:at|across|for|in|on)\s+"
     r"(?:every|each|all(?:\s+the)?)\s+(?:tested\s+)?(?:frequenc(?:y|ies)|pitch(?:es)?)\b|"
     r"throughout\b)",
     "one level said to hold at every frequency, then 'within normal limits' ('25 dB HL at "
     "every frequency in both ears - within normal limits'): the number is each threshold, "
     "so it does not limit 'normal' as an average or an exception does; every threshold is "
     "said to be normal (issue #26 blind batch 46, VY37, used as tuning data)"),
    ("grade at frequencies",
     rf"\b{_DEG}\b\s+(?:at|from|between|across|over|through|in\s+the)\s+"
     r"(?:\d+(?:\.\d+)?\s*(?:-|\u2013|to|and)?\s*\d*(?:\.\d+)?\s*(?:khz|k\b|hz)|"
     r"(?:high|low|mid|middle|higher|lower)[\s-]*(?:frequenc\w*|pitch\w*|tones?))",
     "a grade said over test frequencies with no loss named ('Left: moderate at 2-4 kHz', "
     "'mild from 2 to 4 kHz', 'moderate in the high frequencies'): the frequencies make it "
     "the hearing's grade there (audiogram descriptions grade a region of frequencies, "
     "BSA 2018; the reading class of a grade said once for a group of frequencies)"),
    ("grade of a value", r"\(\s*(?:[a-z]+\s+){0,2}$",
     "a grade in parentheses right after a value ('55 dB HL at 500 Hz (moderately severe)') "
     "grades that value, not the ear"),
)
# fmt: on
_RULES = {name: re.compile(pattern) for name, pattern, _ in LEXICON}
_TRIGGER = _RULES["trigger"]
DEGREE_RANGE = _RULES["grade or range of grades"]
NORMAL_TO = _RULES["normal to"]
NO_LOSS = _RULES["no loss"]
NORMAL_QUALIFIED = _RULES["normal limited"]
NO_LOSS_EXCEPTION = _RULES["no loss limited"]
EXCEPTION_AFTER = _RULES["exception after"]
NORMAL_HEDGE = _RULES["normal hedge"]
NOT_HEARING_CONTEXT = _RULES["not the ear's hearing"]
HEARING_SUBJECT = _RULES["hearing subject"]
AUDIOGRAM_SAID_NORMAL = _RULES["audiogram said normal"]
HEARING_SAID_NORMAL = _RULES["hearing said normal"]
HEARING_SAID_IMPAIRED = _RULES["hearing said impaired"]
NON_HEARING_NOUN = _RULES["not a loss"]
SNR_LOSS = _RULES["speech-in-noise loss"]
LOSS_FOLLOWS = _RULES["loss follows"]
GRADE_NAMED_BEFORE = _RULES["grade named before"]
HEDGE_BELOW = _RULES["below"]
GRADE_EXCEEDED = _RULES["above"]
HEDGE_BORDERLINE = _RULES["borderline"]
BARE_DESCRIPTOR = _RULES["descriptors alone"]
GRADE_ON_ITS_RECORD = _RULES["grade on its record"]
_PAREN_OPEN = _RULES["grade of a value"]
GRADE_OF_EAR = _RULES["grade of an ear"]
SYMPTOM_GRADED = _RULES["symptom graded"]
AVERAGE_IN_PARENS = _RULES["average in parentheses"]
AGE_RELATED_LOSS = _RULES["age-related loss"]
GRADE_GIVEN = _RULES["grade given"]
GRADE_REPORTED = _RULES["grade reported"]
GRADE_AS_A_CLASS = _RULES["grade as a class"]
GRADE_ON_A_SCALE = _RULES["grade on a scale"]
GRADE_ANSWERED = _RULES["grade answered"]
AVERAGE_NAMED = _RULES["average named"]
AVERAGE_THEN_GRADE = _RULES["grade of an average"]
EAR_LABEL = _RULES["ear label"]
EAR_THEN_GRADE = _RULES["ear then its grade"]
GRADE_AT_FREQUENCIES = _RULES["grade at frequencies"]
GRADE_LIST = _RULES["scale of grades"]
SCALE_END = _RULES["last of a scale"]
EAR_NORMAL = _RULES["ear said normal"]
HEARING_FOR_SPEECH = _RULES["hearing for speech"]
DEGREE_FIELD = _RULES["degree field"]
LEVEL_EVERYWHERE = _RULES["level everywhere"]
_SPACES = re.compile(r"[\s-]+")
_CANON = {"total": "complete", **lexicon.GRADE_SHORTHAND}


def degree_claims(
    low: str, ear: str | None, hedged: bool, sent_low: str = "", default_conduction: str = "air"
) -> list[Claim]:
    """Return the degree claims of a lower-cased clause about ``ear`` ("right", "left",
    "both" or None), in reading order: its 'normal' phrases (each followed by its
    ``no_loss`` claim when said without exception), then the grades of a loss named in the
    clause or in the head of its sentence's list (``sent_low``). ``default_conduction`` is
    the conduction the sentence named last before the clause."""
    if not _TRIGGER.search(low):
        return []
    out = _normal_claims(low, ear, hedged, sent_low, default_conduction)
    if ear is None and "hearing" in low and ("not" in low or "impair" in low or "abnorm" in low):
        out += _hearing_said_impaired(low, hedged)
    graded = _grading(low, sent_low)
    if graded is not None:
        out += _graded_claims(low, ear, hedged, graded, _scale_spans(low, sent_low))
    return out


def _hearing_said_impaired(low: str, hedged: bool) -> list[Claim]:
    """Return the denial of 'normal' (type_denied, no ear named) that the person's hearing
    said not normal or impaired makes (HEARING_SAID_IMPAIRED), unless it is itself negated or
    under a condition."""
    return [
        _claim(
            "type_denied",
            None,
            "normal",
            None,
            None,
            m.group(0),
            hedged,
            ("hearing said impaired",),
        )
        for m in HEARING_SAID_IMPAIRED.finditer(low)
        if not lexicon.negated(low, m.start())
    ]


def _grading(low: str, sent_low: str) -> tuple[str, ...] | None:
    """Return the rules by which a clause's grade words grade a loss (() when the clause
    names the loss), or None when they grade nothing read."""
    if _names_its_loss(low, sent_low):
        return ()
    if GRADE_OF_EAR.search(low):
        if SYMPTOM_GRADED.search(sent_low or low):
            return None  # "Tinnitus, mild bilaterally": the symptom's grade
        return ("grade of an ear",)
    said = _grade_said_of_an_ear(low)
    if said:
        if SYMPTOM_GRADED.search(sent_low or low):
            return None  # "Tinnitus: right severe": the symptom's grade
        return said
    return _grade_given(low, sent_low)


def _grade_given(low: str, sent_low: str) -> tuple[str, ...] | None:
    """Return the rule by which a grade word alone is given as the hearing's grade: the
    writer's verdict, a class, someone's report, a grade on a named scale, a form's field,
    a quiz's answer, an age-related loss, or beside an average; None otherwise (see
    _grading)."""
    if GRADE_GIVEN.search(low):
        return ("grade given",)
    if lexicon.may_hold(low, "categor", "range", "band", "bracket", "group", "class", "zone",
                        "territory") and GRADE_AS_A_CLASS.search(low):  # fmt: skip
        return None if _class_of_something_else(sent_low or low) else ("grade as a class",)
    if GRADE_REPORTED.search(low):
        return None if SYMPTOM_GRADED.search(sent_low or low) else ("grade reported",)
    if lexicon.may_hold(low, "scale", "classif", "grading", "criteria") and (
        GRADE_ON_A_SCALE.search(low)
    ):
        return None if SYMPTOM_GRADED.search(sent_low or low) else ("grade on a scale",)
    if lexicon.may_hold(low, "sever", "grade") and DEGREE_FIELD.search(low):
        if SYMPTOM_GRADED.search(sent_low or low):
            return None  # "Tinnitus severity: mild": the symptom's grade
        return ("degree field",)
    if ("answer" in low or "[x]" in low) and GRADE_ANSWERED.search(low):
        return ("grade answered",)
    if AGE_RELATED_LOSS.search(low):
        return ("age-related loss named",)
    return _grade_of_an_average(low, sent_low)


def _grade_of_an_average(low: str, sent_low: str) -> tuple[str, ...] | None:
    """Return the rule by which grade words are an average's grade: a clause of grade words
    alone in a sentence naming an average ("Moderate, averages about 85"), or a grade that an
    arrow, a colon, an equals sign or a dash gives an average's value ("4FA 52.5 -> mild");
    None otherwise (see _grade_given)."""
    if _descriptors_alone(low) and AVERAGE_NAMED.search(sent_low or low):
        return ("average named",)
    if AVERAGE_THEN_GRADE.search(low):
        return None if SYMPTOM_GRADED.search(sent_low or low) else ("grade of an average",)
    return None


_PART_OF_THE_EAR = re.compile(
    r"\d\s*(?:khz|k\b|hz)|\b(?:high|low|mid|middle|higher|lower)[\s-]*(?:frequenc|pitch|tone)"
)
_ONE_LEVEL = re.compile(r"\b\d{1,3}(?:\.\d+)?\s*(?:db|decibels)\b")


def _class_of_something_else(sent_low: str) -> bool:
    """Return whether the grade class a sentence names ("in the profound range") is another
    thing's than the ear's hearing: a symptom's, a frequency region's ("the high frequencies
    are in the profound range"), or one level's with no average named ("25 dB, just into
    the mild range")."""
    if SYMPTOM_GRADED.search(sent_low) or _PART_OF_THE_EAR.search(sent_low):
        return True
    return bool(_ONE_LEVEL.search(sent_low)) and not AVERAGE_NAMED.search(sent_low)


def _grade_said_of_an_ear(low: str) -> tuple[str, ...] | None:
    """Return the rule by which grade words with no loss named grade an ear's hearing: an
    ear then its grade ("right severe"), or a grade over test frequencies ("moderate at 2-4
    kHz"); None otherwise."""
    if _ear_then_its_grade(low):
        return ("ear then its grade",)
    if GRADE_AT_FREQUENCIES.search(low):
        return ("grade at frequencies",)
    return None


def _names_its_loss(low: str, sent_low: str) -> bool:
    """Return whether the clause, or the head of its sentence, names the loss its grade words
    grade: not a symptom's or questionnaire's grade ("THI grade: moderate"), not a
    speech-in-noise test's SNR loss."""
    loss = lexicon.LOSS_CONTEXT.search(_without_snr_loss(low))
    if loss and not (loss.group(0) in ("grade", "degree") and _grade_of_a_symptom(low, len(low))):
        return True
    return _loss_head(low, sent_low)


def _without_snr_loss(low: str) -> str:
    """Return ``low`` with a speech-in-noise test's SNR loss blanked (same length), and a loss
    named as the frame a grade is judged against ("the SNR loss is mild for a loss of this
    size"): the grade is its subject's, not that loss's."""
    if "loss" in low and ("noise" in low or "snr" in low):
        low = SNR_LOSS.sub(lambda m: " " * len(m.group(0)), low)
    if "for " in low and "loss" in low:
        low = _FRAME_LOSS.sub(lambda m: " " * len(m.group(0)), low)
    return low


_FRAME_LOSS = re.compile(
    r"\bfor\s+(?:a|an|the|this|that|such\s+a|his|her|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:hearing\s+)?loss\s+(?:of|like)\s+(?:(?:this|that|his|her|their|its|such\s+a)\s+)?[\w-]+"
)
"""A loss as a frame of comparison after "for" ("mild for a loss of this size", "good for a
hearing loss like his"): named to judge something else by, not graded."""


def _descriptors_alone(low: str) -> bool:
    """Return whether a clause is grade words alone, after an ear's label if it has one, or
    with the record that gives them after them (:data:`GRADE_ON_ITS_RECORD`)."""
    label = EAR_LABEL.match(low)
    words = low[label.end() :] if label else low
    return BARE_DESCRIPTOR.match(words) is not None or GRADE_ON_ITS_RECORD.match(words) is not None


def _ear_then_its_grade(low: str) -> bool:
    """Return whether a clause is an ear named and then grade words alone ("right severe",
    "left moderately severe overall"), with a grade among them."""
    ear = EAR_THEN_GRADE.match(low)
    return bool(
        ear and BARE_DESCRIPTOR.match(low[ear.end() :]) and DEGREE_RANGE.search(low, ear.end())
    )


def _scale_spans(low: str, sent_low: str) -> list[tuple[int, int]]:
    """Return where, in the clause, its sentence lists the grading scale: two or more
    grades by commas (GRADE_LIST, read once: possessive) then "or" and a last one
    (SCALE_END), as (start, end) offsets of the clause."""
    sentence = sent_low or low
    if "or " not in sentence:
        return []
    scales = [
        (m.start(), end.end())
        for m in GRADE_LIST.finditer(sentence)
        if "," in m.group(0) and (end := SCALE_END.match(sentence, m.end()))
    ]
    if not scales:
        return []
    at = sentence.find(low)
    if at < 0:
        return []
    return [(a - at, b - at) for a, b in scales if b > at and a < at + len(low)]


def canon_degree(word: str) -> str:
    """Return a grade word as the standards spell it ("moderately-severe" -> "moderately
    severe", "total" -> "complete", the chart shorthand "mod" -> "moderate")."""
    word = _SPACES.sub(" ", word)
    return _CANON.get(word, word)


def _claim(kind, ear, value, high, region, text, hedged, rules) -> Claim:
    """Return a claim of one clause about ``ear`` scoped to ``region`` (see region_of)."""
    ears = () if ear is None else ("right", "left") if ear == "both" else (ear,)
    freqs: tuple[int, ...] = ()
    if region == "unknown":
        rules = (*rules, REGION_NOT_READ)
    elif region is not None:
        freqs = (region[0], region[1])
        rules = (*rules, REGION_STATED if region[2] else REGION_BY_ADJECTIVE)
    qualifier = Qualifier.HEDGED if hedged else Qualifier.ASSERTED
    return Claim(kind, ears, value, qualifier, "air", freqs, high, text, (0, 0), tuple(rules))


def _region(low: str, start: int, after: int):
    """Return the region a grade word at ``start`` (its phrase ending at ``after``) is
    scoped to: a value's frequency before it in parentheses, else the region after it."""
    before = region_before_paren(low[max(0, start - REACH) : start])
    if before and _WHOLE_EAR.match(low, after):
        return None  # "65 dB at 4 kHz (mild loss overall)": the ear's grade, not the value's
    return before or lexicon.region_of(low[after : after + REACH])


_WHOLE_EAR = re.compile(r"\s*(?:(?:hearing\s+)?loss\s+)?(?:overall|on\s+average)\b")
"""After a grade in parentheses: "overall" says it grades the whole ear ("(mild loss
overall)"), not the value before the parenthesis (general-practice notes, issue #26 batch 53
WF25)."""


def _statement_then_reasons(sent_low: str, low: str, start: int) -> tuple[str, str]:
    """Return (the statement, its reasons) when the phrase at ``start`` of the clause ``low``
    stands before its sentence's first colon ("Normal hearing in both ears: the averages
    are ..."), else (the sentence, "")."""
    colon = sent_low.find(":")
    at = sent_low.find(low) if colon >= 0 else -1
    if at < 0 or at + start > colon:
        return sent_low, ""
    return sent_low[:colon], sent_low[colon + 1 :]


def _normal_claims(low: str, ear, hedged, sent_low: str, default_conduction: str):
    """'Normal hearing', 'within normal limits', 'no hearing loss' (and 'normal to mild'):
    a degree claim, and, said without exception, a ``no_loss`` claim."""
    found: dict[tuple[bool, bool], bool] = {}

    def limited(denial: bool, start: int) -> bool:
        """Whether the sentence limits a 'normal' claim at ``start`` (searched once per kind
        of claim and side of a colon)."""
        said, reasons = _statement_then_reasons(sent_low or low, low, start)
        key = (denial, bool(reasons))
        if key not in found:
            pattern = NO_LOSS_EXCEPTION if denial else NORMAL_QUALIFIED
            # the reasons after a statement's colon ("Normal hearing in both ears: the
            # averages are 13.75 and 15") give its grounds; only an exception there limits it
            if "ver" in said or "throughout" in said or " all " in said:
                said = LEVEL_EVERYWHERE.sub(" ", said)  # the level of every threshold
            found[key] = bool(pattern.search(said) or NO_LOSS_EXCEPTION.search(reasons))
        return found[key]

    out = []
    whole = []
    if "hearing" in low and ("normal" in low or "wnl" in low):
        whole = list(HEARING_SAID_NORMAL.finditer(low))
    for m in _normal_phrases(low, whole):
        # A phrase with "hearing" in it ("no hearing loss", "normal hearing") names its own
        # subject: a test or conduction named before it does not make it a claim about that.
        denial = bool(NO_LOSS.fullmatch(m.group(0)))
        if not _about_hearing(low, m, denial, default_conduction):
            continue
        upto = NORMAL_TO.match(low[m.end() :])
        high = canon_degree(upto.group(1)) if upto else None
        high = None if high == "normal" else high
        region = _region(low, m.start(), m.end() + (upto.end() if upto else 0))
        if region is None:
            # "at 500 Hz both ears are normal", "up to 1 kHz his hearing is normal": a region
            # stated before the phrase in its clause scopes it
            region = _region_before_ear(low, m.start(), explicit=m.re is not EAR_NORMAL)
        if EXCEPTION_AFTER.match(low, m.end()):
            region = None  # "normal apart from a dip at 6 kHz": 6 kHz is the exception
        said_of = _ears_said_normal(ear, m, region, high, whole)
        out.append(_claim("degree", said_of, "normal", high, region, m.group(0), hedged,
                          (NORMAL_HEARING,)))  # fmt: skip
        if (
            region is None and high is None and not limited(denial, m.start())
            and _unhedged_or_essentially(low[max(0, m.start() - 25) : m.end() + 25])
            and not HEARING_FOR_SPEECH.search(sent_low or low)
            and not _AVERAGE_SAID.search(low, max(0, m.start() - 30), m.start())
        ):  # fmt: skip
            # "Hearing is within normal limits in both ears", said without exception, says
            # no threshold is beyond normal limits; so does an ear said (essentially) normal
            # (EAR_SAID_NORMAL: not where the reply says the loss is one-sided, see
            # judges.judge_no_loss).
            rules = (NO_LOSS_CLAIM, EAR_SAID_NORMAL) if m.re is EAR_NORMAL else (NO_LOSS_CLAIM,)
            if NORMAL_HEDGE.search(low[max(0, m.start() - 25) : m.end() + 25]):
                rules = (*rules, ESSENTIALLY_NORMAL)
            out.append(_claim("no_loss", said_of, "normal", None, None, m.group(0), hedged, rules))
    return out


def _ears_said_normal(ear: str | None, m: re.Match, region, high, whole) -> str | None:
    """Return the ear a 'normal' phrase is said of: the clause's ear, else both ears where
    the phrase says the audiogram (AUDIOGRAM_SAID_NORMAL) or, with no region and no grade it
    slopes to, the person's hearing as a whole (within a match of ``whole``,
    HEARING_SAID_NORMAL) is normal."""
    if ear is not None:
        return ear
    if m.re is AUDIOGRAM_SAID_NORMAL:
        return "both"
    if (
        region is None
        and high is None
        and any(w.start() <= m.start() and m.end() <= w.end() for w in whole)
    ):
        return "both"
    return None


_AVERAGE_SAID = re.compile(
    rf"\b(?:{lexicon.AVERAGE_NAME}|{lexicon.AVERAGE_IN_WORDS}|4fa|averages?|means?)\s+"
    r"(?:(?:are|is|were|was|both|each)\s+)*$"
)
"""Before a 'normal' phrase, an average as its subject ("averages within normal limits",
"the PTA is normal"): the average's degree, which says nothing of every threshold (a notch
can sit outside it), so no claim that no threshold is beyond normal."""


def _unhedged_or_essentially(window: str) -> bool:
    """Return True when a 'normal' phrase's window holds no hedge but 'essentially', which
    says normal (the README's hedge rules): "near normal" or "normal for his age" allow
    departures, so they claim no more than the grade."""
    return all(h.group(0) == "essentially" for h in NORMAL_HEDGE.finditer(window))


def _overlap(a: re.Match, b: re.Match) -> bool:
    """Return whether two matches share a character."""
    return a.start() < b.end() and b.start() < a.end()


def _normal_phrases(low: str, whole: list[re.Match]) -> list[re.Match]:
    """Return the 'normal' phrases of a clause in reading order: the phrases of
    :data:`lexicon.NORMAL_PHRASES`, the person's hearing said normal (``whole``: matches of
    HEARING_SAID_NORMAL) and an ear said to be normal (EAR_NORMAL) where they overlap none
    of them."""
    if not (
        "normal" in low
        or "wnl" in low
        or (("no " in low or "not " in low) and ("loss" in low or "impair" in low))
    ):
        return []  # (what every phrase of both patterns holds: a cheap test, for speed)
    phrases = list(lexicon.NORMAL_PHRASES.finditer(low))
    if whole:
        # the person's hearing said normal in words no other phrase reads ("this person's
        # hearing is indeed normal")
        phrases += [w for w in whole if not any(_overlap(p, w) for p in phrases)]
        phrases.sort(key=lambda m: m.start())
    if "audiogram" in low:
        phrases += [
            m
            for m in AUDIOGRAM_SAID_NORMAL.finditer(low)
            if not any(_overlap(p, m) for p in phrases)
        ]
        phrases.sort(key=lambda m: m.start())
    if "ear" not in low:
        return phrases
    ears = [m for m in EAR_NORMAL.finditer(low) if not any(_overlap(p, m) for p in phrases)]
    return sorted(phrases + ears, key=lambda m: m.start()) if ears else phrases


def _region_before_ear(low: str, start: int, explicit: bool = False):
    """Return the region named before an ear said normal in its phrase ("at 500 Hz both ears
    are normal"), up to the last comma, semicolon or colon before it; None when none is.
    With ``explicit``, only a region stated with its preposition ("up to 1 kHz his hearing
    is normal"), not a frequency that merely stands before the phrase. A full stop ends the
    search as a comma does: a region of the sentence before does not scope this one ("left
    worse at 3-6 kHz. 4FA 17.5 R (within normal range)": a sentence opening with a digit is
    not split from the one before, yet its region is not this phrase's)."""
    window = low[max(0, start - REACH) : start]
    cut = max(window.rfind(","), window.rfind(";"), window.rfind(":"), window.rfind(". "))
    region = lexicon.region_of(window[cut + 1 :])
    if not isinstance(region, tuple) or (explicit and not region[2]):
        return None
    return region


_PAST_THE_RANGE = re.compile(
    r"\b(?:outside|beyond|above|past|over|exceeds?|exceeding)\s+(?:of\s+)?(?:\w+\s+)?(?:the\s+)?$"
)
"""Before a 'normal' phrase, a value placed past it ("25 dB HL is just outside the normal
range", "beyond normal limits"): a comparison that says the value is not normal, no degree
'normal' of the ear."""


_A_SHARE_NORMAL = re.compile(
    r"\d\s*(?:%|per\s*cent\b|percent\b)\s+(?:(?:within|inside|in|of)\s+)?(?:the\s+)?$"
)
"""Before a 'normal' phrase, a share of the hearing said to be in it ("approximately 90%
within the normal range"): a part of it is normal, which grades no ear (WHO 2021 grades an
ear by its average; issue #26 batch 135 ZJ05, a small model's reply)."""


_VALUE_SAID_NORMAL = re.compile(
    r"(?<![\d.])\d{1,3}(?:\s*db(?:\s*hl)?)?\s+(?:is|was|remains|stays|sits|lies|falls)\s+"
    r"(?:(?:still|just|also|well|comfortably|technically|therefore|so)\s+){0,2}"
    r"(?:(?:within|inside|in)\s+(?:the\s+)?)?$"
)
"""Before a 'normal' phrase, a single value as its subject ("20 is still within normal
limits", "a 25 dB HL value sits just inside the normal range"): that value's place on the
scale, which says nothing of the ear's degree (one threshold among several; WHO 2021 grades
the ear by its average)."""
_VALUE_OF_AVERAGE_OR_EAR = re.compile(
    rf"(?:{lexicon.AVERAGE_NAME}|averages?|means?|right|left|ears?|hearing)"
    r"(?:\s+(?:at|of|around|about))?[^\w.;!?\n]{0,4}$"
)
"""Right before such a value, what makes it the ear's own value: an average ("PTA 20 is
normal"), the ear itself ("right ear 15 is normal") or its hearing ("hearing at 15 is
normal")."""


def _a_value_said_normal(low: str, start: int) -> bool:
    """Return True when the 'normal' phrase at ``start`` is said of a single value, not of an
    average or an ear (:data:`_VALUE_SAID_NORMAL`)."""
    if not lexicon.DIGIT.search(low, max(0, start - 40), start):
        return False  # (no number before the phrase: a cheap exact test, for speed)
    value = _VALUE_SAID_NORMAL.search(low, max(0, start - 40), start)
    return bool(value) and not _VALUE_OF_AVERAGE_OR_EAR.search(
        low, max(0, value.start() - 30), value.start()
    )


def _about_hearing(low: str, m: re.Match, denial: bool, default_conduction: str) -> bool:
    """Return True when a 'normal' phrase is said of the ear's hearing: not negated, not of
    another test, not of bone conduction ("BC WNL AU": the cochlea, not the ear's degree)."""
    own = denial or m.group(0) == "normal hearing"
    window = low[max(0, m.start() - 60) : m.start()]
    other = NOT_HEARING_CONTEXT.search(window)
    if other and "speech" in other.group(0) and HEARING_FOR_SPEECH.search(window):
        other = None  # "hearing for everyday speech is normal": the ear's hearing
    if lexicon.negated(low, m.start()) or (other and not (own and other.group(1))):
        return False
    if _PAST_THE_RANGE.search(low, max(0, m.start() - 30), m.start()):
        return False
    if "%" in window or "cent" in window:  # (the window, not the text: once a phrase)
        if _A_SHARE_NORMAL.search(low, max(0, m.start() - 30), m.start()):
            return False
    if _a_value_said_normal(low, m.start()):
        return False
    if ":" in window or "-" in window or "=" in window or "\u2013" in window:
        if lexicon.labels_another_field(window, 0, len(window)):
            return False
    bone = conduction(low, m.start(), default_conduction) == "bone"
    bone = bone and "hearing" not in m.group(0)
    # "the bone dip at 2 kHz (20 dB HL, still within normal limits)": normal bone conduction
    return not bone or bool(HEARING_SUBJECT.search(low, last_mark_end(low, m.start()), m.start()))


def _graded_claims(low: str, ear, hedged, grading: tuple[str, ...], scales) -> list[Claim]:
    """Grade words and ranges of a loss ("moderate", "mild to moderately severe"), with
    their hedges ("just below mild", "borderline") and frequency regions; none inside a
    listed scale (``scales``: spans of the clause)."""
    out = []
    other_field = _another_fields_line(low)
    for m in DEGREE_RANGE.finditer(low):
        lo, hi = m.group(1), m.group(2) or m.group(1)
        if "normal" in (lo, hi) and m.group(2) is None:
            continue  # a lone 'normal' is read by _normal_claims
        if any(a <= m.start() < b for a, b in scales):
            continue  # "categorized as mild, moderate, severe or profound": the scale
        if other_field or not _grades_a_loss(low, m, lo, hi):
            continue
        lo, hi = canon_degree(lo), canon_degree(hi)
        before = low[max(0, m.start() - 30) : m.start()]
        if GRADE_EXCEEDED.search(before):
            continue  # "more than mild": the grade exceeded, no grade claimed
        rules = [GRADED_LOSS, *grading]
        below = HEDGE_BELOW.search(before)
        if below:
            rules.append(JUST_BELOW if below.group(1) else BELOW)
        if HEDGE_BORDERLINE.search(before):
            rules.append(BORDERLINE)
        region = _region(low, m.start(), m.end())
        out.append(_claim("degree", ear, lo, None if hi == lo else hi, region, m.group(0),
                          hedged, rules))  # fmt: skip
        if region and AVERAGE_IN_PARENS.match(low, m.end()):
            # "... high-frequency loss (4FA 21)": the grade is also the average's
            out.append(_claim("degree", ear, lo, None if hi == lo else hi, None, m.group(0),
                              hedged, [*rules, AVERAGE_GRADED]))  # fmt: skip
    return out


_AFTER = 300
"""How far after a degree word the noun it grades is looked for (:func:`_grades_a_loss`): a
fixed window, so a clause of many grade words reads in linear time (a slice to the clause's
end for each word made a 400 KB one cost its length squared)."""


def _another_fields_line(low: str) -> bool:
    """Return True when a clause is another examination's field and names no hearing
    ("Cognition: 6-CIT 10 (mild impairment)"): no degree word in it grades a loss."""
    return (
        ":" in low
        and bool(lexicon.OTHER_DOMAIN_LINE.match(low))
        and not lexicon.HEARING_NAMED.search(low)
    )


A_SHARE_OF = re.compile(
    r"(?:%|\bper\s*cent|\bpercent|\bhalf|\bpart|\bportion|\bshare|\bfraction|\bproportion|"
    r"\bmost|\bmuch|\bquarter|\bthird)\s+of\s+(?:(?:the|their|his|her|your|this)\s+)?$"
)
"""Before "total": a share of a whole ("50% of their total hearing loss", "half of the total
loss"), where "total" is the whole amount, not WHO 2021's complete grade (issue #26 batch 186
QE43, the real local model's "50% of their total hearing loss" on mild ears)."""


def _grades_a_loss(low: str, m: re.Match, lo: str, hi: str) -> bool:
    """Return True when a degree word grades a hearing loss (not a noun of something else,
    not negated, not a side named by its finding, 'complete' only of a loss)."""
    after = low[m.end() : m.end() + _AFTER]
    if NON_HEARING_NOUN.match(after) or lexicon.negated(low, m.start()):
        return False
    before = max(0, m.start() - 60)  # a fixed window: linear however many words
    if lexicon.SIDE_BY_FINDING.match(low, m.end()) and lexicon.THE_BEFORE.search(
        low, before, m.start()
    ):
        return False  # "aids for the moderate side": an ear named by a finding
    complete = lo in ("complete", "total") or hi in ("complete", "total")
    if not complete or {lo, hi} == {"complete", "total"}:
        return True  # "complete or total", "complete/total": the WHO 2021 band's own name
    if A_SHARE_OF.search(low, max(0, m.start() - 30), m.start()):
        return False  # "50% of their total hearing loss": the whole amount, no grade
    return bool(
        LOSS_FOLLOWS.match(after)
        or GRADE_NAMED_BEFORE.search(low, max(0, m.start() - 30), m.start())
    )


def _grade_of_a_symptom(text: str, end: int) -> bool:
    """Return whether ``text`` up to ``end`` names a symptom or a questionnaire
    (:data:`SYMPTOM_GRADED`) and no loss but the words "grade" or "degree" ("THI grade:
    moderate", "Handicap (HHIE-S) grade: mild"): its grade is the symptom's."""
    return bool(SYMPTOM_GRADED.search(text, 0, end)) and all(
        m.group(0) in ("grade", "degree") for m in lexicon.LOSS_CONTEXT.finditer(text, 0, end)
    )


def _loss_head(low: str, sent_low: str) -> bool:
    """Return True when a clause's degree grades a loss its sentence named before it: a list
    item under a head that names the loss ("Bilateral SNHL: right moderately severe, left
    mild"), or a bare descriptor after the loss ("mixed loss, moderately severe")."""
    colon = sent_low.find(":")
    named = _without_snr_loss(sent_low)
    if colon >= 0 and lexicon.LOSS_CONTEXT.search(named, 0, colon):
        if _grade_of_a_symptom(sent_low, colon):
            return False  # "THI grade: moderate": the grade of a symptom or questionnaire
        return sent_low.find(low.strip(), colon) > colon
    if not BARE_DESCRIPTOR.match(low) and not GRADE_ON_ITS_RECORD.match(low):
        return False
    at = sent_low.find(low.strip())
    return at > 0 and bool(lexicon.LOSS_CONTEXT.search(named, 0, at))


def region_before_paren(before: str) -> tuple[int, int, bool] | None:
    """Return the region of a value's frequency when a degree word stands in parentheses
    right after it ("55 dB HL at 500 Hz (moderately severe)"): the word grades that value,
    not the ear. ``before`` is the clause up to the degree word; None when not so."""
    paren = _PAREN_OPEN.search(before[-30:])
    if not paren:
        return None
    head = (
        before[: len(before) - 30 + paren.start()] if len(before) > 30 else before[: paren.start()]
    )
    head = head.rstrip()
    last = None
    for m in lexicon.REGION_FREQ.finditer(head, max(0, len(head) - 30)):
        last = m
    if last is None or last.end() != len(head):
        return None
    region = lexicon.region_of(head[last.start() :])
    return region if isinstance(region, tuple) else None


def conduction(low: str, position: int, default: str = "air") -> str:
    """Return the conduction the words at ``position`` refer to: the last named before it
    (within 60 characters), else ``default`` (what the sentence named last); a bone said not
    tested ends bone ("air only, no bone done: normal both ears" grades the hearing,
    :func:`lexicon.conduction_not_tested`)."""
    last = None
    for m in lexicon.CONDUCTION.finditer(low, max(0, position - 60), position):
        last = m
    if last is None:
        return default
    bone = bool(last.group(1)) and not lexicon.conduction_not_tested(low, last.start(), last.end())
    return "bone" if bone else "air"


def last_mark_end(low: str, position: int) -> int:
    """Return where the last conduction named within 60 characters before ``position``
    ends (0 when none is named there)."""
    end = position
    for m in lexicon.CONDUCTION.finditer(low, max(0, position - 60), position):
        end = m.end()
    return end if end != position else 0
