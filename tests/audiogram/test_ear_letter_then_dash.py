"""A bare R or L, a spaced dash, then the ear's findings is an ear tag: " R - moderately severe
sensorineural loss ...; L - mild sensorineural loss ..." (issue #26, blind batch 45, balance
clinic reports, as tuning data: VX32, whose left line was read as the right ear's, three wrong
findings beside its planted one). Near misses: "R - L difference" (right minus left) names
no ear by its dash, and the right ear's true findings are no error."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost

# right moderate sensorineural loss (45 dB HL, bone 45), left normal at 10 dB HL
RIGHT_SNHL = build(45, 10, right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
                   left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10}, bone_masked=True)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Audiometry:\n R - moderate sensorineural loss.\n L - normal hearing.", []),
        ("R - normal hearing.\nL - moderate sensorineural loss.", ["laterality_confusion"]),
        ("L - moderate sensorineural loss, 45 dB HL.", ["laterality_confusion"]),
    ],
)
def test_a_letter_and_a_dash_tag_the_ear(reply, errors):
    assert check_reply(reply, RIGHT_SNHL).critical_errors == errors


def test_each_dashed_line_is_read_for_its_ear():
    reply = (
        "Audiometry:\n R - moderately severe sensorineural loss, 45-75 dB HL; tympanogram "
        "type B.\n L - mild sensorineural loss sloping into the highs; tympanogram type A."
    )
    read = [(c.kind, c.ears, c.value) for claims in read_statements(reply) for c in claims]
    assert ("tympanometry", ("right",), "B") in read
    assert ("tympanometry", ("left",), "A") in read
    assert ("degree", ("left",), "mild") in read
    assert not [r for r in read if not r[1]]  # every claim is tied to its ear


@pytest.mark.parametrize(
    ("text", "right", "left"),
    [
        ("R - moderate SNHL", True, False),
        ("L \u2013 mild", False, True),
        ("R - L difference of 20 dB", False, False),
    ],
)
def test_which_letters_are_tags(text, right, left):
    assert bool(lexicon.RIGHT.search(text)) is right
    assert bool(lexicon.LEFT.search(text)) is left


def test_dashed_tags_are_read_in_linear_time():
    text = "R - " * 300 + "L -  " * 300 + "x. "
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_SNHL))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_SNHL))
    assert_linear(small, big)
