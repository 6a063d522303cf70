"""Reading classes of short clinic notes (issue #26, batch 32's family: handwritten notes as a
scanner typed them), tested as text -> claims. The sentences are written here, not the
batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import read_statements


def _claims(text):
    return [(c.kind, c.ears, c.value) for clause in read_statements(text) for c in clause]


# --- a finding written on its label's line ("Impression: Lt mild CHL") is read ----------

LABEL_LINES = [
    ("Impression: Lt CHL", [("type", ("left",), "conductive")]),
    ("Diagnosis: Rt mild SNHL",
     [("degree", ("right",), "mild"), ("type", ("right",), "sensorineural")]),
    ("Results: left moderate loss", [("degree", ("left",), "moderate")]),
    # near misses: a label alone, and a plan's or a question's line, are no findings
    ("Impression:", []),
    ("Plan: Lt CHL review", []),
    ("Q2: Lt CHL", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), LABEL_LINES)
def test_finding_on_its_label_line_is_read(text, expected):
    assert sorted(_claims(text)) == sorted(expected)
