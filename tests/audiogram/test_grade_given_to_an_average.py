"""A grade that an arrow, a colon, an equals sign or a dash gives an average's value
("4FA 40 => profound", "PTA4 41.25: mild"), or that follows it in brackets ("4FA 40 (sev)"),
grades the ear whose average it is, the PTA-based degree of WHO 2021, as "PTA 40, moderate"
does; an arrow after the value opens no range of values, so the average is read too.
Validation batches 108 and 156 (as tuning data; degree_claims rule "grade of an average",
claims.PTA)."""

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
    "Sore throat settling. R 4FA 40 (sev).",
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
        "Sore throat settling. Hearing: R 4FA 40 (mod), L 4FA 40 (moderate).",
        "R 4FA 40 (mod), L 4FA 40 (mod).",
    ],
)
def test_a_right_grade_of_an_average_is_no_error(text):
    assert check_reply(text, MODERATE_BOTH).critical_errors == []


def test_the_average_before_an_arrow_is_read():
    assert [c.value for c in _claims("4FA 40 -> moderate", "pta")] == [40.0]


def test_each_ears_bracketed_grade_is_its_own():
    # right mild (25), left moderate (45): each bracket grades the average before it
    case = build(25, 45)
    reply = "Wound check fine. Audiogram: L 4FA 45 (mod), R 4FA 25 (mild); 6k not done."
    assert check_reply(reply, case).critical_errors == []
    swapped = "Wound check fine. Audiogram: L 4FA 45 (mild), R 4FA 25 (mod); 6k not done."
    assert check_reply(swapped, case).critical_errors != []
