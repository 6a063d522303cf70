"""A grade word standing alone after a loss, with the averages that grade it in a bracket
("mixed loss both ears, moderate overall (4FA 88.75 dB right, 86.25 dB left)"), describes
the loss its sentence named, as a clause of descriptors alone does (degree_claims
"descriptors alone"; batch 163 UL26). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

PROFOUND = build(90)


def test_the_grade_before_its_averages_is_read():
    reply = "Sensorineural loss both ears, moderate overall (4FA 90 dB right, 90 dB left)."
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]


def test_the_right_grade_stays_unflagged():
    reply = "Sensorineural loss both ears, profound overall (4FA 90 dB right, 90 dB left)."
    assert check_reply(reply, PROFOUND).critical_errors == []


# So does a grade said to be by the average ("moderate on the average", "mild by the 4FA",
# "severe from the PTA"), with or without the bracket (batch 175 UX45). Wording of our own.
SEVERE_LEFT = build(10, 70)

BY_THE_AVERAGE = [
    "Summary: left sensorineural loss, {} on the average (4FA 70 dB).",
    "- left ear: flat loss, {} by the 4FA",
    "| Left | sensorineural loss - {} on average |",
    "Left loss, {} from the PTA; right normal.",
]


@pytest.mark.parametrize("template", BY_THE_AVERAGE)
def test_a_grade_by_the_average_is_read(template):
    reply = template.format("moderate")
    assert check_reply(reply, SEVERE_LEFT).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize("template", BY_THE_AVERAGE)
def test_the_right_grade_by_the_average_stays_unflagged(template):
    assert check_reply(template.format("severe"), SEVERE_LEFT).critical_errors == []
