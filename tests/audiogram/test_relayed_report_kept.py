"""A report of this test relayed in another clinic's note stays the document's statement:
- a cause denied after it ("This is not related to her MS", "it is not thought to be due to
  the drug") places the finding among the patient's problems (problem-oriented records, Weed
  1968), no rejection of the words cited;
- a note's reduced passive ("Audiogram reported as '...'", "was" left out) relays the record
  as "the audiogram was reported as '...'" does.
(issue #26, validation batch 147 used as tuning data). A rejection after the words ("This is
not correct") and a person's report ("the patient reported '...'") are still not kept.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

MILD_SENSORINEURAL = build(
    {250: 15, 500: 15, 1000: 20, 2000: 30, 4000: 50, 8000: 55},
    right_bone={500: 15, 1000: 20, 2000: 30, 4000: 45},
    left_bone={500: 15, 1000: 20, 2000: 30, 4000: 45},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Diabetes clinic. The audiology letter gives 'moderate conductive loss in both ears'. "
        "This is not related to her diabetes.",
        "Rheumatology review. Her hearing report reads 'bilateral conductive loss'. It is not "
        "thought to be due to the methotrexate.",
        "Neuropathy clinic. Audiogram reported as 'severe sensorineural loss in both ears'. "
        "Referred for hearing aids.",
        "Cardiology. Hearing test recorded as 'profound loss both ears'. Continue bisoprolol.",
    ],
)
def test_the_relayed_report_is_judged(text):
    assert check_reply(text, MILD_SENSORINEURAL).critical_errors != []


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        (
            "The audiology letter gives 'moderate conductive loss'. This is not correct: it is "
            "a mild sensorineural loss.",
            ["moderate conductive"],
        ),
        ("Hearing: the patient reported 'very severe loss' at the desk.", ["very severe"]),
    ],
)
def test_a_rejected_or_personal_report_stays_blanked(text, gone):
    assert_blanked(text, gone, [])
