"""An average named over its frequencies, then each value followed by its ear ("The averages
over 0.5, 1, 2 and 4 kHz are 13.75 dB HL on the right and 15 dB HL on the left"): the
frequencies are the set averaged, not the frequency of a threshold, and each value is that
ear's average (issue #26, validation batches 69 and 70, tribunal decisions and health
journalism, as tuning data: WV42, WW12). The wording here is new, not the batches'."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build

# right flat 20 dB HL (average 20); left 50/60/65/75 at 0.5/1/2/4 kHz (average 62.5)
CASE = build(20, {250: 45, 500: 50, 1000: 60, 2000: 65, 3000: 70, 4000: 75, 6000: 75, 8000: 80})

REPLIES = [
    "Her means of 0.5, 1, 2 and 4 kHz were 20 dB on the right and 62.5 dB on the left.",
    "The averages at 500, 1000, 2000 and 4000 Hz: 62.5 dB HL on the left, 20 dB HL on the right.",
    "The means across 0.5, 1, 2 and 4 kHz were 20 dB HL in the right ear and 62.5 dB HL in "
    "the left ear.",
    "His average across 0.5, 1, 2 and 4 kHz is 20 dB HL for the right ear and 62.5 dB HL for "
    "the left ear.",
]


def test_no_threshold_is_read_at_the_last_averaged_frequency():
    assert not [c for c in read_claims(REPLIES[1]) if c.kind == "threshold"]


@pytest.mark.parametrize("reply", REPLIES)
def test_each_ear_keeps_its_average(reply):
    assert check_reply(reply, CASE).critical_errors == []
    swapped = reply.replace("right", "LEFT").replace("left", "right").replace("LEFT", "left")
    assert check_reply(swapped, CASE).critical_errors == ["laterality_confusion"]
