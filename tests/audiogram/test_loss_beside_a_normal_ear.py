"""A loss that names no ear, set beside an ear called normal ("a mild one-sided loss with a
normal left ear", "moderate unilateral loss, the right ear being normal"), is the loss of the
other ear: its grade and its laterality are that ear's, not the normal ear's. Batch 114 YO01
as tuning data (statements._beside_a_normal_ear, lexicon.EAR_CALLED_NORMAL_ONLY)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build


def _read(text: str) -> list[tuple]:
    return [
        (c.kind, c.ears, c.value)
        for part in read_statements(text)
        for c in part
        if c.kind in ("degree", "laterality", "type")
    ]


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        ("A mild one-sided loss with a normal left ear.", "right"),
        ("Mild unilateral hearing loss with a perfectly normal right ear.", "left"),
        ("A moderate unilateral loss, the left ear being normal.", "right"),
        ("Severe single-sided loss with normal hearing on the right side.", "left"),
        ("A moderate one-sided loss with a normal right ear would explain the TV volume.", "left"),
    ],
)
def test_the_grade_is_the_other_ears(text, ear):
    read = _read(text)
    grades = [c for c in read if c[0] == "degree" and c[2] != "normal"]
    assert grades and all(c[1] == (ear,) for c in grades), read
    assert all(c[1] == (ear,) for c in read if c[0] == "laterality"), read


@pytest.mark.parametrize(
    "text",
    [
        # the ear named has the loss: an otherwise normal ear is still the lossy one
        "A mild high-frequency loss with an otherwise normal left ear.",
        # not the ear's hearing: its canal
        "A mild one-sided loss with a normal left ear canal.",
        "A mild one-sided loss with a normal left ear drum would not be expected.",
    ],
)
def test_near_misses_keep_the_ear_named(text):
    read = _read(text)
    assert [c for c in read if c[0] == "degree"] and all(
        c[1] in (("left",), ()) for c in read if c[0] == "degree"
    ), read


def test_a_loss_naming_its_own_ear_keeps_it():
    read = _read("A mild right-sided loss with a normal left ear.")
    assert ("degree", ("right",), "mild") in read


def test_judged_no_laterality_confusion():
    right_loss = build({250: 40, 500: 35, 1000: 30, 2000: 25, 4000: 20, 8000: 20}, 10)
    result = check_reply("A mild one-sided loss with a normal left ear.", right_loss)
    assert result.critical_errors == []
    assert {(f.kind, f.ear, f.verdict) for f in result.findings} >= {
        ("degree", "right", "match"),
        ("laterality", "right", "match"),
    }
