"""One frequency, then a conduction label and a level ("500 Hz, bone conduction: 30 dB") is
an ear line's parts in another order: the frequency heads the level, as in "bone conduction:
500 Hz: 30 dB" (lexicon.FREQUENCY_BEFORE_ITS_ROW, CONDUCTION_ROW_OPENING). A frequency that
ends a list of them heads nothing, and a level with no such frequency stays a level of no
frequency (issue #26 batch 124, the replies of a small local model). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

_BONE = {500: 20, 1000: 20, 2000: 25, 4000: 30}
CASE = build({250: 20, 500: 25, 1000: 30, 2000: 40, 4000: 55, 8000: 60},
             right_bone=_BONE, left_bone=_BONE, bone_masked=True)  # fmt: skip


def _placed(text: str) -> list[tuple]:
    return claim_fields(text, "ears", "conduction", "frequencies", "value")


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("1000 Hz, air conduction: 35 dB", [((), "air", (1000,), 35)]),
        ("Right ear, 2 kHz, bone conduction: 25 dB HL", [(("right",), "bone", (2000,), 25)]),
        ("- Result - 4000 Hz, air conduction: 50 dB", [((), "air", (4000,), 50)]),
    ],
)
def test_the_frequency_before_a_conduction_row_places_its_level(text, placed):
    assert _placed(text) == placed


@pytest.mark.parametrize(
    "text",
    [
        "250, 500 Hz, air conduction: 25 dB",
        "Tested to 8 kHz, air conduction: 25 dB",
        "Air conduction: 25 dB",
        "1000 Hz, speech: 35 dB",
    ],
)
def test_no_single_frequency_before_the_row_places_nothing(text):
    assert _placed(text) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("2000 Hz, air conduction: 40 dB", []),
        ("2000 Hz, air conduction: 65 dB", ["fabricated_result"]),
        ("Left ear, 250 Hz, bone conduction: 20 dB", ["fabricated_result"]),
    ],
)
def test_the_placed_level_is_judged_at_its_frequency(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
