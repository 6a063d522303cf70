"""Threshold claims of one clause, read apart from whether they are true: :func:`threshold_claims`.

What a clause says about hearing levels: a dB value or a list of them at their frequencies
("25, 30 and 45 dB HL at 0.5, 1 and 2 kHz"), a range of levels over a range of frequencies
("20-30 dB HL at 250-1000 Hz"), a range for a whole ear ("masked bone 30-40 dB HL"), an
air-bone gap's size at a frequency ("gaps of 30 dB at 500 Hz"), a bone level quoted with no
frequency, and no responses ("NR at 8 kHz", "no response above 2 kHz"). Nothing here looks
at the case: :mod:`clinbench.audiogram.judges` says whether each claim is true
(``judge_threshold``, ``judge_threshold_range``, ``judge_air_bone_gap_size``,
``judge_bone_level``, ``judge_no_response_beyond``).

The kinds read here, each a :class:`~clinbench.audiogram.claims.Claim`:

- ``threshold``: ``value`` a level in dB HL or "no response", ``frequencies`` its one
  frequency, ``conduction`` air or bone;
- ``threshold_range``: ``value``..``value_high`` dB HL over ``frequencies`` (two ends), or
  with no frequencies for a whole ear (rule "whole-ear range");
- ``air_bone_gap_size``: ``value``..``value_high`` dB of gap at ``frequencies``;
- ``bone_level``: a bone-conduction level quoted with no frequency (rule "whole-ear range"
  too when it is also a summary of the ear);
- ``no_response_beyond``: no response on one side of ``frequencies[0]``; the rule says
  which side and whether that frequency is included.

Every pattern reads a clause lower-cased, in one pass (no nested unbounded quantifiers).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from clinbench.audiogram import lexicon
from clinbench.audiogram.alternation import led
from clinbench.audiogram.audiogram_model import EARS, FREQUENCIES
from clinbench.audiogram.claims import Claim, Qualifier, _clause_claim

WHOLE_EAR = "whole-ear range"
"""The rule of a dB range given for one ear with no frequency or region in its clause: a
summary of that ear's thresholds (audiological reports, "bone 30-40 dB HL")."""
WHOLE_EAR_LEVEL = "whole-ear level"
"""The rule of one level given for an ear with its conduction named and no frequency,
region or shape in its clause ("left ear, bone conduction: 30 dB HL"): a summary of that
ear's thresholds of that conduction, as a whole-ear range is (reports that give one level
per ear and conduction; issue #26 batch 18, now tuning data). Such claims are judged after
the clause-by-clause pass (:func:`judge.judge_clauses`), so that the findings
recorded before this rule keep their order."""
BARE_LEVEL = "level without unit at a frequency"
"""The rule of a number written without "dB" right before "at" and a frequency ("50 at 2k
and 60 at 4k", "70 at 250-2000 Hz"): a hearing level, as spoken handovers and dispenser
notes drop the unit (issue #26 batches 19-20, now tuning data). Judged after the
clause-by-clause pass, as WHOLE_EAR_LEVEL is."""
FREQUENCIES_THEN_LEVELS = "frequencies, colon, levels"
"""The rule of levels listed after a colon that ends a list of as many frequencies, paired in
order ("500, 2k and 4k: 25, 40, 55"): chart notes and handovers (issue #26 batch 19, now
tuning data). Judged after the clause-by-clause pass, as WHOLE_EAR_LEVEL is."""
UNITLESS_RANGE = "range without unit after a conduction"
"""The rule of a range of numbers right after a conduction is named ("bone conduction was 0
to 5", "air thresholds 10-20"): levels in dB HL (spoken handovers, issue #26 batch 19, now
tuning data). Judged after the clause-by-clause pass, as WHOLE_EAR_LEVEL is."""
EVERY_FREQUENCY = "level at every frequency"
"""The rule of one level said to hold at every frequency ("air 20 dB HL at every frequency",
"40 dB across all frequencies", "flat at 70 dB", "30 dB throughout"), and of a level of the
other conduction given beside it ("... with bone at 15"): a summary of that ear's thresholds
of that conduction (spoken handovers, dispenser notes and second opinions, issue #26
batches 19, 20 and 26, used as tuning data). Judged as a whole-ear level is, leniently (it
must come within the dB tolerance of the ear's thresholds), after the clause-by-clause
pass."""
EITHER_EAR = "level with no ear named"
"""The rule of a level or range given with its conduction named and no frequency, region or
shape, in a clause that names no ear ("Bone conduction: 45 dB HL", "air conduction 30-40 dB
HL"): a summary of the thresholds of that conduction of one ear or the other, as the
whole-ear level (WHOLE_EAR_LEVEL) and range (WHOLE_EAR) are of a named ear. A reader given no
ear takes the value as the reply's statement about this audiogram, so it is true when it fits
either ear (within the dB tolerance) and wrong when it fits neither, as a threshold at a
frequency with no ear named is (issue #26 batch 117's convention for model text); the
finding says no ear was named. Judged after the clause-by-clause pass, as WHOLE_EAR_LEVEL
is."""
BAND_LEVEL = "level in a named band"
"""The rule of a level or range said of a named band of frequencies ("the left at 55 dB in the
low tones", "40-50 dB across the high frequencies"): a summary of the thresholds of that
conduction in the band (lexicon.BANDS), judged as a whole-ear range is but within the band:
it must come within the dB tolerance of one of them (batch 182 TA35's kind, a later mention
giving one ear's level to the other). Judged after the clause-by-clause pass."""
DEFERRED = frozenset(
    {WHOLE_EAR_LEVEL, BARE_LEVEL, FREQUENCIES_THEN_LEVELS, UNITLESS_RANGE, EVERY_FREQUENCY,
     EITHER_EAR, BAND_LEVEL}
)  # fmt: skip
"""The rules whose claims :func:`judge.judge_clauses` judges after every other clause."""
INSIDE_BONE_LEVEL = "inside a bone level with no frequency"
"""The rule of a value read inside a bone-conduction range that has no frequency of its own
("masked BC 5-10 dB at 500/1k": 10 dB at 500 and 1000 Hz). In a case with no bone
conduction at all the range is judged fabricated once, and such values are not judged
again."""
NO_RESPONSE_SIDES = {
    "no response above": (True, False),
    "no response from": (True, True),
    "no response below": (False, False),
    "no response up to": (False, True),
}
"""(upward, frequency included) of each no-response-beyond rule."""


# -- the patterns of threshold reading (each says where its usage comes from) -------------

FREQ_LIST = re.compile(
    # (opens with a digit, then looks back past it, so the search jumps from digit to digit)
    r"(\d(?<![\d.]\d)\d*(?:\.\d+)?(?:\s*(?:khz|k|hz))?(?:\s*(?:,|and|&|/)\s*(?:and\s+)?\d+(?:\.\d+)?"
    r"(?:\s*(?:khz|k|hz))?){0,12})\s*(khz|k\b|hz)"
)
"""A frequency or a list of them with one unit ("500 Hz", "2k", "0.5, 1 and 2 kHz",
"1/2/4 kHz"). Source: the test frequencies of pure-tone audiometry, 250-8000 Hz (BSA 2018),
as audiogram forms and reports write them."""
FREQ_RANGE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(khz|k|hz)?\s*(?:-|–|to|through)\s*(\d+(?:\.\d+)?)\s*(khz|k\b|hz)"
)
"""A span of frequencies ("250-1000 Hz", "2 to 4 kHz"). Source: audiological reports
describing a region of the audiogram."""
DB_LIST = re.compile(
    r"(?<![\d.])(-?\d{1,3}(?:(?:\s*(?:,|and|&|/)\s*(?:and\s+)?|[ \t]+)-?\d{1,3}){0,12})\s*"
    r"(?:db|decibels)\b(?:\s*hl)?"
)
"""A value or a list of values in dB ("20, 25 and 40 dB HL", a row "70 70 70 80 dB HL").
Source: thresholds are recorded in dB HL (BSA 2018; ISO 389-1 reference levels)."""
DB_LIST = led(DB_LIST)  # (its first characters looked for first, for speed)
FREQ_MENTION = re.compile(
    r"\d\s*(?:khz|k\b|hz)|\b(?:high|low|mid|middle|higher|lower|speech)[\s-]*(?:frequenc|pitch|tone)|"
    r"\b(?:notch|dip|drop|trough|bump|slope|sloping|falls?|falling|rising|rises)\b"
)
"""A frequency, a region or a shape named in a clause: a dB range there is not a summary
of the whole ear. Source: region and shape words of audiogram descriptions (ASHA 2005
audiologic assessment; clinic reports)."""
NR_DIRECTION = re.compile(r"\b(?:(above|over|beyond|from)|(below|under|up\s+to))\b")
"""Before the frequency of a no response: the frequencies beyond it or below it
("NR above 2 kHz"). Source: clinic reports."""
NO_RESPONSE = re.compile(r"\b(no response|nr\b|did not respond|"
                          r"no measurable (?:response|threshold)|"
                          r"beyond (?:the )?(?:audiometer'?s? )?limits?)")  # fmt: skip
