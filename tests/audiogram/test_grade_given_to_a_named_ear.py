"""The writer's own grade given to a named ear ("I'd call the left ear severe", "I would class
her right as moderate", "we'd rate the left mild") grades that ear's hearing, as "I'd call it
severe" grades the ear being discussed (degree_claims "grade given"; WHO 2021 grades each
ear; issue #26 batch 192 TI47, a portal letter's WHO-scale call of the wrong grade). Wording
of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

# both ears mild (right 4FA 27.5, left 32.5)
MILD_BOTH = build(
    {250: 15, 500: 20, 1000: 20, 2000: 30, 4000: 40, 8000: 45},
    {250: 20, 500: 25, 1000: 25, 2000: 35, 4000: 45, 8000: 50},
)
BODY = "Sloping loss in both ears, averages 27.5 dB right and 32.5 dB left. "


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("I'd call the left ear severe.", [(("left",), "severe")]),
        ("I would class her right as moderate.", [(("right",), "moderate")]),
        ("We'd rate the left mild.", [(("left",), "mild")]),
        ("I'd call it severe.", [((), "severe")]),
    ],
)  # fmt: skip
def test_the_grade_given_is_the_named_ears(text, grades):
    assert _grades(text)[: len(grades)] == grades


@pytest.mark.parametrize(
    "line",
    [
        "On the WHO scale I'd call the left ear severe and the right mild.",
        "- WHO grade: I would class the right ear as moderately severe",
    ],
)
def test_a_wrong_grade_given_is_a_severity_error(line):
    assert check_reply(BODY + line, MILD_BOTH).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "line",
    [
        "On the WHO scale I'd call the left ear mild and the right mild.",
        "- WHO grade: I would class the right ear as mild",
    ],
)
def test_the_right_grade_given_stays_unflagged(line):
    assert check_reply(BODY + line, MILD_BOTH).critical_errors == []
