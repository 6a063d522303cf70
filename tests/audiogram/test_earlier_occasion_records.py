"""An earlier occasion called the baseline ("Pre-treatment baseline:", "Pre-op baseline:")
heads the levels found then, for each ear listed on its line (through a semicolon opening the
other ear's): a monitoring record sets today's test beside the pre-treatment baseline (ASHA
1994, cochleotoxic drug monitoring), so the baseline's values are not claims about today's
audiogram (discourse.EARLIER_OCCASION). Near misses: today's record under the same kind of
label, a later occasion's record, an operation note's "Pre-operative audiometry:" (the
audiogram the note is about), and a line that turns to today after its semicolon are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build, threshold_levels

# flat 40 dB HL both ears
FLAT_40 = build(40)

EARLIER_RECORDS = [
    ("Pre-treatment baseline: R 4k 10, 8k 15; L 4k 10, 8k 20.", ["10", "15", "20"]),
    ("Pre-op baseline: right 70 dB HL at 2 kHz; left 75 dB HL at 2 kHz.", ["70", "75"]),
    ("Pre-steroid baseline (day 0): Rt 90 at 1k; Lt 85 at 1k.", ["90", "85"]),
    ("On admission baselines: left 80 dB HL at 4 kHz.", ["80"]),
    ("- Pre-treatment baseline: RE 1k 5, LE 1k 0", [" 5", " 0"]),
]


@pytest.mark.parametrize(("text", "gone"), EARLIER_RECORDS)
def test_an_earlier_record_is_not_read(text, gone):
    assert_blanked(text, gone, kept=[])
    assert threshold_levels(text + "\nToday: flat 40 dB HL both ears.", FLAT_40) == []
    assert check_reply(text, FLAT_40).critical_errors == []


READ_AS_TODAY = [
    # today's record under a label of the same form
    ("Today's audiogram: right 70 dB HL at 2 kHz.", [("right", 2000, 70)]),
    ("Current thresholds: left 75 dB HL at 2 kHz.", [("left", 2000, 75)]),
    # a later occasion names its record: today's result
    ("Post-treatment audiogram: right 70 dB HL at 2 kHz.", [("right", 2000, 70)]),
    # an operation note's own audiogram
    ("Pre-operative audiometry: left 70 dB HL at 2 kHz.", [("left", 2000, 70)]),
    # the label's line turns to today after the semicolon (the ear went with the label)
    ("Pre-op baseline: right 20 dB HL at 2 kHz; today 70 dB HL at 2 kHz.", [(None, 2000, 70)]),
]


@pytest.mark.parametrize(("text", "levels"), READ_AS_TODAY)
def test_todays_record_is_still_read(text, levels):
    assert threshold_levels(text, FLAT_40) == levels


def test_the_baseline_line_ends_at_its_line():
    text = "Pre-treatment baseline: R 4k 10; L 4k 15.\nLeft 4k 75 today."
    assert threshold_levels(text, FLAT_40) == [("left", 4000, 75)]
