""" "Right" or "left" before "hand(ed)" names a hand ("shoots right-handed", "a left-handed
violinist"); "RT" written as a treatment ("before RT", "post-RT", "chemoRT", "RT 66 Gy") is
radiotherapy. Neither is an ear, nor carried to the values of a later line
(lexicon.A_HAND, RADIOTHERAPY_BEFORE, RADIOTHERAPY_AFTER). Batch 132 ZG25 as tuning data."""

from __future__ import annotations

import pytest

from clinbench.audiogram import lexicon
from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields


@pytest.mark.parametrize(
    "text",
    [
        "he shoots right-handed",
        "a left handed guitarist",
        "writes with the right hand",
        "dental clearance before RT",
        "swallow review post-RT",
        "after chemo-RT",
        "adjuvant RT planned",
        "RT 66 Gy in 33 fractions",
    ],
)
def test_no_ear_is_named(text):
    assert lexicon.ears_in(text) == set()


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        ("right-sided tinnitus", "right"),
        ("RT 40 dB at 2 kHz", "right"),
        ("Rt: mild loss", "right"),
        ("left ear worse", "left"),
    ],
)
def test_ears_are_still_named(text, ear):
    assert lexicon.ears_in(text) == {ear}


def test_values_after_them_are_of_no_ear():
    text = "Keen shot, right-handed. Mouth care before RT.\nAudiogram: 30 at 8 kHz."
    assert claim_fields(text, "ears", "value") == [((), 30)]


def test_the_values_are_not_judged_as_the_right_ears():
    audiogram = build({4000: 20, 8000: 15}, {4000: 60, 8000: 30})
    reply = "Gamekeeper, shoots right-handed. Dental review before RT.\nLeft worse: 30 at 8 kHz."
    assert check_reply(reply, audiogram).critical_errors == []
