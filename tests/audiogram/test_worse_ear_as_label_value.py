"""A label naming the worse (poorer, better) ear with the ear as its value ("Worse ear:
RIGHT", "Poorer side ....... left", "Better ear = right") says which ear is worse, as "the
poorer ear is the right" does, and the lines after it go on about that ear. Validation
batch 96 XW30 (as tuning data; lexicon WORSE_NAMED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# right flat at 45 dB HL (moderate), left 10 (normal)
RIGHT_WORSE = build(45, 10)

SWAPPED = [
    "Poorer side ......... left\nDegree ......... moderate",
    "Worse-hearing side = LEFT\nGrade: moderate, sensorineural",
]


@pytest.mark.parametrize("text", SWAPPED)
def test_the_labelled_ear_is_the_worse_one(text):
    claims = [c for s in read_statements(text) for c in s]
    worse = [c for c in claims if c.kind == "worse_ear"]
    degree = [c for c in claims if c.kind == "degree"]
    assert [c.ears for c in worse] == [("left",)]
    assert [c.ears for c in degree] == [("left",)]


@pytest.mark.parametrize("text", SWAPPED)
def test_a_swapped_worse_ear_label_is_caught(text):
    assert "laterality_confusion" in check_reply(text, RIGHT_WORSE).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Poorer side ......... right\nDegree ......... moderate",
        "Worse-hearing side = RIGHT\nGrade: moderate, sensorineural",
    ],
)
def test_the_right_worse_ear_label_is_no_error(text):
    assert check_reply(text, RIGHT_WORSE).critical_errors == []


def test_a_better_ear_label_names_the_other_as_worse():
    text = "Better ear = right. Asymmetric."
    worse = [c for s in read_statements(text) for c in s if c.kind == "worse_ear"]
    assert [c.value for c in worse] == ["left"]
