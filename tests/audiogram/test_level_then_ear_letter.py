"""A capital R or L straight after a level is that level's ear ("at 2k: 40 R, 45 L");
issue #26 item 5, a class of batch 27."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import assert_linear, build, claim_fields, cpu_cost


def _levels(text):
    return claim_fields(text, "ears", "value", "frequencies", whole_reader=True)


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("and 2k was 40 R, 45 L", [(("right",), 40, (2000,)), (("left",), 45, (2000,))]),
        ("at 4k 60 L and 35 R", [(("left",), 60, (4000,)), (("right",), 35, (4000,))]),
    ],
)
def test_each_level_takes_the_letter_after_it(text, levels):
    assert _levels(text) == levels


def test_a_letter_before_a_word_is_not_read_so():
    assert not [c for c in read_claims("at 2k 40 Rinne positive") if c.ears]


NO_THREE_K = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 55, 8000: 65}, 20)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Doc: sloping right loss. 4k was 55 R, 20 L.", []),
        ("Doc: sloping right loss. 3k was 50 R, 20 L.", ["fabricated_result"]),
    ],
)
def test_a_level_at_an_untested_frequency_is_found(reply, errors):
    """3 kHz was not tested: the invented pair was missed on main b2c8220."""
    assert check_reply(reply, NO_THREE_K).critical_errors == errors


def test_reading_levels_then_letters_is_linear():
    def cost(n):
        text = "3k was 50 R, 55 L and 4k 60 L, 1 R " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(3000)
    big_size, big = cost(12000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
