"""A number followed by a bare "y" is an age in years, the clinic note's shorthand ("PTA, 55
y.", "(22 y, call centre)", "Child 3 (4 y)"), not a level or an average: its digits are
blanked as the other ages are (issue #26, validation batch 100 YA37 as tuning data; every one
of the 441 in batches 1-117 is an age; ages.YEARS). Not "y/o" again (read already), nor a
"y" that is part of a word. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.ages import without_ages
from clinbench.audiogram.check import check_reply

from .conftest import assert_linear, build, cpu_cost

CASE = build(25, 25)  # flat 25 dB HL both ears: 4FA 25, mild


@pytest.mark.parametrize(
    "reply",
    [
        "Audiogram/PTA, 70 y. Flat 25 dB HL both ears, 4FA 25, mild.",
        "Tinnitus clinic (66 y, retired fitter): 4FA 25 both ears, mild.",
        "PTA review - 80y\nBoth ears 25 dB HL at every frequency.",
    ],
)
def test_an_age_in_years_is_no_average(reply):
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    ("text", "gone", "kept"),
    [
        ("PTA, 55 y.", "55", "PTA,"),
        ("Child B (4 y): left mild", "4 y", "left mild"),
        ("aged 2 y and 3 m", "2 y", "and 3 m"),
    ],
)
def test_only_the_ages_digits_are_blanked(text, gone, kept):
    out = without_ages(text)
    assert len(out) == len(text) and gone not in out and kept in out


@pytest.mark.parametrize("text", ["PTA 55 dB by 4 kHz", "key 55 yellow", "PTA 55, yes"])
def test_no_bare_y_no_age(text):
    assert without_ages(text) == text


def test_the_level_beside_an_age_is_still_judged():
    reply = "Audiogram, 70 y: right 4FA 60, moderately severe."
    assert check_reply(reply, CASE).critical_errors


def test_blanking_ages_stays_linear():
    line = "Patient 55 y, right 25 dB HL at 4 kHz; sibling 60y.\n"
    small, big = line * 300, line * 1200
    assert_linear(cpu_cost(lambda: without_ages(small)), cpu_cost(lambda: without_ages(big)))
