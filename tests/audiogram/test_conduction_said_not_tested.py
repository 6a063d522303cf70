"""A conduction said not to have been tested ("no bone done", "air conduction only, no bone
needed", "bone wasn't tested") ends a conduction, it does not open one: the levels after it
are the air that was tested, and a clause that says so is still read ("bone not tested: right
20 at 1 kHz"). Batches 113 YN24 and 115 YP24 as tuning data (lexicon.conduction_not_tested,
lexicon.conduction_not_done_at)."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _marks(text: str) -> list[str]:
    return [kind for _, kind in lexicon.conduction_marks(text.lower())]


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("air conduction only, no bone done: right 20 at 1k", ["air", "air"]),
        ("no bone needed; right 20 at 1k", ["air"]),
        ("bone wasn't tested; left 30 at 2k", ["air"]),
        ("bone testing not yet performed, right 25 at 500", ["air"]),
        ("(air only, without bone conduction) 30 at 4k", ["air", "air"]),
        ("no bc today, 40 at 1 khz", ["air"]),
    ],
)
def test_a_conduction_said_not_tested_opens_no_bone(text, marks):
    assert _marks(text) == marks


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("bone 20 at 1k", ["bone"]),  # a conduction named, then its value
        ("masked bone conduction 5-10 at 500", ["bone"]),
        ("no bone 5-10 db", ["bone"]),  # a value right after: not said left out
        ("the bone is done at 500 hz: 10", ["bone"]),  # "done" without a negation
    ],
)
def test_a_conduction_named_still_opens_its_values(text, marks):
    assert _marks(text) == marks


def _thresholds(text: str) -> list[tuple]:
    return sorted(
        (c.ears, c.conduction, c.frequencies, c.value)
        for part in read_statements(text)
        for c in part
        if c.kind == "threshold"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Audiogram (bone not tested): right 20 at 1 kHz, left 30 at 1 kHz.",
        "Audiometry (no bone conduction done): right 20 at 1 kHz, left 30 at 1 kHz.",
        "Air only - BC was not performed. Right 20 at 1 kHz, left 30 at 1 kHz.",
    ],
)
def test_the_levels_after_it_are_read_as_air(text):
    assert _thresholds(text) == [
        (("left",), "air", (1000,), 30),
        (("right",), "air", (1000,), 20),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Audiogram (air only, no bone done): right 20 at 1 kHz, left 30 at 1 kHz.",
        "R 20 @1k, L 30 @1k (no BC done)",
        "No BC needed. R 20 @1k.",
    ],
)
def test_the_claim_reader_reads_them_as_air_too(text):
    read = [c.conduction for c in read_claims(text) if c.kind == "threshold"]
    assert read and set(read) == {"air"}


def test_a_frequency_not_tested_still_reports_nothing():
    # "3 kHz was not tested" is no conduction: the clause reports no result, as before
    assert _thresholds("Right 20 at 1 kHz and 3 kHz was not tested.") == []


def test_judged_as_the_air_thresholds():
    audiogram = build({250: 15, 500: 15, 1000: 20, 2000: 15, 4000: 15, 8000: 20})
    result = check_reply(
        "Hearing test (air conduction only, no bone needed): right 20 at 1 kHz, "
        "left 20 at 8 kHz. Normal hearing in both ears.",
        audiogram,
    )
    assert result.critical_errors == []
    assert {(f.kind, f.ear, f.frequency) for f in result.findings if "threshold" in f.kind} == {
        ("threshold", "right", 1000),
        ("threshold", "left", 8000),
    }


# A dB range with no frequency after a conduction said not tested is no bone level either
# (threshold_claims._named_conduction asks lexicon.conduction_not_tested; batch 175: "(air
# only; bone not needed): right 10-15 dB HL"). Wording of our own.
NEAR_NORMAL = build(15)


@pytest.mark.parametrize(
    "reply",
    [
        "Screen (bone not tested): right 10-20 dB HL, left 10-15 dB HL.",
        "| Hearing (BC not performed) | right 15-20 dB HL |",
        "Air only, bone not needed - left 10-15 dB HL throughout.",
        "Pure tones, bone wasn't done: both ears 10-20 dB HL.",
    ],
)
def test_an_unplaced_range_after_a_conduction_not_tested_is_air(reply):
    result = check_reply(reply, NEAR_NORMAL)
    assert result.critical_errors == []
    assert not [f for f in result.findings if f.kind in ("bone_threshold", "bone_level")]


@pytest.mark.parametrize(
    "reply",
    [
        # the air range is still judged
        "Screen (bone not tested): right 50-60 dB HL, left 10-15 dB HL.",
        # a bone range named and not negated is still a bone level
        "Screen: air 10-15 dB HL; bone conduction 10-15 dB HL.",
    ],
)
def test_the_range_is_still_judged(reply):
    assert check_reply(reply, NEAR_NORMAL).critical_errors