"""No response at the audiometer's maximum output ("NR", "no measurable threshold").
Source: BSA 2018 records a no response at the limit with its own symbol; forms write NR."""
NUMBER_CONTEXT_SKIP = re.compile(
    r"(pta|average|srt|speech|recognition|discrimination|wrs|gap|abg|reflex|mcl|ucl|ldl|"
    r"presented|presentation|masking|interaural|level of|sl\b|sensation|differ\w*|asymmetr\w*|"
    r"(?:worse|better|poorer) by)[^.]{0,20}$|"
    # a tolerance between ears or values ("the ears match within 5 dB"), not a level
    r"\bwithin\s*$|"
    r"\b(?:no response|nr|did not respond)\s+(?:at|to|up to)\s*$|\bby\s*$"
)
"""Before a dB value that is not a threshold: an average, a speech level, a gap, a
difference ("worse by 15-25 dB"), or the level a no response was found at. Source: the
other dB quantities of an audiological report (speech audiometry, masking, reflexes:
BSA 2018 and BSA 2011 recommended procedures)."""
NUMBER_CONTEXT_SKIP = led(NUMBER_CONTEXT_SKIP)  # (its first characters looked for first, for speed)
VALUE_GIVEN = re.compile(
    r"\s*[:=]?\s*(?:(?:about|around|approximately|approx\.?|roughly|~)\s*)?\d+(?:\.\d+)?(?:\s*db(?:\s*hl)?)?\s*[,;]\s*"
    r"(?!\d+(?:\.\d+)?\s*(?:khz|k\b|hz|,|/|and\b))"
)
"""After an average's (or a speech level's) name: its own value, given and closed by a comma
("PTA 45, 20 dB at 3 kHz"), not the first of a list of frequencies ("PTA 0.5, 1, 2 kHz").
Source: clinic reports."""
NUMBER_AFTER_SKIP = re.compile(
    # (not "40 dB HL dip at 8 kHz": in dB HL, the level the dip reaches there)
    r"(?!(?:\s*hl)?(?<=hl)\s*(?:dip|notch|trough)\s+(?:at\b|@))"
    r"\s*(?:hl\s*)?(?:worse|better|poorer|lower|higher|greater|apart|difference|"
    # a change or a difference as the value's noun ("15 dB asymmetry", "a 20 dB shift")
    r"asymmetr(?:y|ies)|shifts?|changes?|improvements?|recovery|gains?|"
    r"" + lexicon.OTHER_DB_SCALE + r"|"
    r"(?:interaural|air[\s-]*bone)\s+(?:differences?|gaps?|separations?)|dip|"
    # a slope: the fall across an octave ("40 dB in one octave", "20 dB per octave")
    r"(?:per|in|over|across|within)\s+(?:(?:one|two|three|an?|a\s+single|each|every|the)\s+)?"
    r"octaves?|"
    # a distance from the other conduction ("bone sits 5 dB below air"), not a level
    r"(?:below|above|under|over)\s+(?:the\s+)?(?:air|bone|ac|bc)\b|"
    # a distance from another plotted mark ("5 dB above the circles", "below the O's")
    r"(?:below|above|under|over)\s+(?:the\s+|its\s+|their\s+)?(?:(?:right|left|red|blue)\s+)?"
    r"(?:circles|crosses|o'?s|x'?s|curves?|lines?|symbols|marks|brackets|traces?)(?!\w)|"
    # the gap is the value's noun, after up to two words of its own ("a 40 dB conductive
    # gap", "40-60 dB middle-ear gaps"), not a gap named after a threshold ("30 dB and a gap")
    r"(?:(?!(?:and|with|but|or|no|an?|the|at|in|on|of|so|plus)\b)[a-z/-]+\s+){0,2}gaps?)\b"
)
"""After a dB value that is not a threshold: "15 dB worse", "a 10 dB dip", "15 dB asymmetry
at that frequency", "a 20 dB shift", "5 dB below air", "a 40 dB conductive gap", a slope
("40 dB in one octave"), a level in dB SL/SPL/nHL. Source: clinic reports; the dB scales of
audiology (ANSI S3.6). So is a distance from another plotted mark ("5 dB above the
circles", ASHA 1990 symbols; issue #26 batch 65, used as tuning data)."""
DIFFERENCES_STATED = re.compile(
    r"\bdifferences?\b[^.;\d]{0,40}\b(?:are|were|is|was|of)\s*$|"
    r"\bdiffer(?:s|ed)?\s+by\s+\d[^.;]{0,40}\band\s*$"
)
"""Before a dB value that is a difference said at a distance: the values differences are
("air-bone differences where bone responded are 5-10 dB"), or the next of a list of
differences ("the ears differ by 15 dB at 3 kHz (50 vs 35) and 10 dB at 4k"). Source:
model replies' reasoning (issue #26 batch 29, used as tuning data)."""
_DIFFERENCE_REACH = 70
CONDUCTION_SAID_NORMAL = re.compile(
    r"\b(bone|air)(?:[\s-]+conduction)?(?:\s+(?:thresholds?|levels?))?\s+(?:was|were|is|are)\s+"
    r"(?:also\s+)?(?:(?:tested|measured)\s+and\s+(?:was\s+|were\s+)?(?:found\s+)?)?"
    r"normal(?:\s+(?:too|as\s+well|also))?,?\s+(?:at|,)?\s*$"
)
"""Before a value: its conduction said normal at that level ("bone conduction was normal
too at 5-10 dB HL", "bone conduction was also tested and was normal at 0-5 dB"): the value
is that conduction's (issue #26 batch 30, used as tuning
data)."""
_NORMAL_REACH = 60
NR_LEVEL = re.compile(r"\s*(?:at|to|up to)\s*-?\d{1,3}\s*db(?:\s*hl)?")
"""The level a no response was found at, between it and its frequency (a level is in dB:
"NR at 4 kHz" names a frequency). Source: clinic reports."""
CONDUCTION_BY = re.compile(
    r"\s*(?:hl\s*)?(?:(?:by|on|via)\s+(?:(bone)|(air))\b(?![\s-]*bone)|"
    r"\(\s*(?:(bone|bc\b)|(?:air|ac\b))(?:[\s-]+conduction)?\s*\))"
)
"""A conduction named right after a value ("10 dB by bone", "50 dB on air"), or in brackets
as its label ("6000 Hz: 105 dB HL (bone conduction)", "40 dB (BC)"), as a level with no
frequency is labelled (_CONDUCTION_AFTER; issue #26 batch 143, real-model text). Not a gap
between the two conductions ("(air-bone)"). Groups: 1 or 3 bone. Source: clinic reports."""
CONDUCTION_OF_NR = re.compile(r"\s*(?:to|on|by|via|with)\s+(?:(bone|bc)|(air|ac))\b")
"""A conduction named between a no response and its frequency ("no response to air at 6
and 8 kHz", "NR by bone at 4 kHz"): the no response is of that conduction, whatever the
sentence named before. Source: clinic reports."""
CONDUCTION_AFTER = re.compile(r"\s*(?:(bone|bc|b/c)|(air|ac|a/c))\b")
"""A conduction named right after a frequency ("NR at 4 kHz BC"). Source: AC/BC, A/C, B/C
abbreviations of audiogram forms."""
BARE_LEVELS = re.compile(
    r"(?<![\w.])(?<!\bat )(-?(?:1[0-3]\d|\d{1,2})(?!\d)"
    r"(?:(?:\s*(?:,|and|&|/)\s*(?:and\s+)?|[ \t]+)-?\d{1,3}){0,12})"
    r"(?=\s+(?:(?:in|on)\s+(?:the|his|her|their|your|my)\s+(?:right|left)(?:\s+(?:ear|side))?,?\s+)?"
    r"at\s+\d+(?:\.\d+)?\s*(?:khz|k\b|hz|[-–,/]|to\b|and\b))"
)
"""A number or a list of them without a unit, then "at" and a frequency: levels in dB HL
("50 at 2k and 60 at 4k", "still 50 on the right at 8 kHz": the ear between, as
:data:`_EAR_BETWEEN` reads it after "dB"), or a row of them as a chat types it ("15 20 35 at
500/1k/2k");
never a number right after "at", nor one over 139 (no audiometer presents it) to open the
list: the frequency of the level before it ("100 at 500, 105 at 1k", "45 at 250 and 500,
40 at 1k": 500 is no level).
Source: spoken handovers and dispenser notes (SBAR; fitting
briefs) that leave out "dB"."""
BARE_LEVELS = led(BARE_LEVELS)  # (its first characters looked for first, for speed)
_LEVELS_AFTER_COLON = re.compile(
    r"\s*:\s*(-?\d{1,3}(?:\s*(?:,|and|&|/)\s*(?:and\s+)?-?\d{1,3}){1,12})(?!\w|\.\d)"
    r"(?:\s*db\b(?:\s*hl)?)?"
)
"""After a list of frequencies: a colon, then two or more levels (see
FREQUENCIES_THEN_LEVELS)."""
_CONDUCTION_THEN = re.compile(
    r"\b(?:bone|bc|air|ac)(?:[\s-]+conduction)?(?:\s+thresholds?)?\s*"
    r"(?:was|were|is|are|of|at|:)?\s*(?=-?\d)"
)
"""A conduction named right before a number (see UNITLESS_RANGE)."""
_CONDUCTION_THEN = led(_CONDUCTION_THEN)  # (its first characters looked for first, for speed)
_UNITLESS_RANGE = re.compile(
    r"(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})(?![\d.])"
    r"(?!\s*(?:khz|k\b|hz|%|percent|db|decibels))"
)
"""Two numbers joined by a dash or "to", no unit after them (see UNITLESS_RANGE)."""
_BARE_RANGE_AT = re.compile(
    r"(?<![\w.])(-?\d{1,3})\s*(?:-|–|to)\s*(-?\d{1,3})(?![\d.])"
    r"(?=\s+at\s+\d+(?:\.\d+)?\s*(?:khz|k|hz)?\s*(?:-|–|to)\s*\d)"
)
"""Two numbers joined by a dash or "to", no unit, then "at" and a range of frequencies ("R)
drops to 80-85 @ 6-8k"): levels over those frequencies, as a bare level before "at" is
(BARE_LEVEL; chart shorthand, issue #26 batch 48 WA18), after the words it is said of ("R)
drops to", "Left"): a clause that opens with the range (a line a mail client wrapped after
"ABG") is not read."""
LEVEL_BEYOND = "level from a frequency on"
"""The rule of a level said to hold above a frequency, or from it upwards ("60 dB HL above 2
kHz", "70 dB HL from 4 kHz upwards"): the level of every threshold tested there, up to the
top of the audiogram (a threshold range from that frequency to 8 kHz; review8's leftover)."""
_LEVEL_BEYOND = re.compile(
    r"(?<![\d.\-–])(-?\d{1,3})[ \t]*db(?:[ \t]*hl)?[ \t]+(?:(above|over|beyond)|from)[ \t]+"
    r"(\d+(?:\.\d+)?)[ \t]*(khz|k\b|hz)(?(2)|[ \t]+(?:and[ \t]+)?(?:up(?:wards?)?|above|"
    r"on(?:wards?)?|higher)\b)"
)
"""A level, then "above"/"over"/"beyond" a frequency, or "from" it and "upwards" (see
LEVEL_BEYOND); a bound ("or better from 1 kHz") is not a level there."""
_CHANGE_BEFORE = re.compile(
    r"\b(?:drops?|falls?|dips?|shifts?|differences?|gaps?|changes?|reductions?|increases?|"
    r"by|of\s+(?:about|around|up\s+to))\s+(?:of\s+)?(?:about\s+|around\s+|up\s+to\s+)?$"
)
"""Before the level: a change or a difference ("a drop of 40 dB above 2 kHz"), not a level."""
_EVERY_TRIGGER = re.compile(r"\b(?:every|each|all|throughout|across|flat)\b")
"""A word every level-at-every-frequency phrase needs (see EVERY_FREQUENCY)."""
_LEVEL_EVERYWHERE = re.compile(
    r"(?<![\w.\-–])(-?\d{1,3})\s*(?:db\b(?:\s*hl\b)?)?\s*(?:(?:at|across|for|in|on)\s+(?:every|each|"
    r"all(?:\s+the)?)\s+(?:tested\s+|test\s+|audiometric\s+)?(?:frequenc(?:y|ies)|pitch(?:es)?|"
    r"tones?)\b|throughout\b|across\s+the\s+(?:board|range|frequencies|frequency\s+range)\b)"
    r"|\bflat\s+at\s+(?:about\s+|around\s+|approximately\s+|~\s*)?(-?\d{1,3})(?![\d.])"
    r"(?!\s*(?:khz|k\b|hz|%|[-–]|to\b))"
)
"""One level said to hold at every frequency (see EVERY_FREQUENCY); a range ("5-15 dB
throughout") is read by the range reader."""
_LEVEL_IN_BAND = re.compile(
    r"(?<![\d.\-\u2013])(-?\d{1,3})(?:[ \t]*(?:-|\u2013|to)[ \t]*(\d{1,3}))?[ \t]*db(?:[ \t]*hl)?"
    r"[ \t]+(?:in|across|through|over|at|for)[ \t]+the[ \t]+(low(?:er)?|mid(?:dle)?|high(?:er)?)"
    r"[ \t-]*(?:frequenc(?:y|ies)|pitch(?:es)?|tones?|notes?|end)\b"
)
"""A level or range said of a named band (see BAND_LEVEL)."""
_BAND_THEN_LEVEL = re.compile(
    r"\b(low(?:er)?|mid(?:dle)?|high(?:er)?)[ \t-]*(?:frequenc(?:y|ies)|pitch(?:es)?|tones?|notes?)"
    r"(?:[ \t]+(?:(?:drop|dip|fall|loss)[ \t]+to|(?:thresholds?|levels?)?[ \t]*(?:\(|:|at|are|is|"
    r"were|was)))[ \t]*(?:about|around|approximately|~)?[ \t]*"
    r"(-?\d{1,3})(?:[ \t]*(?:-|\u2013|to)[ \t]*(\d{1,3}))?[ \t]*db"
    r"(?![ \t]*(?:hl[ \t]*)?(?:worse|better|poorer|more|less|lower|higher|greater|apart|gap|"
    r"differen|asymmetr|down|up|improv|change))"
)
"""The same with the band named first: the band's level after a link or a bracket ("the low
tones (50-55 dB)", "high pitches at 60 dB", "a high-frequency drop to 80-85 dB": a drop or
fall "to" a level; "a drop of 30 dB" is its size, not a level; a level compared, "20 dB
worse", is a difference)."""
_OTHER_CONDUCTION_BESIDE = re.compile(
    r"[^.;:\d]{0,30}?\b((?:with|and)\s+(?:the\s+)?(?:(bone|bc)|air|ac)(?:[\s-]+conduction)?"
    r"(?:\s+thresholds?)?\s*(?:at|of|is|was|are|were)?\s*(-?\d{1,3}))(?![\d.])"
    r"(?!\s*(?:khz|k\b|hz|%|[-–]|to\b))"
)
"""After a level at every frequency: the other conduction's level given beside it, with no
frequency ("air 20 at every frequency with bone at 15", "... and bone 15")."""
_NO_LEVEL_BEFORE = re.compile(
    r"(?:\b(?:within|by|than)\s*(?:about|around|approximately|roughly|some|~)?\s*|[±]\s*|"
    r"\+/-\s*|\d\s*(?:-|–|to|and)\s*|\b(?:differen\w*|gaps?|abgs?|asymmetr\w*|interaural|split|"
    r"at most|no more than|worse|better|poorer|improv\w*|chang\w*|(?:other|opposite)\s+"
    r"(?:ear|side))\b[^.;:\d]{0,30})$"
)
"""Before a number that is a tolerance, a change, a gap or the top of a range, not a level
("within 10 dB at every frequency", "poorer by about 5 dB throughout", "between 5 and 20 dB
HL at all frequencies"), or the level of an ear named by a relation ("the other ear ... 10
dB at every frequency"), whose side the carried ear does not give."""
_AFTER_A_LABEL = re.compile(r"[:=]\s*$")
_BOUND_OR_RANGE_BEFORE = re.compile(
    r"(?:[<>≥≤]=?|\b(?:more|less|greater) than|\b(?:over|under|beyond)|\d\s*(?:-|–|to))\s*$"
)
"""Before a bare number that is no level of its own: a bound (">=15 at 3-4k", a
difference) or the top of a range ("20 to 25 at 8k")."""
DIFFERENCE_BEFORE = re.compile(r"\b(?:differ\w*|asymmetr\w*|interaural)\b[^.\d]{0,8}$")
"""Before the frequencies a list of values is paired with: the values are differences
between the ears at those frequencies ("interaural differences at 1, 2 and 4 kHz: 20, 25,
20 dB"), not thresholds. Source: asymmetry criteria for MRI referral (BAA/BSA
retrocochlear screening) are written as differences per frequency."""
_VALUE_REFERRED_TO = re.compile(r"\b(?:the|that|this)\s+$")
"""Before a bare level: a determiner makes "the 20 at 2k" a reference to a value the reply
gave before ("The 20 at 2k is a Carhart notch"), in whatever conduction it was given, not
a new level. Source: English grammar (a definite noun phrase refers back)."""
_CATEGORY_NUMBER = re.compile(
    r"\b(?:class|category|cat\.?|grade|stage|group|tier|band|type|phase|cycle)[ \t]*$"
)
"""Before a bare number: the name of a numbered category, so the number is that category's
("Right exceeds Class 1 at 1 and 2 kHz": a medical certificate's class, whose limits the ear
exceeds at those frequencies; "CTCAE grade 2 at 4 kHz", "category 3 at 6k"), no level in dB
HL. Source: the numbered classes, categories and grades of fitness standards and toxicity
scales (ICAO Annex 1 medical classes, HSE hearing categories, CTCAE grades), which name a
number, not a hearing level."""
_INTEGER = re.compile(r"-?\d+")
_AT_WORD = re.compile(r"\s*(?:hl\s*)?(?:at|across|over|from|between)?\s*")
_PAIR_COMMA = re.compile(r"\s*(?:hl)?\s*,\s*")
_PAIR_TAG = re.compile(r"[\s:=]*(?:(?:(?:is|was|are|were)(?:\s+at)?|(?:sits|lies)\s+at|at)\s+)?")
"""Between a frequency and the level it owns in a list of pairs: nothing, a colon or an equals
sign, or the copula that links them ("1 kHz is 30 dB, 2 kHz 40-45 dB", "500 Hz was 20 dB,
1 kHz 35 dB", "2k at 40, 4k at 55"): the frequency after the bare comma opens the next pair
(issue #26 batch 192 TI28, 30 dB read at the 2 kHz after it)."""
_PAIR_AFTER = re.compile(
    r"\s*(?:hl)?(?:(?<=hl)\s*(?:notch|dip|trough)\s+(?=at\b|@)|"
    r"\s*(?:point|reading|value|threshold|response)\s+(?=at\b|@))?\s*(?:at|@|in|on|for|across|,)?"
    r"\s*"
    r"(?:the\s+|both\s+|each\s+of\s+)?"
)
"""Between a level and the frequencies it is at: a preposition, and "both" or "each of"
before a list ("55 dB at both 3 and 4 kHz": each frequency's level; batch 194 TK17, where
the 3 kHz was not tested)."""
_CHANGED = (
    r"(?:dropped|fallen|fell|risen|rose|worsened|improved|recovered|deteriorated|shifted|declined|"
    r"went|changed|"
    r"moved|gone\s+(?:up|down)|come\s+(?:up|down|back))"
)
"""A verb of change before "to" and the level it reached."""
_PAIR_BEFORE = re.compile(
    r"(?:\)\s*[:=]\s*|[\s:=,(-]*)"
    # the ear it was found in, between the frequency and its level ("the bone conduction at
    # 500 Hz in the left ear is 10 dB HL"): the level is still at that frequency
    r"(?:(?:in|on)\s+(?:the|his|her|their|your|my)\s+(?:right|left)(?:\s+(?:ear|side))?\s+"
    r"(?=(?:is|was|appears|seems)\b))?"
    # the conduction the frequency was measured in, its level in brackets or after a colon
    # ("3000 Hz measured in bone conduction (15 dB)", "250 Hz air conduction: 40 dB")
    r"(?:(?:(?:measured|tested|obtained)\s+)?(?:(?:in|by|with|via)\s+)?(?:air|bone)[\s-]+"
    r"conduction\s*(?:[(:]|\)(?=\s*(?:is|was)\b))\s*)?"
    r"(?:(?:the\s+)?(?:air[\s-]conduction\s+|bone[\s-]conduction\s+)?"
    r"thresholds?\s*|(?:notch|dip|drop|trough)\s+)?(?:(?:which|that)\s+)?"
    # the copula with the word that makes the level approximate ("500 Hz is approximately 45
    # dB HL": batch 160, model replies)
    r"(?:(?:is|was|are|were)\s+(?:approximately|about|around|roughly)|"
    r"is|was|are|were|of|at|(?:measured|recorded)(?:\s+at)?|of about|"
    r"(?:appears|seems)\s+to\s+be(?:\s+(?:around|about|approximately))?|"
    r"c[ao]mes? (?:out|back|in) at|reaching|to|around|approximately|~|"
    # a verb that places the frequency's level: "250 Hz is at 40 dB HL", "4 kHz sits at about
    # 60 dB HL" (batch 152, model replies)
    r"(?:is|was|sits|sat|lies|lay)\s+at(?:\s+(?:approximately|about|around|"
    r"roughly))?|"
    # the level a change reached, today's ("has dropped to 85 dB", "fell by 20 dB to 70")
    r"(?:has\s+|have\s+|had\s+)?" + _CHANGED + r"(?:\s+by\s+)?\s+to)?"
    # the copula's time adverb ("the 8 kHz threshold is now 85 dB HL")
    r"(?:\s+(?:now|today|currently|still))?\s*"
)
"""How a value and its frequency are joined: "20 dB at 500 Hz", "500 Hz: 20 dB", "the
threshold at 4 kHz is 60 dB", "3 kHz came out at 30 dB HL", "left 3 kHz measured 30 dB" (the level
recorded there, "at" left out as in a note), "500 Hz 20 dB, 1 kHz 30 dB",
"the right at 6 kHz, which was 45 dB HL" (a relative clause giving the level at the frequency
named), "3000 Hz measured in bone conduction (15 dB)" (the conduction the frequency was
measured in, then its level: that conduction's threshold there; batch 135, model replies;
"500 Hz (bone conduction) is 45 dB HL", the conduction in brackets: batch 160),
"250 Hz is at 40 dB HL", "4 kHz sits at about 60 dB HL" (a verb placing the frequency's
level), "a 40 dB HL dip at 8 kHz" (in dB HL the level the shape reaches
there, as "a dip to 40 dB HL at 8 kHz"; "a 20 dB notch" is its depth), or a level naming the
point measured there ("a single 40 dB point at 6 kHz", "one 55 dB reading @ 3k": the point's
level). Source: clinic reports."""
_BEFORE_REACH = 45
"""How far before a level its frequency may stand (what stands between is _PAIR_BEFORE's):
"500 Hz in the left ear appears to be around 10 dB HL"."""
_EAR_BETWEEN = re.compile(
    r"\s*(?:hl\s*)?(?:in|on)\s+(?:the|his|her|their|your|my)\s+(?:right|left)(?:\s+(?:ear|side))?"
    r",?\s+(?:at|@)\s*"
)
"""The ear a level was found in, between the level and its frequency ("90 dB in his left ear
at 500 Hz", "40 dB on the right at 2 kHz"): the level is still at that frequency."""
_GAP_BREAK = re.compile(r"\b(?:but|however|whereas|while|though|although|yet|except)\b|\bhl\b")
"""What ends a gap's reach over the values after it: a contrast, or a level in dB HL (a
gap is a difference in dB). Source: clinic reports."""


