"""A noise's octave-band levels are no hearing levels: a sound-level meter's analysis of a
workplace's noise through octave-band filters (IEC 61260), used to choose hearing protection by
the octave-band method (EN 458; HSE L108), gives a level at each band's centre frequency
("octave bands 125 Hz 96 dB, 250 Hz 93 dB"), which is the noise's, not the ear's threshold
(issue #26, validation batch 102 used as tuning data). A threshold said beside them is read.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.sound_levels import without_sound_levels

from .conftest import assert_blanked, build

RISING = build({250: 60, 500: 55, 1000: 45, 2000: 35, 4000: 25, 8000: 20})


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Plant noise (octave bands 125 Hz 96 dB, 250 Hz 93 dB) is mostly low.", ["96", "93"]),
        ("Octave-band levels: 63 Hz 90 dB; 125 Hz 97 dB(C); 500 Hz 88 dB and 1 kHz 84 dB.",
         ["90", "97", "88", "84"]),
        ("1/3-octave band analysis: 250 Hz 91 dB SPL, 500 Hz 89 dB SPL.", ["91", "89"]),
    ],
)  # fmt: skip
def test_octave_band_levels_are_blanked(text, gone):
    out = without_sound_levels(text)
    assert len(out) == len(text) and not any(word in out for word in gone), out
    assert_blanked(text, gone, [])


@pytest.mark.parametrize(
    "text",
    [
        "Rising loss both ears, 60 dB HL at 250 Hz to 20 at 8 kHz. The plant's noise is in "
        "the lows (octave bands 125 Hz 96 dB, 250 Hz 93 dB): a muff with good low-frequency "
        "attenuation.",
        "Noise survey, octave-band levels: 125 Hz 95 dB, 250 Hz 92 dB, 500 Hz 88 dB. "
        "Audiogram: reverse slope, 60 dB HL at 250 Hz, 35 at 2 kHz, 20 at 8 kHz.",
    ],
)
def test_noise_levels_beside_an_audiogram_are_no_thresholds(text):
    assert check_reply(text, RISING).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear 80 dB at 250 Hz, an octave band below the loudest noise.",
        "One octave band lower: 250 Hz 80 dB HL in the right ear.",
    ],
)
def test_thresholds_near_the_words_are_still_read(text):
    assert check_reply(text, RISING).critical_errors == ["fabricated_result"]
