"""A range of levels at one frequency ("both recover to 15-30 dB at 8 kHz") says the level
there lies in the range, or, given for both ears, that each ear's level does: it is judged as
a range over a span of frequencies is, not by its top alone (threshold_claims.
RANGE_AT_ONE_FREQUENCY; issue #26 batch 189 TF48, a range over the two ears' values at 8 kHz
read as 30 dB for one ear). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears notched at 4 kHz; at 8 kHz the right is 15, the left 30
NOTCHES = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 6000: 25, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 6000: 55, 8000: 30},
)
BODY = "Notches both sides: right 25 at 3 kHz and 35 at 4 kHz, left 50 and 65.\n"


def test_a_range_at_one_frequency_is_read_as_a_range():
    claims = [
        (c.kind, c.value, c.value_high, c.frequencies)
        for cl in read_statements("The right ear is 15-30 dB at 8 kHz.")
        for c in cl
    ]
    assert claims == [("threshold", 30, 15, (8000,))]


@pytest.mark.parametrize(
    "line",
    [
        "Both recover to 15-30 dB at 8 kHz.",
        "- both ears: 15 to 30 dB HL at 8k",
        "* both sides recover, 15-30 dB at 8 kHz",
        "At the top both come back, 15-30 dB at 8 kHz.",
        "The right ear recovers to 10-20 dB at 8 kHz.",
    ],
)
def test_a_range_spanning_the_ears_values_stays_unflagged(line):
    assert check_reply(BODY + line, NOTCHES).critical_errors == []


@pytest.mark.parametrize(
    "line",
    [
        "Both recover to 50-60 dB at 8 kHz.",
        "- right ear: 45 to 50 dB HL at 8k",
    ],
)
def test_a_range_missing_the_level_there_is_flagged(line):
    assert check_reply(BODY + line, NOTCHES).critical_errors != []
