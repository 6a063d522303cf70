""" "Normal" straight after a tympanogram ("tymp normal", "tympanograms normal") is the
tympanogram's result, not a grade of the ear's hearing (issue #26, validation batch 67: a
relative's message gives the ear's grade, then its tympanogram in the same line)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import build


def _degrees(text: str) -> list[tuple]:
    return [(c.ears, c.value) for c in read_claims(text) if c.kind == "degree"]


@pytest.mark.parametrize(
    ("text", "degrees"),
    [
        ("L mild, nerve type; tymp normal", [(("left",), "mild")]),
        ("L ear mild; tympanograms normal", [(("left",), "mild")]),
        ("R: moderate - tymps: normal", [(("right",), "moderate")]),
        # the hearing itself called normal is still a grade
        ("L: normal", [(("left",), "normal")]),
        ("R normal hearing, tymp B", [(("right",), "normal")]),
    ],
)
def test_normal_after_a_tympanogram_is_no_grade(text, degrees):
    assert _degrees(text) == degrees


LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("L moderate, nerve type; tymp normal", []),
        ("L ear moderate; tympanograms normal", []),
        ("L ear severe; tympanograms normal", ["severity_misclassification"]),
    ],
)
def test_only_the_hearing_grade_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
