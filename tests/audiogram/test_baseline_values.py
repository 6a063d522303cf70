"""Values a monitoring note gives for the baseline test, headed with its date or cycle
("Baseline (pre-cycle 1, 14 Jan): right 10-15 dB HL from 250 Hz to 8 kHz"), belong to an
earlier audiogram and are no claim about the one read now (issue #26, validation batch 42,
ototoxicity monitoring notes, as tuning data: VU02, VU18, VU28, VU42); so do the values of
an earlier test whose date is given in brackets ("The last EHF test (age 20) recorded 15 dB
HL at 12.5 kHz", VU24). A baseline dated today is this test, and today's values after the
baseline sentence are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Baseline (pre-cycle 1, 14 Jan): right and left 70 dB HL from 250 Hz to 8 kHz.\n"
         "Today: right conductive loss, left normal.", []),
        ("Pre-treatment baseline (4 March): right 80 dB HL at 6 kHz and 85 at 8 kHz; left 75.\n"
         "Today the right ear has a conductive loss.", []),
        ("At baseline (10 days ago) the left ear was 60 dB HL throughout. Left normal today.", []),
        ("Baseline (before radiotherapy, 4 months ago): right bone 55 at 4 kHz. "
         "Right conductive loss now.", []),
        ("Baseline (2 Feb): right 75 dB HL at 6 kHz; left 70 at 6 kHz. Left normal today.", []),
        ("The last EHF test (age 20) recorded 60 dB HL at 1 kHz bilaterally. Right conductive.",
         []),
        # near misses: a baseline done today is this test; today's values are read
        ("Baseline (today, before the first dose): left 70 dB HL at 1 kHz.",
         ["fabricated_result"]),
        ("Baseline (14 Jan): right 45 dB HL at 500 Hz. Today: left 70 dB HL at 1 kHz.",
         ["fabricated_result"]),
        ("Baseline not on file. Left 70 dB HL at 1 kHz.", ["fabricated_result"]),
        ("The test (age 20 today) gave left 70 dB HL at 1 kHz.", ["fabricated_result"]),
        ("Baseline (2 Feb): right 45 dB HL at 500 Hz; today left 70 dB HL at 1 kHz.",
         ["fabricated_result"]),
        # a clause after ";" about the current test, before its level, is read (#26 review)
        ("Baseline (cycle 1): hearing normal; this audiogram shows a moderate loss on the left.",
         ["laterality_confusion"]),
        ("At baseline (14 Jan) the right ear was 10 dB HL; it is now 70 dB HL at 1 kHz.",
         ["fabricated_result"]),
        ("Baseline (14 Jan): right 10 dB HL; the current test shows 70 dB HL at 1 kHz on the "
         "left.", ["fabricated_result"]),
        # so is a clause inside the sentence turning to now or in contrast (review8: it was
        # blanked to the sentence's end, a silent "no error")
        ("Baseline (cycle 1): hearing normal, but this audiogram shows a moderate loss on the "
         "left.", ["laterality_confusion"]),
        ("At baseline (14 Jan) the right ear was 10 dB HL but it is 70 dB HL at 1 kHz.",
         ["fabricated_result"]),
        ("Baseline (14 Jan): right 10 dB HL, now 70 dB HL at 1 kHz on the left.",
         ["fabricated_result"]),
        ("Baseline (cycle 1): hearing normal, whereas today the left has a moderate loss.",
         ["laterality_confusion"]),
        # near miss: the baseline's own values after a comma stay blanked
        ("Baseline (2 Feb): right 75 dB HL at 6 kHz, left 70 at 6 kHz, 80 at 8 kHz.", []),
    ],
)  # fmt: skip
def test_baseline_values_are_another_test(reply, errors):
    assert check_reply(reply, conductive_right()).critical_errors == errors


def test_only_the_baseline_sentence_is_blanked():
    assert_blanked(
        "Baseline (week 0): right 55 at 12.5 kHz; today right 45 dB HL at 250 Hz.",
        gone=["55", "12.5"],
        kept=["today right 45 dB HL at 250 Hz."],
    )


def test_baseline_reading_is_linear():
    def cost(n):
        text = "Baseline (pre-cycle 1): right 50 dB HL at 6 kHz, left 55 " * n
        return cpu_cost(lambda: check_reply(text, conductive_right()))

    assert_linear(cost(250), cost(1000))
