"""An average's name carried from one ear's value to the other's goes on over a change note set
after the first value ("PTA: right 45 dB HL, down 5 dB since March; left 70 dB HL", "PTA right
45, 5 dB worse than in March, left 70"): the note, with no number of its own once its amount
is blanked (changes.py) and no ear, is an aside on the first ear's average, so the second ear's
value is still that average, as in "PTA: right 45 dB HL; left 70 dB HL"
(notation._CHANGE_ASIDE). The wording here is new, not a batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build(40, 70)  # right flat 40 dB HL, left flat 70 dB HL: averages 40 and 70

READ = [
    "Four-frequency average: left 70 dB HL, 10 dB poorer than at the last visit; right 40 dB HL",
    "PTA R 40 dB HL, improved by 15 dB since the steroid course, L 70 dB HL",
    "4FA: right 40, unchanged from the previous test; left 70",
    "Pure-tone average: left 70 dB, a 20 dB drop on last time, right 40 dB",
]


def _averages(reply: str) -> list[tuple[str | None, float]]:
    return [
        (f.ear, float(f.claimed))
        for f in check_reply(reply, CASE).findings
        if f.kind.value == "pta"
    ]


@pytest.mark.parametrize("reply", READ)
def test_both_ears_averages_are_read_over_the_note(reply):
    assert sorted(_averages(reply)) == [("left", 70.0), ("right", 40.0)]
    assert check_reply(reply, CASE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "PTA: right 40 dB HL, 5 dB worse than in June; left 25 dB HL",
        "Three-frequency average R 40, deteriorated by 10 dB since the spring, L 20",
    ],
)
def test_the_second_ears_average_is_judged(reply):
    assert ("left", 70.0) not in _averages(reply)
    assert [
        f
        for f in check_reply(reply, CASE).findings
        if f.kind.value == "pta" and f.ear == "left" and f.verdict.value == "contradiction"
    ]


@pytest.mark.parametrize(
    "reply",
    [
        # a note that names an ear is no aside on the first value: its own claim
        "PTA: right 40 dB HL, worse than the left ear; left 70 dB HL",
    ],
)
def test_a_note_naming_an_ear_is_not_an_aside(reply):
    assert ("right", 40.0) in _averages(reply)
