"""A bare "both" closing a grade or a type ("4FA R 27.5 / L 33.75, mild both.", "SNHL both;")
is chart shorthand for both ears: the grade is each ear's, not the ear named last. Words after
"both" ("mild both in degree and in shape") or "both" before a grade are not this shorthand.
After one ear's figure and a spaced dash or arrow ("L 41.25 - moderate both", "L 45 -
sensorineural both ears"), such a grade starts a clause of its own: the figure stays the one
ear's. Batch 116 YQ40 (and 71 WX46, 68 WU17) as tuning data (lexicon.BOTH,
statements._dash_before_both)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import ears_in
from clinbench.audiogram.statements import read_statements

from .conftest import build


@pytest.mark.parametrize(
    "text", ["mild both.", "moderate both", "SNHL both;", "normal both,", "severe loss both)"]
)
def test_a_grade_then_both_names_both_ears(text):
    assert ears_in(text) == {"both"}


@pytest.mark.parametrize(
    "text",
    [
        "mild both in degree and shape",  # words go on after it
        "both mild",  # before the grade: no shorthand of this kind
        "tinnitus both.",  # no grade or type
        "mild, both.",
    ],
)
def test_near_misses_name_no_ear(text):
    assert ears_in(text) == set()


def test_the_grade_and_the_type_after_it_are_both_ears():
    text = "4FA R 27.5 / L 33.75, mild both. The report calls it a mixed loss."
    read = {(c.kind, c.ears) for part in read_statements(text) for c in part}
    assert ("degree", ("right", "left")) in read
    assert ("type", ("right", "left")) in read
    assert ("degree", ("left",)) not in read


def test_judged_for_both_ears():
    audiogram = build({250: 20, 500: 25, 1000: 25, 2000: 30, 4000: 40, 8000: 45})
    result = check_reply("4FA R 30 / L 30, moderate both.", audiogram)
    assert [(f.kind, f.ear, f.verdict) for f in result.findings if f.kind == "degree"] == [
        ("degree", "both", "contradiction")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "4FA R 36.25, L 41.25 - moderate both, sloping sensorineural.",
        "4FA: Rt 35 dB HL, Lt 38.75 dB HL -> moderate both.",
        "4FA R 25 (mild), L 45 (moderate) \u2014 sensorineural both ears.",
    ],
)
def test_one_ears_figure_then_a_dash_and_a_grade_of_both(text):
    read = {(c.kind, c.ears) for part in read_statements(text) for c in part}
    assert ("pta", ("left",)) in read  # the figure before the dash is the left's
    assert ("pta", ("right", "left")) not in read
    assert {ears for kind, ears in read if kind in ("degree", "type")} >= {("right", "left")}


def test_a_grade_in_both_after_a_dash_is_read_whole_as_before():
    # "- moderate in both" is no bare-both shorthand: the clause is read as it was
    text = "PTA: right 38.75, left 42.5 dB HL - moderate in both."
    read = {(c.kind, c.ears) for part in read_statements(text) for c in part}
    assert ("degree", ("right", "left")) in read
