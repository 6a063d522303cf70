"""What a test or a guideline is designed or used to evaluate is what it looks for, not a
finding of the patient: "This audiogram is designed to evaluate the extent of bilateral
conductive and/or sensorineural hearing loss in each ear" claims no type and no laterality
(issue #26, validation batch 18 G36, a real small model's reply, as tuning data). A test done
for a reason keeps its result, and the patient's own findings after the purpose are read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build, cpu_cost

# right: moderately severe conductive; left normal
RIGHT_CONDUCTIVE = build(
    {250: 60, 500: 60, 1000: 55, 2000: 65, 4000: 65, 8000: 60}, 10,
    right_bone={500: 5, 1000: 10, 2000: 15, 4000: 10}, left_bone={500: 10, 1000: 10},
    bone_masked=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("This audiogram is a clinical guideline, specifically designed to evaluate the extent "
         "of bilateral conductive and/or sensorineural hearing loss in each ear.", []),
        ("Tympanometry is used to assess bilateral middle ear effusion.", []),
        # near misses: the patient's findings are still read, after a purpose or beside it
        ("The test is designed to measure hearing. The loss is bilateral and sensorineural.",
         ["laterality_confusion", "type_misclassification"]),
        ("A bilateral sensorineural loss was found; the audiogram was performed to assess it.",
         ["laterality_confusion", "type_misclassification"]),
        # the result after "and" + a finding verb is the test's finding (issue #26 review)
        ("Tympanometry was used to assess middle ear function and showed a type B tympanogram "
         "bilaterally.", ["fabricated_result"]),
        ("OAEs were used to evaluate cochlear function and showed a bilateral sensorineural "
         "loss.", ["laterality_confusion", "type_misclassification"]),
        # so is the result a finding verb gives with no "and" (a reduced relative), and after
        # any finding verb (review8: both were blanked, a silent "no error")
        ("The audiogram used to assess her hearing shows a bilateral sensorineural loss.",
         ["laterality_confusion", "type_misclassification"]),
        ("Audiometry was used to assess hearing and demonstrated a bilateral sensorineural "
         "loss.", ["laterality_confusion", "type_misclassification"]),
        # near miss: what the test looks for, with no finding verb, stays a purpose
        ("It is designed to evaluate whether a bilateral sensorineural loss is present.", []),
    ],
)  # fmt: skip
def test_purpose(reply, errors):
    assert check_reply(reply, RIGHT_CONDUCTIVE).critical_errors == errors


def test_only_the_purpose_is_blanked():
    text = "It is designed to evaluate a conductive loss, which is present on the right."
    kept = without_unclaimed(text)
    assert "conductive" not in kept and "which is present on the right." in kept
    assert len(kept) == len(text)


def test_purpose_reading_is_linear():
    def cost(n):
        text = "it is designed to evaluate bilateral conductive loss. " * n
        return len(text), cpu_cost(lambda: check_reply(text, RIGHT_CONDUCTIVE))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)


def test_a_result_after_the_purpose_is_read():
    reply = "OAEs were used to evaluate cochlear function and were absent in the right ear."
    assert check_reply(reply, RIGHT_CONDUCTIVE).claims_read == 2
