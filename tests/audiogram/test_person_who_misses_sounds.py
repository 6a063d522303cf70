"""A person who "misses the doorbell" or "missed words on the phone" has a symptom of the
loss (the everyday listening of hearing-handicap inventories, HHIE), not a verdict on the
report quoted before: the report's words stay the record's account of this test, judged
as relayed. A report that "misses" a finding is still rejected ("the letter misses the
conductive part"). Validation batch 154 UC08 (as tuning data; discourse.REJECTED)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# both ears a moderate sensorineural loss (bone follows air)
BONE = {500: 40, 1000: 45, 2000: 45, 4000: 45}
MODERATE_SN = build(45, 45, right_bone=BONE, left_bone=BONE, bone_masked=True)


@pytest.mark.parametrize(
    "text",
    [
        'Hearing: her audiology report says "bilateral conductive hearing loss"; she misses '
        "the doorbell.",
        'His audiology letter reads "conductive loss, both ears". He missed the smoke alarm '
        "test last week.",
        'The audiogram summary says "conductive hearing loss bilaterally" - they miss the '
        "phone ringing.",
    ],
)
def test_a_person_missing_sounds_does_not_reject_the_report(text):
    assert "conductive" in without_unclaimed(text)
    assert check_reply(text, MODERATE_SN).critical_errors == ["type_misclassification"]


@pytest.mark.parametrize(
    "text",
    [
        'Her audiology letter says "bilateral conductive hearing loss", which misses the point.',
        'His audiology report says "conductive loss, both ears" but it missed the bone results.',
    ],
)
def test_a_report_that_misses_is_still_rejected(text):
    assert "conductive" not in without_unclaimed(text)
