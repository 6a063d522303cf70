"""An average named once, then each ear's value followed by that ear's capital letter ("PTA
20 R / 45 L"), or the two ears' values parted by a printout's column gap ("PTA4  L 45   R
20"), gives each ear its own average, as "PTA right 20, left 45" does: the letter after a
value names its ear on a form, and a gap between columns is a list's comma. Validation batch
108 (as tuning data; notation _AVERAGE_VALUE_EAR_PAIR and _AVERAGE_EAR_PAIR)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import READING_STEPS, check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right flat 20 dB HL (normal), left flat 45 dB HL (moderate)
RIGHT_20_LEFT_45 = build(20, 45)


def _averages(text: str) -> set[tuple]:
    for step in READING_STEPS:
        text = step(text)
    return {
        (c.ears, c.value) for claims in read_statements(text) for c in claims if c.kind == "pta"
    }


@pytest.mark.parametrize(
    "text",
    [
        "Pure-tone average 20 R / 45 L; sensorineural on the left.",
        "4FA: 45 L / 20 R, asymmetric.",
        "Result line\n  PTA4   R 20 (normal)    L 45 (moderate)\n",
    ],
)
def test_each_ear_gets_its_own_average(text):
    assert _averages(text) == {(("right",), 20.0), (("left",), 45.0)}


@pytest.mark.parametrize(
    "text",
    [
        "Pure-tone average 45 R / 20 L, asymmetric.",
        "Result line\n  PTA4   R 45 (moderate)    L 20 (normal)\n",
    ],
)
def test_averages_given_to_the_wrong_ears_are_a_swap(text):
    assert check_reply(text, RIGHT_20_LEFT_45).critical_errors == ["laterality_confusion"]


def test_averages_given_to_the_right_ears_are_no_error():
    text = "Pure-tone average 20 R / 45 L; sensorineural on the left."
    assert check_reply(text, RIGHT_20_LEFT_45).critical_errors == []
