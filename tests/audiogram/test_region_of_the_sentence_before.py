"""A region stated in the sentence before does not scope a 'normal' phrase of the next one: a
sentence that opens with a digit ("4FA 17.5 R (within normal range)") is not split from the one
before, yet "left worse at 3-6 kHz." ends there (issue #26, validation batch 90 used as tuning
data). A region stated in the phrase's own sentence still scopes it.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

NOTCH = build(
    {250: 10, 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 6000: 25, 8000: 15},
    {250: 10, 500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 6000: 55, 8000: 30},
)


@pytest.mark.parametrize(
    "text",
    [
        "Left worse at 3-6 kHz. 4FA 17.5 R (within normal range).",
        "The left dips at 3 to 6 kHz. 17.5 on the right, within normal limits.",
    ],
)
def test_a_region_of_the_sentence_before_scopes_nothing(text):
    regions = [f for (f,) in claim_fields(text, "frequencies", kinds=("degree",))]
    assert (3000, 6000) not in regions, regions
    assert check_reply(text, NOTCH).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right ear: at 250 to 2000 Hz the hearing is within normal limits.",
        "Left: up to 2 kHz the hearing is normal.",
    ],
)
def test_a_region_of_the_same_sentence_still_scopes(text):
    regions = [f for (f,) in claim_fields(text, "frequencies", kinds=("degree",))]
    assert regions and all(f and max(f) <= 2000 for f in regions), regions
