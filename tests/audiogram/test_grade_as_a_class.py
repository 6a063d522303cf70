"""A grade word naming the class the hearing falls in, with no loss word ("in the severe
category", "within the moderate range", "the mild band") grades the hearing of the ear it is
said of, as "a severe loss" does (validation batch 73: a consultation's captions). Said of a
symptom, of a frequency region or of one level, the class is that thing's, not the ear's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

FLAT_60 = build(60)  # both ears moderately severe (WHO 2021: 50 to < 65)


def degrees(reply: str) -> list[tuple]:
    return sorted(
        (f.ear, f.claimed) for f in check_reply(reply, FLAT_60).findings if f.kind == "degree"
    )


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("Looking at the averages, both ears sit in the moderately severe bracket.",
         [("both", "moderately severe")]),
        ("The left ear lands in the mild category.", [("left", "mild")]),
        ("Overall I would place each ear within the profound band.", [("both", "profound")]),
        ("Right ear: moderate to severe group.", [("right", "moderate to severe")]),
    ],
)  # fmt: skip
def test_a_grade_class_is_read_as_the_ears_grade(reply, read):
    assert degrees(reply) == read


@pytest.mark.parametrize(
    "reply",
    [
        "Her tinnitus handicap questionnaire puts her in the severe category.",
        "From 4 kHz up, the right ear is in the profound range.",
        "At the high pitches both sides are in the severe category.",
        "One value, 30 dB, is only just inside the mild range.",
    ],
)
def test_a_class_of_something_else_is_no_grade_of_the_ear(reply):
    assert degrees(reply) == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear lands in the mild category.", ["severity_misclassification"]),
        ("Overall I would place each ear within the profound band.",
         ["severity_misclassification"]),
        ("Both ears sit in the moderately severe bracket.", []),
    ],
)  # fmt: skip
def test_a_wrong_grade_class_is_a_severity_error(reply, errors):
    assert check_reply(reply, FLAT_60).critical_errors == errors
