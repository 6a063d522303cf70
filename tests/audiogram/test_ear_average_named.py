"""An ear's average in dB, named with no frequencies, is its pure-tone average: "Averages:
right 10 dB HL, left 37.5 dB HL", "right average 85 dB HL", "the right ear averages about 36
dB" (issue #26, blind batch 46, sudden-loss follow-up notes, as tuning data: VY19, whose
planted swap of the averages was read as nothing). Near misses: an average of a named region
("high-frequency averages: ...") and "on average" are not an ear's PTA."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import average_claims

from .conftest import assert_linear, build, conductive_right, cpu_cost

# right conductive loss, PTA 40 (45, 40, 35, 30 at 0.5-4 kHz), left normal at 10 dB HL
RIGHT_CONDUCTIVE = conductive_right()


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Averages: right 10 dB HL, left 40 dB HL.", ["laterality_confusion"]),
        ("Average: right 10 dB HL, left 40 dB HL.", ["laterality_confusion"]),
        ("Right average 70 dB HL.", ["fabricated_result"]),
        ("The left ear's average is 10 dB HL; right average 80 dB HL.", ["fabricated_result"]),
        # near misses: the true averages, a region's average, "on average"
        ("Averages: right 40 dB HL, left 10 dB HL.", []),
        ("Right ear average about 40 dB HL.", []),
        ("High-frequency averages: right 80 dB HL, left 80 dB HL.", []),
        ("On average, the right ear is 10 dB worse than the left.", []),
    ],
)
def test_an_ears_average_is_its_pta(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


@pytest.mark.parametrize(
    ("clause", "ear", "value"),
    [
        ("right averages 10 db hl", "right", 10.0),
        ("right ear average of 37.5 db hl", "right", 37.5),
        ("averages: left 30 db", "left", 30.0),
    ],
)
def test_the_average_is_read_as_a_pta_claim(clause, ear, value):
    claims, _ = average_claims(clause, ear, False)
    assert [(c.kind, c.ears, c.value) for c in claims] == [("pta", (ear,), value)]


def test_ear_averages_are_read_in_linear_time():
    text = "Averages: right 10 dB HL, left 37.5 dB HL. right average " * 50
    ears = build(20)
    small = cpu_cost(lambda: check_reply(text * 5, ears))
    big = cpu_cost(lambda: check_reply(text * 20, ears))
    assert_linear(small, big)
