"""A level tagged to its ear with no conduction of its own ("Left ear (10 dB) has a reduced air
conduction of bone conduction ...") is taken as air by default (the audiogram's default
measure); where its clause goes on to name both air and bone conduction, its conduction is
not told, so it is judged against the ear's air and bone thresholds alike, true where either
holds it (never guessed; the labels' rule for a value with an ear but no conduction; issue
#26, batch 152 UA05, the real local model's text, as tuning data; the phrasings here are
new). A tagged level in a clause that names one conduction, or none, keeps its reading."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CONDUCTIVE = build(45, right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
                   left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10})  # fmt: skip
# air 45 dB HL in both ears, bone 10: a conductive loss


@pytest.mark.parametrize(
    "reply",
    [
        "- Left ear (10 dB) has a reduced air conduction of its bone conduction.",
        "Right ear (10 dB): the bone conduction is better than the air conduction.",
        "Left ear: 10 dB with air-conduction worse than bone-conduction.",
    ],
)
def test_a_level_whose_conduction_is_not_told_may_be_bone(reply):
    assert check_reply(reply, CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "- Left ear (80 dB) has a reduced air conduction of its bone conduction.",
        "Right ear (10 dB) shows a reduced air conduction.",
        "Left ear: 10 dB.",
    ],
)
def test_a_level_neither_conduction_holds_or_with_one_conduction_is_judged(reply):
    assert check_reply(reply, CONDUCTIVE).critical_errors == ["fabricated_result"]
