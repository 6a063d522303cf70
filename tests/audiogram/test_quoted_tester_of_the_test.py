"""A printout, screen or record entry of the test quoted ("the audiometry printout states
'...'") is the document's claim unless it corrects it (validation README, "Label conventions
settled across batches"). An earlier or someone else's tester ("the previous audiologist", "your
audiologist", "Mum's audiologist"), a learner whose reading is under review ("the student
audiologist") and words the writer corrects stay someone else's. Reported words end where a
quotation in single marks opens, so a verdict after the quotation is read as one."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

PROFOUND = build(90)
MODERATE = build(40)

KEPT = [
    "Day unit. The audiometry printout states 'moderate hearing loss in both ears'. Loop on.",
]


@pytest.mark.parametrize("reply", KEPT)
def test_the_testers_quoted_result_is_judged(reply):
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, MODERATE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Day unit. The previous audiologist wrote 'moderate hearing loss in both ears'.",
        "Day unit. Mum's audiologist said 'moderate hearing loss in both ears'.",
        "Teaching file. The student audiologist wrote 'moderate hearing loss in both ears'.",
        "Day unit. The audiologist wrote 'moderate hearing loss in both ears', not quite.",
        "Day unit. The audiologist wrote 'moderate hearing loss in both ears'; I disagree.",
    ],
)
def test_other_testers_and_corrected_words_are_set_aside(text):
    assert without_unclaimed(text) != text
    assert "severity_misclassification" not in check_reply(text, PROFOUND).critical_errors
