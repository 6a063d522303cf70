"""A slash list of levels over a span of frequencies ("20/30/40/50 at 250 Hz-2 kHz"): one level
per test frequency of the span, as audiogram forms and clinic letters list them, so the list's
last level is no level at the span's first frequency (issue #26, validation batch 142 used as
tuning data). A level at one frequency, and a dash that only separates two levels at their
frequencies ("30 at 500 Hz - 45 at 1 kHz"), are read as before.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

SLOPING_LEFT = build(
    {250: 10, 500: 10, 1000: 15, 2000: 20, 4000: 30, 8000: 35},
    {250: 15, 500: 25, 1000: 35, 2000: 45, 4000: 55, 8000: 60},
)


@pytest.mark.parametrize(
    "text",
    [
        "L 15/25/35/45 at 250 Hz-2 kHz, 55 at 4k",
        "Left: 15/25/35/45 at 250 Hz - 2 kHz; 55 at 4 kHz",
        "left ear 15/25/35/45 @ 250 Hz to 2 kHz, 55 @ 4k",
        "L 25/35/45 at 0.5-2 kHz, 55 at 4k",
    ],
)
def test_a_list_over_a_span_is_no_level_at_its_first_frequency(text):
    assert claim_fields(text, "ears", "value", "frequencies", whole_reader=True) == [
        (("left",), 55, (4000,))
    ]
    assert check_reply(text, SLOPING_LEFT).critical_errors == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a level at one frequency: no span follows
        ("L 15/25/35/45 at 250 Hz, 55 at 4k", [(("left",), 45, (250,)), (("left",), 55, (4000,))]),
        # a dash between two levels at their frequencies: no unit ends a span
        ("left 25 at 500 Hz - 45 at 2 kHz", [(("left",), 25, (500,)), (("left",), 45, (2000,))]),
    ],
)
def test_near_misses_keep_their_levels(text, read):
    assert claim_fields(text, "ears", "value", "frequencies", whole_reader=True) == read


def test_a_wrong_level_beside_the_span_is_still_found():
    text = "L 15/25/35/45 at 250 Hz-2 kHz, 85 at 4k"
    assert check_reply(text, SLOPING_LEFT).critical_errors == ["fabricated_result"]
