"""A comma inside a label's round bracket (one a colon follows) ends no clause: the bracket is
part of the label ("Expected (ISO 7029 P50, M60): 6 / 7 / 12 / 28 dB HL"), so the label reaches
the label rule whole (lexicon.labelled_otherwise), not cut at the comma into a label of
threshold words alone ("air conduction): 10 / 10 ..."), which read the label's values as this
patient's (statements.clauses). An aside elsewhere is read clause by clause as before. Issue
#26, validation batch 93 (XT49) as tuning data; the wording here is new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import clauses

from .conftest import build

CASE = build(50)  # both ears flat 50 dB HL

OTHER_LABELS = [
    "Anticipated (Davis tables, air conduction): 10 / 10 / 20 / 35 dB HL at 0.5/1/2/4 kHz.",
    "Simulated (teaching file, thresholds): 60 dB HL at 2 kHz.",
]


@pytest.mark.parametrize("text", OTHER_LABELS)
def test_a_labels_bracket_is_one_clause_with_it(text):
    assert len(clauses(text)) == 1


@pytest.mark.parametrize("text", OTHER_LABELS)
def test_values_under_a_label_of_something_else_are_not_read(text):
    fc = check_reply(text, CASE)
    assert [f for f in fc.findings if f.kind.value == "threshold"] == []
    assert fc.critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Right (masked, repeated): 40 dB HL at 2 kHz.",
        "Thresholds (air, unmasked): 40 dB HL at 2 kHz in both ears.",
    ],
)
def test_a_label_of_this_test_with_a_bracket_is_still_read(text):
    fc = check_reply(text, CASE)
    assert [f.claimed for f in fc.findings if f.kind.value == "threshold"]


def test_only_a_labels_bracket_holds_its_commas():
    # an aside elsewhere is read clause by clause, as before
    assert len(clauses("a mild loss (flat, symmetric), moderate at 4 kHz")) == 3
    assert len(clauses("Predicted (median, women of 60): 10 dB HL, right 40 dB HL")) == 2
    # a bracket that names one ear says something of that ear: read clause by clause
    assert clauses("Uneven loss (right poorer, by some 15 dB): moderate")[0] == (
        "Uneven loss (right poorer"
    )
