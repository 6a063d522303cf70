"""Reading classes of short clinic notes (issue #26, batch 32's family: handwritten notes as a
scanner typed them), tested as text -> claims. The sentences are written here, not the
batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.notation import results_by_ear_written_out
from clinbench.audiogram.statements import read_statements

from .conftest import assert_linear, build, cpu_cost


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
    ("R ~ severe HL", [("degree", ("right",), "severe")]),  # "~": about
    # near misses: "R/L" (no space after the slash) is both ears; an ear letter inside a
    # word ("HL/ ") is no tag
    ("R/L mild SNHL",
     [("degree", ("right", "left"), "mild"), ("type", ("right", "left"), "sensorineural")]),
    ("mild HL/ SNHL", [("degree", (), "mild"), ("type", (), "sensorineural")]),
    ("HR ~ severe HL", [("degree", (), "severe")]),  # a letter inside a word is no ear
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), SLASH_TAGS)
def test_slash_after_an_ear_letter_tags_the_line(text, expected):
    assert sorted(_claims(text)) == sorted(expected)


# --- a test's name, then each ear's value on one line (notation.test_values_by_ear_...) ---

EAR_VALUES = [
    ("WRS R 84% L 48%", "R: WRS 84%; L: WRS 48%"),
    ("tymp: Rt A   |   Lt B", "Rt: tymp A; Lt: tymp B"),
    ("PTA  R 25 (mild)    L 45 (mod)", "R: PTA 25 (mild); L: PTA 45 (mod)"),
    # near misses: one ear twice, a bare average pair (read as an ear pair elsewhere), no
    # test named
    ("WRS R 84% R 88%", "WRS R 84% R 88%"),
    ("PTA R 40, L 45", "PTA R 40, L 45"),
    ("R 84% L 48%", "R 84% L 48%"),
]


@pytest.mark.parametrize(("text", "expected"), EAR_VALUES)
def test_a_tests_ear_values_are_written_per_ear(text, expected):
    assert results_by_ear_written_out(text) == expected


SPEECH_RIGHT_84_LEFT_80 = build(
    30,
    speech={"right": {"srt_db": 30, "wrs_percent": 84}, "left": {"srt_db": 30, "wrs_percent": 80}},
)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("WRS R 84% L 80%", []),
        ("WRS R 84% L 48%", ["fabricated_result"]),
        ("WRS R 80% L 84%", []),  # within 10 points each way: no error
    ],
)
def test_each_ears_score_is_judged_against_that_ear(reply, errors):
    assert check_reply(reply, SPEECH_RIGHT_84_LEFT_80).critical_errors == errors


def test_ear_values_are_written_in_linear_time():
    def cost(n):
        text = "WRS R 84% L 48%, PTA R 25 (mild) L 45 (mod); tymp: Rt A | " * n
        return len(text), cpu_cost(lambda: results_by_ear_written_out(text))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)


# --- a conduction named after a level list, before values of its own, labels only those ---

LIST_THEN_CONDUCTION = [
    ("Rt: 1k 45, 2k 50, 3k 45, BC 40-45", "air"),
    ("Rt: 1k 45, 2k 50, 3k 45, bone (m) 40", "air"),
    # near misses: a conduction before the list, or after it with no values of its own
    ("Rt BC: 1k 45, 2k 50, 3k 45", "bone"),
    ("Rt: 1k 45, 2k 50, 3k 45 all BC", "bone"),
]


@pytest.mark.parametrize(("text", "conduction"), LIST_THEN_CONDUCTION)
def test_conduction_after_a_level_list_labels_its_own_values(text, conduction):
    listed = [c for c in read_claims(text) if c.kind == "threshold"]
    assert [c.frequencies for c in listed] == [(1000,), (2000,), (3000,)]
    assert {c.conduction for c in listed} == {conduction}
