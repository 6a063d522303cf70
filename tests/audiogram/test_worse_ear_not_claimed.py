"""An ear called the worse one under a frame that does not claim it ("which would, if
anything, predict a worse left ear", "would, in theory, give a worse right ear", "typically
produces a worse left ear", "not worse on the right") is no worse-ear claim: the frame is
read in the whole sentence, since the commas around "if anything" split it from the clause
(claims._worse_ear_claims, lexicon.negated). Near misses: a worse ear stated, and one beside
a frame that follows it or does not make it hypothetical, are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _worse(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "worse_ear"]


NOT_CLAIMED = [
    "The drill was held on his left, which would, if anything, predict a worse left ear.",
    "Working beside the press would, in theory, give a worse left ear.",
    "Shooting typically produces a worse left ear in a right-handed shooter.",
    "The loss is not worse on the left.",
]


@pytest.mark.parametrize("text", NOT_CLAIMED)
def test_a_worse_ear_under_a_frame_is_not_claimed(text):
    assert _worse(text) == []


CLAIMED = [
    ("The left ear is worse.", ["left"]),
    ("Tinnitus is on the left, which fits a worse left ear.", ["left"]),
    ("Worse on the left, which would fit the history.", ["left"]),
]


@pytest.mark.parametrize(("text", "worse"), CLAIMED)
def test_a_worse_ear_stated_is_read(text, worse):
    assert _worse(text) == worse


def test_end_to_end():
    """The right ear is the worse one: the hypothetical left is no laterality error, the
    stated one is."""
    bone = {500: 40, 1000: 40, 2000: 40, 4000: 40}
    audiogram = build(40, 10, right_bone=bone, left_bone=dict.fromkeys(bone, 10), bone_masked=True)
    head = "Right ear moderate sensorineural loss, left normal. "
    frame = "The machine stood on her left, which would, if anything, predict a worse left ear."
    assert check_reply(head + frame, audiogram).critical_errors == []
    stated = "The left ear is worse."
    assert check_reply(head + stated, audiogram).critical_errors == ["laterality_confusion"]
