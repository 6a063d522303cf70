"""A contracted "not" negates as the full word does ("isn't conductive", "doesn't look
mixed"), and a conclusion drawn with an arrow ends a negator's reach ("doesn't recover ->
sensorineural" claims the sensorineural loss); issue #26 item 5, a class of batch 27."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import negated

from .conftest import assert_linear, build, cpu_cost

READ = [
    ("this isn't a conductive picture", "conductive", True),
    ("it doesn't look mixed to me", "mixed", True),
    ("the gap wasn\u2019t conductive", "conductive", True),
    ("the bone doesn't differ -> sensorineural", "sensorineural", False),
    ("no gap \u2192 sensorineural", "sensorineural", False),
    ("this is a conductive picture", "conductive", False),
]


@pytest.mark.parametrize(("text", "word", "not_claimed"), READ)
def test_contracted_not_and_arrow(text, word, not_claimed):
    assert negated(text, text.index(word)) is not_claimed


NORMAL_BOTH = build(
    15,
    15,
    right_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Both ears normal. A bone line above a normal air line isn't a conductive loss.", []),
        ("Both ears normal. The small gap is a conductive loss.", ["type_misclassification"]),
    ],
)
def test_a_denied_type_is_not_judged(reply, errors):
    """The denial was judged a conductive claim on main b2c8220 (the first row fails there)."""
    assert check_reply(reply, NORMAL_BOTH).critical_errors == errors


def test_reading_contracted_negation_is_linear():
    def cost(n):
        text = "it isn't conductive, nor -> mixed, and doesn't " * n + "conductive"
        return len(text), cpu_cost(lambda: [negated(text, i) for i in range(0, len(text), 7)])

    size, small = cost(2500)
    big_size, big = cost(10000)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big)
