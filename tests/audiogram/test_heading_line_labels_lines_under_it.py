"""A heading on a line of its own labels the lines under it, up to a blank line or the next
heading, as a heading labels the values after its colon on its line
(lexicon.labelled_otherwise): where it names something other than this test's results (a
word outside lexicon.THRESHOLD_LABEL_WORDS, no ear), a line under it whose first value only
placing words precede and that names no ear is another measure's or another person's, and
is left unread (headed_blocks.other_headings_blanked). Issue #26 (precision on unseen
families; batch 103, a model's nearest-neighbour listing, used as tuning data); the texts
here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.headed_blocks import other_headings_blanked

from .conftest import assert_linear, build, cpu_cost

NORMAL = build(20)  # both ears 20 dB HL at every frequency


@pytest.mark.parametrize(
    "text",
    [
        "Orchestra rehearsal, mean stage levels (dB):\n  500 Hz 88\n  2 kHz 94\n  4 kHz 91",
        "Squad average thresholds, season 2025 (n = 31):\n1 kHz 65 dB\n4 kHz 80 dB",
        "Calibration check of the booth headset:\n- 1000 Hz 70 dB, 4000 Hz 75 dB",
        "Stage monitors, measured at the desk:\n\t4 kHz 60 dB HL, severe sensorineural",
    ],
)
def test_lines_under_another_heading_are_not_read(text):
    out = other_headings_blanked(text)
    assert len(out) == len(text) and out.split("\n")[0] == text.split("\n")[0]
    assert not any(ch.isdigit() for ch in out.split("\n", 1)[1])
    assert check_reply(text, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "heading", ["Summary of the club's screening:", "Typical findings in retired drummers:"]
)
def test_a_grade_under_another_heading_is_not_read(heading):
    line = "4 kHz 65 dB, a moderately severe sensorineural loss"
    assert "severity_misclassification" in check_reply(line, NORMAL).critical_errors
    assert check_reply(f"{heading}\n{line}", NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the heading is this test's (threshold words only)
        "Pure-tone thresholds today:\n  1 kHz 70\n  4 kHz 70",
        # the line names an ear: a label of its own
        "Squad average thresholds:\nRight ear 1 kHz 70 dB, 4 kHz 70 dB",
        # the line's words before its value name a measure
        "Choir rehearsal notes:\nher hearing at 1 kHz is 70 dB HL",
        # a blank line ends the heading's block
        "Booth noise log:\n\n1 kHz 70 dB HL, 4 kHz 70 dB HL",
        # an item's number is no value of the line
        "Plan for the squad:\n1. her own thresholds: 1 kHz 70 dB HL",
    ],
)
def test_lines_with_their_own_label_or_outside_the_block_are_read(text):
    assert other_headings_blanked(text).strip() == text.strip()
    assert check_reply(text, NORMAL).critical_errors == ["fabricated_result"]


def test_a_text_without_a_heading_line_is_returned_as_it_is():
    text = "Rehearsal levels: 1 kHz 88 dB.\nRight ear 20 dB HL."
    assert other_headings_blanked(text) is text


def test_reading_is_linear():
    block = "Stage levels by section:\n  500 Hz 88\n  2 kHz 94\nRight ear 1 kHz 20 dB HL\n\n"
    small = cpu_cost(lambda: other_headings_blanked(block * 200))
    big = cpu_cost(lambda: other_headings_blanked(block * 800))
    assert_linear(small, big)
