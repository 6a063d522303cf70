"""A frequency written as the frequency of the level just before it ("65 at 8 kHz") is that
level's: it heads no other ear's levels after it ("right 25 at 250 Hz sloping to 65 at
8 kHz, left 25 sloping to 65": the left's 25 is not at 8 kHz). The other ear's values with
no frequency of their own are not read there, never guessed (claims._ear_levels_at,
_frequency_of_a_level_before). Near misses: a frequency that opens the ear levels ("At 3 kHz
the right is 30 and the left 55", "6 kHz notch, right 40 and left 70 dB HL, recovering to 20
at 8 kHz") is still theirs."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


def _thresholds(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "value", "frequencies", whole_reader=True)


LEVEL_FIRST = [
    "Air: right 20 at 250 Hz sloping to 70 at 8 kHz, left 20 sloping to 70.",
    "Right ear 30 dB at 1 kHz, dropping to 55 dB at 6 kHz, left ear 30 dB dropping to 55.",
    "right 50 at 250 Hz rising to 20 at 4 kHz, and left 50 rising to 20",
    "Right 40 dB HL @ 4k, left 60.",
]


@pytest.mark.parametrize("text", LEVEL_FIRST)
def test_a_levels_frequency_heads_no_other_ear(text):
    assert not any(ears == ("left",) for ears, _, _ in _thresholds(text))


FREQUENCY_FIRST = [
    ("At 3 kHz the right is 30 and the left 55.", [(("right",), 30, (3000,)),
                                                   (("left",), 55, (3000,))]),
    ("4 kHz dip in both ears, right 35 and left 60 dB HL, recovering to 20 at 8 kHz.",
     [(("right",), 35, (4000,)), (("left",), 60, (4000,))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "levels"), FREQUENCY_FIRST)
def test_ear_levels_after_a_frequency_are_read(text, levels):
    assert [t for t in _thresholds(text) if t[2] != (8000,)] == levels


def test_end_to_end():
    sloping = {250: 20, 500: 25, 1000: 35, 2000: 45, 3000: 55, 4000: 60, 6000: 65, 8000: 70}
    audiogram = build(sloping, sloping)
    text = "Air: right 20 at 250 Hz sloping to 70 at 8 kHz, left 20 sloping to 70."
    assert check_reply(text, audiogram).critical_errors == []
