"""A grade said by side in a sentence about nerve conduction studies or EMG ("nerve
conduction studies moderate on the right and mild on the left") grades that test (carpal
tunnel syndrome's neurophysiological grades, Bland 2000), not an ear's hearing, as a
symptom's grade does ("Tinnitus, mild bilaterally"; degree_claims rule "symptom graded").
Validation batch 148 ZW05 (as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims

from .conftest import build

# both ears a moderate loss (45 dB HL flat)
MODERATE = build(45, 45)


@pytest.mark.parametrize(
    "text",
    [
        "Carpal tunnel both sides; nerve conduction studies mild on the left.",
        "NCS: severe on the right, mild on the left. Hearing: moderate loss in both ears.",
        "EMG moderate on the left side; audiogram moderate both ears.",
    ],
)
def test_a_nerve_tests_grade_is_no_ears_grade(text):
    assert check_reply(text, MODERATE).critical_errors == []


def test_reading_the_clause_gives_no_grade_of_an_ear():
    sentence = "nerve conduction studies moderate on the right and mild on the left"
    assert degree_claims("mild on the left", "left", False, sentence) == []


@pytest.mark.parametrize(
    "text",
    [
        # the hearing's own grade, in a sentence of its own, is still judged
        "NCS normal. Hearing: mild on the left.",
        "Nerve conduction normal; mild hearing loss in the left ear.",
    ],
)
def test_the_hearings_grade_is_still_judged(text):
    assert check_reply(text, MODERATE).critical_errors == ["severity_misclassification"]
