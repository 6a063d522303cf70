"""A report's heading that gives only its year in brackets ("Full audiology report (2025):",
"Audiogram (2024):") dates the report being summarised: what follows is its finding, not
another occasion's. A heading that calls the report earlier ("Old audiogram (2016):",
"Previous report (2019):") and a year the writer dates a past test by ("In 2018 her left ear
measured ...") still mark an earlier test. Batch 112 YM50 as tuning data
(discourse.REPORT_DATED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# a sloping sensorineural loss, bone close to air
SNHL = build(
    {250: 35, 500: 40, 1000: 40, 2000: 45, 4000: 50, 8000: 55},
    right_bone={500: 35, 1000: 40, 2000: 40, 4000: 50},
    left_bone={500: 35, 1000: 40, 2000: 40, 4000: 50},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Full audiology report (2025): bilateral moderate conductive hearing loss.",
        "Audiogram (2024): moderate conductive loss in both ears.",
        "Hearing assessment (2023) : bilateral moderate conductive loss.",
    ],
)
def test_the_reports_own_heading_is_read(text):
    assert without_unclaimed(text) == text
    assert check_reply(text, SNHL).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    "text",
    [
        "Old audiogram (2016): bilateral moderate conductive loss.",
        "Previous report (2019): moderate conductive loss in both ears.",
        "In 2018 her audiogram showed a moderate conductive loss in both ears.",
    ],
)
def test_an_earlier_test_dated_so_is_still_set_aside(text):
    assert "conductive" not in without_unclaimed(text)
    assert check_reply(text, SNHL).critical_errors == []
