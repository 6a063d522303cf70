"""Two ears compared, then their two levels in a bracket joined by "against", "versus" or
"vs" ("At 3 kHz the left ear is 15 dB worse than the right (50 against 35 dB HL)"): the
levels are the two ears' in the order the comparison names them (issue #26, validation
batch 69, tribunal decisions, as tuning data: WV16, WV40). Before, the second level took the
ear the text had last spoken of. The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right flat 15 dB HL (normal); left average 40 (moderate): 25-35 to 1 kHz, 55 at 4 kHz
CASE = build(15, {250: 25, 500: 30, 1000: 35, 2000: 40, 3000: 50, 4000: 55, 6000: 60, 8000: 60})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear carries a moderate loss. At 2 kHz the left ear is 25 dB poorer than the "
         "right (40 versus 15 dB HL).", []),
        ("Left: moderate sensorineural loss. At 4 kHz the left is 40 dB worse than the right "
         "(e.g. 55 vs 15 dB).", []),
        ("Her right ear is normal. Above 1 kHz the right ear hears better than the left (for "
         "example 15 against 55 dB HL at 4 kHz).", []),
        # the bracket's levels swapped: each is true of the other ear
        ("The left ear carries a moderate loss. At 2 kHz the left ear is 25 dB poorer than the "
         "right (15 versus 40 dB HL).", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_bracket_levels_follow_the_compared_ears(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
