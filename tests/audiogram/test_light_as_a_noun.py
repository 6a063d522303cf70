"""'Light' grades a loss as mild (a calque of leicht/léger/leve) when it is said of the loss,
before a loss noun or as a predicate ("the loss is light", "left: conductive, light"); the
noun 'light' closing a clause ("a night light", "the reading light") grades nothing, batch
116: a sleep clinic's advice. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import tokens

from .conftest import build

PROFOUND = build(100)


def degrees(text: str) -> list[str]:
    return [t.value for t in tokens(text.lower()) if t.kind == "degree"]


@pytest.mark.parametrize(
    "text",
    [
        "Leave a hall light on, with a picture schedule.",
        "Use a dimmable lamp or a nightlight; a red light.",
        "Reading in bed under a torch light, then lights out",
    ],
)
def test_the_noun_light_is_no_degree(text):
    assert degrees(text) == []


@pytest.mark.parametrize(
    "text",
    ["The hypoacusis is light.", "Left: conductive, light", "Right ear light; left normal"],
)
def test_light_said_of_the_loss_is_mild(text):
    assert degrees(text)[0] == "mild"


@pytest.mark.parametrize(
    "reply",
    [
        "No response at the limits in either ear - profound on both sides.\nAt bedtime he "
        "wants the landing light, a story and a cuddle.",
        "Both ears: profound, no response at the limits.\nShe settles best with the porch "
        "light, a song and her blanket.",
    ],
)
def test_a_lamp_beside_a_profound_loss_flags_nothing(reply):
    assert check_reply(reply, PROFOUND).critical_errors == []
