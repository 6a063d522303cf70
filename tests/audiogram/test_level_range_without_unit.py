"""A range of levels written without a unit, then "at" and a range of frequencies, is a range
of hearing levels there, as a single bare level before "at" is: "R) drops to 80-85 @ 6-8k"
(issue #26, blind batch 48, hospital discharge summaries, as tuning data: WA18, whose planted
swap of the drop to the other ear was read as nothing). Near misses: the true ear's range is
no error, and a difference ("interaural difference 45-50 at 6-8k") is no level."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import assert_linear, build, cpu_cost

_HIGH = {250: 20, 500: 20, 1000: 25, 2000: 25, 3000: 30, 4000: 35}
# the right ear drops to 80-85 dB HL at 6-8 kHz; the left stays at 35 there
RIGHT_DROP = build({**_HIGH, 6000: 80, 8000: 85}, {**_HIGH, 6000: 35, 8000: 35})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("L) drops to 80-85 @ 6-8k.", ["laterality_confusion"]),
        ("Left 80-85 at 6-8 kHz.", ["laterality_confusion"]),
        ("Right 50-55 at 6-8k.", ["fabricated_result"]),
        # near misses: the true ear, a difference between the ears
        ("R) drops to 80-85 @ 6-8k, L 35 there.", []),
        ("Right 80-85 at 6-8 kHz.", []),
        ("Interaural difference 45-50 at 6-8k.", []),
    ],
)
def test_a_bare_range_before_a_frequency_range_is_a_level_range(reply, errors):
    assert check_reply(reply, RIGHT_DROP).critical_errors == errors


def test_the_bare_range_is_read_over_its_frequencies():
    claims = threshold_claims("r) drops to 80-85 at 6-8k", "right", False)
    assert [(c.kind, c.value, c.value_high, c.frequencies) for c in claims] == [
        ("threshold_range", 80, 85, (6000, 8000))
    ]


def test_a_clause_opening_with_the_range_is_not_read():
    # a gap's sizes on a line a mail client wrapped after "ABG" (perturb.hard_wrapped)
    assert threshold_claims("15-25 at 0.5-4k).", "right", False) == []
    assert threshold_claims("left 15-25 at 0.5-4k", "left", False)


def test_bare_ranges_are_read_in_linear_time():
    text = "right 80-85 at 6-8k, " * 30 + "1-2 at 3-" * 40 + ". "
    small = cpu_cost(lambda: check_reply(text * 5, RIGHT_DROP))
    big = cpu_cost(lambda: check_reply(text * 20, RIGHT_DROP))
    assert_linear(small, big)
