"""A no response written after its frequency ("500 Hz: no response", "a result of 250 Hz
(bone conduction) with no response", "4 kHz - NR") is a no response at that frequency, as one
written before it is ("no response at 4 kHz"; BSA 2018 records a no response at the limit
with its own symbol, forms write NR after the frequency). Judged as any no response: in a
conduction not tested there it is fabricated. A frequency with a level between it and the NR,
or an NR that names its own frequency after it, is not read so (issue #26, real-model text of
validation batch 124, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CASE = build(
    {250: 40, 500: 60, 1000: 80, 2000: 110, 4000: 110},
    10,
    right_bone={500: 40, 1000: 50},
    left_bone={500: 5, 1000: 5},
    bone_masked=True,
)
"""A right loss reaching the audiometer's limit at 2-4 kHz (no response not recorded as such
here: 110 dB HL), bone tested at 500 and 1000 Hz only."""


def _nrs(text: str) -> list[tuple]:
    return [(f.ear, f.frequency, f.kind, f.critical_error)
            for f in check_reply(text, CASE).findings
            if f.claimed == "no response"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Right ear, bone conduction at 250 Hz: no response.",
         [("right", 250, "bone_threshold", "fabricated_result")]),
        ("The result was 8000 Hz (bone conduction) with no response.",
         [(None, 8000, "bone_threshold", "fabricated_result")]),
        ("Right ear: 4 kHz - NR", [("right", 4000, "threshold", None)]),
        # near misses: a level between the frequency and the NR; an NR naming its own
        # frequency; no frequency before it
        ("Right ear: 2 kHz 110 dB, NR at 4 kHz", [("right", 4000, "threshold", None)]),
        ("Right ear: 500 Hz, then no response at 4 kHz", [("right", 4000, "threshold", None)]),
        ("The right ear gave no response.", []),
        ("Right bone 40 at 500 Hz with no response at the 70 dB limit above.", []),
        ("Right ear, 1 kHz: no response at 90 dB.", []),
    ],
)  # fmt: skip
def test_no_response_after_frequency(text, found):
    assert _nrs(text) == found