def threshold_claims(
    low: str,
    ear: str | None,
    hedged: bool,
    default_conduction: str = "air",
    averages: set[int] | frozenset[int] = frozenset(),
    frequency: int | None = None,
    span: tuple[int, int] | None = None,
    bone_aside: bool = False,
) -> list[Claim]:
    """Return the threshold claims of a lower-cased clause about ``ear`` ("right", "left",
    "both" or None), in reading order: ranges, then lists of values, then no responses.

    A value's conduction is the one named last before it (bone/BC, air/AC, an air-bone gap),
    else ``default_conduction`` (the sentence's). ``averages`` are where the clause's
    pure-tone averages start (their numbers are no thresholds). A single value with no
    frequency of its own is at ``frequency``, the one its sentence opens with ("At 1 kHz the
    left ear's air threshold is 30 dB"), when there is one. ``bone_aside``: a bone
    ``default_conduction`` was named by an aside with no bone level above 4 kHz ("bone
    normal", "... with bone 20/25": statements._bone_aside), so it does not reach above
    :data:`BONE_TESTED_UP_TO`.
    """
    clause = _Clause(low, ear, hedged, lexicon.conduction_marks(low), default_conduction, averages)
    clause.bone_aside = bone_aside
    clause.span = span if span and not _names_own_frequency(low) else None
    _ranges(clause)
    _lists(clause, frequency)
    _no_responses(clause)
    _bare_levels(clause)
    if frequency is not None and not clause.out:
        _bare_level_of_the_opening_frequency(clause, frequency)
    _frequencies_then_levels(clause)
    if "." in low and not clause.out:
        _decimal_row_level(clause)
    _unitless_ranges(clause)
    if "db" in low and ("ove" in low or "beyond" in low or "from" in low):
        _levels_beyond_a_frequency(clause)
    if _EVERY_TRIGGER.search(low):
        _levels_at_every_frequency(clause)
    if "db" in low and ("low" in low or "mid" in low or "high" in low):
        _levels_in_a_band(clause)
    if ("bone" in low or "bc" in low) and not clause.out:
        _bone_row(clause)
    return clause.out


_LEVEL = r"(?:1[0-3]\d|-?\d{1,2})(?!\d)"
_BONE_ROW = re.compile(
    r"[\s*_>|-]*(?:bone(?:[\s-]+conduction)?|bc)(?:\s+(?:thresholds?|levels?))?"
    r"(?:\s*\([^()\n]{0,30}\))?[ \t]*(?:[:=\u2013\u2014]|-+)?[ \t]*"
    r"(?:(?:right|left|r|l)\b(?:[ \t]+ear)?[ \t]*[:=]?[ \t]*)?"
    rf"({_LEVEL}(?:(?:[ \t]*[,/][ \t]*|[ \t]+){_LEVEL})+)"
    r"(?![ \t]*[,/]?[ \t]*[\d.]|[ \t]*(?:db|decibels|%|khz|hz|k\b|ms|ml))"
)
"""A row of bone-conduction levels with no unit, opening its clause ("BONE: R 5 5 10 5",
"Bone: right 15, 15, 25, 45", "BC L 10/10/15/20"): a chart's or printout's bone row, the
frequencies given by its columns or a range after it. A case without bone conduction makes
it fabricated, as a bone level with no frequency is. Not a row of frequencies (250 500 ...,
0.5 1 2 4 kHz)."""


def _bone_row(c: _Clause) -> None:
    """A row of unitless bone levels opening the clause (:data:`_BONE_ROW`): a bone level
    with no frequency, judged only in a case without bone conduction."""
    m = _BONE_ROW.match(c.low)
    if m:
        values = [int(x) for x in _INTEGER.findall(m.group(1))]
        c.claim("bone_level", values[0], m.group(0).strip(), "bone level, no frequency", "bone",
                (), max(values))  # fmt: skip


_HZ_NAMED = re.compile(r"\d\s*(?:khz|k\b|hz)")


def _names_own_frequency(low: str) -> bool:
    """Return True when a clause names a frequency besides the span its sentence opens with
    ("...; 250 Hz and 8 kHz only 15-20 dB HL"): its levels are at those."""
    opening = lexicon.OPENING_FREQUENCY_RANGE.match(low)
    return bool(_HZ_NAMED.search(low, opening.end() if opening else 0))


BONE_TESTED_UP_TO = 4000
"""The highest frequency bone conduction is tested at (Hz): BSA 2018 recommended procedure,
bone conduction at 500-4000 Hz (a bone vibrator's output and its airborne radiation limit it
above 4 kHz)."""
_RECOVERY_OPENS = re.compile(
    r"[\s(-]*(?:and\s+|then\s+)?(?:recover(?:s|ing|ed)?|back\s+(?:up\s+)?to|"
    r"(?:return|ris|improv|fall|dropp?|declin|dipp?|slop)(?:s|es|ing)?\s+(?:again\s+|back\s+)?"
    r"(?:up\s+|down\s+)?to)\b"
)
"""A clause opening with the curve's course ("recovering to 30 at 8 kHz", "back up to 20-25
at 8 kHz", "falling again to 50 dB HL at 8 kHz"): after a bone value ("65 at 4 kHz, masked
bone 60 at 4 kHz, recovering to 30 at 8 kHz") the course named on to 6-8 kHz is the air
curve's, which notches, recovers and falls there (Coles, Lutman and Buffin 2000): a bone
level carried from the clause before does not reach above :data:`BONE_TESTED_UP_TO`, where
bone is not tested. A course that names bone itself ("bone recovering to 20 at 8 kHz")
keeps it."""


