"""One level in dB given straight after its ear's tag, with no conduction, frequency, region
or shape ("Left ear: 40 dB", "right ear, 10 dB"), is the ear's hearing level in air
conduction (the audiogram's default measure, BSA 2018): a summary of that ear's air
thresholds, judged as a whole-ear level is (true within the tolerance of the ear's range, the
other ear's range makes it a laterality confusion, neither a fabricated result). A distance,
a bound, a level with a frequency, or a level not right after its tag is not read so
(issue #26, real-model text of validation batch 124, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import EAR_TAGGED_LEVEL

from .conftest import build

CASE = build({250: 40, 500: 45, 1000: 50, 2000: 50, 4000: 55, 8000: 60}, 10)
"""A right loss of 40-60 dB HL beside a normal left ear (10 dB HL throughout)."""


def _tagged(text: str) -> list[tuple]:
    return [(f.ear, f.claimed, f.verdict, f.critical_error)
            for f in check_reply(text, CASE).findings
            if f.kind == "threshold_range"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Right ear: 45 dB", [("right", "45 dB HL (air, no frequency named)", "match", None)]),
        ("- Left ear 10 dB HL", [("left", "10 dB HL (air, no frequency named)", "match", None)]),
        ("Worse: right ear, 50 dB; better: left ear, 10 dB.",
         [("right", "50 dB HL (air, no frequency named)", "match", None),
          ("left", "10 dB HL (air, no frequency named)", "match", None)]),
        ("left ear: 50 dB",
         [("left", "50 dB HL (air, no frequency named)", "contradiction",
           "laterality_confusion")]),
        ("Right ear = 95 dB",
         [("right", "95 dB HL (air, no frequency named)", "contradiction",
           "fabricated_result")]),
        # near misses: a distance, a bound, a level with its frequency, one not after the tag
        ("Right ear: 20 dB worse than the left.", []),
        ("Left ear: 25 dB or more needed for a referral.", []),
        ("Right ear: 45 dB at 500 Hz", []),
        ("The right ear was tested with a 95 dB tone.", []),
    ],
)  # fmt: skip
def test_ear_tagged_levels(text, found):
    assert _tagged(text) == found


def test_rule_named_on_the_claim():
    from clinbench.audiogram.statements import read_statements

    rules = [c.rules for cl in read_statements("Left ear: 10 dB") for c in cl]
    assert any(EAR_TAGGED_LEVEL in r for r in rules)
