"""An ear's findings given in a parenthesis before "than" and the other ear ("worse on the
right (45 dB HL, moderate) than on the left (25 dB HL, mild)"; issue #26, batch 38's VQ34 as
tuning data): the parenthesis closes the first ear's findings, so a grade inside it is never
the other ear's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import clauses

from .conftest import assert_linear, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The loss is worse on the right (pure-tone average 37.5 dB HL, moderate) than on the "
         "left (10 dB HL, normal).", []),
        ("Conductive loss, worse on the right (average 37.5 dB HL, moderate) than the left "
         "(10 dB HL, within normal limits).", []),
        # the first ear's wrong average is still its own, and nothing goes to the left
        ("The loss is worse on the right (pure-tone average 70 dB HL, severe) than on the left "
         "(10 dB HL, normal).", ["fabricated_result"]),
        # near misses: a comparison with the ears swapped is still a laterality error
        ("The loss is worse on the left (pure-tone average 37.5 dB HL) than on the right "
         "(10 dB HL).", ["laterality_confusion"]),
        ("The right ear has a moderate loss (37.5 dB HL), more than the left.", []),
    ],
)  # fmt: skip
def test_a_parenthesis_before_than_is_the_first_ears(reply, errors):
    """The first three gave a grade to the left ear on main 3515a0b."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_the_clause_ends_before_than_after_a_parenthesis():
    parts = clauses("worse on the right (45 dB HL) than on the left (25 dB HL)")
    assert [p.strip() for p in parts] == [
        "worse on the right (45 dB HL)",
        "than on the left (25 dB HL)",
    ]
    assert len(clauses("better than the right")) == 1  # no parenthesis: one clause


def test_parentheses_before_than_are_linear():
    def cost(n):
        text = "right (45 dB HL) than left (25) " * n + "x"
        return len(text), cpu_cost(lambda: clauses(text))

    size, small = cost(3000)
    big_size, big = cost(12000)
    assert big_size > 300_000 and size > 75_000
    assert_linear(small, big, most=1.0)
