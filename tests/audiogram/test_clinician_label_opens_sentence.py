"""A clinician's label ("GP:", "ENT:", "Audiologist:") that opens a sentence heads the
quoted words after it as it does where it opens a line: the cited finding of this test
that the document relays, not a source's view the writer sets aside (validation batch 76:
an underwriting note's numbered condition, then the doctor's quoted result on the same
line). A lay speaker's label there (a mother's, a patient's) still marks someone else's
words."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build

LEFT_MODERATE = build(10, 45)  # right normal, left 45 dB HL flat: moderate


@pytest.mark.parametrize(
    "text",
    [
        'Item 2 - hearing. GP: "left moderate loss, right normal."',
        'Item 2 - hearing. Dr Okafor: "left moderate loss, right normal."',
        'Reason for claim: deafness. Audiologist: "Left ear 4FA 45 dB HL; right ear normal."',
    ],
)
def test_a_clinician_label_after_a_sentence_keeps_the_quote(text):
    assert without_unclaimed(text) == text


def test_a_lay_label_after_a_sentence_still_sets_the_quote_aside():
    text = 'History taken. Mother: "her right ear is the bad one, quite severe."'
    assert without_unclaimed(text) != text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ('Item 2 - hearing. GP: "right moderate loss, left normal."',
         ["laterality_confusion"]),
        ('Item 2 - hearing. Dr Okafor: "right moderate loss, left normal."',
         ["laterality_confusion"]),
        ('Reason for claim: deafness. Audiologist: "Right ear 4FA 45 dB HL; left ear normal."',
         ["laterality_confusion"]),
        ('Item 2 - hearing. GP: "left moderate loss, right normal."', []),
    ],
)  # fmt: skip
def test_the_relayed_result_is_judged(reply, errors):
    assert check_reply(reply, LEFT_MODERATE).critical_errors == errors
