"""A sentence that opens with a span of frequencies ("At 2-4 kHz ...", "3 to 6 kHz: ...")
gives that span to its level ranges that name no frequency of their own, as a sentence
opening with one frequency gives its bare values theirs (validation batch 76: a claims
file's line per region, "<span>: <ear> drops to <range>"). A clause naming frequencies of
its own keeps them."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# left falls to 70-75 dB HL at 3-8 kHz, right stays at 20 throughout
LEFT_HIGH_DROP = build(20, {250: 20, 500: 20, 1000: 20, 2000: 25, 3000: 70, 4000: 70,
                            6000: 75, 8000: 75})  # fmt: skip


def _ranges(reply):
    findings = check_reply(reply, LEFT_HIGH_DROP).findings
    return [(f.kind, f.ear, f.claimed) for f in findings if f.kind == "threshold_range"]


@pytest.mark.parametrize(
    "reply",
    [
        "Across 3-8 kHz the left ear sits at 70-75 dB HL.",
        "* 3 to 8 kHz: left thresholds fall to 70-75 dB HL, the right holds at 20.",
    ],
)
def test_a_range_takes_the_opening_span(reply):
    assert _ranges(reply) == [("threshold_range", "left", "70-75 dB HL at 3000-8000 Hz")]
    assert check_reply(reply, LEFT_HIGH_DROP).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "Across 3-8 kHz the right ear sits at 70-75 dB HL.",
        "* 3 to 8 kHz: right thresholds fall to 70-75 dB HL, the left holds at 20.",
    ],
)
def test_the_span_range_put_on_the_wrong_ear_is_caught(reply):
    assert check_reply(reply, LEFT_HIGH_DROP).critical_errors == ["laterality_confusion"]


def test_a_clause_naming_its_own_frequencies_keeps_them():
    reply = "3-8 kHz 70-75 dB HL on the left; 250 Hz and 500 Hz only 15-25 dB HL."
    assert check_reply(reply, LEFT_HIGH_DROP).critical_errors == []
