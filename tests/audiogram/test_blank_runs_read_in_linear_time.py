"""A long run of spaces (text blanked as not the writer's claim keeps its length as spaces)
is split into clauses in linear time: a clause break is tried from the run's first space
only (lexicon.SEGMENT_SPLIT), and the breaks found are the ones found before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import clauses

from .conftest import assert_linear, cpu_cost
from .validation import cases


@pytest.mark.parametrize("text, expected", [
    ("moderate on the right   and mild on the left",
     ["moderate on the right", "mild on the left"]),
    ("right 45 dB HL,    left 20 dB HL", ["right 45 dB HL", "left 20 dB HL"]),
    ("mild on the right \t  compared with the left",
     ["mild on the right", "compared with the left"]),
    ("moderate (right) \n than the left", ["moderate (right)", "than the left"]),
])  # fmt: skip
def test_a_run_of_spaces_breaks_a_clause_where_one_space_does(text, expected):
    assert [part.strip() for part in clauses(text)] == expected


def test_a_long_run_of_spaces_is_split_in_linear_time():
    def cost(n: int) -> float:
        text = "mild loss" + " " * n + "on the right"
        return cpu_cost(lambda: clauses(text))

    assert_linear(cost(2_000), cost(8_000))


def test_a_long_reply_blanked_as_another_drug_dose_reads_in_linear_time():
    """A premedication order repeated without full stops is blanked as a dose, not a
    result; 48 KB of it took 65 s before the fix (12 KB: 4.5 s)."""
    case = cases()["V59"]
    line = "Premed: midazolam 0,5 mg/kg PO if needed, "

    def cost(n: int) -> float:
        return cpu_cost(lambda: check_reply(line * n, case))

    assert_linear(cost(150), cost(600), most=0.1)
