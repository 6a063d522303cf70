"""A protocol, policy or guideline quoted under its name ("Protocol: asymmetric sensorineural
loss of 15 dB or more ... -> MRI", "Local policy: scan only an unexplained asymmetric
sensorineural loss") is the yardstick the writer applies, like a quoted rule or criterion, not
the patient's finding (issue #26, validation batch 44: imaging requests; discourse
RULE_QUOTED). A protocol line that names an ear reports a result and is read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# right conductive loss (air 45, masked bone 5), left normal
RIGHT_CONDUCTIVE = build(
    {500: 45, 1000: 45, 2000: 40, 4000: 40},
    {500: 10, 1000: 10, 2000: 10, 4000: 10},
    right_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Right conductive loss, left normal.\nLocal policy: image only a sensorineural "
        "asymmetry of 20 dB or more at any two frequencies.",
        "Right conductive loss; left normal.\nPer the unit guideline: unexplained unilateral "
        "sensorineural loss warrants MRI. Not applicable.",
        "R CHL, L normal.\nProtocol (asymmetry): sensorineural difference >= 15 dB at 2 adjacent "
        "frequencies. Not met.",
    ],
)
def test_quoted_protocol_is_no_claim(text):
    assert check_reply(text, RIGHT_CONDUCTIVE).critical_errors == []


def test_protocol_line_naming_an_ear_is_read():
    text = "Protocol: right ear sensorineural, left normal."
    assert check_reply(text, RIGHT_CONDUCTIVE).critical_errors == ["type_misclassification"]


def test_reading():
    text = "Left normal. Guideline: a sensorineural asymmetry means MRI. Right conductive."
    out = without_unclaimed(text)
    assert "sensorineural" not in out and "Right conductive" in out and len(out) == len(text)
