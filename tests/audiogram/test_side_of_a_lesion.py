"""The side of a suspected retrocochlear lesion is a claim of which ear is worse: MRI of the
internal auditory meatus is asked for on the side of the worse ear of an asymmetric
sensorineural loss, so "MRI ... to exclude a left sided lesion given the asymmetry" says the
left is worse (issue #26, validation batch 15 D12, dictated reports, as tuning data). Ruling
the lesion out is the scan's point: 'exclude' does not deny the side."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _worse(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "worse_ear"]


READING = [
    ("Plan MRI of the internal auditory meatus to exclude a left sided lesion given the "
     "asymmetry.", ["left"]),
    ("MRI IAMs to rule out a right vestibular schwannoma.", ["right"]),
    ("MRI to exclude a left-sided acoustic neuroma.", ["left"]),
    ("MRI to exclude a schwannoma on the right.", ["right"]),
    # near misses: no side named; a side said of something else
    ("MRI of the internal auditory meati to exclude a vestibular schwannoma.", []),
    ("A left-sided tinnitus was reported.", []),
    ("Bilateral vestibular schwannomas are rare outside NF2.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "worse"), READING, ids=[r[0] for r in READING])
def test_reading(text, worse):
    assert _worse(text) == worse


RIGHT_WORSE = build({250: 55, 500: 50, 1000: 40, 2000: 25, 4000: 20, 8000: 50}, 10,
                    right_bone={500: 45, 1000: 35, 2000: 20, 4000: 15},
                    left_bone={500: 10, 1000: 10}, bone_masked=True)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right low-frequency SNHL, left normal. MRI IAM to exclude a right sided lesion.", []),
        ("Right low-frequency SNHL, left normal. MRI IAM to exclude a left sided lesion.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_WORSE).critical_errors == errors


def test_side_of_a_lesion_reading_is_linear():
    def cost(n):
        text = "mri to exclude a left sided lesion, and a right vestibular schwannoma; " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(200)
    big_size, big = cost(800)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)


# The side given to an asymmetric loss is its worse ear, as the side of a lesion is
# (lexicon.ASYMMETRY_SIDE; batch 184 TC04's kind, a referral reason naming the asymmetric
# loss by the wrong side after correct first mentions). Wording of our own.
ASYMMETRY_READING = [
    ("Scan requested for her asymmetric right-sided sensorineural loss.", ["right"]),
    ("Impression: left asymmetric SNHL, for MRI.", ["left"]),
    ("- Asymmetry on the left (4FA 20 dB poorer)", ["left"]),
    ("| Finding | asymmetrical hearing loss (right) |", ["right"]),
    ("Left-sided asymmetric SNHL noted again in the summary.", ["left"]),
    ("An asymmetric loss affecting the right ear.", ["right"]),
    # near misses: denied, a condition, both sides, no side
    ("No left-sided asymmetry.", []),
    ("If there were a right-sided asymmetry we would scan.", []),
    ("Right and left asymmetric at 4 kHz only.", []),
    ("Asymmetry of the right and left ears is under 10 dB.", []),
    ("An asymmetric loss, for MRI.", []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "worse"), ASYMMETRY_READING, ids=[r[0] for r in ASYMMETRY_READING]
)
def test_side_of_an_asymmetry(text, worse):
    assert _worse(text) == worse


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right low-frequency SNHL, left normal. Letter: MRI for the asymmetric right-sided "
         "loss.", []),
        ("Right low-frequency SNHL, left normal. Letter: MRI for the asymmetric left-sided "
         "loss.", ["laterality_confusion"]),
        ("Right low-frequency SNHL, left normal.\nSummary: left asymmetric SNHL.",
         ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_side_of_an_asymmetry_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_WORSE).critical_errors == errors
