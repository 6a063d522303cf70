"""What a test is expected to show, would show or usually shows is no result of this
patient (result_claims.PREDICTION; round 16, batch 100; my own wording, on V02: a right
low-frequency conductive loss, left normal, no immittance recorded)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .validation import cases

CASES = cases()

AUDIOGRAM = (
    "Right ear: low-frequency conductive loss, 4FA about 22 dB HL, mild. Left ear normal.\n\n"
)

EXPECTATIONS = [
    # an expectation, a modal with words between, or a test's usual outcome: no result
    ("Stapedial reflexes: expect them absent on the right when they are done.", []),
    ("Our usual expectation with a conductive right ear: ipsilateral reflex absent at 1 kHz.", []),
    ("Textbook expectation for the right: reflexes absent, or present only at the limit.", []),
    ("Contralateral reflexes would on balance be absent with the right ear stimulated.", []),
    ("Right reflexes typically absent where the gap exceeds 20 dB.", []),
    ("Once the probe is tolerated, the right reflexes are expected absent.", []),
    # a result stated as this patient's stays one, "as expected" included
    ("Stapedial reflexes were absent on the right.", ["fabricated_result"]),
    ("Right reflexes absent, as expected with the gap.", ["fabricated_result"]),
]


@pytest.mark.parametrize(("sentence", "errors"), EXPECTATIONS)
def test_an_expected_result_is_no_result(sentence, errors):
    assert check_reply(AUDIOGRAM + sentence, CASES["V02"]).critical_errors == errors
