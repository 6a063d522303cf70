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


NOT_IMPAIRED = [
    "It is not an impairment at all, rather a normal change with age.",
    "Result: not a hearing impairment.",
    "Hearing: not impaired.",
    "Both ears are not impaired on this test.",
    "Your hearing was not impaired, so no follow-up is needed.",
]
"""An impairment denied with "not" (issue #26 batch 181 QD03: "This condition is not an
impairment but rather a normal variation caused by aging", on two conductive losses)."""

STILL_IMPAIRED = [
    "The impairment is not severe.",
    "It is not an impairment of vision.",
    "This is not just a hearing impairment: there is a loss in both ears.",
]


@pytest.mark.parametrize("text", NOT_IMPAIRED)
def test_an_impairment_denied_with_not_is_normal_hearing(text):
    assert check_reply(text, BOTH_MODERATE).critical_errors != []
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize("text", STILL_IMPAIRED)
def test_a_graded_impairment_or_another_faculty_is_not_denied(text):
    assert check_reply(text, BOTH_MODERATE).critical_errors == []
