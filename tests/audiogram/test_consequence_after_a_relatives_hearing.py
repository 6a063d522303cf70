"""A relative's hearing is theirs ("her brother is deaf"), but a consequence the writer draws
for the patient after it (", so she had a test - ...", ", therefore he was tested: ...") is
the patient's own result and is read. Without such a turn the relative's clause runs to its
end as before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

MILD = build(25)  # both ears flat 25 dB HL: mild
PROFOUND = build(90)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "Two relatives are deaf, so she had a test - a profound loss in both ears.",
            "so she had a test - a profound loss in both ears.",
        ),
        (
            "His father wears aids, therefore he was tested: profound loss both sides.",
            "therefore he was tested: profound loss both sides.",
        ),
        (
            "Her mother has a hearing loss, and so we tested her: profound in both ears.",
            "and so we tested her: profound in both ears.",
        ),
    ],
)
def test_the_consequence_for_the_patient_is_read(text, kept):
    out = without_unclaimed(text)
    assert out.endswith(kept)
    assert out != text  # the relative's own words are still blanked


def test_the_patients_result_after_the_turn_is_judged():
    reply = "Two relatives are deaf, so she had a test - a profound loss in both ears."
    assert check_reply(reply, MILD).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, PROFOUND).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Her brother has a profound loss in both ears, which began at 40.",
        "His sister has a profound loss so bad she signs.",
        "Her father had a profound loss in both ears.",
    ],
)
def test_a_relatives_clause_without_the_turn_stays_theirs(text):
    assert "profound" not in without_unclaimed(text)
