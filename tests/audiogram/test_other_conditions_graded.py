"""A grade word of another condition in a speech-language pathology report ("mild cognitive
impairment", "moderate aphasia") and the grade of a speech-in-noise test's SNR loss
("QuickSIN: SNR loss 9 dB (moderate)": decibels of signal-to-noise ratio, not a hearing
loss) do not grade the hearing (issue #26, validation batch 54 WG08, WG12: as tuning data;
degree_claims "not a loss" and "speech-in-noise loss"). A hearing loss named beside them is
still graded."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

FLAT_MOD_SEVERE = build(55, right_bone=50, left_bone=50)

OTHER_CONDITIONS = [
    "74M, mild cognitive impairment, wife reports word-finding difficulty.",
    "Moderate aphasia after a left MCA stroke.",
    "Mild dysarthria.",
    "After the fall he was left with a severe neurocognitive impairment.",
    "Moderate neurological impairment since the stroke.",
    "Speech perception in noise (QuickSIN): SNR loss 9 dB (moderate).",
    "BKB-SIN signal-to-noise ratio loss 6 dB, mild.",
]

HEARING_BESIDE_THEM = [
    "Mild hearing impairment.",
    "Moderate loss; SNR loss 9 dB.",
    "Mild cognitive impairment; mild sensorineural hearing loss in both ears.",
    "Severe neurocognitive impairment, and a mild hearing impairment as well.",
]


@pytest.mark.parametrize("text", OTHER_CONDITIONS)
def test_other_condition_grade_is_not_the_hearing(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == []


@pytest.mark.parametrize("text", HEARING_BESIDE_THEM)
def test_hearing_grade_beside_them(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == ["severity_misclassification"]