@dataclass
class _Clause:
    """A clause being read: its text, ear, conduction marks, the spans used and the claims."""

    low: str
    ear: str | None
    hedged: bool
    marks: list[tuple[int, str]]
    default_conduction: str
    averages: set[int] | frozenset[int]
    used: list[tuple[int, int]] = field(default_factory=list)
    bone_levels: list[tuple[int, int]] = field(default_factory=list)
    out: list[Claim] = field(default_factory=list)
    span: tuple[int, int] | None = None  # the frequencies the sentence opens with
    bone_aside: bool = False  # the bone carried in was an aside (statements._bone_aside)
    range_bottoms: dict[int, int] = field(default_factory=dict)  # RANGE_AT_ONE_FREQUENCY

    @cached_property
    def names_a_frequency(self) -> bool:
        """True when the clause names a frequency, a region or a shape anywhere (searched
        once: a clause with many levels is read in linear time)."""
        return bool(FREQ_MENTION.search(self.low))

    @cached_property
    def freq_lists(self) -> list[tuple[int, int, re.Match[str]]]:
        """The clause's frequency lists (:data:`FREQ_LIST`), each with its two ends: found once
        for the readers that pair values with them."""
        return [(fm.start(), fm.end(), fm) for fm in FREQ_LIST.finditer(self.low)]

    @property
    def carried(self) -> bool:
        """True when the sentence's conduction is a gap ("air-bone gap ...; 30 dB at ...")."""
        return self.default_conduction == "gap"

    @cached_property
    def sentence_starts(self) -> list[int]:
        """Where a sentence the clause runs on into opens with a number
        (:data:`lexicon.NUMBER_OPENS_SENTENCE`: "... no conductive component. 8 kHz 60 dB HL
        both ears"), found once per clause."""
        if "." not in self.low:
            return []
        return [m.end() for m in lexicon.NUMBER_OPENS_SENTENCE.finditer(self.low)]

    def conduction_at(self, position: int) -> str:
        """Return the conduction named last before ``position`` (else the sentence's); a
        conduction named in an earlier sentence does not reach a level in the next one, which
        is air unless it names its own ("Bone 25-30 dB HL at 500-1000 Hz, within 10 dB of air
        - no conductive component. 8 kHz 60 dB HL both ears": 60 is air)."""
        index = bisect.bisect_left(self.marks, (position, "")) - 1
        if self.sentence_starts:
            named_at = self.marks[index][0] if index >= 0 else -1
            k = bisect.bisect_right(self.sentence_starts, position) - 1
            if k >= 0 and self.sentence_starts[k] > named_at:
                return "air"
        return self.marks[index][1] if index >= 0 else self.default_conduction

    @cached_property
    def recovers(self) -> bool:
        """True when a bone carried in does not reach above :data:`BONE_TESTED_UP_TO`: the
        clause opens with the curve's course ("recovering to", "falling again to",
        :data:`_RECOVERY_OPENS`) or the bone was named by an aside (statements._bone_aside:
        "bone normal, except the right at 6 kHz which was 45"), and the clause names no bone
        itself."""
        return bool(self.bone_aside or _RECOVERY_OPENS.match(self.low)) and all(
            k != "bone" for _, k in self.marks
        )

    def claim(self, kind: str, value, text: str, rule: str, conduction: str = "air",
              freqs: tuple[int, ...] = (), high=None, *more_rules: str) -> None:  # fmt: skip
        """Add a claim of this clause's ear."""
        if conduction == "bone" and freqs and min(freqs) > BONE_TESTED_UP_TO and self.recovers:
            conduction = "air"  # "masked bone 60 at 4 kHz, recovering to 30 at 8 kHz"
        ear = self.ear
        ears = () if ear is None else ("right", "left") if ear == "both" else (ear,)
        qualifier = Qualifier.HEDGED if self.hedged else Qualifier.ASSERTED
        self.out.append(
            Claim(kind, ears, value, qualifier, conduction, freqs, high, text, (0, 0),
                  (rule, *more_rules))
        )  # fmt: skip


def _frequency_span(f: re.Match) -> tuple[int, int] | None:
    """Return the two ends (Hz) of a FREQ_RANGE match, None when one is not a frequency."""
    f1 = lexicon.to_hz(f.group(1), f.group(2) or f.group(4))
    f2 = lexicon.to_hz(f.group(3), f.group(4))
    return None if f1 is None or f2 is None else (f1, f2)


def _ranges(c: _Clause) -> None:
    """Ranges: "20-30 dB HL at 250-1000 Hz", a range for a whole ear, a gap's size over a
    range of frequencies."""
    low = c.low
    if not lexicon.may_hold(low, "db", "decibels"):  # what DB_RANGE needs
        return
    for m in lexicon.DB_RANGE.finditer(low):
        gap = c.conduction_at(m.start()) == "gap"
        skipped = m.start() in c.averages or _not_a_threshold(low, m, gap)
        if skipped or gap:
            bisect.insort(
                c.used, m.span()
            )  # "worse by 15-25 dB": neither end is a threshold either
            if skipped:
                continue
        _range(c, m, gap)


_ONE_FREQUENCY_AFTER = re.compile(
    r"[ \t]*(?:at|@)[ \t]*(\d+(?:\.\d+)?)[ \t]*(khz|k\b|hz)"
    r"(?![ \t]*(?:,|and|&|/)[ \t]*\d+(?:\.\d+)?[ \t]*(?:,|and|&|/|khz|k\b|hz))"
)
"""After a range of levels: one frequency ("15-30 dB at 8 kHz"; a span there is FREQ_RANGE's),
not the first of a list of them ("5-10 dB at 500 Hz, 1, 2 and 4 kHz": each one's level)."""
RANGE_AT_ONE_FREQUENCY = "dB range at one frequency"
"""The rule of a range of levels at one frequency ("both ears recover to 15-30 dB at 8 kHz",
"35-40 dB at 4 kHz"): its top is read as the level there (``value``) with the range's
bottom (``value_high`` holds it), and the level there lies in the range, or for both ears
each ear's level does (a range given for the two ears spans their two values): judged within
the tolerance of the range, not of its top alone, which made a true range over two ears
wrong for the ear at its bottom (issue #26 batch 189 TF48)."""


def _range(c: _Clause, m: re.Match, gap: bool) -> None:
    """One range of levels: over the frequencies named after it, as a gap's size there, or
    with no frequency (_unplaced_range)."""
    low = c.low
    after = low[m.end() : m.end() + 40]
    f = FREQ_RANGE.match(after.lstrip(" ,").removeprefix("at ").removeprefix("across ")
                          .removeprefix("from ").removeprefix("between "))  # fmt: skip
    lo_db, hi_db = sorted((int(m.group(1)), int(m.group(2))))
    span = _frequency_span(f) if f else None
    if gap:
        # "air-bone gaps of 30-40 dB at 250-1000 Hz": the gap's size at each frequency
        if span and _gap_size_bound(c, m.start(), m.end()):
            c.claim("air_bone_gap_size", lo_db, m.group(0) + " " + f.group(0),
                    "gap size over a frequency range", "air", span, hi_db)  # fmt: skip
        return
    if not f and _ONE_FREQUENCY_AFTER.match(after):
        # "both recover to 15-30 dB at 8 kHz": its top is read at that frequency as a level
        # (_list_claims), judged with the range's bottom (RANGE_AT_ONE_FREQUENCY)
        c.range_bottoms[m.start(2)] = lo_db
    if not f:
        if c.span and not _bone_named(low, m):
            # "At 6-8 kHz the right ear is 80-85 dB HL": over the span the sentence opens with
            bisect.insort(c.used, m.span())
            c.claim("threshold_range", lo_db, m.group(0), "dB range over the opening span",
                    c.conduction_at(m.start()), c.span, hi_db)  # fmt: skip
            return
        _unplaced_range(c, m, lo_db, hi_db)
        return
    bisect.insort(c.used, m.span())
    if span:
        c.claim("threshold_range", lo_db, m.group(0) + " " + f.group(0),
                "dB range over a frequency range", c.conduction_at(m.start()), span,
                hi_db)  # fmt: skip


def _unplaced_range(c: _Clause, m: re.Match, lo_db: int, hi_db: int) -> None:
    """A dB range with no frequency after it: a bone level with no frequency (fabricated in a
    case without bone conduction), or one ear's (or each of both ears') whole-ear range when
    its clause names no frequency, region or shape at all ("thresholds were 15-20 dB HL in
    both ears")."""
    if _RELATIVE_AFTER.match(c.low, m.end()):
        bisect.insort(c.used, m.span())  # "bone 0-5 dB from air": a distance, no level
        return
    bone = _bone_named(c.low, m)
    ears = EARS if bone else (*EARS, "both")  # both ears' bone: the bone level as before
    whole_ear = c.ear in ears and not c.names_a_frequency
    either = _of_either_ear(c, m, _named_conduction(c.low, m))
    if whole_ear or (either and not bone):
        bisect.insort(c.used, m.span())
    elif bone:
        bisect.insort(c.bone_levels, m.span())
    else:
        return
    conduction = c.conduction_at(m.start())
    if bone:
        rules = (WHOLE_EAR,) if whole_ear else ()
        c.claim("bone_level", lo_db, m.group(0), "bone level, no frequency", conduction, (),
                hi_db, *rules)  # fmt: skip
    elif whole_ear:
        c.claim("threshold_range", lo_db, m.group(0), WHOLE_EAR, conduction, (), hi_db)
    if either:
        # in a case without bone conduction the bone level above is the finding
        rules = (INSIDE_BONE_LEVEL,) if bone else ()
        c.claim("threshold_range", lo_db, m.group(0), EITHER_EAR, conduction, (), hi_db,
                *rules)  # fmt: skip


def _lists(c: _Clause, frequency: int | None) -> None:
    """Lists of values with their frequencies ("25, 30 and 45 dB HL at 0.5, 1 and 2 kHz")."""
    low = c.low
    if not lexicon.may_hold(low, "db", "decibels"):  # what DB_LIST needs
        return
    freq_lists = c.freq_lists
    for m in DB_LIST.finditer(low):
        if _inside(c.used, m.start()):
            continue
        inside = _inside(c.bone_levels, m.start())
        before = len(c.out)
        _list(c, m, freq_lists, frequency, inside)
        if inside:
            c.out[before:] = [
                replace(x, rules=(*x.rules, INSIDE_BONE_LEVEL)) for x in c.out[before:]
            ]


_BARE_LEVEL_SAID = re.compile(
    # (or the ear itself: "At the low end, 250 Hz, the left was 60")
    r"(?:\b(?:reading|level|threshold|result|the\s+(?:right|left)(?:\s+(?:ear|side))?)"
    r"\s+(?:is|was)\s+|"
    r"\b(?:is|was|were|are|'s|'re|came\s+out)\s+at\s+)(?:about\s+|around\s+)?"
    r"(-?\d{1,3})(?!\d|[.,]\d|\s*(?:khz|k\b|hz|%|percent|years?|months?|weeks?|days?|db|"
    r"decibels|ml|o'clock|am\b|pm\b))"
)
"""A bare number given as a reading ("the reading was 70"), as an ear's ("the left was 60"),
or as where the hearing is ("you're at 55", "it came out at 60"), with no unit after it."""


def _bare_level_of_the_opening_frequency(c: _Clause, frequency: int) -> None:
    """A bare number said of the frequency the sentence opens with ("At 3 kHz on the left
    you're at 55", "at 1000 Hz the reading was 70"): its level, as a spoken result leaves
    out "dB" (rule BARE_LEVEL; telephone calls and consultations, issue #26 batches 57-58,
    used as tuning data). Only in a clause with no other threshold read."""
    for m in _BARE_LEVEL_SAID.finditer(c.low):
        if _inside(c.used, m.start(1)) or _not_a_threshold(c.low, m):
            continue
        c.claim("threshold", int(m.group(1)), m.group(0), "dB value at a frequency",
                c.conduction_at(m.start()), (frequency,), None, BARE_LEVEL)  # fmt: skip
        return


_AT_NUMBER = re.compile(
    r"\s+(?:(?:in|on)\s+(?:the|his|her|their|your|my)\s+(right|left)(?:\s+(?:ear|side))?,?\s+)?"
    r"at\s+"
)
"""The "at" between a bare level and its frequency, past the ear named between them, which is
the level's ear ("twenty-five on the left at 500"; BARE_LEVELS looks ahead to it)."""


def _bare_levels(c: _Clause) -> None:
    """Levels written without "dB" before "at" and a frequency, read as a list of dB values
    is (rule BARE_LEVEL on each claim). A bare level is a level only by the frequency after
    its "at": when no frequency is read there ("sixty at 6 and 8" with no unit), it is paired
    with no other one (a frequency said before it belongs to the level before)."""
    low = c.low
    if " at " not in low:
        return
    freq_lists = c.freq_lists
    starts = {start for start, _, _ in freq_lists}
    for m in BARE_LEVELS.finditer(low):
        at = _AT_NUMBER.match(low, m.end())
        if (
            # "60 at 6 and 8": no frequency (nor range of them) after "at", none of its own
            (at.end() not in starts and not FREQ_RANGE.match(low, at.end()))
            or _inside(c.used, m.start())
            or _BOUND_OR_RANGE_BEFORE.search(low, max(0, m.start() - 15), m.start())
            or _VALUE_REFERRED_TO.search(low, max(0, m.start() - 6), m.start())
            or _CATEGORY_NUMBER.search(low, max(0, m.start() - 10), m.start())
        ):
            continue
        before = len(c.out)
        ear = c.ear
        c.ear = at.group(1) or ear  # "still 50 on the right at 8 kHz": the right's
        _list(c, m, freq_lists, None, False)  # a number before "at" is in no dB range
        c.ear = ear
        c.out[before:] = [replace(x, rules=(*x.rules, BARE_LEVEL)) for x in c.out[before:]]


