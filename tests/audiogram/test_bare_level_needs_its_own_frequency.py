"""A level said without "dB" is a level only by the frequency after its "at" ("50 at 2k"):
when no frequency is read there ("sixty at 6 and 8", the kHz left unsaid in a spoken run),
the level is paired with no frequency said before it, which belongs to the level before
(issue #26, validation batch 80 think-aloud readings as tuning data; the wording here is
new, not the batch's)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, threshold_levels

# right 15 dB HL to 1 kHz, then 40, 50, 55, 70, 75 at 2, 3, 4, 6, 8 kHz; left the same
EARS = {250: 15, 500: 15, 1000: 15, 2000: 40, 3000: 50, 4000: 55, 6000: 70, 8000: 75}
CASE = build(EARS)


@pytest.mark.parametrize(
    "reply, read",
    [
        ("Right side: fifteen at 1000, seventy at 6 and 8.", [("right", 1000, 15)]),
        ("On the left it's 15 at 1k, 50 at 3 and 55 at 4, roughly.",
         [("left", 1000, 15)]),
        ("Left: 15 at 1k, 70 at 6 and 8 kHz.",
         [("left", 1000, 15), ("left", 6000, 70), ("left", 8000, 70)]),
    ],
)  # fmt: skip
def test_a_bare_level_takes_only_the_frequency_after_its_at(reply, read):
    assert threshold_levels(reply, CASE) == read


def test_no_fabricated_level_at_the_frequency_before():
    reply = "Right side: fifteen at 1000, seventy-five at 8 and 6."
    assert check_reply(reply, CASE).critical_errors == []
