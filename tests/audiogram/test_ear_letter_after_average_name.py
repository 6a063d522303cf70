"""An ear's letter between an average's name and its value names the value's ear ("4FA L 45
(moderate), R 25 (mild)", "PTA R: 30"), and a grade in brackets after the first ear's value
stays that ear's without ending the pair. Validation batch 94 XU17 (as tuning data;
notation _AVERAGE_EAR_TAG and _AVERAGE_EAR_PAIR)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right 25 dB HL flat (mild), left 45 (moderate)
RIGHT_25_LEFT_45 = build(25, 45)


def _averages(text):
    return sorted(
        (f.ear, f.claimed)
        for f in check_reply(text, RIGHT_25_LEFT_45).findings
        if f.kind.value == "pta"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Pure-tone average L 45 (moderate grade), R 25 (mild grade).",
        "Summary - 4FA Lt 45 (moderate); Rt 25 (mild).",
        "PTA L: 45 dB HL\nPTA R: 25 dB HL",
    ],
)
def test_each_ear_gets_its_own_average(text):
    assert _averages(text) == [("left", 45.0), ("right", 25.0)]
    assert check_reply(text, RIGHT_25_LEFT_45).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Pure-tone average L 25 (mild), R 45 (moderate).",
        "The 3FA R 45 sits well above the other side.",
    ],
)
def test_an_exchanged_average_is_still_caught(text):
    assert "laterality_confusion" in check_reply(text, RIGHT_25_LEFT_45).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "PTA R 25/30 at two visits.",  # a pair of values, not one average
        "PTA R 2 kHz 25.",  # a frequency after the letter
    ],
)
def test_the_letter_is_not_taken_before_other_numbers(text):
    assert all(ear != "right" or value == 25.0 for ear, value in _averages(text))
