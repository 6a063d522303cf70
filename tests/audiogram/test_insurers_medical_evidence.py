"""An insurer's medical evidence states the result through the reports it cites: the GP's
report (GPR) and the medical attendant's report (PMAR, MAR) are clinical accounts, so "The
MAR records 'bilateral moderate loss'" is the record's statement of this audiogram; in a
document headed as the GP's report, "the GP describes ..." is that report's own account; an
"ENT letter:" or "Audiology letter:" line is the specialist's report, as "ENT report:" is.
A GP's letter line stays a referral's words. A grade range of the writer's own
("severe-to-profound") agrees with a cited grade at either end of it, so it does not set the
cited grade aside (discourse.CITED_ACCOUNT, _author_of_the_document, _CLINICIAN_REPORT,
_range_words). Batch 137 ZL22, ZL26 and ZL46 as tuning data; phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

MODERATE = build(45)  # 45 dB HL flat, both ears: moderate


@pytest.mark.parametrize(
    "text",
    [
        "Underwriting file.\nThe MAR records 'bilateral moderate hearing loss'.",
        "PMAR received: the PMAR states a moderate loss in each ear.",
        "GPR - ears.\nThe GP describes both ears as a moderate loss.",
        "GP report, Q7.\nThe GP describes both ears as a moderate loss.",
        "ENT letter: 'moderate sensorineural loss, both ears'.",
        "Audiology letter: moderate loss in both ears.",
    ],
)
def test_the_cited_account_is_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Tele-interview.\nThe GP describes both ears as a moderate loss.",  # not the GP's report
        "GP letter: moderate loss, please assess.",
        "The previous MAR records 'bilateral moderate hearing loss'.",
        "On 12 Mar the GP said both ears had a moderate loss.",  # a month, not a report
    ],
)
def test_other_words_stay_someone_elses(text):
    assert without_unclaimed(text) != text


@pytest.mark.parametrize(
    "reply",
    [
        "Medical attendant's report.\nAudiogram 45 dB flat both ears.\n"
        "The MAR records 'bilateral profound hearing loss', 4FA 45 each side.",
        "GPR - hearing.\nRight 45 dB and left 45 dB at every frequency.\n"
        "The GP describes the right ear as a profound loss.",
    ],
)
def test_a_wrong_grade_passed_on_is_flagged(reply):
    assert "severity_misclassification" in check_reply(reply, MODERATE).critical_errors


def test_a_grade_range_of_the_writers_own_agrees_with_its_end():
    profound = build(90, right_bone={500: 60, 1000: 60, 2000: 60},
                     left_bone={500: 60, 1000: 60, 2000: 60}, bone_masked=True)  # fmt: skip
    reply = ("Severe-to-profound hearing loss in both ears.\n"
             "ENT letter: 'bilateral profound sensorineural hearing loss'.")  # fmt: skip
    assert "type_misclassification" in check_reply(reply, profound).critical_errors


def test_a_grade_of_the_writers_own_outside_the_range_still_answers_it():
    reply = "Moderate hearing loss in both ears.\nThe MAR records 'bilateral profound loss'."
    assert "profound" not in without_unclaimed(reply)
