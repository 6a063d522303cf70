"""A grade that an arrow, a colon, an equals sign or a dash gives an average's value
("4FA 40 => profound", "PTA4 41.25: mild") grades the ear whose average it is, the PTA-based
degree of WHO 2021, as "PTA 40, moderate" does; an arrow after the value opens no range of
values, so the average is read too. Validation batch 108 (as tuning data; degree_claims rule
"grade of an average", claims.PTA)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import READING_STEPS, check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears flat at 40 dB HL: moderate (WHO 2021)
MODERATE_BOTH = build(40, 40)


def _claims(text: str, kind: str) -> list:
    for step in READING_STEPS:
        text = step(text)
    return [c for claims in read_statements(text) for c in claims if c.kind == kind]


WRONG = [
    "Four-frequency average 40 => profound.",
    "Computed 4FA 40 \u2014 SEVERE; flat configuration.",
    "Left ear: PTA4 41.25 = mild",
]


@pytest.mark.parametrize("text", WRONG)
def test_the_grade_after_an_average_is_read(text):
    assert [c.rules[-1] for c in _claims(text, "degree")] == ["grade of an average"]


@pytest.mark.parametrize("text", WRONG)
def test_a_wrong_grade_of_an_average_is_caught(text):
    assert check_reply(text, MODERATE_BOTH).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "text",
    [
        "Four-frequency average 40 => moderate.",
        "Computed 4FA 40 \u2014 MODERATE; flat configuration.",
        "Left ear: PTA4 41.25 = moderate",
    ],
)
def test_a_right_grade_of_an_average_is_no_error(text):
    assert check_reply(text, MODERATE_BOTH).critical_errors == []


def test_the_average_before_an_arrow_is_read():
    assert [c.value for c in _claims("4FA 40 -> moderate", "pta")] == [40.0]
