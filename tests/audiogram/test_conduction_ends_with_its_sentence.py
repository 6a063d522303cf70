"""A conduction named in one sentence does not reach a level in the next, even where the
reader's split does not see the sentence end (a full stop, then a number: "... no conductive
component. 8 kHz 60 dB HL both ears"): the level is air unless its sentence names its own
conduction. Batch 76 XC35 as tuning data (threshold_claims._Clause.conduction_at,
lexicon.NUMBER_OPENS_SENTENCE)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import threshold_claims

from .conftest import build


def _conductions(low: str, carried: str = "bone") -> list[tuple]:
    return [(c.frequencies, c.conduction) for c in threshold_claims(low, "both", False, carried)]


@pytest.mark.parametrize(
    "low",
    [
        "within 10 db of air - no conductive component. 8 khz 60 db hl both ears.",
        "no air-bone gaps anywhere. 4 khz 45 db hl on the left.",
        "close to the air values. 6 khz 50 db hl.",
    ],
)
def test_a_level_in_the_next_sentence_is_air(low):
    assert [c for _, c in _conductions(low)] == ["air"]


@pytest.mark.parametrize(
    "low",
    [
        "5-10 db at 1 khz. bone 20 db hl at 2 khz.",  # the next sentence names its own
        "masked at 1 khz, 30 db hl at 2 khz",  # the same sentence: the carried bone holds
        "approx. 35 db hl at 4 khz",  # an abbreviation's stop ends no sentence
    ],
)
def test_near_misses_keep_their_conduction(low):
    assert [c for _, c in _conductions(low)][-1] == "bone"


def test_judged_as_air():
    audiogram = build(
        {250: 30, 500: 35, 1000: 40, 2000: 45, 4000: 50, 8000: 60},
        right_bone={500: 25, 1000: 30, 2000: 40, 4000: 45},
        left_bone={500: 25, 1000: 30, 2000: 40, 4000: 45},
        bone_masked=True,
    )
    reply = (
        "Bilateral moderate sensorineural loss. Bone conduction 25-30 dB HL at 500-1000 Hz, "
        "within 10 dB of air at every frequency - no conductive component. 8 kHz 60 dB HL "
        "both ears."
    )
    assert check_reply(reply, audiogram).critical_errors == []
