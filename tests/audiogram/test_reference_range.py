"""A reference range ("The fund's reference range for normal hearing is up to 20 dB HL") and a
funder's requirement ("The plan requires ... bone conduction no worse than 65 dB HL at 0.5-2
kHz") are general statements, not claims about this patient's hearing (issue #26, validation
batch 52 WE35, WE26: funding letters, as tuning data; discourse GENERAL_STATEMENT). A claim
about the patient's ear beside them, and a management plan, are still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

FLAT_MOD_SEVERE = build(55, right_bone=50, left_bone=50)


@pytest.mark.parametrize(
    "text",
    [
        "The fund's reference range for normal hearing is up to 20 dB HL; her losses are well "
        "beyond it.",
        "The reference range for normal hearing is up to 20 dB HL.",
        "Normal range for adults: 0-20 dB HL.",
        "The plan requires a mixed or conductive loss with bone conduction no worse than 65 dB "
        "HL at 0.5-2 kHz.",
        "The scheme funds aids for losses of 40 dB HL or more.",
    ],
)
def test_reference_range_is_no_claim(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "The reference range for normal hearing is up to 20 dB HL; her right ear is normal.",
        "Her hearing is normal in both ears.",
        "The plan is to fit aids for her normal hearing.",
    ],
)
def test_claim_beside_it_is_read(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == ["severity_misclassification"]


def test_blanking():
    assert_blanked(
        "The fund's reference range for normal hearing is up to 20 dB HL; both ears are mild.",
        gone=["normal hearing"],
        kept=["both ears are mild"],
    )
