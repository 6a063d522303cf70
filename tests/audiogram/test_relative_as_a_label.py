"""A relative named as the label of a note's entry ("Cousin: bilateral mid-frequency loss",
"Sister (31): same shape, milder") introduces that relative's hearing: family history, not
this patient's audiogram (issue #26, validation batch 84, as tuning data;
discourse._LABELLED_KIN in RELATIVE_HEARING). Not a parent's or a spouse's label, which may
open a lay speaker's turn (read as such) or a maternity note's entry about the patient.
Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import _without_relatives_hearing

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right moderate conductive loss, left normal


@pytest.mark.parametrize(
    "reply",
    [
        "FH: Brother: bilateral severe sensorineural loss, aided. Right moderate conductive "
        "loss; left normal.",
        "Right moderate conductive loss, left normal.\nUncle (70): left dead ear after mumps.",
        "Right ear moderate conductive; left normal. Grandmother: profound both sides.",
        "Twin sister: mixed loss on the left (patient report). Right moderate conductive.",
    ],
)
def test_a_labelled_relatives_hearing_is_not_judged(reply):
    assert check_reply(reply, CASE).critical_errors == []


def test_the_relatives_clause_only_is_blanked():
    text = "Cousin: left severe loss. Right 45 dB HL at 250 Hz."
    out = _without_relatives_hearing(text)
    assert len(out) == len(text)
    assert "severe" not in out and "Right 45 dB HL at 250 Hz." in out


@pytest.mark.parametrize(
    "text",
    [
        "Mother: BP 118/76; her audiometry shows a left mild loss.",  # may be the patient
        "Wife: he turns the TV up.",  # a speaker's label: read as a lay turn elsewhere
        "Brothers in arms: left severe loss.",  # no relative's label
    ],
)
def test_a_parents_or_spouses_label_is_not_this_rule(text):
    assert _without_relatives_hearing(text) == text


def test_the_patients_own_claims_after_the_label_are_judged():
    reply = "Sister: normal hearing. Left moderate conductive loss."
    assert check_reply(reply, CASE).critical_errors


def test_reading_labels_stays_linear():
    line = "Cousin: left severe loss. Right 45 dB HL.\n"
    small, big = line * 300, line * 1200
    assert_linear(
        cpu_cost(lambda: _without_relatives_hearing(small)),
        cpu_cost(lambda: _without_relatives_hearing(big)),
    )
