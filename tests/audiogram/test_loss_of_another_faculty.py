"""A bare "no loss of X" keeps X, not the hearing ("no loss of consciousness", "no loss of
vision"): only a loss of hearing is a claim about the ears (issue #26, validation batch
130)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost


def _normal(text: str) -> list[str]:
    return [
        c.value
        for cl in read_statements(text)
        for c in cl
        if c.kind in ("degree", "no_loss") and c.value == "normal"
    ]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Syncope screen: no loss of consciousness, no tongue biting.", False),
        ("Neuro: no loss of vision and no loss of power in the arms.", False),
        ("Fell from the ladder, no loss of balance afterwards.", False),
        ("Head injury with no loss of awareness.", False),
        # near misses: a loss of hearing, or no loss at all
        ("Right ear: no loss of hearing.", True),
        ("Audiogram: no hearing loss in either ear.", True),
        ("Both ears: no hearing loss of note.", True),
        ("Hearing tested: no loss of note.", True),
    ],
)  # fmt: skip
def test_loss_of_another_faculty(text, read):
    assert bool(_normal(text)) is read


def test_loss_of_consciousness_is_no_degree_error():
    """End to end: a moderate loss beside 'no loss of consciousness' is no severity error."""
    audiogram = build(40, 45)
    reply = "Neuro: no loss of consciousness. Audiogram: moderate loss in both ears."
    assert check_reply(reply, audiogram).critical_errors == []
    wrong = "Neuro: normal. Audiogram: no hearing loss in either ear."
    assert check_reply(wrong, audiogram).critical_errors == ["severity_misclassification"]


def test_reading_is_linear():
    def cost(n):
        text = "no loss of consciousness, no loss of vision, " * n + "hearing normal"
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
