"""A list of patients can name this patient's entry by a mark on the entry's own line (an arrow
back at it: "<- index case", "<- this patient") or by a key with an equals sign ("this
patient = #5"), and can open its entries with the patient's age in years ("#4  66 y"): the other
entries are other patients' results (issue #26 batch 105, an audit's anonymised list; used as
tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import named_entry_only

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

ARROW_LIST = (
    "Grommet follow-up list, spring clinic\n"
    "#7  44 y  left 4FA 62.5 severe mixed\n"
    "#8  29 y  right air 30-45, bone 5-10: {verdict}   <- this patient\n"
    "#9  81 y  bilateral profound, 4FA 95 / 100\n"
    "Action: re-book #7.\n"
)
KEYED_LIST = (
    "Case mix (our patient = #12)\n"
    "#11  70 yrs  R 4FA 52.5 moderate, L 4FA 71.25 severe\n"
    "#12  35 yrs  right air 30-45, masked bone 5-10; {verdict}\n"
    "#13  59 yrs  left dead ear, profound\n"
)

RIGHT = "right moderate conductive loss"
WRONG_SIDE = "left moderate conductive loss"


@pytest.mark.parametrize("document", [ARROW_LIST, KEYED_LIST])
def test_other_entries_are_blanked(document):
    text = document.format(verdict=RIGHT)
    kept = named_entry_only(text)
    assert len(kept) == len(text)
    assert "profound" not in kept and "severe" not in kept
    assert "bone 5-10" in kept


@pytest.mark.parametrize("document", [ARROW_LIST, KEYED_LIST])
def test_other_patients_results_are_not_judged(document):
    assert check_reply(document.format(verdict=RIGHT), CASE).critical_errors == []


@pytest.mark.parametrize("document", [ARROW_LIST, KEYED_LIST])
def test_marked_entry_is_still_judged(document):
    assert check_reply(document.format(verdict=WRONG_SIDE), CASE).critical_errors


def test_an_arrow_to_nothing_of_a_patient_names_no_entry():
    text = ARROW_LIST.format(verdict=RIGHT).replace("<- this patient", "<- recheck")
    assert named_entry_only(text) == text
