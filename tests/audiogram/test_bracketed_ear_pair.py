"""Two ears' values each followed by its ear in brackets, then their frequency: "to 70 dB HL
(right) and 75 dB HL (left) at 8 kHz" (issue #26, batch 49, as tuning data: WB08). The pair
had lost its frequency to the one named earlier in the sentence (500 Hz), a false fabricated
result beside the planted severity error. Near misses: a bracketed pair with no frequency of
its own after it (averages: "36 dB HL (right) and 38 dB HL (left)") or with a list after its
frequency ("at 2 kHz, 80 dB at 4 kHz") is left as it was.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import ear_pairs_to_text

from .conftest import assert_linear, build, cpu_cost

SLOPE_R = {250: 15, 500: 20, 1000: 30, 2000: 45, 3000: 55, 4000: 60, 6000: 65, 8000: 70}
SLOPE_L = {250: 15, 500: 20, 1000: 30, 2000: 45, 3000: 55, 4000: 60, 6000: 70, 8000: 75}
SLOPING = build(SLOPE_R, SLOPE_L)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("to 70 dB HL (right) and 75 dB HL (left) at 8 kHz.",
         "right ear 70 dB HL at 8000 Hz and left ear 75 dB HL at 8000 Hz"),
        # near misses: no frequency of its own, or a list after it
        ("averages are 36 dB HL (right) and 38 dB HL (left).",
         "averages are 36 dB HL (right) and 38 dB HL (left)."),
        ("a drop to 55 dB (right) and 60 dB (left) at 2 kHz, 80 dB at 4 kHz",
         "a drop to 55 dB (right) and 60 dB (left) at 2 kHz, 80 dB at 4 kHz"),
    ],
)  # fmt: skip
def test_a_bracketed_pair_takes_its_own_frequency(text, written):
    assert written in ear_pairs_to_text(text)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Both ears slope from 15-20 dB HL at 250-500 Hz to 70 dB HL (right) and 75 dB HL "
         "(left) at 8 kHz.", []),
        ("Both ears slope from 15-20 dB HL at 250-500 Hz to 75 dB HL (right) and 70 dB HL "
         "(left) at 8 kHz.", []),  # within 10 dB either way: no error
        ("Both ears slope from 15-20 dB HL at 250-500 Hz to 40 dB HL (right) and 75 dB HL "
         "(left) at 8 kHz.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_judged_at_the_pairs_frequency(reply, errors):
    assert check_reply(reply, SLOPING).critical_errors == errors


def test_read_in_linear_time():
    text = "70 dB HL (right) and 75 dB HL (left) at 8 kHz (" * 30 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, SLOPING))
    big = cpu_cost(lambda: check_reply(text * 20, SLOPING))
    assert_linear(small, big)
