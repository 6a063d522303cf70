"""A level written without "dB", then the ear it was found in, then "at" and a frequency
("still 50 on the right at 8 kHz", "twenty-five on the left at 500") is that ear's level at
that frequency, as "50 dB on the right at 8 kHz" is. A bare number with no frequency after
its ear is not read so. Batch 116 YQ42 as tuning data (threshold_claims.BARE_LEVELS,
_AT_NUMBER)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value", ordered=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Recovery at 8 kHz on the left to 25 but still 50 on the right at 8 kHz.",
         ((("right",), (8000,), 50),)),
        ("A sharp drop: 55 on the right and 60 on the left at 2000.",
         ((("left",), (2000,), 60),)),
        ("Both ears going down - 20, then 25 on the left at 500 Hz.",
         ((("left",), (500,), 25),)),
        ("Notch of 45 in his right ear at 4k.", ((("right",), (4000,), 45),)),
    ],
)  # fmt: skip
def test_the_level_is_that_ears_at_that_frequency(text, expected):
    read = _levels(text)
    for level in expected:
        assert level in read, read


@pytest.mark.parametrize(
    "text",
    [
        "Seen 50 times on the right at the clinic.",  # no frequency after the ear
        "Class of 30 on the left at home.",
    ],
)
def test_near_misses_read_no_level(text):
    assert _levels(text) == []


def test_judged_as_that_ears():
    audiogram = build(
        {250: 10, 500: 10, 1000: 10, 2000: 15, 4000: 25, 6000: 40, 8000: 20},
        {250: 10, 500: 10, 1000: 10, 2000: 15, 4000: 25, 6000: 45, 8000: 25},
    )
    reply = "Notches at 6 kHz, recovering on the left to 25 but still 50 on the right at 8 kHz."
    assert check_reply(reply, audiogram).critical_errors == ["fabricated_result"]
