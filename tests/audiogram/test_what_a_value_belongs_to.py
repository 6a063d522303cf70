"""What a value in a report belongs to (issue #26, validation batches 99 and 101, written
blind, now tuning data; wording of our own throughout):

- an ear's average named as the subject of a copula ("the right ear's mean comes to 70 dB
  HL") is its pure-tone average, as "right average 70 dB HL" is (claims.EAR_AVERAGE);
- after "PTA", the digit of another average's name ("R 3FA 25"), a frequency of the list in
  its brackets ("PTA(0.5,1,2k)"), or a level at one frequency ("PTA: ... 25 at 500 Hz", the
  test's results, not an average) is never the average (claims.PTA);
- a level in another dB scale ("40 dB nHL", "30 dB SL") is no threshold in dB HL, in the
  shorthand reader as in the sentence reader (lexicon.OTHER_DB_SCALE);
- a type word before a latency ("a conductive delay of wave V") is the cause of an evoked
  response's delay, not the ear's type (lexicon.LATENCY_NOUN);
- a loss named as the frame a grade is judged by ("mild for a loss of this size") is not
  graded; a grade after a time adverb ("now moderate"), with its scale ("on the WHO
  scale") or a change against an earlier test after it is still the loss's grade
  (degree_claims);
- an other-ear aside is read with the conduction in force where it stood, not one named
  after it; a conduction named after an ear's own levels ("... dB HL with bone 15-20; right
  ...") is that ear's and does not carry over a semicolon to the next ear (statements);
- a test "not recorded" was not done: it reports no result (lexicon.NOT_DONE).
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import PTA, read_claims

from .conftest import build

CASE = build(45, 20)  # right 45 dB HL throughout, left 20; no bone, no speech, no reflexes
SENSORINEURAL_RIGHT = build(
    {250: 45, 500: 45, 1000: 45, 2000: 45, 3000: 45, 4000: 45, 8000: 45},
    20,
    right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
    left_bone={500: 20, 1000: 20, 2000: 20, 4000: 20},
    bone_masked=True,
)  # bone at the octaves only: none at 3 kHz


def _ptas(reply: str, case=CASE) -> list[tuple]:
    return sorted(
        (f.ear, f.claimed) for f in check_reply(reply, case).findings if f.kind.value == "pta"
    )


def _kinds(reply: str, case=CASE) -> list[str]:
    return [f.kind.value for f in check_reply(reply, case).findings]


# -- an ear's average as the subject of a copula --------------------------------------------


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("The right ear's mean comes to 70 dB HL.", [("right", 70.0)]),
        ("Her left average was 20 dB HL on this visit.", [("left", 20.0)]),
        ("The mean for the right ear measured about 45 dB HL.", [("right", 45.0)]),
        ("The average on the left side works out at 35 dB HL.", [("left", 35.0)]),
    ],
)
def test_an_ears_average_said_with_a_copula_is_its_pta(reply, expected):
    assert _ptas(reply) == expected


@pytest.mark.parametrize(
    "reply",
    ["The right ear's mean comes to 70 dB HL.", "The average for the left ear is 80 dB HL."],
)
def test_a_wrong_average_said_with_a_copula_is_flagged(reply):
    assert check_reply(reply, CASE).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize(
    "reply",
    [
        "The left average is 25 dB better than the right.",  # a difference
        "The right ear's mean is 10 dB poorer than last year's.",
        "The high-frequency average on the right is 70 dB HL.",  # a region's average
    ],
)
def test_a_difference_or_a_regions_average_is_no_pta(reply):
    assert _ptas(reply) == []


# -- what follows "PTA" that is not its value --------------------------------------------------


@pytest.mark.parametrize(
    ("low", "values"),
    [
        ("pta cross-check fine - l 4fa 20, r 4fa 45", ["20", "45"]),
        ("srt/pta: left 3fa 21.7, right 45", ["21.7"]),
        ("r   pta(1,2,4 khz) 55   45", []),  # (a row: its value is not read here)
        ("lt  pta(0.5, 1, 2k) 20   25", []),
        ("pure-tone audiometry (pta): right sloping - 20 at 250 hz, 45 at 2 khz", []),
        ("pta: right 35 db @ 4k", []),
    ],
)
def test_what_is_not_the_averages_value(low, values):
    assert [m.group(2) for m in PTA.finditer(low)] == values


@pytest.mark.parametrize(
    ("low", "values"),
    [
        ("pta 40 db at 0.5-4 khz", ["40"]),  # a span of frequencies: the average's own
        ("pta right 45 at 0.5, 1, 2 khz", ["45"]),
        ("pta (0.5, 1, 2 khz) 35 db", ["35"]),
        ("pta 30 at 500 hz, 1 khz and 2 khz", ["30"]),
    ],
)
def test_an_average_over_several_frequencies_is_still_read(low, values):
    assert [m.group(2) for m in PTA.finditer(low)] == values


@pytest.mark.parametrize(
    "reply",
    [
        "PTA sanity check: R 3FA 45, L 3FA 20 - both agree with the SRT.",
        "Pure tones (PTA): left flat - 20 at 500 Hz, 20 at 4 kHz.",
    ],
)
def test_such_numbers_are_no_fabricated_average(reply):
    assert check_reply(reply, CASE).critical_errors == []


# -- another dB scale ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Right 2 kHz 60 dB nHL, wave V clear.",
        "R 1k 30 dB SL for the loudness task.",
        "Left 500 Hz 90 dB SPL calibration tone.",
    ],
)
def test_a_level_in_another_db_scale_is_no_threshold(reply):
    assert "threshold" not in _kinds(reply)


def test_a_level_in_db_hl_is_still_a_threshold():
    assert "threshold" in _kinds("R 1k 30 dB HL.")


# -- a type word before a latency --------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Wave V comes late on the right: a conductive delay, about 0.6 ms.",
        "Right ABR latencies show a conductive latency shift of every wave.",
    ],
)
def test_a_conductive_delay_is_no_type(reply):
    assert check_reply(reply, SENSORINEURAL_RIGHT).critical_errors == []


def test_a_conductive_loss_is_still_a_type():
    errors = check_reply("A conductive loss on the right.", SENSORINEURAL_RIGHT).critical_errors
    assert errors == ["type_misclassification"]


# -- the loss a grade is said of ---------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "In noise the right ear's SNR loss is mild for a loss of that degree.",
        "Her QuickSIN SNR loss of 2 dB is mild for a hearing loss like hers.",
    ],
)
def test_a_loss_named_as_a_frame_is_not_graded(reply):
    assert "degree" not in _kinds(reply)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Sensorineural loss on the right, now profound by the WHO grading.",
         ["severity_misclassification"]),
        ("Right-sided loss, currently severe and 15 dB worse than last year.",
         ["severity_misclassification"]),
        ("Right-sided loss, still moderate on the WHO 2021 scale.", []),
    ],
)  # fmt: skip
def test_a_grade_with_a_time_a_scale_or_a_change_grades_the_loss(reply, errors):
    assert "degree" in _kinds(reply)
    assert check_reply(reply, CASE).critical_errors == errors


# -- the conduction of an aside and over a semicolon -------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Right 45/45/45/45 dB HL from 500 Hz to 4 kHz (45 at 3 kHz too, the left 20), masked"
        " bone 45 at the octaves alongside.",
        "The left is the better ear: 20 dB HL throughout (20 at 3 kHz, right 45 there), its"
        " bone 20 as well.",
    ],
)
def test_an_aside_is_read_with_the_conduction_where_it_stood(reply):
    assert "bone_threshold" not in [
        f.kind.value for f in check_reply(reply, SENSORINEURAL_RIGHT).findings
        if f.frequency == 3000
    ]  # fmt: skip


@pytest.mark.parametrize(
    "reply",
    [
        "Left 20 / 20 / 20 / 20 dB HL at 0.5 / 1 / 2 / 4 kHz and bone 20 there; right 45 all"
        " through (45 at 3 kHz).",
        "Left ear 20 dB HL at every octave, masked bone 20 under it; right 45 at 3 kHz.",
    ],
)
def test_a_conduction_said_after_an_ears_levels_stays_with_that_ear(reply):
    at_3k = [c for c in read_claims(reply) if 3000 in c.frequencies]
    findings = [f for f in check_reply(reply, SENSORINEURAL_RIGHT).findings
                if f.frequency == 3000]  # fmt: skip
    assert findings and all(f.kind.value == "threshold" for f in findings), (at_3k, findings)


def test_a_conduction_named_before_the_levels_goes_on_over_a_semicolon():
    reply = "Bone: left 20 dB at 1 kHz; right 45 at 3 kHz."
    kinds = [f.kind.value for f in check_reply(reply, SENSORINEURAL_RIGHT).findings
             if f.frequency == 3000]  # fmt: skip
    assert kinds == ["bone_threshold"]


# -- a test not recorded -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "Acoustic reflexes were not recorded today.",
        "Ipsilateral reflexes: not recorded on either side.",
    ],
)
def test_a_test_not_recorded_reports_no_result(reply):
    assert check_reply(reply, CASE).critical_errors == []


def test_an_absent_reflex_is_still_a_result():
    assert check_reply("Acoustic reflexes absent on the right.", CASE).critical_errors == [
        "fabricated_result"
    ]


# -- the level a change reached, and a level said "now" -----------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "The right 2 kHz threshold is now 80 dB HL.",
        "On the right, 2 kHz has dropped to 80 dB HL.",
        "The right 2 kHz has dropped by 35 dB to 80 dB HL.",
        "At 2 kHz the right is currently 80 dB HL.",
    ],
)
def test_the_level_reached_or_said_now_is_the_threshold(reply):
    assert threshold_levels_at(reply, 2000) == [("right", 80)]


def test_a_change_alone_is_still_no_level():
    assert threshold_levels_at("The right 2 kHz threshold has improved by 20 dB.", 2000) == []


def threshold_levels_at(reply: str, frequency: int) -> list[tuple]:
    return [
        (f.ear, f.claimed)
        for f in check_reply(reply, CASE).findings
        if f.kind.value == "threshold" and f.frequency == frequency
    ]
