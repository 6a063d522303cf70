"""A bare number after the name of a numbered category ("Right exceeds Class 1 at 1 and 2
kHz", "CTCAE grade 2 at 4 kHz", "category 3 at 6k") is that category's number, not a level
in dB HL at the frequency after it (threshold_claims._CATEGORY_NUMBER). Batch 136 ZK34 as
tuning data (an aviation medical's class)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    "text",
    [
        "Right exceeds Class 1 at 1 and 2 kHz.",
        "Left reaches CTCAE grade 2 at 4 kHz.",
        "HSE category 3 at 6k on the left.",
        "Brock stage 1 at 8 kHz, right.",
    ],
)
def test_no_level_is_read(text):
    assert claim_fields(text, "value") == []


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Right 40 at 1 kHz.", (("right",), 40)),
        ("Class 1 medical; left 35 at 2 kHz.", (("left",), 35)),
    ],
)
def test_levels_are_still_read(text, level):
    assert level in claim_fields(text, "ears", "value")


def test_no_value_is_judged():
    audiogram = build({500: 30, 1000: 40, 2000: 50, 4000: 60}, 15)
    reply = (
        "Right 30/40/50/60 at 0.5/1/2/4 kHz; left 15 throughout. "
        "Right exceeds Class 1 at 1 and 2 kHz."
    )
    assert check_reply(reply, audiogram).critical_errors == []
