"""A level said to hold from a frequency on ("20 dB HL or better from 1 kHz upwards", "15 dB
HL above 2 kHz") is no level at the frequency named before it (issue #26, validation batch
39, cochlear-implant candidacy summaries, as tuning data: VR02 read "40 dB HL at 500 Hz, 20 dB
HL or better from 1 kHz upwards" as 20 dB HL at 500 Hz). A level at its own frequency after
the one before is read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, claim_fields, conductive_right, cpu_cost


def _levels(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "frequencies", "value")


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("Right 40 dB HL at 500 Hz, 20 dB HL or better from 1 kHz upwards.",
         [(("right",), (500,), 40)]),
        ("Right 40 dB HL at 500 Hz, 20 dB HL above 1 kHz.", [(("right",), (500,), 40)]),
        # near misses: a level at its own frequency, a frequency then its level
        ("Right 40 dB HL at 500 Hz, 20 dB HL at 1 kHz.",
         [(("right",), (500,), 40), (("right",), (1000,), 20)]),
        ("At 500 Hz 40 dB, from 1 kHz 20 dB.", [((), (500,), 40), ((), (1000,), 20)]),
    ],
)  # fmt: skip
def test_level_from_a_frequency_on(text, levels):
    assert _levels(text) == levels


def test_no_false_level_at_the_frequency_before():
    # right 45 at 250 and 500 Hz in conductive_right: 10 dB HL there would be a false claim
    text = "Right 45 dB HL at 500 Hz, 10 dB HL or better from 8 kHz up."
    assert "fabricated_result" not in check_reply(text, conductive_right()).critical_errors


def test_level_from_a_frequency_reading_is_linear():
    def cost(n):
        text = "40 dB HL at 500 Hz, 20 dB HL or better from 1 kHz, " * n
        return cpu_cost(lambda: read_statements(text))

    assert_linear(cost(250), cost(1000))