_ITEM_MARK = re.compile(r"[\s*\u2022-]*")
_ROW_LABEL = re.compile(r"[\s*\u2022-]*(?:(?:air|bone)[ \t-]+conduction[ \t]*:[ \t]*)?")
"""Before one frequency and a level in decimals: list marks and the conduction label of an
ear's line ("Right ear, bone conduction: 150 Hz: 19.8 dB HL", the form audiogram exports write
one value a line in; the ear is read before the clause). The label names the row as a heading
above a list item does, so the frequency and its level are an item of their own
(:data:`DECIMAL_LEVEL`); an integer level there is read by the dB-value reader already."""
_LEVEL_AFTER_COLON = re.compile(
    r"(?:[ \t]*\([^()\n]{1,30}\))?"
    r"\s*[:=]\s*(-?\d{1,3}(?:\.\d{1,2}(?=[ \t]*db[ \t]*hl\b))?)(?!\w|\.\d)(?:\s*db\b(?:\s*hl)?)?"
)
_LEVEL_AFTER_COLON_OF_AN_EAR = re.compile(
    r"(?:[ \t]*\([^()\n]{1,30}\))?"
    r"\s*[:=]\s*(-?\d{1,3}(?:\.\d{1,2}(?=[ \t]*db\b(?![ \t]*" + lexicon.OTHER_DB_SCALE + r"\b)))?)"
    r"(?!\w|\.\d)(?:\s*db\b(?:\s*hl)?)?"
)
"""As :data:`_LEVEL_AFTER_COLON`, in a clause of one ear's row: there a decimal in dB with no
scale named is the ear's hearing level ("Right ear, air conduction: 1000 Hz: 7.9 dB", batch
179 QB39), as the row's label names the ear's results; another scale ("dB SPL") is not."""
"""After one frequency: a colon or an equals sign (a form's "450 Hz = 7.8 dB HL"), then one
level (see :func:`_item_alone`), in decimals only with "dB HL" after it
(:data:`DECIMAL_LEVEL`); an aside in brackets may stand between the frequency and its sign
("450 Hz (15% of the sound) = 7.8 dB HL": the level is still the frequency's; issue #26
batch 143, real-model text)."""
DECIMAL_LEVEL = "level in decimals at one frequency"
"""The rule of a level written with decimals as one frequency's own item ("2499 Hz: 36.7 dB
HL"): a threshold claim there. Thresholds are found in 5 dB steps (BSA 2018; ISO 8253-1),
but automated and Bekesy audiometry and averaged sessions report finer levels, and a level
in dB HL set against one frequency, as its own list item, states the hearing level there
whatever its precision (judged within the dB tolerance like any other). Only there: a
decimal value after a list or a range of frequencies, or after an average's name, is the
average's ("PTA (0.5-4 kHz): 37.5 dB HL", "a 4FA of 36.25"), which the average reader reads;
a decimal in dB with no "HL" is no hearing level ("RETSPL at 1 kHz: 7.0 dB SPL") except in
an ear's row (:data:`_LEVEL_AFTER_COLON_OF_AN_EAR`), and the
integer reader's other rules still never read "37.5 dB" as 5 dB (issue #26 batch 117, the
replies of a small local model)."""


def _item_level(low: str, freq: re.Match[str], ear: str | None) -> re.Match[str] | None:
    """Return the level after one frequency and a colon ("3k: 50"), or None; ``ear``: the
    clause's (:data:`_LEVEL_AFTER_COLON_OF_AN_EAR`)."""
    level = _LEVEL_AFTER_COLON_OF_AN_EAR if ear in EARS else _LEVEL_AFTER_COLON
    m = level.match(low, freq.end())
    return m if m and len(lexicon.freqs_of(freq.group(1), freq.group(2))) == 1 else None


_ITEM_BEFORE = re.compile(
    r"(?:hz|khz)[ \t]*[:=][ \t]*-?\d{1,3}(?:\.\d{1,2})?[ \t]*db(?:[ \t]*hl)?[ \t]*,[ \t]*$"
)
_ITEM_AFTER = re.compile(r"[ \t]*,[ \t]*\d{1,5}(?:\.\d+)?[ \t]*(?:hz|khz)[ \t]*[:=]")
"""Items of a row of "frequency: level" pairs parted by commas, before and after a decimal
item ("Right ear, air conduction: 1000 Hz: 7.9 dB, 6000 Hz: 8.3 dB"): each pair is still an
item of its own, as with semicolons (batch 179 QB39)."""


def _item_alone(low: str, freq: re.Match[str], levels: re.Match[str]) -> bool:
    """Return whether one frequency, a colon and one level are the whole clause, a list item
    of their own ("- 3k: 50" under an ear's line, as slides and chart notes write it); a
    decimal item may stand among other pairs parted by commas (:data:`_ITEM_BEFORE`)."""
    if "." not in levels.group(1):
        return _ITEM_MARK.fullmatch(low, 0, freq.start()) is not None and not low[
            levels.end() :
        ].strip(" \t.;")
    start = freq.start()
    head = _ROW_LABEL.fullmatch(low, 0, start) is not None or bool(
        _ITEM_BEFORE.search(low, max(0, start - 40), start)
    )
    tail = not low[levels.end() :].strip(" \t.;") or bool(_ITEM_AFTER.match(low, levels.end()))
    return head and tail


FREQUENCY_LISTED = re.compile(
    r"[\s*\u2022-]*(?:(air|bone)[ \t-]+conduction[ \t]*:[ \t]*)?"
    r"(\d{2,5}(?:\.\d+)?)[ \t]*(hz|khz)"
    r"(?:[ \t]*(?:-|\u2013|to)[ \t]*(\d{2,5}(?:\.\d+)?)[ \t]*(hz|khz))?"
    r"(?:[ \t]*\((?:masked|no[ \t]+response)\))?[ \t.]*"
)
"""A clause that is only a frequency (or a span of them), with at most its row's conduction
label before it and a masking or no-response mark after it, in an ear's row ("Right ear, air
conduction: 300 Hz; ...", "...; 4000 Hz; 6000 Hz; 9000 Hz", "air conduction: 800 Hz to 1000
Hz (masked)"): the frequency as an item of the ear's row of results says it was tested in
that ear and conduction, as an audiogram form lists its test frequencies (BSA 2018 pure-tone
audiometry). A frequency the audiogram lacks there is named with no level: no result by
itself, counted as fabricated beside another error of the reply (judges.judge_frequency_listed;
issue #26: the copied rows of a small local model's replies, batches 124, 135 and 143, and
batch 179 QB35's "Bone conduction: 3000 Hz", correct by the convention). Matched whole, only
with an ear: the frequency with a level, a region, or any other word is read by the other
readers or not at all."""
FREQUENCY_LISTED_RULE = "frequency listed in an ear's row"


def frequency_listed_claims(low: str, ear: str, hedged: bool, conduction: str) -> list[Claim]:
    """Return a claim per frequency that a clause lists alone in an ear's row
    (FREQUENCY_LISTED): tested in that ear, in the conduction its label or its sentence names."""
    m = FREQUENCY_LISTED.fullmatch(low)
    if m is None:
        return []
    conduction = m.group(1) or (conduction if conduction in ("air", "bone") else "air")
    ends = [(m.group(2), m.group(3))] + ([(m.group(4), m.group(5))] if m.group(4) else [])
    out = []
    for number, unit in ends:
        hz = lexicon.to_hz(number, unit)
        if hz is None:
            continue
        claim = _clause_claim("frequency_listed", ear, hz, hedged, m.group(0).strip(),
                              FREQUENCY_LISTED_RULE, (hz,))  # fmt: skip
        out.append(replace(claim, conduction=conduction))
    return out


def _frequencies_then_levels(c: _Clause) -> None:
    """Levels listed after a colon that ends a list of as many frequencies, in order
    ("500, 2k and 4k: 25, 40, 55"), or one frequency and its level as a list item of its
    own ("- 3k: 50"); the conduction is the one named before the list."""
    if ":" not in c.low:
        return
    for _, _, fm in c.freq_lists:
        m = _LEVELS_AFTER_COLON.match(c.low, fm.end()) or _item_level(c.low, fm, c.ear)
        labelled = _AFTER_A_LABEL.search(c.low, max(0, fm.start() - 4), fm.start())
        if labelled and m and "." in m.group(1) and _ROW_LABEL.fullmatch(c.low, 0, fm.start()):
            labelled = None  # "bone conduction: 150 Hz: 19.8 dB HL": the row's label
        if not m or labelled or _inside(c.used, m.start(1)):
            continue  # "250 Hz: 10/50, 500 Hz: 10/45": the values of a label, not a list
        if lexicon.labelled_otherwise(c.low, fm.start()):
            continue  # "REM target at 2k and 4k: 30, 35": the values of another measure
        if DIFFERENCE_BEFORE.search(c.low, max(0, fm.start() - 20), fm.start()):
            continue  # "the asymmetry at 2 and 4 kHz: 25 and 30 dB": no thresholds
        freqs = lexicon.freqs_of(fm.group(1), fm.group(2))
        decimal = "." in m.group(1)
        values = [float(m.group(1))] if decimal else [int(x) for x in _INTEGER.findall(m.group(1))]
        if len(values) != len(freqs) or (len(freqs) < 2 and not _item_alone(c.low, fm, m)):
            continue  # one frequency and one level: only as a list item of their own
        conduction = c.conduction_at(fm.start())
        if conduction == "gap":
            continue
        more = (DECIMAL_LEVEL,) if decimal else ()
        for value, freq in zip(values, freqs, strict=True):
            c.claim("threshold", value, fm.group(0) + m.group(0), FREQUENCIES_THEN_LEVELS,
                    conduction, (freq,), None, *more)  # fmt: skip


def _unitless_ranges(c: _Clause) -> None:
    """Ranges without unit right after a conduction ("bone conduction was 0 to 5") or right
    before "at" and a range of frequencies ("80-85 at 6-8k"), read as dB ranges are (rule
    UNITLESS_RANGE, or BARE_LEVEL, on each claim)."""
    low = c.low
    for cm in _CONDUCTION_THEN.finditer(low):
        m = _UNITLESS_RANGE.match(low, cm.end())
        if m is None or _inside(c.used, m.start()) or _not_a_threshold(low, m):
            continue
        before = len(c.out)
        _range(c, m, c.conduction_at(m.start()) == "gap")
        c.out[before:] = [replace(x, rules=(*x.rules, UNITLESS_RANGE)) for x in c.out[before:]]
    if " at " not in low:
        return
    for m in _BARE_RANGE_AT.finditer(low):
        if _inside(c.used, m.start()) or _not_a_threshold(low, m):
            continue
        if not low[: m.start()].strip(" \t*-"):
            continue  # a clause that opens with it names nothing it is of (a wrapped line)
        before = len(c.out)
        _range(c, m, c.conduction_at(m.start()) == "gap")
        c.out[before:] = [replace(x, rules=(*x.rules, BARE_LEVEL)) for x in c.out[before:]]


def _levels_beyond_a_frequency(c: _Clause) -> None:
    """A level said to hold above a frequency or from it upwards (rule LEVEL_BEYOND): a
    threshold range from that frequency (the next one, for "above") to 8 kHz."""
    for m in _LEVEL_BEYOND.finditer(c.low):
        if (
            _inside(c.used, m.start())
            or _not_a_threshold(c.low, m)
            or _CHANGE_BEFORE.search(c.low, max(0, m.start() - 24), m.start())
        ):
            continue
        hz = lexicon.to_hz(m.group(3), m.group(4))
        higher = [f for f in FREQUENCIES if (f > hz if m.group(2) else f >= hz)]
        conduction = c.conduction_at(m.start())
        if hz is None or not higher or conduction == "gap":
            continue
        value = int(m.group(1))
        c.claim("threshold_range", value, m.group(0), "level over a frequency range",
                conduction, (higher[0], higher[-1]), value, LEVEL_BEYOND)  # fmt: skip


def _levels_at_every_frequency(c: _Clause) -> None:
    """One level said to hold at every frequency, and the other conduction's level beside it
    (rule EVERY_FREQUENCY): a threshold range with no frequency, judged at every threshold."""
    low = c.low
    for m in _LEVEL_EVERYWHERE.finditer(low):
        at = m.start(1) if m.group(1) is not None else m.start(2)
        if (
            _inside(c.used, at) or at in c.averages or lexicon.labelled_otherwise(low, at)
            or _NO_LEVEL_BEFORE.search(low, max(0, at - 45), at)
            or c.conduction_at(at) == "gap"
        ):  # fmt: skip
            continue
        value = int(m.group(1) if m.group(1) is not None else m.group(2))
        # "air 40 dB HL at every frequency": the whole-ear level of its value says less
        c.out = [x for x in c.out if not (WHOLE_EAR_LEVEL in x.rules and x.value == value)]
        c.claim("threshold_range", value, m.group(0), EVERY_FREQUENCY, c.conduction_at(at),
                (), value)  # fmt: skip
        beside = _OTHER_CONDUCTION_BESIDE.match(low, m.end())
        if beside:
            level = int(beside.group(3))
            c.claim("threshold_range", level, beside.group(1), EVERY_FREQUENCY,
                    "bone" if beside.group(2) else "air", (), level)  # fmt: skip


def _levels_in_a_band(c: _Clause) -> None:
    """A level or range said of a named band of frequencies (rule BAND_LEVEL): a threshold
    range over the band, judged against the thresholds there."""
    low = c.low
    found = [(m, 1) for m in _LEVEL_IN_BAND.finditer(low)] if " the " in low else []
    for m, first in found + [(m, 2) for m in _BAND_THEN_LEVEL.finditer(low)]:
        at = m.start(first)
        if (
            _inside(c.used, at) or at in c.averages or lexicon.labelled_otherwise(low, at)
            or _NO_LEVEL_BEFORE.search(low, max(0, at - 45), at)
            or _CHANGE_BEFORE.search(low, max(0, at - 24), at)
            or c.conduction_at(at) == "gap"
        ):  # fmt: skip
            continue
        value = int(m.group(first))
        high = int(m.group(first + 1)) if m.group(first + 1) else value
        if high < value:
            continue
        band = lexicon.BANDS[m.group(3 if first == 1 else 1)]
        c.out = [x for x in c.out if not (WHOLE_EAR_LEVEL in x.rules and x.value == value)]
        c.claim("threshold_range", value, m.group(0), BAND_LEVEL, c.conduction_at(at), band,
                high)  # fmt: skip


