"""A question asked after a label closed by bold or italic markup ("**Question:** Is ...?",
"_Referrer:_ Could ...?") is asked all the same: it puts no finding (validation batch 87,
a retrieval-augmented answer quoting the question it answers, used as tuning data).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

ANSWER = (
    "\n\nRight ear: a moderate conductive loss, air 45 dB HL at 250 Hz easing to 30 at "
    "4 kHz over bone of 5-10. Left ear normal, 10 dB HL throughout."
)

ASKED = [
    "**Query from the GP:** is the right ear a sensorineural loss?",
    "> _Referrer:_ Could this be a mixed loss on the right side?",
]


@pytest.mark.parametrize("question", ASKED)
def test_the_question_is_blanked(question):
    kept = without_unclaimed(question + ANSWER)
    assert "sensorineural" not in kept and "mixed" not in kept
    assert "moderate conductive loss" in kept


@pytest.mark.parametrize("question", ASKED)
def test_the_question_is_not_judged(question):
    assert check_reply(question + ANSWER, CASE).critical_errors == []


def test_a_statement_after_a_marked_label_is_still_read():
    reply = "**Answer:** the right ear has a sensorineural loss." + ANSWER
    assert "type_misclassification" in check_reply(reply, CASE).critical_errors
