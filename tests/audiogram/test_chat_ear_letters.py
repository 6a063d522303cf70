"""A bare capital R or L before the region or onset of a loss names the ear: "L sudden loss",
"R low-freq CHL", "L rising" (issue #26 item 5, a class of batch 27)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import LEFT, RIGHT

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("R mid-freq dip", RIGHT),
    ("L sudden drop on Monday", LEFT),
    ("R low-frequency CHL", RIGHT),
    ("L high freq sensorineural", LEFT),
    ("R rising pattern", RIGHT),
    ("R cookie-bite shape", RIGHT),
    ("L notched at 4k", LEFT),
]


@pytest.mark.parametrize(("text", "ear"), READ)
def test_capital_letter_before_a_shorthand_finding_is_an_ear(text, ear):
    assert ear.search(text)


@pytest.mark.parametrize("text", ["plan: r rising", "l sudden", "Table R 20 30"])
def test_lower_case_or_a_bare_letter_before_numbers_is_no_ear(text):
    assert not RIGHT.search(text) and not LEFT.search(text)


SUDDEN_LEFT = build(
    10,
    {250: 65, 500: 65, 1000: 70, 2000: 70, 4000: 75, 8000: 75},
    left_bone={500: 60, 1000: 65, 2000: 65, 4000: 70},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Doc: L sudden severe SNHL, urgent ENT today. R normal", []),
        ("Doc: R sudden severe SNHL, urgent ENT today. L normal", ["laterality_confusion"]),
        ("Doc: R high-freq sensorineural, severe. L normal", ["laterality_confusion"]),
    ],
)
def test_swapped_chat_ears_are_found(reply, errors):
    """The swaps were missed on main b2c8220 (the letters were not read as ears)."""
    assert check_reply(reply, SUDDEN_LEFT).critical_errors == errors


def test_reading_chat_ear_letters_is_linear():
    def cost(n):
        text = "R mid-freq, L sudden, R low-freq, L rising, R 20 30 " * n + "L " * n
        return len(text), cpu_cost(lambda: (list(RIGHT.finditer(text)), list(LEFT.finditer(text))))

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
