"""A negation inside an aside in parentheses ("the left ear (never operated on) has ...")
is about the aside's own words: it does not negate the finding the sentence goes on to
state (issue #26, validation batch 67: a parent's note describing the ear). A negation
outside the aside still does."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import negated

from .conftest import build

LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("the left ear (never operated on) has a severe loss", "severe", False),
        ("Left ear (no wax seen today) - mild loss", "mild", False),
        ("ear (the one without a canal)) has a mild loss", "mild", False),
        ("the left is not (as first feared) severe", "severe", True),
        ("no severe loss on the left (see chart)", "severe", True),
    ],
)
def test_negation_stays_inside_its_aside(text, word, expected):
    assert negated(text.lower(), text.lower().index(word)) is expected


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Her left ear (no infections this year) has a severe loss.",
         ["severity_misclassification"]),
        ("Left ear (not the one she sleeps on): profound hearing loss",
         ["severity_misclassification"]),
        ("Her left ear (no infections this year) has a moderate loss.", []),
    ],
)  # fmt: skip
def test_the_finding_after_an_aside_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
