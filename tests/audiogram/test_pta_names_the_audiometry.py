""" "PTA" before a list of levels names pure-tone audiometry, not an average: the list is the
ear's thresholds (claims.LEVELS_LISTED; round 16, batches 100 and 104; my own wording, on
V02: right 45/40/20/15/15 dB HL at 250-3000 Hz, 4FA 17.5; left 10 throughout)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import average_claims

from .validation import cases

CASES = cases()

NOTES = [
    ("PTA, right ear - 45 / 40 / 20 / 15 / 15 / 15 / 15 / 20.", []),
    ("PTA right 45 dB at 250 Hz, 40 dB at 500 Hz, 20 dB at 1 kHz.", []),
    ("Right: 45 40 20 15 15 15 15 20. PTA: right 45 40 20 15 15 15 15 20.", []),
    # one number, or an ear pair of two, after "PTA" is still an average
    ("PTA right: 45 dB HL.", ["fabricated_result"]),
    ("PTA right 45, 40.", ["fabricated_result"]),
]


@pytest.mark.parametrize(("note", "errors"), NOTES)
def test_pta_before_a_list_of_levels_names_the_audiometry(note, errors):
    assert check_reply(note, CASES["V02"]).critical_errors == errors


@pytest.mark.parametrize(
    ("clause", "averages"),
    [
        ("pta (left): 30, 35, 40, 50 db hl", []),
        ("pta left 30 / 35 / 40", []),
        ("pta left 38.75 db hl", [38.75]),
        ("pta 30 / 35", [30.0]),
    ],
)
def test_reading_pta_before_levels(clause, averages):
    claims, _ = average_claims(clause, "left", False)
    assert [c.value for c in claims] == averages
