"""A record whose writer did not do the test (an equipment, benefit or housing assessment)
states the result through the clinical account it cites: the report, its summary, the
referral or the assessor's advice, quoted or reported. Unrejected, and with no reading of the
same kind (grade, type, tympanogram) in the writer's own words, the cited words are the
record's claims (validation batches 113-114: a grade given only as "the summary calls it
..."). Someone's own letter, an earlier test's report, a rule's wording, a rejected account
and one the writer answers with their own grade stay someone else's words. What a third
person does not use ("you do not use a hearing aid") is no advice against the words, and
"we accept the findings" takes them over."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

PROFOUND = build(90)  # both ears flat 90 dB HL: profound
MILD = build(25)  # both ears flat 25 dB HL: mild

KEPT = [
    'Loop fitted in the lounge. The clinic report sums it up as "mild loss in both ears".',
    "Benefit review. Audiology letter, quoted: 'a mild bilateral hearing loss'. Award kept.",
    "Thresholds 85-95 dB HL. The discharge summary describes this as "
    '"a mild hearing loss in both ears".',
]


@pytest.mark.parametrize("text", KEPT)
def test_a_cited_account_of_the_test_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize("reply", KEPT)
def test_the_cited_grade_is_judged(reply):
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, MILD).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the writer's own grade answers the cited one
        'The referral letter said "mild loss in both ears". Verified: profound, both ears.',
        # someone's own letter, an earlier report, a rule
        'Her son\'s letter calls it "mild loss, both ears". Flashing doorbell fitted.',
        'The 2019 report said "mild loss in both ears". Pager supplied.',
        'Our referral criteria read "mild loss in both ears or worse". Pager supplied.',
        # rejected
        'The summary said "mild loss in both ears", which is wrong.',
    ],
)
def test_an_account_answered_or_not_of_this_test_is_set_aside(text):
    assert without_unclaimed(text) != text


@pytest.mark.parametrize(
    "reply",
    [
        "Review of the claim. The audiologist wrote that it was a mild loss in both ears.\n"
        "You do not use a hearing aid and heard us at normal voice.",
        "Tribunal bundle. The ENT registrar wrote that it was a flat mild loss in both ears. "
        "We accept that reading.",
    ],
)
def test_a_third_persons_habit_rejects_nothing_and_acceptance_takes_over(reply):
    assert check_reply(reply, PROFOUND).critical_errors == ["severity_misclassification"]
    assert check_reply(reply, MILD).critical_errors == []
