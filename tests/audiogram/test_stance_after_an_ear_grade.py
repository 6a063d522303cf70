"""An ear named and then its grade alone, closed by the writer's stance ("Left side severe, in
my view.", "Right ear mild to my eye"), grades that ear as "Right ear profound." does: the
stance adds nothing to describe (chart descriptions, issue #26 batch 65, used as tuning
data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

FLAT_40 = build(40)  # moderate both ears (WHO 2021)


def _grades(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cs in read_statements(text) for c in cs if c.kind == "degree"]


READ = [
    ("Left side severe, in my view.", [(("left",), "severe")]),
    ("Right ear mild to my eye", [(("right",), "mild")]),
    ("Both ears moderate in our opinion.", [(("right", "left"), "moderate")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "grades"), READ, ids=[r[0] for r in READ])
def test_grade_before_a_stance_is_the_ears(text, grades):
    assert _grades(text) == grades


def test_wrong_grade_said_with_a_stance_is_a_severity_error():
    reply = "Crosses and circles overlap. Left ear profound on my reading."
    assert check_reply(reply, FLAT_40).critical_errors == ["severity_misclassification"]