def _inside(spans: list[tuple[int, int]], position: int) -> bool:
    """Return True when ``position`` is inside one of ``spans`` (in text order, disjoint: the
    ranges' matches), found by bisection so a clause with many ranges reads in n log n."""
    index = bisect.bisect_right(spans, (position, float("inf"))) - 1
    return index >= 0 and position < spans[index][1]


def _list(c: _Clause, m: re.Match, freq_lists: list, frequency: int | None, inside: bool) -> None:
    """Read one list of dB values (``inside`` a bone range with no frequency)."""
    low = c.low
    gap = c.conduction_at(m.start()) == "gap"
    values = _list_values(c, m, gap)
    if values is None:
        return
    over = FREQ_RANGE.match(low, m.end() + len(_AT_WORD.match(low, m.end()).group(0)))
    if len(values) == 1 and over and _value_over_range(c, m, values[0], over, gap):
        return
    freqs = _pair_frequencies(low, m, freq_lists)
    if not freqs and frequency is not None and len(values) == 1:
        freqs = [frequency]
    if not freqs:
        if not (gap or inside):
            _unplaced_level(c, m, values)
        return
    if len(values) == 1:
        values = values * len(freqs)
    if len(values) == len(freqs):
        _list_claims(c, m, values, freqs, gap)


_LOSS_LEVEL_BEFORE = re.compile(
    r"\b(?:hearing\s+loss|(?:hearing\s+)?impairment)\s+(?:is|was|of|measures|measured\s+at|"
    r"amounts\s+to)\s+"
    r"(?:(?:approximately|approx\.?|about|around|roughly|nearly|almost|~)\s*)?$"
)
"""Before a level: the hearing loss it is the level of ("the patient's hearing loss is
approximately 120 dB HL", "a hearing loss of 40 dB"): the level of the loss as a whole, the
hearing level in dB HL the ear's air thresholds lie at (WHO 2021 grades a loss by that level),
so a whole-ear air level (LOSS_LEVEL). So is the level of a hearing impairment, the WHO 2021
word for the same loss ("has a hearing impairment of 71 dB": model text, issue #26 batch 143,
used as tuning data)."""
_LOSS_WORDS = ("loss", "impairment")
"""The words one of which :data:`_LOSS_LEVEL_BEFORE` needs (a cheap test first, for speed)."""
_LOSS_REACH = 60
_BOUND_AFTER = re.compile(
    r"\s*(?:hl\b\s*)?(?:or\s+(?:more|greater|worse|above|higher|over|poorer)|and\s+(?:above|over|"
    r"more|worse)|\+|(?:at\s+)?(?:minimum|least))\b"
)
"""After a level: a bound ("a hearing loss of 25 dB HL or more", "40 dB+"), a criterion's
least level, not a level of this ear."""
LOSS_LEVEL = "level of the hearing loss"
"""The rule of a level given as the hearing loss's own (:data:`_LOSS_LEVEL_BEFORE`), read as
the air-conduction level of the ear (or, with no ear named, of either ear) in a clause that
names no frequency, region or shape; not a bound (:data:`_BOUND_AFTER`). Issue #26 batch 117
(the replies of a small local model)."""


def _level_of_the_loss(c: _Clause, m: re.Match) -> bool:
    """Return whether the dB value ``m`` is the hearing loss's own level (LOSS_LEVEL)."""
    start = max(0, m.start() - _LOSS_REACH)
    return (
        any(w in c.low[start : m.start()] for w in _LOSS_WORDS)
        and _LOSS_LEVEL_BEFORE.search(c.low, start, m.start()) is not None
        and not _BOUND_AFTER.match(c.low, m.end())
        and c.conduction_at(m.start()) == "air"
    )


_EAR_TAG_BEFORE = re.compile(
    r"\b(?:right|left)\s+ear[ \t]*(?:[:,=(]?[ \t]*|(?:is|was)[ \t]+"
    r"(?:(?:approximately|approx\.?|about|around|roughly)[ \t]+)?)$"
)
"""Right before one level: its ear's tag ("Left ear: 40 dB"), the ear with the level in
parentheses after it ("their left ear (15 dB)"), or the ear as the subject the level is said
of ("the left ear is 30 dB HL", "the right ear is approximately 35 dB HL"): a level said of the
ear is its hearing level, as a tag's is."""
_EAR_TAG_REACH = 30
_EAR_AFTER = re.compile(
    r"[ \t]*(?:hl\b[ \t]*)?(?:for|in|on)[ \t]+(?:the|his|her|their|your)[ \t]+(right|left)"
    r"[ \t]+ear\b[ \t]*(?=[,.;)]|$)"
)
"""Right after one level: the ear it is given for, ending the clause ("25 dB HL for the right
ear, 25 dB HL for the left ear"): the ear's level, as one after its tag is."""
EAR_TAGGED_LEVEL = "level after its ear's tag"
"""The rule of one level in dB given straight after its ear's tag (the side and "ear"), with no
conduction, frequency, region or shape in its clause ("Left ear: 40 dB", "right ear, 10 dB"):
the ear's hearing level, in air conduction (the pure-tone audiogram's default measure, BSA
2018), a summary of that ear's air thresholds judged as a whole-ear level is (forms and lists
filled with one value per ear; issue #26 batch 124, real-model text, used as tuning data).
Not a distance or a bound ("left ear: 15 dB worse", "right ear: 40 dB or more"), nor a
value after a bare side ("right PTA 45, left 25 dB HL" carries the average)."""


_EAR_SHOWS_BEFORE = re.compile(
    r"\b(?:right|left)\s+ear\s+(?:shows?|showed|has|had|measures?|measured|registers?|"
    r"registered|with)\s+(?:(?:only|just|about|around|approximately|roughly)\s+)?"
    r"(?:an?\s+(?:(?:maximum|worst|highest|overall)\s+)?threshold\s+of\s+"
    r"(?:(?:only|just|about|around|approximately|roughly)\s+)?)?$"
)
"""Right before one level in dB HL: the ear as the subject that shows, has or measures it
("the right ear shows 30 dB HL", "the left ear has a threshold of 35 dB HL", "the left ear
with a threshold of 40 dB HL"). dB HL is the scale of hearing thresholds (ANSI S3.6;
BSA 2018 records a threshold as the level heard in dB HL), so a level on it that an ear
shows is that ear's hearing level, as one after its tag is (EAR_SHOWN_LEVEL). Issue #26,
batch 149 (real-model text, used as tuning data)."""
_EAR_SHOWS_REACH = 90
_NOT_A_LEVEL_AFTER = re.compile(
    r"\s*(?:hl\b\s*)?(?:of\b|gap|air[\s-]*bone|abg|loss|difference|asymmetr|improv|shift|"
    r"drop|change|deteriorat|gain|attenuat|worse|better|poorer|reduction|increase)"
)
"""After a level an ear shows: what makes it a size of something else ("shows 30 dB of
gain", "has a 20 dB air-bone gap", "shows 15 dB improvement"), not its hearing level."""
EAR_SHOWN_LEVEL = "level an ear shows"
"""The rule of one level in dB HL shown by (had by, measured in) an ear named as the subject
(:data:`_EAR_SHOWS_BEFORE`), in a clause that names no frequency: that ear's air-conduction
hearing level, judged as a whole-ear level is."""


def _level_shown_by_its_ear(c: _Clause, m: re.Match) -> bool:
    """Return whether the dB HL value ``m`` is shown by its ear named as the subject
    (EAR_SHOWN_LEVEL)."""
    return ("hl" in m.group(0) or c.low.startswith("hl", m.end() + 1)) and bool(
        _EAR_SHOWS_BEFORE.search(c.low, max(0, m.start() - _EAR_SHOWS_REACH), m.start())
        and not _NOT_A_LEVEL_AFTER.match(c.low, m.end())
    )


_BONE_NAMED = re.compile(r"\bbone[\s-]+conduct")
_AIR_NAMED = re.compile(r"\bair[\s-]+conduct")


def _both_conductions_named_after(c: _Clause, m: re.Match) -> bool:
    """Return whether the clause names both air and bone conduction after a level tagged to
    its ear with no conduction of its own ("Left ear (10 dB) has a reduced air conduction of
    bone conduction ..."): its conduction is not told, so it is judged as a level the ear
    shows is, against the ear's air and bone thresholds, not taken as air (never guessed;
    the labels' rule for a value with an ear but no conduction: every value of that ear,
    issue #26 batch 152 UA05, the real local model's text, as tuning data)."""
    return (
        "bone" in c.low[m.end() :]
        and _BONE_NAMED.search(c.low, m.end()) is not None
        and _AIR_NAMED.search(c.low, m.end()) is not None
    )


def _tagged_level_rules(c: _Clause, m: re.Match) -> tuple[str, ...]:
    """Return the rules of a level tagged to its ear: EAR_TAGGED_LEVEL, and EAR_SHOWN_LEVEL
    (judged against either conduction) where the ear shows it or its conduction is not told
    (:func:`_both_conductions_named_after`)."""
    if _level_shown_by_its_ear(c, m) or _both_conductions_named_after(c, m):
        return (EAR_TAGGED_LEVEL, EAR_SHOWN_LEVEL)
    return (EAR_TAGGED_LEVEL,)


def _tagged_ear_level(c: _Clause, m: re.Match, values: list[int]) -> bool:
    """Return whether the dB value ``m`` is one level straight after its ear's tag, or given
    for its ear right after it (EAR_TAGGED_LEVEL)."""
    return (
        len(values) == 1
        and c.ear in EARS
        and "db" in m.group(0)
        and (
            _EAR_TAG_BEFORE.search(c.low, max(0, m.start() - _EAR_TAG_REACH), m.start())
            or _EAR_AFTER.match(c.low, m.end())
            or _level_shown_by_its_ear(c, m)
        )
        and not _RELATIVE_AFTER.match(c.low, m.end())
        and not _BOUND_AFTER.match(c.low, m.end())
    )


_SIGN_BEFORE = re.compile(r"(?:[<>\u2264\u2265]=?|=<|=>)[ \t]*$")
"""Before a level: a comparison sign ("bone <= 45 dB HL", "air > 70 dB HL -> CI work-up"):
the level is a rule's limit, a condition a decision trace or a criterion tests, not a level
measured (a criterion is written with the sign, a result without it: BSA 2018 records a
threshold as the level heard)."""


def _limit_or_distance(low: str, m: re.Match) -> bool:
    """Return whether the value ``m`` is a rule's limit (after a comparison sign,
    :data:`_SIGN_BEFORE`) or a distance from another level (:data:`_RELATIVE_AFTER`)."""
    return bool(
        _SIGN_BEFORE.search(low, max(0, m.start() - 4), m.start())
        or _RELATIVE_AFTER.match(low, m.end())
    )


def _unplaced_level(c: _Clause, m: re.Match, values: list[int]) -> None:
    """Levels with no frequency: a bone level (fabricated in a case without bone), and one
    level with its conduction named for an ear in a clause that names no frequency, region
    or shape (rule WHOLE_EAR_LEVEL), or given as the hearing loss's (rule LOSS_LEVEL); none
    after a comparison sign (:data:`_SIGN_BEFORE`) nor one that is a distance from another
    level (:data:`_RELATIVE_AFTER`: "bone 5 dB from air")."""
    if _limit_or_distance(c.low, m):
        return
    given_for = _EAR_AFTER.match(c.low, m.end()) if len(values) == 1 else None
    if given_for and given_for.group(1) != c.ear and "db" in m.group(0):
        ear, c.ear = c.ear, given_for.group(1)  # "25 dB HL for the left ear": the left's
        _unplaced_level(c, m, values)
        c.ear = ear
        return
    named, after = _level_conduction(c, m, values)
    loss = named is None and len(values) == 1 and _level_of_the_loss(c, m)
    tagged = named is None and not loss and _tagged_ear_level(c, m, values)
    if loss or tagged:
        named = "air"
    whole_ear = (
        len(values) == 1
        and named is not None
        and (after or named == c.conduction_at(m.start()))
        and (c.ear in EARS or _of_either_ear(c, m, named))
        and not c.names_a_frequency
    )
    if named == "bone":
        c.claim("bone_level", values[0], m.group(0), "bone level, no frequency", "bone")
    if whole_ear:
        # in a case without bone conduction the bone level above is the finding
        rules = (INSIDE_BONE_LEVEL,) if named == "bone" else ()
        rule = WHOLE_EAR_LEVEL if c.ear else EITHER_EAR  # (no ear named: of either ear)
        if loss:
            rules = (*rules, LOSS_LEVEL)
        if tagged:
            rules = (*rules, *_tagged_level_rules(c, m))
        c.claim("threshold_range", values[0], m.group(0), rule, named, (), values[0],
                *rules)  # fmt: skip


def _level_conduction(c: _Clause, m: re.Match, values: list[int]) -> tuple[str | None, bool]:
    """Return the conduction named for a level with no frequency, and whether its own phrase
    ends with it (:data:`_CONDUCTION_AFTER`), which then stands before one named earlier
    ("16 dB HL in air and 20 dB HL (bone conduction)": 20 is bone)."""
    if len(values) == 1 and not c.names_a_frequency:
        after = _CONDUCTION_AFTER.match(c.low, m.end())
        if after:
            return ("bone" if after.group(1) else "air"), True
    return _named_conduction(c.low, m), False


