"""An ear's row of eight levels joined by slashes ("R 15/20/25/40/50/60/65/70") is the
standard frequencies in order, 250 Hz to 8 kHz with 3 and 6 kHz (BSA 2018), as a row joined
by spaces is; a unit after it is allowed where the row names that span ("(250\u21928k)",
"(0.25-8k)"), and a row whose line names its own frequencies is read by them. Validation
batch 94 XU50 (as tuning data; notation EIGHT_LEVEL_ROW)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

STANDARD = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
SLOPING = build(dict(zip(STANDARD, (10, 15, 20, 30, 40, 50, 55, 60), strict=True)), 20)


@pytest.mark.parametrize(
    "text",
    [
        "Pure tones, right: 10/15/20/30/40/50/55/60 dB HL (0.25-8k).",
        "AC R 10 / 15 / 20 / 30 / 40 / 50 / 55 / 60, L 20/20/20/20/20/20/20/20 (250\u21928k)",
    ],
)
def test_the_row_is_read_at_the_standard_frequencies(text):
    rights = [(f, v) for ear, f, v in threshold_levels(text, SLOPING) if ear == "right"]
    assert rights == list(zip(STANDARD, (10, 15, 20, 30, 40, 50, 55, 60), strict=True))
    assert check_reply(text, SLOPING).critical_errors == []


def test_a_wrong_value_in_the_row_is_caught():
    text = "Pure tones, right: 10/15/20/30/40/80/55/60 dB HL (0.25-8k)."
    assert check_reply(text, SLOPING).critical_errors == ["fabricated_result"]


def test_a_row_with_its_frequencies_named_is_read_by_them():
    text = "Right 10/15/20/30/40/50/55/60 dB HL at 250/500/750/1k/2k/3k/4k/6k."
    levels = dict((f, v) for ear, f, v in threshold_levels(text, SLOPING) if ear in ("right", None))
    assert levels.get(750) == 20 and levels.get(8000) is None


def test_a_capital_ear_letter_still_opens_its_sentence():
    text = "Tested on both sides, 71M. R 10 15 20 30 40 50 55 60, L 20 20 20 20 20 20 20 20."
    assert check_reply(text, SLOPING).critical_errors == []
