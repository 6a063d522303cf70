"""The measure of a conduction as the subject of its copula ("the bone conduction measurement
was reported as 45 dB", "air conduction results are 30 dB HL") names the conduction of the
value said of it, however long the subject (threshold_claims._CONDUCTION_SUBJECT), and a
result "reported" or "documented" as a value is the test's own (lexicon.THRESHOLD_LABEL_WORDS):
one level for an ear, so read, is that ear's whole-ear level of that conduction (issue #26
batch 117, a small local model's letters). A measure of something else, a value placed at a
frequency, and a report by someone else are not read so. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.threshold_claims import WHOLE_EAR_LEVEL, threshold_claims

from .conftest import build

# air 40 dB HL, bone 35 dB HL (masked) in both ears
FLAT_SENSORINEURAL = build(
    40, right_bone={500: 35, 1000: 35, 2000: 35, 4000: 35},
    left_bone={500: 35, 1000: 35, 2000: 35, 4000: 35}, bone_masked=True,
)  # fmt: skip


def _whole_ear_levels(low: str, ear: str) -> list[tuple]:
    return [
        (c.conduction, c.value) for c in threshold_claims(low, ear, False)
        if WHOLE_EAR_LEVEL in c.rules
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("clause", "level"),
    [
        ("bone conduction measurement was reported as 45 db.", ("bone", 45)),
        ("the air conduction results are 30 db hl", ("air", 30)),
        ("her bone conduction threshold was found to be about 10 db hl", ("bone", 10)),
        ("air conduction readings were documented as 55 db hl", ("air", 55)),
    ],
)
def test_the_conduction_of_the_subject_is_the_values(clause, level):
    assert _whole_ear_levels(clause, "left") == [level]


@pytest.mark.parametrize(
    "clause",
    [
        "bone conduction results were reported at 2 khz as 45 db",
        "the bone conduction levels are 10 db better than air",
        "the gp reported 45 db hl",
        "speech results were reported as 45 db hl",
    ],
)
def test_a_placed_relative_or_other_measure_is_not_its_level(clause):
    assert _whole_ear_levels(clause, "left") == []


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("The left ear, bone conduction measurement was reported as 35 dB.", []),
        ("The left ear, bone conduction measurement was reported as 80 dB.",
         ["fabricated_result"]),
        ("Right ear: the air conduction results are 40 dB HL.", []),
        ("Right ear: the air conduction results are 5 dB HL.", ["fabricated_result"]),
    ],
)  # fmt: skip
def test_it_is_judged_as_the_ears_level(reply, errors):
    assert check_reply(reply, FLAT_SENSORINEURAL).critical_errors == errors
