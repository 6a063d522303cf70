"""A finding queried with "?" and answered at once "no", by the writer or by another speaker
after their label ("Conductive? No - the bone line sits on the air line.", "Pharmacist: any
mixed element? Audiologist: no."), is refused: no claim (a yes-no question asserts nothing and
"no" denies it; coder queries answered by the clinician, issue #26 batch 64, used as tuning
data). A query left open or answered "yes", and "no change" (the answer to another
question), leave the hedged finding as it was."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

# 45 dB HL by air and masked bone on both sides: a moderate sensorineural loss
SENSORINEURAL = build(
    45, right_bone={500: 45, 1000: 45, 2000: 45, 4000: 45},
    left_bone={500: 45, 1000: 45, 2000: 45, 4000: 45}, bone_masked=True,
)  # fmt: skip

REFUSED = [
    "Conductive? No - the bone line sits on the air line. Moderate SNHL both ears.",
    "Billing note: any mixed element? Audiologist: no, gaps 5 dB.\nBilateral moderate SNHL.",
    "Query to clinician: is it conductive on the left?\nReply: no.\nBoth moderate SNHL.",
]

KEPT = [
    "Mixed? Bone was not masked, so unsure.",
    "Conductive? Yes, a clear gap.",
]


@pytest.mark.parametrize("reply", REFUSED)
def test_query_answered_no_is_no_claim(reply):
    assert check_reply(reply, SENSORINEURAL).critical_errors == []


@pytest.mark.parametrize("reply", KEPT)
def test_query_not_refused_stays(reply):
    assert check_reply(reply, SENSORINEURAL).critical_errors == ["type_misclassification"]


def test_no_change_answers_another_question():
    reply = "Conductive? No change since 2023."
    assert without_unclaimed(reply).startswith("Conductive?")
