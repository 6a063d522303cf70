"""The parts of a clinical note that report the test label its results: a heading or label
naming the SOAP note's objective or assessment part, or the interpretation of the test
("Assessment:", "The objective part of this SOAP note:", "Interpretation -") names this
test's findings, as "Findings:" and "Summary:" did, so the values under it or after it are
read as thresholds (lexicon.THRESHOLD_LABEL_WORDS; issue #26 batch 117, the replies of a small
local model asked for "the Assessment line of a SOAP note"). So does a heading that ranks
this test's findings ("The most important findings on this audiogram are:", "Main results:";
batch 160, a model's "three most important findings"). A heading that also names another
measure or person still sets its lines aside. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.headed_blocks import other_headings_blanked

from .conftest import build, threshold_levels

FLAT_MILD = build(25)


@pytest.mark.parametrize(
    "text",
    [
        "Assessment:\n- 2 kHz: 25 dB HL\n- 4 kHz: 30 dB HL",
        "SOAP note, objective part:\n- 500 Hz: 20 dB HL",
        "Here is the assessment of this hearing test:\n- 1 kHz: 25 dB HL",
        "Interpretation:\n- 8000 Hz: 25 dB HL",
    ],
)
def test_a_note_part_heading_keeps_its_lines(text):
    assert other_headings_blanked(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Hearing aid targets for the assessment:\n- 2 kHz: 25 dB",
        "Objective for the fitting (gain):\n- 4 kHz: 30 dB",
        "Norms for his age:\n- 4 kHz: 30 dB HL",
    ],
)
def test_a_heading_naming_another_measure_still_sets_its_lines_aside(text):
    assert other_headings_blanked(text).split("\n")[1].strip() == ""


@pytest.mark.parametrize(
    ("reply", "level"),
    [
        ("The assessment of this SOAP note is:\n- 4000 Hz: 70 dB HL", (None, 4000, 70)),
        ("Assessment: 500 Hz: 65 dB HL", (None, 500, 65)),
        ("Objective:\n- 2 kHz: 75 dB HL", (None, 2000, 75)),
    ],
)
def test_a_value_under_a_note_part_is_judged(reply, level):
    assert level in threshold_levels(reply, FLAT_MILD)
    assert check_reply(reply, FLAT_MILD).critical_errors == ["fabricated_result"]


def test_a_true_value_under_a_note_part_is_no_error():
    reply = "Assessment:\n- 1000 Hz: 25 dB HL\n- 2000 Hz: 30 dB HL"
    assert check_reply(reply, FLAT_MILD).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "The two most important findings on this audiogram are:\n1. 4 kHz is 70 dB HL",
        "Main results of today's test:\n- 2 kHz: 65 dB HL",
        "Notable findings:\n- 8000 Hz: 75 dB HL",
    ],
)
def test_a_heading_that_ranks_this_tests_findings_keeps_its_lines(text):
    assert other_headings_blanked(text) == text
    assert check_reply(text, FLAT_MILD).critical_errors == ["fabricated_result"]


def test_a_ranked_heading_of_another_measure_still_sets_its_lines_aside():
    text = "Main targets for the hearing aid fitting:\n- 2 kHz: 65 dB"
    assert other_headings_blanked(text).split("\n")[1].strip() == ""
