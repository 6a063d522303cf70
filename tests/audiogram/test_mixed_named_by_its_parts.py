"""Both parts of a mixed loss named together before the loss ("a conductive and sensorineural
hearing loss"), with no "mixed", name one loss with both components: a mixed loss, read as
"mixed" (ASHA; ICD-10 H90.6-H90.8), not as a conductive and a sensorineural type each said of
the whole loss. Where words near the pair give its parts to two ears ("respectively", "in
opposite ears", both sides named), each part stays its ear's type."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import normalise

from .conftest import build

# right: air 60-80, masked bone 35-50 (mixed); left normal
RIGHT_MIXED = build(
    {250: 60, 500: 65, 1000: 65, 2000: 70, 3000: 70, 4000: 75, 6000: 80, 8000: 80},
    10,
    right_bone={500: 35, 1000: 40, 2000: 45, 4000: 50},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "The right ear shows a conductive and sensorineural hearing loss.",
        "Right: sensorineural & conductive loss, severe.",
        "He was told he has conductive and sensorineural hearing losses on the right.",
    ],
)
def test_the_pair_before_a_loss_is_read_as_mixed(text):
    assert "mixed" in normalise(text).lower()
    assert check_reply(text, RIGHT_MIXED).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right and left: conductive and sensorineural hearing loss respectively.",
        "Conductive and sensorineural hearing loss in opposite ears is rare.",
        "Each ear may have a conductive and sensorineural hearing loss.",
        "Conductive and sensorineural components were both considered.",  # not before a loss
    ],
)
def test_pairs_given_to_two_ears_or_to_no_loss_stay(text):
    assert "mixed" not in normalise(text).lower()


def test_a_wrong_mixed_is_still_judged():
    normal_right = build(10)
    reply = "The right ear has a conductive and sensorineural hearing loss."
    assert check_reply(reply, normal_right).critical_errors == ["type_misclassification"]
