"""An ear label that names its ear the worse or the better one ("Right ear – poorer:",
"Left - better (by 20 dB):") heads the line: the values after it are that ear's, not those
of an earlier line about both ears, and the label says which ear is worse (issue #26,
validation batch 78, used as tuning data). The texts here are our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build({250: 20, 500: 30, 1000: 40, 2000: 50, 4000: 60, 8000: 65}, 15)
"""A right sloping loss (4FA 45, moderate) beside a normal left ear (15 dB HL throughout)."""

RIGHT_ABOUT_THE_LABELLED_EAR = {
    "en_dash_poorer": (
        # (not "Both ears show some loss": the left is normal, and a loss said of both ears is
        # a claim about each since tune65, batch 160)
        "The two ears differ.\n"
        "Right ear \u2013 poorer: a moderate loss, rising from 30 dB HL at 500 Hz to 60 dB HL "
        "at 4 kHz.\nLeft ear: 15 dB HL throughout."
    ),
    "hyphen_worse_with_an_aside": (
        "Hearing was measured on both sides.\n"
        "* right - worse (by about 30 dB): thresholds climb, from 30 dB HL at 500 Hz to "
        "60 dB HL at 4 kHz\n* left: within normal limits"
    ),
}


def _threshold_ears(text: str) -> set[str]:
    return {f.ear for f in check_reply(text, CASE).findings if f.kind.value == "threshold"}


@pytest.mark.parametrize("name", sorted(RIGHT_ABOUT_THE_LABELLED_EAR))
def test_values_after_the_label_are_its_ear(name):
    text = RIGHT_ABOUT_THE_LABELLED_EAR[name]
    assert _threshold_ears(text) == {"right"}
    assert check_reply(text, CASE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    ["Both ears were tested.\nLeft ear \u2014 worse: see the chart for the levels.",
     "Left - poorer: details on the chart."],
)  # fmt: skip
def test_the_label_names_the_worse_ear(text):
    found = check_reply(text, CASE).findings
    assert [(f.kind.value, f.claimed) for f in found] == [("worse_ear", "left")]
    assert check_reply(text, CASE).critical_errors == ["laterality_confusion"]