_CONDUCTION_AFTER = re.compile(
    r"[ \t]*(?:hl\b[ \t]*)?(?:\([ \t]*|(?:in|by|via|on)[ \t]+)(?:(bone|bc\b)|air\b|ac\b)"
    r"(?:[ \t-]+conduction\b)?(?![ \t-]*(?:[-\u2013]|and|to|vs\.?|versus)[ \t]+(?:air|bone)\b)"
    r"[ \t]*\)?(?=[ \t]*(?:[,.;:]|and\b|$))"
)
"""Right after one level with no frequency in its clause: the conduction it was measured in
("16 dB HL in air", "20 dB HL (bone conduction)", "30 dB HL by bone conduction"), ending
the level's phrase: it names the level's conduction as a conduction before it does, so the
level is that conduction's whole-ear level (WHOLE_EAR_LEVEL, or EITHER_EAR with no ear
named). Not a gap between the two conductions ("10 dB (air-bone)"; issue #26 batch 135, the
replies of a small local model)."""


_DECIMAL_ROW_LEVEL = re.compile(
    r"[\s*\u2022-]*(air|bone)[ \t-]+conduction[ \t]*:[ \t]*(\d{1,3}\.\d{1,2})[ \t]*db\b"
    r"(?:[ \t]*hl\b)?"
)
"""An ear line's conduction label, then a level in decimals in dB (HL) and no frequency
("Left ear, bone conduction: 45.6 dB HL (masked)", "left ear, bone conduction: 64.3 dB":
the label makes the dB a hearing level; batch 140)."""


def _decimal_row_level(c: _Clause) -> None:
    """A level in decimals right after an ear line's conduction label, with no frequency in
    its clause: that ear's level of that conduction (rule WHOLE_EAR_LEVEL, with
    DECIMAL_LEVEL), as the same level in whole decibels is read there (issue #26 batch 124,
    the replies of a small local model). The first level of the row only: what follows it
    (a dash and another level) is read by no rule."""
    m = _DECIMAL_ROW_LEVEL.match(c.low)
    if m is None or c.ear not in EARS or c.names_a_frequency:
        return
    named, value = m.group(1), float(m.group(2))
    rules: tuple[str, ...] = (DECIMAL_LEVEL,)
    if named == "bone":
        c.claim("bone_level", value, m.group(0), "bone level, no frequency", "bone", (), None,
                DECIMAL_LEVEL)  # fmt: skip
        rules = (INSIDE_BONE_LEVEL, DECIMAL_LEVEL)
    c.claim("threshold_range", value, m.group(0), WHOLE_EAR_LEVEL, named, (), value, *rules)


_RELATIVE_AFTER = re.compile(
    r"\s*(?:hl\b\s*)?(?:above|below|under|over|beneath|higher|lower|more|less|"
    r"(?:(?:away|apart)\s+)?(?:from|off)\s+(?:the\s+)?(?:air|bone|ac|bc)\b)\b"
)
"""After a level: a comparison ("air sits 5 dB above it", "10 dB below the other"), or the
distance from a conduction ("bone 0-5 dB from air", "5-10 dB off the air"): a distance from
another level, whose side no ear named gives, and no level itself."""


def _of_either_ear(c: _Clause, m: re.Match, named: str | None) -> bool:
    """Return whether a level with no frequency, in a clause that names no ear, frequency,
    region or shape, has its conduction named (``named``) and is no distance from another
    level: a summary of one ear's thresholds or the other's (rule EITHER_EAR)."""
    return (
        c.ear is None
        and not c.names_a_frequency
        and named is not None
        and not _RELATIVE_AFTER.match(c.low, m.end())
    )


def _list_values(c: _Clause, m: re.Match, gap: bool) -> list[int] | None:
    """Return the threshold values of a list of dB values, None when none is a threshold."""
    values = [int(x) for x in _INTEGER.findall(m.group(1))]
    if lexicon.labelled_otherwise(c.low, m.start()):
        bisect.insort(c.used, m.span())  # none of its values is read apart either
        return None
    if m.start() in c.averages and len(values) > 1 and not NUMBER_AFTER_SKIP.match(c.low, m.end()):
        return values[1:]  # "PTA 45, 20 dB at 3 kHz": the average, then a threshold
    if m.start() in c.averages or _not_a_threshold(c.low, m, gap):
        return None
    return values


def _value_over_range(c: _Clause, m: re.Match, value: int, over: re.Match, gap: bool) -> bool:
    """Read one value over a range of frequencies ("65 dB HL at 6-8 kHz", or a gap's size
    there); return True when it was one (or a gap bound to no size)."""
    span = _frequency_span(over)
    if span is None:
        return False
    text = m.group(0) + " " + over.group(0)
    if gap:
        if _gap_size_bound(c, m.start(), m.end()):
            c.claim("air_bone_gap_size", value, text, "gap size over a frequency range", "air",
                    span, value)  # fmt: skip
        return True
    c.claim("threshold_range", value, text, "level over a frequency range",
            c.conduction_at(m.start()), span, value)  # fmt: skip
    return True


def _list_claims(c: _Clause, m: re.Match, values: list[int], freqs: list[int], gap: bool) -> None:
    """Read each value of a list at its frequency (a threshold, or a gap's size there)."""
    if gap:  # "an air-bone gap of about 10 dB at 250 Hz": its size there
        if _gap_size_bound(c, m.start(), m.end()):
            for value, freq in zip(values, freqs, strict=True):
                c.claim("air_bone_gap_size", value, m.group(0), "gap size at a frequency", "air",
                        (freq,), value)  # fmt: skip
        return
    conduction = c.conduction_at(m.start())
    named_by = CONDUCTION_BY.match(c.low, m.end()) if len(values) == 1 else None
    if named_by:  # "10 dB by bone": the conduction named after the value
        conduction = "bone" if named_by.group(1) or named_by.group(3) else "air"
    if len(values) == 1 and no_response_after(c.low, m.end()):
        values = [lower_bound(values[0])]  # "4000 Hz: 65 dB HL (no response)": no response at 65
    bottom = c.range_bottoms.get(m.start()) if len(values) == 1 else None
    if bottom is not None and bottom < values[0]:  # the top of a range at one frequency
        c.claim("threshold", values[0], m.group(0), "dB value at a frequency", conduction,
                (freqs[0],), bottom, RANGE_AT_ONE_FREQUENCY)  # fmt: skip
        return
    for value, freq in zip(values, freqs, strict=True):
        c.claim("threshold", value, m.group(0), "dB value at a frequency", conduction, (freq,))


NR_AFTER_LEVEL = re.compile(
    r"[ \t]*(?:db[ \t]*)?(?:hl[ \t]*)?\([ \t]*(?:no[ \t]+response|nr)[ \t]*\)"
)
"""A no response marked in brackets right after a level ("65 dB HL (no response)", "90 (NR)"):
the level is the one presented without a response, the top of what was tried,
so the threshold is beyond it, a lower bound (BSA Recommended Procedure, pure-tone
audiometry 2018: a no response is recorded at the highest level presented; issue #26 batch
152, the real local model's copies of its input rows, and the labels' reading of them, as
tuning data). A no response after a comma ("70 dB, no response") is another clause's, left
as it was read."""
NO_RESPONSE_AT = "no response at "
"""How a lower bound is written as a claim's value: "no response at 65"."""


def no_response_after(low: str, end: int) -> bool:
    """Return whether a no response is marked right after the level ending at ``end``
    (:data:`NR_AFTER_LEVEL`)."""
    return ("n" in low[end : end + 24]) and NR_AFTER_LEVEL.match(low, end) is not None


def lower_bound(value: int) -> str:
    """Return a level presented without a response as a claim's value (a lower bound)."""
    return f"{NO_RESPONSE_AT}{value}"


FREQUENCY_BEFORE_NR = re.compile(
    r"(\d+(?:\.\d+)?)[ \t]*(khz|k|hz)\b[ \t]*(?:\(([^()\d]{0,25})\)[ \t]*)?"
    r"(?:[:=,\u2013-][ \t]*)?(?:with[ \t]+)?$"
)
"""Right before a no response that names no frequency after it: its frequency ("500 Hz: no
response", "250 Hz (bone conduction) with no response", "4 kHz - NR"): a no response written
after its frequency, as forms and lists write NR in the frequency's place (BSA 2018 records a
no response at the limit with its own symbol; issue #26 batch 124, real-model text, used as
tuning data). Searched only in the 40 characters before the NR."""
_FREQUENCY_BEFORE_REACH = 40
_LEVEL_BEFORE_FREQUENCY = re.compile(r"\d[ \t]*(?:db[ \t]*(?:hl)?[ \t]*)?(?:at|@)?[ \t]*$")
"""Before that frequency: a level of its own ("60 at 500 Hz with no response above"): the
frequency is the level's, and the no response is said of others."""


def _no_response_after_frequency(c: _Clause, m: re.Match) -> None:
    """Read a no response at the frequency written right before it (FREQUENCY_BEFORE_NR),
    unless a number follows it (the level presented or the limits: "no response at 90 dB",
    "at the 65-70 dB limits") or a level of its own comes before that frequency."""
    if lexicon.DIGIT.search(c.low, m.end(), m.end() + 20):
        return
    before = FREQUENCY_BEFORE_NR.search(c.low, max(0, m.start() - _FREQUENCY_BEFORE_REACH),
                                        m.start())  # fmt: skip
    if before is None or _LEVEL_BEFORE_FREQUENCY.search(
        c.low, max(0, before.start() - 12), before.start()
    ):
        return
    aside = before.group(3) or ""  # "250 Hz (bone conduction) with no response"
    named = lexicon.CONDUCTION.search(aside)
    conduction = ("bone" if named.group(1) else "air") if named else c.conduction_at(m.start())
    if conduction == "gap":
        return
    for freq in lexicon.freqs_of(before.group(1), before.group(2))[:1]:
        c.claim("threshold", "no response", before.group(0) + m.group(0), "no response",
                conduction, (freq,))  # fmt: skip


def _no_responses(c: _Clause) -> None:
    """No responses: "NR at 8 kHz", "no response above 500 Hz"."""
    low = c.low
    if not lexicon.may_hold(low, "respon", "nr", "measurable", "beyond"):  # what NO_RESPONSE needs
        return
    for m in NO_RESPONSE.finditer(low):
        level = NR_LEVEL.match(low, m.end())  # "no response at 65 dB HL at 4 kHz"
        start = level.end() if level and lexicon.DIGIT.search(level.group(0)) else m.end()
        after = low[start : start + 50]
        fm = FREQ_LIST.search(after)
        if not fm or fm.start() > 12:
            _no_response_after_frequency(c, m)
            continue
        conduction = c.conduction_at(m.start())
        named = CONDUCTION_OF_NR.match(low, m.end(), start + fm.start())
        if named:  # "no response to air at 6 kHz"
            conduction = "bone" if named.group(1) else "air"
        named_after = CONDUCTION_AFTER.match(after, fm.end())
        if named_after:  # "NR at 4 kHz BC"
            conduction = "bone" if named_after.group(1) else "air"
        if conduction == "gap":  # a gap statement names no threshold
            continue
        freqs = _nr_item_frequencies(low, m.start(), lexicon.freqs_of(fm.group(1), fm.group(2)))
        direction = NR_DIRECTION.search(after[: fm.start()])
        text = m.group(0) + " " + fm.group(0)
        if direction and len(freqs) == 1:
            # "NR above 500 Hz": every frequency tested beyond it (the judge knows which)
            c.claim("no_response_beyond", "no response", text, _side(direction), conduction,
                    (freqs[0],))  # fmt: skip
            continue
        for freq in freqs:
            c.claim("threshold", "no response", text, "no response", conduction, (freq,))


_SLASH_ITEMS_BEFORE = re.compile(r"(?:-?\d{1,3}[ \t]*/[ \t]*)+$")
"""Before an NR: the levels of the slash list it ends ("40 / 50 / 60 / NR")."""


def _nr_item_frequencies(low: str, at: int, freqs: list[int]) -> list[int]:
    """Return the frequencies an NR at ``at`` is said of: where it is the last item of a
    slash list of levels ("40/50/60/NR (0.5/1/2/4 kHz)"), only the list's frequency in its
    place, the last (none where the list and the frequencies do not pair); else ``freqs``."""
    if len(freqs) < 2 or "/" not in low[max(0, at - 3) : at]:
        return freqs
    items = _SLASH_ITEMS_BEFORE.search(low, max(0, at - 60), at)
    if items is None:
        return freqs
    count = items.group(0).count("/") + 1
    return freqs[-1:] if count == len(freqs) else []


def _side(direction: re.Match) -> str:
    """Return the no-response-beyond rule of an NR_DIRECTION match (a key of
    NO_RESPONSE_SIDES)."""
    if direction.group(1):
        return "no response from" if direction.group(1) == "from" else "no response above"
    return "no response up to" if "to" in direction.group(2) else "no response below"


