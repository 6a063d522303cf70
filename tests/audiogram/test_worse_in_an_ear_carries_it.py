"""An ear named worse (or better) "in" or "on" it ("noise damage, worse in the left ear: left
50 dB HL at 3 kHz ...", "better on the right") names that ear as the worse one, as "the left
is worse" does: the figures after it are that ear's and carry on to the clauses after. A
comparison with the other ear named ("worse in the left than the right") is still a
comparison, and so is "worse on the right (...)" when the sentence goes on with "than".
Batch 106 YG25 as tuning data (lexicon.COMPARATIVE, statements._compares)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import COMPARATIVE
from clinbench.audiogram.statements import read_statements

from .conftest import build


@pytest.mark.parametrize(
    "text", ["worse in the left ear", "better on the right", "poorer in the right ear"]
)
def test_an_ear_named_worse_in_it_is_no_comparison(text):
    assert COMPARATIVE.search(text) is None


@pytest.mark.parametrize(
    "text", ["worse in the left than the right", "worse than the left", "the right is better than"]
)
def test_a_comparison_with_the_other_ear_still_is(text):
    assert COMPARATIVE.search(text) is not None


def test_the_figures_after_it_carry_that_ear():
    text = (
        "Noise damage, worse in the left ear: left 50 dB HL at 3 kHz, masked bone 45 at 3 kHz, "
        "4FA 28.75 (mild)."
    )
    read = {(c.kind, c.ears) for part in read_statements(text) for c in part}
    assert ("pta", ("left",)) in read
    assert ("threshold", ("left",)) in read
    assert ("pta", ()) not in read


def test_judged_as_that_ears():
    audiogram = build(
        {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 35, 8000: 20},
        {250: 10, 500: 15, 1000: 20, 2000: 30, 3000: 50, 4000: 65, 8000: 30},
        left_bone={3000: 45, 4000: 60},
        bone_masked=True,
    )
    result = check_reply(
        "Worse in the left ear: left 50 dB HL at 3 kHz, masked bone 60 at 4 kHz.", audiogram
    )
    assert result.critical_errors == []
    assert ("bone_threshold", "left", 4000, "match") in {
        (f.kind, f.ear, f.frequency, f.verdict) for f in result.findings
    }


def test_a_comparison_going_on_with_than_carries_no_ear():
    # "worse on the right (...) than the left (..., within normal limits)": the grade in the
    # left's parenthesis is not the right's
    text = (
        "Conductive loss, worse on the right (average 37.5 dB HL, moderate) than the left "
        "(10 dB HL, within normal limits)."
    )
    read = {(c.kind, c.ears, c.value) for part in read_statements(text) for c in part}
    assert ("degree", ("right",), "normal") not in read
