"""A grade word standing alone after a loss, with the averages that grade it in a bracket
("mixed loss both ears, moderate overall (4FA 88.75 dB right, 86.25 dB left)"), describes
the loss its sentence named, as a clause of descriptors alone does (degree_claims
"descriptors alone"; batch 163 UL26). Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

PROFOUND = build(90)


def test_the_grade_before_its_averages_is_read():
    reply = "Sensorineural loss both ears, moderate overall (4FA 90 dB right, 90 dB left)."
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]


def test_the_right_grade_stays_unflagged():
    reply = "Sensorineural loss both ears, profound overall (4FA 90 dB right, 90 dB left)."
    assert check_reply(reply, PROFOUND).critical_errors == []
