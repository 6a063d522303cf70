"""What the writer says they do not use to hear or communicate ("I do not use hearing aids",
"we don't use the loop") is a statement of their own means, not a rejection of the words
before it: a grade the audiology letter is reported giving ("The audiology letter calls this
a moderate hearing loss.") stays the record's claim. Advice against a term ("we don't use
'moderate' here", "I don't call it mild") still rejects it. Batch 115 YP47 as tuning data
(discourse.REJECTED, discourse._OWN_MEANS)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import REJECTED, without_unclaimed

from .conftest import build

DEAF = build({f: {"value": 120, "no_response": True} for f in (250, 500, 1000, 2000, 4000, 8000)})


@pytest.mark.parametrize(
    "text",
    [
        "I do not use hearing aids.",
        "We don't use the loop at home.",
        "I don't use BSL at work.",
        "we do not use our cochlear processors at night",
    ],
)
def test_ones_own_means_reject_nothing(text):
    assert REJECTED.search(text) is None


@pytest.mark.parametrize(
    "text", ["We don't use 'moderate' for this.", "I don't call it mild.", "I do not write that."]
)
def test_advice_against_a_term_still_rejects(text):
    assert REJECTED.search(text) is not None


def test_the_letters_grade_stays_the_claim():
    reply = (
        "On my hearing test I have no response at the limits in either ear. The audiology "
        "letter calls this a moderate hearing loss.\nI do not use hearing aids."
    )
    assert "moderate" in without_unclaimed(reply)
    assert check_reply(reply, DEAF).critical_errors == ["severity_misclassification"]
