"""A finding given an undetermined verdict ("Symmetry check: indeterminate", "the type cannot
be determined") is claimed neither way (issue #26, batch 96: a rule engine's output with a
criterion it could not evaluate). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.pathways import without_undetermined

from .conftest import build

SYMMETRIC = build(
    {250: 20, 500: 25, 1000: 30, 2000: 40, 3000: 45, 4000: 50, 6000: 55, 8000: 60},
    right_bone={500: 20, 1000: 25, 2000: 35, 4000: 45},
    left_bone={500: 20, 1000: 25, 2000: 35, 4000: 45},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Both ears moderate sloping sensorineural loss. Asymmetry between the ears: indeterminate "
        "(1 kHz missing).",
        "Both ears moderate sloping sensorineural loss; whether the loss is asymmetric cannot be "
        "determined without 3 kHz.",
    ],
)
def test_an_undetermined_finding_is_no_claim(text):
    assert "laterality_confusion" not in check_reply(text, SYMMETRIC).critical_errors


def test_a_stated_asymmetry_is_still_judged():
    text = "Both ears moderate sloping sensorineural loss; the loss is asymmetric."
    assert "laterality_confusion" in check_reply(text, SYMMETRIC).critical_errors


def test_only_the_clause_is_blanked():
    text = "Right mild loss, asymmetry undetermined."
    out = without_undetermined(text)
    assert len(out) == len(text) and out.startswith("Right mild loss,")
    assert "asymmetry" not in out
