"""A 'normal' phrase that denies a hearing impairment as well as a hearing loss, or denies
the evidence of one ("there is no evidence of hearing impairment", "no sign of any hearing
loss", "no impairment of his hearing"): the hearing said normal in other words
(lexicon.NORMAL_PHRASES; issue #26 batch 165 UN12, a small model's reply; wording of our
own). An impairment of another faculty, and the evidence of something else, stay unread."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(10)
BOTH_MODERATE = build(45)

DENIED = [
    "There is no evidence of hearing impairment.",
    "The test shows no sign of any hearing loss.",
    "No hearing impairment was found.",
    "There was no impairment of his hearing on the day.",
]

OTHER = [
    "There is no evidence of cognitive impairment.",
    "No evidence of infection in either canal.",
    "She reports no loss of appetite.",
    "No impairment of memory was noted.",
]


@pytest.mark.parametrize("text", DENIED)
def test_a_denied_impairment_is_normal_hearing(text):
    assert check_reply(text, BOTH_MODERATE).critical_errors != []
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize("text", OTHER)
def test_another_faculty_or_finding_is_not_the_hearing(text):
    assert check_reply(text, BOTH_MODERATE).critical_errors == []
