"""The "normal" that follows a cognitive, mood or sleep screen's score on its line ("MMSE 29/30,
normal", "GAD-7 3. Within normal limits.") is that screen's verdict, not a grade of the ears
(issue #26 batch 106, memory-clinic letters; used as tuning data; screens.SCREEN_VERDICT, in
check.READING_STEPS). A word of the hearing test between gives the verdict back to the
hearing. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.screens import screen_verdicts_blanked

from .conftest import build

MODERATE = build(45)  # flat 45 dB HL both ears: moderate


@pytest.mark.parametrize(
    "text",
    [
        "MMSE 29/30 (lost one on recall). Within normal limits. Hearing: moderate loss both ears.",
        "GAD-7 3 and PHQ-9 5, both normal range. Audiogram: 45 dB HL flat, moderate both ears.",
        "Mini-Cog 5/5, WNL.\nBoth ears show a flat moderate sensorineural loss at 45 dB HL.",
    ],
)
def test_a_screens_verdict_is_no_grade_of_the_ears(text):
    assert check_reply(text, MODERATE).critical_errors == []
    assert len(screen_verdicts_blanked(text)) == len(text)


@pytest.mark.parametrize(
    "text",
    [
        "MMSE 29/30. Hearing within normal limits in both ears.",
        "Epworth 6. Audiogram: both ears normal.",
    ],
)
def test_a_hearing_word_between_keeps_the_verdict(text):
    assert screen_verdicts_blanked(text) == text
    assert check_reply(text, MODERATE).critical_errors == ["severity_misclassification"]
