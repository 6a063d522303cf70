""" "Neither" denies what it is said of ("Neither ear is normal", "neither side has a conductive
part"): the ear called normal, or the type named, after it is no claim, as after "not" (English
grammar: 'neither' is a negative determiner; tribunal and adjustment letters, issue #26 batch
66, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

MODERATE_BOTH = build(45)  # moderate both ears (WHO 2021)

REPLIES = [
    "Right ear: moderate loss. Left: moderate too. Neither ear is normal; the right is worse.",
    "Moderate loss in each ear. Neither ear is normal, the left slightly worse.",
]


@pytest.mark.parametrize("reply", REPLIES)
def test_ear_denied_normal_by_neither_is_no_claim(reply):
    assert check_reply(reply, MODERATE_BOTH).critical_errors == []


def test_ear_called_normal_is_still_judged():
    reply = "Right ear: moderate loss, 45 dB HL. The left ear is normal."
    assert check_reply(reply, MODERATE_BOTH).critical_errors == ["severity_misclassification"]
