"""The one who did this test, quoted, gives its result as the document relays it (validation
README, "Label conventions settled across batches"): "the audiologist wrote '...'", "the
technician recorded '...'", "according to the audiologist, ...", or a printout, screen or
record entry of the test quoted ("the audiometry printout states '...'"), are the document's
claims unless it corrects them, as the tester's words reported without quotation marks
already were. An earlier or someone else's tester ("the previous audiologist", "your
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
    "Pre-op note. The technician recorded 'moderate hearing loss, both ears'. Consent in "
    "large print.",
    'Memory clinic. The audiologist wrote: "moderate loss in each ear". Aids to be worn.',
    "Memory clinic. According to the audiologist, a moderate loss in each ear. Aids in.",
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
