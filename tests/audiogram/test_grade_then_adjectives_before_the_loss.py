"""A grade word, a comma, and more adjectives before the loss they all describe ("a mild,
even loss", "moderate, sensorineural hearing loss") are one claim: coordinate adjectives set
apart by a comma qualify one noun, so the grade is the loss's (statements._ADJECTIVES_LOSS;
batch 172 UU22). A comma before an ear or a preposition still ends the clause. Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

SEVERE = build(70)


@pytest.mark.parametrize(
    "reply",
    [
        "Audiogram: a mild, even loss in both ears.",
        "A mild, sensorineural hearing loss in both ears.",
    ],
)
def test_the_grade_before_the_comma_is_the_losss(reply):
    assert check_reply(reply, SEVERE).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Audiogram: a severe, even loss in both ears.",
        "Tinnitus mild, with a severe flat loss in both ears.",
    ],
)
def test_counter_cases_stay_unflagged(reply):
    assert check_reply(reply, SEVERE).critical_errors == []
