"""A concussion screen's symptom severity score after its symptom count ("SCAT6 sx 9 / sev
21", "sx 2 / sev 3") is a score, no grade of the hearing (the Sport Concussion Assessment
Tool 6 reports the number of symptoms and their severity score; issue #26, validation
batch 122)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build, cpu_cost


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value) for c in read_claims(text) if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("Day 1: SCAT6 sx 12 / sev 30; balance 6 errors.", []),
        ("Review: sx 3, sev 4; tandem gait time 14 s.", []),
        ("Symptom count 7 / sev 15.", []),
        # near misses: a grade of an ear, or a level after it
        ("R sev, L mod.", [(("right",), "severe"), (("left",), "moderate")]),
        ("Right sev 70, left mod 50.", [(("right",), "severe"), (("left",), "moderate")]),
        ("Symptoms 5; R sev 70 dB.", [(("right",), "severe")]),
    ],
)  # fmt: skip
def test_symptom_severity_score(text, grades):
    assert _grades(text) == grades


def test_severity_score_is_no_severity_error():
    """End to end: a SCAT severity score beside normal hearing is no severity error."""
    audiogram = build(10, 15)
    reply = "HIA2: SCAT6 sx 9 / sev 21. Audiogram: normal in both ears."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "HIA2: SCAT6 sx 9. Audiogram: R sev, L sev."
    assert check_reply(wrong, audiogram).critical_errors == ["severity_misclassification"]


def test_reading_is_linear():
    def cost(n):
        text = "SCAT6 sx 9 / sev 21; sx 2 / sev 3; " * n + "hearing normal"
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(450)
    big_size, big = cost(1800)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
