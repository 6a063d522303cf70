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


# --- "R/ " and "L/ " open an ear's line in a handwritten note (lexicon._TAGGED) -----------

SLASH_TAGS = [
    ("L/ CHL mild", [("degree", ("left",), "mild"), ("type", ("left",), "conductive")]),
    ("R/ WNL", [("degree", ("right",), "normal"), ("no_loss", ("right",), "normal")]),
    ("L/ gaps 30\n   CHL mild",
     [("degree", ("left",), "mild"), ("type", ("left",), "conductive")]),
    # near misses: "R/L" (no space after the slash) is both ears; an ear letter inside a
    # word ("HL/ ") is no tag
    ("R/L mild SNHL",
     [("degree", ("right", "left"), "mild"), ("type", ("right", "left"), "sensorineural")]),
    ("mild HL/ SNHL", [("degree", (), "mild"), ("type", (), "sensorineural")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), SLASH_TAGS)
def test_slash_after_an_ear_letter_tags_the_line(text, expected):
    assert sorted(_claims(text)) == sorted(expected)
