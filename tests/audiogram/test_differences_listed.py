"""Every value of a list headed by a difference is a difference, not a threshold: "the left is
poorer by 15 dB at 500 Hz, 20 dB at 1 kHz and 25 dB at 2 kHz", "Interaural differences: 5 dB
at 500 Hz, 0 at 750 Hz", "Shift: 20 dB at 6 kHz and 10 dB at 8 kHz" (issue #26, validation
batches 42-44, ototoxicity notes and asymmetry screens, as tuning data: VU08, VU12, VV17,
VW16, VW34, VW46, VU32), and every value of a list headed by a sum ("Sums per ear: 75 at
0.5/1/2 kHz and 75 at 3/4/6 kHz", batch 41 VT37) is a sum. A threshold after the list's
sentence, or a list of levels with no difference at its head, is read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

# left moderate sloping loss, right mild high-frequency loss (left poorer by 15-25 dB)
ASYMMETRIC = build(
    {250: 10, 500: 15, 1000: 20, 2000: 25, 4000: 40, 8000: 45},
    {250: 20, 500: 30, 1000: 40, 2000: 50, 4000: 60, 8000: 65},
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left is poorer by 15 dB at 500 Hz, 20 dB at 1 kHz, 25 dB at 2 kHz and 20 dB "
         "at 4 kHz.", []),
        ("Interaural differences: 15 dB at 500 Hz, 20 at 1 kHz, 25 dB at 2 and 4 kHz.", []),
        ("Shift since baseline: 15 dB at 4 and 8 kHz in each ear.", []),
        ("Shift: 20 dB at 4 kHz and 10 dB at 8 kHz in each ear.", []),
        ("The left is poorer by 15-25 dB from 500 Hz to 4 kHz (25 dB at 2 kHz).", []),
        ("The right cochlea has moved 5 dB at 4 kHz, not significant.", []),
        ("Sums per ear: 75 at 0.5/1/2 kHz and 90 at 4/8 kHz.", []),
        # near misses: levels with no difference at their head, or after the list's sentence
        ("Left: 70 dB at 500 Hz, 80 dB at 1 kHz.", ["fabricated_result"]),
        ("The left is poorer by 20 dB at 1 kHz. Right 70 dB HL at 2 kHz.",
         ["fabricated_result"]),
        ("Left shifted to 80 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Left moved to 80 dB HL at 4 kHz.", ["fabricated_result"]),
        ("Sums are given below. Left 80 dB HL at 4 kHz.", ["fabricated_result"]),
        # "in sum" sums up the reply, it heads no sums (review8: read as a list of sums)
        ("In sum: 80 dB HL at 4 kHz on the left.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_listed_differences_are_not_thresholds(reply, errors):
    assert check_reply(reply, ASYMMETRIC).critical_errors == errors


def test_difference_list_reading_is_linear():
    def cost(n):
        text = "The left is poorer by " + "15 dB at 500 Hz, " * n + "and 20 dB at 1 kHz."
        return cpu_cost(lambda: check_reply(text, ASYMMETRIC))

    assert_linear(cost(500), cost(2000))
