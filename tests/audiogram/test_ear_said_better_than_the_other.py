"""An ear said better or stronger than the other ear makes the other the worse ear, and an
ear said weaker, or the weaker side, is the worse one: a comparison of the two ears is a
worse-ear claim to judge, whichever comparative it uses (issue #26, round 16: "right better
than left" when the left was better gave no finding; lexicon.WORSE, lexicon.WORSE_NAMED).
An ear said more (or less) sensitive than the other ear, or better at something than the
other ear ("better sound quality compared to the right", "better suited ... than the left"),
is the same claim, read by WORSE's last form and judged by the averages like every
worse-ear claim (issue #26, batch 140: a real model's answers to "which ear hears better?"
gave no claim). Near misses: a comparison with another time, an expectation or something
other than the other ear names no worse ear, nor does a denied one, or "better" / "more
sensitive" that goes on to no ear. An ear that "will hear better" than the other (a modal
before the verb, the other ear as "their" ear) and an ear "superior to" the other are the
same claim (issue #26, batch 155: a real model's telephone-ear answers gave no claim).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(45, 20)  # right 45 dB HL throughout, left 20: the right is the worse ear
RIGHT_50 = build(50, 15)  # right 50 dB HL throughout, left 15: the right is the worse ear


def _worse_ears(text: str) -> list[str]:
    return [c.value for clause in read_statements(text) for c in clause if c.kind == "worse_ear"]


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("On this chart the right ear is clearly better than the left.", ["left"]),
        ("Right hears better than left at most pitches.", ["left"]),
        ("The left side is stronger than the right.", ["right"]),
        ("Her right is the weaker ear.", ["right"]),
        ("Of the two, the left ear is the stronger one.", ["right"]),
        ("The left is weaker, with 40 dB at 2 kHz.", ["left"]),
    ],
)
def test_a_comparison_of_the_ears_names_the_worse(text, worse):
    assert _worse_ears(text) == worse


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("The left ear is roughly 10 dB more sensitive to tones than the right ear.", ["right"]),
        ("Her right ear is slightly less sensitive compared with the left ear.", ["right"]),
        ("I think the right ear has a better response profile compared to the left ear.", ["left"]),
        ("The left ear is indeed better suited to speech than the right ear.", ["right"]),
        ("The right ear is perceived to be better, with clearer tones.", ["left"]),
        ("On balance the left ear hears better.", ["right"]),
    ],
)
def test_an_ear_said_more_sensitive_or_better_names_the_worse(text, worse):
    assert _worse_ears(text) == worse


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("On this chart the right ear is clearly better than the left.", ["laterality_confusion"]),
        ("The left side is stronger than the right.", []),
        ("Her left is the weaker ear.", ["laterality_confusion"]),
        ("Her right is the weaker ear.", []),
    ],
)
def test_a_comparison_of_the_ears_is_judged(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # the better ear named wrongly, and a size 30 dB off every difference (35 at every
        # frequency): also a fabricated result by batch 140's rule for differences (tune60)
        (
            "The right ear is about 5 dB more sensitive than the left ear.",
            ["fabricated_result", "laterality_confusion"],
        ),
        ("The left ear has a better sound quality compared to the right ear.", []),
        ("The right ear is clearly less sensitive relative to the left ear.", []),
    ],
)
def test_the_ear_said_better_is_judged_by_the_averages(reply, errors):
    assert check_reply(reply, RIGHT_50).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "The right ear is better than at the last visit.",
        "The left hears better than she expected.",
        "A stronger response was seen on the right.",
        "The left ear is more sensitive to loud noise than most people's.",
        "The right ear is better than at the previous visit.",
        "The right ear is not more sensitive than the left ear.",
        "The left ear hears better with the hearing aid switched on.",
        "The left ear is more sensitive.",
    ],
)
def test_a_comparison_with_no_other_ear_names_no_worse(text):
    assert _worse_ears(text) == []


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("Her left ear would hear better over the phone than her right ear.", ["right"]),
        ("Your right ear can hear better on calls than your left.", ["left"]),
        ("The right ear is superior to their left ear for speech.", ["left"]),
        ("Their left ear will perform better than their right ear.", ["right"]),
    ],
)
def test_an_ear_that_will_hear_better_or_is_superior_names_the_worse(text, worse):
    assert _worse_ears(text) == worse


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("His right ear will hear better on the phone than his left.", ["laterality_confusion"]),
        ("His left ear will hear better on the telephone than his right ear.", []),
        ("The right ear is superior to their left ear.", ["laterality_confusion"]),
        ("The left ear is superior to their right ear.", []),
    ],
)
def test_the_ear_that_will_hear_better_is_judged(reply, errors):
    assert check_reply(reply, RIGHT_50).critical_errors == errors


@pytest.mark.parametrize(
    "text",
    [
        "A left superior canal dehiscence was ruled out on the scan.",
        "The right ear will hear better once the wax is removed.",
        "The left ear would be superior to nothing else tested today.",
    ],
)
def test_superior_or_a_future_with_no_other_ear_names_no_worse(text):
    assert _worse_ears(text) == []
