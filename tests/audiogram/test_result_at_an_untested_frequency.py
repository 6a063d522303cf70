"""A level or difference put at a frequency the ears were not tested at, in any unit, is a
result the audiogram does not hold (fabricated); so is a level no audiometer presents (140 dB
HL or more). A frequency with no level beside it, a span or bound of frequencies, a
difference in Hz and sound in general are no result of this test (off_chart)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.adjudication import Judge
from clinbench.audiogram.check import case_facts, check_reply
from clinbench.audiogram.judges import judge_claims
from clinbench.audiogram.off_chart import levels_beyond_audiometer, results_at_frequencies

from .conftest import build

# air 250-8000 Hz (with 3 and 6 kHz) in both ears, bone 500-4000 Hz
CASE = build(
    30,
    right_bone={500: 25, 1000: 30, 2000: 30, 4000: 30},
    left_bone={500: 25, 1000: 30, 2000: 30, 4000: 30},
)


@pytest.mark.parametrize(
    ("text", "hz", "conduction"),
    [
        ("At 40 MHz the right ear sits at 30 dB HL.", 40_000_000, "air"),
        ("Left ear: around 410 Hz (25 dB HL).", 410, "air"),
        ("At 45 Hz, the right ear is about 8 dB worse than the left ear.", 45, "air"),
        ("Her bone conduction reached 30 dB HL at 6 kHz on the right.", 6000, "bone"),
        (
            "The right ear could not pick up a 250 Hz tone through bone conduction (35 dB).",
            250,
            "bone",
        ),  # fmt: skip
        ("Right air threshold of 55 dB at 12.5 kHz.", 12500, "air"),
    ],
)
def test_the_frequency_of_a_stated_level_is_read(text, hz, conduction):
    (claim,) = results_at_frequencies(text)
    assert claim.kind == "result_at_frequency"
    assert claim.frequencies == (hz,) and claim.conduction == conduction


@pytest.mark.parametrize(
    "text",
    [
        "At 150 Hz, the left ear is the opposite of the right.",  # no level stated
        "Human hearing goes up to 20 kHz at 0 dB in young ears.",  # a bound
        "Speech sits at 500-4000 Hz, around 60 dB.",  # a span; no ear, conduction or threshold
        "A tone of 60 Hz at 40 dB is heard as a hum.",  # sound in general
        "The ears differ in frequency by 7 Hz, while the levels differ by 10 dB.",
        "The frequency difference between the ears is about 3.5 Hz (10 dB HL).",
        "The right ear was not tested at 750 Hz; its 1 kHz threshold is 40 dB.",
        "Had 3 kHz been tested, the left ear would likely show 45 dB HL there.",
        "Room noise was 35 dB(A) at 125 Hz beside the right ear.",
    ],
)
def test_what_is_no_result_at_a_frequency_is_not_read(text):
    assert results_at_frequencies(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "The left ear, 180 dB HL at the low end.",
        "Air conduction thresholds run between 150 dB HL and 210 dB HL.",
        "Both ears are at 145 dB HL.",
    ],
)
def test_a_level_no_audiometer_presents_is_read(text):
    assert [c.kind for c in levels_beyond_audiometer(text)][:1] == ["level_beyond_audiometer"]


@pytest.mark.parametrize(
    "text",
    [
        "The right ear is at 120 dB HL, the audiometer's limit.",
        "A jet engine reaches 150 dB SPL.",
        "Sound at 160 dB HL would destroy hearing.",  # no ear, conduction or threshold
        "If the right ear were at 140 dB HL, no aid would help.",
    ],
)
def test_levels_an_audiometer_presents_or_no_result_are_not_read(text):
    assert levels_beyond_audiometer(text) == []


def _verdicts(claims):
    judge = Judge(case_facts(CASE))
    judge_claims(claims, judge)
    return [f.critical_error for f in judge.findings]


def test_a_result_where_neither_ear_was_tested_is_fabricated():
    off = results_at_frequencies("At 40 MHz the right ear sits at 30 dB HL.")
    bone = results_at_frequencies("Her bone conduction reached 30 dB HL at 6 kHz on the right.")
    high = levels_beyond_audiometer("The left ear, 180 dB HL at the low end.")
    assert _verdicts(off + bone + high) == ["fabricated_result"] * 3


def test_a_result_where_an_ear_was_tested_is_left_to_the_value_readers():
    air = results_at_frequencies("Her air conduction reached 30 dB HL at 6 kHz on the right.")
    bone = results_at_frequencies("Right bone conduction at 2 kHz is 30 dB.")
    assert len(air + bone) == 2 and _verdicts(air + bone) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (
            "At 35 MHz, the right ear is 30 dB HL and the left ear is 30 dB HL.",
            ["fabricated_result"],
        ),  # fmt: skip
        ("The right ear is about 8 dB below the left at 45 Hz.", ["fabricated_result"]),
        (
            "Right air conduction comes to approximately 410 Hz (30 dB HL) against bone at 30 dB.",
            ["fabricated_result"],
        ),  # fmt: skip
        (
            "The two ears are roughly 300 dB HL apart, i.e. 170 dB HL on the right.",
            ["fabricated_result"],
        ),  # fmt: skip
        ("Right 30 dB HL at 4 kHz; left 30 dB HL at 4 kHz.", []),
        ("Hearing in general spans 20 Hz to 20 kHz; the right ear is 30 dB HL at 1 kHz.", []),
    ],
)
def test_replies(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


def test_the_cheap_guard_is_exact(monkeypatch):
    from clinbench.audiogram import off_chart

    from .test_token_start import corpus

    texts = corpus()
    guarded = [results_at_frequencies(t) for t in texts]
    monkeypatch.setattr(off_chart, "may_hold_result_off_chart", lambda low: True)
    assert [results_at_frequencies(t) for t in texts] == guarded
    assert sum(map(bool, guarded)) > 10
