"""The ward's "good ear" and "bad ear" are the better and the worse ear: "his good ear is
the right" names the right as the better one (lexicon.WORSE_NAMED), so where the right has
the loss it gives the ears' status the wrong way round (batch 172 UU29). "Good" with no
"ear" or "side" after it names no ear. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_LOSS = build(60, 10)


def _worse(text: str) -> list[tuple]:
    return [c.ears for cl in read_statements(text) for c in cl if c.kind == "worse_ear"]


@pytest.mark.parametrize(
    ("text", "worse"),
    [
        ("Her good ear is the left.", [("right",)]),
        ("The bad side is the right.", [("right",)]),
        ("His good ear is the right, so speak into it.", [("left",)]),
        # near misses
        ("The good news is the right ear is unchanged.", []),
        ("Speak into his good ear.", []),
    ],
)
def test_reading(text, worse):
    assert _worse(text) == worse


def test_good_ear_named_wrongly_is_a_laterality_error():
    told = "Right 60 dB flat, left normal at 10. Carers told: his good ear is the right."
    assert check_reply(told, RIGHT_LOSS).critical_errors == ["laterality_confusion"]
    right = "Right 60 dB flat, left normal at 10. Carers told: his good ear is the left."
    assert check_reply(right, RIGHT_LOSS).critical_errors == []
