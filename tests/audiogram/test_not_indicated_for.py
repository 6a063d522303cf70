"""What a test is not indicated for is stated, the test declined: "not warranted for a
symmetric loss" says the loss is symmetric (lexicon.PRESUPPOSED; round 16, batch 100; my own
wording, on V12: a symmetric high-frequency loss)."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .validation import cases

CASES = cases()

NOTES = [
    ("An MRI is not warranted for a symmetric high-frequency loss like this.", []),
    ("A scan is not indicated for the symmetrical loss she has.", []),
    # the finding negated itself stays negated
    ("The loss is not symmetrical.", ["laterality_confusion"]),
]


@pytest.mark.parametrize(("note", "errors"), NOTES)
def test_what_a_test_is_not_indicated_for_is_stated(note, errors):
    assert check_reply(note, CASES["V12"]).critical_errors == errors


def test_reading_what_a_test_is_not_indicated_for():
    text = "imaging not justified for a symmetric loss"
    assert not lexicon.negated(text, text.index("symmetric"))
