"""A grade in parentheses after a value grades that value ("25 dB at 4 kHz (severe)"),
unless it says it is the whole ear's ("left 65 dB at 4 kHz (mild loss overall)"): then it is
the ear's grade, judged against the ear's average (issue #26, validation batch 53 WF25:
general-practice notes, as tuning data; degree_claims._WHOLE_EAR)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# left: 20 dB HL to 2 kHz, 65 at 4 kHz: average (20+20+20+65)/4 = 31.25, mild; right normal
LEFT_NOTCH = build(10, {250: 20, 500: 20, 1000: 20, 2000: 20, 3000: 40, 4000: 65, 6000: 40,
                        8000: 20})  # fmt: skip


@pytest.mark.parametrize(
    ("text", "errors"),
    [
        ("Left 65 dB at 4 kHz (mild loss overall).", []),
        ("Left 65 dB at 4 kHz (severe loss overall).", ["severity_misclassification"]),
        ("Left 65 dB at 4 kHz (moderately severe).", []),
    ],
)
def test_grade_in_parentheses(text, errors):
    assert check_reply(text, LEFT_NOTCH).critical_errors == errors
