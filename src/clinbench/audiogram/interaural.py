"""Interaural differences: a size in dB said of how far apart the two ears' thresholds are.

An audiologist compares the ears threshold by threshold: the interaural difference at a
frequency is the right ear's threshold minus the left ear's there, and the asymmetry criteria
that decide a referral are stated in such differences, at one frequency or over an average
(AAO-HNS 1995 and NICE NG98 (2018) asymmetry criteria; BSA Recommended Procedure, pure-tone
audiometry, 2018). So a reply that says how far apart the ears are ("the difference between
the two ears is 15 dB", "the ears differ by about 30 dB at 4 kHz", "a difference of 19 dB"
in a sentence comparing the right ear with the left, "the right ear is 5 dB less sensitive
than the left") states a result of the audiogram: a size, of both ears, at a frequency where
it names one. It is read here as a claim of its own kind (``difference_between_ears``) and
judged by :func:`judges.judge_difference_between_ears`; which ear is worse is the worse-ear
reader's (``claims._worse_ear_claims``); the size such a comparison gives is read from its
words by :func:`size_of_a_comparison`.

Not an interaural difference (never read here): a difference between air and bone in one
ear (an air-bone gap), between two frequencies, from normal hearing, or since an earlier
test; a bound other than a lower one ("within 5 dB", "at most 10 dB": how far apart the ears
may be, not a result); a list of differences (read by the threshold reader's difference
lists).
"""

from __future__ import annotations

import re

from clinbench.audiogram import lexicon
from clinbench.audiogram.claims import Claim, Qualifier

REGION_NOT_READ = "region not read"
"""The worse-ear reader's rule for a region it could not read (claims._worse_ear_claims)."""
KIND = "difference_between_ears"
"""The kind of a claimed interaural difference (judged by judges.judge_difference_between_ears)."""
AT_LEAST = "at least"
"""The rule of a lower bound ("15 dB or more", "more than 20 dB"): true where any difference
reaches it."""

_SIZE = r"(\d{1,3}(?:\.\d+)?)\s*(?:db\b|decibels?\b)"
DIFFERENCE = re.compile(
    r"\b(?:differ(?:s|ed|ing|ences?)?|interaural)\b"
    r"([^.;:!?\d\n]{0,60}?)"
    r"(?<![\w<>\u2264])((?:>=?|\u2265|more\s+than|greater\s+than|over|above|at\s+least)\s*)?"
    + _SIZE
    + r"(\s+or\s+(?:more|greater|above|over))?"
)
"""A difference word and its size in dB within 60 characters, no number or sentence end
between ("the difference between the two ears is approximately 5.39 dB", "the ears differ by
15 dB or more", "a difference of about 19 decibels"). Groups: 1 the words between, 2 a lower
bound before the size, 3 the size, 4 a lower bound after it."""

_BETWEEN_EARS = re.compile(
    r"\b(?:interaural|inter-aural|(?:two|both|the|his|her|your|their)\s+ears|between\s+ears)\b"
)
"""The two ears named together as what differs ("between the two ears", "the ears differ")."""
_RIGHT, _LEFT = re.compile(r"\bright\b"), re.compile(r"\bleft\b")

_NOT_BETWEEN_EARS = re.compile(
    r"\b(?:air|bone|gaps?|abg|normal|average\s+(?:person|listener)|since|previous\w*|last|"
    r"earlier|before|baseline|prior|ago|initial|first\s+test|then|hz|khz|frequencies\s+(?:of|"
    r"from)|within|up\s+to|at\s+most|less\s+than|under|below|no|not|never|without)\b|<|\u2264"
)
"""In the words between the difference word and its size: what makes it another difference
(air and bone: a gap; normal hearing; an earlier test; two frequencies named as what
differs) or a bound that is no result ("within 5 dB", "less than 10 dB"), or a denial."""
_AFTER_NOT_BETWEEN_EARS = re.compile(
    r"\s*(?:\([^()]{0,30}\)\s*)?(?:from|than|compared\s+(?:to|with)|relative\s+to|since)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:normal|average|previous|last|earlier|prior|baseline|initial|"
    r"air|bone)\b|\s*(?:,|/|and)\s*\d|\s*(?:in\s+the\s+\w+\s+)?(?:between|from)\s+\d"
)
"""After the size: a difference from normal, an earlier test, air or bone, or the next size
of a list ("5 dB, 20 at 1k"), or two frequencies ("40 dB between 250 Hz and 4 kHz")."""

