"""A correction says only its new value: the old side of a change ("revised from X to Y",
"amended X -> Y", an "old"/"previous value" field, a coded field's "X => Y" in a change
list) and the value an entry was first keyed as, which a data query questions, are not
findings (issue #26, validation batch 82). The records here are our own, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.voice import superseded_values_dropped

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right 4FA 37.5 moderate conductive over masked bone; left 10

CORRECT_ONCE_RESOLVED = {
    "revised_from_to": (
        "Audit trail, participant 12: DEGREE_RIGHT revised from 'profound' to 'moderate' "
        "by the reviewing audiologist. Right ear conductive. Left ear normal hearing."
    ),
    "keyed_value_queried": (
        'Data check 4: the right ear type was entered as "sensorineural", yet the masked '
        "bone line sits at 5-10 dB HL. Reply from clinic: conductive, amended.\n"
        "Right: moderate conductive. Left: normal."
    ),
    "previous_value_field": (
        '{"field": "grade_right", "previous_value": "severe", "current_value": "moderate"}\n'
        "Right ear conductive hearing loss; left ear within normal limits."
    ),
    "coded_change_list": (
        "Amendments applied:\n  GRADE_LEFT moderate => normal ; GRADE_RIGHT normal => moderate"
        "\n  TYPE_RIGHT sensorineural → conductive\nLeft ear normal, right conductive."
    ),
    "threshold_altered_arrow": (
        "Right 500 Hz air threshold altered 85 -> 45 after checking the paper copy. "
        "Right moderate conductive loss; left hearing normal."
    ),
}


@pytest.mark.parametrize("name", sorted(CORRECT_ONCE_RESOLVED))
def test_resolved_record_leaves_no_error(name):
    assert check_reply(CORRECT_ONCE_RESOLVED[name], CASE).critical_errors == []


WRONG_NEW_VALUE = {
    # the correction itself makes the error: its new value is said
    "revised_to_wrong_grade": (
        "RIGHT_GRADE amended from 'moderate' to 'profound'. Right conductive; left normal.",
        "severity_misclassification",
    ),
    "coded_change_to_wrong_type": (
        "Change log:\n  TYPE_RIGHT conductive -> mixed\nRight moderate loss. Left normal.",
        "type_misclassification",
    ),
}


@pytest.mark.parametrize("name", sorted(WRONG_NEW_VALUE))
def test_new_value_of_a_correction_is_judged(name):
    text, error = WRONG_NEW_VALUE[name]
    assert error in check_reply(text, CASE).critical_errors


def test_reading_keeps_the_new_value_only():
    text = superseded_values_dropped(
        "Right type updated from \u201cmixed\u201d to \u201cconductive\u201d; left grade "
        "had been keyed as 'mild', source says normal."
    )
    assert "mixed" not in text and "mild" not in text
    values = {c.value for c in read_claims(text)}
    assert "conductive" in values and "mixed" not in values and "mild" not in values


def test_answered_value_and_plain_arrows_stay():
    for text in (
        "Value entered: left. Right 45 @250 Hz -> 30 @4 kHz, sloping.",
        "Step 35 -> 15 between 6 and 8 kHz; thresholds recorded at 45 dB HL.",
    ):
        assert superseded_values_dropped(text) == text


def test_superseded_values_dropped_is_linear():
    text = "AC_R_500 50 -> 5 | changed from 'severe' to 'mild'; entered as 90. " * 60
    small = cpu_cost(lambda: superseded_values_dropped(text))
    big = cpu_cost(lambda: superseded_values_dropped(text * 4))
    assert_linear(small, big)
