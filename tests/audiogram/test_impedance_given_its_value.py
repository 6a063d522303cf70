"""An impedance given its value ("an absolute impedance of 4", "impedance: 350", "the
measured impedance was about 2.5") is stated as a measured result of immittance testing:
invented where the case has no tympanometry, as an impedance in ohms or a "high impedance"
is (issue #26, batch 152, the real local model's "bone conduction with an absolute impedance
of 4", as tuning data; the phrasings here are new). Naming the test, planning it, or a
number that is a time or a count is no result."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import impedance_claims

from .conftest import build

NO_TYMPANOMETRY = build(20)


@pytest.mark.parametrize(
    "clause",
    [
        "the middle ear shows an absolute impedance of 4",
        "right ear impedance: 350",
        "the measured impedance was about 2.5",
        "left impedance = 600",
    ],
)
def test_an_impedance_given_its_value_is_a_result(clause):
    assert len(impedance_claims(clause, None, False, clause)) == 1


@pytest.mark.parametrize(
    "clause",
    [
        "impedance testing was not done",
        "repeat impedance in 3 months",
        "impedance audiometry is planned",
        "an impedance of 4 would suggest fluid",
    ],
)
def test_a_test_named_planned_or_supposed_is_no_result(clause):
    assert impedance_claims(clause, None, False, clause) == []


def test_an_impedance_value_without_tympanometry_is_fabricated():
    reply = "The left ear shows a measured impedance of 3.2."
    assert check_reply(reply, NO_TYMPANOMETRY).critical_errors == ["fabricated_result"]
