"""The word "right" between a verb of the curve's movement and its particle is the adverb
"all the way", not the right ear: "the left falls right down to 75 dB HL at 8 kHz", "it dips
right off after 2k" say nothing of the right ear (batch 61: a ward note's "drops right off
above 4k"). Wording of our own; "right" as the ear beside such verbs stays an ear."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.statements import read_statements

from .conftest import build

LEFT_HIGH_DROP = build(
    15, {250: 15, 500: 15, 1000: 20, 2000: 20, 3000: 25, 4000: 30, 6000: 75, 8000: 80}
)  # right normal (15 flat); left normal to 3 kHz, 30 at 4k, 75/80 at 6/8 kHz


def ears_of(text: str, kind: str = "threshold") -> set[tuple[str, ...]]:
    return {
        c.ears for part in read_statements(without_unclaimed(text)) for c in part
        if c.kind == kind
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Left: fine to 3k, then it falls right down to 75 dB at 6k and 80 dB at 8k.",
        "Left ear is normal in the speech range but plunges right off after 4 kHz: 75 at 6 kHz.",
        "L: good up to 4k, then dips right away to 75 @ 6k.",
    ],
)
def test_right_after_a_moving_verb_is_no_ear(text):
    assert ears_of(text) == {("left",)}


@pytest.mark.parametrize(
    "text",
    [
        "The left is normal; the right drops to 75 dB at 6 kHz.",
        "Thresholds fall on the right: 75 dB at 6 kHz.",
    ],
)
def test_right_as_the_ear_stays(text):
    assert ("right",) in ears_of(text)


@pytest.mark.parametrize(
    "reply",
    [
        "R: normal, 15 dB HL throughout.\nL: normal to 3k (15-25), then falls right down to "
        "75 @ 6k and 80 @ 8k.",
        "Right ear normal at 15 dB HL. The left is 15-30 dB HL to 4 kHz but drops right off "
        "beyond it, 75 dB HL at 6 kHz and 80 dB HL at 8 kHz.",
    ],
)
def test_a_note_with_the_adverb_flags_nothing(reply):
    assert check_reply(reply, LEFT_HIGH_DROP).critical_errors == []
