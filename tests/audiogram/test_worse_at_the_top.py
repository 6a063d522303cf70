"""An ear said worse "at the top" (end) is worse in the high frequencies (lexicon.region_of:
the top of the audiogram's frequencies is its high band), and the writer's stress before the
comparative ("so much worse", "very much poorer") still names the worse ear (lexicon.WORSE;
issue #26 batch 192 TI45: ears alike to 4 kHz, one falling to 80-85 dB above, the other
named as worse at the top). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# alike to 4 kHz; the left falls to 80-85 dB at 6-8 kHz, the right stays at 35
LEFT_TOP = build(
    {250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 40, 6000: 35, 8000: 35},
    {250: 15, 500: 15, 1000: 20, 2000: 25, 4000: 35, 6000: 80, 8000: 85},
)
BODY = "Both ears 15-25 dB to 2 kHz and 35-40 dB at 4 kHz; the left falls to 80-85 dB above.\n"


def test_the_top_is_the_high_band():
    claims = [
        (c.kind, c.ears, c.frequencies)
        for cl in read_statements("The right ear is so much worse at the top.")
        for c in cl
    ]
    assert claims == [("worse_ear", ("right",), (2000, 16000))]


@pytest.mark.parametrize(
    "line",
    [
        "Because the right ear is so much worse at the top, an MRI is routine.",
        "- MRI: right very much poorer at the top end",
        "Summary: the right is worse at the top.",
    ],
)
def test_the_wrong_ear_worse_at_the_top_is_a_swap(line):
    assert check_reply(BODY + line, LEFT_TOP).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize(
    "line",
    [
        "Because the left ear is so much worse at the top, an MRI is routine.",
        "- MRI: left very much poorer at the top end",
        # "on top of" is no region
        "On top of that, the left is worse.",
    ],
)
def test_the_ear_worse_at_the_top_stays_unflagged(line):
    assert check_reply(BODY + line, LEFT_TOP).critical_errors == []
