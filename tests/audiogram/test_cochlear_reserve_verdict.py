""" "Normal cochlear reserve" at the end of a clause is a verdict on bone conduction, not a
heading for the levels after it: "right ear moderate conductive hearing loss with normal
cochlear reserve, flat at 40-45 dB HL from 250 to 8000 Hz" gives the loss's air levels (issue
#26, batch 52, as tuning data: WE04, whose air range had been judged as bone, a false
fabricated result). Near misses: bone named in words still carries ("bone conduction, 5-10
dB HL"), and the reserve's own clause is still about bone.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost

# right conductive loss: air 40-45, bone 5-10 (masked); left normal
RIGHT_CHL = build({250: 45, 500: 40, 1000: 40, 2000: 45, 3000: 45, 4000: 45, 6000: 40, 8000: 45},
                  10, right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
                  left_bone={500: 5, 1000: 10, 2000: 10, 4000: 5}, bone_masked=True)  # fmt: skip


def _ranges(reply: str) -> list[str]:
    return [
        c.conduction
        for claims in read_statements(reply)
        for c in claims
        if c.kind == "threshold_range"
    ]


@pytest.mark.parametrize(
    ("reply", "conductions"),
    [
        ("Right ear moderate conductive loss with normal cochlear reserve, flat at 40-45 dB HL "
         "from 250 to 8000 Hz.", ["air"]),
        # near miss: bone named in words carries to the levels after it
        ("Right ear conductive loss with bone conduction, 5-10 dB HL from 500 to 4000 Hz.",
         ["bone"]),
    ],
)  # fmt: skip
def test_the_reserve_does_not_carry_bone(reply, conductions):
    assert _ranges(reply) == conductions


def test_judged_as_air():
    reply = (
        "Right ear moderate conductive hearing loss with normal cochlear reserve, flat at "
        "40-45 dB HL from 250 to 8000 Hz. Left ear normal."
    )
    assert check_reply(reply, RIGHT_CHL).critical_errors == []


def test_read_in_linear_time():
    text = "conductive loss with normal cochlear reserve, flat at 40-45 dB HL. " * 30
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_CHL))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_CHL))
    assert_linear(small, big)
