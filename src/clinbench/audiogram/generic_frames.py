"""Sentences framed as what is usual in general, left unread wherever their frame word stands.

A sentence that says what usually or typically holds ("Quinine causes a high-frequency
sensorineural loss, usually in both ears", "In most brass players the notch is typically
about 55 dB HL") states a pattern of a cause, a group or a kind of loss, not this audiogram's
result. The reading rules already leave such a statement unread where its frame word comes
before the value or word it frames (discourse's general statements, lexicon.GENERIC and
GENERIC_OBJECT); here a frame adverb anywhere in the sentence frames the whole of it, a
whitelist turned round: a sentence with such an adverb is read only where it names this
patient or this test (the patient, this audiogram, her/his/their, you, an ear by its side,
"here", "today"). Modal frames of what is expected or should hold ("are expected to",
"should be below") are framed alike. Adverbs of what is usual: Biber et al., Longman Grammar of
Spoken and Written English (1999), 'stance adverbials' of frequency and typicality.
Hand-written; every sentence is looked at once, so the pass is linear in the text's length.
"""

from __future__ import annotations

import re

from clinbench.audiogram.lexicon import may_hold
from clinbench.audiogram.offsets import blanked, lowered

_CUE_WORDS = ("typically", "usually", "classically", "characteristically", "generally",
              "tends to", "tend to", "as a rule", "in most", "would normally", "expected to",
              "be expected", "should be", "should sit", "should lie", "should stay")  # fmt: skip
"""The cheap test: a reply holding none of these has no sentence framed as usual (the
frame's words are matched as written, one space apart, so the test is exact)."""

_FRAME = re.compile(
    r"\b(?:typically|usually|classically|characteristically|generally|tends? to|as a rule|"
    r"in most|would normally|would be expected|(?:is|are) expected to|"
    r"should (?:be|sit|lie|stay) (?:below|under|better|within|no worse))\b"
)
"""A word that frames its sentence as what is usual in general, or as what is expected,
or should hold (a modal frame)."""

_THIS_TEST = re.compile(
    r"\b(?:here|today|this|these|our|she|he|her|him|his|they|them|their|you|your|i|we|"
    r"(?:the|this|our|my)\s+(?:patient|pt|client|child|man|woman)|pt|mr|mrs|ms|miss|"
    r"right|left|r|l|rt|lt|audiogram|fits?|matches)\b"
)
"""Words that name this patient or this test: a sentence with one stays read."""

_SENTENCE = re.compile(r"(?:[^.;!?\n]|\.(?=\d))+")
"""A sentence or clause: to a full stop (not a decimal point), semicolon, mark or line end."""


def generic_sentences_blanked(text: str) -> str:
    """Return ``text`` with each sentence framed as what is usual in general and naming
    neither this patient nor this test blanked (same length); else ``text`` as it is."""
    if not may_hold(text, *_CUE_WORDS):
        return text  # (the words first: a cheap exact test, for speed)
    low = lowered(text)
    spans = [
        m.span()
        for m in _SENTENCE.finditer(low)
        if _FRAME.search(m.group(0)) and not _THIS_TEST.search(m.group(0))
    ]
    return blanked(text, spans) if spans else text
