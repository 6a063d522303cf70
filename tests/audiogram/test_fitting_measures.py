"""Measures of a hearing-aid fitting are not results of the audiogram: a level beside or
under the name of a real-ear gain or response (REIG, REAR), a target, the aid's output limit
(MPO, OSPL90), a feedback margin, the SII, thresholds measured through the device (in situ)
or an aided sound-field threshold or score is that measure's, not an unaided threshold.
Validation batch 94 (hearing-aid fitting notes, as tuning data; fitting.FITTING_MEASURE,
discourse RULES "fitting measure"). A level of the unaided audiogram beside one is still
read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.fitting import (
    FITTING_MEASURE,
    may_name_a_fitting_measure,
    without_fitting_measures,
)

from .conftest import assert_blanked, assert_linear, build, cpu_cost, threshold_levels

# right ear flat 50 dB HL, left flat 10 (no bone, no speech test)
RIGHT_50 = build(50, 10)

FITTING_MEASURES = [
    "Right hearing aid verified: REAR 1 kHz 68, 2 kHz 71 dB SPL, close to prescription.",
    "Insertion gain, right: 500 Hz 8, 1000 Hz 15, 2000 Hz 22 dB (DSL v5).",
    "Output ceiling for the right aid: MPO 112 dB SPL; OSPL90 125 at 1.6 kHz.",
    "Feedback check on the right: margin 9 dB at 2.5 kHz after calibration.",
    "Right ear: 18 dB REIG at 3 kHz, 21 dB at 4 kHz, both a little under target.",
    "Aided free-field responses with the right aid on: 25 dB HL at 500 Hz, 30 at 2 kHz.",
    "In-situ audiometry through the aid, right: 45 dB HL at 1 kHz, 30 at 4 kHz.",
    "Aided word score 88% at 65 dB SPL with the right aid.",
    "Probe-mic check\nReal-ear insertion gain:\n  R 1k 12/14\n  R 2k 18/20\n",
    "REIG target, right: 1k 14, 2k 20\nMeasured: 1k 12, 2k 17\nDeviation: -2, -3",
    "SII right 0.71 (from 0.35); right gain at 4 kHz limited to 20 dB.",
]


@pytest.mark.parametrize("text", FITTING_MEASURES)
def test_a_fitting_measure_is_no_threshold(text):
    assert check_reply(text, RIGHT_50).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear 20 dB HL at 2 kHz; REIG 15 at 2 kHz.",
        "Right not aided: 20 dB HL at 1 kHz.",
        "REIG right 2k 20/22.\nRight unaided thresholds: 20 dB HL at 2 kHz.",
        "Gain was set for the right aid. The right ear is 20 dB HL at 1 kHz.",
        "Insertion gain right: 2k 18/20\n\nRight ear 20 dB HL at 4 kHz.",
        "Fit with the gain shaped to the mids; the right ear is 20 dB HL at 1 kHz.",
    ],
)
def test_the_unaided_audiogram_beside_one_is_read(text):
    assert check_reply(text, RIGHT_50).critical_errors == ["fabricated_result"]


def test_reading():
    text = "Right ear 50 dB HL at 1 kHz. REIG right 1k 12/14, 2k 18/20."
    assert threshold_levels(text, RIGHT_50) == [("right", 1000, 50)]


def test_blanking():
    assert_blanked(
        "Right 50 dB HL at 1 kHz.\nREAR right: 1 kHz 68\nMeasured 66",
        gone=["68", "66"],
        kept=["Right 50 dB HL at 1 kHz"],
    )


def test_the_cheap_test_answers_may_wherever_a_measure_is_named():
    from .test_token_start import corpus

    texts = [*FITTING_MEASURES, *corpus()]
    named = 0
    for text in texts:
        low = text.lower()
        if FITTING_MEASURE.search(low):
            named += 1
            assert may_name_a_fitting_measure(low), text
        elif not may_name_a_fitting_measure(low):
            assert without_fitting_measures(text) == text
    assert named > 10


def test_blanking_is_linear():
    for sentence in ("reig right 1k 12/14, 2k 18/20 ", "aided aided aided 25 "):
        small = cpu_cost(lambda s=sentence: without_fitting_measures(s * 100))
        big = cpu_cost(lambda s=sentence: without_fitting_measures(s * 400))
        assert_linear(small, big, floor=0.002)


def test_checking_a_note_of_many_measures_is_linear():
    def cost(n):
        text = "REIG right:\n  1k 12/14\n" * n
        return cpu_cost(lambda: check_reply(text, RIGHT_50))

    assert_linear(cost(50), cost(200))