_AT_FREQUENCY = re.compile(
    r"\b(?:at|@)\s*(\d+(?:\.\d+)?)\s*(khz|hz|k)\b|\(\s*(\d+(?:\.\d+)?)\s*(khz|hz)\s*\)"
)
"""A frequency the difference is given at: "at 250 Hz", "@ 4k", or one in brackets after its
size ("15 dB (30 Hz)")."""


_OTHER_MEASURE_BEFORE = re.compile(
    r"\b(?:gaps?|abgs?|air[\s-]*bone|srts?|speech|wrs|scores?|reflex\w*|oaes?|abr|latenc\w*|"
    r"ucls?|discomfort|tinnitus|pitch|loudness)\b"
)
"""Just before the difference word: another measure as what differs ("the air-bone gaps differ
by 20 dB between the ears", "the SRTs differ by 15 dB"), not the thresholds."""
_EAR_BEFORE_THE_SIZE = re.compile(r"\b(?:right|left|rt|lt|r|l)(?:\s+ear)?\W*$")
"""An ear named just before the size: the level is that ear's ("differ at 3 kHz: right 35
dB, left 50 dB"), not a difference."""


def _hz(number: str, unit: str) -> int:
    value = float(number)
    return round(value * 1000) if unit in ("k", "khz") else round(value)


def _frequency_of(sent_low: str, size_end: int) -> tuple[int, ...]:
    """Return the one frequency a sentence gives the difference at: a bracketed one just after
    the size, else the only "at N Hz" of the sentence (none where it names several)."""
    after = _AT_FREQUENCY.match(sent_low, size_end, size_end + 20) if size_end >= 0 else None
    if after is None and size_end >= 0:
        after = _AT_FREQUENCY.match(sent_low, size_end + 1, size_end + 20)
    if after is not None and after.group(3):
        return (_hz(after.group(3), after.group(4)),)
    found = [m for m in _AT_FREQUENCY.finditer(sent_low) if m.group(1)]
    if len(found) != 1:
        return ()
    return (_hz(found[0].group(1), found[0].group(2)),)


_BONE = re.compile(r"\b(?:bone|bc)\b")


def _claim(size: str, hedged: bool, text: str, freqs: tuple[int, ...], rule: str,
           clause: str) -> Claim:  # fmt: skip
    """Return the claim of a size; its conduction is bone where the clause names bone (the
    ears' bone thresholds may then be what differs), else air: the ears' hearing."""
    qualifier = Qualifier.HEDGED if hedged else Qualifier.ASSERTED
    value = float(size)
    conduction = "bone" if "b" in clause and _BONE.search(clause) else "air"
    return Claim(KIND, ("right", "left"), int(value) if value.is_integer() else value,
                 qualifier, conduction, freqs, None, text, (0, 0), (rule,))  # fmt: skip


SIZE_THAN_THE_OTHER = re.compile(
    r"\b(right|left)(?:\s+ear)?\s+(?:is|was|seems|appears|sounds|hears|responds)\s+"
    r"(?:(?:approximately|about|around|roughly|some|only|just|still|~)\s*)?"
    r"(\d{1,3}(?:\.\d+)?)\s*(?:db|decibels?)\s+(?:(?:less|more)(?!\s+sensitive)|lower|higher|"
    r"louder|quieter|softer)\b[^.;:\d]{0,30}?\b(?:than|compared\s+(?:to|with))\s+"
    r"(?:that\s+of\s+|in\s+|(?:the\s+)?(?:[a-z]+\s+){1,2}in\s+)?"
    r"(?:the\s+|his\s+|her\s+|your\s+|their\s+)?(right|left|other)\b"
)
"""One ear said a size more or less than the other ("the left ear is approximately 9 dB less
than the right ear", "the right is 20 dB higher than the left", "the left ear is 5 dB more
attenuated compared to the right ear"; what is compared may be named in the other ear: "than
the signal in the right ear", issue #26 batch 149): the size is the ears' difference,
whichever way it runs (which ear is worse such words leave open; "worse",
"better" and "more sensitive" are the worse-ear reader's, lexicon.WORSE). Groups: 1 the ear,
2 the size, 3 the ear compared with."""


