"""Advice against quoted words rejects them: "I'd stop at 'conductive'", "I'd avoid
'sensorineural'", "I wouldn't write 'mixed'", "don't call it 'profound'" (discourse.REJECTED;
validation batch 92, used as tuning data, where the assistant turns down the junior's term).

Reading tests: text -> what is blanked; judging tests: reply -> critical errors. Wording of
their own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import REJECTED, without_unclaimed

from .conftest import build

RIGHT_CONDUCTIVE = build(
    {250: 45, 500: 45, 1000: 45, 2000: 45, 4000: 45, 8000: 45},
    10,
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)

ADVISED_AGAINST = [
    'I\'d avoid "sensorineural". With bone at 10 and air at 45 there is a 35 dB gap on the '
    "right: a conductive loss.",
    'We\'d steer clear of "sensorineural" - air 45 over bone 10 on the right is a conductive loss.',
    'I would stop at "sensorineural". Right air 45, bone 10: that gap makes it conductive.',
]


@pytest.mark.parametrize(
    "words", ["I'd stop at", "I would avoid", "we wouldn't write", "don't call it", "Do not use"]
)
def test_advice_against_words_is_a_rejection(words):
    assert REJECTED.search(words)


@pytest.mark.parametrize("words", ["I would write", "I'd call it", "do use", "we'd put"])
def test_advice_for_words_is_none(words):
    assert not REJECTED.search(words)


@pytest.mark.parametrize("reply", ADVISED_AGAINST)
def test_the_term_advised_against_is_blanked(reply):
    assert '"sensorineural"' not in without_unclaimed(reply)
    assert "conductive" in without_unclaimed(reply)


@pytest.mark.parametrize("reply", ADVISED_AGAINST)
def test_the_term_advised_against_is_not_judged(reply):
    """The first was judged a type error on main 2f3b444."""
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == []
    wrong = reply.replace("conductive", "sensorineural").replace('"sensorineural"', '"conductive"')
    assert check_reply(wrong, RIGHT_CONDUCTIVE).critical_errors == ["type_misclassification"]
