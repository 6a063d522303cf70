"""The patient's notes, records, screens or chart ("the hearing report in his notes reads '...'",
"his college screen recorded '...'") are records kept of the patient by those who saw or tested
them, so a result they hold is relayed as the record's own statement, as "her audiology letter"
is; "his letter" or "her own notes" may be the patient's own account and stay theirs (issue
#26, validation batch 148 used as tuning data).
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

MODERATE_BOTH = build({250: 20, 500: 25, 1000: 40, 2000: 45, 4000: 60, 8000: 65})


@pytest.mark.parametrize(
    "text",
    [
        "Knee review. The hearing report in his notes reads 'severe bilateral loss'.",
        "Fracture clinic. Hearing: his college screen recorded 'profound loss, both ears'.",
        "Her medical record reads 'profound hearing loss in both ears'.",
    ],
)
def test_a_result_in_the_patients_records_is_judged(text):
    assert check_reply(text, MODERATE_BOTH).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("He brought his letter, which says 'profound loss both ears'.", ["profound"]),
        ("In her own notes she wrote 'severe loss both ears'.", ["severe"]),
    ],
)
def test_the_patients_own_account_stays_theirs(text, gone):
    assert_blanked(text, gone, [])
