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

_THE_LOSS_AT_HAND = re.compile(
    r"\bthe\s+(?:hearing\s+)?loss\b(?!\s+(?:of|in|from|due|caused|after|with|seen|that|which|"
    r"associated|found|typical|characteristic|usually|typically|generally|classically)\b)"
)
"""The definite "the (hearing) loss" with no complement that names a kind, a cause or a group
("the loss of presbycusis", "the loss seen in noise exposure"): in a reply about this
audiogram, a definite noun phrase with nothing to pick out another referent refers to the
loss the discourse is about, this patient's (definite reference: Quirk et al., A
Comprehensive Grammar of the English Language (1985), 5.26-5.32, anaphoric and situational
"the"). A sentence saying it is about this test, whatever frame adverb stands after it ("The
hearing loss is relatively mild and typically develops gradually": issue #26 batch 152, the
real local model's text, as tuning data). Its frame before it ("Typically, the loss ...")
still frames it: the test is made on the words before the first frame word."""

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
        if _FRAME.search(m.group(0))
        and not _THIS_TEST.search(m.group(0))
        and not _loss_at_hand_before_its_frame(m.group(0))
    ]
    return blanked(text, spans) if spans else text


def _loss_at_hand_before_its_frame(sentence: str) -> bool:
    """Return whether a framed sentence names the loss at hand (:data:`_THE_LOSS_AT_HAND`)
    before its first frame word: "The hearing loss is mild and typically develops gradually"
    is said of this loss; "Typically the loss is mild" is a pattern."""
    if "loss" not in sentence:
        return False  # (a cheap test for speed)
    frame = _FRAME.search(sentence)
    return frame is not None and _THE_LOSS_AT_HAND.search(sentence, 0, frame.start()) is not None
