"""A grade word of bone conduction ("a slight bone dip at 2 kHz", "mild bone-conduction
elevation at 4 kHz") grades the cochlea's part, not the ear: WHO 2021 grades an ear by its
air-conduction average, so it is no degree claim of the ear (issue #26, batch 92, used as
tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build
from .conftest import degree_values as degrees


@pytest.mark.parametrize(
    "text",
    [
        "The mild bone dip at 4 kHz is a noise notch.",
        "Left: a slight BC drop at 1 kHz makes a shallow notch.",
        "Both ears show a mild bone-conduction elevation at 2 kHz (Carhart notch).",
    ],
)
def test_a_bone_grade_is_no_degree_of_the_ear(text):
    assert degrees(text) == []


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Left: a mild loss at 4 kHz, bone 25.", ["mild"]),
        ("Left ear: moderate conductive loss, bone normal.", ["moderate"]),
    ],
)
def test_a_grade_of_the_loss_beside_bone_is_still_read(text, read):
    assert degrees(text) == read


# both ears: conductive, air 35-45, masked bone 5-10 with 20 at 2 kHz (4FA 40, moderate)
BOTH_CONDUCTIVE = build(
    {500: 45, 1000: 40, 2000: 35, 4000: 40},
    {500: 45, 1000: 40, 2000: 35, 4000: 40},
    right_bone={500: 5, 1000: 10, 2000: 20, 4000: 10},
    left_bone={500: 5, 1000: 10, 2000: 20, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Moderate conductive loss in both ears; the slight bone dip at 2 kHz is a Carhart "
         "notch.", []),
        # near miss: the ears themselves graded slight
        ("Slight conductive loss in both ears.", ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, BOTH_CONDUCTIVE).critical_errors == errors
