"""An emphasizer between a copula and what it says ("the left ear is indeed normal", "both
ears are actually within normal limits") is left out before the claims are read
(notation._STRESS_AFTER_COPULA), so every reader that knows "is normal" knows the stressed
statement too: the word asserts the predicate more strongly, it neither hedges nor negates
it. Negation, hedges and questions keep their meaning (issue #26 batch 181, the replies of a
small local model, where "indeed" hid five claims of normal hearing). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build

LEFT_LOSS = build(10, 60)
NORMAL = build(10)


@pytest.mark.parametrize(
    "reply",
    [
        "Your left ear is indeed normal on this audiogram.",
        "Both ears are actually within normal limits.",
        "- Left: hearing is certainly normal",
        "On testing, her left ear appears indeed normal.",
        "The right ear is fine; the left ear was really normal when tested.",
        "Left ear hearing remains, in fact... no: the left ear is in fact normal.",
    ],
)
def test_a_stressed_claim_of_normal_hearing_is_judged(reply):
    assert check_reply(reply, LEFT_LOSS).critical_errors


@pytest.mark.parametrize(
    "reply",
    [
        "Your left ear is indeed normal and the right too.",
        "Both ears are actually within normal limits.",
        "Hearing is clearly normal in each ear.",
    ],
)
def test_the_same_words_are_true_of_normal_ears(reply):
    assert check_reply(reply, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "The left ear is definitely not normal.",
        "Is the left ear really normal? No: it has a loss.",
        "The left ear is probably not normal.",
    ],
)
def test_negation_questions_and_hedges_keep_their_meaning(reply):
    assert check_reply(reply, LEFT_LOSS).critical_errors == []


def test_only_the_emphasizer_after_a_copula_is_left_out():
    assert normalise("the left is indeed normal") == "the left is normal"
    assert normalise("Indeed, the left is normal") == "Indeed, the left is normal"
    assert normalise("it really helps") == "it really helps"
