"""A capital R or L straight after a frequency and before a level is that level's ear ("Bone
at 4 kHz R 10", "2 kHz: R 50, L 10", "notch depth at 4 kHz R 65 / L 35 dB"): clinic notes'
shorthand, read by the claims reader's "frequency then R/L" ear token (batch 182 TA24, a bone
value given at a frequency bone was not tested at; batch 184 TC36, a summary line with the
ears' notch depths exchanged). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

# right conductive-ish low-tone loss, bone tested at 500 and 1000 Hz only; left normal
RIGHT_LOW = build(
    {250: 40, 500: 40, 1000: 35, 2000: 25, 4000: 20},
    {250: 10, 500: 10, 1000: 10, 2000: 10, 4000: 10},
    right_bone={500: 10, 1000: 5},
    left_bone={500: 5, 1000: 5},
    bone_masked=True,
)


def _thresholds(text: str) -> list[tuple]:
    return [
        (c.ears, c.conduction, c.frequencies, c.value)
        for c in read_claims(text)
        if c.kind == "threshold"
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Bone at 4 kHz R 10 dB.", [(("right",), "bone", (4000,), 10)]),
        ("At 500 Hz: R 40, left normal.", [(("right",), "air", (500,), 40)]),
        ("- notch 4k R 20", [(("right",), "air", (4000,), 20)]),
        ("| 1 kHz, L 10 |", [(("left",), "air", (1000,), 10)]),
        ("He asked about the 2 kHz - R 55 dB there.", [(("right",), "air", (2000,), 55)]),
        # the frequency of a level before it heads no letter's level: the 60 is not the R's
        ("High notes worst: L 60 at 4k, R 40.", [((), "air", (4000,), 60)]),
        # a frequency after the letter and its number is a frequency, not a level
        ("At 1 kHz R 2 kHz", []),
    ],
)
def test_reading(text, read):
    assert _thresholds(text) == read


@pytest.mark.parametrize(
    ("line", "errors"),
    [
        ("Bone at 4 kHz R 10 - the cochlea is fine.", ["fabricated_result"]),
        ("Summary: at 2 kHz R 55 dB.", ["fabricated_result"]),
        ("Summary: at 1 kHz R 35 dB.", []),
        ("Bone at 1 kHz R 5.", []),
    ],
)
def test_end_to_end(line, errors):
    body = "Right 40 dB at 250-500 Hz, 35 at 1k, 25 at 2k, 20 above; left 10 dB throughout.\n"
    assert check_reply(body + line, RIGHT_LOW).critical_errors == errors
