"""The end of a span of frequencies is no frequency of the values after it: in "Averaged over
500 Hz to 4 kHz the loss is moderate, about 36 dB on the right and 38 dB on the left" the
values are each ear's average, not thresholds at 4 kHz (issue #26, validation batch 12, used
as tuning data; batch 11's T45 had the same false fabricated result). Each value still
belongs to its ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import ear_pairs_to_text

from .conftest import build, cpu_cost

PAIRS = [
    ("Averaged over 500 Hz to 4 kHz the loss is 36 dB on the right and 38 dB on the left.",
     "Averaged over 500 Hz to 4 kHz the loss is right ear 36 dB HL and left ear 38 dB HL."),
    ("The 0.5-4 kHz average is 36 dB on the right and 38 dB on the left.",
     "The 0.5-4 kHz average is right ear 36 dB HL and left ear 38 dB HL."),
    # near misses: one frequency before the pair, or a span's start, is the values' frequency
    ("A 4 kHz notch: 50 dB HL on the right and 75 on the left.",
     "A 4 kHz notch: right ear 50 dB HL at 4000 Hz and left ear 75 dB HL at 4000 Hz."),
    ("Normal to 2 kHz; at 4 kHz, 50 dB on the right and 75 dB on the left.",
     "Normal to 2 kHz; at 4 kHz, right ear 50 dB HL at 4000 Hz and left ear 75 dB HL at 4000 Hz."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "written"), PAIRS, ids=[r[0] for r in PAIRS])
def test_pairs(text, written):
    assert ear_pairs_to_text(text) == written


SLOPING = build(
    {250: 15, 500: 20, 1000: 25, 2000: 40, 4000: 60, 8000: 70},
    {250: 15, 500: 20, 1000: 25, 2000: 45, 4000: 60, 8000: 75},
)  # PTA right 36.25, left 37.5: moderate


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Sloping loss in both ears. Averaged over 500 Hz to 4 kHz the loss is moderate, about "
         "36 dB on the right and 38 dB on the left.", []),
        # a threshold at one frequency is still judged there
        ("At 4 kHz the loss is 36 dB on the right and 38 dB on the left.",
         ["fabricated_result"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, SLOPING).critical_errors == errors


def test_many_pairs_are_written_out_in_linear_time():
    def cost(n):
        text = "Over 500 Hz to 4 kHz, 36 dB on the right and 38 dB on the left. " * n
        return len(text), cpu_cost(lambda: ear_pairs_to_text(text))

    size, small = cost(1500)
    _, big = cost(6000)
    assert size > 90_000
    assert big < 10 * max(small, 0.02)
