"""A side word before a device named with its kind ("a unilateral cochlear implant", "one-sided
bone-anchored hearing aid") is said of the device or its fitting, not of the loss, as before
a bare device noun ("unilateral aid") (validation batch 76: an insurer's pre-authorisation of
one implant for a bilateral loss). A side word before the loss itself is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

BOTH_SEVERE = build(70, 72)  # both ears severe (WHO 2021: 65-79): a bilateral loss


@pytest.mark.parametrize(
    "reply",
    [
        "Bilateral severe loss. Funding agreed for a unilateral cochlear implant, left side.",
        "Both ears severe; she opts for a single-sided bone-anchored hearing aid for now.",
        "Both ears severe. Candidate for a one-sided middle ear implant.",
    ],
)
def test_the_side_of_a_device_is_no_laterality_claim(reply):
    assert check_reply(reply, BOTH_SEVERE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "A unilateral severe loss, the left ear; cochlear implant agreed.",
        "Single-sided severe hearing loss on the left.",
    ],
)
def test_a_side_word_of_the_loss_is_still_read(reply):
    assert check_reply(reply, BOTH_SEVERE).critical_errors == ["laterality_confusion"]
