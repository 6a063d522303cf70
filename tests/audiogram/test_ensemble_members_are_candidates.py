"""An ensemble's members weigh classes; its vote is the prediction. In a table whose last
column is the combined answer ("vote", "ensemble", "consensus", "majority", "combined",
"final"), the members' cells are candidates and are blanked (candidates._member_cells); a
class the vote or a reviewer overrides ("'mixed' is outvoted", "was overruled") is set
aside as a ruled-out diagnosis is (discourse.RULED_OUT). Batch 103 YD40 as tuning data;
phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.candidates import candidate_classes_blanked
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

TABLE = (
    "Stacked models\n"
    "              tree       svm        knn        consensus\n"
    "type right    CHL        mixed      CHL        conductive\n"
    "grade right   moderate   severe     moderate   moderate\n"
    "\n"
    "Left ear normal."
)


def test_the_members_cells_are_blanked():
    out = candidate_classes_blanked(TABLE)
    assert len(out) == len(TABLE)
    assert "mixed" not in out and "severe" not in out
    assert "conductive" in out and "Left ear normal." in out


@pytest.mark.parametrize(
    "text",
    [
        # ears as columns, no combined column
        "              right      left\ntype          CHL        SNHL\n",
        "  final\n  mild\n",  # no members
        "Final: mild loss in both ears.",
    ],
)
def test_other_tables_are_kept(text):
    assert candidate_classes_blanked(text) == text


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("The SVM's 'mixed' is outvoted by the other two.", "mixed"),
        ("A severe grade was overruled at review; moderate stands.", "severe"),
    ],
)
def test_a_class_outvoted_is_set_aside(text, gone):
    assert gone not in without_unclaimed(text)


def test_only_the_vote_is_judged():
    bone = {500: 10, 1000: 10, 2000: 15, 4000: 10}
    audiogram = build({500: 45, 1000: 45, 2000: 45, 4000: 45}, 10, right_bone=bone,
                      left_bone=bone, bone_masked=True)  # fmt: skip
    assert check_reply(TABLE, audiogram).critical_errors == []
