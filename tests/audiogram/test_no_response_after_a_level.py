"""A no response marked in brackets right after a level ("4 kHz: 70 dB HL (no response)",
"6 kHz 85 (NR)") is the level presented without a response, so the threshold
lies beyond it: a lower bound, true of a no response at any limit and of a threshold at or
above it, false of a threshold better than it (BSA 2018: a no response is recorded at the
highest level presented; issue #26, batch 152, the real local model's rows, as tuning data;
the phrasings here are new). A no response in a clause of its own ("60 dB, no response at 8
kHz") leaves the level a level."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import lower_bound, no_response_after

from .conftest import build

PROFOUND = build(
    {250: 90, 500: 95, 1000: 100, 2000: 105, 4000: 110, 8000: 110},
    right_bone={500: 70, 1000: 70},
    left_bone={500: 70, 1000: 70},
)
# the 4 kHz and 8 kHz air values are no responses at 110 dB HL (the limit presented)
for ear in ("right", "left"):
    air = PROFOUND.ear(ear).air
    for f in (4000, 8000):
        air[f] = air[f].model_copy(update={"no_response": True})


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("70 db hl (no response)", 8),
        ("90 db ( nr );", 5),
        ("85 (nr)", 2),
        ("85 db hl ( no response )", 8),
    ],
)
def test_a_no_response_right_after_a_level_is_marked(text, end):
    assert no_response_after(text, end)


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("60 db, no response at 8 khz", 5),
        ("60 db hl and no response above", 8),
        ("60 db hl", 8),
        ("60 db hl (no response at 8 khz)", 8),
    ],
)
def test_a_level_without_its_own_no_response_is_not_marked(text, end):
    assert not no_response_after(text, end)


def test_the_lower_bound_is_written_as_its_value():
    assert lower_bound(65) == "no response at 65"


@pytest.mark.parametrize(
    "reply",
    [
        "Right ear, air: 4000 Hz: 70 dB HL (no response); 8000 Hz: 75 dB HL (no response)",
        "Left 4 kHz 60 dB (no response).",
        "Right: 8000 Hz: 110 dB HL (NR)",
    ],
)
def test_a_lower_bound_under_a_no_response_is_true(reply):
    assert check_reply(reply, PROFOUND).critical_errors == []


def test_a_lower_bound_above_a_measured_threshold_is_false():
    reply = "Right ear: 250 Hz: 120 dB HL (no response)"
    assert check_reply(reply, PROFOUND).critical_errors == ["fabricated_result"]


def test_a_plain_level_under_a_no_response_is_still_false():
    assert check_reply("Right ear: 4000 Hz: 60 dB HL", PROFOUND).critical_errors == [
        "fabricated_result"
    ]
