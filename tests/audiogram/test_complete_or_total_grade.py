"""WHO 2021 names its worst band (95 dB HL or worse) "complete or total" (World report on
hearing 2021): that name, "complete/total", or "complete"/"total" given as a grade's value
("WHO grade: total") is a degree, as "total hearing loss" already was; a "total" or
"complete" of anything else (a count, a finished test) grades nothing (issue #26,
validation batch 82 as tuning data; the wording here is new, not the batch's)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

MODERATE = build(45)  # both ears flat at 45 dB HL: moderate (WHO 2021)
COMPLETE = build(110)  # both ears flat at 110 dB HL: complete or total (WHO 2021)


def _degrees(text: str) -> list[tuple]:
    return [
        (c.ears, c.value) for claims in read_statements(text) for c in claims if c.kind == "degree"
    ]


@pytest.mark.parametrize(
    "text, ears",
    [
        ("Per WHO the left ear's hearing loss is complete or total.", ("left",)),
        ("Hearing grade (WHO 2021): complete/total, right ear.", ("right",)),
        ("Both sides: severity = total.", ("right", "left")),
        ("Right ear - degree: complete.", ("right",)),
    ],
)
def test_the_who_name_of_the_worst_band_is_a_degree(text, ears):
    assert _degrees(text) == [(ears, "complete")]


@pytest.mark.parametrize(
    "text",
    [
        "A total of eleven frequencies was tested in the left ear.",
        "Masking was complete for the right ear before bone testing.",
        "The session was complete; total test time in both ears was 25 minutes.",
    ],
)
def test_a_total_or_complete_of_something_else_grades_nothing(text):
    assert _degrees(text) == []


@pytest.mark.parametrize(
    "reply",
    [
        "Summary: the loss sits in the WHO band complete or total, both ears.",
        "Hearing category - complete/total (bilateral), sensorineural.",
    ],
)
def test_a_complete_grade_of_a_moderate_loss_is_a_severity_error(reply):
    assert check_reply(reply, MODERATE).critical_errors == ["severity_misclassification"]
    assert "severity_misclassification" not in check_reply(reply, COMPLETE).critical_errors
