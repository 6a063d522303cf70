"""A level written with a plus sign ("treble +12 dB at 4 kHz", "+20 dB at 2 kHz") is a change a
device or setting makes (a gain, a boost, an equaliser step), not a hearing level: thresholds
are written unsigned. Issue #26, validation batch 79 XF36 (consumer hearing-app screens, as
tuning data; discourse SIGNED_LEVEL). An unsigned level beside it is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

RIGHT_50 = build(50, 10)


@pytest.mark.parametrize(
    "text",
    [
        "Bass +6 dB, treble +12 dB at 4 kHz for the right bud.",
        "The app added +20 dB at 2 kHz on the right.",
        "Speech boost: +10 dB HL from 1 to 4 kHz in the right ear.",
    ],
)
def test_signed_level_is_no_threshold(text):
    assert check_reply(text, RIGHT_50).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear 20 dB at 2 kHz (+10 dB gain applied there).",
        "The right ear measured 15 dB HL at 4 kHz, so we set treble +5 dB.",
    ],
)
def test_unsigned_level_beside_it_is_read(text):
    assert check_reply(text, RIGHT_50).critical_errors == ["fabricated_result"]


def test_blanking():
    assert_blanked(
        "Treble +12 dB at 4 kHz; right ear 50 dB at 4 kHz.",
        gone=["12 dB"],
        kept=["right ear 50 dB at 4 kHz"],
    )
