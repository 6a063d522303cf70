"""One frequency, a colon and one level as a list item of its own ("- 3k: 50" under an ear's
line, as slides and chart notes write it; issue #26, batch 37's VP18 as tuning data): that
ear's threshold at that frequency, with or without "dB"."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right air 45/45/40/35/30/30; left 10 throughout


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("- L: normal through the speech range\n  - 4k: 60\n  - 8k: 10", ["fabricated_result"]),
        ("Left ear:\n- 2k: 55", ["fabricated_result"]),
        ("Right ear:\n* 500: 45\n* 4k: 30.", []),
        # near misses: a label and its value in running text, a level with more words after it
        ("Left ear: 10 dB HL throughout; 4 kHz: 10.", []),
        ("Left ear:\n- 4k: 60 or so, I think", []),
    ],
)  # fmt: skip
def test_a_frequency_and_its_level_as_an_item(reply, errors):
    """The first two gave no finding on main 3515a0b."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_the_item_is_read_as_a_threshold():
    claims = [c for group in read_statements("Left ear:\n- 3k: 50") for c in group]
    assert [(c.kind, c.ears, c.value, c.frequencies) for c in claims] == [
        ("threshold", ("left",), 50, (3000,))
    ]


def test_items_are_linear():
    def cost(n):
        text = "Left ear:\n" + "- 3k: 50\n- 4k: 60 dB\n" * n + "x"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(1000)
    big_size, big = cost(4000)
    assert big_size > 80_000 and size > 20_000
    assert_linear(small, big, most=2.0)
