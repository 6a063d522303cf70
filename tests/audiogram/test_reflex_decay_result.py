"""A reflex decay verdict (negative: the reflex holds; positive: it fades) reports the
acoustic reflex recorded (result_claims.PRESENT_WORDS; round 16, batch 100; my own wording,
on V02, which has no reflexes)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import outcome_claims

from .validation import cases

CASES = cases()

NOTES = [
    ("Acoustic reflex decay was positive on the right at 1 kHz.", ["fabricated_result"]),
    ("Negative reflex decay bilaterally.", ["fabricated_result"]),
    ("The right reflex showed positive decay at 500 Hz.", ["fabricated_result"]),
    # a decay test not done, or the rule for reading one, reports nothing
    ("Reflex decay: not tested.", []),
    ("Reflex decay would be positive in a retrocochlear lesion.", []),
]


@pytest.mark.parametrize(("note", "errors"), NOTES)
def test_a_decay_verdict_reports_the_reflex(note, errors):
    assert check_reply(note, CASES["V02"]).critical_errors == errors


def test_reading_a_decay_verdict():
    (claim,) = outcome_claims("reflexes", "reflex decay negative on the left", "left", False)
    assert (claim.kind, claim.value) == ("reflexes", "present")
