"""A clinician's edit mark in a generated draft says only its new words: the old words it
replaces are not said, and where the draft goes on with the new words the mark adds
nothing (issue #26, validation batch 84). The drafts here are our own, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.voice import changes_applied

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right 4FA 37.5 moderate conductive over masked bone; left 10

CORRECT_ONCE_EDITED = {
    "arrow_then_new_words": (
        "Draft summary\nImpression: right-sided [amended by Dr K: 'mixed' => 'conductive'] "
        "conductive loss, moderate. Left within normal limits."
    ),
    "mark_alone_says_the_new": (
        "Impression - right ear moderate [correction: \u201csevere sensorineural\u201d -> "
        "\u201cconductive\u201d] hearing loss; left ear normal at 10 dB HL."
    ),
    "deleted_inserted_words": (
        'Right: moderate [audiologist edits - "mixed" removed, "conductive" added] '
        "conductive loss.\nLeft: normal."
    ),
    "ear_edited": (
        'Summary: [edit (consultant): "Left" -> "Right"] Right conductive hearing loss, '
        "moderate; the other ear hears normally."
    ),
}


@pytest.mark.parametrize("name", sorted(CORRECT_ONCE_EDITED))
def test_edited_draft_leaves_no_error(name):
    assert check_reply(CORRECT_ONCE_EDITED[name], CASE).critical_errors == []


WRONG_AFTER_EDIT = {
    # the edit itself makes the error: its new words are said
    "edited_to_wrong_type": (
        'Right ear moderate [edited by reviewer: "conductive" -> "sensorineural"] '
        "sensorineural loss. Left normal.",
        "type_misclassification",
    ),
    "edited_to_wrong_degree_alone": (
        "Right conductive loss, [clinician change: 'moderate' \u2192 'profound'].\nLeft: normal.",
        "severity_misclassification",
    ),
}


@pytest.mark.parametrize("name", sorted(WRONG_AFTER_EDIT))
def test_new_words_of_an_edit_are_judged(name):
    text, error = WRONG_AFTER_EDIT[name]
    assert error in check_reply(text, CASE).critical_errors


def test_reading_keeps_only_the_new_words():
    text = changes_applied(
        "Right [corrected: 'mild mixed' -> 'moderate conductive'] moderate conductive loss."
    )
    assert "mixed" not in text and "mild" not in text
    values = {c.value for c in read_claims(text)}
    assert "moderate" in values and "conductive" in values
    alone = changes_applied("Left ear [amendment: \u201cprofound\u201d \u2192 \u201cnormal\u201d].")
    assert alone == "Left ear normal."


def test_brackets_without_an_edit_are_unchanged():
    text = 'Right [see "moderate" -> "severe" chart] 45 dB HL [edited] at 500 Hz.'
    assert changes_applied(text) == text


def test_edit_marks_are_linear():
    text = "R [edited: '" + "x" * 150 + "' -> 'mild'] mild [edit " * 60
    small = cpu_cost(lambda: changes_applied(text))
    big = cpu_cost(lambda: changes_applied(text * 4))
    assert_linear(small, big)
