"""Dictated levels at their frequencies: speech recognition writes "fifty five at two fifty
forty at one thousand" with no units, which a written report gives as "55 dB at 250 Hz 40 dB
at 1000 Hz". A test frequency spoken after a level and "at" (or after "decibels at") is
written out with its unit, and the level with its own (issue #26, validation batch 15, used as
tuning data). A grade of the loss followed by such levels is the whole loss's grade, and an
ear's row of dictated levels ("left fifteen fifteen twenty five forty") is no level at the
frequency named before it."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import written_out
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build, cpu_cost

WRITTEN_OUT = [
    ("right ear fifty five at two fifty and forty at one thousand full stop",
     "Right ear 55 dB at 250 Hz and 40 dB at 1000 Hz."),
    ("left sixty five decibels at four thousand full stop",
     "Left 65 decibels at 4000 Hz."),
    ("twenty at fifteen hundred comma thirty at seven fifty full stop",
     "20 dB at 1500 Hz, 30 dB at 750 Hz."),
    # near misses: a frequency with no level before it, or whose unit is spoken
    ("bone tested from two fifty to four thousand full stop",
     "Bone tested from 250 to 4000."),
    ("fifty at five hundred hertz full stop", "50 at 500 Hz."),
    ("three thousand not tested full stop", "3000 not tested."),
    ("forty at one hundred full stop", "40 at 100."),  # no test frequency
]  # fmt: skip


@pytest.mark.parametrize(("spoken", "written"), WRITTEN_OUT, ids=[r[0] for r in WRITTEN_OUT])
def test_written_out(spoken, written):
    assert written_out(spoken) == written


# (clause, the region the grade is scoped to)
GRADES = [
    ("left ear moderate sloping sensorineural loss 15 db at 250 hz 20 db at 500 hz", ()),
    ("mild sloping sensorineural 15 to 20 up to 1000 60 db at 4000 hz", ()),
    # near misses: a stated region, and a range's top at a region (a dip's depth there)
    ("a mild loss at 4000 hz", (4000, 4000)),
    ("a mild loss of 25-40 db at 4-6 khz", (4000, 6000)),
    ("moderate cookie-bite loss (45-50 db hl at 1-2 khz)", (1000, 2000)),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "region"), GRADES, ids=[r[0] for r in GRADES])
def test_a_grade_before_levels_at_their_frequencies_grades_the_loss(clause, region):
    (claim,) = degree_claims(clause, "left", False)
    assert claim.frequencies == region


# V51-like: left conductive 55/50/45/55 at 0.5/1/2/4k over masked bone 10-15; right normal
LEFT_CONDUCTIVE = build(
    10,
    {250: 55, 500: 55, 1000: 50, 2000: 45, 4000: 55, 8000: 50},
    left_bone={500: 10, 1000: 15, 2000: 15, 4000: 10},
    right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("thirty year old left ear conductive hearing loss fifty five at five hundred fifty at "
         "one thousand forty five at two thousand and fifty five at four thousand comma masked "
         "bone ten to fifteen full stop right ear normal ten decibels full stop", []),
        ("thirty year old left ear conductive hearing loss fifty five at five hundred twenty at "
         "one thousand forty five at two thousand and fifty five at four thousand full stop",
         ["fabricated_result"]),
        ("left ear moderately severe conductive loss fifty five decibels at four thousand full "
         "stop", []),
        ("left ear moderately severe conductive loss twenty decibels at four thousand full stop",
         ["fabricated_result"]),
        # an ear's row of levels after a frequency: no level at that frequency
        ("right ten at four thousand comma left fifty five fifty forty five fifty five full "
         "stop", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, LEFT_CONDUCTIVE).critical_errors == errors


def test_a_long_dictation_is_written_out_in_linear_time():
    def cost(n):
        text = "fifty five at two fifty forty at one thousand comma " * n + "full stop"
        return len(text), cpu_cost(lambda: written_out(text))

    size, small = cost(500)
    _, big = cost(2000)
    assert size > 25_000
    assert big < 10 * max(small, 0.02)
