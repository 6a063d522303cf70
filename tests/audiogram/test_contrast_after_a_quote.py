"""After quoted words, ", not Y" denies Y, what follows it, not the words before it ("The
tester read the card: 'moderate loss', and said it is the nerve kind, not wax": the grade is
kept; batch 141 ZP37 as tuning data). ", not correct" and ", not quite" still reject the
quoted words, as any other rejection after them does."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

PROFOUND = build(90)
MODERATE = build(40)

KEPT = [
    'The tester read out the chart: "moderate loss, both ears", and said it is inner-ear '
    "damage, not wax.",
    'Summary card: "moderate hearing loss in each ear" - she asked about glue ear, not likely '
    "at her age.",
]


@pytest.mark.parametrize("reply", KEPT)
def test_a_contrast_after_the_words_keeps_them(reply):
    assert without_unclaimed(reply) == reply
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, MODERATE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        'The report says "moderate loss, both ears", not correct.',
        "The tech wrote 'moderate loss, both ears', not quite.",
        "The tech wrote 'moderate loss, both ears'; this is wrong.",
    ],
)
def test_a_rejection_after_the_words_still_sets_them_aside(text):
    assert without_unclaimed(text) != text
