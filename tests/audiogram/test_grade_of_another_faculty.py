"""A grade word that grades another faculty is no grade of the hearing: one followed by
that faculty ("severe visual impairment", "mild motor delay"), an impairment of something
other than hearing ("mild or no impairment of functional language", ICD-11's qualifier of
language), and a grade in a clause opened by another examination's field label that names
nothing of the hearing ("Cognition: 6-CIT 10 (mild impairment)") (issue #26, validation
batches 118 and 126)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _grades(text: str) -> list[str]:
    return [c.value for cl in read_statements(text) for c in cl if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("Eyes: optic atrophy, severe visual impairment registered.", []),
        ("Development: mild motor delay, walking at 20 months.", []),
        ("Autism with mild or no impairment of functional language.", []),
        ("Moderate impairment of memory on testing.", []),
        ("Cognition: MoCA 21 (mild impairment).", []),
        ("Memory: ACE-III 78 (moderate impairment).", []),
        # near misses: the hearing's grade
        ("Severe hearing impairment in both ears.", ["severe"]),
        ("Mild impairment of hearing on the left.", ["mild"]),
        ("Hearing: mild impairment.", ["mild"]),
        ("Memory: mild hearing impairment noted by the family.", ["mild"]),
        ("Profound loss; severe visual impairment too.", ["profound"]),
        # what is lost is the hearing's own: levels, sensitivity, frequencies (CI, main d4b88fd)
        ("A mild loss of 25-40 dB at 4-6 kHz on the left.", ["mild"]),
        ("Moderate loss of up to 55 dB in the right ear.", ["moderate"]),
        ("Severe loss of high-frequency sensitivity bilaterally.", ["severe"]),
        ("A mild loss of the high frequencies, both ears.", ["mild"]),
        ("Moderate loss of forty decibels on the right.", ["moderate"]),
    ],
)  # fmt: skip
def test_grade_of_another_faculty(text, grades):
    assert _grades(text) == grades


def test_visual_grade_is_no_severity_error():
    """End to end: a profound loss beside a severe visual impairment is no severity error."""
    audiogram = build(95, 95)
    reply = "Vision: severe visual impairment. Hearing: bilateral profound loss."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "Vision: normal. Hearing: bilateral severe loss."
    assert check_reply(wrong, audiogram).critical_errors == ["severity_misclassification"]


def test_reading_is_linear():
    def cost(n):
        text = "Cognition: MoCA 21 (mild impairment), severe visual impairment. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
