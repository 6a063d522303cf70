"""An ear named after its finding with a possessive ("..., and completely normal hearing, 10
dB throughout, in his left") is that finding's ear, as "in the left ear" is; the noun "ear"
may be left out after "his", "her" or "their" (issue #26, validation batch 70, health
journalism, as tuning data: WW20's sentence). The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build(70, 10)  # right severe (70 dB HL flat), left normal (10 dB HL flat)


@pytest.mark.parametrize(
    "reply",
    [
        "The test found a severe loss in her right ear, and entirely normal hearing, 10 dB at "
        "every pitch, in her left.",
        "A severe loss was found in their right ear, with normal hearing, 10 dB across the "
        "range, in their left.",
        "Severe loss in my right ear and normal hearing, 10 dB everywhere, in my left ear.",
    ],
)
def test_the_possessive_ear_after_a_finding_is_its_ear(reply):
    assert check_reply(reply, CASE).critical_errors == []