def _size_than_the_other(low: str, hedged: bool, sentence: str) -> list[Claim]:
    """Return the difference of one ear said a size more or less than the other
    (SIZE_THAN_THE_OTHER), at the one frequency its sentence gives."""
    start = sentence.find(low) if "compared" in sentence else -1
    if start >= 0:  # (the clause ends where "compared to the right ear" names the other ear:
        # the comparison is read on in its sentence, bounded)
        text, end = sentence, start + len(low)
        m = SIZE_THAN_THE_OTHER.search(sentence, start, end + 80)
        if m is not None and m.start() >= end:
            m = None
    elif "than" in low:
        text = low
        m = SIZE_THAN_THE_OTHER.search(low)
    else:
        return []
    if m is None or m.group(1) == m.group(3) or lexicon.negated(text, m.start()):
        return []
    return [_claim(m.group(2), hedged, m.group(0), _frequency_of(sentence, -1),
                   "size than the other ear", low)]  # fmt: skip


def difference_claims(low: str, hedged: bool, sent_low: str) -> list[Claim]:
    """Return the interaural difference a lower-cased clause states: a difference word with
    its size, where the clause's sentence ``sent_low`` names the two ears as what differs (the
    two ears together, "interaural", or the right and the left both), at the one frequency
    the sentence gives it at (:func:`_frequency_of`), else one ear said a size more or less
    than the other (SIZE_THAN_THE_OTHER). One per clause, the first."""
    sentence = sent_low or low
    if "differ" not in low and "interaural" not in low:
        return _size_than_the_other(low, hedged, sentence)
    if not (_BETWEEN_EARS.search(sentence) or (_RIGHT.search(sentence)
                                                and _LEFT.search(sentence))):  # fmt: skip
        return []
    for m in DIFFERENCE.finditer(low):
        if (
            _NOT_BETWEEN_EARS.search(m.group(1))
            or _EAR_BEFORE_THE_SIZE.search(m.group(1))
            or _OTHER_MEASURE_BEFORE.search(low, max(0, m.start() - 40), m.start())
            or _AFTER_NOT_BETWEEN_EARS.match(low, m.end())
            or lexicon.negated(low, m.start())
        ):
            continue
        at = sentence.find(low)
        freqs = _frequency_of(sentence, at + m.end() if at >= 0 else -1)
        rule = AT_LEAST if (m.group(2) or m.group(4)) else "interaural difference"
        return [_claim(m.group(3), hedged, m.group(0), freqs, rule, low)]
    return []


_COMPARED_SIZE = re.compile(r"(?:\bby\s+|~\s*)?(\d{1,3}(?:\.\d+)?)\s*db\b")


def size_of_a_comparison(claims: list[Claim]) -> list[Claim]:
    """Return the interaural difference of one ear said worse, better or less (more) sensitive
    than the other by a size ("the right ear is 5 dB less sensitive than the left", "the left
    is 20 dB worse"): read from the words of the worse-ear claims among ``claims`` (the region
    they compare, low and high Hz, is the difference's)."""
    out = []
    for claim in claims:
        if claim.kind != "worse_ear" or "db" not in claim.text or REGION_NOT_READ in claim.rules:
            continue  # (a region named but not read: compared where, not known)
        m = _COMPARED_SIZE.search(claim.text)
        if m is not None:
            hedged = claim.qualifier == Qualifier.HEDGED
            out.append(_claim(m.group(1), hedged, claim.text, claim.frequencies,
                              "size of a comparison", claim.text))  # fmt: skip
    return out
