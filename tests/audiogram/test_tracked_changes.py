"""A report under review says what stands once the changes shown as made are applied:
deleted or struck words, a rejected suggestion, the original side of a comparison and the
entries of a change list are not said; a reviewer's comment is a remark, not the report
(issue #26, validation batch 74). The documents here are our own, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.voice import changes_applied

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right 4FA 37.5 moderate conductive over masked bone; left 10

# Each document is right about the audiogram once its changes are applied; its deleted,
# rejected or original words (or its reviewer's remarks) are wrong.
CORRECT_ONCE_APPLIED = {
    "word_simple_markup": (
        "Clinic letter (tracked)\nRight: a [deleted: sensorineural][inserted: conductive] "
        "loss, 4FA 37.5 dB HL, [deleted: profound][inserted: moderate].\n"
        "Left: normal, 10 dB HL."
    ),
    "markdown_strike": (
        "Right ear moderate ~~mixed~~ ++conductive++ hearing loss.\n"
        "Left ear normal~~, severe dip at 4 kHz~~."
    ),
    "critic_markup": (
        "R: {~~profound~>moderate~~} conductive loss (4FA 37.5).{>>AB: profound? surely "
        "not, 37.5 is moderate<<}\nL: {--mild sensorineural loss--}{++within normal "
        "limits++}, 10 dB HL throughout."
    ),
    "html_del_ins": (
        "<p>Right: moderate <del>sensorineural</del> <ins>conductive</ins> loss.</p>\n"
        "<p>Left: normal hearing<del>, 60 dB HL at 2 kHz</del>.</p>\n"
        "<!-- checker: left 2k is 10, the 60 belongs nowhere -->"
    ),
    "comparison": (
        "Version comparison\n  Original: Left ear: moderate sensorineural hearing loss.\n"
        "  Revised:  Right ear: moderate conductive hearing loss; left ear normal."
    ),
    "change_list_and_comments": (
        "Right ear: moderate conductive loss, 4FA 37.5 dB HL. Left ear: normal.\n\n"
        'Edits\n1. Para 1   Deleted: "severe mixed"   Inserted: "moderate conductive"\n'
        "Comment [QT2]: why not a severe mixed loss on the left?\n"
        "[PW3] I'd call the left moderately severe."
    ),
    "rejected_suggestion": (
        'Right: conductive, moderate (4FA 37.5) [suggestion by K. Oyelaran: "profound" - '
        "rejected by the author].\nLeft: normal.\n"
        "Suggested edit (rejected): left ear severe mixed loss."
    ),
}


@pytest.mark.parametrize("name", sorted(CORRECT_ONCE_APPLIED))
def test_changes_applied_leave_no_error(name):
    text = CORRECT_ONCE_APPLIED[name]
    assert check_reply(text, CASE).critical_errors == []


WRONG_IN_WHAT_STANDS = {
    # the change itself makes the error: an accepted insertion is said
    "inserted_degree": (
        "Right: conductive loss, [deleted: moderate][inserted: profound].\nLeft: normal.",
        "severity_misclassification",
    ),
    "revised_side": (
        "Original: Right ear: moderate conductive loss.\n"
        "Revised: Left ear: moderate conductive loss; right ear normal.",
        "laterality_confusion",
    ),
    "critic_substitution": (
        "Right ear: moderate {~~conductive~>sensorineural~~} hearing loss.\nLeft ear: normal.",
        "type_misclassification",
    ),
}


@pytest.mark.parametrize("name", sorted(WRONG_IN_WHAT_STANDS))
def test_what_stands_is_judged(name):
    text, error = WRONG_IN_WHAT_STANDS[name]
    assert error in check_reply(text, CASE).critical_errors


def test_reading_keeps_the_inserted_and_drops_the_deleted():
    text = changes_applied(
        "Right: [deleted: severe][inserted: moderate] loss; left ~~65 dB HL~~ ++normal++."
    )
    assert "severe" not in text and "65" not in text
    kinds = {(c.kind, c.value) for c in read_claims(text)}
    assert ("degree", "moderate") in kinds
    assert not any(c.value == "severe" for c in read_claims(text))


def test_comment_lines_and_original_side_are_not_read():
    text = changes_applied(
        "Right: moderate conductive.\nComment [AB1]: left is severe?\n"
        "Original: left severe mixed loss\nRevised: left normal"
    )
    assert text.splitlines() == ["Right: moderate conductive.", "left normal"]


def test_text_with_no_review_is_unchanged():
    text = "Right 45 dB HL at 500 Hz; left 10. C+ grade. ~40 dB. <b>moderate</b>"
    assert changes_applied(text) == text


def test_changes_applied_is_linear():
    text = "R: {--sev" + "ere " * 40 + "--}{++mild++} [deleted: x] ~~y~~ <del>z " * 50
    small = cpu_cost(lambda: changes_applied(text))
    big = cpu_cost(lambda: changes_applied(text * 4))
    assert_linear(small, big)