def _not_a_threshold(low: str, m: re.Match, gap: bool = False) -> bool:
    """Return True when a dB value is an average, a speech level, a gap, a difference or the
    level of a no response (words before it), or a difference or dip (words after it).
    With ``gap`` (the value is in a gap's reach), the gap named before it is no reason: the
    value is that gap's size."""
    if NUMBER_AFTER_SKIP.match(low, m.end()) or _difference_stated(low, m.start()):
        return True
    if _bound_of_a_comparison(low, m.start()) or lexicon.population_value(low, m.start()):
        return True
    if lexicon.labelled_otherwise(low, m.start()):
        return True  # "the target at 2 kHz is 40 dB": its label names another measure
    if low[m.start() - 1 : m.start()] == "(" or low[m.start() - 2 : m.start()] == "( ":
        if _bracketed_after_level(low, m):
            return True
    window = low[max(0, m.start() - 30) : m.start()]
    skip = NUMBER_CONTEXT_SKIP.search(window)
    if skip is None or (gap and skip.group(1) in ("gap", "abg")):
        return False
    if skip.group(1) and _NAME_CLOSED.fullmatch(window, skip.end(1)):
        # "33.75 dB average, 40 dB at 6 kHz": the name closes its own value, given before it
        start = max(0, m.start() - 30) + skip.start(1)
        if _VALUE_BEFORE_ITS_NAME.search(low, max(0, start - 20), start):
            return False
    given = VALUE_GIVEN.match(window, skip.end(1)) if skip.group(1) else None
    # "PTA 45, 20 dB at 3 kHz": the average's own value ends its reach; the value after it
    # is a threshold again.
    return not (given and not lexicon.DIGIT.search(window, given.end()))


_VALUE_BEFORE_ITS_NAME = re.compile(r"(?<![\d.])\d+(?:\.\d+)?\s*(?:db(?:\s*hl)?\s*)?$")
"""Before the name of another dB quantity (NUMBER_CONTEXT_SKIP): its own value, given first
("33.75 dB average", "45 dB SRT"). Source: clinic letters."""
_NAME_CLOSED = re.compile(r"\s*[,;]\s*")
"""After that name, up to the next value: only the comma or semicolon that closes it ("33.75
dB average, 40 dB at 6 kHz"), so the value after is a threshold again, as after "PTA 45,"
(VALUE_GIVEN)."""


_BOUND_OF_A_COMPARISON = re.compile(
    r"\b(?:worse|better|poorer|weaker|asymmetr\w*|differ\w*|interaural|rule\w*|criteri\w*)"
    r"[^.;()\d]{0,40}\(\s*(?:>=|>|at\s+least|no\s+less\s+than)\s*$|"
    # a difference named, then its sizes in brackets ("the asymmetry sits at 6 and 8 kHz
    # (6 and 8 kHz, 45 and 50 dB)")
    r"\b(?:asymmetr\w*|differences?|interaural)\b[^.;()]{0,50}\([^()]*$"
)
"""Before a dB value, in brackets opened after a comparison of the ears or a rule: a lower
bound ("the right is worse at high pitches (>= 15 dB at 2-4 kHz)", "rule3000 met (>= 15 dB
at 3 kHz)"), the least size of the difference the comparison or the rule needs; or any
value after a difference named as such ("the asymmetry lies at 6-8 kHz (40 and 45 dB)"),
the sizes of that difference. AAO-HNS asymmetry criteria are differences between the ears,
not a threshold of either ear. Not a bracket that names an ear or sets values against each
other ("(right 30 vs left 55)"): those are the thresholds compared (:data:`_BRACKET_PAIRS`)."""
_BRACKET_PAIRS = re.compile(r"\b(?:right|left|r|l|rt|lt|vs|versus|v)\b")
_BOUND_REACH = 70


def _bound_of_a_comparison(low: str, start: int) -> bool:
    """Return True when the dB value at ``start`` is a bracketed lower bound after a
    comparison or a rule, or a bracketed size of a difference (:data:`_BOUND_OF_A_COMPARISON`)."""
    begin = max(0, start - _BOUND_REACH)
    if "(" not in low[begin:start]:
        return False  # (no bracket before the value: a cheap exact test, for speed)
    m = _BOUND_OF_A_COMPARISON.search(low, begin, start)
    if m is None:
        return False
    close = low.find(")", start, start + _BOUND_REACH)  # (a window: linear in the clause)
    inside = low[low.rfind("(", begin, start) + 1 : close if close >= 0 else start + _BOUND_REACH]
    return not _BRACKET_PAIRS.search(inside)


def _difference_stated(low: str, start: int) -> bool:
    """Return True when the dB value at ``start`` is a difference named up to
    :data:`_DIFFERENCE_REACH` characters before it (:data:`DIFFERENCES_STATED`)."""
    begin = max(0, start - _DIFFERENCE_REACH)
    if "differ" in low[begin:start] and DIFFERENCES_STATED.search(low, begin, start):
        return True
    return lexicon.difference_listed(low, start)


BRACKET_AFTER_LEVEL = re.compile(
    r"\d\s*(?:db\s*(?:hl\s*)?)?(?:at\s+\d+(?:\.\d+)?\s*k?hz\s*)?\(\s*$"
)
"""Before a dB value: a level (and its frequency), then an opening bracket ("left 50 dB HL
(15 dB)", "50 dB HL at 3000 Hz (15 dB)")."""
BRACKET_CLOSED = re.compile(r"(?:\s*db(?:\s*hl)?)?\s*\)")
"""After a dB value: the bracket closes on it alone."""


def _bracketed_after_level(low: str, m: re.Match) -> bool:
    """Return True when the dB value stands alone in brackets straight after another level
    ("At 3 kHz: right 35, left 50 dB HL (15 dB)"): a note on that level, its difference from
    the other ear or its shift, not a second threshold (a pair in brackets, "(25 vs 20)", is
    thresholds)."""
    return bool(
        BRACKET_AFTER_LEVEL.search(low, max(0, m.start() - 32), m.start())
        and BRACKET_CLOSED.match(low, m.end())
    )


def _bone_named(low: str, m: re.Match) -> bool:
    """Return True when the conduction named last in the 25 characters before a value is
    bone, not negated ("masked BC 5-10 dB HL"; not "no bone 5-10 dB")."""
    return _named_conduction(low, m) == "bone"


_MEASURE = r"(?:measurements?|results?|thresholds?|levels?|readings?|values?)"
_CONDUCTION_SUBJECT = re.compile(
    rf"\b(?:(bone)|air)(?:[\s-]+conduction(?:\s+{_MEASURE})?|\s+{_MEASURE})"
    r"(?:\s+(?:of|in|for)\s+(?:the\s+|your\s+|his\s+|her\s+|their\s+)?(?:right|left)"
    r"(?:\s+ear)?)?\s+(?:was|were|is|are)\s+(?:(?:reported|recorded|measured|found|"
    r"documented)\s+(?:as|at|to\s+be)\s+)?(?:(?:about|around|approximately|roughly)\s+)?$"
)
"""Before a value: the measure of a conduction as the subject of its copula ("the bone
conduction measurement was reported as 45 dB", "air conduction results are 30 dB HL"): the
value is that conduction's, however long the subject (issue #26 batch 117); so is a
conduction of an ear ("the bone conduction of your right ear was 30 dB HL"; batch 140)."""
_SUBJECT_REACH = 90
_APPROXIMATELY = re.compile(
    r"(?:approximately|approx\.?|around|about|roughly|nearly|almost|circa|~)[ \t]*$"
)
"""Right before a value: the word that makes it approximate ("a bone conduction of
approximately 15 dB HL"). It qualifies the value and names nothing, so the conduction named
before it is looked for before it (issue #26 batch 124, the replies of a small local model)."""


def _named_conduction(low: str, m: re.Match) -> str | None:
    """Return the conduction ('air' or 'bone') named last in the 25 characters before a
    value, or said normal at it (:data:`CONDUCTION_SAID_NORMAL`), or whose measure is the
    subject the value is said of (:data:`_CONDUCTION_SUBJECT`), None when none is named
    there or it is negated or said not tested (lexicon.conduction_not_tested)."""
    end = m.start()
    near = _APPROXIMATELY.search(low, max(0, end - 16), end)
    end = near.start() if near else end  # (the approximating word names nothing)
    start = max(0, end - 25)
    named = list(lexicon.CONDUCTION.finditer(low[start:end]))[-1:]
    subject = None
    if not named and " conduction " in low[max(0, m.start() - _SUBJECT_REACH) : m.start()]:
        subject = _CONDUCTION_SUBJECT.search(low, max(0, m.start() - _SUBJECT_REACH), m.start())
    if named:
        at, bone = start + named[0].start(), bool(named[0].group(1))
        if lexicon.conduction_not_tested(low, at, start + named[0].end()):
            return None  # "(bone not needed): right 10-15 dB HL": a test left out names none
    elif subject:
        at, bone = subject.start(), bool(subject.group(1))
    else:
        begin = max(0, m.start() - _NORMAL_REACH)
        said = "normal" in low[begin : m.start()] and CONDUCTION_SAID_NORMAL.search(
            low, begin, m.start()
        )
        if not said:
            return None
        at, bone = said.start(), said.group(1) == "bone"
    if lexicon.negated(low, at) or _in_a_gap_name(low, at, m.start()):
        return None
    return "bone" if bone else "air"


def _in_a_gap_name(low: str, at: int, end: int) -> bool:
    """Return True when the conduction word at ``at`` is part of a gap's name ("the
    difference between air and bone (30 dB)"): the value after it is a difference of the
    two conductions, neither one's level."""
    if "betw" not in low[max(0, at - 60) : end]:
        return False
    return any(
        g.start() <= at < g.end() for g in lexicon.GAP_WORD.finditer(low, max(0, at - 60), end)
    )


def _gap_size_bound(c: _Clause, start: int, end: int) -> bool:
    """Return True when the dB value at ``start:end`` is the size of the gap named last before
    it (in the clause, or carried from the sentence's clause before): no contrast ("gaps
    of 30 dB but 45 dB HL at 4 kHz") between, and not a hearing level ("45 dB HL" is a
    threshold; a gap is a difference in dB)."""
    index = bisect.bisect_left(c.marks, (start, "")) - 1
    if index < 0:
        return c.carried and not _GAP_BREAK.search(c.low, 0, end)
    if c.marks[index][1] != "gap":
        return False
    return not _GAP_BREAK.search(c.low, c.marks[index][0], end)


_TRAJECTORY_TO = re.compile(r"[\s,]*(?:\w+ing\s+)?to\s*")
_OWNED_FREQUENCY = re.compile(r"\d\s*(?:db|decibels)(?:\s*hl)?\s*(?:at|@)\s*$")


def _trajectory_end(low: str, freq_start: int, freq_end: int, value_start: int) -> bool:
    """Return whether a value after "to" ends a trajectory whose start owns the frequency
    before it ("from 20 dB at 250 Hz to 65 dB (right) ... at 8 kHz"): the 250 Hz is the 20
    dB's, and the 65 lies at another frequency (issue #26, batch 35 VM21)."""
    return bool(
        _TRAJECTORY_TO.fullmatch(low, freq_end, value_start)
        and _OWNED_FREQUENCY.search(low, max(0, freq_start - 20), freq_start)
    )


SPAN_FROM = re.compile(
    r"(?:\s*db(?:\s*hl)?)?(?:\s+or\s+(?:better|worse|less|more))?\s+(?:from|above|over|beyond)\s+"
)
"""Between a level and a frequency: the level holds from that frequency on ("20 dB HL or
better from 1 kHz upwards", "15 dB HL above 2 kHz")."""


def _level_from_a_frequency(low: str, m: re.Match, freq_lists, i: int) -> bool:
    """Return True when the dB value holds from the frequency after it on (:data:`SPAN_FROM`):
    it is no level at the frequency before it ("40 dB HL at 500 Hz, 20 dB HL or better from
    1 kHz upwards")."""
    return (
        i < len(freq_lists)
        and freq_lists[i][0] - m.end() <= 30
        and SPAN_FROM.fullmatch(low, m.end(), freq_lists[i][0]) is not None
    )


def _pair_frequencies(low: str, m: re.Match, freq_lists) -> list[int]:
    """Return the frequencies a dB value (list) refers to: the nearest list after or before it."""
    # The nearest list after the value and the nearest before it (the lists are in text
    # order, so a binary search finds each: linear overall in the number of values).
    i = bisect.bisect_left(freq_lists, m.end(), key=lambda fl: fl[0])
    after = (
        [freq_lists[i]]
        if i < len(freq_lists)
        and (
            freq_lists[i][0] - m.end() <= 14
            or _EAR_BETWEEN.fullmatch(low, m.end(), freq_lists[i][0])
        )
        else []
    )
    k = bisect.bisect_right(freq_lists, m.start(), key=lambda fl: fl[1]) - 1
    before = [freq_lists[k]] if k >= 0 and m.start() - freq_lists[k][1] <= _BEFORE_REACH else []
    # "500 Hz 20 dB, 1000 Hz 30 dB": a frequency right before the value owns it; the one
    # after a bare comma starts the next pair.
    if (
        after
        and before
        and _PAIR_COMMA.fullmatch(low, m.end(), after[0][0])
        and _PAIR_TAG.fullmatch(low, before[-1][1], m.start())
    ):
        after = []
    if _level_from_a_frequency(low, m, freq_lists, i):
        return []
    if after and (
        _PAIR_AFTER.fullmatch(low, m.end(), after[0][0])
        or _EAR_BETWEEN.fullmatch(low, m.end(), after[0][0])
    ):
        fm = after[0][2]
        return lexicon.freqs_of(fm.group(1), fm.group(2))
    if before and _PAIR_BEFORE.fullmatch(low, before[-1][1], m.start()):
        if DIFFERENCE_BEFORE.search(low, max(0, before[-1][0] - 20), before[-1][0]):
            return []  # "the differences at 1, 2 and 4 kHz (20, 25, 20 dB)": no thresholds
        if _trajectory_end(low, before[-1][0], before[-1][1], m.start()):
            return []
        fm = before[-1][2]
        return lexicon.freqs_of(fm.group(1), fm.group(2))
    return []
