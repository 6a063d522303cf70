"""A level given for a whole ear with no frequency is judged against every threshold of that
ear and conduction; a no-response value is a lower bound (the threshold lies at or above the
audiometer's limit there), so a level at or above it is consistent with that frequency
(validation README, rules for model text: "A no-response value is a lower bound"; issue #26,
real-model batch 149's one false alarm after its first score). An ear with no measured
threshold of that conduction stays unjudged, as before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.check import check_reply


def _case(right_bone: dict) -> Audiogram:
    air = {"250": 60, "500": 65, "1000": 75, "2000": 90, "4000": 100, "8000": 100}
    return Audiogram.model_validate(
        {
            "right": {"air": air, "bone": right_bone},
            "left": {"air": dict.fromkeys(air, 10), "bone": {"500": 5, "1000": 10}},
        }
    )


BOUNDED = _case(
    {
        "500": {"value": 60, "masked": True},
        "1000": {"value": 70, "masked": True, "no_response": True},
        "2000": {"value": 70, "masked": True, "no_response": True},
        "4000": {"value": 65, "masked": True, "no_response": True},
    }
)
"""A right bone row measured at 500 Hz only (60), beyond the audiometer at 1-4 kHz."""


def _bone_verdicts(text: str, case: Audiogram) -> list[str]:
    return [f.verdict for f in check_reply(text, case).findings
            if f.kind == "threshold_range" and "bone" in f.claimed]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Right ear, bone conduction: 80 dB.",
        "The right bone conduction sits around 75 dB HL.",
        "Right ear bone conduction (90 dB).",
        "Right bone conduction 60 dB HL.",  # the measured value itself
    ],
)
def test_a_level_at_or_above_a_no_response_bound_is_consistent(text):
    assert _bone_verdicts(text, BOUNDED) == ["match"]


@pytest.mark.parametrize(
    "text",
    [
        "Right ear, bone conduction: 20 dB.",  # below the 60 and every bound
        "The right bone conduction sits around 35 dB HL.",
    ],
)
def test_a_level_below_every_value_and_bound_is_still_wrong(text):
    assert _bone_verdicts(text, BOUNDED) == ["contradiction"]


def test_without_bounds_the_measured_values_alone_decide():
    measured = _case({"500": {"value": 60, "masked": True}, "1000": {"value": 65, "masked": True}})
    assert _bone_verdicts("Right ear, bone conduction: 90 dB.", measured) == ["contradiction"]
