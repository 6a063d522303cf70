"""A frequency, then the ear the level was found in, then the level ("the bone conduction at
1 kHz in the right ear is 35 dB HL", "the threshold at 2 kHz on the left appears to be about
40 dB HL"): the level is still at that frequency (threshold_claims._PAIR_BEFORE), as it is
with the ear after the level ("40 dB on the left at 2 kHz"). "appears/seems to be" is the
copula of a reading. Issue #26 batch 124 (the replies of a small local model). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

_BONE = {500: 20, 1000: 30, 2000: 35, 4000: 40}
CASE = build({250: 20, 500: 25, 1000: 35, 2000: 40, 4000: 55, 8000: 60},
             right_bone=_BONE, left_bone=_BONE, bone_masked=True)  # fmt: skip


def _placed(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "conduction", "frequencies", "value")


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("The bone conduction at 1 kHz in the right ear is 35 dB HL.",
         [(("right",), "bone", (1000,), 35)]),
        ("The threshold at 2 kHz on the left appears to be about 40 dB HL.",
         [(("left",), "air", (2000,), 40)]),
        ("Air conduction at 4000 Hz in her right ear seems to be 55 dB HL.",
         [(("right",), "air", (4000,), 55)]),
    ],
)  # fmt: skip
def test_the_ear_between_frequency_and_level_keeps_the_pair(text, placed):
    assert _placed(text) == placed


@pytest.mark.parametrize(
    "text",
    [
        "At 2 kHz in the left ear the masking noise was set to 60 dB HL.",
        "Tested at 1 kHz in the right ear after a break of 15 minutes.",
        "At 4 kHz the left ear appears to be the worse, by 15 dB.",
    ],
)
def test_no_level_of_that_frequency_is_read(text):
    assert _placed(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The bone conduction at 1 kHz in the left ear is 30 dB HL.", []),
        ("The threshold at 2 kHz in the right ear appears to be 70 dB HL.", ["fabricated_result"]),
    ],
)
def test_the_pair_is_judged_at_its_frequency(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
