"""A clause that ends with "that time" or "last time" speaks of another, earlier occasion
(as "at that time" does): "yep, same numbers flipped, left worse that time" answers about
last week's case, not this audiogram (issue #26, validation batch 71, clinicians' case
threads, as tuning data: WX34). A clause naming today beside it is read. The wording here
is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# right ear worse: right 45 dB HL flat (moderate), left 20 dB HL flat (mild)
CASE = build(45, 20)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right worse here, moderate, left mild.\n> was it the other side before?\nYes, the "
         "left was the poorer ear that time.", []),
        ("Right 45, left 20 across the board; she says the left was worse last time.", []),
        # near miss: today's finding, no other time named
        ("Right 45, left 20 across the board; the left is the worse ear.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_that_time_names_another_occasion(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
