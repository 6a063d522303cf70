"""A line labelled with a clinician's report of the result ("GP report:", "ENT summary:",
"Dr X's audiology report:") is the document's statement of the result when the writer cites
it as its evidence: neither rejecting it nor setting a reading of its own against it below
(validation batch 76: an underwriter's note gives the GP's report as its only account of
the audiogram). A letter asking, a question, an earlier test's report, and a report the
writer answers with its own test ("Our test: ...") stay someone else's words."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    "text",
    [
        "Dr Mensah's audiology report: left ear 4FA 45 dB HL, moderate; right normal.\n"
        "Premium: standard.",
        "ENT summary: left moderate loss, right within normal limits.\nClaim admitted.",
    ],
)
def test_a_cited_report_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "GP report: right moderate loss.\nOur test: left moderate, right normal.",
        "ENT summary: right moderate loss - incorrect, the loss is on the left.",
        "GP letter: right moderate loss, please assess.",
        "Previous report: right moderate loss.",
    ],
)
def test_a_report_answered_or_not_of_this_test_is_set_aside(text):
    assert without_unclaimed(text) != text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Dr Mensah's audiology report: right ear 4FA 45 dB HL, moderate; left normal.\n"
         "Premium: standard.", ["laterality_confusion"]),
        ("ENT summary: right moderate loss, left within normal limits.\nClaim admitted.",
         ["laterality_confusion"]),
        ("ENT summary: left moderate loss, right within normal limits.\nClaim admitted.", []),
        ("GP report: right moderate loss.\nOur test: left moderate, right normal.", []),
    ],
)  # fmt: skip
def test_the_cited_report_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
