"""An ear said to hear nothing ("she hears nothing on the right") is a dead ear, as "right
ear dead" is (claims rule "dead ear"): said of the normal side after the note gave that side
as normal, it is a second mention that puts the dead ear on the wrong side, a laterality
error (batch 172 UU16). A person who "hears nothing" with no side named is the patient's
account, no ear's grade. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

LEFT_DEAD = build(10, {250: 100, 500: 105, 1000: 110, 2000: 110, 3000: 115, 4000: 115,
                       6000: 120, 8000: 120})  # fmt: skip


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value) for c in read_claims(text) if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("Staff note: he hears nothing on the right.", [(("right",), "profound")]),
        ("He can hear nothing in his left ear.", [(("left",), "profound")]),
        # near misses: no side named
        ("Mum says he hears nothing when the TV is on.", []),
        ("She heard nothing of the conversation.", []),
    ],
)
def test_reading(text, grades):
    assert _grades(text) == grades


def test_the_normal_side_said_to_hear_nothing_is_a_swap():
    reply = (
        "Audiology today: right ear 10 dB throughout, normal. Left ear 100-120 dB, no "
        "usable hearing.\nCare plan: he hears nothing on the right - approach from the left."
    )
    assert check_reply(reply, LEFT_DEAD).critical_errors == ["laterality_confusion"]


def test_the_dead_side_said_to_hear_nothing_stands():
    reply = (
        "Audiology today: right ear 10 dB throughout, normal. Left ear 100-120 dB, no "
        "usable hearing.\nCare plan: he hears nothing on the left - approach from the right."
    )
    assert check_reply(reply, LEFT_DEAD).critical_errors == []
