"""An average said normal is the average's degree, not a claim that no threshold is beyond
normal: a noise notch or a high-frequency dip can sit outside a normal four-frequency
average ("averages within normal limits", "the PTA is normal in each ear"), so the reply
claims no normal type (issue #26, batch 60: a surveillance note with a 6 kHz notch).
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

NOTCH = build(
    {250: 10, 500: 10, 1000: 10, 2000: 10, 3000: 20, 4000: 30, 6000: 45, 8000: 20},
    right_bone={500: 10, 1000: 10, 2000: 10, 4000: 30},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 30},
    bone_masked=True,
)  # a sensorineural notch at 6 kHz in both ears, averages normal


def kinds(text: str) -> set[tuple[str, str]]:
    return {(c.kind, str(c.value)) for part in read_statements(text) for c in part}


@pytest.mark.parametrize(
    "text",
    [
        "Bilateral sensorineural dip at 6 kHz with recovery at 8 kHz; the averages are within "
        "normal limits.",
        "Sensorineural 6 kHz notch in each ear; mean hearing level within normal limits.",
    ],
)
def test_an_average_said_normal_claims_no_loss_free_ear(text):
    found = kinds(text)
    assert ("degree", "normal") in found
    assert not any(kind == "no_loss" for kind, _ in found)


def test_hearing_said_within_normal_limits_still_claims_no_loss():
    assert any(kind == "no_loss" for kind, _ in kinds("Hearing is within normal limits."))


@pytest.mark.parametrize(
    "reply",
    [
        "Bilateral sensorineural dip at 6 kHz with recovery at 8 kHz; the averages are within "
        "normal limits.",
        "Sensorineural 6 kHz notch in each ear; mean hearing level within normal limits.",
    ],
)
def test_notch_with_a_normal_average_flags_nothing(reply):
    assert check_reply(reply, NOTCH).critical_errors == []
