"""A note that cites this test's clinical account (the report, the audiology letter) gives
its verdict on it in the account's own sentence ("..., which is wrong") or at the opening of
the next ("Disagree.", "This is not correct."). A negation further on is about the next
thing the note goes on to ("the left 1 kHz was not tested", "not for surgery", "he misses the
call bell"), so it leaves the account standing as the note's claim."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

MILD = build(25)  # both ears flat 25 dB HL: mild
PROFOUND = build(90)

STANDING = [
    "Audiology letter: 'profound loss in both ears'. Speech therapy is not needed yet.",
    "Right 90 dB HL, which the report calls a profound loss. Bone conduction was not tested.",
    'Clinic letter: "profound loss in both ears". Driving: he is not a Group 2 driver.',
    "The audiology letter records 'a profound loss, both ears'. He misses the doorbell.",
]


@pytest.mark.parametrize("text", STANDING)
def test_a_later_negation_leaves_the_account_standing(text):
    assert without_unclaimed(text) == text


def test_the_standing_account_is_judged():
    reply = STANDING[0]
    assert check_reply(reply, MILD).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, PROFOUND).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Audiology letter: 'profound loss in both ears', which is wrong.",
        "Audiology letter: 'profound loss in both ears'. Disagree: it is mild.",
        "The report said 'profound loss in both ears'. This is not correct.",
        "Not correct - the report's 'profound loss in both ears'.",
    ],
)
def test_a_verdict_in_its_sentence_or_opening_the_next_rejects_it(text):
    assert without_unclaimed(text) != text
