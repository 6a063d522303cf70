"""One level given for an ear named right after it, ending its clause ("40 dB HL for the
right ear, 20 dB HL for the left ear", "we measured 30 dB HL in her left ear"), is that ear's
hearing level, as a level after the ear's tag is (threshold_claims._EAR_AFTER,
EAR_TAGGED_LEVEL), whatever ear the clause carried. A level with a frequency, a bound, or
another measure stays unread as a whole-ear level (issue #26 batch 18, the replies of a small
local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements
from clinbench.audiogram.threshold_claims import EAR_TAGGED_LEVEL

from .conftest import build

CASE = build(40, 20)


def _ear_levels(text: str) -> list[tuple]:
    return [
        (c.ears, c.value)
        for claims in read_statements(text)
        for c in claims
        if EAR_TAGGED_LEVEL in c.rules
    ]


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("Both ears were tested: 40 dB HL for the right ear, 20 dB HL for the left ear.",
         [(("right",), 40), (("left",), 20)]),
        ("We measured 30 dB HL in her left ear.", [(("left",), 30)]),
        ("Right ear: 35 dB HL for the left ear.", [(("left",), 35)]),
    ],
)  # fmt: skip
def test_a_level_given_for_an_ear_is_that_ears(text, levels):
    assert _ear_levels(text) == levels


@pytest.mark.parametrize(
    "text",
    [
        "Masking noise of 60 dB was used in the left ear.",
        "Thresholds are 70 dB HL for the left ear at 4 kHz.",
        "A PTA of 40 dB HL for the right ear.",
        "Hearing aids give 20 dB of gain for the right ear.",
    ],
)
def test_a_placed_level_an_average_or_another_measure_is_not(text):
    assert _ear_levels(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Results: 40 dB HL for the right ear, 20 dB HL for the left ear.", []),
        ("Results: 20 dB HL for the right ear, 40 dB HL for the left ear.",
         ["laterality_confusion"]),
        ("Results: 90 dB HL for the right ear.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_the_level_is_judged_against_its_ear(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
