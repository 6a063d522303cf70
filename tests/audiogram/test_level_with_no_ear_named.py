"""A level or range given with its conduction named and no frequency, in a sentence that
names no ear ("Bone conduction: 45 dB HL", "air conduction 30-40 dB HL"), is a summary of one
ear's thresholds of that conduction or the other's (threshold_claims.EITHER_EAR): true when it
fits either ear within the dB tolerance, wrong (fabricated) when it fits neither, and the
finding says no ear was named. A distance from another level ("air sits 5 dB above it"), a
level at a frequency, and a value the reader's frames set aside (another person's, an
earlier test's, a target, a condition) are not read so (issue #26 batch 117's convention for
values with no ear named). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import EITHER_EAR, WHOLE_EAR_LEVEL, threshold_claims

from .conftest import build

# right: 25 dB HL air over 40 dB HL bone (masked); left: 25 air over 10 bone
EARS_APART = build(
    25,
    right_bone={500: 40, 1000: 40, 2000: 40, 4000: 40},
    left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
    bone_masked=True,
)


def _either(low: str) -> list[tuple]:
    return [
        (c.conduction, c.value, c.value_high) for c in threshold_claims(low, None, False)
        if EITHER_EAR in c.rules
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("bone conduction: 45 db hl", ("bone", 45, 45)),
        ("air conduction 30-40 db hl", ("air", 30, 40)),
        ("bone was 15 db hl", ("bone", 15, 15)),
        ("air 20 to 35 db hl", ("air", 20, 35)),
    ],
)
def test_a_level_with_no_ear_is_read_as_either_ears(clause, level):
    assert _either(clause) == [level]


@pytest.mark.parametrize(
    "clause",
    [
        "air sits 5 db above it",
        "bone conduction 45 db hl at 2 khz",
        "bone conduction 45 db hl in the high frequencies",
        "a 30 db hl loss",
    ],
)
def test_a_distance_a_placed_level_or_no_conduction_is_not(clause):
    assert _either(clause) == []


def test_a_named_ear_keeps_its_own_rule():
    (claim,) = [c for c in threshold_claims("bone conduction: 45 db hl", "left", False)
                if c.kind == "threshold_range"]  # fmt: skip
    assert WHOLE_EAR_LEVEL in claim.rules and EITHER_EAR not in claim.rules
    assert claim.ears == ("left",)


def _either_findings(reply: str) -> list:
    return [f for f in check_reply(reply, EARS_APART).findings if "either ear" in f.note]


@pytest.mark.parametrize(
    ("reply", "verdict", "errors"),
    [
        ("Bone conduction: 40 dB HL.", "unverifiable", []),  # true of the right only
        ("Bone conduction was 5-15 dB HL.", "unverifiable", []),  # true of the left only
        ("Air conduction 20-25 dB HL.", "match", []),
        ("Bone conduction: 75 dB HL.", "contradiction", ["fabricated_result"]),
        ("Bone was 90 dB HL.", "contradiction", ["fabricated_result"]),
    ],
)
def test_it_is_judged_against_either_ear(reply, verdict, errors):
    (finding,) = _either_findings(reply)
    assert finding.ear is None and finding.verdict == verdict
    assert "no ear named" in finding.note
    assert check_reply(reply, EARS_APART).critical_errors == errors


@pytest.mark.parametrize(
    "reply",
    [
        "Her mother's bone conduction was 75 dB HL.",
        "At the last test in 2019, bone conduction was 75 dB HL.",
        "Typically, bone conduction of 75 dB HL means a severe cochlear loss.",
        "If bone conduction were 75 dB HL, the loss would be sensorineural.",
        "The hearing aid target for air conduction: 75 dB.",
        "Air conduction was presented at 75 dB HL for the speech test.",
    ],
)
def test_the_readers_frames_still_set_it_aside(reply):
    assert _either_findings(reply) == []
    assert "fabricated_result" not in check_reply(reply, EARS_APART).critical_errors
